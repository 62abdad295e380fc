"""The hub: every live table, its storage, its worker pools, and moves.

The ``Hub`` composes the server's concerns, each in its own module:

* ``seats.Seats``: loading and creating tables, joining and leaving seats;
* ``bots.Bots``: the task that plays a table's bot seats;
* ``clocks.Clocks``: the phase timer of timed phases;
* ``broadcast.Views``: what each client sees, and pushing it to them.

It keeps the one path by which a game moves on (``act``, ``undo``, the clock and
the bots all go through ``_apply``) and what follows every change. Every change to
a table happens under that table's ``asyncio.Lock`` and is committed to storage
before it is acknowledged or broadcast. Bots choose on a clone of the state in a
thread pool, so the event loop keeps serving other tables while they think.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from meeple.ai import load_bots
from meeple.engine import GameRecord, IllegalAction, NotYourTurn, UnknownAction, replay, undo_point
from meeple.server.bots import Bots
from meeple.server.broadcast import Views
from meeple.server.clocks import Clocks
from meeple.server.seats import Seats
from meeple.server.store import Store
from meeple.server.tables import ApiError, Table, dumps

log = logging.getLogger("meeple.server")

T = TypeVar("T")


class Hub:
    """Every live table, the storage and the worker pools.

    Collaborators: ``seats`` (tables and seats), ``bots``, ``clocks`` and ``views``
    (what clients see, and broadcasts)."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.0,
        bot_workers: int = 2,
    ) -> None:
        load_bots()
        self.store = store
        self.tables: dict[str, Table] = {}
        self.db_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-db")
        self.bot_pool = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="meeple-bot")
        self.views = Views()
        self.clocks = Clocks(self._apply)
        self.bots = Bots(self.bot_pool, self._apply, bot_delay)
        self.seats = Seats(
            self.tables,
            store=store,
            db=self.db,
            pool=self.bot_pool,
            bots=self.bots,
            clocks=self.clocks,
            views=self.views,
            after_change=self._after_change,
        )

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the database thread (storage calls run one at a time)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, fn, *args)

    async def start(self) -> None:
        """Resume every unfinished table: its bots play on and its clock runs."""
        for table_id in await self.db(self.store.table_ids, "playing"):
            try:
                await self.seats.get(table_id)
            except Exception:  # a table that no longer replays must not stop the server
                log.exception("table %s does not load", table_id)

    async def stop(self) -> None:
        """Cancel every bot and clock task, then close the pools and the storage."""
        for table in self.tables.values():
            for task in (table.bot_task, table.timer_task):
                if task is not None:
                    task.cancel()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.store.close()

    # ---- decisions ------------------------------------------------------------------

    async def act(self, table: Table, seat: int, text: str, expected: int | None) -> int:
        """Apply a seat's action through the checked path; returns the log length before.

        ``expected`` is the version the decision was made on: ApiError 409 if this
        seat's decision changed since (or it is from the future)."""
        async with table.lock:
            if expected is not None and (
                expected > table.version or expected < table.decision_version[seat]
            ):
                raise ApiError(
                    409,
                    f"stale version {expected}: this seat's decision changed at version"
                    f" {table.decision_version[seat]}; it is now at {table.seen[seat]}",
                )
            before = len(table.state.log)
            await self._apply(table, seat, text)
            return before

    async def _apply(self, table: Table, seat: int, text: str) -> None:
        """Checked move, stored before anything else sees it. Caller holds the lock."""
        try:
            action = table.game.play(table.state, seat, text)
        except NotYourTurn as exc:
            raise ApiError(422, exc.message, exc.rule) from None
        except IllegalAction as exc:
            raise ApiError(422, exc.message, exc.rule) from None
        except UnknownAction as exc:
            raise ApiError(422, str(exc)) from None
        table.cache.clear()
        table.record.moves.append((seat, action.text))
        version = table.version + 1
        over = table.over
        timer = self.clocks.timer_for(table, table.deadline, table.timer_key)
        move = (
            table.id,
            len(table.record.moves) - 1,
            seat,
            action.text,
            version,
            "over" if over else "playing",
            time.time(),
            timer,
        )
        try:
            if self.store.inline:
                self.store.add_move(*move)  # SQLite: a local append, no thread hop
            else:
                await self.db(self.store.add_move, *move)
        except Exception:
            log.exception("table %s: storing a move failed; rebuilding", table.id)
            table.record.moves.pop()
            table.state = replay(table.game, table.record)
            table.cache.clear()
            raise ApiError(503, "the move could not be stored; try again") from None
        if self.store.inline and self.store.moves_since_checkpoint >= self.store.CHECKPOINT_EVERY:
            self.store.moves_since_checkpoint = 0
            with contextlib.suppress(RuntimeError):  # RuntimeError: shutting down
                self.db_pool.submit(self._checkpoint)
        table.version = version
        table.deadline, table.timer_key = timer
        if over:
            table.record.result = table.game.result(table.state).to_json()
        self._after_change(table)

    def _checkpoint(self) -> None:
        try:
            self.store.checkpoint()
        except Exception:  # the next one may succeed; moves are safe in the WAL meanwhile
            log.exception("database checkpoint failed")

    async def undo(self, table: Table, seat: int) -> None:
        """Take back the seat's last decision, if nothing was revealed or decided since."""
        async with table.lock:
            keep = await asyncio.get_running_loop().run_in_executor(
                self.bot_pool,
                lambda: undo_point(table.game, table.record, seat, others_may_follow=False),
            )
            if keep is None:
                raise ApiError(
                    422,
                    "nothing to undo: you have made no decision, another seat acted since,"
                    " or something was revealed since",
                    "Undo",
                )
            moves = table.record.moves[:keep]
            record = GameRecord(
                table.record.game,
                table.record.rules_version,
                table.record.config,
                table.record.seed,
                moves,
            )
            state = replay(table.game, record)
            version = table.version + 1
            old_state, old_record = table.state, table.record
            table.state, table.record = state, record
            table.cache.clear()
            timer = self.clocks.timer_for(table, table.deadline, table.timer_key)
            try:
                await self.db(
                    self.store.truncate_moves, table.id, keep, version, time.time(), timer
                )
            except Exception:
                table.state, table.record = old_state, old_record
                table.cache.clear()
                raise ApiError(503, "the undo could not be stored; try again") from None
            table.version = version
            table.deadline, table.timer_key = timer
            self._after_change(table)

    async def chat(self, table: Table, seat: int, text: str, to: int | None) -> dict[str, Any]:
        """Store a message from ``seat`` (to seat ``to``, or None: everyone) and push it
        to whoever may read it; returns the stored message."""
        if to is not None:
            table.check_seat(to)
            if to == seat:
                raise ApiError(422, "a private message goes to another seat")
        text = text.strip()
        if not text:
            raise ApiError(422, "empty message")
        now = time.time()
        message_id = await self.db(self.store.add_chat, table.id, seat, to, text, now)
        message = {"id": message_id, "from": seat, "to": to, "text": text, "time": now}
        table.chat.append(message)
        data = dumps({"type": "chat", "message": message})
        for client in list(table.clients):
            if to is None or client.seat in (seat, to):
                self.views.send(table, client, data)
        return message

    # ---- after every change ---------------------------------------------------------

    def _after_change(self, table: Table) -> None:
        """After every change: decision versions, bots, clock, and a push to every client.
        Whoever changed the table cleared ``table.cache`` right after the change."""
        table.track_decisions()
        self.views.track_seen(table)
        self.bots.ensure_bots(table)
        self.clocks.ensure_timer(table)
        asyncio.get_running_loop().create_task(self.views.broadcast(table))
