"""Storage of tables as game records (seed and moves) plus chat, with SQLAlchemy 2.

SQLite by default, PostgreSQL with a ``postgresql+psycopg://`` URL. A move is
committed before it is acknowledged, so a table is rebuilt exactly by replaying
its stored moves after any restart, even after ``kill -9``.
"""

from __future__ import annotations

import contextlib
import json
import threading
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    func,
    inspect,
    select,
    update,
)
from sqlalchemy import (
    text as sql_text,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from meeple.server.tables import HUMAN


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "meeple_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    rules_version: Mapped[str] = mapped_column(String(64))
    config: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="playing")
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    timer_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    talk: Mapped[str | None] = mapped_column(String(16), nullable=True)  # None: "rules"
    # What each seat was last shown (``Table.versions_json``), so every process of a
    # cluster, and a restarted one, shows a seat the same versions.
    seat_versions: Mapped[str | None] = mapped_column(Text, nullable=True)
    # How many times its moves were rewritten (undo): while it stays the same, a process
    # catches up by loading only the moves after the ones it has.
    rewrites: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # SHA-256 of the creating client's address (per-address creation limits).
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # Whether the table moves on without a person now (``Table.driven_now``: a bot
    # seat to act or a phase clock running), stored with every change, so startup and
    # the cluster's takeover find those tables by an index (``needs_driver``). NULL
    # only in a row stored before the column existed, until ``Store`` sets it.
    driven: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # When what spectators see last changed (epoch seconds; NULL in a row stored
    # before the column: ``updated`` stands in). The lobby shows and orders by it,
    # never by ``updated``, which moves with every hidden edit too (a line of a
    # secret sheet, a sealed bid).
    shown: Mapped[float | None] = mapped_column(Float, nullable=True)
    # An analysis table (docs/server.md, "Chance"): its seed is open to every seat.
    analysis: Mapped[bool | None] = mapped_column(Boolean, nullable=True)


class MoveRow(Base):
    __tablename__ = "meeple_moves"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("meeple_tables.id"), primary_key=True
    )
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))


class ChatRow(Base):
    __tablename__ = "meeple_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("meeple_tables.id"), index=True)
    sender: Mapped[int] = mapped_column(Integer)
    recipient: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # A message to several seats: their list as JSON (``recipient`` is then NULL).
    recipients: Mapped[str | None] = mapped_column(Text, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    time: Mapped[float] = mapped_column(Float)
    # How many moves the game had when it was sent, which places it in a replay; NULL
    # in a row stored before the column existed (a replay shows those at the end).
    ply: Mapped[int | None] = mapped_column(Integer, nullable=True)


class LeaseRow(Base):
    """Who runs a table's bots and clock, or a review job (``meeple.server.cluster``):
    the holder process's id until ``expires`` (the database's clock, epoch seconds),
    renewed by the holder's heartbeat. ``key`` is a table id or ``review:<table id>``."""

    __tablename__ = "meeple_leases"

    key: Mapped[str] = mapped_column(String(48), primary_key=True)
    holder: Mapped[str] = mapped_column(String(40))
    expires: Mapped[float] = mapped_column(Float)


class NodeRow(Base):
    """A server process of the cluster, alive until ``expires`` (renewed by its
    heartbeat); presence rows of a node that is not alive count for nothing."""

    __tablename__ = "meeple_nodes"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    expires: Mapped[float] = mapped_column(Float)
    name: Mapped[str | None] = mapped_column(String(200), nullable=True)  # "host pid N"


class SeenRow(Base):
    """When a seat last made a request or had a socket open or closed on any process
    of a cluster (the database's clock, epoch seconds; written by each process's
    heartbeat for the seats it saw since its last one): a seat is absent only if no
    process saw it for ``absent_after`` seconds."""

    __tablename__ = "meeple_seen"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[float] = mapped_column(Float, index=True)


class PresenceRow(Base):
    """The WebSockets one process has open on one seat of a table."""

    __tablename__ = "meeple_presence"

    node: Mapped[str] = mapped_column(String(40), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    sockets: Mapped[int] = mapped_column(Integer)


class ReviewRow(Base):
    """A finished table's review (``meeple.server.review_jobs``): its job's status and
    progress, and the analysis as JSON (the decisions so far while it runs)."""

    __tablename__ = "meeple_reviews"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("meeple_tables.id"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(16))  # "running", "done" or "failed"
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    data: Mapped[str | None] = mapped_column(Text, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    updated: Mapped[float] = mapped_column(Float)


class HintRow(Base):
    """A table's hints: the option chosen at creation and the hints each seat used."""

    __tablename__ = "meeple_hints"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("meeple_tables.id"), primary_key=True
    )
    allowed: Mapped[bool] = mapped_column(Boolean, default=False)
    used: Mapped[str] = mapped_column(Text)  # JSON: per seat, the hints it used


@dataclass
class StoredReview:
    """A table's review row: ``data`` is the review's JSON (or its decisions so far)."""

    status: str
    done: int
    total: int
    data: dict[str, Any] | None
    error: str | None


@dataclass
class StoredTable:
    """One table as stored: enough to rebuild it by replay."""

    id: str
    game: str
    rules_version: str
    config: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    version: int
    status: str
    created: float
    updated: float
    deadline: float | None
    timer_key: str | None
    moves: list[tuple[int, str]] = field(default_factory=list)
    talk: str = "rules"
    chat: list[dict[str, Any]] = field(default_factory=list)
    seat_versions: str | None = None  # ``Table.versions_json`` as stored with the change
    rewrites: int = 0  # undos so far: the moves' history changed that often
    driven: bool = False  # moves on without a person now (``Table.driven_now``)
    shown: float | None = None  # when what spectators see last changed (None: unknown)
    analysis: bool = False  # an analysis table: its seed is open to every seat

    @property
    def public_time(self) -> float:
        """When what spectators see last changed (``updated`` for an older row)."""
        return self.updated if self.shown is None else self.shown


@dataclass
class Changes:
    """What a process holding a table at some version must learn to catch up: the
    stored table (without moves or chat) and the moves after the ones it holds.
    ``moves_from`` is the ply of the first move in ``moves`` (0 when
    the history was rewritten and every move is there)."""

    table: StoredTable
    moves_from: int
    moves: list[tuple[int, str]]


class Conflict(Exception):
    """The stored table is no longer at the version a change was decided on: another
    process changed it first. Nothing was stored; catch up and decide again."""


class LimitReached(Exception):
    """A per-address creation limit (checked in the database, so cluster-wide)."""


def needs_driver(alias: str = "") -> str:
    """SQL: the stored table (``alias``: its name in the query, with a dot) is
    unfinished and moves on without a person now (``TableRow.driven``). The partial
    index ``meeple_tables_to_drive`` holds exactly these rows, so a query with this
    condition reads only them (not every unfinished table)."""
    return f"{alias}status = 'playing' AND {alias}driven"


OPEN_FOR = 86400.0  # seconds: an unfinished table unchanged this long is not "open"
CHANNEL = "meeple"  # PostgreSQL NOTIFY channel: "m|c|p <table id> <number>"


def _chat_json(row: ChatRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "from": row.sender,
        "to": json.loads(row.recipients) if row.recipients else row.recipient,
        "text": row.text,
        "time": row.time,
        "ply": row.ply,
    }


def normalize_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs and use psycopg 3 for them."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Store:
    """Synchronous storage; the server calls it from one worker thread at a time, except
    ``add_move`` on SQLite (``inline``), which it calls on the event loop.

    SQLite runs in WAL mode with ``synchronous=NORMAL``: a commit appends to the WAL
    file without an fsync, so a committed move survives the server process being
    killed (``kill -9``: the data is in the operating system's page cache), but the
    last moves before a power cut or kernel crash may be lost. The WAL is copied back
    into the database (``checkpoint``, with an fsync) by the worker thread, never
    inside a move's commit.
    """

    CHECKPOINT_EVERY = 500  # moves

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        kwargs: dict[str, Any] = {}
        self.sqlite = self.url.startswith("sqlite")
        if self.sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        with self.engine.begin() as connection:
            if not self.sqlite:  # processes starting at once create the schema in turn
                connection.execute(sql_text("SELECT pg_advisory_xact_lock(7316)"))
            Base.metadata.create_all(connection)
            _add_missing_columns(connection)
            _set_driven(connection)
            connection.execute(
                sql_text(
                    "CREATE INDEX IF NOT EXISTS meeple_tables_to_drive ON meeple_tables (updated)"
                    f" WHERE {needs_driver()}"
                )
            )
        # The DBAPI connections that store moves, kept open: one per thread storing
        # moves (PostgreSQL stores several tables' moves at once: their commits share
        # the write-ahead log's flushes).
        self._movers = threading.local()
        self._all_movers: list[Any] = []
        self._movers_lock = threading.Lock()
        self.moves_since_checkpoint = 0

    @property
    def inline(self) -> bool:
        """True if a move's commit is a local file append (SQLite in WAL mode, no fsync):
        cheaper done on the event loop than handed to a thread and back."""
        return self.sqlite

    def close(self) -> None:
        with self._movers_lock:
            movers, self._all_movers = self._all_movers, []
        for mover in movers:
            with contextlib.suppress(Exception):
                mover.close()
        self._movers = threading.local()
        self.engine.dispose()

    def checkpoint(self) -> None:
        """Copy the WAL back into the database file (SQLite; nothing for others). The
        caller counts the moves since (``moves_since_checkpoint``): this runs on the
        database thread while moves go on, so it must not reset their count."""
        if self.sqlite:
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    # ---- writes ---------------------------------------------------------------------

    def create_table(
        self,
        table: StoredTable,
        creator: str | None = None,
        per_hour: int | None = None,
        open_tables: int | None = None,
    ) -> None:
        """Store a new table created by ``creator`` (an address's digest), unless that
        creator made ``per_hour`` tables in the last hour or has ``open_tables``
        unfinished ones that changed in the last day (LimitReached, nothing stored).
        On PostgreSQL the check and the insert hold a transaction lock on the creator,
        so the limits hold across every process of a cluster."""
        with Session(self.engine) as session, session.begin():
            if creator is not None:
                self._check_creator(session, creator, table.created, per_hour, open_tables)
            session.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    rules_version=table.rules_version,
                    config=json.dumps(table.config),
                    seed=table.seed,
                    seats=json.dumps(table.seats),
                    driven=table.driven,
                    version=table.version,
                    status=table.status,
                    created=table.created,
                    updated=table.updated,
                    shown=table.shown,
                    analysis=table.analysis,
                    deadline=table.deadline,
                    timer_key=table.timer_key,
                    talk=table.talk,
                    seat_versions=table.seat_versions,
                    creator=creator,
                )
            )

    def _check_creator(
        self,
        session: Session,
        creator: str,
        now: float,
        per_hour: int | None,
        open_tables: int | None,
    ) -> None:
        if not self.sqlite:
            session.execute(
                sql_text("SELECT pg_advisory_xact_lock(hashtext(:creator))"), {"creator": creator}
            )
        mine = select(func.count()).select_from(TableRow).where(TableRow.creator == creator)
        if open_tables is not None:
            # Unfinished and changed in the last day: an abandoned table stops counting.
            live = mine.where(TableRow.status == "playing", TableRow.updated > now - OPEN_FOR)
            count = session.execute(live).scalar_one()
            if count >= open_tables:
                raise LimitReached(
                    f"this address has {count} unfinished tables, the limit; finish or"
                    " leave one first"
                )
        if per_hour is not None:
            count = session.execute(mine.where(TableRow.created > now - 3600.0)).scalar_one()
            if count >= per_hour:
                raise LimitReached(f"at most {per_hour} new tables per address per hour")

    def add_move(
        self,
        table_id: str,
        ply: int,
        seat: int,
        text: str,
        version: int,
        status: str,
        now: float,
        timer: tuple[float | None, str | None] | None = None,
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
        statements = self._move_statements(
            table_id, ply, seat, text, version, status, now, timer, versions, driven, shown
        )
        if held is not None:
            held.store(statements, table_id, version)
            return
        raw = getattr(self._movers, "connection", None)
        if raw is None:
            # The DBAPI directly, one connection kept open: this runs on every move.
            raw = self._movers.connection = self.engine.raw_connection()
            with self._movers_lock:
                self._all_movers.append(raw)
            if self.sqlite:
                # Checkpoints run in the worker thread (``checkpoint``), not in a move.
                raw.cursor().execute("PRAGMA wal_autocheckpoint=0")
        try:
            _execute_move(raw.cursor(), statements, table_id, version)
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
        self.moves_since_checkpoint += 1

    def _move_statements(
        self,
        table_id: str,
        ply: int,
        seat: int,
        text: str,
        version: int,
        status: str,
        now: float,
        timer: tuple[float | None, str | None] | None,
        versions: str | None,
        driven: bool | None,
        shown: float | None = None,
    ) -> list[tuple[str, tuple[Any, ...]]]:
        """The SQL of ``add_move`` (DBAPI paramstyle), the version check first: it locks
        the table's row, so a second process storing a move of the same version waits,
        then finds the version moved (``_execute_move``)."""
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        values: tuple[Any, ...] = (version, status, now, versions)
        sets = f"version = {mark}, status = {mark}, updated = {mark}, seat_versions = {mark}"
        if timer is not None:
            values += timer
            sets += f", deadline = {mark}, timer_key = {mark}"
        if driven is not None:
            values += (driven,)
            sets += f", driven = {mark}"
        if shown is not None:
            values += (shown,)
            sets += f", shown = {mark}"
        statements = [
            (
                f"UPDATE meeple_tables SET {sets} WHERE id = {mark} AND version = {mark}",
                (*values, table_id, version - 1),
            ),
            (
                f"INSERT INTO meeple_moves (table_id, ply, seat, text)"
                f" VALUES ({mark}, {mark}, {mark}, {mark})",
                (table_id, ply, seat, text),
            ),
        ]
        if not self.sqlite:
            statements.append(("SELECT pg_notify(%s, %s)", (CHANNEL, f"m {table_id} {version}")))
        return statements

    def lock_row(
        self, table_id: str, version: int, plies: int, rewrites: int
    ) -> tuple[RowLock, Changes | None]:
        """PostgreSQL: lock the row of ``table_id`` in a new transaction, then read what
        changed since ``version`` as ``load_changes`` does (None: still at it). Until
        the transaction ends (a move stored through it with ``add_move(held=...)``, or
        ``RowLock.release``), no other process can store a change of the table, so a
        move decided on the stored table read here cannot meet a Conflict. Conflict if
        the row stays locked by another transaction for ``RowLock.WAIT``."""
        held = RowLock(self.engine)
        try:
            changes = held.changes(table_id, version, plies, rewrites)
        except BaseException:
            held.release()
            raise
        return held, changes

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
        self._notify(session, f"m {table_id} {version}")

    def _notify(self, session: Session, payload: str) -> None:
        """NOTIFY every process (PostgreSQL; delivered when the transaction commits)."""
        if not self.sqlite:
            session.execute(
                sql_text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": payload},
            )

    def notify(self, payload: str) -> None:
        """NOTIFY every process now (PostgreSQL; nothing for SQLite)."""
        if not self.sqlite:
            with Session(self.engine) as session, session.begin():
                self._notify(session, payload)

    def rewrite_moves(
        self,
        table_id: str,
        start: int,
        moves: list[tuple[int, str]],
        version: int,
        now: float,
        timer: tuple[float | None, str | None],
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
            statements = self._rewrite_statements(
                table_id, start, moves, version, now, timer, versions, driven, shown
            )
            held.store(statements, table_id, version)
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

    def _rewrite_statements(
        self,
        table_id: str,
        start: int,
        moves: list[tuple[int, str]],
        version: int,
        now: float,
        timer: tuple[float | None, str | None],
        versions: str | None,
        driven: bool | None,
        shown: float | None = None,
    ) -> list[tuple[str, tuple[Any, ...]]]:
        """The SQL of ``rewrite_moves`` (DBAPI paramstyle) for a locked transaction,
        the version check first (``_execute_move``)."""
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        values: tuple[Any, ...] = (version, now, timer[0], timer[1], versions)
        sets = (
            f"version = {mark}, status = 'playing', updated = {mark}, deadline = {mark},"
            f" timer_key = {mark}, seat_versions = {mark}, rewrites = COALESCE(rewrites, 0) + 1"
        )
        if driven is not None:
            values += (driven,)
            sets += f", driven = {mark}"
        if shown is not None:
            values += (shown,)
            sets += f", shown = {mark}"
        statements = [
            (
                f"UPDATE meeple_tables SET {sets} WHERE id = {mark} AND version = {mark}",
                (*values, table_id, version - 1),
            ),
            (
                f"DELETE FROM meeple_moves WHERE table_id = {mark} AND ply >= {mark}",
                (table_id, start),
            ),
        ]
        statements += [
            (
                f"INSERT INTO meeple_moves (table_id, ply, seat, text)"
                f" VALUES ({mark}, {mark}, {mark}, {mark})",
                (table_id, start + i, seat, text),
            )
            for i, (seat, text) in enumerate(moves)
        ]
        if not self.sqlite:
            statements.append(("SELECT pg_notify(%s, %s)", (CHANNEL, f"m {table_id} {version}")))
        return statements

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
            held.store(
                self._seats_statements(table_id, seats, version, versions, driven),
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

    def _seats_statements(
        self,
        table_id: str,
        seats: list[dict[str, Any]],
        version: int,
        versions: str | None,
        driven: bool | None,
    ) -> list[tuple[str, tuple[Any, ...]]]:
        """The SQL of ``set_seats`` (DBAPI paramstyle) for a locked transaction, the
        version check first (``_execute_move``)."""
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        values: tuple[Any, ...] = (version, json.dumps(seats), versions)
        sets = f"version = {mark}, seats = {mark}, seat_versions = {mark}"
        if driven is not None:
            values += (driven,)
            sets += f", driven = {mark}"
        statements = [
            (
                f"UPDATE meeple_tables SET {sets} WHERE id = {mark} AND version = {mark}",
                (*values, table_id, version - 1),
            )
        ]
        if not self.sqlite:
            statements.append(("SELECT pg_notify(%s, %s)", (CHANNEL, f"m {table_id} {version}")))
        return statements

    def set_driven(self, table_id: str, version: int, driven: bool) -> None:
        """Correct ``driven`` of a table still stored at ``version`` (a row from before
        the column, found by a process that loaded it; nothing if it changed since:
        that change stored its own)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.version == version)
                .values(driven=driven)
            )

    def set_timer(self, table_id: str, deadline: float | None, key: str | None) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(deadline=deadline, timer_key=key)
            )

    def add_chat(
        self,
        table_id: str,
        sender: int,
        recipient: int | list[int] | None,
        text: str,
        now: float,
        ply: int | None = None,
    ) -> int:
        """Store a message to everyone (None), one seat or several (a list), sent when
        the game had ``ply`` moves."""
        several = isinstance(recipient, list)
        with Session(self.engine) as session, session.begin():
            row = ChatRow(
                table_id=table_id,
                sender=sender,
                recipient=None if several else recipient,
                recipients=json.dumps(recipient) if several else None,
                text=text,
                time=now,
                ply=ply,
            )
            session.add(row)
            session.flush()
            self._notify(session, f"c {table_id} {row.id}")
            return int(row.id)

    def save_review(self, table_id: str, review: StoredReview, now: float) -> None:
        """Create or replace the review row of ``table_id``."""
        data = None if review.data is None else json.dumps(review.data)
        with Session(self.engine) as session, session.begin():
            session.merge(
                ReviewRow(
                    table_id=table_id,
                    status=review.status,
                    done=review.done,
                    total=review.total,
                    data=data,
                    error=review.error,
                    updated=now,
                )
            )

    def save_hints(self, table_id: str, allowed: bool, used: list[int]) -> None:
        """Create or replace the hints row of ``table_id``."""
        with Session(self.engine) as session, session.begin():
            session.merge(HintRow(table_id=table_id, allowed=allowed, used=json.dumps(used)))

    # ---- reads ----------------------------------------------------------------------

    def load_review(self, table_id: str) -> StoredReview | None:
        with Session(self.engine) as session:
            row = session.get(ReviewRow, table_id)
            if row is None:
                return None
            data = None if row.data is None else json.loads(row.data)
            return StoredReview(row.status, row.done, row.total, data, row.error)

    def load_hints(self, table_id: str) -> tuple[bool, list[int]] | None:
        """(allowed, hints used per seat), or None for a table without a hints row."""
        with Session(self.engine) as session:
            row = session.get(HintRow, table_id)
            return None if row is None else (bool(row.allowed), list(json.loads(row.used)))

    def load_table(self, table_id: str, chat_limit: int | None = None) -> StoredTable | None:
        """The stored table with its moves and its last ``chat_limit`` chat messages
        (all without a limit); None if there is no such table."""
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            table = _stored(row)
            moves = session.execute(
                select(MoveRow.seat, MoveRow.text)
                .where(MoveRow.table_id == table_id)
                .order_by(MoveRow.ply)
            ).all()
            table.moves = [(int(seat), str(text)) for seat, text in moves]
            query = select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id.desc())
            if chat_limit is not None:
                query = query.limit(chat_limit)
            chats = reversed(list(session.execute(query).scalars()))
            table.chat = [_chat_json(c) for c in chats]
            return table

    def load_changes(
        self, table_id: str, version: int, plies: int, rewrites: int
    ) -> Changes | None:
        """What changed since a process stored or loaded ``table_id`` at ``version``
        holding ``plies`` moves after ``rewrites`` undos: None if it is still stored at
        ``version``. Only the moves after ``plies`` are read unless an undo rewrote the
        history since (then all of them)."""
        with self.engine.connect() as connection:
            return _read_changes(connection, table_id, version, plies, rewrites, lock=False)

    def recent_chat(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """The last ``limit`` chat messages of ``table_id``, oldest first."""
        with Session(self.engine) as session:
            query = select(ChatRow).where(ChatRow.table_id == table_id)
            rows = session.execute(query.order_by(ChatRow.id.desc()).limit(limit)).scalars()
            return [_chat_json(c) for c in reversed(list(rows))]

    def public_chat(self, table_id: str) -> list[dict[str, Any]]:
        """Every message of ``table_id`` sent to the whole table, oldest first (what a
        spectator may read; private messages never)."""
        with Session(self.engine) as session:
            query = select(ChatRow).where(
                ChatRow.table_id == table_id,
                ChatRow.recipient.is_(None),
                ChatRow.recipients.is_(None),
            )
            return [_chat_json(c) for c in session.execute(query.order_by(ChatRow.id)).scalars()]

    def version_of(self, table_id: str) -> int | None:
        """The stored version of ``table_id`` (None if there is no such table)."""
        with Session(self.engine) as session:
            value = session.execute(
                select(TableRow.version).where(TableRow.id == table_id)
            ).scalar_one_or_none()
            return None if value is None else int(value)

    def list_tables(self, status: str | None = None, limit: int = 200) -> list[StoredTable]:
        """The lobby's tables, latest public change first (``shown``: never the time of
        a hidden edit)."""
        public_time = func.coalesce(TableRow.shown, TableRow.updated)
        with Session(self.engine) as session:
            query = select(TableRow).order_by(public_time.desc(), TableRow.id).limit(limit)
            if status is not None:
                query = query.where(TableRow.status == status)
            return [_stored(row) for row in session.execute(query).scalars()]

    def active_ids(self, limit: int) -> list[str]:
        """Up to ``limit`` unfinished tables that move on without a person (a seat played
        by a bot, or a running phase clock), most recently updated first (read through
        the index of such tables, ``needs_driver``)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id)
                .where(sql_text(needs_driver()))
                .order_by(TableRow.updated.desc())
                .limit(limit)
            ).all()
        return [str(row[0]) for row in rows]

    def table_ids(self, status: str) -> list[str]:
        with Session(self.engine) as session:
            rows = session.execute(select(TableRow.id).where(TableRow.status == status)).all()
            return [str(r[0]) for r in rows]


def _read_changes(
    connection: Connection, table_id: str, version: int, plies: int, rewrites: int, *, lock: bool
) -> Changes | None:
    """``Store.load_changes`` on ``connection``; ``lock``: the table's row is read FOR
    NO KEY UPDATE (PostgreSQL: other writers of the row wait; inserting chat or moves,
    whose foreign key only shares the row's key, does not)."""
    query = select(TableRow.__table__).where(TableRow.id == table_id)
    if lock:
        query = query.with_for_update(key_share=True)
    row = connection.execute(query).one_or_none()
    if row is None or row.version == version:
        return None
    table = _stored(row)
    start = plies if table.rewrites == rewrites else 0
    moves = connection.execute(
        select(MoveRow.seat, MoveRow.text)
        .where(MoveRow.table_id == table_id, MoveRow.ply >= start)
        .order_by(MoveRow.ply)
    ).all()
    return Changes(table, start, [(int(a), str(b)) for a, b in moves])


def _execute_move(
    cursor: Any, statements: list[tuple[str, tuple[Any, ...]]], table_id: str, version: int
) -> None:
    """Run a move's statements (``Store._move_statements``) on a DBAPI cursor: Conflict
    if the version check updated no row (the caller rolls back)."""
    try:
        for number, (sql, params) in enumerate(statements):
            cursor.execute(sql, params)
            if number == 0 and cursor.rowcount != 1:
                raise Conflict(f"table {table_id} is no longer at version {version - 1}")
    finally:
        cursor.close()


class RowLock:
    """A table's row locked in an open transaction on a connection of its own
    (``Store.lock_row``; PostgreSQL). Its calls may come from any thread, one at a
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
                return _read_changes(connection, table_id, version, plies, rewrites, lock=True)
            except OperationalError as exc:
                if getattr(exc.orig, "sqlstate", None) != LOCK_NOT_AVAILABLE:
                    raise
                raise Conflict(f"table {table_id} stayed locked by another process") from None

    def store(
        self, statements: list[tuple[str, tuple[Any, ...]]], table_id: str, version: int
    ) -> None:
        """Run a move's statements in the locked transaction and commit; the lock ends
        (Conflict only if the row changed anyway, which the lock should exclude)."""
        with self._guard:
            connection = self._open()
            try:
                _execute_move(connection.connection.cursor(), statements, table_id, version)
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


LOCK_NOT_AVAILABLE = "55P03"  # PostgreSQL's SQLSTATE when lock_timeout expired


def _stored(row: Any) -> StoredTable:
    """A ``TableRow``, or a row of its columns (SQL Core), as a ``StoredTable``."""
    return StoredTable(
        id=row.id,
        game=row.game,
        rules_version=row.rules_version,
        config=json.loads(row.config),
        seed=row.seed,
        seats=json.loads(row.seats),
        version=row.version,
        status=row.status,
        created=row.created,
        updated=row.updated,
        deadline=row.deadline,
        timer_key=row.timer_key,
        talk=row.talk or "rules",
        seat_versions=row.seat_versions,
        rewrites=row.rewrites or 0,
        driven=bool(row.driven),
        shown=row.shown,
        analysis=bool(row.analysis),
    )


def _add_missing_columns(connection: Connection) -> None:
    """Add the nullable columns newer than an existing database (``create_all`` makes
    only missing tables): e.g. ``meeple_tables.talk`` and ``meeple_chat.recipients``
    and ``meeple_chat.ply``."""
    found = inspect(connection)
    for name in ("meeple_tables", "meeple_chat", "meeple_nodes"):
        table = Base.metadata.tables[name]
        have = {c["name"] for c in found.get_columns(table.name)}
        for column in table.columns:
            if column.name not in have and column.nullable:
                kind = column.type.compile(dialect=connection.dialect)
                connection.execute(
                    sql_text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}")
                )


def _set_driven(connection: Connection) -> None:
    """``driven`` for the rows stored before it existed (once: every change since
    stores it). Without replaying, it says whether the table may move on without a
    person (a bot seat or a clock); whoever next loads such a table stores whether it
    does now (``Store.set_driven``)."""
    rows = connection.execute(
        sql_text("SELECT id, seats, deadline FROM meeple_tables WHERE driven IS NULL")
    ).all()
    for table_id, seats, deadline in rows:
        bots = any(seat["kind"] != HUMAN for seat in json.loads(seats))
        connection.execute(
            sql_text("UPDATE meeple_tables SET driven = :driven WHERE id = :id"),
            {"driven": bots or deadline is not None, "id": table_id},
        )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
