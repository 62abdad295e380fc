"""The server's caps (docs/server.md, "Limits"): rates per client address, tables,
chat, sockets and tables in memory, and how they are configured."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_support import RELAXED, Server, create, sqlite_url, state, wait_for
from starlette.websockets import WebSocketDisconnect

from meeple.server.app import create_app
from meeple.server.limits import Limits


def app_with(tmp_path: Path, **limits: float) -> TestClient:
    return TestClient(
        create_app(sqlite_url(tmp_path), limits=dataclasses.replace(RELAXED, **limits))
    )


def test_the_http_rate_is_per_address_whatever_the_connections(tmp_path: Path) -> None:
    app = create_app(
        sqlite_url(tmp_path), limits=dataclasses.replace(RELAXED, http_rate=0.01, http_burst=5)
    )
    clients = [TestClient(app, client=("10.0.0.1", 40000 + i)) for i in range(10)]
    codes = [clients[i % 10].get("/api/games").status_code for i in range(30)]
    assert codes.count(200) == 5 and codes.count(429) == 25
    other = TestClient(app, client=("10.0.0.2", 40000))
    assert other.get("/api/games").status_code == 200, "another address has its own budget"


def test_websocket_messages_share_their_address_budget(tmp_path: Path) -> None:
    with app_with(tmp_path, ws_rate=0.01, ws_burst=4) as c:
        tid, _ = create(c)
        with (
            c.websocket_connect(f"/api/tables/{tid}/ws") as one,
            c.websocket_connect(f"/api/tables/{tid}/ws") as two,
        ):
            one.receive_json(), two.receive_json()
            replies = []
            for ws in (one, two, one, two, one, two):
                ws.send_json({"type": "ping"})
                reply = ws.receive_json()
                while reply["type"] not in ("pong", "error"):
                    reply = ws.receive_json()
                replies.append(reply)
    assert [r["type"] for r in replies] == ["pong"] * 4 + ["error"] * 2
    assert replies[-1]["status"] == 429 and "address" in replies[-1]["detail"]


def test_tables_per_address_per_hour_and_open(tmp_path: Path) -> None:
    with app_with(tmp_path, tables_per_hour=3) as c:
        for _ in range(3):
            create(c)
        body = {"game": "namibia", "players": 3, "seats": ["human"] * 3}
        r = c.post("/api/tables", json=body)
        assert r.status_code == 429 and "per hour" in r.json()["detail"]
    (tmp_path / "b").mkdir()
    with app_with(tmp_path / "b", open_tables=2) as c:
        create(c), create(c)
        body = {"game": "namibia", "players": 3, "seats": ["human"] * 3}
        r = c.post("/api/tables", json=body)
        assert r.status_code == 429 and "unfinished" in r.json()["detail"]


def test_a_finished_table_no_longer_counts_as_open(tmp_path: Path) -> None:
    with app_with(tmp_path, open_tables=1) as c:
        tid, _ = create(c, seats=["random"] * 3, seed=2)
        body = {"game": "namibia", "players": 3, "seats": ["human"] * 3}
        assert c.post("/api/tables", json=body).status_code == 429
        deadline = time.time() + 60
        while not state(c, tid)["over"] and time.time() < deadline:
            time.sleep(0.05)
        assert c.post("/api/tables", json=body).status_code == 201


def test_chat_per_seat_per_minute_and_per_table(tmp_path: Path) -> None:
    with app_with(tmp_path, chat_per_seat=3, chat_per_table=5) as c:
        tid, tokens = create(c)
        url = f"/api/tables/{tid}/chat"
        codes = [
            c.post(url, json={"token": tokens[0], "text": f"m{i}"}).status_code for i in range(4)
        ]
        assert codes == [200, 200, 200, 429]
        codes = [
            c.post(url, json={"token": tokens[1], "text": f"n{i}"}).status_code for i in range(3)
        ]
        assert codes == [200, 200, 429], "the table's five a minute are spent"
        r = c.post(url, json={"token": tokens[2], "text": "late"})
        assert r.status_code == 429 and "per table" in r.json()["detail"]


def test_a_state_carries_only_recent_chat(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with TestClient(create_app(url, limits=dataclasses.replace(RELAXED, chat_kept=5))) as c:
        tid, tokens = create(c)
        for i in range(12):
            c.post(f"/api/tables/{tid}/chat", json={"token": tokens[0], "text": f"m{i}"})
        assert [m["text"] for m in state(c, tid)["chat"]] == [f"m{i}" for i in range(7, 12)]
    with TestClient(create_app(url, limits=dataclasses.replace(RELAXED, chat_kept=5))) as c:
        assert [m["text"] for m in state(c, tid)["chat"]] == [f"m{i}" for i in range(7, 12)]


def test_websockets_per_table_and_per_address(tmp_path: Path) -> None:
    with app_with(tmp_path, ws_per_table=2, ws_per_address=3) as c:
        tid, _ = create(c)
        other, _ = create(c)
        with (
            c.websocket_connect(f"/api/tables/{tid}/ws") as a,
            c.websocket_connect(f"/api/tables/{tid}/ws") as b,
        ):
            a.receive_json(), b.receive_json()
            with c.websocket_connect(f"/api/tables/{tid}/ws") as full:
                refusal = full.receive_json()
                assert refusal["status"] == 429 and "table" in refusal["detail"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    full.receive_json()
                assert closed.value.code == 4429
            with c.websocket_connect(f"/api/tables/{other}/ws") as third:
                assert third.receive_json()["type"] == "state"
                with c.websocket_connect(f"/api/tables/{other}/ws") as fourth:
                    refusal = fourth.receive_json()
                    assert refusal["status"] == 429 and "address" in refusal["detail"]
        with c.websocket_connect(f"/api/tables/{tid}/ws") as again:
            assert again.receive_json()["type"] == "state", "closed sockets are counted out"


def test_idle_tables_leave_memory_and_come_back_on_demand(tmp_path: Path) -> None:
    with app_with(tmp_path, loaded_tables=2) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        ids = []
        for seed in (1, 2, 3):
            tid, tokens = create(c, seed=seed)
            ids.append((tid, tokens))
            state(c, tid, tokens[0])
        assert len(hub.tables) == 2 and ids[0][0] not in hub.tables
        first, tokens = ids[0]
        assert state(c, first, tokens[0])["seat"] == 0, "loaded again on demand"
        assert len(hub.tables) == 2
        assert hub.seats.unload_idle(0.0) == 2 and hub.tables == {}


def test_startup_loads_only_tables_that_move_on_their_own(tmp_path: Path) -> None:
    """Startup loads the tables whose bot is to act (seat 1 here: the bots are slowed
    so that none has moved yet), not a table of people only (docs/server.md)."""
    url = sqlite_url(tmp_path)
    with TestClient(create_app(url, bot_delay=60.0, limits=RELAXED)) as c:
        people, _ = create(c)
        bots, _ = create(c, seats=["human", "random", "random"])
    with TestClient(create_app(url, limits=RELAXED)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert set(hub.tables) == {bots}
        assert state(c, people)["table"] == people


def test_limits_from_environment_and_options() -> None:
    env = {"MEEPLE_LIMIT_HTTP_RATE": "7.5", "MEEPLE_LIMIT_CHAT_KEPT": "12"}
    limits = Limits.from_settings(env, {"chat-kept": "30", "ws_per_table": "9"})
    assert limits.http_rate == 7.5 and limits.chat_kept == 30 and limits.ws_per_table == 9
    assert limits.open_tables == Limits().open_tables
    with pytest.raises(ValueError, match="no limit 'chat'"):
        Limits.from_settings({}, {"chat": "1"})
    with pytest.raises(ValueError, match="not a int"):
        Limits.from_settings({"MEEPLE_LIMIT_CHAT_KEPT": "lots"})
    with pytest.raises(ValueError, match="above 0"):
        Limits.from_settings({}, {"http_rate": "-1"})


def test_websocket_handshakes_spend_the_address_budget(tmp_path: Path) -> None:
    with app_with(tmp_path, http_rate=0.01, http_burst=3) as c:
        tid, _ = create(c)
        assert c.get("/api/games").status_code == 200
        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            assert ws.receive_json()["type"] == "state"
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            c.websocket_connect(f"/api/tables/{tid}/ws"),
        ):
            pass
        assert refused.value.code == 1008


def test_the_lobby_never_shows_a_stored_version(tmp_path: Path) -> None:
    """The stored version counts hidden edits too; the lobby shows the spectators', as
    stored with the table, whether or not it is in memory (any request loads it)."""
    with app_with(tmp_path) as c:
        tid, _ = create(c, "africa1880", ["human"] * 3, seed=9)
        hub = c.app.state.hub  # type: ignore[attr-defined]
        shown = state(c, tid)["version"]
        assert c.get("/api/tables").json()[0]["version"] == shown
        hub.seats.unload(hub.tables[tid])
        assert c.get("/api/tables").json()[0]["version"] == shown


def test_a_forwarded_for_header_does_not_pick_the_address(tmp_path: Path) -> None:
    """``meeple serve`` counts the TCP peer, whatever X-Forwarded-For says."""
    limits = ("--limit=http_rate=0.01", "--limit=http_burst=4")
    server = Server(sqlite_url(tmp_path), args=limits)
    server.start()  # spends some of the four
    try:
        codes = [
            server.http.get("/api/games", headers={"x-forwarded-for": f"10.1.2.{i}"}).status_code
            for i in range(6)
        ]
    finally:
        server.stop()
    assert codes.count(200) <= 3 and codes[-3:] == [429] * 3


def test_a_full_server_of_busy_tables_says_so(tmp_path: Path) -> None:
    with app_with(tmp_path, loaded_tables=1) as c:
        tid, _ = create(c)
        with c.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            ws.receive_json()
            body = {"game": "namibia", "players": 3, "seats": ["human"] * 3}
            r = c.post("/api/tables", json=body)
            assert r.status_code == 503 and "busy tables" in r.json()["detail"]
        # Idle once its socket is gone: it leaves memory to make room.
        wait_for(lambda: c.post("/api/tables", json=body).status_code == 201, timeout=5)
