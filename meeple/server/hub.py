"""The hub: every live table, its storage, its worker pools, and moves.

The ``Hub`` composes the server's concerns, each in its own module:

* ``seats.Seats``: loading and creating tables, joining and leaving seats;
* ``bots.Bots``: the task that plays a table's bot seats;
* ``clocks.Clocks``: the phase timer of timed phases;
* ``broadcast.Views``: what each client sees, and pushing it to them.

It keeps the one path by which a game moves on (``act``, ``undo``, the clock and
the bots all go through ``_apply``) and what follows every change. Every change to
a table happens under that table's ``asyncio.Lock`` and is committed to storage
before it is acknowledged or broadcast. Bots choose on a clone of the state in the
server-wide CPU pool (``pool.CpuPool``: worker processes, a fair queue, a per-table
budget), so the event loop keeps serving people while they think.
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
from meeple.engine import GameRecord, IllegalAction, NotYourTurn, UnknownAction, replay
from meeple.server.bots import Bots
from meeple.server.broadcast import Views
from meeple.server.clocks import Clocks
from meeple.server.limits import AddressBuckets, Limits, Window
from meeple.server.pool import CpuPool
from meeple.server.presence import Presence
from meeple.server.seats import Seats
from meeple.server.store import Store
from meeple.server.tables import HUMAN, ApiError, Table, dumps, visible
from meeple.server.talk import closed_because, recipients
from meeple.server.undo import REFUSED, undo_moves

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
        limits: Limits | None = None,
    ) -> None:
        load_bots()
        self.store = store
        self.limits = limits = Limits() if limits is None else limits
        self.tables: dict[str, Table] = {}
        self.db_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-db")
        # Replays (loading a table, undo): short, in a thread.
        self.bot_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-replay")
        # Bots thinking, and other long work of tables: worker processes, fairly shared.
        self.cpu = CpuPool(limits.bot_workers, limits.bot_budget)
        self.ws_buckets = AddressBuckets(limits.ws_rate, limits.ws_burst)
        self.sockets = Sockets(limits)
        self.chat_window = Window(60.0)
        self.views = Views()
        self.presence = Presence(self.views)
        self.clocks = Clocks(self._apply)
        self.bots = Bots(self.cpu, self._apply, bot_delay)
        self.seats = Seats(
            self.tables,
            store=store,
            db=self.db,
            pool=self.bot_pool,
            bots=self.bots,
            clocks=self.clocks,
            views=self.views,
            after_change=self._after_change,
            limits=limits,
        )
        self.sweeper: asyncio.Task[None] | None = None

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the database thread (storage calls run one at a time)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, fn, *args)

    async def start(self) -> None:
        """Resume the unfinished tables that move on without a person (a bot seat or a
        phase clock), most recently updated first, up to ``Limits.loaded_tables``;
        every other table is loaded when someone asks for it."""
        for table_id in await self.db(self.store.active_ids, self.limits.loaded_tables, HUMAN):
            try:
                await self.seats.get(table_id)
            except Exception:  # a table that no longer replays must not stop the server
                log.exception("table %s does not load", table_id)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        """Every so often, unload the tables idle for ``Limits.idle_unload`` seconds."""
        while True:
            await asyncio.sleep(min(60.0, self.limits.idle_unload / 4))
            self.seats.unload_idle(self.limits.idle_unload)

    async def stop(self) -> None:
        """Cancel every bot and clock task, then close the pools and the storage."""
        if self.sweeper is not None:
            self.sweeper.cancel()
        for table in self.tables.values():
            for task in (table.bot_task, table.timer_task):
                if task is not None:
                    task.cancel()
        self.cpu.close()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.store.close()

    # ---- decisions ------------------------------------------------------------------

    async def act(self, table: Table, seat: int, text: str, expected: int | None) -> int:
        """Apply a seat's action through the checked path; returns the log length before.

        ``expected`` is the version the decision was made on: ApiError 409 if this
        seat's decision changed since, or it is ahead of what this seat was shown. Both
        are this seat's versions (``table.seen``), which other seats' hidden edits never
        move, so the answer reveals nothing of them."""
        async with table.lock:
            self._check_live(table)
            table.check_person(seat)
            if expected is not None and (
                expected > table.seen[seat] or expected < table.decision_version[seat]
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
        """Take back the seat's last decision, if nothing it can see happened since
        (``meeple.server.undo``); others' hidden edits after it are kept."""
        async with table.lock:
            self._check_live(table)
            table.check_person(seat)
            game, current = table.game, table.record
            undone = await asyncio.get_running_loop().run_in_executor(
                self.bot_pool, undo_moves, game, current, table.state, seat
            )
            if undone is None:
                raise ApiError(422, REFUSED, "Undo")
            ply, moves = undone
            record = GameRecord(
                current.game, current.rules_version, current.config, current.seed, moves
            )
            state = replay(table.game, record)
            version = table.version + 1
            old_state, old_record = table.state, table.record
            table.state, table.record = state, record
            table.cache.clear()
            timer = self.clocks.timer_for(table, table.deadline, table.timer_key)
            try:
                await self.db(
                    self.store.rewrite_moves,
                    table.id,
                    ply,
                    moves[ply:],
                    version,
                    time.time(),
                    timer,
                )
            except Exception:
                table.state, table.record = old_state, old_record
                table.cache.clear()
                raise ApiError(503, "the undo could not be stored; try again") from None
            table.version = version
            table.deadline, table.timer_key = timer
            self._after_change(table)

    async def chat(
        self, table: Table, seat: int, text: str, to: int | list[int] | None
    ) -> dict[str, Any]:
        """Store a message from ``seat`` (to everyone: None; to one seat; or to a list of
        seats) and push it to whoever may read it; returns the stored message. Chat
        follows the table's talk rules (``meeple.server.talk``: 409 while closed). At
        most ``Limits.chat_per_seat`` messages per seat and ``chat_per_table`` per table
        in any minute (429); the table keeps the last ``chat_kept`` in memory."""
        try:
            to = recipients(to, seat, table.players)
        except ValueError as exc:
            raise ApiError(422, str(exc)) from None
        text = text.strip()
        if not text:
            raise ApiError(422, "empty message")
        view = self.views.view(table, None)
        closed = closed_because(table.talk, table.game, table.state, view, table.over)
        if closed is not None:
            raise ApiError(409, *closed)
        self._chat_allowed(table, seat)
        now = time.time()
        message_id = await self.db(self.store.add_chat, table.id, seat, to, text, now)
        message = {"id": message_id, "from": seat, "to": to, "text": text, "time": now}
        table.chat.append(message)
        del table.chat[: -self.limits.chat_kept]
        data = dumps({"type": "chat", "message": message})
        for client in list(table.clients):
            if visible(message, client.seat):
                self.views.send(table, client, data)
        return message

    def _chat_allowed(self, table: Table, seat: int) -> None:
        """ApiError 429 past the seat's or the table's chat rate."""
        limits = self.limits
        if not self.chat_window.allow((table.id, seat), limits.chat_per_seat):
            raise ApiError(
                429, f"at most {limits.chat_per_seat} messages per seat per minute; wait a little"
            )
        if not self.chat_window.allow(table.id, limits.chat_per_table):
            self.chat_window.undo((table.id, seat))
            raise ApiError(
                429,
                f"at most {limits.chat_per_table} messages per table per minute; wait a little",
            )

    @staticmethod
    def _check_live(table: Table) -> None:
        """ApiError 503 if ``table`` left memory while its caller waited (the caller
        holds the lock; a retry loads it again)."""
        if table.retired:
            raise ApiError(503, "the table was being reloaded; try again")

    # ---- after every change ---------------------------------------------------------

    def _after_change(self, table: Table) -> None:
        """After every change: decision versions, bots, clock, and a push to every client.
        Whoever changed the table cleared ``table.cache`` right after the change."""
        table.track_decisions()
        self.views.track_seen(table)
        if table.record.result is not None:
            self.seats.finished(table)
        self.bots.ensure_bots(table)
        self.clocks.ensure_timer(table)
        asyncio.get_running_loop().create_task(self.views.broadcast(table))


class Sockets:
    """Counts of open WebSockets, per table and per client address, under their caps."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.by_address: dict[str, int] = {}

    def open(self, table: Table, address: str) -> None:
        """Count a new socket of ``address`` on ``table`` (ApiError 429 past a cap)."""
        if table.sockets >= self.limits.ws_per_table:
            raise ApiError(429, f"this table has {self.limits.ws_per_table} sockets open: full")
        if self.by_address.get(address, 0) >= self.limits.ws_per_address:
            raise ApiError(
                429, f"{self.limits.ws_per_address} sockets are open from this address already"
            )
        table.sockets += 1
        self.by_address[address] = self.by_address.get(address, 0) + 1

    def closed(self, table: Table, address: str) -> None:
        table.sockets -= 1
        left = self.by_address.get(address, 1) - 1
        if left > 0:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)
