"""Storage of tables as game records (seed and moves) plus chat, with SQLAlchemy 2.

SQLite by default, PostgreSQL with a ``postgresql+psycopg://`` URL. A move is
committed before it is acknowledged, so a table is rebuilt exactly by replaying
its stored moves after any restart, even after ``kill -9``.

``Store`` is the database (``storage.database.Database``) with one store per kind
of fact, each in its own module of ``meeple.server.storage``: ``tables``
(``TableStore``), ``moves`` (``MoveStore``: moves, undos' rewrites, seats, row
locks), ``chat`` (``ChatStore``) and ``reviews`` (``ReviewStore``: reviews and
hints). The rows are in ``storage.rows``, the SQL of a change in
``storage.queries``. The server calls them from one worker thread at a time,
except ``moves.add_move``: on the move threads, or on the event loop on SQLite
(``inline``).
"""

from __future__ import annotations

from meeple.server.storage.chat import ChatStore
from meeple.server.storage.database import Database, normalize_url
from meeple.server.storage.moves import MoveStore, RowLock
from meeple.server.storage.queries import CHANNEL
from meeple.server.storage.records import (
    Changes,
    Conflict,
    LimitReached,
    StoredReview,
    StoredTable,
)
from meeple.server.storage.reviews import ReviewStore
from meeple.server.storage.rows import needs_driver
from meeple.server.storage.tables import OPEN_FOR, TableStore

__all__ = [
    "CHANNEL",
    "OPEN_FOR",
    "Changes",
    "Conflict",
    "LimitReached",
    "RowLock",
    "Store",
    "StoredReview",
    "StoredTable",
    "needs_driver",
    "normalize_url",
]


class Store(Database):
    """The database and its stores: ``tables``, ``moves``, ``chat``, ``reviews``.
    SQLite's WAL is checkpointed every ``CHECKPOINT_EVERY`` moves (``Database``)."""

    CHECKPOINT_EVERY = 500  # moves

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.tables = TableStore(self)
        self.moves = MoveStore(self)
        self.chat = ChatStore(self)
        self.reviews = ReviewStore(self)

    def close(self) -> None:
        self.moves.close()
        super().close()
