"""The Fleet card arranged by its owner before a Ship is lost (6.21, 6.22, 6.23)."""

from __future__ import annotations

import re

import pytest

from meeple.engine import IllegalAction, InvalidState
from meeple.games.newworld import GAME
from meeple.games.newworld.positions import new_state, validate
from meeple.games.newworld.rules import homebound
from meeple.games.newworld.rules.fleetcard import forced, options
from meeple.games.newworld.rules.naval import Cargo, lose_ship
from meeple.games.newworld.state import HOMEBOUND, OUTBOUND, PLANNING, NewWorldState, at
from tests.newworld.nw_support import Dice, ScriptedRng, area, movement_position, texts


def sail_the_example(*dice: int) -> NewWorldState:
    """6.22's example in a five-player game (C is unplayable with fewer): England,
    Player 1, lands four Soldiers and four Colonists at C with five Ships; France,
    Player 2, sends six Soldiers and four Colonists to H with seven Ships. The
    other seats send nothing. ``dice`` are scripted from England's crossing on."""
    state = new_state(5, seed=5)
    state.turn = 2
    state.new_colonists = [4, 4, 3, 3, 3]
    state.ships = [5, 7, 0, 0, 0]
    state.home_soldiers = [4, 6, 0, 0, 0]
    state.phase = PLANNING
    for seat, (ships, soldiers, letter) in enumerate(((5, 4, "c"), (7, 6, "h"))):
        for text in (f"maintain {ships} ships", "build 0 ships", "buy 0 soldiers"):
            GAME.play(state, seat, text)
        for text in (f"land at {letter}", f"send {soldiers} soldiers", "send 4 colonists"):
            GAME.play(state, seat, text)
        GAME.play(state, seat, "seal plan")
    for seat in (2, 3):
        for text in ("maintain 0 ships", "build 0 ships", "buy 0 soldiers"):
            GAME.play(state, seat, text)
    for text in ("maintain 0 ships", "build 0 ships"):
        GAME.play(state, 4, text)
    state.rng = ScriptedRng(*dice)  # type: ignore[assignment]
    GAME.play(state, 4, "buy 0 soldiers")  # the last sheet seals: the Fleets sail
    return state


# England 3 4 6 6; France 1 3 1, table 4 (a Soldier), table 1 (a Soldier and a Ship)
CROSSINGS = (3, 4, 6, 6, 1, 3, 1, 4, 1)
# then the flotilla die 2 (Even: four Ships) and the Ship die 6, 5, 3 (6.22)
SHIP_DICE = (2, 6, 5, 3)


def test_6_22_the_example_waits_for_player_2_to_arrange_his_fleet_card() -> None:
    state = sail_the_example(*CROSSINGS, *SHIP_DICE)
    c, h = area("C"), area("H")
    # Player 1 rolled four dice at C and lost nothing; his Personnel go ashore once
    # every Fleet has made its Initial Landfall (4.2, 18.4: see docs/games/newworld.md)
    assert state.fleet_at[0] == c and state.off_soldiers[at(0, c)] == 0
    assert (state.fleet_soldiers[0], state.fleet_colonists[0]) == (4, 4)
    # Player 2 lost two Soldiers; about to lose a Ship, he arranges his card (6.21)
    assert state.phase == OUTBOUND and GAME.to_act(state) == (1,)
    assert (state.fleet_ships[1], state.fleet_soldiers[1], state.fleet_colonists[1]) == (7, 4, 4)
    assert "load ship with 2 soldiers, 0 colonists, 0 bars" in texts(state, 1)
    assert "load ship with 2 soldiers, 1 colonists, 0 bars" not in texts(state, 1)  # 5.3
    assert texts(state, 0) == set()
    card = GAME.view(state, 0)["pending_arrangement"]
    assert card["seat"] == 1 and card["flotillas"] == {"even": 4, "odd": 3}
    assert card["to_place"] == {"soldiers": 4, "colonists": 4, "bars": 0}
    for load in ((2, 0), (2, 0), (0, 0), (0, 2)):
        GAME.play(state, 1, f"load ship with {load[0]} soldiers, {load[1]} colonists, 0 bars")
        assert state.phase == OUTBOUND  # the Ship dice wait for the last choice
    GAME.play(state, 1, "load ship with 0 soldiers, 2 colonists, 0 bars")
    # rows 6 and 7 can only be empty: loaded for him; then 2 (Even), 6, 5, 3: Ship 3
    assert state.rng.dice.all_used  # type: ignore[attr-defined]
    assert state.fleet_ships[1] == 6
    # Ship 3 was empty: all eight Personnel reach H
    assert state.off_soldiers[at(1, h)] == 4 and state.off_colonists[at(1, h)] == 4
    assert state.off_soldiers[at(0, c)] == 4 and state.off_colonists[at(0, c)] == 4
    assert state.phase != OUTBOUND and GAME.view(state, 1)["pending_arrangement"] is None


@pytest.mark.parametrize(
    ("row_3", "soldiers", "colonists"),
    [((0, 2), 4, 2), ((1, 1), 3, 3), ((2, 0), 2, 4)],
)
def test_6_21_the_ship_lost_takes_what_its_owner_put_on_its_row(
    row_3: tuple[int, int], soldiers: int, colonists: int
) -> None:
    """The same dice as 6.22's example: Ship 3 of the Even flotilla sinks with the
    Personnel its owner placed on row 3."""
    state = sail_the_example(*CROSSINGS, *SHIP_DICE)
    rows = [(2, 0), (0, 2), row_3, (2 - row_3[0], 2 - row_3[1])]
    for s, c in rows:
        GAME.play(state, 1, f"load ship with {s} soldiers, {c} colonists, 0 bars")
    h = area("H")
    assert state.off_soldiers[at(1, h)] == soldiers
    assert state.off_colonists[at(1, h)] == colonists


def test_6_21_a_row_is_refused_when_the_rest_would_not_fit_and_changes_nothing() -> None:
    state = sail_the_example(*CROSSINGS, *SHIP_DICE)
    for _ in range(3):
        GAME.play(state, 1, "load ship with 0 soldiers, 0 colonists, 0 bars")
    arranging, ships = list(state.arranging), list(state.fleet_ships)
    # eight Personnel, four rows left: row 4 must take two
    with pytest.raises(IllegalAction, match=r"6\.21"):
        GAME.play(state, 1, "load ship with 1 soldiers, 0 colonists, 0 bars")
    with pytest.raises(IllegalAction, match=r"France first arranges the Fleet card"):
        GAME.play(state, 1, "land 2 soldiers at h")
    assert state.arranging == arranging and state.fleet_ships == ships


def test_6_21_and_5_3_validate_refuses_a_fleet_card_no_arrangement_could_give() -> None:
    state = sail_the_example(*CROSSINGS, *SHIP_DICE)
    GAME.play(state, 1, "load ship with 2 soldiers, 0 colonists, 0 bars")
    validate(state)  # France's card half arranged, as play leaves it
    broken = [
        ([1, 0, 0, 0, 0, 0, 1, 2, 0], "more than two Personnel or two Gold Bars"),
        ([1, 0, 0, 0, 0, 0, *[2, 0, 0] * 4], "rows hold more than seat 1's Fleet carries"),
        ([1, 0, 0, 0, 0, 0, *[0, 0, 0] * 7], "7 rows loaded for 7 regular Ship(s)"),
        ([1, 0, 0, 0, 1, 0], "homebound must be 0 outbound"),
        ([1, 0, 0, 0, 0, 0, 2, 0], "a header of six numbers, then rows of three"),
        ([9, 0, 0, 0, 0, 0], "seat 9, not a seat of this game"),
    ]
    for record, words in broken:
        state.arranging = record
        with pytest.raises(InvalidState, match=re.escape(words)):
            validate(state)
    state.arranging = [1, 0, 0, 0, 0, 0]
    state.phase = PLANNING
    with pytest.raises(InvalidState, match="arranged only in naval movement"):
        validate(state)


def test_6_21_no_pause_when_the_arrangement_leaves_no_choice() -> None:
    # two Ships with four Personnel: each row must carry two Soldiers
    full = Cargo(ships=2, soldiers=4)
    assert forced(full, []) == [(2, 0, 0), (2, 0, 0)]
    # a lone regular Ship (the other a Pirate) takes everything aboard with it
    lone = Cargo(ships=2, soldiers=1, colonists=1, gold=80, bars=2, pirate_loads=[0])
    assert forced(lone, []) == [(1, 1, 2)]
    # nothing aboard: every row is empty
    assert forced(Cargo(ships=5), []) == [(0, 0, 0)] * 5
    # otherwise the next row has a choice: three Personnel on two Ships
    assert {(s, c) for s, c, _ in options(Cargo(ships=2, soldiers=2, colonists=1), [])} == {
        (1, 0),
        (0, 1),
        (2, 0),
        (1, 1),
    }


def test_6_23_gold_in_a_row_goes_down_with_its_ship_and_the_average_box_is_shared() -> None:
    cargo = Cargo(ships=3, gold=120, bars=3)
    # two Bars on row 1, the third in the Average box ($40 shared by three Ships)
    gold = lose_ship(cargo, Dice(1), [(0, 0, 2), (0, 0, 0), (0, 0, 0)])
    assert gold == 80 + 13 and cargo.gold == 27 and cargo.bars == 1
    cargo = Cargo(ships=3, gold=120, bars=3)
    assert lose_ship(cargo, Dice(2), [(0, 0, 2), (0, 0, 0), (0, 0, 0)]) == 13
    assert cargo.gold == 107
    # a part of a Bar left in the box cannot be placed in a row as a Bar
    assert {b for _, _, b in options(Cargo(ships=2, gold=67, bars=2), [])} == {0, 1}


def homebound_with_gold(*dice: int) -> NewWorldState:
    """England's three Ships lie off H with three Gold Bars aboard, ready to cross
    home through Zone 3 (three dice)."""
    state = movement_position()
    state.phase = HOMEBOUND
    h = area("H")
    state.fleet_ships[0], state.fleet_at[0] = 3, h
    state.fleet_gold[0], state.fleet_bars[0] = 120, 3
    state.rng = ScriptedRng(*dice)  # type: ignore[assignment]
    return state


def test_12_2_the_crossing_home_waits_for_the_card_then_delivers_what_is_left() -> None:
    # 1 6 6: one Naval Losses roll, homebound 2: a Ship (12.2); the Ship die 1
    state = homebound_with_gold(1, 6, 6, 2, 1)
    homebound.fleets_home(state)
    assert GAME.to_act(state) == (0,) and state.phase == HOMEBOUND
    assert GAME.view(state, 1)["pending_arrangement"]["to_place"]["bars"] == 3
    GAME.play(state, 0, "load ship with 0 soldiers, 0 colonists, 2 bars")
    GAME.play(state, 0, "load ship with 0 soldiers, 0 colonists, 1 bars")  # row 3: empty
    homes = [e.text for e in state.log if e.kind == "home"]
    assert homes[-1].endswith("$40 of Gold")  # Ship 1 sank with its two Bars
    assert state.ships[0] == 2 and not state.arranging


def test_12_1_a_coastal_leg_homebound_waits_too_then_picks_up() -> None:
    # H to O: one die (6.3), a 1; homebound table 2: a Ship; the Ship die 3
    state = homebound_with_gold(1, 2, 3)
    o = area("O")
    state.fleet_out[0] = True
    state.emb_soldiers[at(0, o)] = 1
    state.soldiers[at(0, o)] = 1
    GAME.play(state, 0, "sail to o")
    assert GAME.to_act(state) == (0,) and state.fleet_at[0] == o
    GAME.play(state, 0, "load ship with 0 soldiers, 0 colonists, 0 bars")
    GAME.play(state, 0, "load ship with 0 soldiers, 0 colonists, 1 bars")
    GAME.play(state, 0, "load ship with 0 soldiers, 0 colonists, 2 bars")
    assert state.fleet_ships[0] == 2 and state.fleet_gold[0] == 40
    GAME.play(state, 0, "pick up all at o")  # then it picks up its Soldier at O (12.1)
    assert state.fleet_soldiers[0] == 1
    assert "sail home" in texts(state, 0)


def test_6_21_the_terminal_and_the_map_panel_say_who_arranges_and_what_is_left() -> None:
    state = sail_the_example(*CROSSINGS, *SHIP_DICE)
    GAME.play(state, 1, "load ship with 2 soldiers, 0 colonists, 0 bars")
    view = GAME.view(state, 3)
    text = GAME.render_text(view)
    assert "France arranges the Fleet card (6.21): row 2 of 7" in text
    assert "to place 2 Soldiers, 4 Colonists, 0 Gold Bars" in " ".join(text.split())
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "France arranges the Fleet card" in GAME.presentation().overlay(view)
