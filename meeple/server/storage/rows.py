"""The rows of the database (SQLAlchemy 2 declarative classes), and the schema: its
creation, and the columns newer than an existing database added to it."""

from __future__ import annotations

import json

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Integer, String, Text, inspect
from sqlalchemy import text as sql_text
from sqlalchemy.engine import Connection
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

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


def needs_driver(alias: str = "") -> str:
    """SQL: the stored table (``alias``: its name in the query, with a dot) is
    unfinished and moves on without a person now (``TableRow.driven``). The partial
    index ``meeple_tables_to_drive`` holds exactly these rows, so a query with this
    condition reads only them (not every unfinished table)."""
    return f"{alias}status = 'playing' AND {alias}driven"


def create_schema(connection: Connection, sqlite: bool) -> None:
    """Every table and index that is missing, and the columns newer than the database;
    on PostgreSQL under an advisory lock (processes starting at once do it in turn)."""
    if not sqlite:
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
    does now (``TableStore.set_driven``)."""
    rows = connection.execute(
        sql_text("SELECT id, seats, deadline FROM meeple_tables WHERE driven IS NULL")
    ).all()
    for table_id, seats, deadline in rows:
        bots = any(seat["kind"] != HUMAN for seat in json.loads(seats))
        connection.execute(
            sql_text("UPDATE meeple_tables SET driven = :driven WHERE id = :id"),
            {"driven": bots or deadline is not None, "id": table_id},
        )
