"""Retreated Soldiers (8.32): "Retreating Personnel may not carry Gold or move onto
Mines/Gold Sites/Cities/Gold Bars. Retreating Personnel may not be used to establish
Political Control ... during that Game Turn". For Soldiers this bears on 11.2's
second requirement: a player with Soldiers/Prospectors in the Area must have the
majority of them. The retreated ones cannot help their owner gain control that
turn ("establish"); they help him retain it, and they count in everyone's totals,
as Soldiers present (11.2 says "to gain (or retain)" where it means both)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.newworld import GAME
from meeple.games.newworld.positions import validate
from meeple.games.newworld.rules import control, homebound, planning, units
from meeple.games.newworld.state import (
    COMBAT_PLAYERS,
    GOLD_SITE,
    MINE,
    NO_MARKER,
    NOBODY,
    NewWorldState,
    at,
)
from tests.newworld.nw_support import area, movement_position, rng_rolling, texts

P, N = area("P"), area("N")  # adjoining; N has a City and two Gold triangles


def clear_markers(state: NewWorldState, a: int) -> None:
    state.natives[a] = 0
    state.city_value[a] = 0
    state.city_holder[a] = NOBODY
    for slot in (2 * a, 2 * a + 1):
        state.site_kind[slot] = NO_MARKER
        state.site_holder[slot] = NOBODY


def soldiers_retreat_to_n() -> NewWorldState:
    """England (4 Soldiers) attacks France (3 Soldiers) in P and allows the retreat;
    France retreats its 3 Soldiers to N (adjoining P), where France has 4 Colonists
    and England 2 Soldiers; England accepts the retreat. France then has 3 Soldiers
    against England's 2 in N, all three retreated this turn."""
    state = movement_position(order=(0, 1))
    state.phase = COMBAT_PLAYERS
    clear_markers(state, P)
    clear_markers(state, N)
    state.soldiers[at(0, P)] = 4
    state.soldiers[at(1, P)] = 3
    state.colonists[at(1, N)] = 4
    state.soldiers[at(0, N)] = 2
    GAME.play(state, 0, "attack france at p with 2")
    GAME.play(state, 0, "allow soldiers to retreat")
    GAME.play(state, 1, "retreat soldiers to n")
    GAME.play(state, 0, "accept the retreat")  # England has Soldiers in N (8.32)
    assert not state.pending and state.soldiers[at(1, N)] == 3
    return state


def test_8_32_retreated_soldiers_are_marked_and_shown() -> None:
    state = soldiers_retreat_to_n()
    assert state.retreated_soldiers[at(1, N)] == 3
    validate(state)
    force = next(f for f in GAME.view(state, 0)["areas"][N]["forces"] if f["seat"] == 1)
    assert force["retreated_soldiers"] == 3 and force["retreated"] == 0
    assert "retreated 3S 0C" in GAME.render_text(GAME.view(state, 0))


def test_11_2_retreated_soldiers_do_not_win_the_soldier_majority() -> None:
    state = soldiers_retreat_to_n()
    control.political_control(state)
    # 3 French Soldiers against 2 English would give France control (11.2), but
    # they retreated there this turn (8.32): England's 2 are the only ones counted
    assert state.pc[N] == NOBODY
    # the same Soldiers having simply marched in, France gains control
    state.retreated_soldiers[at(1, N)] = 0
    control.political_control(state)
    assert state.pc[N] == 1


def test_11_2_8_32_retreated_soldiers_retain_control() -> None:
    """8.32 forbids using them to establish control, not to keep it: France held N
    before the retreat and its 3 Soldiers there outnumber England's 2."""
    state = soldiers_retreat_to_n()
    state.pc[N] = 1  # France held N before the retreat
    control.political_control(state)
    assert state.pc[N] == 1


def test_11_2_8_32_retreated_soldiers_count_against_another_players_majority() -> None:
    """England: 4 of 5 Colonists and 1 Soldier, against France's 3 retreated Soldiers,
    which are Soldiers in the Area all the same (11.2): no majority of them, no
    control for England."""
    state = soldiers_retreat_to_n()
    state.soldiers[at(0, N)] = 1
    state.colonists[at(0, N)] = 4
    state.colonists[at(1, N)] = 1
    control.political_control(state)
    assert state.pc[N] == NOBODY
    state.soldiers[at(0, N)] = 4  # 4 against 3: the majority
    control.political_control(state)
    assert state.pc[N] == 0


def test_8_32_retreated_soldiers_may_not_prospect_or_loot_that_turn() -> None:
    state = soldiers_retreat_to_n()
    state.site_kind[2 * N] = GOLD_SITE
    state.city_value[N] = 4  # printed value; no Natives in N: it may be looted (8.222)
    GAME.play(state, 0, "end combat")
    assert GAME.to_act(state) == (1,)
    state.used_vs_players[at(1, N)] = 1  # France attacked in N too: markers there (8.314)
    assert not {"prospect n", "loot n"} & texts(state, 1)
    for refused in ("prospect n", "loot n"):
        with pytest.raises(IllegalAction, match=r"retreated there this turn \(8\.32\)"):
            GAME.play(state, 1, refused)
    # a French Soldier that was in N before the battle may take either marker
    state.soldiers[at(1, N)] += 1
    assert {"prospect n", "loot n"} <= texts(state, 1)
    GAME.play(state, 1, "prospect n")
    assert not {"prospect n", "loot n"} & texts(state, 1)  # the other three retreated
    validate(state)


def test_8_32_retreated_soldiers_capture_no_gold_bars() -> None:
    state = soldiers_retreat_to_n()
    state.colonists[at(1, N)] = 0  # France's only Personnel in N are the retreated
    state.soldiers[at(0, N)] = 1
    state.gold[at(0, N)] = 2
    GAME.play(state, 0, "end combat")
    state.rng = rng_rolling(2)  # even: the English Soldier falls
    GAME.play(state, 1, "attack england at n with 1")
    GAME.play(state, 1, "forbid soldiers to retreat")  # England could go back to P
    # England is wiped out; the retreated French may not take its Gold (8.32, 8.223)
    assert state.gold[at(1, N)] == 0 and state.loose_gold[N] == 2


def test_8_32_no_more_retreated_soldiers_than_free_ones_after_losses() -> None:
    """Losses take free Soldiers first (the loss order of units.py), those not
    retreated before the retreated ones; the retreated stand on no marker (8.32)."""
    state = soldiers_retreat_to_n()
    state.soldiers[at(1, N)] += 1
    state.site_kind[2 * N] = GOLD_SITE
    state.site_holder[2 * N] = 1  # a French Prospector in N, not retreated
    assert units.kill_soldiers(state, 1, N, 2) == 2
    assert state.soldiers[at(1, N)] == 2 and units.free_soldiers(state, 1, N) == 1
    assert state.retreated_soldiers[at(1, N)] == 1
    validate(state)


def test_8_32_a_miner_is_never_taken_for_a_retreated_colonist() -> None:
    """A retreated Colonist stays off the Mine (8.32): when the free Colonist falls,
    the Miner left still counts for the four of 11.2."""
    state = movement_position(order=(0, 1))
    clear_markers(state, N)
    state.site_kind[2 * N] = MINE
    state.site_holder[2 * N] = 1
    state.colonists[at(1, N)] = 2  # the Miner and a Colonist that retreated there
    state.retreated[at(1, N)] = 1
    assert control.settled(state, 1, N) == 1
    assert units.kill_colonists(state, 1, N, 1) == 1
    assert state.retreated[at(1, N)] == 0 and control.settled(state, 1, N) == 1
    validate(state)


def test_8_32_the_marks_last_one_game_turn() -> None:
    state = soldiers_retreat_to_n()
    planning.start_turn(state)
    assert not any(state.retreated_soldiers)


def gold_waiting_at_h(owner_present: str, opponent_present: str) -> NewWorldState:
    """England's Fleet anchors at H, where 2 of its Gold Bars wait on the Anchorage dot;
    ``owner_present`` / ``opponent_present``: "none", "marched" (1 unit that moved in
    normally) or "retreated" (1 unit that retreated into H this turn, 8.32)."""
    state = movement_position()
    h = area("H")
    clear_markers(state, h)
    state.fleet_ships = [3, 0]
    state.fleet_at = [h, -1]
    state.emb_gold[at(0, h)] = 2
    if owner_present != "none":
        state.colonists[at(0, h)] = 1
        state.retreated[at(0, h)] = owner_present == "retreated"
    if opponent_present != "none":
        state.soldiers[at(1, h)] = 1
        state.retreated_soldiers[at(1, h)] = opponent_present == "retreated"
    validate(state)
    return state


@pytest.mark.parametrize(
    ("owner", "opponent", "picked_up"),
    [
        ("none", "none", 2),  # nobody holds it: shipped
        ("none", "marched", 0),  # held by the opponent's presence (8.223)
        ("none", "retreated", 0),  # presence is presence, retreated or not
        ("retreated", "marched", 2),  # the owner's retreated Colonist is still there
        ("marched", "marched", 2),
    ],
)
def test_8_223_8_32_retreated_personnel_count_as_present_at_the_homebound_pickup(
    owner: str, opponent: str, picked_up: int
) -> None:
    """8.223: offshore Gold whose owner has no Personnel left in the Area "can still be
    shipped home if there are no opposing Personnel in the Area ... the presence of
    his Personnel prevents the ship's crew from leaving with the Gold". 8.32 bars
    retreating Personnel from carrying Gold and from standing on Gold Bars, not from
    being present: meeple counts retreated units as present on both sides here
    (docs/games/newworld.md, Gold)."""
    state = gold_waiting_at_h(owner, opponent)
    homebound.begin(state)
    if "pick up all at h" in texts(state, 0):  # 12.1: what fits, Gold if not held
        GAME.play(state, 0, "pick up all at h")
    assert state.fleet_bars[0] == picked_up
    assert state.emb_gold[at(0, area("H"))] == 2 - picked_up
