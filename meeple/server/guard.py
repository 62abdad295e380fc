"""Limits on what a client may send over HTTP: header size, body size, JSON, rate.

``Guard`` is the ASGI middleware in front of every request: 431 past
``Limits.max_headers`` (path, query and headers), 429 past the client address's
rate (``Limits.http_rate``/``http_burst``, one bucket per address whatever the
number of its connections; both also refuse a WebSocket handshake), 413 past
``Limits.max_body``, and 400 for a body that is not standard JSON (NaN, Infinity,
numbers out of range, lone surrogates, invalid UTF-8), so no handler sees them.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson

from meeple.server.limits import CLIENT, AddressBuckets, Bucket, Limits, client_address

__all__ = ["Bucket", "Guard"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Guard:
    """ASGI middleware: 431, 429, 413 and 400 as the module says, before the app."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app, self.limits = app, limits
        self.buckets = AddressBuckets(limits.http_rate, limits.http_burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if header_bytes(scope) > self.limits.max_headers:
            detail = f"request line and headers larger than {self.limits.max_headers} bytes"
            await _refuse(scope, send, 431, detail)
            return
        address = client_address(scope)
        if not self.buckets.take(address):
            await _refuse(scope, send, 429, "too many requests from this address; slow down")
            return
        served = CLIENT.set(address)  # costly work deep inside is charged to it
        try:
            await self._serve(scope, receive, send)
        finally:
            CLIENT.reset(served)

    async def _serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)  # its messages have their own bucket
            return
        if scope["method"] in ("POST", "PUT", "PATCH"):
            await self._bounded(scope, receive, send)
            return
        await self.app(scope, receive, send)

    async def _bounded(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Read the whole body (413 past ``max_body``; 400 if it is not standard JSON),
        then hand it to the app."""
        limit = self.limits.max_body
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _reply(send, 413, f"request body larger than {limit} bytes")
            return
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if len(body) > limit:
                await _reply(send, 413, f"request body larger than {limit} bytes")
                return
            if not message.get("more_body"):
                break
        problem = json_problem(body)
        if problem is not None:
            await _reply(send, 400, problem)
            return
        sent = False

        async def replay_body() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay_body, send)


def header_bytes(scope: Scope) -> int:
    """The size of a request's path, query string and headers, in bytes."""
    size = len(scope.get("raw_path") or scope.get("path", "").encode("utf-8", "replace"))
    size += len(scope.get("query_string") or b"")
    return size + sum(len(k) + len(v) for k, v in scope.get("headers") or [])


def json_problem(body: bytes) -> str | None:
    """Why ``body`` is not standard JSON (None if it is, or if it is empty)."""
    if not body.strip():
        return None
    try:
        orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        return (
            f"the body is not standard JSON ({exc.msg}, at character {exc.pos}); send UTF-8"
            " JSON without NaN, Infinity, out-of-range numbers or lone surrogates"
        )
    return None


async def _refuse(scope: Scope, send: Send, status: int, detail: str) -> None:
    """Refuse an HTTP request, or a WebSocket handshake (closed before it is accepted:
    the client sees HTTP 403)."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008, "reason": detail[:100]})
    else:
        await _reply(send, status, detail)


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
