"""The snapshot's decision (meeple.server.broadcast, Views.decision): the controls the
seat's page draws, the question before each action that asks one, and the forced
step a page may play for the seat: never in a timed phase nor in the game's talks."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from meeple.engine import get_game
from meeple.engine.controls import contract_problems
from tests.server.server_support import act, create, state


def test_a_snapshot_carries_controls_questions_and_the_forced_step(client: TestClient) -> None:
    tid, tokens = create(client, "newworld", seed=5)
    rng = random.Random(5)
    seen_forced = seen_question = False
    for _ in range(400):
        spectator = state(client, tid)
        if spectator["over"] or (seen_forced and seen_question):
            break
        seat = min(spectator["to_act"])
        snap = state(client, tid, tokens[seat])
        assert not contract_problems(snap["controls"], snap["legal"])
        assert set(snap["confirm"]) <= set(snap["legal"])
        if snap["forced"] is not None:
            assert snap["legal"] == [snap["forced"]]
            seen_forced = True
        seen_question = seen_question or bool(snap["confirm"])
        assert act(client, tid, tokens[seat], rng.choice(snap["legal"])).status_code == 200
    assert seen_forced and seen_question
    # A spectator decides nothing.
    watching = state(client, tid)
    assert (watching["controls"], watching["confirm"], watching["forced"]) == ([], {}, None)


def test_no_step_plays_itself_in_a_timed_phase_or_the_games_talks(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Africa 1880's diplomacy: "ready" is often a seat's one action, and it ends its
    talks. Even where the game would let it play itself, it is not played for the seat
    with a clock running, nor under the talk rules; at a free-talk table without a
    clock it is (the game always times its diplomacy: a game that did not is stood
    for by taking its timed phase away)."""
    game = get_game("africa1880")
    presentation = type(game.presentation())
    monkeypatch.setattr(presentation, "plays_itself", lambda self, view, action: True)
    options = {"diplomacy_seconds": 600}
    for clock, talk, forced in (
        (True, "rules", False),
        (False, "rules", False),
        (False, "free", True),
    ):
        if not clock:
            monkeypatch.setattr(type(game), "timed_phase", lambda self, state: None)
        body = {"game": "africa1880", "players": 3, "seats": ["human"] * 3, "seed": 4}
        made = client.post("/api/tables", json={**body, "options": options, "talk": talk}).json()
        tid, tokens = made["id"], {int(k): v for k, v in made["tokens"].items()}
        rng = random.Random(4)
        met = 0
        for _ in range(200):
            seat = min(state(client, tid)["to_act"])
            snap = state(client, tid, tokens[seat])
            if snap["view"].get("phase") == "diplomacy" and snap["legal"] == ["ready"]:
                met += 1
                assert snap["forced"] == ("ready" if forced else None), (clock, talk)
                if met > 3:
                    break
            assert act(client, tid, tokens[seat], rng.choice(snap["legal"])).status_code == 200
        assert met, (clock, talk)
