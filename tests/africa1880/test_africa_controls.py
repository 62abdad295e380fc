"""The browser's Africa 1880 decisions (controls, sheet_view): every legal action in
words, seal orders last and asked before, the order sheet's lines reachable again
through the checked path ("2. Writing Orders": a sheet is its writer's until
sealed), and a refused step that changes nothing."""

from __future__ import annotations

import re

import pytest

from meeple.engine import Rng
from meeple.engine.controls import ROW_LIMIT, contract_problems
from meeple.engine.errors import MeepleError
from meeple.games.africa1880 import GAME
from meeple.games.africa1880.render import TERMINAL
from meeple.games.africa1880.sheet_view import current_line, go_to_line, sheet_lines
from meeple.games.africa1880.svg import PRESENTATION
from meeple.games.africa1880.view import build_view

RAW = re.compile(r": (develop|nothing|explore)|^(land|place|war on|alliance with) [a-z]")


def writing_state(seed: int = 3, players: int = 3):  # type: ignore[no-untyped-def]
    """A game at its first writing phase, seat 0 still writing (bots' random play)."""
    state = GAME.new_game(GAME.make_config(players), seed)
    rng = Rng(seed)
    while GAME.view(state, 0)["phase"] != "writing":
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def test_every_legal_action_has_words_and_the_controls_keep_the_contract() -> None:
    for seed, players in ((1, 3), (2, 4), (3, 6)):
        state = GAME.new_game(GAME.make_config(players), seed)
        rng = Rng(seed)
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            legal = [a.text for a in GAME.legal(state, seat)]
            view = GAME.view(state, seat)
            labels = PRESENTATION.action_labels(view, legal)
            for action in legal:
                assert labels[action] and labels[action] != action, action
                assert not RAW.search(labels[action]), labels[action]
            entries = GAME.presentation().controls(view, legal)  # as the server asks
            assert not contract_problems(entries, legal)
            for entry in entries:
                options = entry.get("options", [])
                if entry["kind"] == "choice" and len(options) > ROW_LIMIT:
                    assert all(o.get("group") for o in options), entry["heading"]
            offered = [o["action"] for e in entries for o in e.get("options", [])]
            if "seal orders" in legal:
                assert offered[-1] == "seal orders"  # last among the choices
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_2_sealing_asks_first_naming_the_lines_never_written() -> None:
    state = writing_state()
    view = build_view(state, 0)
    legal = [a.text for a in GAME.legal(state, 0)]
    question = PRESENTATION.confirm(view, "seal orders", legal)
    assert question is not None
    assert question.startswith("Seal your 1880 orders? Once sealed they cannot be changed.")
    first = sheet_lines(view)[0]
    assert f"1. {first.label}: {first.value}" in question  # nothing written yet
    assert not PRESENTATION.plays_itself(view, "seal orders")
    assert PRESENTATION.confirm(view, legal[1], legal) is None


def play_all(state, actions) -> None:  # type: ignore[no-untyped-def]
    for action in actions:
        GAME.play(state, 0, action)  # the checked path


def test_2_any_line_is_written_again_and_every_other_line_keeps_its_value() -> None:
    """Write two lines, go back to line 1, change it: line 2 keeps what was written."""
    state = writing_state()
    view = build_view(state, 0)
    lines = sheet_lines(view)
    first_choices = [a.text for a in GAME.legal(state, 0) if a.text != "seal orders"]
    GAME.play(state, 0, first_choices[0])
    second = [a.text for a in GAME.legal(state, 0) if a.text != "seal orders"][-1]
    GAME.play(state, 0, second)
    view = build_view(state, 0)
    assert current_line(view) == 2
    written = sheet_lines(view)[1].value
    play_all(state, go_to_line(view, 0))
    view = build_view(state, 0)
    assert current_line(view) == 0
    assert sheet_lines(view)[1].value == written
    other = next(
        a.text for a in GAME.legal(state, 0) if a.text not in (first_choices[0], "seal orders")
    )
    GAME.play(state, 0, other)
    view = build_view(state, 0)
    assert sheet_lines(view)[0].action == other
    assert sheet_lines(view)[1].value == written
    assert len(lines) == len(sheet_lines(view))
    # forward: to the last line, the lines between keep their values
    play_all(state, go_to_line(view, len(lines) - 1))
    assert current_line(build_view(state, 0)) == len(lines) - 1
    assert go_to_line(build_view(state, 0), len(lines) - 1) == ()


def test_a_refused_step_changes_nothing() -> None:
    state = writing_state()
    view = build_view(state, 0)
    steps = go_to_line(view, len(sheet_lines(view)) - 1)
    assert steps
    before = build_view(state, 0)
    with pytest.raises(MeepleError):
        GAME.play(state, 0, steps[-1] if len(steps) > 1 else "revise orders")
    assert build_view(state, 0) == before


def test_the_terminal_line_command_plays_the_same_steps() -> None:
    state = writing_state()
    GAME.play(state, 0, [a.text for a in GAME.legal(state, 0)][1])
    view = build_view(state, 0)
    reply = TERMINAL.command(view, "line", "1")
    assert reply is not None and reply.actions == go_to_line(view, 0)
