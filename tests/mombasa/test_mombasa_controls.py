"""The browser's Mombasa decisions (controls): every legal action in words (the card
bought with its price, the track, the region), the questions before "ready" with
an empty slot and before ending one's action phase with actions left, and the
plan drafted in the page: any arrangement of the hand's cards in the open slots
("I. Planning Phase": the cards are one's own until everyone is finished) is sent
as legal plan actions through the checked path; a refused one changes nothing."""

from __future__ import annotations

import re

import pytest

from meeple.engine import Rng
from meeple.engine.controls import ROW_LIMIT, contract_problems
from meeple.engine.errors import MeepleError
from meeple.games.mombasa import GAME

PRESENTATION = GAME.presentation()
RAW = re.compile(r"^(buy card|plan [a-z]|advance [a-z]|enter [a-z]|end taking|add slot)")


def planning_state(seed: int = 4):  # type: ignore[no-untyped-def]
    state = GAME.new_game(GAME.make_config(3), seed)
    rng = Rng(seed)
    while GAME.view(state, 0)["phase"] != "planning" or not GAME.legal(state, 0):
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def test_every_legal_action_has_words_and_the_controls_keep_the_contract() -> None:
    seen = set()
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        state = GAME.new_game(GAME.make_config(players), seed)
        rng = Rng(seed)
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            legal = [a.text for a in GAME.legal(state, seat)]
            view = GAME.view(state, seat)
            labels = PRESENTATION.action_labels(view, legal)
            for action in legal:
                assert labels[action] != action and not RAW.search(labels[action]), action
                seen.add(action.split(" ")[0])
                if action.startswith("buy card"):
                    assert re.fullmatch(r"Buy [A-Z].* for (£\d+|\d+ units?)", labels[action])
            entries = PRESENTATION.controls(view, legal)
            assert not contract_problems(entries, legal)
            for entry in entries:
                options = entry.get("options", [])
                if entry["kind"] == "choice" and len(options) > ROW_LIMIT:
                    assert all(o.get("group") for o in options), entry["heading"]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert {"buy", "plan", "advance", "enter", "end", "use"} <= seen


def test_i_ready_with_an_empty_slot_asks_and_never_plays_itself() -> None:
    state = planning_state()
    view = GAME.view(state, 0)
    legal = [a.text for a in GAME.legal(state, 0)]
    question = PRESENTATION.confirm(view, "ready", legal)
    assert question is not None and question.startswith("Ready with slots 1, 2 and 3 empty?")
    assert not PRESENTATION.plays_itself(view, "ready")


def test_ii_ending_the_action_phase_with_actions_left_asks() -> None:
    state = GAME.new_game(GAME.make_config(3), 2)
    rng = Rng(2)
    for _ in range(5000):
        seat = rng.choice(GAME.to_act(state))
        legal = [a.text for a in GAME.legal(state, seat)]
        view = GAME.view(state, seat)
        ends = [a for a in legal if a.startswith("end taking deck")]
        if ends and len(ends) < len(legal) and view["pending"] is None:
            question = PRESENTATION.confirm(view, ends[0], legal)
            assert question is not None and question.startswith("End your action phase?")
            assert PRESENTATION.confirm(view, legal[0], legal) is None or legal[0] in ends
            return
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    raise AssertionError("no turn with an end and other actions")


def test_i_a_drafted_plan_rearranged_is_sent_as_legal_actions() -> None:
    """The draft the page keeps: cards put in slots, then moved (slot 1's card to
    slot 3); sending it plays one legal plan action per slot, then "ready"."""
    state = planning_state()
    view = GAME.view(state, 0)
    legal = [a.text for a in GAME.legal(state, 0)]
    entry = PRESENTATION.controls(view, legal)[0]
    assert entry["kind"] == "plan" and [s["slot"] for s in entry["slots"]] == [1, 2, 3]
    faces = [c["face"] for c in entry["cards"]]
    draft = {1: faces[0], 2: faces[1]}
    draft = {3: draft[1], 2: draft[2]}  # rearranged in the page: nothing sent
    for slot, face in sorted(draft.items()):
        GAME.play(state, 0, entry["template"].format(card=face, slot=slot))
    GAME.play(state, 0, entry["ready"])
    slots = GAME.view(state, 0)["players"][0]["slots"]
    assert [s and s["card"] for s in slots[:3]] == [None, faces[1], faces[0]]


def test_a_refused_plan_changes_nothing() -> None:
    state = planning_state()
    view = GAME.view(state, 0)
    hand = set(view["players"][0]["hand"])
    missing = next(f for f in ("coffee 4", "cotton 4", "bananas 4", "coffee 3") if f not in hand)
    with pytest.raises(MeepleError):
        GAME.play(state, 0, f"plan {missing} in slot 1")
    assert GAME.view(state, 0) == view
