"""New World's decisions as the table draws them (meeple/games/newworld/controls.py):
over random seeded games every legal action is offered by exactly one control, the
counts (bid, Ships, Soldiers, attackers) are amounts whose numbers map back to the
legal texts exactly, every action is named in the game's words (never its raw
text), and the moves that cannot be taken back ask first."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from meeple.engine import get_game
from meeple.engine.controls import ROW_LIMIT, actions_of, contract_problems

GAME = get_game("newworld")
PRESENTATION = GAME.presentation()
COUNTS = ("bid ", "maintain ", "build ", "buy ", "send ", "devote ")


def decisions(players: int, seed: int, limit: int) -> Iterator[tuple[dict[str, Any], list[str]]]:
    state = GAME.new_game(GAME.make_config(players), seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if GAME.is_over(state):
            return
        seat = rng.choice(list(GAME.to_act(state)))
        legal = [a.text for a in GAME.legal(state, seat)]
        yield GAME.view(state, seat), legal
        GAME.play(state, seat, rng.choice(legal))


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_controls_labels_and_questions_over_random_games(players: int, seed: int) -> None:
    met = {"all-in bid": 0, "seal": 0, "forced": 0}
    for view, legal in decisions(players, seed, 1500):
        entries = PRESENTATION.controls(view, legal)
        assert not contract_problems(entries, legal), (legal, entries)
        labels = PRESENTATION.action_labels(view, legal)
        assert set(labels) == set(legal)
        assert all(words != text for text, words in labels.items())
        for entry in entries:
            if entry["kind"] == "amount":
                offered = actions_of(entry)
                assert set(offered) <= set(legal)
                assert entry["values"] == sorted(set(entry["values"]))
                assert entry["heading"]
            else:
                assert all(o["label"] == labels[o["action"]] for o in entry["options"])
                if len(entry["options"]) > ROW_LIMIT:
                    assert all(o.get("group") for o in entry["options"]), entry["heading"]
        # A count of three or more choices is never a row of buttons.
        for prefix in COUNTS:
            counted = [a for a in legal if a.startswith(prefix)]
            if len(counted) >= 3:
                assert any(
                    e["kind"] == "amount" and set(actions_of(e)) == set(counted) for e in entries
                )
        cash = view["players"][view["seat"]]["cash"]
        if cash and f"bid {cash}" in legal:
            question = PRESENTATION.confirm(view, f"bid {cash}", legal)
            assert question and f"all your ${cash}" in question
            assert PRESENTATION.confirm(view, "bid 0", legal) is None
            met["all-in bid"] += 1
        if "seal plan" in legal:
            question = PRESENTATION.confirm(view, "seal plan", legal)
            assert question and "Your sheet:" in question
            assert not PRESENTATION.plays_itself(view, "seal plan")
            met["seal"] += 1
        if len(legal) == 1 and PRESENTATION.plays_itself(view, legal[0]):
            met["forced"] += 1
    assert all(met.values()), met


def test_ending_with_moves_left_asks_and_alone_plays_itself() -> None:
    for view, legal in decisions(3, 4, 3000):
        if "end movement" in legal and len(legal) > 1:
            question = PRESENTATION.confirm(view, "end movement", legal)
            assert question and f"{len(legal) - 1} other move" in question
            break
    else:
        pytest.fail("no Land Movement met")
    assert PRESENTATION.confirm(view, "end movement", ["end movement"]) is None
    assert PRESENTATION.plays_itself(view, "end movement")
    assert PRESENTATION.plays_itself(view, "sail home")


def test_the_bid_is_an_amount_in_dollars_with_its_terms() -> None:
    view, legal = next(decisions(3, 1, 50))
    while not legal[0].startswith("bid"):
        view, legal = next(d for d in decisions(3, 1, 50) if d[1][0].startswith("bid"))
    (bid,) = PRESENTATION.controls(view, legal)
    assert (bid["kind"], bid["template"], bid["unit"], bid["min"], bid["max"]) == (
        "amount",
        "bid {n}",
        "$",
        0,
        160,
    )
    assert "You have $160" in bid["help"] and "other end of the bids" in bid["help"]
