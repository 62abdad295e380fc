"""The hub: the server's rooms, wired together, behind one small facade.

Each room has one purpose, in its own module:

* ``moves.Moves``: the one path by which a game moves on (a person's move, an undo,
  a bot's or the clock's move: ``bots.Bots`` and ``clocks.Clocks`` are driven from
  it) and what follows every change; ``catchup.CatchUp`` keeps this process's copy
  of a table up with the stored one (a cluster);
* ``seats.Seats``: every live table, loaded and created, and people seated;
* ``chatroom.ChatRoom``: chat and presence;
* ``leases.Leases`` and ``membership.Membership``: the cluster's leases and this
  process's membership (notifications, heartbeat, take-over);
* ``threads.Threads``: the storage and the threads that call it;
* ``broadcast.Views``: what each client sees, and pushing it to them.

Every change to a table happens under that table's ``asyncio.Lock`` and is
committed to storage before it is acknowledged or broadcast. Bots choose on a clone
of the state in the server-wide CPU pool (``pool.CpuPool``: worker processes, a fair
queue, a per-table budget), so the event loop keeps serving people while they think.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from typing import Any

from meeple.ai import load_bots
from meeple.engine import discover
from meeple.server.bots import BotPools
from meeple.server.broadcast import Views
from meeple.server.chatroom import ChatRoom
from meeple.server.cluster import Cluster
from meeple.server.leases import Leases
from meeple.server.limits import AddressBuckets, CostBudget, Limits
from meeple.server.membership import Membership
from meeple.server.moves import Moves
from meeple.server.pool import BOTS_ALONE_NICE, CpuPool
from meeple.server.seats import Seats
from meeple.server.store import Store
from meeple.server.tables import ApiError, RunInDb, Table, check_cost
from meeple.server.threads import Threads

log = logging.getLogger("meeple.server")

ANY_SEED = "MEEPLE_ANY_SEED"  # "1": any table may be given a seed (tests only)


class Hub:
    """The server's rooms (``moves``, ``seats``, ``chat``, ``leases``, ``membership``),
    its storage and worker pools; the routes' way in."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.0,
        limits: Limits | None = None,
        any_seed: bool | None = None,
    ) -> None:
        """``any_seed``: any table may be given a seed, even one people play (tests and
        local experiments only; None: if ``MEEPLE_ANY_SEED`` is "1", which the test
        suite sets)."""
        load_bots()
        # Every game plugin loaded now, before any thread may look one up: discovery
        # runs once, and a lookup from another thread during it would miss games.
        discover()
        self.store = store
        self.limits = limits = Limits() if limits is None else limits
        # Server time per client address on costly requests (replays, undos, loading).
        self.costs = CostBudget(limits.cost_rate, limits.cost_burst)
        self.threads = Threads(store, self.costs)
        self.db: RunInDb = self.threads.db
        # Bots thinking, and other long work of tables: worker processes, fairly shared.
        self.cpu = CpuPool(limits.bot_workers, limits.bot_budget)
        # ... and for tables of bots alone: their own processes, after everything else.
        self.cpu_alone = CpuPool(limits.bot_tables_workers, limits.bot_budget, BOTS_ALONE_NICE)
        self.ws_buckets = AddressBuckets(limits.ws_rate, limits.ws_burst)
        self.sockets = Sockets(limits)
        self.views = Views()
        self.views.absent_after = limits.absent_after
        # PostgreSQL: one of possibly several processes (``meeple.server.cluster``).
        self.cluster = None if store.sqlite else Cluster(store, limits.lease_seconds)
        self.leases = Leases(self.cluster, self.threads)
        pools = BotPools(self.cpu, self.cpu_alone, bot_delay)
        self.moves = Moves(self.threads, self.views, self.leases, pools)
        self.chat_room = ChatRoom(self.threads, self.views, limits, self.moves, self.leases)
        self.presence = self.chat_room.presence
        self.seats = Seats(
            self.threads, self.views, limits, self.moves, self.chat_room, self.leases
        )
        self.membership = Membership(self.seats, self.moves, self.chat_room, self.leases, limits)
        if any_seed is None:
            any_seed = os.environ.get(ANY_SEED) == "1"
        self.seats.any_seed = any_seed  # (tests only: any table may be given a seed)
        self.sweeper: asyncio.Task[None] | None = None

    @property
    def tables(self) -> dict[str, Table]:
        """Every live table, by id (``Seats.tables``)."""
        return self.seats.tables

    def check_cost(self) -> None:
        """ApiError 429 while the address being served is in debt of server time
        (``Limits.cost_rate``, ``cost_burst``: replays, undos and loading tables)."""
        check_cost(self.costs)

    async def start(self) -> None:
        """Resume the unfinished tables that move on without a person (a bot seat or a
        phase clock), most recently updated first, up to ``Limits.loaded_tables``;
        every other table is loaded when someone asks for it. In a cluster, those are
        the tables whose lease nobody holds, taken at each heartbeat."""
        if self.cluster is not None:
            self.cluster.start(self.membership.handlers())
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.cluster.listening.wait(), 10.0)
            self.sweeper = asyncio.get_running_loop().create_task(self._sweep())
            return
        for table_id in await self.db(self.store.tables.active_ids, self.limits.loaded_tables):
            try:
                await self.leases.correct_driven(await self.seats.get(table_id))
            except ApiError as refused:  # (503: its kind of table is at its limit)
                log.warning("table %s is not resumed: %s", table_id, refused.detail)
            except Exception:  # a table that no longer replays must not stop the server
                log.exception("table %s does not load", table_id)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        """Every so often, unload the tables idle for ``Limits.idle_unload`` seconds."""
        while True:
            await asyncio.sleep(min(60.0, self.limits.idle_unload / 4))
            self.seats.unload_idle(self.limits.idle_unload)

    async def stop(self) -> None:
        """Cancel every bot and clock task, then close the pools and the storage (a
        cluster process first gives up its leases: others take its tables at once)."""
        self.moves.stopping = True
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.cluster is not None:
            await self.cluster.stop()
            await self.leases.release_all()
        for table in self.tables.values():
            for task in (table.bot_task, table.timer_task):
                if task is not None:
                    task.cancel()
        self.cpu.close()
        self.cpu_alone.close()
        self.threads.close()

    # ---- the routes' way in ---------------------------------------------------------

    async def act(self, table: Table, seat: int, text: str, expected: int | None) -> int:
        """``Moves.act``: a seat's action; returns the log length before it."""
        return await self.moves.act(table, seat, text, expected)

    async def undo(self, table: Table, seat: int) -> None:
        """``Moves.undo``: take back the seat's last decision."""
        await self.moves.undo(table, seat)

    async def chat(
        self, table: Table, seat: int, text: str, to: int | list[int] | None
    ) -> dict[str, Any]:
        """``ChatRoom.chat``: a message stored and pushed; returns it."""
        return await self.chat_room.chat(table, seat, text, to)

    async def latest(self, table: Table) -> None:
        """``CatchUp.latest``: up to the stored version before answering a read."""
        await self.moves.sync.latest(table)

    async def announce(self, table: Table, seat: int | None) -> None:
        """``ChatRoom.announce``: a cluster's other processes told of this one's sockets."""
        await self.chat_room.announce(table, seat)


class Sockets:
    """Counts of open WebSockets, per table and per client address, under their caps."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.by_address: dict[str, int] = {}

    def open(self, table: Table, address: str) -> None:
        """Count a new socket of ``address`` on ``table`` (ApiError 429 past a cap)."""
        if table.sockets >= self.limits.ws_per_table:
            raise ApiError(429, f"this table has {self.limits.ws_per_table} sockets open: full")
        if self.by_address.get(address, 0) >= self.limits.ws_per_address:
            raise ApiError(
                429, f"{self.limits.ws_per_address} sockets are open from this address already"
            )
        table.sockets += 1
        self.by_address[address] = self.by_address.get(address, 0) + 1

    def closed(self, table: Table, address: str) -> None:
        table.sockets -= 1
        left = self.by_address.get(address, 1) - 1
        if left > 0:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)
