"""This process's leases and its view of the cluster's members (PostgreSQL;
``meeple.server.cluster``): which tables it drives (runs the bots and clock of), the
nodes alive at the last heartbeat, and the presence and sightings it shares with
the others. On SQLite (no ``Cluster``) this one process drives every table and
nothing is stored.

What a process does with them (claiming a table that needs a driver, the
heartbeat's take-overs) is in ``meeple.server.moves`` and
``meeple.server.membership``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from meeple.server.cluster import Cluster
from meeple.server.tables import Table
from meeple.server.threads import Threads

log = logging.getLogger("meeple.server")


class Leases:
    """The lease keys this process holds (``held``), the live nodes at the last
    heartbeat (``nodes``), and the lease, node, presence and sighting rows
    (``Cluster.leases``), read and written on the database thread."""

    def __init__(self, cluster: Cluster | None, threads: Threads) -> None:
        self.cluster = cluster
        self.threads = threads
        self.held: set[str] = set()  # the lease keys this process holds (cluster)
        self.nodes: set[str] = set()  # the live nodes at the last heartbeat (cluster)

    def holds(self, table: Table) -> bool:
        """Does this process drive ``table``? Always on SQLite; in a cluster, where it
        holds the table's lease."""
        return self.cluster is None or table.id in self.held

    async def acquire(self, key: str) -> bool:
        """Cluster: take the lease ``key`` if nobody else holds it alive (True if this
        process holds it now; the caller notes it in ``held``)."""
        assert self.cluster is not None
        return await self.threads.db(self.cluster.leases.acquire, key)

    def release(self, table: Table) -> None:
        """The table needs no driver here any more (over, or unloaded): give its lease up."""
        if self.cluster is not None and table.id in self.held:
            self.held.discard(table.id)
            leases = self.cluster.leases
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().create_task(self.threads.db(leases.release, table.id))

    async def give_up(self, key: str) -> None:
        """Cluster: forget the lease ``key`` and release it (errors ignored: it lapses)."""
        assert self.cluster is not None
        self.held.discard(key)
        with contextlib.suppress(Exception):
            await self.threads.db(self.cluster.leases.release, key)

    async def release_all(self) -> None:
        """A clean shutdown: others may take this process's leases at once."""
        if self.cluster is not None:
            with contextlib.suppress(Exception):
                await self.threads.db(self.cluster.leases.release_all)

    async def renew(self) -> set[str]:
        """Cluster: renew this node and its leases; returns the keys it still holds."""
        assert self.cluster is not None
        return await self.threads.db(self.cluster.leases.heartbeat)

    async def orphans(self, limit: int) -> list[str]:
        """Cluster: tables needing a driver whose lease nobody holds alive."""
        assert self.cluster is not None
        return await self.threads.db(self.cluster.leases.orphans, limit)

    async def nodes_changed(self) -> bool:
        """Cluster: did a node die or come back since the last heartbeat?"""
        assert self.cluster is not None
        nodes = await self.threads.db(self.cluster.leases.live_nodes)
        if nodes == self.nodes:
            return False
        self.nodes = nodes
        return True

    async def saw(self, seen: list[tuple[str, int]]) -> None:
        """Cluster: store that these (table id, seat) pairs were seen here."""
        assert self.cluster is not None
        await self.threads.db(self.cluster.leases.saw, seen)

    async def absent_for(self, table_id: str, seat: int) -> float | None:
        """Cluster: seconds since any process stored that it saw ``seat`` (None: none
        did, or no cluster)."""
        if self.cluster is None:
            return None
        return await self.threads.db(self.cluster.leases.absent_for, table_id, seat)

    async def remote_seats(self, table_id: str) -> set[int]:
        """Cluster: the seats of ``table_id`` with a socket open on another live node."""
        assert self.cluster is not None
        return await self.threads.db(self.cluster.leases.remote_seats, table_id)

    async def set_presence(self, table_id: str, seat: int, sockets: int) -> None:
        """Cluster: this node has ``sockets`` sockets open on ``seat``; tell the others."""
        assert self.cluster is not None
        await self.threads.db(self.cluster.leases.set_presence, table_id, seat, sockets)

    async def correct_driven(self, table: Table) -> None:
        """A table loaded because it was stored as moving on without a person
        (``driven``): if it does not now (a row stored before the flag, with a bot seat
        waiting on a person), store that, so it is not loaded or taken over again."""
        if not table.driven_now():
            tables = self.threads.store.tables
            await self.threads.db(tables.set_driven, table.id, table.version, False)
