"""What ``meeple serve`` asks of uvicorn below the app: frame sizes, a header timeout,
answered handshakes and dropped stalled sockets (``uvicorn_settings``).

The app's own checks (``Guard``, the WebSocket route) see a request only once it has
been read whole; these hold where only the connection can:

* **Frame size.** A WebSocket message larger than ``MAX_MESSAGE`` bytes is refused
  from its frame header, before its payload is read (close code 1009), so a 16 MiB
  frame costs the server nothing (uvicorn's ``ws_max_size``, websockets' ``max_size``).
* **Header timeout.** A connection whose request line and headers are not complete
  ``header_timeout`` seconds after it opened (or after the next request on it began)
  is closed, with a 408 if part of a request came (a connection that sent nothing is
  closed silently, as a browser's unused preconnection may be, so that it never
  reads a 408 as the answer to a request it sends at that moment).
* **Body timeout.** A request whose body is not complete ``body_timeout`` seconds
  after its headers came is answered 408 (unless its response has begun) and its
  connection closed, so a body trickled a byte at a time holds no handler for long.
* **Every handshake is answered.** A handshake that the WebSocket parser refuses (a
  request or header line over 8 KB, too many headers) is answered HTTP 403 with a
  JSON body, as the ``Guard`` answers a handshake over ``max_headers``; uvicorn left
  it unanswered and open.
* **A stalled socket is dropped.** A socket whose peer reads nothing (its buffer
  full) is aborted, rather than closed politely behind data it will never read, when
  the app closes it (a client fallen behind), when the app ends, or when its
  keep-alive ping goes unanswered; the app then sees the disconnect at once.
"""

from __future__ import annotations

import asyncio
import functools
import json
from typing import Any, cast

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from meeple.server.limits import Limits
from meeple.server.routes.ws import MAX_MESSAGE


def uvicorn_settings(limits: Limits) -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.Config`` / ``uvicorn.run`` that install the
    protocols of this module (picklable, for ``--workers``)."""
    http = functools.partial(
        HeaderTimeoutHttp,
        header_timeout=limits.header_timeout,
        body_timeout=limits.body_timeout,
    )
    return {"http": http, "ws": GuardedWebSocket, "ws_max_size": MAX_MESSAGE}


class HeaderTimeoutHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol (httptools), with a deadline for each request's line and
    headers: ``header_timeout`` seconds from the connection's opening, or from the first
    byte of a later request on it; past it the connection is closed (after a 408 if a
    request had begun). And one for its body: ``body_timeout`` seconds from the end of
    its headers (a 408 unless the response has begun, then closed)."""

    def __init__(
        self, *args: Any, header_timeout: float = 10.0, body_timeout: float = 10.0, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.header_timeout = header_timeout
        self.header_timer: asyncio.TimerHandle | None = None
        self.reading_headers = False  # part of a request's line and headers came
        self.body_timeout = body_timeout
        self.body_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # (uvicorn's signature narrows asyncio's; the event loop hands it a Transport)
        super().connection_made(cast(asyncio.Transport, transport))
        self._start_header_timer()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.reading_headers = True
        self._start_header_timer()

    def on_headers_complete(self) -> None:
        self.reading_headers = False
        self._stop_header_timer()
        self._stop_body_timer()
        self.body_timer = self.loop.call_later(self.body_timeout, self._body_late)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._stop_body_timer()  # (a request without a body: at once)
        super().on_message_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        self._stop_body_timer()
        super().connection_lost(exc)

    def _stop_body_timer(self) -> None:
        if self.body_timer is not None:
            self.body_timer.cancel()
            self.body_timer = None

    def _body_late(self) -> None:
        self.body_timer = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return  # closed, or upgraded to a WebSocket that now owns the socket
        if self.cycle is not None and not self.cycle.response_started:
            detail = f"the request body took longer than {self.body_timeout:g} s"
            self.transport.write(_response(408, "Request Timeout", detail))
        if self.cycle is not None:
            self.cycle.disconnected = True  # the app's receive() hears a disconnect
            self.cycle.message_event.set()
        self.transport.close()

    def _start_header_timer(self) -> None:
        if self.header_timer is None:
            self.header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def _stop_header_timer(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _headers_late(self) -> None:
        self.header_timer = None
        if self.transport.is_closing():
            return
        if self.reading_headers:
            detail = f"the request line and headers took longer than {self.header_timeout:g} s"
            self.transport.write(_response(408, "Request Timeout", detail))
        self.transport.close()


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets, sans-I/O) that answers every handshake
    and drops a socket whose peer has stopped reading (see the module)."""

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # uvicorn >= 0.55 calls handle_handshake_exception
        refused = self.conn.handshake_exc is not None and not self.handshake_initiated
        if refused and not self.transport.is_closing():  # uvicorn 0.54 left it open
            self.handle_handshake_exception()

    def handle_handshake_exception(self) -> None:
        """Answer a handshake the parser refused with the same 403 and JSON body as
        the ``Guard``'s, in place of whatever websockets queued (a plain 414 or 431
        from websockets 17)."""
        self.conn.data_to_send()  # drops websockets' own answer
        detail = "request line or a header line longer than 8192 bytes, or too many headers"
        self.handshake_complete = True
        self.close_sent = True
        self.transport.write(_response(403, "Forbidden", detail))
        self.transport.close()

    async def send(self, message: Any) -> None:
        if message["type"] == "websocket.close" and self._stalled():
            # Its peer reads nothing: a close frame would wait behind what it never reads.
            self._drop()
            return
        await super().send(message)

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()  # closes politely: that waits for the buffer to drain
        if self._stalled(ended=True):
            self._drop()

    async def run_asgi(self) -> None:
        await super().run_asgi()
        if self._stalled(ended=True):
            self._drop()

    def _stalled(self, ended: bool = False) -> bool:
        """True if the peer leaves the write buffer full (not counting a closed socket,
        nor, unless ``ended``, one already closing)."""
        if self.disconnected or self.writable.is_set():
            return False
        return ended or not self.close_sent

    def _drop(self) -> None:
        self.close_sent = True
        self.transport.abort()  # connection_lost tells the app at once


def _response(status: int, phrase: str, detail: str) -> bytes:
    """An HTTP/1.1 response with the ``{status, detail}`` JSON body, closing."""
    body = json.dumps({"status": status, "detail": detail}).encode()
    head = (
        f"HTTP/1.1 {status} {phrase}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body
