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
import contextvars
import functools
import logging
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from meeple.ai import load_bots
from meeple.engine import (
    GameRecord,
    IllegalAction,
    MeepleError,
    NotYourTurn,
    UnknownAction,
    discover,
    replay,
)
from meeple.server.bots import Bots
from meeple.server.broadcast import Views
from meeple.server.clocks import Clocks
from meeple.server.cluster import Cluster, Handlers
from meeple.server.limits import AddressBuckets, CostBudget, Limits, Window
from meeple.server.pool import BOTS_ALONE_NICE, CpuPool
from meeple.server.presence import Presence
from meeple.server.seats import Missed, RowHolds, Seats
from meeple.server.store import Changes, Conflict, RowLock, Store
from meeple.server.tables import ApiError, Table, check_cost, dumps, visible
from meeple.server.talk import closed_because, recipients
from meeple.server.texts import check_chat
from meeple.server.undo import (
    PreparedUndo,
    extend_undo,
    note,
    play_noting,
    prepare_undo,
    replay_noting,
)

log = logging.getLogger("meeple.server")

T = TypeVar("T")
MOVE_THREADS = 4  # PostgreSQL: moves of different tables stored at once
ANY_SEED = "MEEPLE_ANY_SEED"  # "1": any table may be given a seed (tests only)
RETRIES = 16  # attempts at a change whose stored table moved on meanwhile (cluster)


async def _back_off(attempt: int) -> None:
    """After a conflict: wait a little, longer each time, at random (so two processes
    racing for one table do not meet again at once)."""
    await asyncio.sleep(random.uniform(0, 0.005 * attempt))


def public_time(table: Table, shown_before: int | None) -> float:
    """When what spectators see last changed, after a change tracked since the
    spectators' version was ``shown_before``: now if it moved, else as it was (a
    hidden edit, e.g. a line of a secret sheet, moves no time anyone is shown)."""
    return time.time() if table.seen.get(None) != shown_before else table.public_at


def _release_when_locked(call: asyncio.Future[tuple[RowLock, Changes | None]]) -> None:
    """A row lock taken after its caller was cancelled: end it."""
    if not call.cancelled() and call.exception() is None:
        call.result()[0].release()


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
        any_seed: bool | None = None,
    ) -> None:
        """``any_seed``: any table may be given a seed, even one people play (tests and
        local experiments only; None: if ``MEEPLE_ANY_SEED`` is "1", which the test
        suite sets)."""
        load_bots()
        # Every game plugin loaded now, before any thread may look one up: discovery
        # runs once, and a lookup from another thread during it would miss games.
        discover()
        self.store = store
        self.limits = limits = Limits() if limits is None else limits
        self.tables: dict[str, Table] = {}
        self.db_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-db")
        # Moves of different tables are stored at once on PostgreSQL (a table's own
        # moves go one at a time: its lock), so their commits share WAL flushes.
        self.move_pool = ThreadPoolExecutor(
            max_workers=1 if store.inline else MOVE_THREADS, thread_name_prefix="meeple-move"
        )
        # Replays (loading a table, undo): short, in a thread.
        self.bot_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-replay")
        # Bots thinking, and other long work of tables: worker processes, fairly shared.
        self.cpu = CpuPool(limits.bot_workers, limits.bot_budget)
        # ... and for tables of bots alone: their own processes, after everything else.
        self.cpu_alone = CpuPool(limits.bot_tables_workers, limits.bot_budget, BOTS_ALONE_NICE)
        self.ws_buckets = AddressBuckets(limits.ws_rate, limits.ws_burst)
        # Server time per client address on costly requests (replays, undos, loading).
        self.costs = CostBudget(limits.cost_rate, limits.cost_burst)
        self.sockets = Sockets(limits)
        self.chat_window = Window(60.0)
        self.views = Views()
        self.views.absent_after = limits.absent_after
        self.presence = Presence(self.views)
        # PostgreSQL: one of possibly several processes (``meeple.server.cluster``).
        self.cluster = None if store.sqlite else Cluster(store, limits.lease_seconds)
        self.held: set[str] = set()  # the lease keys this process holds (cluster)
        self.nodes: set[str] = set()  # the live nodes at the last heartbeat (cluster)
        self.clocks = Clocks(self._apply_driven, self.drives, self.catch_up)
        self.bots = Bots(
            self.cpu, self._apply_driven, bot_delay, self.drives, self.catch_up, self.cpu_alone
        )
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
            catch_up=self.catch_up,
            lease_gone=self.release,
            loaded=self._loaded,
            absence=None if self.cluster is None else self._absent_elsewhere,
            fell_behind=self._fell_behind,
            rows=RowHolds(self._hold_row, self._let_go, self.move_pool),
            costs=self.costs,
        )
        if any_seed is None:
            any_seed = os.environ.get(ANY_SEED) == "1"
        self.seats.any_seed = any_seed  # (tests only: any table may be given a seed)
        self.sweeper: asyncio.Task[None] | None = None
        self.stopping = False  # (``stop`` began: nothing new is scheduled)

    def check_cost(self) -> None:
        """ApiError 429 while the address being served is in debt of server time
        (``Limits.cost_rate``, ``cost_burst``: replays, undos and loading tables)."""
        check_cost(self.costs)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the database thread (storage calls run one at a time)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, fn, *args)

    async def start(self) -> None:
        """Resume the unfinished tables that move on without a person (a bot seat or a
        phase clock), most recently updated first, up to ``Limits.loaded_tables``;
        every other table is loaded when someone asks for it. In a cluster, those are
        the tables whose lease nobody holds, taken at each heartbeat."""
        if self.cluster is not None:
            self.cluster.start(self._handlers())
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.cluster.listening.wait(), 10.0)
            self.sweeper = asyncio.get_running_loop().create_task(self._sweep())
            return
        for table_id in await self.db(self.store.active_ids, self.limits.loaded_tables):
            try:
                await self._correct_driven(await self.seats.get(table_id))
            except ApiError as refused:  # (503: its kind of table is at its limit)
                log.warning("table %s is not resumed: %s", table_id, refused.detail)
            except Exception:  # a table that no longer replays must not stop the server
                log.exception("table %s does not load", table_id)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        """Every so often, unload the tables idle for ``Limits.idle_unload`` seconds."""
        while True:
            await asyncio.sleep(min(60.0, self.limits.idle_unload / 4))
            self.seats.unload_idle(self.limits.idle_unload)

    async def stop(self) -> None:
        """Cancel every bot and clock task, then close the pools and the storage (a
        cluster process first gives up its leases: others take its tables at once)."""
        self.stopping = True
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.cluster is not None:
            await self.cluster.stop()
            with contextlib.suppress(Exception):
                await self.db(self.cluster.leases.release_all)
        for table in self.tables.values():
            for task in (table.bot_task, table.timer_task):
                if task is not None:
                    task.cancel()
        self.cpu.close()
        self.cpu_alone.close()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.move_pool.shutdown(wait=True)
        self.db_pool.shutdown(wait=True)
        self.store.close()

    # ---- decisions ------------------------------------------------------------------

    async def act(self, table: Table, seat: int, text: str, expected: int | None) -> int:
        """Apply a seat's action through the checked path; returns the log length before.

        ``expected`` is the version the decision was made on: ApiError 409 if this
        seat's decision changed since, or it is ahead of what this seat was shown. Both
        are this seat's versions (``table.seen``), which other seats' hidden edits never
        move, so the answer reveals nothing of them. In a cluster the move is decided
        against the latest stored table: a copy found behind (by a notification, a
        refusal, or a conflict when storing) catches up and decides again. After a
        conflict it decides under the table's row lock (``_hold_row``), so a fast bot
        on another process cannot store first again and again."""
        async with table.lock:
            for attempt in range(RETRIES):
                self._check_live(table)
                held = None
                try:
                    held = await self._hold_row(table) if attempt > 0 else None
                    if held is None:
                        await self.catch_up(table)
                    table.check_person(seat)
                    table.check_agreed()
                    self._check_expected(table, seat, expected)
                    before = len(table.state.log)
                    await self._apply(table, seat, text, held)
                    return before
                except Conflict:
                    self._fell_behind(table)
                    if held is not None:
                        self._let_go(held)  # (not held while backing off)
                    await _back_off(attempt)
                except ApiError:
                    if attempt > 0 or not await self._moved(table):
                        raise
                finally:
                    if held is not None:
                        self._let_go(held)
            raise ApiError(503, "the table changed too often while deciding; try again")

    async def _hold_row(self, table: Table) -> RowLock | None:
        """Cluster: lock the table's stored row and catch up under the lock, so the
        move decided next is stored before any other process can store a change (the
        caller stores it with ``_apply(..., held)`` or lets go: ``_let_go``). None on
        SQLite (one process), or when the stored history was rewritten by an undo
        since (the replay that needs is not done under the lock: the copy catches up
        as usual and this attempt is optimistic). The caller holds the table's lock.
        Under the row lock only the database is awaited: the changes read are played
        through the checked path in memory, as ``catch_up`` does."""
        if self.cluster is None:
            return None
        held, changes = await self._lock_row(table)
        if changes is None:
            return held
        if changes.table.rewrites != table.rewrites:
            self._let_go(held)
            table.behind = True
            return None
        try:
            await self._take(table, changes)
        except BaseException:
            self._let_go(held)
            table.behind = True
            raise
        self._after_change(table)
        return held

    async def _lock_row(self, table: Table) -> tuple[RowLock, Changes | None]:
        """Cluster: ``Store.lock_row`` for ``table`` at its copy's version, in a thread
        (a lock taken after the caller was cancelled is ended). The copy counts as up
        to date from the read on (as in ``catch_up``: a change notified meanwhile marks
        it behind); the caller takes the changes read, or lets go."""
        table.behind = False
        call = asyncio.get_running_loop().run_in_executor(
            self.move_pool,
            self.store.lock_row,
            table.id,
            table.version,
            len(table.record.moves),
            table.rewrites,
        )
        try:
            return await asyncio.shield(call)
        except asyncio.CancelledError:
            call.add_done_callback(_release_when_locked)  # the thread may still lock it
            table.behind = True
            raise
        except BaseException:
            table.behind = True
            raise

    def _let_go(self, held: RowLock) -> None:
        """End a row lock not used to store a move (nothing if it ended): in a thread,
        after any store still running through it (``RowLock`` orders its calls)."""
        if not held.open:
            return
        try:
            self.move_pool.submit(held.release)
        except RuntimeError:  # shutting down: no thread left
            held.release()

    @staticmethod
    def _check_expected(table: Table, seat: int, expected: int | None) -> None:
        if expected is not None and (
            expected > table.seen[seat] or expected < table.decision_version[seat]
        ):
            raise ApiError(
                409,
                f"stale version {expected}: this seat's decision changed at version"
                f" {table.decision_version[seat]}; it is now at {table.seen[seat]}",
            )

    async def latest(self, table: Table) -> None:
        """Cluster: bring ``table`` up to the stored version before answering a read, so
        a client sees its own move whichever process it asks next (no sticky
        sessions). One primary-key read; nothing on SQLite."""
        if self.cluster is not None and await self._moved(table):
            async with table.lock:
                await self.catch_up(table)

    async def _moved(self, table: Table) -> bool:
        """Cluster: has the stored table moved past this copy (then it is behind)? Only
        ``catch_up`` marks a copy up to date: a change notified while this read was
        under way marked it behind, and must stay so for the refresh it started."""
        if self.cluster is None:
            return False
        stored = await self.db(self.store.version_of, table.id)
        if stored is not None and stored != table.version:
            table.behind = True
        return table.behind

    async def _apply_driven(self, table: Table, seat: int, text: str) -> None:
        """A bot's or the clock's move: like ``_apply``, but a conflict (another process
        stored a change first) only marks the table behind; the caller decides again."""
        try:
            await self._apply(table, seat, text)
        except Conflict:
            self._fell_behind(table)

    def _fell_behind(self, table: Table) -> None:
        """A change of ``table`` could not be stored (Conflict) or may have been (its
        caller was cancelled): another process stored first, and its notification
        came while this one was storing that same version, so ``_on_changed`` took it
        for its own and scheduled nothing. Schedule the catch-up here: the sockets on
        this process see the other's change even if nothing here decides again (a bot
        or clock with nothing left to do, a person's move or undo giving up with a
        503). Where the caller decides again under the table's lock, the refresh,
        queued behind it for that lock, finds the copy up to date."""
        table.behind = True
        if not self.stopping and not table.retired:
            self._refresh_soon(table)

    async def _apply(self, table: Table, seat: int, text: str, held: RowLock | None = None) -> None:
        """Checked move, stored (with what each seat is shown after it) before anyone
        sees it; Conflict if the stored table moved on (nothing changes). Caller holds
        the lock; ``held``: the table's row lock (``_hold_row``), in whose transaction
        the move is stored. Where storing awaits the database, the move is made on a
        clone and the table shows the state before it until the commit."""
        before = table.memory()
        if not self.store.inline:
            table.state = table.state.clone()
        waiting, log_from = tuple(table.game.to_act(table.state)), len(table.state.log)
        rng_from = table.state.rng.state  # (moved: the decision drew chance, undo.note)
        try:
            action = table.game.play(table.state, seat, text)
        except MeepleError as exc:
            table.state = before.state
            if isinstance(exc, (NotYourTurn, IllegalAction)):
                raise ApiError(422, exc.message, exc.rule) from None
            if isinstance(exc, UnknownAction):
                raise ApiError(422, str(exc)) from None
            raise
        table.cache = {}
        table.record.moves.append((seat, action.text))
        table.last_decisions = {
            **table.last_decisions,
            seat: note(
                table.game,
                table.state,
                seat,
                len(table.record.moves) - 1,
                waiting,
                log_from,
                self.views.view(table, seat),
                rng_from,
            ),
        }
        version = table.version + 1
        over = table.over
        table.deadline, table.timer_key = self.clocks.timer_for(
            table, table.deadline, table.timer_key
        )
        shown = table.seen.get(None)
        self._track(table)
        stamp = public_time(table, shown)
        move = (
            table.id,
            len(table.record.moves) - 1,
            seat,
            action.text,
            version,
            "over" if over else "playing",
            time.time(),
            (table.deadline, table.timer_key),
            table.versions_json(),
            table.driven_now(),
        )
        try:
            if self.store.inline:
                self.store.add_move(*move, shown=stamp)  # SQLite: a local append, no thread hop
            else:
                after = table.memory()
                table.recall(before)  # hidden until stored
                table.storing = version
                loop = asyncio.get_running_loop()
                try:
                    store = functools.partial(self.store.add_move, held=held, shown=stamp)
                    await loop.run_in_executor(self.move_pool, store, *move)
                finally:
                    table.storing = None
                table.recall(after)
        except BaseException as exc:
            table.recall(before)
            if self.store.inline:  # the move was made on the table's own state
                table.state = replay(table.game, table.record)
            if isinstance(exc, asyncio.CancelledError):
                self._fell_behind(table)  # (the commit may have happened)
            if isinstance(exc, (Conflict, asyncio.CancelledError)):
                raise
            log.exception("table %s: storing a move failed; rebuilding", table.id)
            raise ApiError(503, "the move could not be stored; try again") from None
        if self.store.inline and self.store.moves_since_checkpoint >= self.store.CHECKPOINT_EVERY:
            self.store.moves_since_checkpoint = 0
            with contextlib.suppress(RuntimeError):  # RuntimeError: shutting down
                self.db_pool.submit(self._checkpoint)
        table.version = version
        table.public_at = stamp
        if over:
            table.record.result = table.game.result(table.state).to_json()
        self._after_change(table)

    def _track(self, table: Table) -> None:
        """What each seat may decide and see now (its versions): tracked before a change
        is stored, since they are stored with it."""
        table.track_decisions()
        self.views.track_seen(table)

    def _checkpoint(self) -> None:
        try:
            self.store.checkpoint()
        except Exception:  # the next one may succeed; moves are safe in the WAL meanwhile
            log.exception("database checkpoint failed")

    async def undo(self, table: Table, seat: int) -> None:
        """Take back the seat's last decision, if nothing it can see happened since
        (``meeple.server.undo``); others' hidden edits after it are kept. In a cluster
        the undo is worked out (replayed) on the copy without holding anything, then
        stored under the table's row lock, after taking in the moves other processes
        stored meanwhile (``_hold_for_undo``): a fast bot elsewhere cannot make every
        attempt lose the race, however long the replay takes. The replay is charged to
        the client's address (``check_cost``), and a refusal it found is kept until the
        table changes, so asking again replays nothing."""
        self.check_cost()
        async with table.lock:
            for attempt in range(RETRIES):
                self._check_live(table)
                await self.catch_up(table)
                table.check_person(seat)
                try:
                    await self._undo(table, seat)
                    return
                except Conflict:
                    self._fell_behind(table)
                    await _back_off(attempt)
            raise ApiError(503, "the table changed too often while deciding; try again")

    async def _undo(self, table: Table, seat: int) -> None:
        status = self.views.undo(table, seat)  # the reason the table shows, if any
        if status.reason is not None:
            raise ApiError(422, status.reason, "Undo")
        refused = ("undo refused", seat)  # (``table.cache`` is cleared by every change)
        if refused in table.cache:
            raise ApiError(422, table.cache[refused], "Undo")
        undone = await asyncio.get_running_loop().run_in_executor(
            self.bot_pool,
            contextvars.copy_context().run,
            self.costs.timed,
            prepare_undo,
            table.game,
            table.record,
            table.state,
            seat,
            self.cluster is not None,
        )
        if isinstance(undone, str):
            table.cache[refused] = undone  # (under the table's lock: it did not change)
            raise ApiError(422, undone, "Undo")
        held = None
        try:
            if self.cluster is not None:
                held, undone = await self._hold_for_undo(table, seat, undone)
            await self._store_undo(table, undone, held)
        finally:
            if held is not None:
                self._let_go(held)

    async def _hold_for_undo(
        self, table: Table, seat: int, undone: PreparedUndo
    ) -> tuple[RowLock, PreparedUndo]:
        """Cluster: lock the table's row and take in what other processes stored
        since ``undone`` was worked out; the undo extended over their moves (as
        ``undo_moves`` would decide it on the record now stored: the moves played on
        the undone state, nothing the seat can see changed since its decision).
        Only the database is awaited while the row is held; the moves are played in
        memory. Conflict (row let go, copy behind: the caller decides again) if the
        history was rewritten or the seat itself moved meanwhile; ApiError if the
        undo is refused now."""
        held, changes = await self._lock_row(table)
        if changes is None:
            return held, undone
        try:
            if (
                changes.table.rewrites != table.rewrites
                or changes.moves_from != len(table.record.moves)
                or any(who == seat for who, _ in changes.moves)
            ):
                table.behind = True
                raise Conflict(f"table {table.id}: its history changed while undoing")
            await self._take(table, changes)
            self._after_change(table)
            table.check_person(seat)
            status = self.views.undo(table, seat)
            if status.reason is not None:
                raise ApiError(422, status.reason, "Undo")
            extended = extend_undo(table.game, undone, table.state, seat, changes.moves)
            if isinstance(extended, str):
                raise ApiError(422, extended, "Undo")
        except BaseException as exc:
            self._let_go(held)
            if not isinstance(exc, ApiError):  # (refused: the copy took the changes)
                table.behind = True
            raise
        return held, extended

    async def _store_undo(self, table: Table, undone: PreparedUndo, held: RowLock | None) -> None:
        """Store ``undone`` as the table's next version (in ``held``'s transaction if
        given) and make it the table's; Conflict if the stored table moved on."""
        version = table.version + 1
        before = table.memory()
        table.state, table.record = undone.state, undone.record
        table.last_decisions = undone.decisions
        table.cache = {}
        timer = self.clocks.timer_for(table, table.deadline, table.timer_key)
        table.deadline, table.timer_key = timer
        shown = table.seen.get(None)
        self._track(table)
        stamp = public_time(table, shown)
        versions, driven = table.versions_json(), table.driven_now()
        after = table.memory()
        table.recall(before)  # hidden until stored
        table.storing = version
        store, pool = functools.partial(self.store.rewrite_moves, shown=stamp), self.db_pool
        if held is not None:  # (not behind the database thread's queue while held)
            store, pool = functools.partial(store, held=held), self.move_pool
        try:
            await asyncio.get_running_loop().run_in_executor(
                pool,
                store,
                table.id,
                undone.ply,
                undone.record.moves[undone.ply :],
                version,
                time.time(),
                timer,
                versions,
                driven,
            )
        except asyncio.CancelledError:
            self._fell_behind(table)  # (the commit may have happened)
            raise
        except Exception as exc:
            if isinstance(exc, Conflict):
                raise
            log.exception("table %s: storing an undo failed", table.id)
            raise ApiError(503, "the undo could not be stored; try again") from None
        finally:
            table.storing = None
        table.recall(after)
        table.version = version
        table.public_at = stamp
        table.rewrites += 1
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
        text = check_chat(text).strip()
        if not text:
            raise ApiError(422, "empty message")
        if table.behind:  # talk rules are decided on the latest stored state
            async with table.lock:
                await self.catch_up(table)
        view = self.views.view(table, None)
        closed = closed_because(table.talk, table.game, table.state, view, table.over)
        if closed is not None:
            raise ApiError(409, *closed)
        self._chat_allowed(table, seat)
        now = time.time()
        ply = len(table.record.moves)  # places the message among the moves in a replay
        message_id = await self.db(self.store.add_chat, table.id, seat, to, text, now, ply)
        message = {"id": message_id, "from": seat, "to": to, "text": text, "time": now, "ply": ply}
        self._chat_added(table, message)
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

    # ---- the cluster: catching up, notifications, leases ------------------------------

    async def catch_up(self, table: Table) -> None:
        """Cluster: if the stored table moved past this copy (another process changed it),
        take its changes: the new moves played through the checked path (or the whole
        record replayed after an undo), its seats, clock and the versions each seat is
        shown; then tell bots, clock and clients as after a change of our own. The
        caller holds the lock. Nothing on SQLite (one process)."""
        if self.cluster is None or not table.behind:
            return
        # Cleared before the read: a change notified during it marks the copy again.
        table.behind = False
        try:
            changes = await self.db(
                self.store.load_changes,
                table.id,
                table.version,
                len(table.record.moves),
                table.rewrites,
            )
        except BaseException:
            table.behind = True
            raise
        if changes is None:
            return
        await self._take(table, changes)
        self._after_change(table)

    async def _take(self, table: Table, changes: Changes) -> None:
        """Make ``table`` the stored one (``changes``): see ``catch_up``."""
        stored, game = changes.table, table.game
        record = table.record
        replayed = changes.moves_from != len(record.moves)
        if not replayed:
            decisions = dict(table.last_decisions)
            try:
                play_noting(game, table.state, changes.moves, len(record.moves), decisions)
                record.moves.extend(changes.moves)
            except MeepleError:
                replayed = True
            table.last_decisions = decisions
        if replayed:
            if changes.moves_from != 0:
                full = await self.db(self.store.load_changes, table.id, -1, 0, -1)
                assert full is not None
                changes = full
            record = GameRecord(
                record.game, record.rules_version, record.config, record.seed, changes.moves
            )
            table.state, table.last_decisions = await asyncio.get_running_loop().run_in_executor(
                self.bot_pool, replay_noting, game, record
            )
            table.record = record
        if [s["kind"] for s in stored.seats] != [s["kind"] for s in table.seats]:
            table.seats = stored.seats
            self.bots.make_bots(table)
        table.seats = stored.seats
        table.version, table.rewrites = stored.version, stored.rewrites
        table.deadline, table.timer_key = stored.deadline, stored.timer_key
        table.public_at = stored.public_time
        table.record.result = game.result(table.state).to_json() if table.over else None
        table.cache.clear()
        self._track(table)
        table.adopt_versions(stored.seat_versions)

    def _handlers(self) -> Handlers:
        return Handlers(
            changed=self._on_changed,
            chat=self._on_chat,
            presence=self._on_presence,
            resync=self._resync,
            heartbeat=self._heartbeat,
        )

    def _on_changed(self, table_id: str, version: int) -> None:
        """Notified: ``table_id`` is stored at ``version``; a copy held here catches up
        (a table being loaded here notes it: ``Seats.get`` takes it once in place)."""
        table = self.tables.get(table_id)
        missed = self.seats.missed.get(table_id) if table is None else None
        if missed is not None:
            missed.version = max(missed.version, version)
        if table is not None and version not in (table.version, table.storing):
            table.behind = True
            self._refresh_soon(table)

    def _refresh_soon(self, table: Table) -> None:
        if table.refresh_task is None:
            table.refresh_task = asyncio.get_running_loop().create_task(self._refresh(table))

    async def _refresh(self, table: Table) -> None:
        try:
            async with table.lock:
                table.refresh_task = None
                if not table.retired:
                    await self.catch_up(table)
        except Exception:
            log.exception("table %s: catching up failed", table.id)

    def _resync(self) -> None:
        """Notifications may have been missed: every table held here checks (and every
        table being loaded, once in place)."""
        for missed in self.seats.missed.values():
            missed.everything()
        for table in list(self.tables.values()):
            table.behind = True
            self._refresh_soon(table)
            self._on_chat(table.id, 0)

    def _on_chat(self, table_id: str, message_id: int) -> None:
        """Notified: a chat message of ``table_id`` was stored (by any process)."""
        table = self.tables.get(table_id)
        if table is None:
            missed = self.seats.missed.get(table_id)
            if missed is not None:
                missed.chat = max(missed.chat, message_id)
            return
        if any(m["id"] == message_id for m in table.chat):
            return
        asyncio.get_running_loop().create_task(self._chat_arrived(table))

    async def _chat_arrived(self, table: Table) -> None:
        """Take the table's recent chat from storage; push each new message to whoever
        may read it."""
        try:
            recent = await self.db(self.store.recent_chat, table.id, self.limits.chat_kept)
        except Exception:
            log.exception("table %s: reading chat failed", table.id)
            return
        known = {m["id"] for m in table.chat}
        for message in recent:
            if message["id"] not in known:
                self._chat_added(table, message)

    def _chat_added(self, table: Table, message: dict[str, Any]) -> None:
        """Keep ``message`` (in id order) and push it to the clients that may read it."""
        if any(m["id"] == message["id"] for m in table.chat):
            return
        table.chat.append(message)
        table.chat.sort(key=lambda m: int(m["id"]))
        del table.chat[: -self.limits.chat_kept]
        data = dumps({"type": "chat", "message": message})
        for client in list(table.clients):
            if visible(message, client.seat):
                self.views.send(table, client, data)

    async def _loaded(self, table: Table, missed: Missed) -> None:
        """A table just loaded here: take what was notified about it while it was read
        from storage and no copy was in place to tell (a newer version: catch up; a
        newer chat message: read the recent chat; presence: read it). Awaited before
        the loading request goes on, so a socket registered next starts from it all;
        what is notified from now on finds the copy."""
        try:
            if missed.presence:
                self._on_presence(table.id)
            if missed.version > table.version:
                async with table.lock:
                    table.behind = True
                    await self.catch_up(table)
            if missed.chat > table.last_chat:
                await self._chat_arrived(table)
        except Exception:  # the next request or notification looks again
            log.exception("table %s: taking the changes notified while loading failed", table.id)
            table.behind = True

    def _on_presence(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        missed = self.seats.missed.get(table_id) if table is None else None
        if missed is not None:
            missed.presence = True
        if table is not None and self.cluster is not None:
            asyncio.get_running_loop().create_task(self._presence_arrived(table))

    async def _presence_arrived(self, table: Table) -> None:
        assert self.cluster is not None
        try:
            table.remote_seats = await self.db(self.cluster.leases.remote_seats, table.id)
        except Exception:
            log.exception("table %s: reading presence failed", table.id)
            return
        self.presence.refresh(table)

    async def announce(self, table: Table, seat: int | None) -> None:
        """Cluster: tell the other processes how many sockets this one has on ``seat``
        (their presence messages count it; nothing for spectators or SQLite)."""
        if self.cluster is None or seat is None:
            return
        count = sum(1 for c in table.clients if c.seat == seat)
        try:
            await self.db(self.cluster.leases.set_presence, table.id, seat, count)
            if not table.remote_seats and len(table.clients) == 1:
                table.remote_seats = await self.db(self.cluster.leases.remote_seats, table.id)
        except Exception:
            log.exception("table %s: storing presence failed", table.id)

    def drives(self, table: Table) -> bool:
        """Does this process run the table's bots and clock? Always on SQLite; in a
        cluster, where it holds the table's lease (asked for once when the table needs
        a driver; the heartbeat takes over tables whose lease lapsed)."""
        if self.cluster is None or table.id in self.held:
            return True
        if not table.claiming and not table.retired and table.needs_driver():
            table.claiming = True
            asyncio.get_running_loop().create_task(self._claim(table))
        return False

    async def _claim(self, table: Table) -> None:
        assert self.cluster is not None
        try:
            got = await self.db(self.cluster.leases.acquire, table.id)
        except Exception:
            log.exception("table %s: asking for its lease failed", table.id)
            return
        if got and not table.retired:
            self.held.add(table.id)
            async with table.lock:
                table.behind = True  # decide from the latest stored table
                await self.catch_up(table)
                self.bots.ensure_bots(table)
                self.clocks.ensure_timer(table)

    def release(self, table: Table) -> None:
        """The table needs no driver here any more (over, or unloaded): give its lease up."""
        if self.cluster is not None and table.id in self.held:
            self.held.discard(table.id)
            leases = self.cluster.leases
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().create_task(self.db(leases.release, table.id))

    async def _heartbeat(self) -> None:
        """Renew this process's leases; forget those lost (a stall let another process
        take them: their bots and clock stop here); take over the tables nobody drives;
        store which seats were seen here since the last heartbeat."""
        assert self.cluster is not None
        before = set(self.held)  # (a lease taken while renewing is not lost)
        held = await self.db(self.cluster.leases.heartbeat)
        await self._store_seen()
        await self._check_nodes()
        for key in before - held:
            self.held.discard(key)
            table = self.tables.get(key)
            if table is not None:
                table.claiming = False
        for table_id in await self.db(self.cluster.leases.orphans, self.limits.loaded_tables):
            await self._take_over(table_id)

    async def _check_nodes(self) -> None:
        """Cluster: when a node died, or came back after missing its heartbeats, the
        seats its sockets hold count or stop counting: every table with sockets here
        reads its presence again (no notification tells of a node dying)."""
        assert self.cluster is not None
        nodes = await self.db(self.cluster.leases.live_nodes)
        if nodes != self.nodes:
            self.nodes = nodes
            for table in list(self.tables.values()):
                if table.clients:
                    self._on_presence(table.id)

    async def _store_seen(self) -> None:
        """Cluster: store the seats seen here (a request, a socket opened or closed)
        since the last heartbeat, so every process counts a seat's absence alike."""
        assert self.cluster is not None
        seen: list[tuple[str, int]] = []
        for table in list(self.tables.values()):
            seen += [(table.id, seat) for seat in sorted(table.seen_since)]
            table.seen_since.clear()
        try:
            await self.db(self.cluster.leases.saw, seen)
        except Exception:  # the next heartbeat stores them
            log.exception("storing the seats seen failed")
            for table_id, seat in seen:
                again = self.tables.get(table_id)
                if again is not None:
                    again.seen_since.add(seat)

    async def _absent_elsewhere(self, table_id: str, seat: int) -> float | None:
        """Cluster: seconds since any process stored that it saw ``seat`` (None: none)."""
        assert self.cluster is not None
        return await self.db(self.cluster.leases.absent_for, table_id, seat)

    async def _take_over(self, table_id: str) -> None:
        """Take the lapsed lease of ``table_id`` and drive its bots and clock here."""
        assert self.cluster is not None
        if not await self.db(self.cluster.leases.acquire, table_id):
            return
        self.held.add(table_id)
        try:
            table = await self.seats.get(table_id)
        except ApiError as refused:  # (503: no room here: another process may take it)
            log.warning("table %s is not taken over: %s", table_id, refused.detail)
            self.held.discard(table_id)
            with contextlib.suppress(Exception):
                await self.db(self.cluster.leases.release, table_id)
            return
        except Exception:  # a table that no longer replays must not stop the heartbeat
            log.exception("table %s does not load", table_id)
            return
        async with table.lock:
            table.behind = True
            await self.catch_up(table)
            self.bots.ensure_bots(table)
            self.clocks.ensure_timer(table)
            await self._correct_driven(table)

    async def _correct_driven(self, table: Table) -> None:
        """A table loaded because it was stored as moving on without a person
        (``driven``): if it does not now (a row stored before the flag, with a bot seat
        waiting on a person), store that, so it is not loaded or taken over again."""
        if not table.driven_now():
            await self.db(self.store.set_driven, table.id, table.version, False)

    # ---- after every change ---------------------------------------------------------

    def _after_change(self, table: Table) -> None:
        """After every change: decision versions, bots, clock, and a push to every client.
        Whoever changed the table cleared ``table.cache`` right after the change."""
        table.track_decisions()
        self.views.track_seen(table)
        if table.record.result is not None:
            self.release(table)
        self.drives(table)  # (a cluster process asks for the lease of a table needing one)
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
