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
from meeple.server.limits import Limits


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
        assert a0["seat"] == first and a0["legal"]
        assert a0["board_svg"].startswith("<svg") and a0["board"]
        b0 = until(b, is_state(0))
        assert b0["legal"] == []
        a.send_json({"type": "action", "id": 1, "action": a0["legal"][0], "version": a0["version"]})
        ack = until(a, lambda m: m["type"] in ("ack", "error"))
        assert ack == {"type": "ack", "id": 1, "version": 1}
        seen = until(spectator, is_state(1))
        assert seen["events"] and seen["log_from"] > 0
        assert "svg" not in seen
        pushed = until(a, is_state(1))
        assert pushed["board"] == a0["board"] and "board_svg" not in pushed
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
    with TestClient(create_app(sqlite_url(tmp_path), limits=Limits(ws_rate=1, ws_burst=3))) as c:
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


def test_the_board_layer_is_sent_once_per_connection(client: TestClient) -> None:
    """A layered game (Namibia) sends its unchanging board with the first state only;
    later pushes carry just what the state draws on top of it."""
    tid, tokens = create(client)
    first = state(client, tid)["to_act"][0]
    base = f"/api/tables/{tid}/ws"
    with (
        client.websocket_connect(f"{base}?svg=1") as spectator,
        client.websocket_connect(f"{base}?token={tokens[first]}&svg=1") as a,
    ):
        s0 = until(spectator, is_state(0))
        board, overlay = s0["board_svg"], s0["svg"]
        assert board.startswith("<svg") and board.endswith("</svg>")
        assert board.count('class="space"') > 50 and 'class="edge"' in board
        assert "<svg" not in overlay and 'class="space"' not in overlay
        assert 'class="market"' in overlay and 'class="market"' not in board
        a0 = until(a, is_state(0))
        assert a0["board"] == s0["board"] and a0["board_svg"] == board
        a.send_json({"type": "action", "id": 1, "action": a0["legal"][0]})
        assert until(a, lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        pushed = until(spectator, is_state(1))
        assert pushed["board"] == s0["board"] and "board_svg" not in pushed
        assert 'class="edge"' not in pushed["svg"] and 'class="space"' not in pushed["svg"]
        assert len(json.dumps(pushed)) < len(board) / 2
        assert "board_svg" not in until(a, is_state(1))
        # The whole board over HTTP is the same board with the overlay drawn on top.
        whole = client.get(f"/api/tables/{tid}", params={"svg": "true"}).json()["svg"]
        assert whole.startswith(board[: board.rindex("</svg>")])
        assert whole.endswith(f'<g class="overlay">{pushed["svg"]}</g></svg>')
        # A resync answers with the board again (the full state).
        spectator.send_json({"type": "sync"})
        assert until(spectator, lambda m: m["type"] == "state")["board_svg"] == board


def test_a_one_layer_game_sends_its_whole_board_with_every_state(client: TestClient) -> None:
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(3)]
    tid, _ = create(client, game="africa1880", seats=seats)
    with client.websocket_connect(f"/api/tables/{tid}/ws?svg=1") as ws:
        s0 = until(ws, is_state(0))
    assert s0["svg"].startswith("<svg") and "board" not in s0 and "board_svg" not in s0


def test_pushed_views_are_the_seats_views(client: TestClient) -> None:
    """Pushes reuse one serialisation of a public-view game's view, spliced per seat."""
    tid, tokens = create(client)
    first = state(client, tid)["to_act"][0]
    base = f"/api/tables/{tid}/ws"
    with (
        client.websocket_connect(base) as spectator,
        client.websocket_connect(f"{base}?token={tokens[first]}") as a,
    ):
        until(spectator, is_state(0))
        a0 = until(a, is_state(0))
        a.send_json({"type": "action", "id": 1, "action": a0["legal"][0]})
        pushed = until(a, is_state(1))
        watched = until(spectator, is_state(1))
    assert pushed["view"] == state(client, tid, tokens[first])["view"]
    assert pushed["view"]["seat"] == first
    assert watched["view"] == state(client, tid)["view"] and watched["view"]["seat"] is None
