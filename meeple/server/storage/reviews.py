"""The rows of finished tables' reviews and of every table's hints."""

from __future__ import annotations

import json

from sqlalchemy.orm import Session

from meeple.server.storage.database import Database
from meeple.server.storage.records import StoredReview
from meeple.server.storage.rows import HintRow, ReviewRow


class ReviewStore:
    """The rows of ``meeple_reviews`` and ``meeple_hints`` (synchronous: called on the
    database thread)."""

    def __init__(self, database: Database) -> None:
        self.engine = database.engine

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

    def load_review(self, table_id: str) -> StoredReview | None:
        with Session(self.engine) as session:
            row = session.get(ReviewRow, table_id)
            if row is None:
                return None
            data = None if row.data is None else json.loads(row.data)
            return StoredReview(row.status, row.done, row.total, data, row.error)

    def save_hints(self, table_id: str, allowed: bool, used: list[int]) -> None:
        """Create or replace the hints row of ``table_id``."""
        with Session(self.engine) as session, session.begin():
            session.merge(HintRow(table_id=table_id, allowed=allowed, used=json.dumps(used)))

    def load_hints(self, table_id: str) -> tuple[bool, list[int]] | None:
        """(allowed, hints used per seat), or None for a table without a hints row."""
        with Session(self.engine) as session:
            row = session.get(HintRow, table_id)
            return None if row is None else (bool(row.allowed), list(json.loads(row.used)))
