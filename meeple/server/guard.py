"""Limits on what a client may send: body size and rate.

``Guard`` is the ASGI middleware of HTTP requests (413 past ``MAX_BODY``, 429 past
a connection's rate); ``Bucket`` is the token bucket it and each WebSocket use.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

MAX_BODY = 16 * 1024

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


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


class Guard:
    """ASGI middleware: 413 for oversized bodies, 429 past a connection's rate."""

    def __init__(self, app: ASGIApp, rate: float, burst: float) -> None:
        self.app, self.rate, self.burst = app, rate, burst
        self.buckets: dict[tuple[str, int], Bucket] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self._bucket(scope).take():
            await _reply(send, 429, "too many requests on this connection; slow down")
            return
        if scope["method"] in ("POST", "PUT", "PATCH"):
            await self._bounded(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _bucket(self, scope: Scope) -> Bucket:
        """The bucket of the request's connection (client address and port)."""
        client = scope.get("client") or ("?", 0)
        key = (str(client[0]), int(client[1]))
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self.buckets.clear()
            bucket = self.buckets[key] = Bucket(self.rate, self.burst)
        return bucket

    async def _bounded(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Read the whole body (413 past ``MAX_BODY``), then hand it to the app."""
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _reply(send, 413, f"request body larger than {MAX_BODY} bytes")
            return
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if len(body) > MAX_BODY:
                await _reply(send, 413, f"request body larger than {MAX_BODY} bytes")
                return
            if not message.get("more_body"):
                break
        sent = False

        async def replay_body() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay_body, send)


async def _reply(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"status": status, "detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
