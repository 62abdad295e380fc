"""Namibia's decisions as the table draws them (meeple/games/namibia/controls.py):
over random seeded games every legal action is offered by exactly one control, an
amount's numbers map back to the legal texts exactly, every action is named in the
game's words (never its raw text), and the bribe says what each place costs and
asks before a bribe of all one's money."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from meeple.engine import get_game
from meeple.engine.controls import ROW_LIMIT, actions_of, contract_problems

GAME = get_game("namibia")
PRESENTATION = GAME.presentation()


def decisions(players: int, seed: int) -> Iterator[tuple[dict[str, Any], list[str]]]:
    """Every decision of a random game: the deciding seat's view and legal texts."""
    state = GAME.new_game(GAME.make_config(players), seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        seat = rng.choice(list(GAME.to_act(state)))
        legal = [a.text for a in GAME.legal(state, seat)]
        yield GAME.view(state, seat), legal
        GAME.play(state, seat, rng.choice(legal))


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_controls_labels_and_questions_over_a_whole_game(players: int, seed: int) -> None:
    asked_all_in = 0
    for view, legal in decisions(players, seed):
        entries = PRESENTATION.controls(view, legal)
        assert not contract_problems(entries, legal), (legal, entries)
        labels = PRESENTATION.action_labels(view, legal)
        assert set(labels) == set(legal)
        for text, words in labels.items():
            assert words != text and not re.fullmatch(r"[a-z0-9 -]+", words), (text, words)
        for entry in entries:
            if entry["kind"] == "amount":
                values = entry["values"]
                assert values == sorted(set(values))
                assert (entry["min"], entry["max"]) == (values[0], values[-1])
                assert set(actions_of(entry)) <= set(legal)
                assert entry["help"]
            else:
                for o in entry["options"]:
                    assert o["label"] == labels[o["action"]]
                if entry["kind"] == "choice" and len(entry["options"]) > ROW_LIMIT:
                    assert all(o.get("group") for o in entry["options"])
        money = view["players"][view["seat"]]["money"]
        if f"bid {money}" in legal:
            question = PRESENTATION.confirm(view, f"bid {money}", legal)
            assert question and f"all your {money} GM" in question
            asked_all_in += 1
        for text in legal:
            if not text.startswith("bid "):
                assert PRESENTATION.confirm(view, text, legal) is None
    assert asked_all_in


def bribe(players: int = 3) -> tuple[dict[str, Any], list[str]]:
    return next(
        (view, legal)
        for view, legal in decisions(players, 3)
        if view["phase"] == "bribe colonial officials"
    )


def test_the_bribe_says_what_each_place_costs() -> None:
    view, legal = bribe()
    (amount,) = [e for e in PRESENTATION.controls(view, legal) if e["kind"] == "amount"]
    assert amount["template"] == "bid {n}" and amount["unit"] == "GM"
    assert (
        "1: -4 reputation, 3 rails; 2: -2 reputation, 2 rails; 3: costs nothing" in amount["help"]
    )
    # Passing first takes the last place, paying the round's minimum.
    assert PRESENTATION.action_labels(view, legal)["pass"] == "Pass: take place 3, pay 1 GM"
    view4, legal4 = bribe(4)
    (amount4,) = [e for e in PRESENTATION.controls(view4, legal4) if e["kind"] == "amount"]
    assert (
        "1: -5 reputation, 3 rails; 2: -3 reputation, 2 rails; 3: -1 reputation, 1 rail"
        in amount4["help"]
    )


def test_a_bribe_that_could_put_the_seat_out_asks_and_says_why() -> None:
    view, legal = bribe()
    view["players"][view["seat"]]["reputation"] = 3
    question = PRESENTATION.confirm(view, legal[1], legal)
    assert (
        question and "out of the game" in question and "costs 4 reputation (you have 3)" in question
    )


def test_with_one_rival_left_a_bribe_asks_what_place_1_costs() -> None:
    view, legal = bribe()
    view["auction"]["bidders"] = view["auction"]["bidders"][:2]
    question = PRESENTATION.confirm(view, "bid 2", legal)
    assert question and "If your last rival passes" in question and "4 reputation" in question
