"""Rule scenarios of the standard game, named after the rulebook's sections."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction, NotYourTurn, UnknownAction
from meeple.games.newworld import GAME
from meeple.games.newworld.positions import new_state
from meeple.games.newworld.rules import control, gold, income, survival, turn_end, units
from meeple.games.newworld.rules.combat import fight
from meeple.games.newworld.state import (
    COMBAT_NATIVES,
    COMBAT_PLAYERS,
    GAME_OVER,
    GOLD_SITE,
    LANDFALL,
    MINE,
    PLANNING,
    at,
)
from tests.newworld.nw_support import (
    Dice,
    area,
    movement_position,
    play_on,
    rng_rolling,
    texts,
)


def everyone_takes_four(state: object) -> None:
    for seat in GAME.to_act(state):  # type: ignore[arg-type]
        GAME.play(state, seat, "take 4 colonists")  # type: ignore[arg-type]


# ---- 5.1 Colonists ---------------------------------------------------------------------


def test_5_1_four_colonists_or_a_die_with_a_minimum_of_three() -> None:
    state = new_state(2)
    GAME.play(state, 0, "take 4 colonists")
    state.rng = rng_rolling(2)
    GAME.play(state, 1, "roll for colonists")
    assert state.new_colonists == [4, 3]
    state = new_state(2)
    state.rng = rng_rolling(6)
    GAME.play(state, 0, "roll for colonists")
    assert state.new_colonists[0] == 6


# ---- 5.41 Exclusive Landfalls ----------------------------------------------------------


def test_5_412_each_bid_goes_to_the_bidder_at_the_other_end() -> None:
    state = new_state(4)
    everyone_takes_four(state)
    for seat, bid in enumerate((50, 10, 30, 0)):
        GAME.play(state, seat, f"bid {bid}")
    assert state.phase == LANDFALL
    assert state.bid_order == [0, 2, 1, 3]
    assert state.cash == [160 - 50 + 0, 160 - 10 + 30, 160 - 30 + 10, 160 - 0 + 50]


def test_5_412_the_middle_bidder_of_an_odd_number_exchanges_nothing() -> None:
    state = new_state(3)
    everyone_takes_four(state)
    for seat, bid in enumerate((30, 20, 10)):
        GAME.play(state, seat, f"bid {bid}")
    assert state.cash == [140, 160, 180]


def test_5_41_bids_are_secret_until_all_are_recorded() -> None:
    state = new_state(3)
    everyone_takes_four(state)
    GAME.play(state, 0, "bid 25")
    assert GAME.view(state, 0)["players"][0]["bid"] == 25
    assert GAME.view(state, 1)["players"][0]["bid"] is None
    assert GAME.view(state, 1)["players"][0]["bid_sealed"] is True
    assert all("25" not in e.text for e in GAME.events(state, 1))


def test_5_41_highest_bidder_chooses_first_and_no_one_else_lands_there() -> None:
    state = new_state(2)
    everyone_takes_four(state)
    GAME.play(state, 0, "bid 0")
    GAME.play(state, 1, "bid 40")
    assert GAME.to_act(state) == (1,)
    GAME.play(state, 1, "choose landfall h")
    assert "choose landfall h" not in texts(state, 0)
    with pytest.raises(IllegalAction, match=r"5\.41"):
        GAME.play(state, 0, "choose landfall h")
    GAME.play(state, 0, "choose landfall m")
    assert state.phase == PLANNING and state.landfall == [area("M"), area("H")]


def test_5_411_turn_1_lands_only_at_the_exclusive_area() -> None:
    state = new_state(2)
    everyone_takes_four(state)
    GAME.play(state, 0, "bid 0")
    GAME.play(state, 1, "bid 0")
    first = GAME.to_act(state)[0]
    GAME.play(state, first, "choose landfall h")
    GAME.play(state, 1 - first, "choose landfall m")
    seat = first
    GAME.play(state, seat, "build 3 ships")
    GAME.play(state, seat, "buy 2 soldiers")
    # the Landing Area is written by itself: the Exclusive Area
    assert state.plan_landings[seat][0] == area("H")
    GAME.play(state, seat, "send 2 soldiers")
    GAME.play(state, seat, "send 4 colonists")
    assert state.plan_step[seat] == 7  # sealed: no secondary Landing on Turn 1


# ---- 5.2-5.5 the Planning Sheet --------------------------------------------------------


def planning_state() -> object:
    state = new_state(2)
    state.turn = 2
    state.new_colonists = [5, 4]
    state.ships = [8, 0]
    state.home_soldiers = [3, 0]
    state.phase = PLANNING
    return state


def test_5_3_ship_limits_and_costs() -> None:
    state = planning_state()
    assert texts(state, 0) == {f"maintain {n} ships" for n in range(9)}
    GAME.play(state, 0, "maintain 8 ships")
    assert texts(state, 0) == {f"build {n} ships" for n in range(5)}  # twelve at most
    state = planning_state()
    state.cash[0] = 40
    GAME.play(state, 0, "maintain 4 ships")  # $16 spent, $24 left
    assert texts(state, 0) == {"build 0 ships", "build 1 ships", "build 2 ships"}


def test_5_2_soldiers_ten_at_most_within_the_pool_of_24() -> None:
    state = planning_state()
    state.soldiers[at(0, area("H"))] = 15
    GAME.play(state, 0, "maintain 0 ships")
    GAME.play(state, 0, "build 1 ships")
    # 15 on the map + 3 offboard: six more may be bought
    assert max(int(t.split()[1]) for t in texts(state, 0)) == 6


def test_5_3_two_personnel_per_ship_and_up_to_three_landings() -> None:
    state = planning_state()
    GAME.play(state, 0, "maintain 2 ships")
    GAME.play(state, 0, "build 0 ships")
    GAME.play(state, 0, "buy 1 soldiers")
    GAME.play(state, 0, "land at h")
    assert max(int(t.split()[1]) for t in texts(state, 0)) == 4  # 3 offboard + 1 bought
    GAME.play(state, 0, "send 3 soldiers")
    assert texts(state, 0) == {"send 0 colonists", "send 1 colonists"}  # four places
    GAME.play(state, 0, "send 1 colonists")
    # the Fleet is full: later Landings take no one, and their counts write themselves
    GAME.play(state, 0, "land at m")
    assert "land at h" not in texts(state, 0) and "seal plan" in texts(state, 0)
    GAME.play(state, 0, "land at r")
    # a fourth Landing is not allowed: the sheet seals itself
    assert state.plan_step[0] == 7
    assert state.plan_landings[0][0::3] == [area("H"), area("M"), area("R")]


def test_4_1_a_sheet_stays_secret_until_every_sheet_is_sealed() -> None:
    state = planning_state()
    GAME.play(state, 0, "maintain 8 ships")
    GAME.play(state, 0, "build 2 ships")
    seen_by_1 = GAME.view(state, 1)
    assert seen_by_1["players"][0]["plan"] is None
    assert seen_by_1["players"][0]["cash"] is None  # 13.3
    assert GAME.view(state, 0)["players"][0]["plan"]["build"] == 2


# ---- 8.3 combat --------------------------------------------------------------------------


def test_8_31_odd_kills_the_attacker_even_a_defender() -> None:
    battle = fight(Dice(1, 4), 2, 3, 0)
    assert (battle.attacker_lost, battle.soldiers_lost) == (1, 1)


def test_8_31_a_six_rolls_again_ignoring_odd_results() -> None:
    battle = fight(Dice(6, 6, 3), 1, 5, 0)
    assert (battle.attacker_lost, battle.soldiers_lost, battle.dice) == (0, 2, 3)


def test_8_312_colonists_fall_three_to_a_hit_and_the_last_ones_without_a_roll() -> None:
    dice = Dice(2, 4)
    battle = fight(dice, 3, 1, 4)
    # 2: the Soldier; 4: three Colonists; one Colonist left: eliminated, no roll
    assert (battle.soldiers_lost, battle.colonists_lost, battle.dice) == (1, 4, 2)
    assert dice.all_used


def combat_position() -> object:
    state = movement_position(order=(0, 1))
    state.phase = COMBAT_PLAYERS
    h = area("H")
    state.soldiers[at(0, h)] = 4
    state.soldiers[at(1, h)] = 3
    state.colonists[at(1, h)] = 2
    return state


def test_8_311_a_second_attack_only_with_units_not_in_the_first() -> None:
    state = combat_position()
    state.rng = rng_rolling(2, 2)  # two even rolls: two French Soldiers fall
    play_on(state, 0, "attack france at h with 2")
    assert state.soldiers[at(1, area("H"))] == 1
    assert texts(state, 0) >= {"attack france at h with 1", "attack france at h with 2"}
    assert "attack france at h with 3" not in texts(state, 0)


def test_8_223_gold_of_a_wiped_out_owner_goes_to_the_attacker() -> None:
    state = combat_position()
    h = area("H")
    state.soldiers[at(1, h)] = 1
    state.colonists[at(1, h)] = 0
    state.gold[at(1, h)] = 2
    state.rng = rng_rolling(2)
    GAME.play(state, 0, "attack france at h with 1")
    assert state.gold[at(0, h)] == 2 and state.gold[at(1, h)] == 0


def test_8_33_natives_are_removed_for_good_and_a_city_may_then_be_looted() -> None:
    state = movement_position(order=(0, 1))
    state.phase = COMBAT_NATIVES
    j = area("J")
    state.natives[j] = 1
    state.soldiers[at(0, j)] = 2
    state.rng = rng_rolling(4)
    GAME.play(state, 0, "attack natives at j with 1")
    assert state.natives[j] == 0
    assert "loot j" in texts(state, 0)
    GAME.play(state, 0, "loot j")
    assert state.city_holder[j] == 0


def test_8_314_an_attacking_soldier_may_not_prospect_that_turn() -> None:
    state = movement_position(order=(0, 1))
    state.phase = COMBAT_NATIVES
    n = area("N")
    state.natives[n] = 1
    state.soldiers[at(0, n)] = 1
    state.rng = rng_rolling(2)
    GAME.play(state, 0, "attack natives at n with 1")
    assert "prospect n" not in texts(state, 0)


def test_8_315_lost_soldiers_wait_three_turns_in_the_replacement_box() -> None:
    state = movement_position()
    units.box_soldiers(state, 0, 2)
    assert units.soldier_pool(state, 0) == 22
    state.turn = 5
    assert units.soldier_pool(state, 0) == 24


def test_8_315_the_view_lists_only_replacement_box_turns_the_game_still_plays() -> None:
    """Soldiers lost on turn 8 of a ten-turn game would return on turn 11 (8.315):
    there is no turn 11, so the view does not list it; turn-10 returns are listed."""
    state = movement_position()
    state.turn = 7
    units.box_soldiers(state, 0, 1)  # returns on turn 10
    state.turn = 8
    units.box_soldiers(state, 0, 2)  # would return on turn 11
    box = GAME.view(state, 0)["players"][0]["replacement_box"]
    assert box == {"10": 1}
    assert units.soldier_pool(state, 0) == 21  # never returned: still counted against 24
    long_game = new_state(2, options={"turns": 12})
    long_game.turn = 8
    units.box_soldiers(long_game, 0, 2)
    assert GAME.view(long_game, 0)["players"][0]["replacement_box"] == {"11": 2}


# ---- 7. gold, 10. survival, 11. political control, 13. income, 14. victory -----------------


def test_7_2_a_worked_mine_yields_a_bar_and_7_3_a_prospector_finds_gold_on_5_or_6() -> None:
    state = movement_position()
    n = area("N")
    state.colonists[at(0, n)] = 1
    state.soldiers[at(1, n)] = 1
    state.site_kind[2 * n] = MINE
    state.site_holder[2 * n] = 0
    state.site_kind[2 * n + 1] = GOLD_SITE
    state.site_holder[2 * n + 1] = 1
    state.rng = rng_rolling(3, 5)  # no depletion; discovery
    gold.gold_stage(state)
    assert state.gold[at(0, n)] == 1
    assert state.site_kind[2 * n + 1] == MINE and state.site_holder[2 * n + 1] == -1


def test_10_survival_table_and_the_political_control_bonus() -> None:
    state = movement_position()
    p = area("P")  # Climate 1
    state.soldiers[at(0, p)] = 4
    state.colonists[at(0, p)] = 4
    state.natives[p] = 0
    state.rng = rng_rolling(1)
    survival.survival(state)
    assert (state.soldiers[at(0, p)], state.colonists[at(0, p)]) == (1, 1)  # CCCSSS
    state = movement_position()
    state.soldiers[at(0, p)] = 4
    state.colonists[at(0, p)] = 4
    state.pc[p] = 0
    state.rng = rng_rolling(1)
    survival.survival(state)
    assert (state.soldiers[at(0, p)], state.colonists[at(0, p)]) == (2, 2)  # as a 2: CCSS


def test_11_2_political_control_needs_four_colonists_and_majorities() -> None:
    state = movement_position()
    h = area("H")
    state.colonists[at(0, h)] = 4
    assert control.qualifies(state, 0, h)
    state.colonists[at(1, h)] = 4
    assert not control.qualifies(state, 0, h)  # no majority of Colonists
    state.colonists[at(1, h)] = 1
    state.soldiers[at(1, h)] = 1
    assert not control.qualifies(state, 0, h)  # Soldiers present: needs their majority too
    state.soldiers[at(0, h)] = 2
    assert control.qualifies(state, 0, h)


def test_13_1_twenty_colonists_earn_at_most_shared_proportionally() -> None:
    state = movement_position()
    state.turn = 1
    f = area("K")  # single Resources
    state.colonists[at(0, f)] = 15
    state.colonists[at(1, f)] = 10
    assert income.resource_income(state, 0) == 12
    assert income.resource_income(state, 1) == 8
    d = area("D")  # x2
    state.colonists[at(0, d)] = 3
    assert income.resource_income(state, 0) == 12 + 6


def test_14_1_five_political_controls_win_at_the_end_of_a_turn() -> None:
    state = movement_position()
    for letter in "DHOKM":
        state.pc[area(letter)] = 1
        state.colonists[at(1, area(letter))] = 4
    turn_end.end_turn(state)
    assert state.phase == GAME_OVER and state.winners == [1]
    assert GAME.result(state).ranks[1] == 1


def test_14_2_money_decides_after_the_last_turn() -> None:
    state = movement_position()
    state.turn = 10
    state.cash = [200, 300]
    turn_end.end_turn(state)
    assert state.winners == [1] and "14.2" in state.end_note


# ---- bad input -------------------------------------------------------------------------------


def test_bad_input_names_the_rule_and_changes_nothing() -> None:
    state = new_state(2)
    before = state.clone()
    with pytest.raises(UnknownAction):
        GAME.play(state, 0, "conquer mexico")
    with pytest.raises(IllegalAction, match=r"5\.41"):
        GAME.play(state, 0, "bid 10")
    everyone_takes_four(state)
    GAME.play(state, 0, "bid 10")
    with pytest.raises(NotYourTurn):
        GAME.play(state, 0, "bid 20")
    assert before.turn == state.turn == 1


def test_8_32_the_defender_may_retreat_colonists_before_the_battle() -> None:
    state = combat_position()
    h, o = area("H"), area("O")
    state.colonists[at(1, o)] = 1  # France already has Personnel in O
    state.entries = [(0, area("D"), h, 4)]  # the English came from D
    play_on(state, 0, "attack france at h with 2")
    # the attacker first says whether the defender's Soldiers may retreat too
    assert texts(state, 0) == {"allow soldiers to retreat", "forbid soldiers to retreat"}
    play_on(state, 0, "forbid soldiers to retreat")
    assert GAME.to_act(state) == (1,)  # the defender decides, through to_act
    assert texts(state, 1) == {
        "retreat colonists to o",
        "retreat 1 colonists to o",  # or only one of the two (8.32)
        "stand and fight",
        "fight to the end",
    }
    with pytest.raises(IllegalAction, match=r"8\.32"):
        play_on(state, 1, "retreat colonists to d")
    state.rng = rng_rolling(2, 2)
    play_on(state, 1, "retreat colonists to o")
    play_on(state, 0, "forbid soldiers to retreat")  # asked again before the second die
    assert state.colonists[at(1, h)] == 0 and state.colonists[at(1, o)] == 3
    assert state.soldiers[at(1, h)] == 1  # the battle was fought after the retreat
    # retreating Colonists neither control nor earn this turn
    assert state.retreated[at(1, o)] == 2
    assert income.earning(state, 1, o) == 1
    assert GAME.to_act(state) == (0,)


def test_8_32_no_retreat_without_soldiers_or_a_friendly_area() -> None:
    state = combat_position()
    state.rng = rng_rolling(2, 2)
    play_on(state, 0, "attack france at h with 2")  # France holds no adjoining Area
    assert GAME.to_act(state) == (0,) and state.soldiers[at(1, area("H"))] == 1


def test_8_314_the_defender_chooses_which_units_fall() -> None:
    state = combat_position()
    n = area("N")
    state.soldiers[at(0, n)] = 2
    state.soldiers[at(1, n)] = 2
    state.site_kind[2 * n] = GOLD_SITE
    state.site_holder[2 * n] = 1  # one French Soldier prospects
    state.rng = rng_rolling(2)
    GAME.play(state, 0, "attack france at n with 1")
    assert GAME.to_act(state) == (1,)
    assert texts(state, 1) == {"lose soldier", "lose prospector"}
    assert GAME.view(state, 0)["pending_losses"]["soldiers"] == 1
    GAME.play(state, 1, "lose prospector")
    assert state.site_holder[2 * n] == -1 and state.soldiers[at(1, n)] == 1
    assert GAME.to_act(state) == (0,)


def test_8_314_a_loss_with_one_possible_kind_is_taken_at_once() -> None:
    state = combat_position()
    state.rng = rng_rolling(2)
    GAME.play(state, 0, "attack france at h with 1")  # France holds no adjoining Area
    assert GAME.to_act(state) == (0,)
    assert state.soldiers[at(1, area("H"))] == 2
