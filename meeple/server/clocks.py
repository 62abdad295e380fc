"""The phase clock: a deadline for timed phases, and what happens when it runs out.

A game times a phase through the contract: ``Game.timed_phase(state)`` gives the
phase's key and length (Africa 1880's diplomacy). The deadline and phase key are
stored with every move; when the clock runs out the server plays, for each seat
still deciding, the action the game names with ``Game.on_timeout(state, seat)``.
"""

from __future__ import annotations

import asyncio
import logging
import time

from meeple.engine import TimedPhase
from meeple.server.tables import ApiError, Driver, Table

log = logging.getLogger("meeple.server")


class Clocks:
    """Every table's phase clock: one timer task per table in a timed phase.

    Through ``driver`` (``meeple.server.moves.Moves``): ``apply_driven`` plays a move
    through the checked path (the caller holds the lock); in a cluster the clock runs
    only where ``drives`` (the table's lease holder), and ``catch_up`` brings the
    table up to date before the clock decides."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver

    def timer_for(
        self, table: Table, deadline: float | None, key: str | None
    ) -> tuple[float | None, str | None]:
        """The phase clock: (deadline, phase key) for a timed phase, else (None, None).

        The running deadline is kept while the phase key stays ``key``.
        """
        spec = self._timed_phase(table)
        if spec is None:
            return None, None
        new_key, seconds = spec
        if new_key == key and deadline is not None:
            return deadline, key
        return time.time() + seconds, new_key

    @staticmethod
    def _timed_phase(table: Table) -> TimedPhase | None:
        game, state = table.game, table.state
        if game.is_over(state) or not game.to_act(state) or table.unagreed():
            return None  # (an analysis table's clock waits for its seats' agreement)
        return game.timed_phase(state)

    def ensure_timer(self, table: Table) -> None:
        """(Re)start the table's timer task for its current deadline, if it has one."""
        if table.timer_task is not None:
            table.timer_task.cancel()
            table.timer_task = None
        if table.deadline is not None and table.timer_key is not None and self.driver.drives(table):
            table.timer_task = asyncio.get_running_loop().create_task(
                self._clock(table, table.deadline, table.timer_key)
            )

    async def _clock(self, table: Table, deadline: float, key: str) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with table.lock:
            if table.timer_task is asyncio.current_task():
                table.timer_task = None  # catching up or applying must not cancel this task
            await self.driver.catch_up(table)
            if table.timer_key != key or table.retired or not self.driver.drives(table):
                return
            game = table.game
            for seat in game.to_act(table.state):
                index = game.on_timeout(table.state, seat)
                if index is not None and table.timer_key == key:
                    choice = game.actions[index].text
                    try:
                        await self.driver.apply_driven(table, seat, choice)
                    except ApiError:
                        log.exception("table %s: the clock could not play %s", table.id, choice)
