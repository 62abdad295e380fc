"""Storage of tables as game records (seed and moves) plus chat, with SQLAlchemy 2.

SQLite by default, PostgreSQL with a ``postgresql+psycopg://`` URL. A move is
committed before it is acknowledged, so a table is rebuilt exactly by replaying
its stored moves after any restart, even after ``kill -9``.
"""

from __future__ import annotations

import json
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
    inspect,
    select,
    update,
)
from sqlalchemy import (
    text as sql_text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


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
        Base.metadata.create_all(self.engine)
        _add_missing_columns(self.engine)
        self._mover: Any = None  # the DBAPI connection that stores moves, kept open
        self.moves_since_checkpoint = 0

    @property
    def inline(self) -> bool:
        """True if a move's commit is a local file append (SQLite in WAL mode, no fsync):
        cheaper done on the event loop than handed to a thread and back."""
        return self.sqlite

    def close(self) -> None:
        if self._mover is not None:
            self._mover.close()
            self._mover = None
        self.engine.dispose()

    def checkpoint(self) -> None:
        """Copy the WAL back into the database file (SQLite; nothing for others)."""
        self.moves_since_checkpoint = 0
        if self.sqlite:
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    # ---- writes ---------------------------------------------------------------------

    def create_table(self, table: StoredTable) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    rules_version=table.rules_version,
                    config=json.dumps(table.config),
                    seed=table.seed,
                    seats=json.dumps(table.seats),
                    version=table.version,
                    status=table.status,
                    created=table.created,
                    updated=table.updated,
                    deadline=table.deadline,
                    timer_key=table.timer_key,
                    talk=table.talk,
                )
            )

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
    ) -> None:
        """Store one move and the table's new version in one transaction (SQL Core:
        this is the hot path of every move)."""
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        values: tuple[Any, ...] = (version, status, now)
        sets = f"version = {mark}, status = {mark}, updated = {mark}"
        if timer is not None:
            values += timer
            sets += f", deadline = {mark}, timer_key = {mark}"
        if self._mover is None:
            # The DBAPI directly, one connection kept open: this runs on every move.
            self._mover = self.engine.raw_connection()
            if self.sqlite:
                # Checkpoints run in the worker thread (``checkpoint``), not in a move.
                self._mover.cursor().execute("PRAGMA wal_autocheckpoint=0")
        raw = self._mover
        try:
            cursor = raw.cursor()
            cursor.execute(
                f"INSERT INTO meeple_moves (table_id, ply, seat, text)"
                f" VALUES ({mark}, {mark}, {mark}, {mark})",
                (table_id, ply, seat, text),
            )
            cursor.execute(
                f"UPDATE meeple_tables SET {sets} WHERE id = {mark}", (*values, table_id)
            )
            cursor.close()
            raw.commit()
        except BaseException:
            self._mover = None
            try:
                raw.rollback()
            finally:
                raw.invalidate()  # a fresh connection for the next move
            raise
        self.moves_since_checkpoint += 1

    def truncate_moves(
        self,
        table_id: str,
        keep: int,
        version: int,
        now: float,
        timer: tuple[float | None, str | None],
    ) -> None:
        """Undo: forget the moves from ply ``keep`` on."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.ply >= keep)
            )
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(
                    version=version,
                    status="playing",
                    updated=now,
                    deadline=timer[0],
                    timer_key=timer[1],
                )
            )

    def rewrite_moves(
        self,
        table_id: str,
        start: int,
        moves: list[tuple[int, str]],
        version: int,
        now: float,
        timer: tuple[float | None, str | None],
    ) -> None:
        """Undo: the moves from ply ``start`` on become ``moves`` (one transaction)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.ply >= start)
            )
            session.add_all(
                MoveRow(table_id=table_id, ply=start + i, seat=seat, text=text)
                for i, (seat, text) in enumerate(moves)
            )
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(
                    version=version,
                    status="playing",
                    updated=now,
                    deadline=timer[0],
                    timer_key=timer[1],
                )
            )

    def set_seats(self, table_id: str, seats: list[dict[str, Any]], version: int) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(seats=json.dumps(seats), version=version)
            )

    def set_timer(self, table_id: str, deadline: float | None, key: str | None) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(deadline=deadline, timer_key=key)
            )

    def add_chat(
        self, table_id: str, sender: int, recipient: int | list[int] | None, text: str, now: float
    ) -> int:
        """Store a message to everyone (None), one seat or several (a list)."""
        several = isinstance(recipient, list)
        with Session(self.engine) as session, session.begin():
            row = ChatRow(
                table_id=table_id,
                sender=sender,
                recipient=None if several else recipient,
                recipients=json.dumps(recipient) if several else None,
                text=text,
                time=now,
            )
            session.add(row)
            session.flush()
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
            table.chat = [
                {
                    "id": c.id,
                    "from": c.sender,
                    "to": json.loads(c.recipients) if c.recipients else c.recipient,
                    "text": c.text,
                    "time": c.time,
                }
                for c in chats
            ]
            return table

    def list_tables(self, status: str | None = None, limit: int = 200) -> list[StoredTable]:
        with Session(self.engine) as session:
            query = select(TableRow).order_by(TableRow.updated.desc()).limit(limit)
            if status is not None:
                query = query.where(TableRow.status == status)
            return [_stored(row) for row in session.execute(query).scalars()]

    def active_ids(self, limit: int, human: str) -> list[str]:
        """The unfinished tables that may move on without a person (a seat whose kind is
        not ``human``, or a running phase clock), most recently updated first."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.seats, TableRow.deadline)
                .where(TableRow.status == "playing")
                .order_by(TableRow.updated.desc())
            ).all()
        out: list[str] = []
        for table_id, seats, deadline in rows:
            if deadline is not None or any(s["kind"] != human for s in json.loads(seats)):
                out.append(str(table_id))
                if len(out) >= limit:
                    break
        return out

    def table_ids(self, status: str) -> list[str]:
        with Session(self.engine) as session:
            rows = session.execute(select(TableRow.id).where(TableRow.status == status)).all()
            return [str(r[0]) for r in rows]


def _stored(row: TableRow) -> StoredTable:
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
    )


def _add_missing_columns(engine: Engine) -> None:
    """Add the nullable columns newer than an existing database (``create_all`` makes
    only missing tables): ``meeple_tables.talk`` and ``meeple_chat.recipients``."""
    found = inspect(engine)
    for name in ("meeple_tables", "meeple_chat"):
        table = Base.metadata.tables[name]
        have = {c["name"] for c in found.get_columns(table.name)}
        for column in table.columns:
            if column.name not in have and column.nullable:
                kind = column.type.compile(dialect=engine.dialect)
                with engine.begin() as connection:
                    connection.execute(
                        sql_text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}")
                    )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
