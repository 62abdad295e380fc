"""The server against bad input: a clear 4xx, never a 5xx, nothing changed or kept."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from fastapi.testclient import TestClient
from server_support import RELAXED, act, create, sqlite_url, state

from meeple.server.app import create_app
from meeple.server.store import Store


def test_a_seat_kind_too_long_is_refused_clearly(client: TestClient) -> None:
    for seat in ("x" * 40, {"kind": "x" * 40}):
        body = {"game": "namibia", "players": 3, "seats": [seat, "human", "human"]}
        r = client.post("/api/tables", json=body)
        assert r.status_code == 422, r.text
        assert "32" in r.text  # says what would be right


def test_non_standard_json_is_400_and_the_connection_lives_on(client: TestClient) -> None:
    tid, tokens = create(client)
    seat = state(client, tid)["to_act"][0]
    before = state(client, tid)
    token = tokens[seat]
    url = f"/api/tables/{tid}/actions"
    for bad in (r'"\ud800"', "NaN", "1e999", "-Infinity"):
        for field in ("action", "version"):
            body = f'{{"token": "{token}", "action": "pass", "{field}": {bad}}}'
            r = client.post(url, content=body, headers={"content-type": "application/json"})
            assert r.status_code == 400, (bad, r.text)
            assert "standard JSON" in r.json()["detail"]
    chat = f'{{"token": "{token}", "text": "\\udfff"}}'
    r = client.post(f"/api/tables/{tid}/chat", content=chat)
    assert r.status_code == 400
    after = state(client, tid)
    assert after["version"] == before["version"] and after["chat"] == []


def test_a_binary_websocket_frame_gets_an_error_and_the_socket_stays(client: TestClient) -> None:
    tid, _ = create(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_bytes(b'{"type": "ping"}')
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["status"] == 422
        assert "text" in reply["detail"]
        ws.send_json({"type": "ping", "id": 2})
        assert ws.receive_json()["type"] == "pong"


def test_a_lone_surrogate_over_the_websocket_is_refused(client: TestClient) -> None:
    tid, tokens = create(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_text('{"type": "chat", "text": "\\ud800", "id": 1}')
        reply = ws.receive_json()
        while reply["type"] != "error":
            reply = ws.receive_json()
        assert reply["status"] == 422
        ws.send_text('{"type": "action", "action": "x", "version": 1e999, "id": 2}')
        reply = ws.receive_json()
        while reply["type"] == "presence":
            reply = ws.receive_json()
        assert reply["type"] == "error" and reply["status"] == 422


def test_concurrent_first_requests_of_a_fresh_token_change_the_table_once(
    tmp_path: Path,
) -> None:
    url = sqlite_url(tmp_path)
    app = create_app(url, limits=RELAXED)
    hub = app.state.hub

    async def run() -> tuple[int, int, set[int]]:
        await hub.start()
        try:
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
                body = {"game": "namibia", "players": 3, "seats": [{"kind": "human"}] * 3}
                created = (await c.post("/api/tables", json=body)).json()
                tid, token = created["id"], created["tokens"]["1"]
                start = hub.tables[tid].version
                answers = await asyncio.gather(
                    *(c.get(f"/api/tables/{tid}", params={"token": token}) for _ in range(20))
                )
                return start, hub.tables[tid].version, {r.status_code for r in answers}
        finally:
            await hub.stop()

    start, end, codes = asyncio.run(run())
    assert codes == {200}
    assert end == start + 1, "the seat is marked taken once, whatever the number of requests"


def test_unknown_table_ids_leave_nothing_behind(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for i in range(300):
        tid = f"{i:012x}" if i % 2 else "z" * 200 + str(i)
        r = client.get(f"/api/tables/{tid}")
        assert r.status_code == 404
        assert len(r.text) < 300, "the answer does not echo a long id back"
    assert hub.seats.loading == {} and hub.tables == {}
    r = client.get("/api/tables/" + "a" * 6000)
    assert r.status_code == 404
    assert hub.seats.loading == {}


def test_unknown_ids_over_the_websocket_leave_nothing_behind(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for tid in ("0123456789ab", "q" * 500):
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            assert ws.receive_json()["status"] == 404
    assert hub.seats.loading == {} and hub.tables == {}


def test_oversized_headers_are_431(client: TestClient) -> None:
    r = client.get("/api/games", headers={"x-padding": "p" * 10_000})
    assert r.status_code == 431
    assert "8192" in r.json()["detail"]
    r = client.get("/api/games", params={"q": "p" * 10_000})
    assert r.status_code == 431
    assert client.get("/api/games").status_code == 200


def test_refused_bad_input_stores_nothing(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with TestClient(create_app(url, limits=RELAXED)) as c:
        tid, tokens = create(c)
        seat = state(c, tid)["to_act"][0]
        act(c, tid, tokens[seat], "pass", version=10**9)
        bad = '{"token": "' + tokens[0] + '", "action": NaN}'
        c.post(f"/api/tables/{tid}/actions", content=bad)
    assert Store(url).tables.load_table(tid).moves == []  # type: ignore[union-attr]
