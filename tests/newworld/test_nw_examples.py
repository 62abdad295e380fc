"""The rulebook's worked examples, reproduced with their own dice."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.newworld import GAME
from meeple.games.newworld.board import load_map
from meeple.games.newworld.rules import uprisings
from meeple.games.newworld.rules.naval import (
    Cargo,
    naval_losses,
    perils_dice,
    place_perils,
    zone_path,
)
from meeple.games.newworld.state import GOLD_SITE, at
from tests.newworld.nw_support import Dice, area, movement_position, rng_rolling, texts

WORLD = load_map()


def sea_path(letter: str) -> tuple[int, ...]:
    return zone_path(WORLD, WORLD.area(letter).sea)


def test_6_22_player_1_rolls_four_dice_at_c_and_loses_nothing() -> None:
    dice = Dice(3, 4, 6, 6)
    cargo = Cargo(ships=5, soldiers=4, colonists=4)
    rolled = naval_losses(dice, WORLD.sea_of(area("C")).number, cargo)
    assert rolled == [3, 4, 6, 6] and dice.all_used
    assert (cargo.ships, cargo.soldiers, cargo.colonists) == (5, 4, 4)


def test_6_22_player_2_at_h_loses_two_soldiers_and_a_ship_of_the_even_flotilla() -> None:
    """Three dice (Zone 3): 1, 3, 1. Table rolls 4 (a Soldier) then 1 (a Soldier and
    a Ship). Seven Ships: Even flotilla of four, Odd of three; the flotilla die is 2
    (Even); the Ship die is re-rolled until it shows 1-4 (6, 5, then 3)."""
    dice = Dice(1, 3, 1, 4, 1, 2, 6, 5, 3)
    cargo = Cargo(ships=7, soldiers=6, colonists=4)
    naval_losses(dice, WORLD.sea_of(area("H")).number, cargo)
    assert dice.all_used
    assert cargo.ships == 6
    # two Soldiers overboard before the Ship; Ship 3 of the spread-out load held
    # one unit (8 Personnel on 7 Ships), a Colonist (Colonists are put at risk first)
    assert cargo.lost_soldiers == 2
    assert cargo.lost_colonists == 1
    assert (cargo.soldiers, cargo.colonists) == (4, 3)


def test_6_22_an_odd_flotilla_die_picks_the_last_rows() -> None:
    dice = Dice(1, 2, 3, 4, 2)  # crossing 1, table 2 (a Ship), flotilla 3 (Odd), 4 > 3, 2
    cargo = Cargo(ships=7, soldiers=14)
    naval_losses(dice, 1, cargo)
    assert dice.all_used and cargo.notes[-1].startswith("Ship 6 sinks")


def test_6_24_a_soldier_loss_takes_a_colonist_when_no_soldier_is_aboard() -> None:
    dice = Dice(1, 4)  # table 4: one Soldier
    cargo = Cargo(ships=2, colonists=3)
    naval_losses(dice, 1, cargo)
    assert (cargo.colonists, cargo.lost_colonists) == (2, 1)


def test_12_2_homebound_table_one_sinks_two_ships_with_their_gold_share() -> None:
    dice = Dice(1, 1, 1, 1)  # crossing 1, table 1 (two Ships), ship 1 of 3, ship 1 of 2
    cargo = Cargo(ships=3, gold=120, bars=3)
    naval_losses(dice, 1, cargo, homebound=True)
    assert cargo.ships == 1
    assert cargo.gold == 40  # each lost Ship took its equal share (6.23)


def test_6_3_coastal_movement_dice_counts() -> None:
    from meeple.games.newworld.rules.naval import coastal_dice

    h = area("H")
    assert [coastal_dice(WORLD, h, area(x)) for x in "MOV"] == [2, 1, 7]


def test_8_22_no_move_between_j_and_m_or_k_and_m() -> None:
    state = movement_position()
    state.soldiers[at(1, area("J"))] = 2
    state.soldiers[at(1, area("K"))] = 2
    moves = texts(state, 1)
    assert "move 1 soldiers j n" in moves
    assert not any(t.startswith(("move 1 soldiers j m", "move 1 soldiers k m")) for t in moves)


def test_8_22_a_larger_force_entering_blocks_the_way_it_came() -> None:
    """France moves six Soldiers from D to H; England may then move from H to D
    only with at least six Soldiers in the moving force."""
    state = movement_position(order=(1, 0))  # France (1) moves first, then England (0)
    state.soldiers[at(1, area("D"))] = 6
    state.soldiers[at(0, area("H"))] = 7
    state.colonists[at(0, area("H"))] = 2
    GAME.play(state, 1, "move 6 soldiers d h")
    GAME.play(state, 1, "end movement")
    moves = texts(state, 0)
    assert "move 5 soldiers h d" not in moves
    assert "move 6 soldiers h d" in moves and "move 7 soldiers h d" in moves
    assert "move 1 colonists h d" not in moves
    assert "move 5 soldiers h o" in moves  # other ways stay open
    with pytest.raises(IllegalAction, match=r"8\.22"):
        GAME.play(state, 0, "move 5 soldiers h d")
    GAME.play(state, 0, "move 6 soldiers h d")
    assert "move 1 colonists h d" in texts(state, 0)  # they join the force that went


def test_9_3_uprising_number_of_the_example() -> None:
    """Four Colonists, three Soldiers and a Prospector where two Natives live:
    4 + 2 - 3 = 3."""
    state = movement_position()
    x = area("N")
    state.natives[x] = 2
    state.colonists[at(0, x)] = 4
    state.soldiers[at(0, x)] = 4
    state.site_kind[2 * x] = GOLD_SITE
    state.site_holder[2 * x] = 0
    assert uprisings.uprising_number(state, 0, x) == 3


def _uprising_state(climate_die: int) -> tuple[object, int]:
    state = movement_position()
    x = area("N")
    state.natives = [0] * 26
    state.natives[x] = 2
    state.colonists[at(0, x)] = 4
    state.soldiers[at(0, x)] = 4
    state.site_kind[2 * x] = GOLD_SITE
    state.site_holder[2 * x] = 0
    state.rng = rng_rolling(climate_die)
    uprisings.uprisings(state)
    return state, x


def test_9_3_an_uprising_on_a_climate_roll_up_to_the_number() -> None:
    for value in (1, 2, 3):
        state, _ = _uprising_state(value)
        assert any(e.kind == "uprising" for e in state.log), value  # type: ignore[attr-defined]


def test_9_3_no_uprising_on_a_higher_climate_roll() -> None:
    for value in (4, 5, 6):
        state, x = _uprising_state(value)
        assert not any(e.kind == "uprising" for e in state.log)  # type: ignore[attr-defined]
        assert state.colonists[at(0, x)] == 4  # type: ignore[attr-defined]


def test_18_3_perils_example_counts_markers_on_the_way() -> None:
    """Two markers in Zone 3 and one in Zone 5: a landfall at X (Zone 5) traverses
    three, one at C, M or R (Zone 4) two."""
    markers = {3: 2, 4: 0, 5: 1, 6: 0}
    assert perils_dice(markers, sea_path("X")) == 3
    for letter in "CMR":
        assert perils_dice(markers, sea_path(letter)) == 2


def test_18_2_the_game_leader_places_markers_on_ones() -> None:
    dice = Dice(1, 1, 4, 2, 1, 6)  # Zone 3: 1 1 4; Zones 4, 5, 6: 2, 1, 6
    assert place_perils(dice, far=False) == {3: 2, 4: 0, 5: 1, 6: 0}
    assert dice.all_used
    far = Dice(6, 6, 6, 6, 6, 6, 1, 6, 1, 6, 6)
    assert place_perils(far, far=True) == {3: 0, 4: 0, 5: 0, 6: 0, 9: 2, 10: 0, 11: 0}
