"""The store's SQL apart from its rows: the statements a change is stored with (the
DBAPI's own paramstyle, the version check first), reading the changes to catch up
with, and turning rows into records."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection

from meeple.server.storage.records import Changes, Conflict, StoredTable
from meeple.server.storage.rows import ChatRow, MoveRow, TableRow

CHANNEL = "meeple"  # PostgreSQL NOTIFY channel: "m|c|p <table id> <number>"
LOCK_NOT_AVAILABLE = "55P03"  # PostgreSQL's SQLSTATE when lock_timeout expired
Statements = list[tuple[str, tuple[Any, ...]]]
Timer = tuple[float | None, str | None]
Moves = list[tuple[int, str]]


@dataclass(frozen=True)
class Dialect:
    """How statements are written for one database: the DBAPI's parameter ``mark``
    ("?" or "%s"), and whether a change notifies the other processes (PostgreSQL)."""

    mark: str
    notifies: bool

    def bump(self, sets: str, values: tuple[Any, ...], table_id: str, version: int) -> Statements:
        """The version check that stores ``sets`` (with ``values``): it updates the row
        only if the table is still at ``version - 1`` (``execute_move`` checks it), and
        locks it, so a second process storing the same version waits, then finds the
        version moved."""
        m = self.mark
        sql = f"UPDATE meeple_tables SET {sets} WHERE id = {m} AND version = {m}"
        return [(sql, (*values, table_id, version - 1))]

    def insert_move(self, table_id: str, ply: int, seat: int, text: str) -> Statements:
        m = self.mark
        sql = f"INSERT INTO meeple_moves (table_id, ply, seat, text) VALUES ({m}, {m}, {m}, {m})"
        return [(sql, (table_id, ply, seat, text))]

    def notify(self, table_id: str, version: int) -> Statements:
        """The NOTIFY of a new version, if this database notifies (``CHANNEL``)."""
        if not self.notifies:
            return []
        return [("SELECT pg_notify(%s, %s)", (CHANNEL, f"m {table_id} {version}"))]

    def optional(self, driven: bool | None, shown: float | None) -> tuple[str, tuple[Any, ...]]:
        """The SET clauses of ``driven`` and ``shown`` where given (None: left as stored)."""
        sets = ""
        values: tuple[Any, ...] = ()
        if driven is not None:
            values += (driven,)
            sets += f", driven = {self.mark}"
        if shown is not None:
            values += (shown,)
            sets += f", shown = {self.mark}"
        return sets, values


@dataclass(frozen=True)
class MoveFacts:
    """One move as ``MoveStore.add_move`` stores it with the table's new state."""

    table_id: str
    ply: int
    seat: int
    text: str
    version: int
    status: str
    now: float
    timer: Timer | None
    versions: str | None
    driven: bool | None
    shown: float | None


def move_statements(sql: Dialect, move: MoveFacts) -> Statements:
    """The SQL of ``MoveStore.add_move``, the version check first."""
    m = sql.mark
    values: tuple[Any, ...] = (move.version, move.status, move.now, move.versions)
    sets = f"version = {m}, status = {m}, updated = {m}, seat_versions = {m}"
    if move.timer is not None:
        values += move.timer
        sets += f", deadline = {m}, timer_key = {m}"
    more, extra = sql.optional(move.driven, move.shown)
    return [
        *sql.bump(sets + more, values + extra, move.table_id, move.version),
        *sql.insert_move(move.table_id, move.ply, move.seat, move.text),
        *sql.notify(move.table_id, move.version),
    ]


@dataclass(frozen=True)
class RewriteFacts:
    """An undo as ``MoveStore.rewrite_moves`` stores it: the moves from ply ``start``."""

    table_id: str
    start: int
    moves: Moves
    version: int
    now: float
    timer: Timer
    versions: str | None
    driven: bool | None
    shown: float | None


def rewrite_statements(sql: Dialect, undo: RewriteFacts) -> Statements:
    """The SQL of ``MoveStore.rewrite_moves`` for a locked transaction, the version
    check first."""
    m = sql.mark
    values: tuple[Any, ...] = (undo.version, undo.now, undo.timer[0], undo.timer[1], undo.versions)
    sets = (
        f"version = {m}, status = 'playing', updated = {m}, deadline = {m},"
        f" timer_key = {m}, seat_versions = {m}, rewrites = COALESCE(rewrites, 0) + 1"
    )
    more, extra = sql.optional(undo.driven, undo.shown)
    delete = (
        f"DELETE FROM meeple_moves WHERE table_id = {m} AND ply >= {m}",
        (undo.table_id, undo.start),
    )
    statements = [*sql.bump(sets + more, values + extra, undo.table_id, undo.version), delete]
    for i, (seat, text) in enumerate(undo.moves):
        statements += sql.insert_move(undo.table_id, undo.start + i, seat, text)
    return statements + sql.notify(undo.table_id, undo.version)


def seats_statements(
    sql: Dialect,
    table_id: str,
    seats: list[dict[str, Any]],
    version: int,
    versions: str | None,
    driven: bool | None,
) -> Statements:
    """The SQL of ``MoveStore.set_seats`` for a locked transaction, the version check
    first."""
    m = sql.mark
    values: tuple[Any, ...] = (version, json.dumps(seats), versions)
    more, extra = sql.optional(driven, None)
    sets = f"version = {m}, seats = {m}, seat_versions = {m}" + more
    return [*sql.bump(sets, values + extra, table_id, version), *sql.notify(table_id, version)]


def execute_move(cursor: Any, statements: Statements, table_id: str, version: int) -> None:
    """Run a change's statements on a DBAPI cursor: Conflict if the version check
    updated no row (the caller rolls back)."""
    try:
        for number, (sql, params) in enumerate(statements):
            cursor.execute(sql, params)
            if number == 0 and cursor.rowcount != 1:
                raise Conflict(f"table {table_id} is no longer at version {version - 1}")
    finally:
        cursor.close()


def read_changes(
    connection: Connection, table_id: str, version: int, plies: int, rewrites: int, *, lock: bool
) -> Changes | None:
    """``TableStore.load_changes`` on ``connection``; ``lock``: the table's row is read
    FOR NO KEY UPDATE (PostgreSQL: other writers of the row wait; inserting chat or
    moves, whose foreign key only shares the row's key, does not)."""
    query = select(TableRow.__table__).where(TableRow.id == table_id)
    if lock:
        query = query.with_for_update(key_share=True)
    row = connection.execute(query).one_or_none()
    if row is None or row.version == version:
        return None
    table = stored_table(row)
    start = plies if table.rewrites == rewrites else 0
    moves = connection.execute(
        select(MoveRow.seat, MoveRow.text)
        .where(MoveRow.table_id == table_id, MoveRow.ply >= start)
        .order_by(MoveRow.ply)
    ).all()
    return Changes(table, start, [(int(a), str(b)) for a, b in moves])


def stored_table(row: Any) -> StoredTable:
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


def chat_json(row: ChatRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "from": row.sender,
        "to": json.loads(row.recipients) if row.recipients else row.recipient,
        "text": row.text,
        "time": row.time,
        "ply": row.ply,
    }
