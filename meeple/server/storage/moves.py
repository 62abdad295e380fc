"""Changes of a table's stored history: a move (the hot path, on the DBAPI
directly), an undo's rewrite, new seats; each stored only if the table is still at
the version it was decided on (else ``Conflict``), and notified to the other
processes in its transaction. In a cluster a change may be stored under the table's
row lock (``RowLock``), taken before deciding it."""

from __future__ import annotations

import contextlib
import json
import threading
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from meeple.server.storage.database import Database
from meeple.server.storage.queries import (
    LOCK_NOT_AVAILABLE,
    MoveFacts,
    RewriteFacts,
    Statements,
    Timer,
    execute_move,
    move_statements,
    read_changes,
    rewrite_statements,
    seats_statements,
)
from meeple.server.storage.records import Changes, Conflict
from meeple.server.storage.rows import MoveRow, TableRow


class MoveStore:
    """Stores the changes of tables' histories; called on the database thread, except
    ``add_move``: on the move threads (PostgreSQL) or the event loop (SQLite,
    ``Database.inline``)."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.engine = database.engine
        # The DBAPI connections that store moves, kept open: one per thread storing
        # moves (PostgreSQL stores several tables' moves at once: their commits share
        # the write-ahead log's flushes).
        self._movers = threading.local()
        self._all_movers: list[Any] = []
        self._movers_lock = threading.Lock()
        self.since_checkpoint = 0  # moves stored since the last checkpoint (``Store``)

    def add_move(
        self,
        table_id: str,
        ply: int,
        seat: int,
        text: str,
        version: int,
        status: str,
        now: float,
        timer: Timer | None = None,
        versions: str | None = None,
        driven: bool | None = None,
        held: RowLock | None = None,
        shown: float | None = None,
    ) -> None:
        """Store one move and the table's new ``version`` in one transaction (SQL Core:
        this is the hot path of every move), if the stored table is still at the version
        before it (else Conflict, nothing stored). ``versions``: what each seat is shown
        (``Table.versions_json``); ``driven``: ``Table.driven_now`` after the move (None:
        left as stored); ``shown``: when what spectators see last changed (None: left
        as stored). On PostgreSQL the commit also notifies every process
        (``CHANNEL``: "m <table id> <version>"). ``held``: store it in that locked
        transaction (``lock_row``) and commit it, which ends the lock."""
        move = MoveFacts(
            table_id, ply, seat, text, version, status, now, timer, versions, driven, shown
        )
        statements = move_statements(self.database.dialect, move)
        if held is not None:
            held.store(statements, table_id, version)
            return
        raw = self._mover()
        try:
            execute_move(raw.cursor(), statements, table_id, version)
            raw.commit()
        except Conflict:
            raw.rollback()
            raise
        except BaseException:
            self._movers.connection = None
            with self._movers_lock, contextlib.suppress(ValueError):
                self._all_movers.remove(raw)
            try:
                raw.rollback()
            finally:
                raw.invalidate()  # a fresh connection for the next move
            raise
        self.since_checkpoint += 1

    def _mover(self) -> Any:
        """This thread's DBAPI connection for moves (opened on its first move)."""
        raw = getattr(self._movers, "connection", None)
        if raw is None:
            # The DBAPI directly, one connection kept open: this runs on every move.
            raw = self._movers.connection = self.engine.raw_connection()
            with self._movers_lock:
                self._all_movers.append(raw)
            if self.database.sqlite:
                # Checkpoints run in the worker thread (``checkpoint``), not in a move.
                raw.cursor().execute("PRAGMA wal_autocheckpoint=0")
        return raw

    def lock_row(
        self, table_id: str, version: int, plies: int, rewrites: int
    ) -> tuple[RowLock, Changes | None]:
        """PostgreSQL: lock the row of ``table_id`` in a new transaction, then read what
        changed since ``version`` as ``TableStore.load_changes`` does (None: still at
        it). Until the transaction ends (a move stored through it with
        ``add_move(held=...)``, or ``RowLock.release``), no other process can store a
        change of the table, so a move decided on the stored table read here cannot
        meet a Conflict. Conflict if the row stays locked by another transaction for
        ``RowLock.WAIT``."""
        held = RowLock(self.engine)
        try:
            changes = held.changes(table_id, version, plies, rewrites)
        except BaseException:
            held.release()
            raise
        return held, changes

    def rewrite_moves(
        self,
        table_id: str,
        start: int,
        moves: list[tuple[int, str]],
        version: int,
        now: float,
        timer: Timer,
        versions: str | None = None,
        driven: bool | None = None,
        held: RowLock | None = None,
        shown: float | None = None,
    ) -> None:
        """Undo: the moves from ply ``start`` on become ``moves`` (one transaction;
        Conflict if the stored table is not at ``version - 1``); ``driven`` and
        ``shown`` as in ``add_move``. ``held``: store it in that locked transaction
        (``lock_row``) and commit it, which ends the lock."""
        if held is not None:
            undo = RewriteFacts(
                table_id, start, moves, version, now, timer, versions, driven, shown
            )
            held.store(rewrite_statements(self.database.dialect, undo), table_id, version)
            return
        with Session(self.engine) as session, session.begin():
            rewrites = session.execute(
                select(TableRow.rewrites).where(TableRow.id == table_id)
            ).scalar_one_or_none()
            self._bump(
                session,
                table_id,
                version,
                status="playing",
                updated=now,
                deadline=timer[0],
                timer_key=timer[1],
                seat_versions=versions,
                rewrites=(rewrites or 0) + 1,
                **({} if driven is None else {"driven": driven}),
                **({} if shown is None else {"shown": shown}),
            )
            session.execute(
                delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.ply >= start)
            )
            session.add_all(
                MoveRow(table_id=table_id, ply=start + i, seat=seat, text=text)
                for i, (seat, text) in enumerate(moves)
            )

    def set_seats(
        self,
        table_id: str,
        seats: list[dict[str, Any]],
        version: int,
        versions: str | None = None,
        driven: bool | None = None,
        held: RowLock | None = None,
    ) -> None:
        """The table's seats as its next ``version`` (Conflict if it moved on);
        ``driven``: ``Table.driven_now`` with them (None: left as stored); ``held``:
        store them in that locked transaction (``lock_row``) and commit it, which ends
        the lock."""
        if held is not None:
            sql = self.database.dialect
            held.store(
                seats_statements(sql, table_id, seats, version, versions, driven),
                table_id,
                version,
            )
            return
        with Session(self.engine) as session, session.begin():
            self._bump(
                session,
                table_id,
                version,
                seats=json.dumps(seats),
                seat_versions=versions,
                **({} if driven is None else {"driven": driven}),
            )

    def _bump(self, session: Session, table_id: str, version: int, **values: Any) -> None:
        """Move the stored table from ``version - 1`` to ``version`` with ``values``
        (Conflict if it is not at ``version - 1``), and notify the other processes."""
        done = session.execute(
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.version == version - 1)
            .values(version=version, **values)
        )
        if getattr(done, "rowcount", 1) != 1:
            raise Conflict(f"table {table_id} is no longer at version {version - 1}")
        self.database.notify(session, f"m {table_id} {version}")

    def close(self) -> None:
        """Close the connections kept for moves."""
        with self._movers_lock:
            movers, self._all_movers = self._all_movers, []
        for mover in movers:
            with contextlib.suppress(Exception):
                mover.close()
        self._movers = threading.local()


class RowLock:
    """A table's row locked in an open transaction on a connection of its own
    (``MoveStore.lock_row``; PostgreSQL). Its calls may come from any thread, one at a
    time (a lock orders them: ``release`` waits for a move being stored). The lock is
    short: whoever holds it reads, decides in memory and stores, awaiting only the
    database. ``WAIT``: seconds to wait for another transaction's lock on the row
    (then Conflict); ``IDLE``: seconds the transaction may sit idle before PostgreSQL
    ends the session (so a stalled process cannot hold a table's row)."""

    WAIT = 2.0
    IDLE = 10.0

    def __init__(self, engine: Engine) -> None:
        self._guard = threading.Lock()
        self._connection: Connection | None = engine.connect()

    def changes(self, table_id: str, version: int, plies: int, rewrites: int) -> Changes | None:
        with self._guard:
            connection = self._open()
            connection.exec_driver_sql(f"SET LOCAL lock_timeout = '{int(self.WAIT * 1000)}ms'")
            connection.exec_driver_sql(
                f"SET LOCAL idle_in_transaction_session_timeout = '{int(self.IDLE * 1000)}ms'"
            )
            try:
                return read_changes(connection, table_id, version, plies, rewrites, lock=True)
            except OperationalError as exc:
                if getattr(exc.orig, "sqlstate", None) != LOCK_NOT_AVAILABLE:
                    raise
                raise Conflict(f"table {table_id} stayed locked by another process") from None

    def store(self, statements: Statements, table_id: str, version: int) -> None:
        """Run a move's statements in the locked transaction and commit; the lock ends
        (Conflict only if the row changed anyway, which the lock should exclude)."""
        with self._guard:
            connection = self._open()
            try:
                execute_move(connection.connection.cursor(), statements, table_id, version)
                connection.commit()
            finally:
                self._close()

    def release(self) -> None:
        """End the transaction without storing anything (nothing if it ended)."""
        with self._guard:
            self._close()

    @property
    def open(self) -> bool:
        return self._connection is not None

    def _open(self) -> Connection:
        if self._connection is None:
            raise RuntimeError("the table's row lock has ended")
        return self._connection

    def _close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            # (Nothing after a commit; on a broken connection the server ends the
            # transaction with the session.)
            with contextlib.suppress(Exception):
                connection.rollback()
            connection.close()
