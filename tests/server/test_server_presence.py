"""Presence (docs/server.md, WebSocket protocol): seats' sockets opening and closing
are pushed as small coalesced ``presence`` messages, never as full states."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from server_support import create


def until_pong(ws: Any) -> list[dict[str, Any]]:
    """Every message before the answer to a ping."""
    ws.send_json({"type": "ping", "id": "mark"})
    seen = []
    while True:
        message = ws.receive_json()
        if message["type"] == "pong":
            return seen
        seen.append(message)


def test_a_reconnect_storm_sends_spectators_a_few_small_messages(client: TestClient) -> None:
    tid, tokens = create(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws") as spectator:
        assert spectator.receive_json()["type"] == "state"
        for _ in range(25):
            with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws:
                ws.receive_json()
        time.sleep(0.3)
        pushed = until_pong(spectator)
    assert [m["type"] for m in pushed if m["type"] != "presence"] == []
    assert 1 <= len(pushed) <= 10, "coalesced, not one per connect or disconnect"
    assert all(len(str(m)) < 200 for m in pushed)
    assert pushed[-1]["connected"] == [False, False, False]


def test_presence_tells_who_is_connected(client: TestClient) -> None:
    tid, tokens = create(client, seats=["human", "random", "human"])
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[2]}") as mine:
        assert mine.receive_json()["type"] == "state"
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as other:
            other.receive_json()
            time.sleep(0.3)
            pushed = [m for m in until_pong(mine) if m["type"] == "presence"]
            assert pushed[-1]["connected"] == [True, True, True]
        time.sleep(0.3)
        pushed = [m for m in until_pong(mine) if m["type"] == "presence"]
        assert pushed[-1]["connected"] == [False, True, True], "bots count as connected"


def test_a_seat_sees_itself_connected_in_its_first_state(client: TestClient) -> None:
    tid, tokens = create(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}") as ws:
        first = ws.receive_json()
        assert [s["connected"] for s in first["seats"]] == [False, True, False]
