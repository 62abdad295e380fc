"""Text and options people send (issue 27, item 7): chat and names refuse control and
text-direction characters with a clear error on every database, names are rate
limited as chat is, and a number option outside its range is refused naming it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_support import RELAXED, create, pg_url_or_skip, sqlite_url, state

from meeple.server.app import create_app

BAD_CHAT = ["hi\x00there", "bell\x07", "esc\x1b[2J", "del\x7f", "c1\x85"]
BAD_NAMES = ["Ann\x00", "Ann\nBob", "Ann\tB", "\u202eknA", "Ann\u2066", "A\u2028B"]


@pytest.fixture(params=["sqlite", "postgresql"])
def any_client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    url = sqlite_url(tmp_path) if request.param == "sqlite" else pg_url_or_skip()
    with TestClient(create_app(url, limits=RELAXED)) as c:
        yield c


def test_chat_with_control_characters_is_refused_alike_on_every_database(
    any_client: TestClient,
) -> None:
    c = any_client
    tid, tokens = create(c)
    for text in BAD_CHAT:
        r = c.post(f"/api/tables/{tid}/chat", json={"token": tokens[0], "text": text})
        assert r.status_code == 422, (text, r.text)
        assert "control characters" in r.json()["detail"] and "U+" in r.json()["detail"]
    ok = c.post(f"/api/tables/{tid}/chat", json={"token": tokens[0], "text": "two\nlines\tok"})
    assert ok.status_code == 200
    assert [m["text"] for m in state(c, tid)["chat"]] == ["two\nlines\tok"]


def test_a_chat_with_nul_over_the_websocket_is_an_error_reply_and_the_socket_lives(
    any_client: TestClient,
) -> None:
    c = any_client
    tid, tokens = create(c)
    with c.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "chat", "text": "a\x00b", "id": 1})
        reply = ws.receive_json()
        while reply["type"] not in ("error", "ack"):
            reply = ws.receive_json()
        assert reply["type"] == "error" and reply["status"] == 422 and reply["id"] == 1
        assert "U+0000" in reply["detail"]
        ws.send_json({"type": "ping", "id": 2})
        reply = ws.receive_json()
        while reply["type"] != "pong":
            reply = ws.receive_json()
        assert reply["id"] == 2
    assert state(c, tid)["chat"] == []


def test_names_with_control_or_direction_characters_are_refused_everywhere(
    client: TestClient,
) -> None:
    body = {"game": "namibia", "players": 3}
    for name in BAD_NAMES:
        seats = [{"kind": "human", "name": name}, "human", "human"]
        r = client.post("/api/tables", json={**body, "seats": seats})
        assert r.status_code == 422 and "text-direction" in r.json()["detail"], (name, r.text)
    tid, tokens = create(client, seats=["human", "human", "human"])
    before = state(client, tid)
    for name in BAD_NAMES:
        r = client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": name})
        assert r.status_code == 422, (name, r.text)
        r = client.post(f"/api/tables/{tid}/seats/0/name", json={"token": tokens[0], "name": name})
        assert r.status_code == 422 and "U+" in r.json()["detail"], (name, r.text)
    after = state(client, tid)
    assert after["seats"] == before["seats"] and after["version"] == before["version"]
    ok = client.post(f"/api/tables/{tid}/seats/0/name", json={"token": tokens[0], "name": "Zoë"})
    assert ok.status_code == 200 and ok.json()["name"] == "Zoë"


def test_renames_count_as_chat_does(tmp_path: Path) -> None:
    limits = dataclasses.replace(RELAXED, chat_per_seat=3, chat_per_table=4)
    with TestClient(create_app(sqlite_url(tmp_path), limits=limits)) as c:
        tid, tokens = create(c, seats=["human", "human", "human"])

        def rename(seat: int, name: str) -> int:
            url = f"/api/tables/{tid}/seats/{seat}/name"
            return c.post(url, json={"token": tokens[seat], "name": name}).status_code

        assert [rename(0, f"Ann {i}") for i in range(3)] == [200] * 3
        assert rename(0, "Ann 2") == 200, "the name it has already: nothing changes"
        refused = c.post(
            f"/api/tables/{tid}/seats/0/name", json={"token": tokens[0], "name": "Ann 9"}
        )
        assert refused.status_code == 429 and "per seat per minute" in refused.json()["detail"]
        version = state(c, tid)["version"]
        assert rename(1, "Bob") == 200
        assert rename(2, "Cy") == 429, "the table's budget is spent"
        assert state(c, tid)["version"] == version + 1
        assert [s["player"] for s in state(c, tid)["seats"]][:2] == ["Ann 2", "Bob"]


@pytest.mark.parametrize("seconds", [0, -5, 3601])
def test_diplomacy_seconds_outside_its_range_is_refused_naming_it(
    client: TestClient, seconds: int
) -> None:
    body = {
        "game": "africa1880",
        "players": 3,
        "seats": ["human"] * 3,
        "options": {"diplomacy_seconds": seconds},
    }
    r = client.post("/api/tables", json=body)
    assert r.status_code == 422, r.text
    assert "diplomacy_seconds" in r.json()["detail"] and "from 1 to 3600" in r.json()["detail"]
    games = {g["name"]: g for g in client.get("/api/games").json()}
    option = next(o for o in games["africa1880"]["options"] if o["name"] == "diplomacy_seconds")
    assert (option["low"], option["high"]) == (1, 3600)
    fine = client.post("/api/tables", json={**body, "options": {"diplomacy_seconds": 1}})
    assert fine.status_code == 201
