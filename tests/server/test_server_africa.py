"""Africa 1880 on the server: secret orders stay secret, and the diplomacy clock."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient
from server_support import act, create, state, wait_for


def advance_to(c: TestClient, tid: str, tokens: dict[int, str], phase: str) -> dict[str, Any]:
    """Decide for the seats (first legal action) until the table reaches ``phase``."""
    for _ in range(200):
        snap = state(c, tid)
        if snap["view"]["phase"] == phase:
            return snap
        for seat in snap["to_act"]:
            mine = state(c, tid, tokens[seat])
            if mine["legal"] and mine["view"]["phase"] != phase:
                assert act(c, tid, tokens[seat], mine["legal"][0]).status_code == 200
    raise AssertionError(f"never reached {phase}")


def test_orders_are_secret_until_the_reveal(client: TestClient) -> None:
    tid, tokens = create(client, "africa1880", ["human"] * 3, seed=9)
    advance_to(client, tid, tokens, "writing")
    watchers = {s: state(client, tid, tokens[s]) for s in (1, 2)}
    spectator = state(client, tid)
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}") as ws:
        first = ws.receive_json()
        # Seat 0 writes its sheet: edits that are not a seal.
        edits = []
        for _ in range(3):
            legal = state(client, tid, tokens[0])["legal"]
            edits.append(next(a for a in legal if a != "seal orders"))
            assert act(client, tid, tokens[0], edits[-1]).status_code == 200
        version = state(client, tid)["version"]
        own = state(client, tid, tokens[0])["view"]["sheet"]
        assert own["seat"] == 0
        for s in (1, 2):
            now = state(client, tid, tokens[s])
            assert now["view"] == watchers[s]["view"], "a draft leaked into another seat's view"
            assert now["version"] == watchers[s]["version"], "edits are not even counted"
            assert now["events"] == watchers[s]["events"]
        now = state(client, tid)
        assert now["view"] == spectator["view"] and now["events"] == spectator["events"]
        assert now["version"] == spectator["version"] == version
        # Seat 1 was pushed nothing about the edits: the next push is the seal.
        assert act(client, tid, tokens[0], "seal orders").status_code == 200
        pushed = ws.receive_json()
        while pushed["type"] != "state" or pushed["version"] == first["version"]:
            pushed = ws.receive_json()  # (its own connection's presence push)
        assert pushed["view"]["sealed"][0] is True
        assert pushed["events"] == [e for e in pushed["events"] if "seal" in e["text"].lower()]
        # Others learn only that seat 0 sealed.
        sealed = state(client, tid, tokens[1])["view"]
        assert sealed["sealed"][0] is True and sealed["revealed"] is None
        assert json.dumps(own["orders"]) not in json.dumps(sealed)
    # Everyone seals: the sheets are revealed to all, spectators included.
    for s in (1, 2):
        assert act(client, tid, tokens[s], "seal orders").status_code == 200
    revealed = state(client, tid)["view"]["revealed"]
    assert revealed is not None and revealed[0]["seat"] == 0


def test_the_diplomacy_clock_plays_ready_for_late_seats(client: TestClient) -> None:
    tid, tokens = create(client, "africa1880", ["human"] * 3, seed=4, diplomacy_seconds=1)
    snap = advance_to(client, tid, tokens, "diplomacy")
    assert snap["deadline"] is not None
    assert 0 < snap["deadline"] - time.time() <= 1.5
    assert act(client, tid, tokens[0], "ready").status_code == 200
    done = wait_for(lambda: state(client, tid)["view"]["phase"] == "writing" and state(client, tid))
    assert done["deadline"] is None
    texts = [e["text"] for e in done["events"]]
    assert sum("ready" in t.lower() for t in texts) >= 3


def test_all_ready_ends_diplomacy_before_the_clock(client: TestClient) -> None:
    tid, tokens = create(client, "africa1880", ["human"] * 3, seed=4)
    snap = advance_to(client, tid, tokens, "diplomacy")
    assert 470 < snap["deadline"] - time.time() <= 480
    assert snap["seats"][0]["status"] == "negotiating"
    for s in range(3):
        assert act(client, tid, tokens[s], "ready").status_code == 200
    assert state(client, tid)["view"]["phase"] == "writing"
