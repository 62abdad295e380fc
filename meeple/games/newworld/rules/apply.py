"""Who decides now, what they may do, and applying one decision."""

from __future__ import annotations

from meeple.games.newworld.rules import (
    battle,
    decisions,
    fleetcard,
    flow,
    losses,
    outbound,
    pickup,
    piracy,
    planning,
)
from meeple.games.newworld.state import (
    BIDDING,
    COLONISTS,
    COMBAT_NATIVES,
    COMBAT_PLAYERS,
    EXPLORE,
    GAME_OVER,
    HOMEBOUND,
    LANDFALL,
    MOVEMENT,
    OUTBOUND,
    PLANNING,
    STEP_SEALED,
    SURVIVAL_PHASE,
    UPRISING_PHASE,
    NewWorldState,
)

EVERY_SEAT = tuple(tuple(range(n)) for n in range(7))  # EVERY_SEAT[n]: seats 0..n-1
UPKEEP = (UPRISING_PHASE, SURVIVAL_PHASE)  # owners choose the units lost (9.4, 10.1)
_OPEN_SHEETS: dict[tuple[int, ...], tuple[int, ...]] = {}  # per sheet steps: seats not sealed
SEQUENTIAL = (LANDFALL, EXPLORE, OUTBOUND, MOVEMENT, COMBAT_PLAYERS, COMBAT_NATIVES)


def deciding(state: NewWorldState) -> int:
    """The seat deciding in a sequential phase."""
    if state.pending:
        return battle.decider(state)
    return state.actor


def to_act(state: NewWorldState) -> tuple[int, ...]:
    phase = state.phase
    if phase == PLANNING:
        steps = state.plan_step
        if STEP_SEALED not in steps:
            return EVERY_SEAT[state.players]
        key = tuple(steps)
        found = _OPEN_SHEETS.get(key)
        if found is None:
            found = _OPEN_SHEETS[key] = tuple(
                [s for s, step in enumerate(key) if step != STEP_SEALED]
            )
        return found
    if state.arranging:  # a Ship is about to be lost: its owner arranges his Fleet card
        return (state.arranging[fleetcard.SEAT],)
    if state.gold_leave:  # Gold held by an opponent's Personnel: he is asked (8.223)
        return (pickup.asked(state),)
    if phase in UPKEEP:
        return (state.losses[0],)
    if phase == COLONISTS:
        return tuple([s for s, count in enumerate(state.new_colonists) if count < 0])
    if phase == BIDDING:
        return tuple([s for s, bid in enumerate(state.bids) if bid < 0])
    if phase == HOMEBOUND:
        return homebound_seats(state)
    if phase == GAME_OVER:
        return ()
    if state.pending:
        # within a battle: the attacker's terms, the defender's retreats and losses
        return (battle.decider(state),)
    return (state.actor,)


def homebound_seats(state: NewWorldState) -> tuple[int, ...]:
    """Every Fleet still in the New World moves at once (12.1); with Piracy, one at
    a time in Initiative order (22.2)."""
    if piracy.enabled(state.config):
        first = next((s for s in state.initiative if state.fleet_out[s]), None)
        return () if first is None else (first,)
    return tuple([s for s in range(state.players) if state.fleet_out[s]])


def legal_actions(state: NewWorldState, seat: int) -> list[int]:
    phase = state.phase
    if phase == PLANNING:  # the most frequent decisions first (planning.plan_actions)
        return list(planning.plan_entries(state, seat))
    if state.arranging:
        return fleetcard.actions(state, seat)
    if state.gold_leave:
        return pickup.answer_actions(state, seat)
    if phase in SEQUENTIAL and seat != deciding(state):
        return []
    if phase in UPKEEP:
        return losses.actions(state, seat)
    if phase == HOMEBOUND and piracy.enabled(state.config) and seat not in homebound_seats(state):
        return []
    if phase == COLONISTS:
        return planning.colonist_actions(state, seat)
    if phase == BIDDING:
        return planning.bid_actions(state, seat)
    if phase == LANDFALL:
        return planning.landfall_actions(state, seat)
    if phase == EXPLORE:
        return planning.explore_actions(state, seat)
    if phase == OUTBOUND:
        return outbound.choice_actions(state, seat)
    if phase == MOVEMENT:
        return decisions.movement_actions(state, seat)
    if phase in (COMBAT_PLAYERS, COMBAT_NATIVES):
        return decisions.combat_actions(state, seat)
    return decisions.homebound_actions(state, seat)


def apply_action(state: NewWorldState, seat: int, index: int) -> None:
    phase = state.phase
    if phase == PLANNING:  # the most frequent decisions first
        planning.apply_plan(state, seat, index)
    elif state.arranging:
        fleetcard.apply_load(state, seat, index)
    elif state.gold_leave:
        pickup.apply_answer(state, seat, index)
    elif phase in UPKEEP:
        losses.apply(state, index)
        flow.losses_chosen(state)
    elif phase == COLONISTS:
        planning.apply_colonists(state, seat, index)
    elif phase == BIDDING:
        planning.apply_bid(state, seat, index)
    elif phase == LANDFALL:
        planning.apply_landfall(state, seat, index)
    elif phase == EXPLORE:
        planning.apply_explore(state, seat, index)
    elif phase == OUTBOUND:
        outbound.apply_choice(state, seat, index)
    elif phase == MOVEMENT:
        decisions.apply_movement(state, seat, index)
    elif phase in (COMBAT_PLAYERS, COMBAT_NATIVES):
        decisions.apply_combat(state, seat, index)
    else:
        decisions.apply_homebound(state, seat, index)
