"""No answer to a seat depends on what is hidden from it (Africa 1880's secret orders).

Rulebook, "2. Writing Orders": every player writes their orders secretly on their
sheet; the sheets are revealed together once all are handed in. Two tables that
differ only in another seat's secret edits (and in their seed) must answer a seat's
requests with the same statuses and bodies: versions, 409 against 422, undo, the
lobby, everything; and the lobby must not move while the edits are made.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_support import RELAXED, act, create, pg_url_or_skip, sqlite_url, state

from meeple.server.app import create_app

SEAL = "seal orders"
OPS = ("get", "act", "act_ahead", "act_stale", "undo", "nonsense", "chat", "ws_sync", "lobby")


def advance_to_writing(c: TestClient, tid: str, tokens: dict[int, str]) -> None:
    """Decide for every seat (first legal action) until the orders are being written."""
    for _ in range(200):
        if state(c, tid)["view"]["phase"] == "writing":
            return
        for seat in state(c, tid)["to_act"]:
            mine = state(c, tid, tokens[seat])
            if mine["legal"] and mine["view"]["phase"] != "writing":
                assert act(c, tid, tokens[seat], mine["legal"][0]).status_code == 200
    raise AssertionError("never reached the writing of orders")


def edit(c: TestClient, tid: str, token: str, choice: int) -> int:
    """A secret edit (any legal action but the seal) of the token's seat."""
    legal = [a for a in state(c, tid, token)["legal"] if a != SEAL]
    return int(act(c, tid, token, legal[choice % len(legal)]).status_code)


def normal(data: Any) -> Any:
    """An answer without what differs between any two tables (id, clock readings)."""
    clocks = ("table", "now", "time", "id", "handover_at")
    if isinstance(data, dict):
        return {k: normal(v) for k, v in data.items() if k not in clocks}
    if isinstance(data, list):
        return [normal(v) for v in data]
    return data


def request(c: TestClient, tid: str, token: str, op: str, choice: int) -> tuple[int, Any]:
    """One request of seat 0 (``op``, with ``choice`` picking among options)."""
    mine = state(c, tid, token)
    version = mine["version"]
    if op == "get":
        return 200, mine
    if op in ("act", "act_ahead", "act_stale"):
        legal = [a for a in mine["legal"] if a != SEAL] or mine["legal"]
        if not legal:
            return 0, None
        shift = {"act": 0, "act_ahead": 1 + choice % 3, "act_stale": -(1 + choice % 3)}[op]
        r = act(c, tid, token, legal[choice % len(legal)], version + shift)
    elif op == "undo":
        r = c.post(f"/api/tables/{tid}/undo", json={"token": token})
    elif op == "nonsense":
        r = act(c, tid, token, "explore the moon", version)
    elif op == "chat":
        r = c.post(f"/api/tables/{tid}/chat", json={"token": token, "text": f"hello {choice}"})
    elif op == "lobby":  # (its time differs between any two tables: compared apart)
        entry = lobby_entry(c, tid)
        return 200, {k: v for k, v in entry.items() if k != "updated"}
    else:
        with c.websocket_connect(f"/api/tables/{tid}/ws?token={token}") as ws:
            first = ws.receive_json()
            ws.send_json({"type": "sync", "id": 1})
            again = ws.receive_json()
            while again["type"] != "state":
                again = ws.receive_json()
            return 101, [first, again]
    return r.status_code, r.json()


def lobby_entry(c: TestClient, tid: str) -> dict[str, Any]:
    return dict(next(t for t in c.get("/api/tables").json() if t["id"] == tid))


def lobby(c: TestClient, *ids: str) -> list[Any]:
    """The lobby's tables (those of ``ids`` alone if given), in its order."""
    tables = c.get("/api/tables").json()
    return [t for t in tables if not ids or t["id"] in ids]


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    hidden=st.lists(st.integers(0, 50), min_size=1, max_size=6),
    ops=st.lists(st.tuples(st.sampled_from(OPS), st.integers(0, 50)), min_size=3, max_size=8),
    interleave=st.integers(0, 7),
)
def test_another_seats_secret_edits_change_no_answer(
    tmp_path_factory: Any, hidden: list[int], ops: list[tuple[str, int]], interleave: int
) -> None:
    url = sqlite_url(tmp_path_factory.mktemp("secrets"))
    with TestClient(create_app(url, limits=RELAXED)) as c:
        plain, plain_tokens = create(c, "africa1880", ["human"] * 3, seed=9)
        # Another seed too: Africa 1880 draws nothing after its setup, so the two games
        # are alike and no answer may tell the seeds apart (issue 27.1).
        secret, secret_tokens = create(c, "africa1880", ["human"] * 3, seed=10)
        for tid, tokens in ((plain, plain_tokens), (secret, secret_tokens)):
            advance_to_writing(c, tid, tokens)
        for step, (op, choice) in enumerate(ops):
            if step == min(interleave, len(ops) - 1):
                shown = lobby(c)
                for pick in hidden:  # seat 1 edits its sheet, on one table only
                    assert edit(c, secret, secret_tokens[1], pick) == 200
                assert lobby(c) == shown, "the lobby moved with hidden edits"
            a = request(c, plain, plain_tokens[0], op, choice)
            b = request(c, secret, secret_tokens[0], op, choice)
            assert a[0] == b[0], (op, a, b)
            assert normal(a[1]) == normal(b[1]), op


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_lobby_moves_with_public_changes_only(tmp_path: Any, backend: str) -> None:
    """Issue 27.2: the lobby's time, version and order stay still while a seat writes
    its secret sheet (2. Writing Orders), and move once something public happens."""
    url = sqlite_url(tmp_path) if backend == "sqlite" else pg_url_or_skip()
    with TestClient(create_app(url, limits=RELAXED)) as c:
        writing, tokens = create(c, "africa1880", ["human"] * 3, seed=9)
        advance_to_writing(c, writing, tokens)
        later, _ = create(c, "africa1880", ["human"] * 3, seed=9)
        shown = lobby(c, writing, later)
        assert [t["id"] for t in shown] == [later, writing]
        for pick in range(4):
            time.sleep(0.01)
            assert edit(c, writing, tokens[1], pick) == 200
        assert lobby(c, writing, later) == shown, "the lobby moved with hidden edits"
        time.sleep(0.01)
        assert act(c, writing, tokens[1], SEAL).status_code == 200  # handed in: public
        now = lobby(c, writing, later)
        assert [t["id"] for t in now] == [writing, later]
        assert now[0]["updated"] > shown[1]["updated"]
        assert now[0]["version"] == shown[1]["version"] + 1


def test_undo_takes_back_ones_edit_whatever_others_wrote_since(tmp_path: Any) -> None:
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED)) as c:
        tid, tokens = create(c, "africa1880", ["human"] * 3, seed=9)
        advance_to_writing(c, tid, tokens)
        first = state(c, tid, tokens[0])
        assert edit(c, tid, tokens[0], 1) == 200
        others = state(c, tid, tokens[1])["view"]
        assert edit(c, tid, tokens[1], 2) == 200  # hidden from seat 0
        assert edit(c, tid, tokens[1], 3) == 200
        r = c.post(f"/api/tables/{tid}/undo", json={"token": tokens[0]})
        assert r.status_code == 200, r.text
        assert r.json()["view"]["sheet"] == first["view"]["sheet"]
        assert state(c, tid, tokens[1])["view"] != others, "seat 1's edits are kept"


def test_undo_never_reopens_a_sealed_sheet(tmp_path: Any) -> None:
    """docs/server.md: handing in one's part of a simultaneous decision is final."""
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED)) as c:
        tid, tokens = create(c, "africa1880", ["human"] * 3, seed=9)
        advance_to_writing(c, tid, tokens)
        assert edit(c, tid, tokens[0], 1) == 200
        assert act(c, tid, tokens[0], SEAL).status_code == 200
        r = c.post(f"/api/tables/{tid}/undo", json={"token": tokens[0]})
        assert r.status_code == 422 and "final" in r.json()["detail"]
        assert state(c, tid)["view"]["sealed"][0] is True


def test_a_version_from_the_future_is_409_without_telling_the_real_one(
    tmp_path: Any,
) -> None:
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED)) as c:
        tid, tokens = create(c, "africa1880", ["human"] * 3, seed=9)
        advance_to_writing(c, tid, tokens)
        shown = state(c, tid, tokens[0])["version"]
        for pick in range(5):
            edit(c, tid, tokens[1], pick)
        legal = [a for a in state(c, tid, tokens[0])["legal"] if a != SEAL]
        # The table moved on five times, but not for seat 0: one ahead of what it was
        # shown is from the future, exactly as without the hidden edits.
        r = act(c, tid, tokens[0], legal[0], shown + 1)
        assert r.status_code == 409
        assert act(c, tid, tokens[0], legal[0], shown).status_code == 200


def advance_to_planning(c: TestClient, tid: str, tokens: dict[int, str]) -> None:
    """New World: first legal actions for every seat until both write their Planning
    Sheets (rule 4.1: each player records his sheet secretly)."""
    for _ in range(400):
        shown = state(c, tid)
        if shown["view"]["phase"] == "planning" and len(shown["to_act"]) == 2:
            return
        for seat in shown["to_act"]:
            mine = state(c, tid, tokens[seat])
            if mine["legal"]:
                assert act(c, tid, tokens[seat], mine["legal"][0]).status_code == 200
    raise AssertionError("never reached the Planning Sheets")


def test_new_world_sheet_entries_move_no_other_seats_version(tmp_path: Any) -> None:
    """4.1 (New World): another seat writing its Planning Sheet changes nothing seat 0
    or a spectator is told, not even a version number."""
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED)) as c:
        tid, tokens = create(c, "newworld", ["human"] * 2, seed=5)
        advance_to_planning(c, tid, tokens)
        before = [normal(state(c, tid, tokens[0])), normal(state(c, tid))]
        written = 0
        for _ in range(6):
            legal = [a for a in state(c, tid, tokens[1])["legal"] if a != "seal plan"]
            assert act(c, tid, tokens[1], legal[-1]).status_code == 200
            if 1 not in state(c, tid)["to_act"]:
                break  # the sheet is complete and handed in: that much is public
            written += 1
            after = [normal(state(c, tid, tokens[0])), normal(state(c, tid))]
            assert after == before, f"told after seat 1's entry {written}"
        assert written >= 2, "seat 1 wrote too little to tell"
