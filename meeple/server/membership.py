"""This process as a member of a cluster (PostgreSQL; ``meeple.server.cluster``):
what it does when the database tells of a change (``Cluster``'s ``Handlers``), and at
each heartbeat: renewing its leases, sharing which seats it saw, noticing nodes
that died or came back, and taking over the tables nobody drives."""

from __future__ import annotations

import asyncio
import logging

from meeple.server.chatroom import ChatRoom
from meeple.server.cluster import Handlers
from meeple.server.leases import Leases
from meeple.server.limits import Limits
from meeple.server.moves import Moves
from meeple.server.seats import Seats
from meeple.server.tables import ApiError

log = logging.getLogger("meeple.server")


class Membership:
    """The notifications and the heartbeat of this process, over the tables of
    ``seats``: ``moves`` catches them up and drives them, ``chat`` takes messages
    and presence, ``leases`` holds what this process drives."""

    def __init__(
        self, seats: Seats, moves: Moves, chat: ChatRoom, leases: Leases, limits: Limits
    ) -> None:
        self.seats = seats
        self.tables = seats.tables
        self.moves = moves
        self.chat = chat
        self.leases = leases
        self.limits = limits

    def handlers(self) -> Handlers:
        return Handlers(
            changed=self._on_changed,
            chat=self._on_chat,
            presence=self._on_presence,
            resync=self._resync,
            heartbeat=self._heartbeat,
        )

    def _on_changed(self, table_id: str, version: int) -> None:
        """Notified: ``table_id`` is stored at ``version``; a copy held here catches up
        (a table being loaded here notes it: ``Seats.get`` takes it once in place)."""
        table = self.tables.get(table_id)
        missed = self.seats.missed.get(table_id) if table is None else None
        if missed is not None:
            missed.version = max(missed.version, version)
        if table is not None and version not in (table.version, table.storing):
            table.behind = True
            self.moves.sync.refresh_soon(table)

    def _resync(self) -> None:
        """Notifications may have been missed: every table held here checks (and every
        table being loaded, once in place)."""
        for missed in self.seats.missed.values():
            missed.everything()
        for table in list(self.tables.values()):
            table.behind = True
            self.moves.sync.refresh_soon(table)
            self._on_chat(table.id, 0)

    def _on_chat(self, table_id: str, message_id: int) -> None:
        """Notified: a chat message of ``table_id`` was stored (by any process)."""
        table = self.tables.get(table_id)
        if table is None:
            missed = self.seats.missed.get(table_id)
            if missed is not None:
                missed.chat = max(missed.chat, message_id)
            return
        if any(m["id"] == message_id for m in table.chat):
            return
        asyncio.get_running_loop().create_task(self.chat.arrived(table))

    def _on_presence(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        missed = self.seats.missed.get(table_id) if table is None else None
        if missed is not None:
            missed.presence = True
        if table is not None:
            self.chat.presence_soon(table)

    async def _heartbeat(self) -> None:
        """Renew this process's leases; forget those lost (a stall let another process
        take them: their bots and clock stop here); take over the tables nobody drives;
        store which seats were seen here since the last heartbeat."""
        leases = self.leases
        before = set(leases.held)  # (a lease taken while renewing is not lost)
        held = await leases.renew()
        await self._store_seen()
        if await leases.nodes_changed():
            # A node died, or came back after missing its heartbeats: the seats its
            # sockets hold count or stop counting, so every table with sockets here
            # reads its presence again (no notification tells of a node dying).
            for table in list(self.tables.values()):
                if table.clients:
                    self._on_presence(table.id)
        for key in before - held:
            leases.held.discard(key)
            lost = self.tables.get(key)
            if lost is not None:
                lost.claiming = False
        for table_id in await leases.orphans(self.limits.loaded_tables):
            await self._take_over(table_id)

    async def _store_seen(self) -> None:
        """Store the seats seen here (a request, a socket opened or closed) since the
        last heartbeat, so every process counts a seat's absence alike."""
        seen: list[tuple[str, int]] = []
        for table in list(self.tables.values()):
            seen += [(table.id, seat) for seat in sorted(table.seen_since)]
            table.seen_since.clear()
        try:
            await self.leases.saw(seen)
        except Exception:  # the next heartbeat stores them
            log.exception("storing the seats seen failed")
            for table_id, seat in seen:
                again = self.tables.get(table_id)
                if again is not None:
                    again.seen_since.add(seat)

    async def _take_over(self, table_id: str) -> None:
        """Take the lapsed lease of ``table_id`` and drive its bots and clock here."""
        if not await self.leases.acquire(table_id):
            return
        self.leases.held.add(table_id)
        try:
            table = await self.seats.get(table_id)
        except ApiError as refused:  # (503: no room here: another process may take it)
            log.warning("table %s is not taken over: %s", table_id, refused.detail)
            await self.leases.give_up(table_id)
            return
        except Exception:  # a table that no longer replays must not stop the heartbeat
            log.exception("table %s does not load", table_id)
            return
        async with table.lock:
            await self.moves.drive_here(table)
            await self.leases.correct_driven(table)
