"""Moves and undo: the one path by which a game moves on, and what follows.

A person's move (``act``), a bot's or the clock's (``apply_driven``: ``Bots`` and
``Clocks`` are driven from here) and an undo all change a table through the checked
path, under the table's ``asyncio.Lock``, and are committed to storage before they
are acknowledged or broadcast. After every change (``after_change``) each seat's
decision version is tracked, the bots and the clock are started where this process
drives the table (in a cluster: holds its lease, asked for here when a table needs
a driver), and every client is pushed its view. In a cluster a change is decided on
the latest stored table (``catchup.CatchUp``); after a conflict, under the table's
row lock.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import time

from meeple.engine import (
    Action,
    IllegalAction,
    MeepleError,
    NotYourTurn,
    UnknownAction,
    replay,
)
from meeple.server.bots import BotPools, Bots
from meeple.server.broadcast import Views
from meeple.server.catchup import CatchUp
from meeple.server.clocks import Clocks
from meeple.server.leases import Leases
from meeple.server.store import Conflict, RowLock
from meeple.server.tables import ApiError, Memory, Table, check_cost
from meeple.server.threads import Threads
from meeple.server.undo import PreparedUndo, extend_undo, note, prepare_undo

log = logging.getLogger("meeple.server")

RETRIES = 16  # attempts at a change whose stored table moved on meanwhile (cluster)
# A move as ``MoveStore.add_move`` takes it (but ``held`` and ``shown``).
StoredMove = tuple[str, int, int, str, int, str, float, tuple[float | None, str | None], str, bool]


async def _back_off(attempt: int) -> None:
    """After a conflict: wait a little, longer each time, at random (so two processes
    racing for one table do not meet again at once)."""
    await asyncio.sleep(random.uniform(0, 0.005 * attempt))


def public_time(table: Table, shown_before: int | None) -> float:
    """When what spectators see last changed, after a change tracked since the
    spectators' version was ``shown_before``: now if it moved, else as it was (a
    hidden edit, e.g. a line of a secret sheet, moves no time anyone is shown)."""
    return time.time() if table.seen.get(None) != shown_before else table.public_at


def check_live(table: Table) -> None:
    """ApiError 503 if ``table`` left memory while its caller waited (the caller holds
    the lock; a retry loads it again)."""
    if table.retired:
        raise ApiError(503, "the table was being reloaded; try again")


def check_expected(table: Table, seat: int, expected: int | None) -> None:
    """ApiError 409 if ``seat``'s decision changed since version ``expected``, or it is
    ahead of what this seat was shown."""
    if expected is not None and (
        expected > table.seen[seat] or expected < table.decision_version[seat]
    ):
        raise ApiError(
            409,
            f"stale version {expected}: this seat's decision changed at version"
            f" {table.decision_version[seat]}; it is now at {table.seen[seat]}",
        )


class Moves:
    """Moves, undos and what follows them, for every table; ``bots`` and ``clocks``
    move tables on without a person through it (it is their ``Driver``), ``sync``
    keeps copies up with storage (a cluster), ``leases`` says which tables this
    process drives."""

    def __init__(self, threads: Threads, views: Views, leases: Leases, pools: BotPools) -> None:
        self.threads = threads
        self.store = threads.store
        self.views = views
        self.leases = leases
        self.clustered = leases.cluster is not None
        self.stopping = False  # (the server is stopping: nothing new is scheduled)
        self.sync = CatchUp(threads, views, self, self.clustered)
        self.bots = Bots(pools, self)
        self.clocks = Clocks(self)

    async def catch_up(self, table: Table) -> None:
        """Cluster: take what other processes stored of ``table`` (``CatchUp``); the
        caller holds the lock."""
        await self.sync.catch_up(table)

    # ---- decisions ------------------------------------------------------------------

    async def act(self, table: Table, seat: int, text: str, expected: int | None) -> int:
        """Apply a seat's action through the checked path; returns the log length before.

        ``expected`` is the version the decision was made on: ApiError 409 if this
        seat's decision changed since, or it is ahead of what this seat was shown. Both
        are this seat's versions (``table.seen``), which other seats' hidden edits never
        move, so the answer reveals nothing of them. In a cluster the move is decided
        against the latest stored table: a copy found behind (by a notification, a
        refusal, or a conflict when storing) catches up and decides again. After a
        conflict it decides under the table's row lock (``CatchUp.hold_row``), so a
        fast bot on another process cannot store first again and again."""
        sync = self.sync
        async with table.lock:
            for attempt in range(RETRIES):
                check_live(table)
                held = None
                try:
                    held = await sync.hold_row(table) if attempt > 0 else None
                    if held is None:
                        await self.catch_up(table)
                    table.check_person(seat)
                    table.check_agreed()
                    check_expected(table, seat, expected)
                    before = len(table.state.log)
                    await self._apply(table, seat, text, held)
                    return before
                except Conflict:
                    sync.fell_behind(table)
                    if held is not None:
                        sync.let_go(held)  # (not held while backing off)
                    await _back_off(attempt)
                except ApiError:
                    if attempt > 0 or not await sync.moved(table):
                        raise
                finally:
                    if held is not None:
                        sync.let_go(held)
            raise ApiError(503, "the table changed too often while deciding; try again")

    async def apply_driven(self, table: Table, seat: int, text: str) -> None:
        """A bot's or the clock's move: like ``_apply``, but a conflict (another process
        stored a change first) only marks the table behind; the caller decides again."""
        try:
            await self._apply(table, seat, text)
        except Conflict:
            self.sync.fell_behind(table)

    async def _apply(self, table: Table, seat: int, text: str, held: RowLock | None = None) -> None:
        """Checked move, stored (with what each seat is shown after it) before anyone
        sees it; Conflict if the stored table moved on (nothing changes). Caller holds
        the lock; ``held``: the table's row lock (``CatchUp.hold_row``), in whose
        transaction the move is stored. Where storing awaits the database, the move is
        made on a clone and the table shows the state before it until the commit."""
        before = table.memory()
        if not self.store.inline:
            table.state = table.state.clone()
        action = self._play(table, seat, text, before)
        version = table.version + 1
        over = table.over
        table.deadline, table.timer_key = self.clocks.timer_for(
            table, table.deadline, table.timer_key
        )
        shown = table.seen.get(None)
        self.sync.track(table)
        stamp = public_time(table, shown)
        move: StoredMove = (
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
        await self._store_move(table, before, move, held, stamp)
        table.version = version
        table.public_at = stamp
        if over:
            table.record.result = table.game.result(table.state).to_json()
        self.after_change(table)

    def _play(self, table: Table, seat: int, text: str, before: Memory) -> Action:
        """Play ``text`` for ``seat`` on the table's state and note it in the record and
        in the seat's last decision (undo); ApiError 422 if the game refuses it (the
        state put back as ``before``)."""
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
        return action

    async def _store_move(
        self, table: Table, before: Memory, move: StoredMove, held: RowLock | None, stamp: float
    ) -> None:
        """Commit ``move`` (SQLite: on the event loop, a local append; else on a move
        thread, the table showing ``before`` until the commit). On a failure the table
        is put back as ``before``: Conflict and cancellation are raised as they are,
        anything else as ApiError 503."""
        inline = self.store.inline
        try:
            if inline:
                self.store.moves.add_move(*move, shown=stamp)  # a local append, no thread hop
            else:
                after = table.memory()
                table.recall(before)  # hidden until stored
                table.storing = move[4]
                try:
                    store = functools.partial(self.store.moves.add_move, held=held, shown=stamp)
                    await self.threads.on_move_thread(store, *move)
                finally:
                    table.storing = None
                table.recall(after)
        except BaseException as exc:
            table.recall(before)
            if inline:  # the move was made on the table's own state
                table.state = replay(table.game, table.record)
            if isinstance(exc, asyncio.CancelledError):
                self.sync.fell_behind(table)  # (the commit may have happened)
            if isinstance(exc, (Conflict, asyncio.CancelledError)):
                raise
            log.exception("table %s: storing a move failed; rebuilding", table.id)
            raise ApiError(503, "the move could not be stored; try again") from None
        self.threads.moved()

    # ---- undo -----------------------------------------------------------------------

    async def undo(self, table: Table, seat: int) -> None:
        """Take back the seat's last decision, if nothing it can see happened since
        (``meeple.server.undo``); others' hidden edits after it are kept. In a cluster
        the undo is worked out (replayed) on the copy without holding anything, then
        stored under the table's row lock, after taking in the moves other processes
        stored meanwhile (``_hold_for_undo``): a fast bot elsewhere cannot make every
        attempt lose the race, however long the replay takes. The replay is charged to
        the client's address (``check_cost``), and a refusal it found is kept until the
        table changes, so asking again replays nothing."""
        check_cost(self.threads.costs)
        async with table.lock:
            for attempt in range(RETRIES):
                check_live(table)
                await self.catch_up(table)
                table.check_person(seat)
                try:
                    await self._undo(table, seat)
                    return
                except Conflict:
                    self.sync.fell_behind(table)
                    await _back_off(attempt)
            raise ApiError(503, "the table changed too often while deciding; try again")

    async def _undo(self, table: Table, seat: int) -> None:
        status = self.views.undo(table, seat)  # the reason the table shows, if any
        if status.reason is not None:
            raise ApiError(422, status.reason, "Undo")
        refused = ("undo refused", seat)  # (``table.cache`` is cleared by every change)
        if refused in table.cache:
            raise ApiError(422, table.cache[refused], "Undo")
        undone = await self.threads.charged(
            prepare_undo, table.game, table.record, table.state, seat, self.clustered
        )
        if isinstance(undone, str):
            table.cache[refused] = undone  # (under the table's lock: it did not change)
            raise ApiError(422, undone, "Undo")
        held = None
        try:
            if self.clustered:
                held, undone = await self._hold_for_undo(table, seat, undone)
            await self._store_undo(table, undone, held)
        finally:
            if held is not None:
                self.sync.let_go(held)

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
        held, changes = await self.sync.lock_row(table)
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
            await self.sync.take(table, changes)
            self.after_change(table)
            table.check_person(seat)
            status = self.views.undo(table, seat)
            if status.reason is not None:
                raise ApiError(422, status.reason, "Undo")
            extended = extend_undo(table.game, undone, table.state, seat, changes.moves)
            if isinstance(extended, str):
                raise ApiError(422, extended, "Undo")
        except BaseException as exc:
            self.sync.let_go(held)
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
        self.sync.track(table)
        stamp = public_time(table, shown)
        versions, driven = table.versions_json(), table.driven_now()
        after = table.memory()
        table.recall(before)  # hidden until stored
        table.storing = version
        store = functools.partial(self.store.moves.rewrite_moves, shown=stamp)
        run = self.threads.db
        if held is not None:  # (not behind the database thread's queue while held)
            store, run = functools.partial(store, held=held), self.threads.on_move_thread
        try:
            await run(
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
            self.sync.fell_behind(table)  # (the commit may have happened)
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
        self.after_change(table)

    # ---- driving and what follows every change -----------------------------------------

    def drives(self, table: Table) -> bool:
        """Does this process run the table's bots and clock? Always on SQLite; in a
        cluster, where it holds the table's lease (asked for once when the table needs
        a driver; the heartbeat takes over tables whose lease lapsed)."""
        if self.leases.holds(table):
            return True
        if not table.claiming and not table.retired and table.needs_driver():
            table.claiming = True
            asyncio.get_running_loop().create_task(self._claim(table))
        return False

    async def _claim(self, table: Table) -> None:
        try:
            got = await self.leases.acquire(table.id)
        except Exception:
            log.exception("table %s: asking for its lease failed", table.id)
            return
        if got and not table.retired:
            self.leases.held.add(table.id)
            async with table.lock:
                await self.drive_here(table)

    async def drive_here(self, table: Table) -> None:
        """This process now holds the table's lease: decide from the latest stored table
        and start its bots and clock (the caller holds the lock)."""
        table.behind = True
        await self.catch_up(table)
        self.bots.ensure_bots(table)
        self.clocks.ensure_timer(table)

    def after_change(self, table: Table) -> None:
        """After every change: decision versions, bots, clock, and a push to every client.
        Whoever changed the table cleared ``table.cache`` right after the change."""
        table.track_decisions()
        self.views.track_seen(table)
        if table.record.result is not None:
            self.leases.release(table)
        self.drives(table)  # (a cluster process asks for the lease of a table needing one)
        self.bots.ensure_bots(table)
        self.clocks.ensure_timer(table)
        asyncio.get_running_loop().create_task(self.views.broadcast(table))
