"""Chat and presence at the tables: messages stored and pushed to whoever may read
them, and which seats have a socket open (``presence.Presence``), shared with the
other processes of a cluster (notified messages read from storage, sockets counted
per node)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from meeple.server.broadcast import Views
from meeple.server.leases import Leases
from meeple.server.limits import Limits, Window
from meeple.server.moves import Moves
from meeple.server.presence import Presence
from meeple.server.tables import ApiError, Missed, Table, dumps, visible
from meeple.server.talk import closed_because, recipients
from meeple.server.texts import check_chat
from meeple.server.threads import Threads

log = logging.getLogger("meeple.server")


class ChatRoom:
    """Every table's chat and presence. ``moves`` brings a table up to date before its
    talk rules are decided; ``leases`` stores and reads presence in a cluster."""

    def __init__(
        self, threads: Threads, views: Views, limits: Limits, moves: Moves, leases: Leases
    ) -> None:
        self.threads = threads
        self.store = threads.store
        self.views = views
        self.limits = limits
        self.moves = moves
        self.leases = leases
        self.presence = Presence(views)
        self.window = Window(60.0)  # messages sent, per seat and per table

    async def chat(
        self, table: Table, seat: int, text: str, to: int | list[int] | None
    ) -> dict[str, Any]:
        """Store a message from ``seat`` (to everyone: None; to one seat; or to a list of
        seats) and push it to whoever may read it; returns the stored message. Chat
        follows the table's talk rules (``meeple.server.talk``: 409 while closed). At
        most ``Limits.chat_per_seat`` messages per seat and ``chat_per_table`` per table
        in any minute (429); the table keeps the last ``chat_kept`` in memory."""
        try:
            to = recipients(to, seat, table.players)
        except ValueError as exc:
            raise ApiError(422, str(exc)) from None
        text = check_chat(text).strip()
        if not text:
            raise ApiError(422, "empty message")
        if table.behind:  # talk rules are decided on the latest stored state
            async with table.lock:
                await self.moves.catch_up(table)
        view = self.views.view(table, None)
        closed = closed_because(table.talk, table.game, table.state, view, table.over)
        if closed is not None:
            raise ApiError(409, *closed)
        self._allowed(table, seat)
        now = time.time()
        ply = len(table.record.moves)  # places the message among the moves in a replay
        message_id = await self.threads.db(
            self.store.chat.add_chat, table.id, seat, to, text, now, ply
        )
        message = {"id": message_id, "from": seat, "to": to, "text": text, "time": now, "ply": ply}
        self.added(table, message)
        return message

    def _allowed(self, table: Table, seat: int) -> None:
        """ApiError 429 past the seat's or the table's chat rate."""
        limits = self.limits
        if not self.window.allow((table.id, seat), limits.chat_per_seat):
            raise ApiError(
                429, f"at most {limits.chat_per_seat} messages per seat per minute; wait a little"
            )
        if not self.window.allow(table.id, limits.chat_per_table):
            self.window.undo((table.id, seat))
            raise ApiError(
                429,
                f"at most {limits.chat_per_table} messages per table per minute; wait a little",
            )

    def added(self, table: Table, message: dict[str, Any]) -> None:
        """Keep ``message`` (in id order) and push it to the clients that may read it."""
        if any(m["id"] == message["id"] for m in table.chat):
            return
        table.chat.append(message)
        table.chat.sort(key=lambda m: int(m["id"]))
        del table.chat[: -self.limits.chat_kept]
        data = dumps({"type": "chat", "message": message})
        for client in list(table.clients):
            if visible(message, client.seat):
                self.views.send(table, client, data)

    async def arrived(self, table: Table) -> None:
        """Take the table's recent chat from storage (a message stored by any process);
        push each new message to whoever may read it."""
        try:
            recent = await self.threads.db(
                self.store.chat.recent_chat, table.id, self.limits.chat_kept
            )
        except Exception:
            log.exception("table %s: reading chat failed", table.id)
            return
        known = {m["id"] for m in table.chat}
        for message in recent:
            if message["id"] not in known:
                self.added(table, message)

    def presence_soon(self, table: Table) -> None:
        """Cluster: sockets opened or closed on another process: read the table's
        presence in a task of its own, then push it (nothing on SQLite)."""
        if self.leases.cluster is not None:
            asyncio.get_running_loop().create_task(self._presence_arrived(table))

    async def _presence_arrived(self, table: Table) -> None:
        try:
            table.remote_seats = await self.leases.remote_seats(table.id)
        except Exception:
            log.exception("table %s: reading presence failed", table.id)
            return
        self.presence.refresh(table)

    async def announce(self, table: Table, seat: int | None) -> None:
        """Cluster: tell the other processes how many sockets this one has on ``seat``
        (their presence messages count it; nothing for spectators or SQLite)."""
        if self.leases.cluster is None or seat is None:
            return
        count = sum(1 for c in table.clients if c.seat == seat)
        try:
            await self.leases.set_presence(table.id, seat, count)
            if not table.remote_seats and len(table.clients) == 1:
                table.remote_seats = await self.leases.remote_seats(table.id)
        except Exception:
            log.exception("table %s: storing presence failed", table.id)

    async def take_missed(self, table: Table, missed: Missed) -> None:
        """A table just loaded here: take what was notified about it while it was read
        from storage and no copy was in place to tell (a newer version: catch up; a
        newer chat message: read the recent chat; presence: read it). Awaited before
        the loading request goes on, so a socket registered next starts from it all;
        what is notified from now on finds the copy."""
        try:
            if missed.presence:
                self.presence_soon(table)
            if missed.version > table.version:
                async with table.lock:
                    table.behind = True
                    await self.moves.catch_up(table)
            if missed.chat > table.last_chat:
                await self.arrived(table)
        except Exception:  # the next request or notification looks again
            log.exception("table %s: taking the changes notified while loading failed", table.id)
            table.behind = True
