"""The server's limits: what one client address, one seat or one table may use.

``Limits`` holds every cap with a safe default. ``meeple serve`` reads it from
``MEEPLE_LIMIT_<NAME>`` environment variables and ``--limit name=value`` options
(``Limits.from_settings``); docs/server.md lists them. ``AddressBuckets`` is the
per-address token bucket that HTTP requests and WebSocket messages both go through.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, fields
from typing import Any, TypeVar

T = TypeVar("T")
ENV_PREFIX = "MEEPLE_LIMIT_"


@dataclass(frozen=True)
class Limits:
    """Every cap of the server; each field is documented in docs/server.md."""

    http_rate: float = 50.0  # HTTP requests per second per client address
    http_burst: float = 200.0  # ... and the burst above that rate
    ws_rate: float = 20.0  # WebSocket messages per second per client address
    ws_burst: float = 60.0
    max_body: int = 16 * 1024  # bytes of a request body
    max_headers: int = 8 * 1024  # bytes of a request's path, query and headers
    header_timeout: float = 10.0  # seconds to send a request's line and headers (uvicorn)
    body_timeout: float = 10.0  # seconds to send a request's body once its headers came (uvicorn)
    tables_per_hour: int = 30  # tables created per client address per hour
    open_tables: int = 20  # unfinished tables created by one client address
    loaded_tables: int = 500  # tables a person plays at held in memory
    bot_tables: int = 20  # tables of bots alone (no person's seat) held in memory
    bot_tables_per_address: int = 4  # ... of them playing, created by one client address
    idle_unload: float = 600.0  # seconds after which an idle table leaves memory
    chat_per_seat: int = 20  # chat messages per seat per minute
    chat_per_table: int = 120  # chat messages per table per minute
    chat_kept: int = 100  # most recent chat messages a table keeps in memory and sends
    ws_per_table: int = 300  # WebSockets open on one table
    ws_per_address: int = 60  # WebSockets open from one client address
    absent_after: float = 120.0  # seconds without a socket or request: a seat is absent
    bot_workers: int = 1  # threads of the server-wide bot pool
    bot_budget: float = 2.0  # seconds of bot thinking a table may queue at a time
    bot_tables_workers: int = 1  # worker processes (at nice 19) for tables of bots alone
    cost_rate: float = 0.1  # seconds of server work per second per address on costly requests
    cost_burst: float = 2.0  # ... and the seconds it may use at once above that rate
    lease_seconds: float = 10.0  # cluster: a lease not renewed this long may be taken over

    @classmethod
    def from_settings(
        cls, env: Mapping[str, str] | None = None, options: Mapping[str, str] | None = None
    ) -> Limits:
        """The defaults, overridden by ``MEEPLE_LIMIT_<NAME>`` in ``env`` (the process
        environment by default), then by ``options`` (``name -> value``).
        ValueError names an unknown limit or a value that is not a positive number."""
        env = os.environ if env is None else env
        values: dict[str, str] = {}
        for spec in fields(cls):
            raw = env.get(ENV_PREFIX + spec.name.upper())
            if raw is not None:
                values[spec.name] = raw
        known = {spec.name for spec in fields(cls)}
        for name, raw in (options or {}).items():
            name = name.strip().replace("-", "_")
            if name not in known:
                raise ValueError(f"no limit {name!r}; the limits are {sorted(known)}")
            values[name] = raw
        return cls().with_values(values)

    def with_values(self, values: Mapping[str, str | float | int]) -> Limits:
        """A copy with ``values`` (text or numbers) converted to each field's type."""
        changes: dict[str, Any] = {}
        for spec in fields(self):
            if spec.name not in values:
                continue
            raw = values[spec.name]
            kind = int if spec.type in ("int", int) else float
            try:
                value = kind(raw)
            except ValueError:
                raise ValueError(f"limit {spec.name}: {raw!r} is not a {kind.__name__}") from None
            if not value > 0:
                raise ValueError(f"limit {spec.name}: {raw!r} must be above 0")
            changes[spec.name] = value
        return dataclasses.replace(self, **changes)


def parse_options(items: list[str]) -> dict[str, str]:
    """``["name=value", ...]`` (the ``--limit`` options) as a dict (ValueError if an
    item has no ``=``)."""
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--limit {item!r}: write name=value, e.g. http_rate=20")
        out[name] = value
    return out


class Bucket:
    """A token bucket: ``rate`` per second, bursts up to ``burst``."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        """Spend one token: False (and nothing spent) when the bucket is empty."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def take_seconds(self, amount: float) -> None:
        """Refill, then spend ``amount`` (the bucket may go below 0: a debt)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate) - amount
        self.stamp = now

    def full(self) -> bool:
        """True if the bucket has refilled completely (so forgetting it changes nothing)."""
        return self.tokens + (time.monotonic() - self.stamp) * self.rate >= self.burst


class AddressBuckets:
    """One token bucket per client address (the port is ignored: ten connections from
    one address share one bucket). Full buckets are forgotten, so memory stays bounded
    by the addresses active in the last ``burst / rate`` seconds."""

    PRUNE_EVERY = 4096

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, Bucket] = {}
        self.calls = 0

    def take(self, address: str) -> bool:
        """Spend one of ``address``'s tokens; False when it has none left."""
        return self.bucket(address).take()

    def bucket(self, address: str) -> Bucket:
        """``address``'s bucket (a full one if it has none)."""
        self.calls += 1
        if self.calls % self.PRUNE_EVERY == 0:
            self.buckets = {a: b for a, b in self.buckets.items() if not b.full()}
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = Bucket(self.rate, self.burst)
        return bucket


class Window:
    """Counts of events per key in a sliding window of ``seconds`` (chat per minute,
    tables per hour): ``allow`` records one event unless ``limit`` were exceeded."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.times: dict[object, list[float]] = {}

    def allow(self, key: object, limit: int) -> bool:
        now = time.monotonic()
        recent = [t for t in self.times.get(key, ()) if now - t < self.seconds]
        if len(recent) >= limit:
            self.times[key] = recent
            return False
        recent.append(now)
        self.times[key] = recent
        if len(self.times) > 10_000:
            self.times = {k: v for k, v in self.times.items() if now - v[-1] < self.seconds}
        return True

    def undo(self, key: object) -> None:
        """Forget the last event of ``key`` (it was refused later on)."""
        recent = self.times.get(key)
        if recent:
            recent.pop()


# The client address of the request or WebSocket being served (set by ``Guard``), for
# work charged to it deep in the server (``CostBudget``); None outside any request.
CLIENT: ContextVar[str | None] = ContextVar("meeple_client", default=None)


class CostBudget:
    """What each client address may spend of the server's time on costly requests
    (a replay's steps, undos, loading a stored table): a token bucket of seconds,
    refilled at ``rate`` seconds per second up to ``burst``. Work is charged after it
    is done (its cost is known then), so an address may go into debt; while in debt
    its costly requests are refused (``wait``), its cheap ones are not. The address is
    the one being served (``CLIENT``); work done outside any request is not charged."""

    def __init__(self, rate: float, burst: float) -> None:
        self.buckets = AddressBuckets(rate, burst)

    def wait(self) -> float:
        """Seconds until the address being served may make a costly request (0: now)."""
        address = CLIENT.get()
        if address is None:
            return 0.0
        bucket = self.buckets.bucket(address)
        bucket.take_seconds(0.0)
        return 0.0 if bucket.tokens >= 0 else -bucket.tokens / bucket.rate

    def charge(self, seconds: float) -> None:
        """Charge ``seconds`` of work to the address being served."""
        address = CLIENT.get()
        if address is not None and seconds > 0:
            self.buckets.bucket(address).take_seconds(seconds)

    def timed(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` (in any thread), its CPU time charged to the address being
        served (pass it to a thread with ``contextvars.copy_context().run``)."""
        start = time.thread_time()
        try:
            return fn(*args)
        finally:
            self.charge(time.thread_time() - start)


def client_address(scope: Mapping[str, object]) -> str:
    """The client's address (host only) of an ASGI scope."""
    client = scope.get("client")
    if isinstance(client, (tuple, list)) and client:
        return str(client[0])
    return "?"
