"""Setup, the Optional Rule, 1) Diplomatic Action, the flow of a turn, views, and
refused input through the checked path."""

from __future__ import annotations

import pytest
from africa1880_support import Sheet, ready_all, scenario, write

from meeple.engine import BadConfig, IllegalAction, NotYourTurn
from meeple.games.africa1880 import GAME
from meeple.games.africa1880.board import BOARD


def test_setup_first_presences_in_rulebook_country_order_on_coasts() -> None:
    """Setup: players place in the order Great Britain, France, Germany, Italy,
    Netherlands, Belgium, each one presence on a coastal territory of its choice."""
    state = GAME.new_game(GAME.make_config(3, {"countries": "belgium,france,great britain"}), 5)
    assert GAME.seat_names(state.config) == ("Belgium", "France", "Great Britain")
    assert GAME.to_act(state) == (2,)
    offered = {a.text for a in GAME.legal(state, 2)}
    assert offered == {f"place {BOARD.ids[t]}" for t in BOARD.coastal_indices}
    GAME.play(state, 2, "place egypt")
    assert GAME.to_act(state) == (1,)
    GAME.play(state, 1, "place egypt")  # free placement: an occupied coast is allowed
    GAME.play(state, 0, "place angola")
    assert GAME.view(state, None)["phase"] == "diplomacy"
    assert state.stock == [21, 21, 21]


def test_optional_rule_historical_placement() -> None:
    """Optional Rule: first presences imposed by history."""
    config = GAME.make_config(6, {"historical_placement": True})
    view = GAME.view(GAME.new_game(config, 1), None)
    where = {view["territories"][t]: p for t, p in enumerate(view["presences"]) if p}
    assert where == {
        "alexandria": [0],
        "algiers": [1],
        "dahomey": [2],
        "mogadishu": [3],
        "cape town": [4],
        "angola": [5],
    }
    assert view["phase"] == "diplomacy"


def test_setup_player_counts_and_countries_option() -> None:
    """Setup: three to six players, each a different country."""
    for bad in (2, 7):
        with pytest.raises(BadConfig):
            GAME.make_config(bad)
    with pytest.raises(BadConfig):
        GAME.new_game(GAME.make_config(3, {"countries": "france,france,italy"}), 1)
    with pytest.raises(BadConfig):
        GAME.new_game(GAME.make_config(3, {"countries": "france,spain,italy"}), 1)


def test_1_diplomatic_action_everyone_at_once_then_writing() -> None:
    """1) Diplomatic Action: all seats negotiate at once; the time limit is config."""
    config = GAME.make_config(4, {"diplomacy_seconds": 300})
    state = GAME.new_game(config, 1)
    for seat in range(4):
        GAME.play(state, GAME.to_act(state)[0], f"place {BOARD.ids[BOARD.coastal_indices[seat]]}")
    assert GAME.to_act(state) == (0, 1, 2, 3)
    assert GAME.view(state, 0)["diplomacy_seconds"] == 300
    GAME.play(state, 2, "ready")
    assert GAME.to_act(state) == (0, 1, 3)
    with pytest.raises(NotYourTurn):
        GAME.play(state, 2, "ready")
    for seat in (0, 1, 3):
        GAME.play(state, seat, "ready")
    assert GAME.view(state, None)["phase"] == "writing"
    assert GAME.to_act(state) == (0, 1, 2, 3)


def test_refused_actions_name_the_rule_and_change_nothing() -> None:
    """Bad input through the checked path: IllegalAction naming the section."""
    state = scenario("great britain,france,germany", {"nigeria": [1], "egypt": [0]})
    cases = [
        (1, "nigeria: develop", "2) Writing Orders"),  # still negotiating
        (1, "place dakar", "Setup"),
    ]
    for seat, text, rule in cases:
        before = state.clone()
        with pytest.raises(IllegalAction) as refused:
            GAME.play(state, seat, text)
        assert refused.value.rule == rule
        assert state == before
    ready_all(state)
    cases = [
        (1, "egypt: develop", "2.1) Orders Given to Presences"),
        (1, "war on italy", "2.3) Diplomatic Relations"),
        (1, "war on france", "2.3) Diplomatic Relations"),
        (1, "ready", "1) Diplomatic Action"),
        (1, "no landing", "2) Writing Orders"),  # the next line is Nigeria's order
        (1, "revise orders", "2) Writing Orders"),
    ]
    for seat, text, rule in cases:
        before = state.clone()
        with pytest.raises(IllegalAction) as refused:
            GAME.play(state, seat, text)
        assert refused.value.rule == rule, text
        assert state == before
    GAME.play(state, 1, "seal orders")
    with pytest.raises(NotYourTurn):
        GAME.play(state, 1, "nigeria: develop")


def test_explain_refuses_exactly_what_legal_actions_leaves_out() -> None:
    """Seats the rules no longer wait for get a reason too (explain is asked
    directly, as the checked path never asks it); a legal action gets none: the
    engine's unexplained fallback, naming the legal actions."""
    state = scenario("great britain,france,germany", {"nigeria": [1], "egypt": [0]})
    legal = GAME.explain_illegal(state, 1, GAME.to_action("ready"))
    assert not legal.explained and "ready" in legal.message
    GAME.play(state, 1, "ready")
    again = GAME.explain_illegal(state, 1, GAME.to_action("ready"))
    assert again.explained and again.rule == "1) Diplomatic Action"
    ready_all(state)
    GAME.play(state, 1, "seal orders")
    sealed = GAME.explain_illegal(state, 1, GAME.to_action("nigeria: develop"))
    assert sealed.explained and "sealed" in sealed.message
    for action in GAME.legal(state, 0):
        assert not GAME.explain_illegal(state, 0, action).explained, action.text


def test_views_hide_drafts_until_the_reveal() -> None:
    """2) Writing Orders: in secret; 3) Reading Orders: then every sheet is read."""
    state = scenario("great britain,france,germany", {"nigeria": [1], "egypt": [0], "congo": [2]})
    ready_all(state)
    untouched = state.clone()
    GAME.play(state, 1, "nigeria: develop")
    assert GAME.view(state, 1)["sheet"]["orders"] == {"nigeria": "develop"}
    assert GAME.view(state, 0)["sheet"]["orders"] == {"egypt": "nothing"}
    assert GAME.view(state, None)["sheet"] is None
    assert GAME.view(state, 0) == GAME.view(untouched, 0)
    write(state, 1, Sheet({"nigeria": "develop"}))
    assert GAME.view(state, 0)["sealed"] == [False, True, False]
    mine = [e.text for e in GAME.events(state, 1) if e.private_to == 1]
    assert mine and "Nigeria develops" in mine[-1]
    assert not [e for e in GAME.events(state, 0) if e.private_to is not None]
    write(state, 0, Sheet())
    write(state, 2, Sheet())
    reveal = [e for e in state.log if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].reveals and reveal[0].private_to is None
    assert GAME.view(state, 0)["revealed"][1]["orders"] == {"nigeria": "develop"}
