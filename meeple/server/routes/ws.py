"""One table's WebSocket: live state pushed to the client; actions, undo and chat in.

On connecting, the client gets the snapshot of its seat (``?token=``) or the
spectators'. Every message it sends gets one reply: an ``ack`` (or ``error``)
with the message's ``id``, a ``pong``, or (for ``sync``) a fresh snapshot.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Literal

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, Field, ValidationError
from starlette.types import Message

from meeple.engine import MeepleError
from meeple.server.hub import Hub
from meeple.server.limits import client_address
from meeple.server.tables import ApiError, Table, dumps

# The largest message, in bytes (the page's largest is a 1,000-character chat line: a
# few KB even escaped). ``meeple serve`` refuses a larger frame from its header
# (``meeple.server.transport``); this check holds under any other ASGI server.
MAX_MESSAGE = 8 * 1024
# The close code of a socket cut off for falling behind ("try again later").
FELL_BEHIND = 1013


class WsMessage(BaseModel):
    type: Literal["action", "chat", "undo", "sync", "ping"]
    id: int | str | None = None
    action: str | None = Field(default=None, max_length=200)
    version: int | None = None
    text: str | None = Field(default=None, max_length=1000)
    to: int | list[int] | None = None


class WsClient:
    """One WebSocket connection of a table: messages leave in order from a queue, so
    a broadcast never waits for a slow client. One that falls too far behind
    (``MAX_QUEUE`` messages waiting) is cut off: what waits is dropped, the socket is
    closed (``FELL_BEHIND``) and nothing more it sends is played; its page reconnects
    and gets a full state."""

    MAX_QUEUE = 200

    def __init__(self, websocket: WebSocket, seat: int | None, svg: bool) -> None:
        self.websocket, self.seat, self.svg, self.log_to = websocket, seat, svg, 0
        self.version = -1
        self.board: str | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self._write())
        self.closing: asyncio.Task[None] | None = None  # closing a client cut off

    @property
    def behind(self) -> bool:
        """True once the client has been cut off for falling behind."""
        return self.closing is not None

    def push(self, text: str) -> bool:
        if self.behind:
            return False
        if self.writer.done() or self.queue.qsize() >= self.MAX_QUEUE:
            self.fall_behind()
            return False
        self.queue.put_nowait(text)
        return True

    def fall_behind(self) -> None:
        """Cut the client off: stop writing to it and close its socket."""
        if self.closing is None:
            self.writer.cancel()
            self.closing = asyncio.get_running_loop().create_task(self._close_behind())

    async def _close_behind(self) -> None:
        # (meeple serve aborts at once a socket whose peer reads nothing.)
        with contextlib.suppress(Exception):
            await self.websocket.close(FELL_BEHIND, "fell behind; reconnect for a fresh state")

    def close(self) -> None:
        self.queue.put_nowait(None)

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                break
            try:
                await self.websocket.send_text(text)
            except Exception:
                break


def ws_router(hub: Hub) -> APIRouter:
    """``WS /api/tables/{table_id}/ws`` over ``hub``. Messages from one client address,
    over all its sockets, share one bucket (``Limits.ws_rate``/``ws_burst``); sockets
    are capped per table and per address (close code 4429)."""
    router = APIRouter()

    @router.websocket("/api/tables/{table_id}/ws")
    async def ws(
        websocket: WebSocket, table_id: str, token: str | None = None, svg: int = 0
    ) -> None:
        address = client_address(websocket.scope)
        await websocket.accept()
        try:
            table = await hub.seats.get(table_id)
            seat = table.seat_of(token)
            hub.sockets.open(table, address)
        except ApiError as exc:
            await _refuse(websocket, exc)
            return
        try:
            await _serve(hub, websocket, table, seat, address, bool(svg))
        finally:
            hub.sockets.closed(table, address)

    return router


async def _refuse(websocket: WebSocket, exc: ApiError) -> None:
    """Send the refusal and close (code 4000 + status); a client already gone is no
    error of the server's."""
    with contextlib.suppress(WebSocketDisconnect, OSError, RuntimeError):
        await websocket.send_text(dumps({"type": "error", **exc.to_json()}))
        await websocket.close(code=4000 + exc.status)


async def _serve(
    hub: Hub, websocket: WebSocket, table: Table, seat: int | None, address: str, svg: bool
) -> None:
    """Serve one accepted socket until it closes: snapshot, then message after message."""
    with contextlib.suppress(ApiError):  # (marking the seat taken may wait for later)
        await hub.seats.arrived(table, seat)
    client = WsClient(websocket, seat, svg)
    table.clients.add(client)  # first: its own snapshot shows it connected
    client.push(dumps(_snapshot(hub, table, client)))
    hub.presence.changed(table, seat)
    await hub.announce(table, seat)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect" or client.behind:
                break
            reply = await _ws_message(hub, table, client, message, address)
            if reply is not None:
                client.push(dumps(reply))
    except WebSocketDisconnect:
        pass
    finally:
        table.clients.discard(client)
        client.close()
        if client.closing is not None:
            await client.closing
        hub.presence.changed(table, seat)
        await hub.announce(table, seat)


def _snapshot(hub: Hub, table: Table, client: WsClient) -> dict[str, Any]:
    """The client's full snapshot (layered board); the client now holds what it shows."""
    snap = hub.views.snapshot(table, client.seat, svg=client.svg, layered=True)
    client.log_to, client.version = snap["log_to"], snap["version"]
    client.board = snap.get("board")
    return snap


async def _ws_message(
    hub: Hub, table: Table, client: WsClient, received: Message, address: str
) -> dict[str, Any] | None:
    """Handle one ASGI message ``received`` from ``client``; returns its reply (errors as
    replies). Every message, binary or too large as well, spends the address's budget."""
    msg_id: Any = None
    try:
        if not hub.ws_buckets.take(address):
            raise ApiError(429, "too many messages from this address; slow down")
        text = received.get("text")
        if text is None:
            raise ApiError(422, "binary frames are not part of the protocol; send JSON as text")
        if len(text) > MAX_MESSAGE:
            raise ApiError(413, f"message larger than {MAX_MESSAGE} bytes")
        try:
            message = WsMessage.model_validate_json(text)
        except ValidationError as exc:
            raise ApiError(422, f"malformed message: {exc.errors()[0]['msg']}") from None
        msg_id = message.id
        if message.type == "ping":
            version = table.seen.get(client.seat, table.version)
            return {"type": "pong", "id": msg_id, "version": version}
        if message.type == "sync":
            return _snapshot(hub, table, client)
        seat = client.seat
        if seat is None:
            raise ApiError(403, "spectators cannot act or chat")
        await _seat_message(hub, table, seat, message)
        return {"type": "ack", "id": msg_id, "version": table.seen.get(seat, table.version)}
    except ApiError as exc:
        return {"type": "error", "id": msg_id, **exc.to_json()}
    except MeepleError as exc:
        return {"type": "error", "id": msg_id, "status": 422, "detail": str(exc)}


async def _seat_message(hub: Hub, table: Table, seat: int, message: WsMessage) -> None:
    """Play a seat's ``action``, ``undo`` or ``chat`` message (ApiError if refused)."""
    if message.type == "action":
        if message.action is None:
            raise ApiError(422, "an action message needs 'action'")
        await hub.act(table, seat, message.action, message.version)
    elif message.type == "undo":
        await hub.undo(table, seat)
    elif message.type == "chat":
        if not message.text:
            raise ApiError(422, "a chat message needs 'text'")
        await hub.chat(table, seat, message.text, message.to)
