"""The dispatcher: who decides now, what they may do, and applying one decision.

Each decision goes to the module of its phase; when that says its phase is over,
the turn's sequencer (rules/flow.py) starts the next."""

from __future__ import annotations

from meeple.games.newworld.rules import (
    attacks,
    battle,
    exploration,
    fleetcard,
    flow,
    homebound,
    landfall,
    losses,
    movement,
    outbound,
    pickup,
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
        return homebound.seats(state)
    if phase == GAME_OVER:
        return ()
    if state.pending:
        # within a battle: the attacker's terms, the defender's retreats and losses
        return (battle.decider(state),)
    return (state.actor,)


def legal_actions(state: NewWorldState, seat: int) -> list[int]:
    phase = state.phase
    if phase == PLANNING:  # the most frequent decisions first (planning.plan_actions)
        return list(planning.plan_entries(state, seat))
    if phase == HOMEBOUND:  # a Fleet card, a request for held Gold, or a Fleet's move
        return homebound.actions(state, seat)
    if phase == OUTBOUND:  # a Fleet card or a shortfall
        return outbound.actions(state, seat)
    if phase in SEQUENTIAL and seat != deciding(state):
        return []
    if phase in UPKEEP:
        return losses.actions(state, seat)
    if phase == COLONISTS:
        return planning.colonist_actions(state, seat)
    if phase == BIDDING:
        return landfall.bid_actions(state, seat)
    if phase == LANDFALL:
        return landfall.landfall_actions(state, seat)
    if phase == EXPLORE:
        return exploration.setup_actions(state, seat)
    if phase == MOVEMENT:
        return movement.movement_actions(state, seat)
    if phase in (COMBAT_PLAYERS, COMBAT_NATIVES):
        return attacks.combat_actions(state, seat)
    return []  # GAME_OVER


def apply_action(state: NewWorldState, seat: int, index: int) -> None:
    phase = state.phase
    if phase == PLANNING:  # the most frequent decisions first
        over = planning.apply_plan(state, seat, index)
    elif phase == HOMEBOUND:
        over = homebound.apply(state, seat, index)
    elif phase == OUTBOUND:
        over = outbound.apply(state, seat, index)
    elif phase in UPKEEP:
        over = losses.apply(state, index)
    elif phase == COLONISTS:
        over = planning.apply_colonists(state, seat, index)
    elif phase == BIDDING:
        over = landfall.apply_bid(state, seat, index)
    elif phase == LANDFALL:
        over = landfall.apply_landfall(state, seat, index)
    elif phase == EXPLORE:
        over = exploration.apply_setup(state, seat, index)
    elif phase == MOVEMENT:
        over = movement.apply_movement(state, seat, index)
    else:  # COMBAT_PLAYERS, COMBAT_NATIVES
        over = attacks.apply_combat(state, seat, index)
    if over:
        flow.phase_over(state, phase)
