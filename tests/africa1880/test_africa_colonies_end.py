"""5) Building Colonies, Special Rules Concerning Colonies, The End of the Game."""

from __future__ import annotations

import pytest
from africa1880_support import Sheet, full, play_turn, ready_all, scenario, seats_in, tid

from meeple.engine import IllegalAction
from meeple.games.africa1880 import GAME
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.scoring import breakdown
from meeple.games.africa1880.state import ALLIANCE, WAR

GB, FR, DE = 0, 1, 2
COUNTRIES = "great britain,france,germany"


def test_5_fully_developed_and_allied_becomes_a_colony() -> None:
    """5) Both conditions met: the colony piece must be placed."""
    state = scenario(COUNTRIES, {"nigeria": [FR, DE]}, developed={"nigeria": 3})
    play_turn(state, {FR: Sheet({"nigeria": "develop"})})
    assert state.colony[tid("nigeria")]
    assert state.last_colonies == [tid("nigeria")]


def test_5_the_last_tile_and_the_colony_come_in_the_same_turn() -> None:
    """5) follows 3): a territory completed this turn can become a colony this turn."""
    state = scenario(COUNTRIES, {"tenere": [GB]})
    assert BOARD.squares[tid("tenere")] == 1
    play_turn(state, {GB: Sheet({"tenere": "develop"})})
    assert state.colony[tid("tenere")]


def test_5_not_fully_developed_is_no_colony() -> None:
    state = scenario(COUNTRIES, {"nigeria": [FR]}, developed={"nigeria": 2})
    play_turn(state, {})
    assert not state.colony[tid("nigeria")]


def test_5_empty_territory_is_no_colony() -> None:
    """5) e.g. all presences removed in phase 4."""
    state = scenario(COUNTRIES, {"egypt": [GB]}, developed=full("nigeria"))
    play_turn(state, {})
    assert not state.colony[tid("nigeria")]


def test_5_allied_with_each_other_needs_both_directions() -> None:
    """5) 'all allied with each other': one declaration of war among the countries
    present (here not enough to remove anybody) forbids the colony."""
    state = scenario(COUNTRIES, {"nigeria": [GB, FR, DE]}, developed=full("nigeria"))
    play_turn(state, {GB: Sheet(war=("france",))})
    assert seats_in(state, "nigeria") == [GB, FR, DE]
    assert not state.colony[tid("nigeria")]


def test_5_mutual_war_blocks_the_colony_but_a_lone_survivor_builds_it() -> None:
    """4) then 5): war/war keeps both and no colony; alliance/war removes the allied
    one and the survivor, alone, builds the colony."""
    state = scenario(
        COUNTRIES, {"nigeria": [FR, DE], "egypt": [FR, DE]}, developed=full("nigeria", "egypt")
    )
    play_turn(state, {FR: Sheet(war=("germany",)), DE: Sheet(war=("france",))})
    assert not state.colony[tid("nigeria")] and not state.colony[tid("egypt")]
    play_turn(state, {DE: Sheet(war=("france",))})
    assert seats_in(state, "nigeria") == [DE]
    assert state.colony[tid("nigeria")] and state.colony[tid("egypt")]


def test_special_rules_colonies_are_permanent_and_closed_to_exploration() -> None:
    """Special Rules Concerning Colonies: presences there stay for good and may still
    explore out; nobody may explore into a colony."""
    state = scenario(
        COUNTRIES,
        {"nigeria": [FR, DE], "cameroon": [GB]},
        developed=full("nigeria"),
        colonies=["nigeria"],
    )
    ready_all(state)
    offered = {a.text for a in GAME.legal(state, GB)}
    assert "cameroon: explore nigeria" not in offered
    with pytest.raises(IllegalAction) as refused:
        GAME.play(state, GB, "cameroon: explore nigeria")
    assert refused.value.rule == "Special Rules Concerning Colonies"
    assert "nigeria: explore dahomey" in {a.text for a in GAME.legal(state, FR)}
    for seat in range(3):
        GAME.play(state, seat, "seal orders")
    play_turn(state, {GB: Sheet(war=("france", "germany")), FR: Sheet(war=("germany",))})
    assert seats_in(state, "nigeria") == [FR, DE]
    assert state.colony[tid("nigeria")]


def test_end_after_1914() -> None:
    """The End of the Game: the last turn is 1914."""
    state = scenario(COUNTRIES, {"egypt": [GB], "nigeria": [FR], "congo": [DE]}, year=1910)
    play_turn(state, {})
    assert not GAME.is_over(state)
    assert GAME.view(state, None)["year"] == 1914
    play_turn(state, {})
    assert GAME.is_over(state)
    assert GAME.to_act(state) == ()


def test_end_when_the_last_colony_piece_is_placed_extra_colonies_count() -> None:
    """The End of the Game: the turn in which the last piece is placed is the last;
    colonies beyond the 22 pieces that turn are built with substitutes and count."""
    ready_made = [BOARD.ids[t] for t in range(len(BOARD.ids))][:21]
    spare = [name for name in BOARD.ids if name not in ready_made]
    presences = {name: [GB] for name in ready_made}
    presences[spare[0]] = [FR]
    presences[spare[1]] = [DE]
    state = scenario(
        COUNTRIES,
        presences,
        developed={**full(*ready_made), **full(spare[0], spare[1])},
        colonies=ready_made,
        year=1890,
    )
    play_turn(state, {})
    assert sum(state.colony) == 23
    assert GAME.is_over(state)
    assert GAME.view(state, None)["year"] == 1890
    scores = GAME.result(state).scores
    assert scores == (21 * 8 + 2, 8 + 2, 8 + 2)
    assert any("substitute" in e.text for e in state.log)


def test_scoring_8_3_and_1_per_alliance_received() -> None:
    """The End of the Game: 8 per presence alone on a colony, 3 per presence on a
    shared colony, 1 per alliance marker in one's embassy on the last turn."""
    state = scenario(
        COUNTRIES,
        {"nigeria": [FR], "egypt": [FR, GB], "congo": [DE]},
        developed=full("nigeria", "egypt"),
        year=1914,
    )
    play_turn(state, {FR: Sheet(war=("germany",)), DE: Sheet(war=("france", "great britain"))})
    assert GAME.is_over(state)
    n = state.players
    assert state.embassy[DE * n + FR] == WAR and state.embassy[FR * n + GB] == ALLIANCE
    assert breakdown(state, FR) == {
        "sole_colony_presences": 1,
        "shared_colony_presences": 1,
        "alliances_received": 1,  # Great Britain's; Germany declared war on France
        "points": 8 + 3 + 1,
    }
    assert breakdown(state, GB)["points"] == 3 + 1  # France's alliance; Germany: war
    assert breakdown(state, DE)["points"] == 1  # Great Britain's alliance only
    outcome = GAME.result(state)
    assert outcome.winners == (FR,)
    assert outcome.ranks == (2, 1, 2)  # there is no second place
    # The view names both sides of the markers: what each country declared, and the
    # markers sitting in each embassy, whose alliances are what scores.
    view = GAME.view(state, None)
    assert view["declared_by"][FR] == {"great britain": "alliance", "germany": "war"}
    assert view["embassy_markers"][FR] == {"great britain": "alliance", "germany": "war"}
    for seat in range(n):
        alliances = list(view["embassy_markers"][seat].values()).count("alliance")
        assert alliances == breakdown(state, seat)["alliances_received"]
    assert GAME.presentation().panel(view, FR) == {
        "markers in stock": 22 - 2,
        "alliances in its embassy": 1,
    }


def test_tie_for_the_lead_means_no_winner() -> None:
    """The End of the Game: several players tied for the lead: nobody wins."""
    state = scenario(
        COUNTRIES,
        {"nigeria": [FR], "egypt": [GB], "congo": [DE]},
        developed=full("nigeria", "egypt"),
        year=1914,
    )
    play_turn(state, {})
    outcome = GAME.result(state)
    assert outcome.scores == (8 + 2, 8 + 2, 2)
    assert outcome.winners == ()
    assert outcome.ranks == (1, 1, 2)
    assert "no winner" in outcome.note
