"""Tables and their seats: loading, creating, joining and leaving.

A table is loaded on first use by replaying its stored record (in a worker thread:
long games take a moment), or created with its seats: a human seat gets a token
(only its hash is stored), a bot seat its bot. A free human seat can be claimed;
a seat's first use marks it claimed; a seat can be handed to a bot.

Every change here happens under the table's lock and is stored before the table
changes in memory; then ``after_change`` tells bots, clock and clients.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from meeple.ai.base import bot_names
from meeple.engine import BadConfig, GameConfig, GameRecord, MeepleError, get_game, replay
from meeple.engine.config import OptionValue
from meeple.server.bots import Bots, bot_for
from meeple.server.broadcast import Views
from meeple.server.clocks import Clocks
from meeple.server.store import Store, StoredTable
from meeple.server.tables import HUMAN, MAX_SEED, ApiError, RunInDb, Table, hash_token


class Seats:
    """Loads and creates the tables of ``tables`` (the hub's registry) and seats people.

    ``db`` runs a ``store`` call on the database thread; ``pool`` replays stored
    tables; ``after_change`` runs after every change, once it is stored and made."""

    def __init__(
        self,
        tables: dict[str, Table],
        *,
        store: Store,
        db: RunInDb,
        pool: ThreadPoolExecutor,
        bots: Bots,
        clocks: Clocks,
        views: Views,
        after_change: Callable[[Table], None],
    ) -> None:
        self.tables = tables
        self.loading: dict[str, asyncio.Lock] = {}
        self.store = store
        self.db = db
        self.pool = pool
        self.bots = bots
        self.clocks = clocks
        self.views = views
        self.after_change = after_change

    # ---- loading and creating -------------------------------------------------------

    async def get(self, table_id: str) -> Table:
        """The live table ``table_id``, loaded from storage on first use (ApiError 404)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self.loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            stored = await self.db(self.store.load_table, table_id)
            if stored is None:
                raise ApiError(404, f"no table {table_id!r}")
            table = await asyncio.get_running_loop().run_in_executor(
                self.pool, self._rebuild, stored
            )
            self.tables[table_id] = table
        self.loading.pop(table_id, None)
        self.after_change(table)
        return table

    def _rebuild(self, stored: StoredTable) -> Table:
        """Replay a stored table (in a worker thread: long games take a moment)."""
        game = get_game(stored.game)
        record = GameRecord(
            stored.game,
            stored.rules_version,
            GameConfig.from_json(stored.config),
            stored.seed,
            list(stored.moves),
        )
        state = replay(game, record)
        if game.is_over(state):
            record.result = game.result(state).to_json()
        table = Table(
            id=stored.id,
            game=game,
            record=record,
            state=state,
            seats=stored.seats,
            version=stored.version,
            created=stored.created,
            chat=stored.chat,
            deadline=stored.deadline,
            timer_key=stored.timer_key,
        )
        self._settle(table)
        return table

    def _settle(self, table: Table) -> None:
        """A table new in memory: its bots, and what each seat decides and sees now."""
        self.bots.make_bots(table)
        table.track_decisions(reset=True)
        self.views.track_seen(table, reset=True)

    async def create(
        self,
        game_name: str,
        players: int,
        seats: list[dict[str, Any]],
        options: dict[str, OptionValue],
        seed: int | None,
    ) -> tuple[Table, dict[int, str]]:
        """A new table, stored, with one seat per ``seats`` entry (``kind``: 'human' or a
        bot level; ``name``). Returns it and each human seat's token (ApiError 422)."""
        try:
            game = get_game(game_name)
            config = game.make_config(players, options)
        except BadConfig as exc:
            raise ApiError(422, str(exc)) from None
        if len(seats) != players:
            raise ApiError(422, f"give {players} seats, one per player, not {len(seats)}")
        stored_seats, tokens = _seat_list(seats, [HUMAN, *bot_names(game.name)])
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        try:
            state = game.new_game(config, seed)
        except MeepleError as exc:
            raise ApiError(422, str(exc)) from None
        now = time.time()
        table_id = secrets.token_hex(6)
        record = GameRecord(game.name, game.rules_version, config, seed, [])
        table = Table(
            id=table_id,
            game=game,
            record=record,
            state=state,
            seats=stored_seats,
            version=0,
            created=now,
            chat=[],
        )
        self.bots.make_bots(table)
        table.deadline, table.timer_key = self.clocks.timer_for(table, None, None)
        table.track_decisions(reset=True)
        self.views.track_seen(table, reset=True)
        await self.db(
            self.store.create_table,
            StoredTable(
                id=table_id,
                game=game.name,
                rules_version=game.rules_version,
                config=config.to_json(),
                seed=seed,
                seats=stored_seats,
                version=0,
                status="playing",
                created=now,
                updated=now,
                deadline=table.deadline,
                timer_key=table.timer_key,
            ),
        )
        self.tables[table_id] = table
        self.after_change(table)
        return table, tokens

    # ---- joining and leaving --------------------------------------------------------

    async def claim(self, table: Table, seat: int, name: str) -> str:
        """Take a free human seat: returns a fresh token for it (old links stop working)."""
        async with table.lock:
            table.check_seat(seat)
            info = table.seats[seat]
            if info["kind"] != HUMAN or info.get("claimed"):
                raise ApiError(409, f"seat {seat} is not free")
            token = secrets.token_urlsafe(18)
            seats = [dict(s) for s in table.seats]
            seats[seat].update(name=name, claimed=True, token_hash=hash_token(token))
            await self._store_seats(table, seats)
            return token

    async def arrived(self, table: Table, seat: int | None) -> None:
        """A seat's token was used: its seat is no longer offered as free in the lobby."""
        if seat is None or table.seats[seat].get("claimed"):
            return
        async with table.lock:
            seats = [dict(s) for s in table.seats]
            seats[seat]["claimed"] = True
            await self._store_seats(table, seats)

    async def hand_to_bot(self, table: Table, seat: int, by: int, level: str) -> None:
        """Seat ``by`` hands human seat ``seat`` (its own, or a disconnected one's) to a
        ``level`` bot, which plays on from the current state."""
        async with table.lock:
            table.check_seat(seat)
            if level not in bot_names(table.game.name):
                raise ApiError(422, f"no bot {level!r}; choose from {bot_names(table.game.name)}")
            if table.seats[seat]["kind"] != HUMAN:
                raise ApiError(409, f"seat {seat} is already played by a bot")
            if by != seat and table.connected(seat):
                raise ApiError(403, "that player is still connected; only they can leave")
            seats = [dict(s) for s in table.seats]
            seats[seat] = {"kind": level, "name": f"{level} bot", "claimed": True}
            await self._store_seats(table, seats, bot=(seat, level))

    async def _store_seats(
        self, table: Table, seats: list[dict[str, Any]], bot: tuple[int, str] | None = None
    ) -> None:
        """Store the new seats as the next version, then change the table (with the new
        ``bot`` (seat, level) if any). The caller holds the lock."""
        await self.db(self.store.set_seats, table.id, seats, table.version + 1)
        table.seats = seats
        table.version += 1
        table.cache.clear()
        if bot is not None:
            table.bots[bot[0]] = bot_for(table, bot[0], bot[1])
        self.after_change(table)


def _seat_list(
    specs: list[dict[str, Any]], allowed: list[str]
) -> tuple[list[dict[str, Any]], dict[int, str]]:
    """The stored seats for ``specs`` and each human seat's fresh token (ApiError 422)."""
    tokens: dict[int, str] = {}
    stored_seats: list[dict[str, Any]] = []
    for seat, spec in enumerate(specs):
        kind = spec["kind"]
        if kind not in allowed:
            raise ApiError(422, f"seat {seat}: unknown kind {kind!r}; choose from {allowed}")
        info: dict[str, Any] = {"kind": kind, "name": spec.get("name") or None}
        if kind == HUMAN:
            token = secrets.token_urlsafe(18)
            tokens[seat] = token
            info["token_hash"] = hash_token(token)
            info["claimed"] = bool(spec.get("name"))
        else:
            info["name"] = f"{kind} bot"
            info["claimed"] = True
        stored_seats.append(info)
    return stored_seats, tokens
