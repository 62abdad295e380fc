"""Bots at the tables: which seats they play, and the task that plays for them.

One task per table drives its bots while a bot seat is to act. A bot chooses on a
clone of the state in the server-wide CPU pool (``meeple.server.pool``: worker
processes, a fair queue across tables and a per-table budget, so the event loop
keeps serving people while bots think), then its choice is played under the
table's lock, unless the table moved on meanwhile. A table a person plays at uses
the people's pool; a table of bots alone its own pool (``alone``, whose processes
run at nice 19), so bots alone never take a worker or CPU time from a person's.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass

from meeple.ai.base import Bot, make_bot
from meeple.engine import GameState, get_game
from meeple.server.pool import CpuPool
from meeple.server.tables import HUMAN, ApiError, Driver, Table

log = logging.getLogger("meeple.server")


BOT_SEED_BITS = 62


def bot_for(table: Table, seat: int, level: str) -> Bot:
    """A ``level`` bot for ``seat``. At a table a person plays (and whose seed is
    secret) it is seeded from a fresh secret, never from the table's seed or anything
    a seat is shown, so nobody can foresee the bot's choices (its moves are recorded:
    a replay needs no bot). Where nobody is kept from the chance (bots alone, or an
    analysis table whose seed every seat sees) it is seeded from the table's seed, so
    the same seed plays the same game again."""
    if table.analysis or not table.has_person:
        return make_bot(level, table.game, table.record.seed * 1009 + seat)
    return make_bot(level, table.game, secrets.randbits(BOT_SEED_BITS))


@dataclass(frozen=True)
class BotPools:
    """Where bots think: ``people``, the CPU pool of the tables a person plays at;
    ``alone``, that of tables of bots alone; ``delay``: seconds a bot waits before
    each move (tests and demonstrations)."""

    people: CpuPool
    alone: CpuPool
    delay: float = 0.0


class Bots:
    """Drives every table's bots through ``driver`` (``meeple.server.moves.Moves``):
    its ``apply_driven`` plays a move (the caller holds the lock). In a cluster,
    ``driver.drives`` says whether this process holds the table's lease (only then do
    its bots play here), and ``driver.catch_up`` brings a table behind the stored one
    up to date (the caller holds the lock) before a bot decides."""

    def __init__(self, pools: BotPools, driver: Driver) -> None:
        self.pools = pools
        self.driver = driver

    @staticmethod
    def make_bots(table: Table) -> None:
        """Give every seat not played by a human its bot."""
        table.bots = {
            seat: bot_for(table, seat, info["kind"])
            for seat, info in enumerate(table.seats)
            if info["kind"] != HUMAN
        }

    def ensure_bots(self, table: Table) -> None:
        """Start the table's bot task if a bot is to act and none is running."""
        if (
            table.bot_task is None
            and self._bot_seat(table) is not None
            and self.driver.drives(table)
        ):
            table.bot_task = asyncio.get_running_loop().create_task(self._drive_bots(table))

    @staticmethod
    def _bot_seat(table: Table) -> int | None:
        if table.over or table.unagreed():  # (an analysis table waits for its seats)
            return None
        for seat in table.game.to_act(table.state):
            if seat in table.bots and table.seats[seat]["kind"] != HUMAN:
                return seat
        return None

    async def _drive_bots(self, table: Table) -> None:
        while True:
            async with table.lock:
                await self.driver.catch_up(table)
                seat = self._bot_seat(table)
                if seat is None or table.retired or not self.driver.drives(table):
                    table.bot_task = None
                    return
                bot = table.bots[seat]
                clone = table.state.clone()
            if self.pools.delay:
                await asyncio.sleep(self.pools.delay)
            try:
                pool = self.pools.people if table.has_person else self.pools.alone
                index, thought = await pool.run(
                    table.id, choose_in_worker, table.game.name, clone, bot, seat
                )
            except Exception:
                log.exception(
                    "table %s: bot of seat %d failed; playing its first option", table.id, seat
                )
                legal = table.game.legal_actions(clone, seat)
                if not legal:
                    continue
                index, thought = legal[0], bot
            async with table.lock:
                await self.driver.catch_up(table)
                if (
                    table.bots.get(seat) is not bot
                    or table.retired
                    or not self.driver.drives(table)
                ):
                    continue
                table.bots[seat] = thought  # the bot as it is after thinking (its RNG)
                if index not in table.game.legal_actions(table.state, seat):
                    continue  # the table moved on while the bot thought
                try:
                    await self.driver.apply_driven(table, seat, table.game.actions[index].text)
                except ApiError:
                    log.exception("table %s: bot move refused", table.id)
                    await asyncio.sleep(0.5)


def choose_in_worker(game_name: str, state: GameState, bot: Bot, seat: int) -> tuple[int, Bot]:
    """In a worker process: the bot's choice for ``seat``, and the bot after choosing."""
    return bot.choose(get_game(game_name), state, seat), bot
