"""This process's copy of a table kept up with the stored one (a cluster: other
processes change tables too; ``meeple.server.cluster``).

A copy is ``behind`` when a notification, a refusal or a conflict showed that the
stored table moved past it; ``catch_up`` then takes the stored changes: the new
moves played through the checked path, or the whole record replayed after an undo.
A change decided after a conflict may be decided under the table's row lock
(``hold_row``), so a fast bot on another process cannot store first again and
again. Nothing here on SQLite (one process).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from meeple.engine import GameRecord, MeepleError
from meeple.server.bots import Bots
from meeple.server.broadcast import Views
from meeple.server.store import Changes, RowLock
from meeple.server.tables import Table
from meeple.server.threads import Threads
from meeple.server.undo import play_noting, replay_noting

log = logging.getLogger("meeple.server")


class Followups(Protocol):
    """What follows a change of a table (``meeple.server.moves.Moves``)."""

    stopping: bool  # the server is stopping: nothing new is scheduled

    def after_change(self, table: Table, /) -> None:
        """Decision versions, bots, clock, and a push to every client."""
        ...


def _release_when_locked(call: asyncio.Future[tuple[RowLock, Changes | None]]) -> None:
    """A row lock taken after its caller was cancelled: end it."""
    if not call.cancelled() and call.exception() is None:
        call.result()[0].release()


class CatchUp:
    """Keeps copies up with storage (``clustered``: several processes share it) and
    tells ``followups`` of every change taken."""

    def __init__(
        self, threads: Threads, views: Views, followups: Followups, clustered: bool
    ) -> None:
        self.threads = threads
        self.store = threads.store
        self.views = views
        self.followups = followups
        self.clustered = clustered

    def track(self, table: Table) -> None:
        """What each seat may decide and see now (its versions): tracked before a change
        is stored, since they are stored with it."""
        table.track_decisions()
        self.views.track_seen(table)

    async def catch_up(self, table: Table) -> None:
        """Cluster: if the stored table moved past this copy (another process changed it),
        take its changes: the new moves played through the checked path (or the whole
        record replayed after an undo), its seats, clock and the versions each seat is
        shown; then tell bots, clock and clients as after a change of our own. The
        caller holds the lock. Nothing on SQLite (one process)."""
        if not self.clustered or not table.behind:
            return
        # Cleared before the read: a change notified during it marks the copy again.
        table.behind = False
        try:
            changes = await self.threads.db(
                self.store.tables.load_changes,
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
        await self.take(table, changes)
        self.followups.after_change(table)

    async def take(self, table: Table, changes: Changes) -> None:
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
                full = await self.threads.db(self.store.tables.load_changes, table.id, -1, 0, -1)
                assert full is not None
                changes = full
            record = GameRecord(
                record.game, record.rules_version, record.config, record.seed, changes.moves
            )
            table.state, table.last_decisions = await self.threads.replay(
                replay_noting, game, record
            )
            table.record = record
        if [s["kind"] for s in stored.seats] != [s["kind"] for s in table.seats]:
            table.seats = stored.seats
            Bots.make_bots(table)
        table.seats = stored.seats
        table.version, table.rewrites = stored.version, stored.rewrites
        table.deadline, table.timer_key = stored.deadline, stored.timer_key
        table.public_at = stored.public_time
        table.record.result = game.result(table.state).to_json() if table.over else None
        table.cache.clear()
        self.track(table)
        table.adopt_versions(stored.seat_versions)

    async def latest(self, table: Table) -> None:
        """Cluster: bring ``table`` up to the stored version before answering a read, so
        a client sees its own move whichever process it asks next (no sticky
        sessions). One primary-key read; nothing on SQLite."""
        if self.clustered and await self.moved(table):
            async with table.lock:
                await self.catch_up(table)

    async def moved(self, table: Table) -> bool:
        """Cluster: has the stored table moved past this copy (then it is behind)? Only
        ``catch_up`` marks a copy up to date: a change notified while this read was
        under way marked it behind, and must stay so for the refresh it started."""
        if not self.clustered:
            return False
        stored = await self.threads.db(self.store.tables.version_of, table.id)
        if stored is not None and stored != table.version:
            table.behind = True
        return table.behind

    def fell_behind(self, table: Table) -> None:
        """A change of ``table`` could not be stored (Conflict) or may have been (its
        caller was cancelled): another process stored first, and its notification
        came while this one was storing that same version, so the notification was
        taken for this process's own and scheduled nothing. Schedule the catch-up here:
        the sockets on this process see the other's change even if nothing here
        decides again (a bot or clock with nothing left to do, a person's move or undo
        giving up with a 503). Where the caller decides again under the table's lock,
        the refresh, queued behind it for that lock, finds the copy up to date."""
        table.behind = True
        if not self.followups.stopping and not table.retired:
            self.refresh_soon(table)

    def refresh_soon(self, table: Table) -> None:
        """Catch ``table`` up in a task of its own (one at a time)."""
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

    async def hold_row(self, table: Table) -> RowLock | None:
        """Cluster: lock the table's stored row and catch up under the lock, so the
        change decided next is stored before any other process can store a change (the
        caller stores it through the lock, or lets go: ``let_go``). None on SQLite
        (one process), or when the stored history was rewritten by an undo since (the
        replay that needs is not done under the lock: the copy catches up as usual and
        this attempt is optimistic). The caller holds the table's lock. Under the row
        lock only the database is awaited: the changes read are played through the
        checked path in memory, as ``catch_up`` does."""
        if not self.clustered:
            return None
        held, changes = await self.lock_row(table)
        if changes is None:
            return held
        if changes.table.rewrites != table.rewrites:
            self.let_go(held)
            table.behind = True
            return None
        try:
            await self.take(table, changes)
        except BaseException:
            self.let_go(held)
            table.behind = True
            raise
        self.followups.after_change(table)
        return held

    async def lock_row(self, table: Table) -> tuple[RowLock, Changes | None]:
        """Cluster: ``MoveStore.lock_row`` for ``table`` at its copy's version, on a
        move thread (a lock taken after the caller was cancelled is ended). The copy
        counts as up to date from the read on (as in ``catch_up``: a change notified
        meanwhile marks it behind); the caller takes the changes read, or lets go."""
        table.behind = False
        call = asyncio.get_running_loop().run_in_executor(
            self.threads.move_pool,
            self.store.moves.lock_row,
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

    def let_go(self, held: RowLock) -> None:
        """End a row lock not used to store a change (nothing if it ended): on a move
        thread, after any store still running through it (``RowLock`` orders its
        calls)."""
        if not held.open:
            return
        try:
            self.threads.move_pool.submit(held.release)
        except RuntimeError:  # shutting down: no thread left
            held.release()
