"""Choices the rulebook gives a player that meeple once made for him: arrivals kept
aboard (6.4), the Landing shortfall (5.4), retreats during a battle and the
attacker allowing Soldiers to retreat (8.32)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.newworld import GAME
from meeple.games.newworld.rules import flow
from meeple.games.newworld.state import at
from tests.newworld.nw_support import area, movement_position, rng_rolling, texts

# ---- 6.4 Anchorage: arrivals may stay aboard and sail home -----------------------------------


def arrivals() -> object:
    """England's Fleet (2 Ships) lies off H, its final Anchorage, with two Soldiers
    and a Colonist still aboard; one Soldier was set down at O, an earlier Landing."""
    state = movement_position(order=(0, 1))
    h, o = area("H"), area("O")
    state.fleet_ships = [2, 0]
    state.fleet_at = [h, -1]
    state.off_soldiers[at(0, h)] = 2
    state.off_colonists[at(0, h)] = 1
    state.off_soldiers[at(0, o)] = 1
    return state


def test_6_4_arrivals_at_the_final_anchorage_may_stay_aboard() -> None:
    state = arrivals()
    h = area("H")
    assert GAME.to_act(state) == (0,)
    offered = texts(state, 0)
    assert {"keep soldier aboard h", "keep colonist aboard h"} <= offered
    assert "keep soldier aboard o" not in offered  # the Fleet has left O (6.4)
    GAME.play(state, 0, "keep soldier aboard h")
    assert state.off_soldiers[at(0, h)] == 1 and state.emb_soldiers[at(0, h)] == 1
    GAME.play(state, 0, "end movement")
    # the others land (8.23); the one aboard still belongs to the Area (6.4, 8.21)
    assert state.soldiers[at(0, h)] == 1 and state.colonists[at(0, h)] == 1
    assert state.soldiers[at(0, area("O"))] == 1
    assert state.emb_soldiers[at(0, h)] == 1


def test_6_4_a_soldier_kept_aboard_sails_home_and_may_come_back_later() -> None:
    state = arrivals()
    GAME.play(state, 0, "keep soldier aboard h")
    GAME.play(state, 0, "keep colonist aboard h")
    GAME.play(state, 0, "end movement")
    flow.begin_homebound(state)
    assert (state.fleet_soldiers[0], state.fleet_colonists[0]) == (1, 1)
    home = state.home_soldiers[0]
    state.rng = rng_rolling(6, 6, 6)  # a calm crossing home from Zone 3
    GAME.play(state, 0, "sail home")
    assert state.home_soldiers[0] == home + 1  # kept for a later turn (6.4)
    assert state.colonists[at(0, area("H"))] == 0  # the Colonist went to the Banker


def test_6_4_only_the_moving_player_and_only_his_arrivals() -> None:
    state = arrivals()
    with pytest.raises(IllegalAction, match=r"6\.4"):
        GAME.play(state, 0, "keep soldier aboard o")
    assert state.off_soldiers[at(0, area("O"))] == 1
