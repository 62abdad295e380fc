"""The controls a table draws for a decision (meeple.engine.controls, the hooks
Presentation.controls and plays_itself, and the server's use of them in
meeple.server.render and the snapshot)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from meeple.engine import Presentation, get_game
from meeple.engine.controls import (
    ROW_LIMIT,
    action_groups,
    actions_of,
    amount_control,
    choice_control,
    contract_problems,
    default_controls,
    option,
)
from meeple.engine.registry import all_games
from meeple.server import render

GAMES = sorted(game.name for game in all_games())


def test_a_group_differing_in_one_number_is_an_amount() -> None:
    legal = ["pass", *(f"bid {n}" for n in range(3, 27))]
    entries = default_controls(legal, {})
    amount = next(e for e in entries if e["kind"] == "amount")
    assert amount["template"] == "bid {n}"
    assert (amount["min"], amount["max"], amount["step"], amount["default"]) == (3, 26, 1, 3)
    assert actions_of(amount) == legal[1:]
    assert not contract_problems(entries, legal)


def test_a_refusal_joins_its_group_and_lone_actions_share_a_row() -> None:
    legal = ["take 4 colonists", "roll for colonists", "no landing", "land egypt", "land congo"]
    entries = default_controls(legal, {"take 4 colonists": "take 4 Colonists"})
    assert [[o["action"] for o in e["options"]] for e in entries] == [legal[:2], legal[2:]]
    assert entries[0]["heading"] == "" and entries[1]["heading"] == "land"
    assert entries[0]["options"][0]["label"] == "take 4 Colonists"
    assert action_groups(["no landing", "land egypt"]) == {"land": ["no landing", "land egypt"]}


def test_a_large_group_gets_sub_headings() -> None:
    legal = [
        f"place {kind} {col}{row}"
        for kind in ("gold", "copper")
        for col in "abc"
        for row in range(5)
    ]
    (entry,) = default_controls(legal, {})
    assert len(entry["options"]) > ROW_LIMIT
    assert {o["group"] for o in entry["options"]} == {"gold", "copper"}


def test_broken_entries_are_found() -> None:
    legal = ["a", "b", "c"]
    entries = [choice_control("", [option("a", "A"), option("a", "A"), option("x", "X")])]
    assert contract_problems(entries, legal) == [
        "not offered: b",
        "not offered: c",
        "offered twice: a",
        "not legal: x",
    ]
    with pytest.raises(ValueError):
        amount_control("bid", "bid", [1])
    with pytest.raises(ValueError):
        amount_control("bid", "bid {n}", [])


def test_a_step_plays_itself_unless_the_game_asks_first() -> None:
    class Asking(Presentation):
        def confirm(self, view: dict[str, Any], action: str, legal: Sequence[str]) -> str | None:
            return "Seal?" if action == "seal" else None

    assert Presentation().plays_itself({}, "end combat")
    assert Asking().plays_itself({}, "end combat")
    assert not Asking().plays_itself({}, "seal")


def test_the_server_draws_the_default_when_a_game_breaks_the_contract(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = get_game("namibia")
    state = game.new_game(game.make_config(3), 1)
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    legal = [a.text for a in game.legal(state, seat)]

    class Forgetful(type(game.presentation())):  # type: ignore[misc]
        def controls(self, view: dict[str, Any], legal: Sequence[str]) -> list[dict[str, Any]]:
            return [choice_control("", [option(legal[0], "first")])]

    monkeypatch.setattr(game, "presentation", lambda: Forgetful())
    entries = render.controls(game, view, legal)
    assert not contract_problems(entries, legal)
    assert len(entries) > 1 or len(entries[0]["options"]) == len(legal)


@pytest.mark.parametrize("game_name", GAMES)
def test_every_game_offers_every_legal_action_once(game_name: str) -> None:
    """In random games of every game, the server's controls meet the contract and
    name a forced step only when it is the seat's one legal action."""
    game = get_game(game_name)
    for seed in range(2):
        state = game.new_game(game.make_config(game.min_players), seed)
        rng = random.Random(seed)
        for _ in range(150):
            if game.is_over(state):
                break
            seat = rng.choice(list(game.to_act(state)))
            legal = [a.text for a in game.legal(state, seat)]
            view = game.view(state, seat)
            entries = render.controls(game, view, legal)
            assert not contract_problems(entries, legal), (legal, entries)
            forced = render.plays_itself(game, view, legal)
            assert forced is None or legal == [forced]
            questions = render.confirm_questions(game, view, legal)
            assert set(questions) <= set(legal)
            game.play(state, seat, rng.choice(legal))
