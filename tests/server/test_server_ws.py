"""The WebSocket: live updates to several seats and a spectator, chat, errors, resync."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_support import act, create, sqlite_url, state
from starlette.websockets import WebSocketDisconnect

from meeple.server.app import create_app


def until(ws: Any, predicate: Any, limit: int = 50) -> dict[str, Any]:
    for _ in range(limit):
        message = ws.receive_json()
        if predicate(message):
            return dict(message)
    raise AssertionError("expected message did not arrive")


def is_state(version: int) -> Any:
    return lambda m: m["type"] == "state" and m["version"] >= version


def test_moves_reach_every_seat_and_spectators(client: TestClient) -> None:
    tid, tokens = create(client)
    first = state(client, tid)["to_act"][0]
    second = (first + 1) % 3
    base = f"/api/tables/{tid}/ws"
    with (
        client.websocket_connect(base) as spectator,
        client.websocket_connect(f"{base}?token={tokens[first]}&svg=1") as a,
        client.websocket_connect(f"{base}?token={tokens[second]}") as b,
    ):
        s0 = until(spectator, is_state(0))
        assert s0["seat"] is None and s0["legal"] == []
        a0 = until(a, is_state(0))
        assert a0["seat"] == first and a0["legal"] and a0["svg"].startswith("<svg")
        b0 = until(b, is_state(0))
        assert b0["legal"] == []
        a.send_json({"type": "action", "id": 1, "action": a0["legal"][0], "version": a0["version"]})
        ack = until(a, lambda m: m["type"] in ("ack", "error"))
        assert ack == {"type": "ack", "id": 1, "version": 1}
        seen = until(spectator, is_state(1))
        assert seen["events"] and seen["log_from"] > 0
        assert "svg" not in seen
        mine = until(b, is_state(1))
        assert mine["to_act"] == [second] and mine["legal"]

        # Errors come back as messages; nothing changes.
        b.send_json({"type": "action", "id": 2, "action": "bid 999", "version": 1})
        error = until(b, lambda m: m["type"] == "error")
        assert error["status"] == 422 and error["rule"] and error["id"] == 2
        a.send_json({"type": "action", "id": 3, "action": mine["legal"][0]})
        error = until(a, lambda m: m["type"] == "error")
        assert error["status"] == 422 and error["rule"] == "Turn order"
        b.send_json({"type": "action", "id": 4, "action": mine["legal"][0], "version": 0})
        assert until(b, lambda m: m["type"] == "error")["status"] == 409
        b.send_text("{oops")
        assert until(b, lambda m: m["type"] == "error")["status"] == 422
        b.send_text(json.dumps({"type": "chat", "text": "z" * 9000}))
        assert until(b, lambda m: m["type"] == "error")["status"] == 413
        spectator.send_json({"type": "action", "action": mine["legal"][0]})
        assert until(spectator, lambda m: m["type"] == "error")["status"] == 403
        assert state(client, tid)["version"] == 1

        # Chat: private to one seat, public to all.
        b.send_json({"type": "chat", "text": "secret plan", "to": first})
        got = until(a, lambda m: m["type"] == "chat")["message"]
        assert got["text"] == "secret plan" and got["to"] == first and got["from"] == second
        b.send_json({"type": "chat", "text": "hello all"})
        public = until(spectator, lambda m: m["type"] == "chat")["message"]
        assert public["text"] == "hello all", "the spectator never saw the private message"


def test_a_dropped_connection_resyncs_by_version(client: TestClient) -> None:
    tid, tokens = create(client)
    first = state(client, tid)["to_act"][0]
    url = f"/api/tables/{tid}/ws?token={tokens[first]}"
    with client.websocket_connect(url) as ws:
        snap = until(ws, is_state(0))
    assert act(client, tid, tokens[first], snap["legal"][0], snap["version"]).status_code == 200
    nxt = state(client, tid)["to_act"][0]
    assert (
        act(client, tid, tokens[nxt], state(client, tid, tokens[nxt])["legal"][0]).status_code
        == 200
    )
    with client.websocket_connect(url) as ws:
        again = until(ws, is_state(0))
        assert again["version"] == 2 and again["log_from"] == 0
        ws.send_json({"type": "sync"})
        assert until(ws, is_state(2))["version"] == 2
        ws.send_json({"type": "ping", "id": "p"})
        assert until(ws, lambda m: m["type"] == "pong") == {"type": "pong", "id": "p", "version": 2}


def test_unknown_table_and_wrong_token_close_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/api/tables/nope/ws") as ws:
        assert ws.receive_json()["status"] == 404
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
    tid, _ = create(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws?token=forged") as ws:
        assert ws.receive_json()["status"] == 403


def test_websocket_rate_limit(tmp_path: Path) -> None:
    with TestClient(create_app(sqlite_url(tmp_path), ws_rate=1, ws_burst=3)) as c:
        tid, _ = create(c)
        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            until(ws, is_state(0))
            for _ in range(6):
                ws.send_json({"type": "ping"})
            replies = [ws.receive_json() for _ in range(6)]
    assert [r["type"] for r in replies[:3]] == ["pong"] * 3
    assert any(r.get("status") == 429 for r in replies[3:])


def test_bots_moves_are_pushed_live(client: TestClient) -> None:
    tid, _tokens = create(client, seats=["random", "random", "random"])
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        until(ws, is_state(20), limit=500)
