"""Several server processes over one PostgreSQL: the database is the one coordinator.

No process talks to another; each talks to the database:

* **Order.** A change is stored only if the stored table is still at the version
  the change was decided on (``MoveStore.add_move`` and friends: the conditional
  ``UPDATE`` locks the table's row, so of two processes storing the same version one
  waits and then finds it gone: ``Conflict``). A process whose copy is behind
  catches up (``CatchUp.catch_up``: the moves after the ones it holds, or a replay
  after an undo) and decides again.
* **Pushes.** Every stored change sends ``NOTIFY meeple, '<kind> <table id> <n>'``
  in its transaction: ``m`` a new version, ``c`` a chat message id, ``p`` a presence
  change. The notification names nothing a seat may not see (the table and a
  number); each process with sockets on the table reads what changed and sends
  each socket its own seat's view, as for a change of its own.
* **Leases.** A table's bots and phase clock, and a review job, run where the lease
  ``meeple_leases(key, holder, expires)`` is held. The holder renews its leases by a
  heartbeat every ``lease_seconds / 3``; a lease not renewed for ``lease_seconds``
  (the holder died or stalled) may be taken by any process, and every process looks
  for such tables at each heartbeat and takes them over. Times are the database's
  clock, so the machines' clocks need not agree.

``Cluster`` is the process's side of this: its node id, the listener connection,
and the heartbeat task. SQLite has no ``Cluster``: one process holds every lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text as sql_text
from sqlalchemy.engine import make_url

from meeple.server.store import CHANNEL, Store, needs_driver

log = logging.getLogger("meeple.server")

NOW = "extract(epoch from clock_timestamp())"
SEEN_BATCH = 1000  # seats stored as seen per statement
SEEN_KEPT = 86400.0  # seconds a seat's last sighting is kept (older: absent anyway)


@dataclass
class Handlers:
    """What this process does when the database tells of a change
    (``membership.Membership``; each is called on the event loop with the table id
    and the number of the notification)."""

    changed: Callable[[str, int], None]  # a new stored version
    chat: Callable[[str, int], None]  # a new chat message (its id)
    presence: Callable[[str], None]  # sockets opened or closed on another process
    resync: Callable[[], None]  # notifications may have been missed: check every table
    heartbeat: Callable[[], Awaitable[None]]  # renew this process's leases, take orphans


class LeaseStore:
    """The lease, node and presence rows (PostgreSQL SQL; called on the database
    thread through ``Threads.db``; ``meeple.server.leases.Leases``)."""

    def __init__(self, store: Store, node: str, seconds: float) -> None:
        self.store = store
        self.node = node
        self.seconds = seconds

    def _run(self, sql: str, **params: Any) -> list[Any]:
        with self.store.engine.begin() as connection:
            result = connection.execute(sql_text(sql), params)
            return list(result.all()) if result.returns_rows else []

    def heartbeat(self) -> set[str]:
        """Renew this node and every lease it holds; returns the keys it still holds
        (one it lost to a takeover while it stalled is not among them)."""
        params = {"node": self.node, "ttl": self.seconds}
        self._run(
            f"INSERT INTO meeple_nodes (id, expires, name) VALUES (:node, {NOW} + :ttl, :name)"
            f" ON CONFLICT (id) DO UPDATE SET expires = excluded.expires",
            name=f"{socket.gethostname()} pid {os.getpid()}",
            **params,
        )
        # Nodes dead for an hour, and their presence, are forgotten.
        self._run(
            f"DELETE FROM meeple_presence p USING meeple_nodes n WHERE p.node = n.id"
            f" AND n.expires < {NOW} - 3600"
        )
        self._run(f"DELETE FROM meeple_nodes WHERE expires < {NOW} - 3600")
        self._run(f"DELETE FROM meeple_seen WHERE at < {NOW} - :kept", kept=SEEN_KEPT)
        rows = self._run(
            f"UPDATE meeple_leases SET expires = {NOW} + :ttl WHERE holder = :node"
            f" AND expires > {NOW} RETURNING key",
            **params,
        )
        return {str(row[0]) for row in rows}

    def acquire(self, key: str) -> bool:
        """Take the lease ``key`` if nobody holds it, its holder let it expire, or this
        node holds it already; True if this node holds it now."""
        rows = self._run(
            f"INSERT INTO meeple_leases (key, holder, expires) VALUES (:key, :node, {NOW} + :ttl)"
            f" ON CONFLICT (key) DO UPDATE SET holder = excluded.holder,"
            f" expires = excluded.expires"
            f" WHERE meeple_leases.holder = excluded.holder OR meeple_leases.expires < {NOW}"
            f" RETURNING holder",
            key=key,
            node=self.node,
            ttl=self.seconds,
        )
        return bool(rows)

    def release(self, key: str) -> None:
        self._run(
            "DELETE FROM meeple_leases WHERE key = :key AND holder = :node", key=key, node=self.node
        )

    def release_all(self) -> None:
        """A clean shutdown: others may take this node's leases at once."""
        self._run("DELETE FROM meeple_leases WHERE holder = :node", node=self.node)
        self._run("DELETE FROM meeple_presence WHERE node = :node", node=self.node)
        self._run("DELETE FROM meeple_nodes WHERE id = :node", node=self.node)

    def orphans(self, limit: int) -> list[str]:
        """Up to ``limit`` unfinished tables that move on without a person (a bot seat or
        a phase clock) whose lease nobody holds alive, most recently updated first. A
        table without a lease that changed in the last lease period is left to the
        process that changed it (it asks for the lease right after). Only such tables
        are read (the index of ``needs_driver``), however many tables only people
        play."""
        rows = self._run(
            "SELECT t.id FROM meeple_tables t LEFT JOIN meeple_leases l ON l.key = t.id"
            f" WHERE {needs_driver('t.')} AND (l.expires < {NOW}"
            f" OR (l.key IS NULL AND t.updated < {NOW} - :ttl))"
            " ORDER BY t.updated DESC LIMIT :limit",
            ttl=self.seconds,
            limit=limit,
        )
        return [str(row[0]) for row in rows]

    def set_presence(self, table_id: str, seat: int, sockets: int) -> None:
        """This node has ``sockets`` sockets open on ``seat``; tell the other processes."""
        with self.store.engine.begin() as connection:
            params = {"node": self.node, "table": table_id, "seat": seat, "sockets": sockets}
            if sockets > 0:
                connection.execute(
                    sql_text(
                        "INSERT INTO meeple_presence (node, table_id, seat, sockets)"
                        " VALUES (:node, :table, :seat, :sockets) ON CONFLICT"
                        " (node, table_id, seat) DO UPDATE SET sockets = excluded.sockets"
                    ),
                    params,
                )
            else:
                connection.execute(
                    sql_text(
                        "DELETE FROM meeple_presence WHERE node = :node AND table_id = :table"
                        " AND seat = :seat"
                    ),
                    params,
                )
            connection.execute(
                sql_text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"p {table_id} 0"},
            )

    def remote_seats(self, table_id: str) -> set[int]:
        """The seats of ``table_id`` with a socket open on another live node."""
        rows = self._run(
            "SELECT DISTINCT p.seat FROM meeple_presence p JOIN meeple_nodes n ON n.id = p.node"
            f" WHERE p.table_id = :table AND p.node <> :node AND n.expires > {NOW}"
            " AND p.sockets > 0",
            table=table_id,
            node=self.node,
        )
        return {int(row[0]) for row in rows}

    def saw(self, seats: list[tuple[str, int]]) -> None:
        """These (table, seat) pairs made a request or opened or closed a socket here
        since the last heartbeat: store that they were seen now (one statement)."""
        for start in range(0, len(seats), SEEN_BATCH):
            batch = seats[start : start + SEEN_BATCH]
            values = ", ".join(f"(:t{i}, :s{i}, {NOW})" for i in range(len(batch)))
            params: dict[str, Any] = {}
            for i, (table_id, seat) in enumerate(batch):
                params[f"t{i}"], params[f"s{i}"] = table_id, seat
            self._run(
                f"INSERT INTO meeple_seen (table_id, seat, at) VALUES {values}"
                " ON CONFLICT (table_id, seat) DO UPDATE SET at = excluded.at",
                **params,
            )

    def absent_for(self, table_id: str, seat: int) -> float | None:
        """Seconds since any process stored that it saw ``seat`` (None: none did)."""
        rows = self._run(
            f"SELECT {NOW} - at FROM meeple_seen WHERE table_id = :table AND seat = :seat",
            table=table_id,
            seat=seat,
        )
        return float(rows[0][0]) if rows else None

    def live_nodes(self) -> set[str]:
        """The ids of the nodes alive now."""
        return {
            str(row[0]) for row in self._run(f"SELECT id FROM meeple_nodes WHERE expires > {NOW}")
        }

    def nodes_alive(self) -> int:
        rows = self._run(f"SELECT count(*) FROM meeple_nodes WHERE expires > {NOW}")
        return int(rows[0][0])


def libpq_url(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as psycopg's own connection string."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process's place in the cluster: its node id, the NOTIFY listener and the
    heartbeat (renewing leases, then taking over orphaned tables)."""

    def __init__(self, store: Store, seconds: float) -> None:
        self.node = secrets.token_hex(8)
        self.seconds = seconds
        self.leases = LeaseStore(store, self.node, seconds)
        self.url = libpq_url(store.url)
        self.tasks: list[asyncio.Task[None]] = []
        self.listening = asyncio.Event()

    def start(self, handlers: Handlers) -> None:
        loop = asyncio.get_running_loop()
        self.tasks = [
            loop.create_task(self._listen(handlers)),
            loop.create_task(self._beat(handlers)),
        ]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(BaseException):
                await task

    async def _listen(self, handlers: Handlers) -> None:
        """LISTEN on the channel for ever, reconnecting after a lost connection (and
        then checking every table, since notifications may have been missed)."""
        import psycopg

        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not first:
                        handlers.resync()
                    first = False
                    async for note in connection.notifies():
                        dispatch(handlers, note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the NOTIFY listener lost its connection; reconnecting")
                self.listening.clear()
                await asyncio.sleep(0.5)

    async def _beat(self, handlers: Handlers) -> None:
        while True:
            try:
                await handlers.heartbeat()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster heartbeat failed")
            await asyncio.sleep(self.seconds / 3)


def dispatch(handlers: Handlers, payload: str) -> None:
    """Hand one notification to its handler (a malformed one is logged and dropped)."""
    try:
        kind, table_id, number = payload.split(" ")
        value = int(number)
    except ValueError:
        log.warning("unknown notification %r", payload)
        return
    if kind == "m":
        handlers.changed(table_id, value)
    elif kind == "c":
        handlers.chat(table_id, value)
    elif kind == "p":
        handlers.presence(table_id)
