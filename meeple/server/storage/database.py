"""The database handle every store shares: its URL and SQLAlchemy engine (SQLite in
WAL mode, or PostgreSQL through psycopg 3), the schema made on opening, and how its
statements are written (``Dialect``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy import text as sql_text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from meeple.server.storage.queries import CHANNEL, Dialect
from meeple.server.storage.rows import create_schema


def normalize_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs and use psycopg 3 for them."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Database:
    """One database, opened (and its schema made) once per process.

    SQLite runs in WAL mode with ``synchronous=NORMAL``: a commit appends to the WAL
    file without an fsync, so a committed move survives the server process being
    killed (``kill -9``: the data is in the operating system's page cache), but the
    last moves before a power cut or kernel crash may be lost. The WAL is copied back
    into the database (``checkpoint``, with an fsync) by the worker thread, never
    inside a move's commit."""

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
            create_schema(connection, self.sqlite)
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        self.dialect = Dialect(mark, notifies=not self.sqlite)

    @property
    def inline(self) -> bool:
        """True if a move's commit is a local file append (SQLite in WAL mode, no fsync):
        cheaper done on the event loop than handed to a thread and back."""
        return self.sqlite

    def checkpoint(self) -> None:
        """Copy the WAL back into the database file (SQLite; nothing for others). The
        caller counts the moves since (``MoveStore.since_checkpoint``): this runs on the
        database thread while moves go on, so it must not reset their count."""
        if self.sqlite:
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def notify(self, session: Session, payload: str) -> None:
        """NOTIFY every process (PostgreSQL; delivered when the transaction commits)."""
        if not self.sqlite:
            session.execute(
                sql_text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": payload},
            )

    def close(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
