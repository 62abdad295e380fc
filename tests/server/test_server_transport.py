"""Abuse below the app (issue 27, items 3, 4 and 7): oversized WebSocket frames,
unanswered handshakes, slow request headers and bodies, slow WebSocket clients, frames outside
the message budget, a client gone during a refusal, and the pages' security headers
(docs/server.md, "Limits" and "Transport").

The transport checks run against one real ``meeple serve`` (uvicorn) with
``header_timeout=1`` and ``body_timeout=1``; the rest in process."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_support import RELAXED, RELAXED_ARGS, Server, create, sqlite_url, state
from starlette.websockets import WebSocket

from meeple.server.app import create_app
from meeple.server.routes import ws as ws_route


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("transport")
    served = Server(
        sqlite_url(folder),
        args=(*RELAXED_ARGS, "--limit=header_timeout=1", "--limit=body_timeout=1"),
    )
    served.start()
    try:
        yield served
    finally:
        served.stop()


def connect(server: Server) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    return sock


def handshake(path: str, extra: str = "") -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"{extra}\r\n"
    ).encode()


def read_until_closed(sock: socket.socket, seconds: float) -> bytes:
    """What the server sends until it closes the connection (AssertionError if it is
    still open after ``seconds``)."""
    sock.settimeout(seconds)
    out = b""
    try:
        while chunk := sock.recv(65536):
            out += chunk
    except TimeoutError:
        raise AssertionError(f"still open after {seconds} s; received {out[:200]!r}") from None
    except ConnectionResetError:
        pass
    return out


def masked_frame_header(opcode: int, length: int) -> bytes:
    """A client frame's header (FIN, ``opcode``, masked) announcing ``length`` bytes."""
    return struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length) + os.urandom(4)


def test_a_frame_over_the_message_limit_is_refused_from_its_header(server: Server) -> None:
    """A 16 MiB frame is refused (close 1009) before its payload is read: the server
    answers after 64 KB of it, not after 16 MiB (before: it waited for all of it)."""
    tid = server.http.post(
        "/api/tables", json={"game": "namibia", "players": 3, "seats": ["human"] * 3}
    ).json()["id"]
    with connect(server) as sock:
        sock.sendall(handshake(f"/api/tables/{tid}/ws"))
        assert sock.recv(4096).startswith(b"HTTP/1.1 101")
        sock.sendall(masked_frame_header(0x1, 16 * 1024 * 1024 - 1) + b"x" * 65536)
        received = read_until_closed(sock, 5)
    close = received.rfind(b"\x88")
    assert close >= 0, received[-200:]
    assert struct.unpack("!H", received[close + 2 : close + 4])[0] == 1009


@pytest.mark.parametrize(
    "extra, path",
    [("", "/api/tables/x/ws?token=" + "a" * 9000), ("X-Long: " + "b" * 9000 + "\r\n", None)],
    ids=["request line", "header line"],
)
def test_a_handshake_over_8_kb_is_answered_403(
    server: Server, extra: str, path: str | None
) -> None:
    """The docs promise a 403 for a refused handshake; one with a line over 8 KB was
    never answered (the WebSocket parser gave up silently)."""
    with connect(server) as sock:
        sock.sendall(handshake(path or "/api/tables/x/ws", extra))
        answer = read_until_closed(sock, 5)
    assert answer.startswith(b"HTTP/1.1 403"), answer[:200]
    assert b'"status": 403' in answer


def test_unfinished_request_headers_are_cut_off(server: Server) -> None:
    """``header_timeout`` (1 s here): a request whose headers trickle in is answered
    408 and closed, a silent connection closed; a prompt request is served."""
    started = time.monotonic()
    with connect(server) as slow, connect(server) as silent:
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        time.sleep(0.5)
        slow.sendall(b"X-One: 1\r\n")  # still trickling: the deadline is not moved
        answers = read_until_closed(slow, 5), read_until_closed(silent, 5)
    assert time.monotonic() - started < 4
    assert answers[0].startswith(b"HTTP/1.1 408"), answers
    assert answers[1] == b"", "a connection that sent nothing is closed without a word"
    assert server.http.get("/api/games").status_code == 200


def test_a_request_body_trickled_in_is_cut_off(server: Server) -> None:
    """``body_timeout`` (1 s here): a body announced as 200 bytes of which a few come
    is answered 408 and its connection closed; before, the handler waited for it as
    long as the client kept the connection open. A prompt body is served."""
    started = time.monotonic()
    with connect(server) as slow:
        slow.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"
        )
        time.sleep(0.5)
        slow.sendall(b'"game"')  # still trickling: the deadline is not moved
        answer = read_until_closed(slow, 5)
    assert time.monotonic() - started < 4
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert b"request body took longer than 1 s" in answer
    made = server.http.post(
        "/api/tables", json={"game": "namibia", "players": 3, "seats": ["human"] * 3}
    )
    assert made.status_code == 201, made.text


# ---- in process ----


def app_with(tmp_path: Path, **limits: float) -> TestClient:
    return TestClient(
        create_app(sqlite_url(tmp_path), limits=dataclasses.replace(RELAXED, **limits))
    )


@pytest.mark.parametrize("kind", ["binary", "9 KB"])
def test_binary_and_oversized_messages_spend_the_message_budget(tmp_path: Path, kind: str) -> None:
    """Before, a binary or 9 KB frame was refused without being counted: an address
    could send them without limit."""
    with app_with(tmp_path, ws_rate=0.01, ws_burst=3) as c:
        tid, _ = create(c)
        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            assert ws.receive_json()["type"] == "state"
            statuses = []
            for _ in range(5):
                if kind == "binary":
                    ws.send_bytes(b'{"type": "ping"}')
                else:
                    ws.send_text('{"type": "ping", "pad": "' + "x" * 9000 + '"}')
                reply = ws.receive_json()
                while reply["type"] == "presence":
                    reply = ws.receive_json()
                statuses.append(reply["status"])
    first = 422 if kind == "binary" else 413
    assert statuses == [first] * 3 + [429] * 2


def test_a_client_gone_during_a_refusal_is_no_server_error(tmp_path: Path) -> None:
    """The refusal of an unknown table to a client that has already left: the handler
    ends quietly (before, ``WebSocketDisconnect`` escaped it and uvicorn logged an
    unhandled exception)."""
    with app_with(tmp_path) as c:
        sent: list[str] = []

        async def receive() -> dict[str, Any]:
            return {"type": "websocket.connect"} if not sent else {"type": "websocket.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message["type"])
            if message["type"] != "websocket.accept":
                raise OSError("the client is gone")  # as uvicorn's ClientDisconnected

        scope = {
            "type": "websocket",
            "path": "/api/tables/nosuchtable/ws",
            "raw_path": b"/api/tables/nosuchtable/ws",
            "query_string": b"",
            "headers": [(b"host", b"testserver")],
            "client": ("127.0.0.1", 5000),
            "server": ("testserver", 80),
            "scheme": "ws",
            "root_path": "",
            "subprotocols": [],
            "asgi": {"version": "3.0"},
            "state": {},
        }
        assert c.portal is not None
        c.portal.call(c.app, scope, receive, send)
    assert sent[:2] == ["websocket.accept", "websocket.send"]


def test_a_client_that_falls_behind_is_closed_and_recovers_by_reconnecting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A socket whose network takes nothing (its sends never finish) while the table
    moves on: past ``MAX_QUEUE`` waiting messages it is closed with 1013 and leaves the
    table (before, it stayed open and silent: no pushes, pongs or acks); a new socket
    gets the full current state."""
    monkeypatch.setattr(ws_route.WsClient, "MAX_QUEUE", 5)
    real_send_text = WebSocket.send_text

    async def send_text(self: WebSocket, data: str) -> None:
        if b"stall=1" in self.scope["query_string"]:
            await asyncio.Event().wait()  # the network never takes it
        await real_send_text(self, data)

    monkeypatch.setattr(WebSocket, "send_text", send_text)
    with app_with(tmp_path) as c:
        tid, tokens = create(c)
        hub = c.app.state.hub  # type: ignore[attr-defined]
        with c.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}&stall=1") as slow:
            with c.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as talker:
                for i in range(8):
                    talker.send_json({"type": "chat", "text": f"hello {i}", "id": i})
                while (reply := talker.receive_json()).get("id") != 7 or reply["type"] == "chat":
                    pass
                closed = receive_within(slow, 5)
            assert closed == {"type": "websocket.close", "code": 1013, "reason": closed["reason"]}
        table = hub.tables[tid]
        assert all(client.seat != 1 for client in table.clients)
        with c.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}") as again:
            snap = again.receive_json()
        assert snap["type"] == "state" and snap["version"] == state(c, tid, tokens[1])["version"]
        assert [m["text"] for m in snap["chat"]][-1] == "hello 7"


def receive_within(ws: Any, seconds: float) -> dict[str, Any]:
    """The next message of a test WebSocket (AssertionError after ``seconds``)."""
    box: list[dict[str, Any]] = []
    reader = threading.Thread(target=lambda: box.append(ws.receive()), daemon=True)
    reader.start()
    reader.join(seconds)
    assert box, f"nothing received in {seconds} s"
    return box[0]


class FakeTransport:
    """What ``GuardedWebSocket`` does to its connection."""

    def __init__(self) -> None:
        self.aborted = self.closed = False
        self.written = b""

    def write(self, data: bytes) -> None:
        self.written += data

    def is_closing(self) -> bool:
        return self.aborted or self.closed

    def abort(self) -> None:
        self.aborted = True

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 80)}.get(name)

    def pause_reading(self) -> None: ...

    def resume_reading(self) -> None: ...


def test_a_socket_whose_peer_reads_nothing_is_aborted_when_closed() -> None:
    """uvicorn writes nothing while its peer leaves the buffer full: a close frame
    would wait forever behind it. The app's close (a client fallen behind) aborts the
    connection at once, and the app is told it is gone."""
    import uvicorn
    from uvicorn.server import ServerState

    from meeple.server.transport import GuardedWebSocket

    async def run() -> tuple[FakeTransport, dict[str, Any]]:
        config = uvicorn.Config(app=lambda *a: None, ws_ping_interval=None)  # type: ignore[arg-type]
        config.load()
        protocol = GuardedWebSocket(config, ServerState(), {})
        transport = FakeTransport()
        protocol.connection_made(transport)  # type: ignore[arg-type]
        protocol.handshake_complete = True
        protocol.pause_writing()  # the peer's buffer is full
        await asyncio.wait_for(protocol.send({"type": "websocket.close", "code": 1013}), 1)
        assert transport.aborted
        protocol.connection_lost(None)  # what the event loop does after an abort
        return transport, await asyncio.wait_for(protocol.receive(), 1)

    transport, message = asyncio.run(run())
    assert transport.aborted and message["type"] == "websocket.disconnect"


def test_every_page_sends_security_headers(tmp_path: Path) -> None:
    """CSP (no inline script, no framing), X-Frame-Options, nosniff, Referrer-Policy
    on pages, API answers, static files and refusals; /docs allows its own inline
    script by hash."""
    with app_with(tmp_path) as c:
        tid, _ = create(c)
        for path in ("/", f"/t/{tid}", "/static/table.js", "/api/games", "/nosuch", "/docs"):
            r = c.get(path)
            csp = r.headers.get("content-security-policy", "")
            assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
            assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0], path
            assert r.headers.get("x-frame-options") == "DENY", path
            assert r.headers.get("x-content-type-options") == "nosniff", path
            assert r.headers.get("referrer-policy") == "no-referrer", path
        assert "'sha256-" in c.get("/docs").headers["content-security-policy"]
        assert "'sha256-" not in c.get("/").headers["content-security-policy"]
