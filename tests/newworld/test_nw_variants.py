"""Homebound movement, secrecy and determinize, and the optional rules."""

from __future__ import annotations

import pytest

from meeple.engine import BadConfig, Rng
from meeple.games.newworld import GAME
from meeple.games.newworld.board import turn_values
from meeple.games.newworld.positions import new_state
from meeple.games.newworld.rules import attacks, homebound, survival, uprisings
from meeple.games.newworld.state import HOMEBOUND, PLANNING, at
from meeple.games.newworld.texts import last_turn
from tests.newworld.nw_support import area, movement_position, rng_rolling, texts


def homebound_position() -> object:
    state = movement_position()
    state.fleet_ships = [3, 0]
    state.fleet_at = [area("H"), -1]
    state.emb_gold[at(0, area("H"))] = 2
    state.emb_gold[at(0, area("O"))] = 1
    state.emb_soldiers[at(0, area("O"))] = 1
    state.colonists[at(0, area("O"))] = 1
    state.colonists[at(0, area("H"))] = 1
    return state


def test_12_1_the_fleet_picks_up_where_it_anchors_then_where_it_calls() -> None:
    state = homebound_position()
    homebound.begin(state)
    assert state.phase == HOMEBOUND and state.fleet_bars[0] == 0  # its player picks up
    legal = [GAME.actions[i].text for i in GAME.legal_actions(state, 0)]
    assert legal == ["pick up all at h", "pick up gold at h", "sail to o", "sail home"]
    GAME.play(state, 0, "pick up all at h")
    assert state.fleet_bars[0] == 2
    assert texts(state, 0) == {"sail to o", "sail home"}
    state.rng = rng_rolling(6)  # one die for setting sail (O is in Zone 3 like H)
    GAME.play(state, 0, "sail to o")
    GAME.play(state, 0, "pick up all at o")
    assert state.fleet_bars[0] == 3 and state.fleet_soldiers[0] == 1


def test_13_2_delivered_gold_pays_40_a_bar() -> None:
    state = homebound_position()
    homebound.begin(state)
    GAME.play(state, 0, "pick up all at h")
    state.rng = rng_rolling(6, 6, 6, 6)  # no naval losses on the way home (Zone 3)
    cash = state.cash[0]
    GAME.play(state, 0, "sail home")
    pc, resource = turn_values(2)
    # two bars, the offboard Political Control, one Colonist on Resources at O (x1)
    # and one at H (x2)
    assert (pc, resource) == (20, 1)
    assert state.cash[0] - cash == 80 + pc + resource + 2 * resource
    assert state.emb_gold[at(0, area("O"))] == 0 and state.gold[at(0, area("O"))] == 1


def test_8_21_units_left_on_the_anchorage_go_back_ashore() -> None:
    state = homebound_position()
    homebound.begin(state)
    state.rng = rng_rolling(6, 6, 6)
    GAME.play(state, 0, "sail home")
    assert state.soldiers[at(0, area("O"))] == 1


def test_determinize_redraws_only_what_the_seat_cannot_see() -> None:
    state = new_state(2, seed=5)
    state.turn = 2
    state.new_colonists = [4, 4]
    state.ships = [4, 4]
    state.phase = PLANNING
    GAME.play(state, 1, "maintain 4 ships")
    GAME.play(state, 1, "build 2 ships")
    sheets = set()
    for seed in range(12):
        twin = GAME.determinize(state, 0, Rng(seed))
        assert GAME.view(twin, 0) == GAME.view(state, 0)
        sheets.add((twin.plan_maintain[1], twin.plan_build[1], twin.plan_step[1]))
    assert (4, 2, state.plan_step[1]) not in sheets  # the half-written sheet is not known


def test_21_two_player_version_plays_to_turn_16() -> None:
    assert last_turn(GAME.make_config(2, {"two_player_version": True})) == 16
    with pytest.raises(BadConfig):
        new_state(3, options={"two_player_version": True})


def test_14_3_long_game_income_is_capped_at_turn_16() -> None:
    assert last_turn(GAME.make_config(4, {"turns": 13})) == 13
    assert turn_values(16) == (60, 5) and turn_values(20) == (60, 5)


def test_19_reduced_benefit_only_in_climate_1_and_2() -> None:
    state = new_state(2, options={"political_control_benefits": "reduced"})
    state.pc[area("H")] = 0  # Climate 5
    state.pc[area("P")] = 0  # Climate 1
    assert survival.survival_bonus(state, 0, area("H")) == 0
    assert survival.survival_bonus(state, 0, area("P")) == 1


def test_20_extended_marker_defends_and_prevents_uprisings() -> None:
    state = movement_position()
    state.config = GAME.make_config(2, {"political_control_benefits": "extended"})
    h = area("H")
    state.colonists[at(1, h)] = 4
    state.natives[h] = 2
    state.pc[h] = 1
    assert attacks.defenders(state, 1, h) == (1, 4)
    assert uprisings.uprising_number(state, 1, h) == 5


@pytest.mark.parametrize(
    "options",
    [
        {"perils_of_the_deep": True},
        {"political_control_benefits": "extended", "turns": 12},
        {"political_control_benefits": "reduced"},
        {"version": "exploration", "exploration_setup": True},
        {"version": "alternate"},
    ],
)
def test_variant_games_meet_the_contract(options: dict[str, object]) -> None:
    from meeple.engine.conformance import check_random_game, random_playout

    config = GAME.make_config(3, options)  # type: ignore[arg-type]
    check_random_game(GAME, config, 11, every=9)
    final, _ = random_playout(GAME, config, 11)
    if options.get("perils_of_the_deep"):
        assert any(e.kind == "perils" for e in final.log)
