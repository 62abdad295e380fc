"""The tables' rows: creating a table (under the per-address limits), loading it
with its moves and recent chat, what changed since a version, and the lobby's and
the drivers' lists."""

from __future__ import annotations

import json

from sqlalchemy import func, select, update
from sqlalchemy import text as sql_text
from sqlalchemy.orm import Session

from meeple.server.storage.database import Database
from meeple.server.storage.queries import chat_json, read_changes, stored_table
from meeple.server.storage.records import Changes, LimitReached, StoredTable
from meeple.server.storage.rows import ChatRow, MoveRow, TableRow, needs_driver

OPEN_FOR = 86400.0  # seconds: an unfinished table unchanged this long is not "open"


class TableStore:
    """The rows of ``meeple_tables`` (synchronous: called on the database thread)."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.engine = database.engine

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
        if not self.database.sqlite:
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

    def load_table(self, table_id: str, chat_limit: int | None = None) -> StoredTable | None:
        """The stored table with its moves and its last ``chat_limit`` chat messages
        (all without a limit); None if there is no such table."""
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            table = stored_table(row)
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
            table.chat = [chat_json(c) for c in chats]
            return table

    def load_changes(
        self, table_id: str, version: int, plies: int, rewrites: int
    ) -> Changes | None:
        """What changed since a process stored or loaded ``table_id`` at ``version``
        holding ``plies`` moves after ``rewrites`` undos: None if it is still stored at
        ``version``. Only the moves after ``plies`` are read unless an undo rewrote the
        history since (then all of them)."""
        with self.engine.connect() as connection:
            return read_changes(connection, table_id, version, plies, rewrites, lock=False)

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
            return [stored_table(row) for row in session.execute(query).scalars()]

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
