"""Presence: which seats have a socket open, pushed as small, coalesced messages.

A seat's socket opening or closing does not rebuild anybody's state: it marks the
table, and one ``{"type": "presence", "connected": [bool per seat], "handover_at":
[epoch seconds or None per seat]}`` message goes to every client of the table after
``DELAY`` seconds, if the connected list changed since the last one sent
(``handover_at``: when another player may hand that absent seat to a bot). A storm
of reconnects therefore costs one small message per client per ``DELAY``, whatever
its size. Bot seats count as connected.
"""

from __future__ import annotations

import asyncio
import time

from meeple.server.broadcast import Views
from meeple.server.people import handover_at
from meeple.server.tables import HUMAN, Table, dumps


class Presence:
    """Coalesced presence messages of every table."""

    DELAY = 0.1  # seconds: the presence changes of this long go out as one message

    def __init__(self, views: Views) -> None:
        self.views = views

    @staticmethod
    def connected(table: Table) -> list[bool]:
        """Per seat: is it a bot or has it a socket open?"""
        return [
            info["kind"] != HUMAN or table.connected(seat) for seat, info in enumerate(table.seats)
        ]

    def changed(self, table: Table, seat: int | None) -> None:
        """A socket of ``seat`` (None: a spectator's) opened or closed."""
        if seat is None:
            return
        table.saw(seat)
        table.socket_seen[seat] = time.time()
        self.refresh(table)

    def refresh(self, table: Table) -> None:
        """Send the connected list soon (if it changed): a socket opened or closed here
        or, in a cluster, on another process."""
        if table.presence_task is None:
            loop = asyncio.get_running_loop()
            table.presence_task = loop.create_task(self._flush(table))

    async def _flush(self, table: Table) -> None:
        await asyncio.sleep(self.DELAY)
        table.presence_task = None
        now = self.connected(table)
        if now == table.presence_sent:
            return
        table.presence_sent = now
        handover = [handover_at(table, seat, self.views.absent_after) for seat in range(len(now))]
        text = dumps({"type": "presence", "connected": now, "handover_at": handover})
        for client in list(table.clients):
            self.views.send(table, client, text)
