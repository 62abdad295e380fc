"""Seat take-over (docs/server.md, "Seats"): a seat hands itself to a bot at any time;
the others may hand it over only once it is absent; its player takes it back."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from fastapi.testclient import TestClient
from server_support import RELAXED, act, create, sqlite_url, state

from meeple.server.app import create_app

AWAY = 0.4  # absent_after in these tests, seconds


def app(tmp_path: Path) -> TestClient:
    limits = dataclasses.replace(RELAXED, absent_after=AWAY)
    return TestClient(create_app(sqlite_url(tmp_path), limits=limits))


def to_bot(c: TestClient, tid: str, seat: int, token: str) -> tuple[int, str]:
    r = c.post(f"/api/tables/{tid}/seats/{seat}/bot", json={"token": token, "level": "random"})
    return r.status_code, r.text


def test_a_stranger_in_a_free_seat_cannot_take_a_present_players_seat(tmp_path: Path) -> None:
    with app(tmp_path) as c:
        tid, tokens = create(c, seats=[{"kind": "human", "name": "Ann"}, "human", "human"])
        stranger = c.post(f"/api/tables/{tid}/seats/2/claim", json={"name": "S"}).json()["token"]
        state(c, tid, tokens[0])  # Ann is here (a request)
        status, text = to_bot(c, tid, 0, stranger)
        assert status == 403 and "no socket and no request" in text
        assert state(c, tid)["seats"][0]["kind"] == "human"
        time.sleep(AWAY + 0.1)
        assert to_bot(c, tid, 0, stranger)[0] == 200, "absent: the others may hand it over"
        assert state(c, tid)["seats"][0]["kind"] == "random"


def test_a_connected_seat_is_never_absent(tmp_path: Path) -> None:
    with app(tmp_path) as c:
        tid, tokens = create(c)
        with c.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws:
            ws.receive_json()
            time.sleep(AWAY + 0.1)
            assert to_bot(c, tid, 0, tokens[1])[0] == 403
        time.sleep(AWAY + 0.1)
        assert to_bot(c, tid, 0, tokens[1])[0] == 200


def test_the_player_takes_the_seat_back_with_their_token(tmp_path: Path) -> None:
    with app(tmp_path) as c:
        tid, tokens = create(c, seats=["human", "human", "human"])
        assert to_bot(c, tid, 1, tokens[1])[0] == 200, "oneself: at any time"
        mine = state(c, tid, tokens[1])
        assert mine["seat"] == 1, "the token still holds the seat"
        if 1 in mine["to_act"] and mine["legal"]:
            r = act(c, tid, tokens[1], mine["legal"][0])
            assert r.status_code == 409 and "take it back" in r.json()["detail"]
        assert to_bot(c, tid, 0, tokens[1])[0] == 403, "a seat played by a bot hands no one"
        other = c.post(f"/api/tables/{tid}/seats/1/back", json={"token": tokens[0]})
        assert other.status_code == 403, "only the seat's own token takes it back"
        r = c.post(f"/api/tables/{tid}/seats/1/back", json={"token": tokens[1]})
        assert r.status_code == 200, r.text
        assert state(c, tid)["seats"][1]["kind"] == "human"
        again = c.post(f"/api/tables/{tid}/seats/1/back", json={"token": tokens[1]})
        assert again.status_code == 409


def test_a_seat_taken_back_plays_on_after_a_restart(tmp_path: Path) -> None:
    with app(tmp_path) as c:
        tid, tokens = create(c, seats=["human", "human", "human"])
        assert to_bot(c, tid, 0, tokens[0])[0] == 200
    with app(tmp_path) as c:
        assert (
            c.post(f"/api/tables/{tid}/seats/0/back", json={"token": tokens[0]}).status_code == 200
        )
        snap = state(c, tid)
        seat = snap["to_act"][0]
        mine = state(c, tid, tokens[seat])
        assert act(c, tid, tokens[seat], mine["legal"][0], mine["version"]).status_code == 200
