"""New World to the letter (issue 26): rules the engine read more narrowly than its
text, each named after the rulebook section it follows."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.newworld import GAME
from meeple.games.newworld.board import load_map
from meeple.games.newworld.positions import new_state
from meeple.games.newworld.rules import (
    control,
    flow,
    homebound,
    movement,
    outbound,
    uprisings,
    voyage,
)
from meeple.games.newworld.rules.naval import Cargo, perils_losses
from meeple.games.newworld.state import GAME_OVER, HOMEBOUND, LANDFALL, NewWorldState, at
from meeple.games.newworld.story import event_dice
from tests.newworld.nw_support import Dice, ScriptedRng, area, movement_position, texts

WORLD = load_map()


def scripted(state: NewWorldState, *faces: int) -> ScriptedRng:
    rng = ScriptedRng(*faces)
    state.rng = rng  # type: ignore[assignment]
    return rng


# ---- 18.3, 18.5 Perils of the Deep: one Naval Losses Table roll per marker ----------------


def test_18_3_each_marker_is_a_naval_losses_table_roll_taken_before_the_next() -> None:
    """Three markers crossed: three Naval Losses Table rolls, no crossing dice. 4 and 4
    each cost a Soldier; the third roll (3: a Soldier and a Colonist) finds no Soldier
    left, so a Colonist goes instead (6.24): the losses were removed before it."""
    dice = Dice(4, 4, 3)
    cargo = Cargo(ships=2, soldiers=2, colonists=2)
    perils_losses(dice, 3, cargo)
    assert dice.all_used
    assert (cargo.lost_soldiers, cargo.lost_colonists) == (2, 2)
    assert cargo.notes == ["Naval Losses Table: 4"] * 2 + ["Naval Losses Table: 3"]


def _outbound_to(letter: str, markers: dict[int, int]) -> NewWorldState:
    state = new_state(2, options={"perils_of_the_deep": True})
    state.turn = 2
    state.plan_landings[0] = [area(letter), 2, 1]
    state.fleet_ships[0], state.fleet_soldiers[0], state.fleet_colonists[0] = 2, 2, 1
    state.outbound_markers = [markers.get(zone, 0) for zone in range(voyage.ZONES)]
    return state


def test_18_3_the_example_landfall_at_x_makes_three_table_rolls() -> None:
    """Two markers in Zone 3 and one in Zone 5: a Landfall at X crosses three and rolls
    three times on the Naval Losses Table (4, 4, 3), not three crossing dice whose
    1s alone would lead to the table."""
    state = _outbound_to("X", {3: 2, 5: 1})
    rng = scripted(state, 4, 4, 3)
    assert outbound.reach(state, 0, 0)
    assert rng.dice.all_used
    assert (state.fleet_soldiers[0], state.fleet_colonists[0]) == (0, 0)
    crossing = state.log[-1]
    assert crossing.text.startswith(
        "England's Fleet crosses to X (Brazil): 3 Perils of the Deep markers; loses"
    )
    assert event_dice(crossing.to_json()) == [{"label": "Naval Losses Table", "rolls": [4, 4, 3]}]


def test_18_3_no_marker_on_the_way_no_roll_at_all() -> None:
    """Zone 4 (C, M or R) crosses only the markers of Zones 3 and 4."""
    state = _outbound_to("M", {5: 1})
    scripted(state)  # not one die may be asked for
    assert outbound.reach(state, 0, 0)
    assert state.log[-1].text.endswith(": no Perils marker")
    assert (state.fleet_soldiers[0], state.fleet_colonists[0]) == (2, 1)


def test_18_5_homebound_each_marker_crossed_is_a_table_roll() -> None:
    """Home from X past one marker in Zone 3 and one in Zone 5: two Homebound
    Naval Losses Table rolls (4: a Soldier; 5: a Colonist), no crossing dice."""
    state = movement_position()
    state.config = GAME.make_config(2, {"perils_of_the_deep": True})
    state.phase = HOMEBOUND
    state.fleet_ships[0], state.fleet_at[0] = 2, area("X")
    state.fleet_soldiers[0], state.fleet_colonists[0] = 2, 2
    state.outbound_markers = [0] * voyage.ZONES
    state.outbound_markers[3] = state.outbound_markers[5] = 1
    rng = scripted(state, 4, 5)
    homebound.sail_home_from(state, 0)
    assert rng.dice.all_used
    home = next(e for e in state.log if e.kind == "voyage")
    assert "2 Perils of the Deep markers; loses 1 Soldier and 1 Colonist" in home.text
    assert state.home_soldiers[0] == 1


# ---- 8.22 blocking by the whole force --------------------------------------------------


def test_8_22_a_force_moved_in_several_moves_blocks_with_its_whole_size() -> None:
    """France moves six Soldiers from D to H as 3 + 3: England still needs six
    Soldiers in its force to move from H to D."""
    state = movement_position(order=(1, 0))
    state.soldiers[at(1, area("D"))] = 6
    state.soldiers[at(0, area("H"))] = 7
    state.colonists[at(0, area("H"))] = 1
    GAME.play(state, 1, "move 3 soldiers d h")
    GAME.play(state, 1, "move 3 soldiers d h")
    GAME.play(state, 1, "end movement")
    moves = texts(state, 0)
    assert "move 5 soldiers h d" not in moves and "move 1 colonists h d" not in moves
    assert "move 6 soldiers h d" in moves
    with pytest.raises(IllegalAction, match=r"8\.22"):
        GAME.play(state, 0, "move 4 soldiers h d")
    GAME.play(state, 0, "move 6 soldiers h d")
    assert "move 1 colonists h d" in texts(state, 0)


def test_8_22_two_opponents_are_two_forces() -> None:
    """Three Soldiers each of France and Spain entered H from D: the larger force is
    three, so four English Soldiers may go back."""
    state = movement_position(players=3, order=(1, 2, 0))
    state.soldiers[at(1, area("D"))] = 3
    state.soldiers[at(2, area("D"))] = 3
    state.soldiers[at(0, area("H"))] = 4
    for seat in (1, 2):
        GAME.play(state, seat, "move 3 soldiers d h")
        GAME.play(state, seat, "end movement")
    moves = texts(state, 0)
    assert "move 3 soldiers h d" in moves and "move 2 soldiers h d" not in moves


# ---- 11.2 Political Control checked at the end of every Phase -------------------------------


def test_11_2_control_lost_to_an_uprising_gives_no_survival_bonus() -> None:
    """England controls P (Climate 1) with four Colonists; an Uprising (climate die 1,
    table die 6: one Colonist) leaves three, so at the end of the Uprising Phase the
    control is gone and Survival's 5 is not raised to 6 (10.2): a Colonist dies."""
    state = movement_position()
    p = area("P")
    state.natives[p] = 1
    state.colonists[at(0, p)] = 4
    state.pc[p] = 0
    rng = scripted(state, 1, 6, 5)
    flow.after_combat_vs_natives(state)  # the Uprisings, Survival, ... to the next turn's start
    assert rng.dice.all_used
    assert state.pc[p] == -1
    assert state.colonists[at(0, p)] == 2


def _homebound_with_five_controls() -> NewWorldState:
    """England controls D, H, O, K and M with four Colonists each; one Colonist of H
    waits on the Anchorage dot for the Fleet anchored there."""
    state = movement_position()
    for letter in "DHOKM":
        state.pc[area(letter)] = 0
        state.colonists[at(0, area(letter))] = 4
    h = at(0, area("H"))
    state.colonists[h] = 3
    state.emb_colonists[h] = 1
    state.fleet_ships[0], state.fleet_at[0] = 1, area("H")
    homebound.begin(state)
    return state


def test_11_2_control_lost_in_the_homebound_phase_earns_nothing_and_wins_nothing() -> None:
    """The Fleet takes the waiting Colonist home: three are left in H, so control of H
    ends with the Homebound Phase; Income pays for the home country and four Areas,
    and four Areas do not win (14.1)."""
    state = _homebound_with_five_controls()
    while GAME.actions[GAME.legal_actions(state, 0)[0]].text != "sail home":
        GAME.play(state, 0, GAME.actions[GAME.legal_actions(state, 0)[0]].text)  # pick up
    assert state.fleet_colonists[0] == 1
    scripted(state, 6, 6, 6)  # Zone 3: three crossing dice, no 1
    GAME.play(state, 0, "sail home")
    assert state.phase != GAME_OVER
    assert state.pc.count(0) == 4 and state.pc[area("H")] == -1
    income = next(e for e in state.log if e.kind == "income" and e.data["seat"] == 0)
    assert "$100 for Political Control of the home country and 4 Areas" in income.text


# ---- 5.41 tie-break dice rolled again ------------------------------------------------------


def _bid(state: NewWorldState, bids: tuple[int, ...]) -> None:
    for seat in GAME.to_act(state):
        GAME.play(state, seat, "take 4 colonists")
    for seat, bid in enumerate(bids):
        GAME.play(state, seat, f"bid {bid}")


def test_5_41_a_tie_on_the_tie_break_dice_is_rolled_again() -> None:
    state = new_state(2)
    rng = scripted(state, 4, 4, 2, 5)
    _bid(state, (0, 0))
    assert rng.dice.all_used
    assert state.phase == LANDFALL and state.bid_order == [1, 0]
    rolls = [e for e in state.log if e.kind == "tie-break"]
    assert [e.text for e in rolls] == [
        "Tie-break die for the bid of $0: England 4, France 4",
        "Tie-break die for the bid of $0: England 2, France 5",
    ]
    assert [event_dice(e.to_json()) for e in rolls] == [
        [{"label": "Tie-break", "rolls": [4, 4]}],
        [{"label": "Tie-break", "rolls": [2, 5]}],
    ]


def test_5_41_only_the_tied_bidders_roll_and_only_their_tie_again() -> None:
    """Bids 10, 10, 0, 10: England, France and Portugal roll 5, 3, 5; England and
    Portugal roll again, 1 and 6; Spain, alone at $0, rolls nothing."""
    state = new_state(4)
    scripted(state, 5, 3, 5, 1, 6)
    _bid(state, (10, 10, 0, 10))
    assert state.bid_order == [3, 0, 1, 2]


def test_5_41_no_tie_no_die() -> None:
    state = new_state(3)
    scripted(state)
    _bid(state, (5, 0, 10))
    assert state.bid_order == [2, 0, 1]


# ---- 9.2 the Uprising Number, Natives or not ------------------------------------------------


def test_9_2_three_colonists_without_natives_or_soldiers_have_uprising_number_3() -> None:
    """No Native is left in N; three English Colonists, no Soldier: Uprising Number
    3, so a climate die of 3 raises an Uprising (table die 6, no Soldier: one
    Colonist lost)."""
    state = movement_position()
    n = area("N")
    state.natives[n] = 0
    state.colonists[at(0, n)] = 3
    assert uprisings.uprising_number(state, 0, n) == 3
    rng = scripted(state, 3, 6, 6)  # the climate die, the Uprising's, Survival's
    flow.after_combat_vs_natives(state)
    assert rng.dice.all_used
    assert state.colonists[at(0, n)] == 2
    state = movement_position()
    state.natives[n] = 0
    state.colonists[at(0, n)] = 3
    rng = scripted(state, 4, 6)  # above the number: no Uprising, no Uprising die
    flow.after_combat_vs_natives(state)
    assert rng.dice.all_used
    assert state.colonists[at(0, n)] == 3


# ---- 8.23 landing onto an unoccupied Mine or City ------------------------------------------


def _landing_at_a_mine() -> NewWorldState:
    """England (first on the Initiative Display) has a Colonist and a Soldier arriving
    offshore at J, where a Mine lies unoccupied and the City's Natives are gone;
    France, moving next, has a Colonist and a Soldier on land there."""
    from meeple.games.newworld.state import MINE

    state = movement_position(order=(0, 1))
    j = area("J")
    state.site_kind[2 * j] = MINE
    state.natives[j] = 0
    state.off_colonists[at(0, j)] = 1
    state.off_soldiers[at(0, j)] = 1
    state.colonists[at(1, j)] = 1
    state.soldiers[at(1, j)] = 1
    movement.start_mover(state)
    return state


def test_8_23_arrivals_may_take_an_unoccupied_mine_or_city_as_they_land() -> None:
    state = _landing_at_a_mine()
    j = area("J")
    assert GAME.to_act(state) == (0,)  # England is asked before France moves
    legal = [GAME.actions[i].text for i in GAME.legal_actions(state, 0)]
    assert legal == ["end movement", "loot j", "mine j"]  # landing as before comes first
    landed = GAME.view(state, 1)["pending_landed"]
    assert landed == {"seat": 0, "areas": [{"area": "J", "soldiers": 1, "colonists": 1}]}
    told = GAME.presentation().explain(GAME.view(state, 0))
    assert told is not None and "onto an unoccupied Mine" in str(told["decision"])
    GAME.play(state, 0, "mine j")
    assert state.site_holder[2 * j] == 0
    assert texts(state, 0) == {"end movement", "loot j"}
    GAME.play(state, 0, "loot j")
    assert state.city_holder[j] == 0
    assert GAME.to_act(state) == (1,) and state.landed == []
    assert not {"mine j", "loot j"} & texts(state, 1)  # taken before France could


def test_8_23_landing_without_a_marker_leaves_it_to_the_next_mover() -> None:
    state = _landing_at_a_mine()
    GAME.play(state, 0, "end movement")
    assert GAME.to_act(state) == (1,)
    assert {"mine j", "loot j"} <= texts(state, 1)
    assert state.colonists[at(0, area("J"))] == 1  # landed, off the marker


def test_8_23_a_seat_that_moved_is_asked_when_it_ends_its_movement() -> None:
    """With a move of its own to make England is not passed over; its "end movement"
    lands the arrivals, and then it is asked about the markers."""
    from meeple.games.newworld.state import MINE

    state = movement_position(order=(0, 1))
    n = area("N")
    state.site_kind[2 * n] = MINE
    state.off_colonists[at(0, n)] = 1
    state.soldiers[at(0, area("L"))] = 1
    state.soldiers[at(1, area("K"))] = 1  # France has a move to make after England
    movement.start_mover(state)
    GAME.play(state, 0, "move 1 soldiers l k")
    GAME.play(state, 0, "end movement")
    assert GAME.to_act(state) == (0,)
    assert [GAME.actions[i].text for i in GAME.legal_actions(state, 0)] == [
        "end movement",
        "mine n",
    ]
    GAME.play(state, 0, "mine n")
    assert state.site_holder[2 * n] == 0 and GAME.to_act(state) == (1,)


# ---- 8.314 markers in combat: the attacker's, at the end of his battle ----------------------


def test_8_314_in_combat_only_an_attacker_takes_markers_where_he_fought() -> None:
    """A Mine lies unoccupied in K beside an English Colonist: in the combat phase
    England may work it only once its Soldiers have attacked there and some survive
    (8.314); a seat that fought nowhere takes nothing in its combat turn."""
    from meeple.games.newworld.state import COMBAT_PLAYERS, MINE

    state = movement_position(order=(0, 1))
    state.phase = COMBAT_PLAYERS
    k = area("K")
    state.site_kind[2 * k] = MINE
    state.colonists[at(0, k)] = 1
    state.soldiers[at(0, k)] = 2
    assert "mine k" not in texts(state, 0)
    with pytest.raises(IllegalAction, match=r"8\.314"):
        GAME.play(state, 0, "mine k")
    state.used_vs_players[at(0, k)] = 1  # a surviving attacker of a battle in K
    assert "mine k" in texts(state, 0)
    GAME.play(state, 0, "mine k")
    assert state.site_holder[2 * k] == 0


# ---- 8.32, 11.2 retreated Personnel: no establishing, but retaining ------------------------


def test_8_32_retreated_colonists_keep_control_but_do_not_establish_it() -> None:
    """Three French Colonists and one that retreated into N this turn: France keeps
    the control it held (8.32 forbids only establishing it with them, 11.2 names
    gaining and retaining apart), and gains none where it held none."""
    n = area("N")
    for held, expected in ((1, 1), (-1, -1)):
        state = movement_position()
        state.natives[n] = 0
        state.colonists[at(1, n)] = 4
        state.retreated[at(1, n)] = 1
        state.pc[n] = held
        control.political_control(state)
        assert state.pc[n] == expected


# ---- 20 the Political Control marker as a Soldier on defense -------------------------------


def test_20_the_marker_lets_the_colonists_retreat_as_a_soldier_would() -> None:
    """Rule 20: France's Political Control marker in N "serves as a Soldier on
    defense", so its Colonists there may retreat to P (8.32: while he has Soldiers
    in the attacked Area), although no French Soldier is in N."""
    from meeple.games.newworld.state import COMBAT_PLAYERS

    state = movement_position(order=(0, 1))
    state.config = GAME.make_config(2, {"political_control_benefits": "extended"})
    state.phase = COMBAT_PLAYERS
    n, p = area("N"), area("P")
    state.natives[n] = 0
    state.colonists[at(1, n)] = 4
    state.pc[n] = 1
    state.colonists[at(1, p)] = 1
    state.soldiers[at(0, n)] = 3
    GAME.play(state, 0, "attack france at n with 3")
    assert GAME.to_act(state) == (1,)
    assert "retreat colonists to p" in texts(state, 1)


# ---- 18.2, 18.3 one Sea Zone 4, drawn in two parts ---------------------------------------


def test_18_3_zone_4_is_one_sea_zone_for_crossing_dice_and_perils() -> None:
    """C (Labrador) and M, R (the Caribbean) lie "anywhere in Sea Zone 4" (18.3):
    four crossing dice to each (6.1), the same path (3, then 4) for the markers, and
    one homebound Perils die for Zone 4 with Fleets in both parts (18.5)."""
    from meeple.games.newworld.rules.naval import place_homebound_perils, zone_path

    seas = {letter: WORLD.area(letter).sea for letter in "CMR"}
    assert {WORLD.seas[sea].number for sea in seas.values()} == {4}
    assert {zone_path(WORLD, sea) for sea in seas.values()} == {(3, 4)}
    zones = {z for sea in seas.values() for z in zone_path(WORLD, sea)}
    dice = Dice(6, 6, 6, 1)  # three for Zone 3, one for Zone 4
    assert place_homebound_perils(dice, zones) == {3: 0, 4: 1} and dice.all_used
    # only coastal movement sees the two parts: C to M crosses the lines of Zone 3
    assert WORLD.coastal_lines(WORLD.area("C").index, WORLD.area("M").index) == 2


def test_8_23_validate_refuses_a_landing_record_out_of_place() -> None:
    from meeple.engine import InvalidState
    from meeple.games.newworld.positions import validate

    state = _landing_at_a_mine()
    validate(state)  # England is asked about its landed units at J
    state.landed[1] = 5  # more Soldiers landed than England has there
    with pytest.raises(InvalidState, match="landed"):
        validate(state)
