"""The Fleet's pickups homebound are its player's (12.1), and Gold an opponent holds
leaves only with his leave (8.223)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction, InvalidState
from meeple.games.newworld import GAME
from meeple.games.newworld.rules import homebound
from meeple.games.newworld.state import HOMEBOUND, NewWorldState, at
from tests.newworld.nw_support import area, movement_position, rng_rolling, texts


def legal_texts(state: NewWorldState, seat: int) -> list[str]:
    return [GAME.actions[i].text for i in GAME.legal_actions(state, seat)]


def crowded_dot(players: int = 2) -> NewWorldState:
    """England's one Ship lies off H, where two Soldiers and two Colonists wait on
    its Anchorage dot: room for two of the four (5.3)."""
    state = movement_position(players, order=tuple(range(players)))
    h = area("H")
    state.fleet_ships = [1] + [0] * (players - 1)
    state.fleet_at = [h] + [-1] * (players - 1)
    state.emb_soldiers[at(0, h)] = 2
    state.emb_colonists[at(0, h)] = 2
    homebound.begin(state)
    return state


def test_12_1_the_old_pick_comes_first_then_one_unit_at_a_time() -> None:
    state = crowded_dot()
    assert state.phase == HOMEBOUND and state.fleet_soldiers[0] == 0
    assert legal_texts(state, 0) == [
        "pick up all at h",
        "pick up soldier at h",
        "pick up colonist at h",
        "sail home",
    ]
    GAME.play(state, 0, "pick up all at h")  # what fits, Soldiers first
    assert (state.fleet_soldiers[0], state.fleet_colonists[0]) == (2, 0)
    assert legal_texts(state, 0) == ["sail home"]


def test_12_1_the_player_chooses_whom_the_fleet_takes_and_leaves() -> None:
    state = crowded_dot()
    h = area("H")
    GAME.play(state, 0, "pick up colonist at h")
    GAME.play(state, 0, "pick up soldier at h")
    assert (state.fleet_soldiers[0], state.fleet_colonists[0]) == (1, 1)
    assert legal_texts(state, 0) == ["sail home"]  # the Ship is full
    home = state.home_soldiers[0]
    state.rng = rng_rolling(6, 6, 6)  # a calm crossing home from Zone 3
    GAME.play(state, 0, "sail home")
    assert state.home_soldiers[0] == home + 1
    # those left on the dot go back to their Area (8.21)
    assert state.soldiers[at(0, h)] == 1 and state.colonists[at(0, h)] == 1
    assert any("picks up 1 Colonist at H" in e.text for e in GAME.events(state, 1))


def test_12_1_a_pickup_only_where_the_fleet_lies() -> None:
    state = crowded_dot()
    with pytest.raises(IllegalAction, match=r"12\.1"):
        GAME.play(state, 0, "pick up soldier at o")
    assert state.fleet_soldiers[0] == 0


# ---- 8.223: Gold held by an opponent's Personnel ------------------------------------------


def held_gold(holders: tuple[int, ...] = (1,)) -> NewWorldState:
    """England's two Gold Bars wait on the dot at H, where England has no Personnel
    left and the ``holders`` have Colonists; England's two Ships lie off H."""
    state = movement_position(3, order=(0, 1, 2))
    h = area("H")
    state.fleet_ships = [2, 0, 0]
    state.fleet_at = [h, -1, -1]
    state.emb_gold[at(0, h)] = 2
    for seat in holders:
        state.colonists[at(seat, h)] = 1
    homebound.begin(state)
    return state


def test_8_223_held_gold_is_not_picked_up_but_may_be_asked_for() -> None:
    state = held_gold()
    assert legal_texts(state, 0) == ["ask to ship gold at h", "sail home"]
    GAME.play(state, 0, "ask to ship gold at h")
    assert GAME.to_act(state) == (1,)
    assert legal_texts(state, 1) == ["refuse the gold shipped", "allow the gold shipped"]
    assert GAME.legal_actions(state, 0) == [] and GAME.legal_actions(state, 2) == []
    GAME.play(state, 1, "allow the gold shipped")
    assert state.fleet_bars[0] == 2 and state.fleet_gold[0] == 80
    assert GAME.to_act(state) == (0,) and legal_texts(state, 0) == ["sail home"]


def test_8_223_a_refusal_keeps_the_gold_and_is_asked_once_a_turn() -> None:
    state = held_gold()
    GAME.play(state, 0, "ask to ship gold at h")
    GAME.play(state, 1, "refuse the gold shipped")
    assert state.fleet_bars[0] == 0 and state.emb_gold[at(0, area("H"))] == 2
    assert legal_texts(state, 0) == ["sail home"]
    with pytest.raises(IllegalAction, match=r"8\.223"):
        GAME.play(state, 0, "ask to ship gold at h")


def test_8_223_every_player_holding_the_gold_must_agree() -> None:
    state = held_gold(holders=(1, 2))
    GAME.play(state, 0, "ask to ship gold at h")
    GAME.play(state, 1, "allow the gold shipped")
    assert GAME.to_act(state) == (2,) and state.fleet_bars[0] == 0
    GAME.play(state, 2, "refuse the gold shipped")
    assert state.fleet_bars[0] == 0 and not state.gold_leave
    assert texts(state, 0) == {"sail home"}


def test_8_223_no_one_to_ask_where_no_opponent_stands() -> None:
    state = held_gold(holders=())
    assert legal_texts(state, 0)[:2] == ["pick up all at h", "pick up gold at h"]


def test_8_223_a_request_with_nobody_to_answer_is_refused_as_a_position() -> None:
    state = held_gold()
    GAME.play(state, 0, "ask to ship gold at h")
    GAME.validate(state)  # a real request is a valid position
    state.colonists[at(1, area("H"))] = 0  # but no one left there to answer
    with pytest.raises(InvalidState, match="nobody left to answer"):
        GAME.validate(state)
