"""Costly requests (issue 27, item 6; docs/server.md, "Limits"): a replay answer is
worked out once per table version, and the server time each address spends on
replays, undos and loading tables is charged to it (``cost_rate``, ``cost_burst``):
past its share its costly requests are 429 while other addresses and its cheap
requests are served."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_support import RELAXED, act, sqlite_url, state

import meeple.server.moves as moves_module
from meeple.server import replays
from meeple.server.app import create_app

STINGY = dataclasses.replace(RELAXED, cost_rate=1e-6, cost_burst=1e-9)


def goofspiel(c: TestClient, cards: int = 5) -> tuple[str, dict[int, str]]:
    body = {"game": "goofspiel", "players": 2, "seats": ["human"] * 2, "options": {"cards": cards}}
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"], {int(k): v for k, v in r.json()["tokens"].items()}


def finish(c: TestClient, tid: str, tokens: dict[int, str]) -> int:
    """Play the table to its end (each seat its first card); the number of moves."""
    moves = 0
    while not (snap := state(c, tid))["over"]:
        seat = snap["to_act"][0]
        assert act(c, tid, tokens[seat], state(c, tid, tokens[seat])["legal"][0]).status_code == 200
        moves += 1
    return moves


def test_a_replay_step_asked_again_is_not_worked_out_again(tmp_path: Path) -> None:
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        counted: list[str] = []  # the replay steps worked out (each replays the record)
        real = hub.cpu.run

        async def run(key: str, fn: Any, *args: Any) -> Any:
            if fn is replays.step_in_worker:
                counted.append(key)
            return await real(key, fn, *args)

        hub.cpu.run = run
        tid, tokens = goofspiel(c)
        total = finish(c, tid, tokens)
        first = [c.get(f"/api/tables/{tid}/replay/{ply}").json() for ply in range(total + 1)]
        assert len(counted) == total + 1
        again = [c.get(f"/api/tables/{tid}/replay/{ply}").json() for ply in range(total + 1)]
        assert again == first and len(counted) == total + 1, "answered from what was kept"
        c.get(f"/api/tables/{tid}/replay/1", params={"svg": "false"})
        assert len(counted) == total + 2, "another question is worked out"
        outline = c.get(f"/api/tables/{tid}/replay").json()
        assert c.get(f"/api/tables/{tid}/replay").json() == outline


def test_costly_requests_past_an_address_share_are_429_and_others_are_served(
    tmp_path: Path,
) -> None:
    app = create_app(sqlite_url(tmp_path), limits=STINGY)
    with (
        TestClient(app, client=("10.0.0.1", 5000)) as greedy,
        TestClient(app, client=("10.0.0.2", 5000)) as other,
    ):
        tid, tokens = goofspiel(greedy)
        finish(greedy, tid, tokens)
        assert greedy.get(f"/api/tables/{tid}/replay/1").status_code == 200
        refused = greedy.get(f"/api/tables/{tid}/replay/2")
        assert refused.status_code == 429
        assert "share of the server's time" in refused.json()["detail"]
        assert greedy.get(f"/api/tables/{tid}/replay/1").status_code == 200, "kept: no cost"
        assert greedy.get(f"/api/tables/{tid}").status_code == 200, "cheap requests are served"
        assert other.get(f"/api/tables/{tid}/replay/2").status_code == 200
        assert other.get(f"/api/tables/{tid}/replay").status_code == 429, "its share spent"


def namibia(c: TestClient) -> tuple[str, dict[int, str]]:
    r = c.post("/api/tables", json={"game": "namibia", "players": 3, "seats": ["human"] * 3})
    assert r.status_code == 201, r.text
    return r.json()["id"], {int(k): v for k, v in r.json()["tokens"].items()}


def move(c: TestClient, tid: str, tokens: dict[int, str]) -> int:
    """The seat to act plays its first legal action; that seat."""
    seat = state(c, tid)["to_act"][0]
    assert act(c, tid, tokens[seat], state(c, tid, tokens[seat])["legal"][0]).status_code == 200
    return seat


def test_undos_are_charged_and_a_refusal_found_by_replaying_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def refuse(*_args: Any) -> str:
        calls.append(1)
        return "refused after replaying"

    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED)) as c:
        tid, tokens = namibia(c)
        seat = move(c, tid, tokens)
        monkeypatch.setattr(moves_module, "prepare_undo", refuse)
        for _ in range(3):
            r = c.post(f"/api/tables/{tid}/undo", json={"token": tokens[seat]})
            assert r.status_code == 422 and r.json()["detail"] == "refused after replaying"
        assert len(calls) == 1, "the refusal is kept until the table changes"
    monkeypatch.undo()
    (tmp_path / "stingy").mkdir()
    with TestClient(create_app(sqlite_url(tmp_path / "stingy"), limits=STINGY)) as c:
        tid, tokens = namibia(c)
        seat = move(c, tid, tokens)
        assert c.post(f"/api/tables/{tid}/undo", json={"token": tokens[seat]}).status_code == 200
        seat = move(c, tid, tokens)
        before = state(c, tid)
        again = c.post(f"/api/tables/{tid}/undo", json={"token": tokens[seat]})
        assert again.status_code == 429 and "share" in again.json()["detail"]
        after = state(c, tid)
        assert (after["version"], after["view"]) == (before["version"], before["view"])
