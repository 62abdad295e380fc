"""The chat's rows: a message stored (and notified to the other processes), the
recent ones a table keeps in memory, and the public ones a replay shows."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeple.server.storage.database import Database
from meeple.server.storage.queries import chat_json
from meeple.server.storage.rows import ChatRow


class ChatStore:
    """The rows of ``meeple_chat`` (synchronous: called on the database thread)."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.engine = database.engine

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
            self.database.notify(session, f"c {table_id} {row.id}")
            return int(row.id)

    def recent_chat(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """The last ``limit`` chat messages of ``table_id``, oldest first."""
        with Session(self.engine) as session:
            query = select(ChatRow).where(ChatRow.table_id == table_id)
            rows = session.execute(query.order_by(ChatRow.id.desc()).limit(limit)).scalars()
            return [chat_json(c) for c in reversed(list(rows))]

    def public_chat(self, table_id: str) -> list[dict[str, Any]]:
        """Every message of ``table_id`` sent to the whole table, oldest first (what a
        spectator may read; private messages never)."""
        with Session(self.engine) as session:
            query = select(ChatRow).where(
                ChatRow.table_id == table_id,
                ChatRow.recipient.is_(None),
                ChatRow.recipients.is_(None),
            )
            return [chat_json(c) for c in session.execute(query.order_by(ChatRow.id)).scalars()]
