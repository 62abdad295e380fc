"""The phase clock: a deadline for timed phases, and what happens when it runs out.

A game times a phase by a view field named ``<phase>_seconds`` (Africa 1880's
``diplomacy_seconds``) or a ``timed_phase(state)`` method returning (key,
seconds). The deadline and phase key are stored with every move; when the clock
runs out the server plays, for each seat still deciding, its ``ready`` action (or
its only legal action).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from meeple.server.tables import ApiError, ApplyMove, Table

log = logging.getLogger("meeple.server")


class Clocks:
    """Every table's phase clock: one timer task per table in a timed phase.

    ``view(table, None)`` is the spectators' view (read for ``<phase>_seconds``);
    ``apply`` plays a move through the checked path (the caller holds the lock)."""

    def __init__(
        self, view: Callable[[Table, int | None], dict[str, Any]], apply: ApplyMove
    ) -> None:
        self.view = view
        self.apply = apply

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

    def _timed_phase(self, table: Table) -> tuple[str, float] | None:
        game, state = table.game, table.state
        if game.is_over(state) or not game.to_act(state):
            return None
        method = getattr(game, "timed_phase", None)
        if callable(method):
            spec = method(state)
            return None if spec is None else (str(spec[0]), float(spec[1]))
        view = self.view(table, None)
        phase = view.get("phase")
        seconds = view.get(f"{phase}_seconds")
        if not isinstance(seconds, int | float) or isinstance(seconds, bool) or seconds <= 0:
            return None
        when = view.get("turn", view.get("round", ""))
        return f"{phase}:{when}", float(seconds)

    def ensure_timer(self, table: Table) -> None:
        """(Re)start the table's timer task for its current deadline, if it has one."""
        if table.timer_task is not None:
            table.timer_task.cancel()
            table.timer_task = None
        if table.deadline is not None and table.timer_key is not None:
            table.timer_task = asyncio.get_running_loop().create_task(
                self._clock(table, table.deadline, table.timer_key)
            )

    async def _clock(self, table: Table, deadline: float, key: str) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with table.lock:
            if table.timer_key != key:
                return
            table.timer_task = None  # apply must not cancel this very task
            for seat in table.game.to_act(table.state):
                legal = [a.text for a in table.game.legal(table.state, seat)]
                choice = "ready" if "ready" in legal else legal[0] if len(legal) == 1 else None
                if choice is not None and table.timer_key == key:
                    try:
                        await self.apply(table, seat, choice)
                    except ApiError:
                        log.exception("table %s: the clock could not play %s", table.id, choice)
