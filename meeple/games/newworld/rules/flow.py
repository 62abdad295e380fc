"""The order of a Game Turn (4.): which phase follows which.

Each phase module begins its phase (``begin``: True when the phase is over with no
decision) and applies its decisions (True once the phase is over); none of them
knows what comes next. This module, which no phase module imports, starts the
next phase when one is over (``phase_over``, called by the dispatcher, rules/apply.py)
and runs every automatic stage between them (gold, initiative, political control,
income) until some seat must decide or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.games.newworld.rules import (
    attacks,
    control,
    exploration,
    gold,
    homebound,
    income,
    landfall,
    movement,
    outbound,
    planning,
    survival,
    turn_end,
    uprisings,
)
from meeple.games.newworld.state import (
    BIDDING,
    COLONISTS,
    COMBAT_NATIVES,
    COMBAT_PLAYERS,
    EXPLORE,
    HOMEBOUND,
    LANDFALL,
    MOVEMENT,
    OUTBOUND,
    PLANNING,
    SURVIVAL_PHASE,
    UPRISING_PHASE,
    NewWorldState,
)


def phase_over(state: NewWorldState, phase: int) -> None:
    """The decisions of ``phase`` are over: the turn goes on from there."""
    AFTER[phase](state)


def after_colonists(state: NewWorldState) -> None:
    if exploration.begin_setup(state):  # the Exploration optional setup (16.5)
        after_exploration_setup(state)


def after_exploration_setup(state: NewWorldState) -> None:
    if landfall.begin(state):  # turn 1's Exclusive Landfall bids (5.41)
        after_landfall(state)


def after_bids(state: NewWorldState) -> None:
    landfall.reveal_bids(state)  # the bidders then choose their Anchorages


def after_landfall(state: NewWorldState) -> None:
    if planning.begin(state):
        after_planning(state)


def after_planning(state: NewWorldState) -> None:
    if outbound.begin(state):  # payment (5.5) and Outbound Naval Movement (6.)
        after_outbound(state)


def after_outbound(state: NewWorldState) -> None:
    """Every Fleet has made its Landings: the Gold Phase, the Initiative Display,
    then Land Movement (4.)."""
    gold.gold_stage(state)
    movement.initiative(state)
    if movement.begin(state):
        after_movement(state)


def after_movement(state: NewWorldState) -> None:
    if attacks.begin(state, COMBAT_PLAYERS):
        after_combat_vs_players(state)


def after_combat_vs_players(state: NewWorldState) -> None:
    if attacks.begin(state, COMBAT_NATIVES):
        after_combat_vs_natives(state)


def after_combat_vs_natives(state: NewWorldState) -> None:
    """Uprisings, survival, political control, then the Fleets sail home. Each of
    the first two waits while the owners choose which of their units are lost (9.4,
    10.1: rules/losses.py); the dice are all rolled first."""
    if uprisings.begin(state):
        after_uprisings(state)


def after_uprisings(state: NewWorldState) -> None:
    if survival.begin(state):
        after_survival(state)


def after_survival(state: NewWorldState) -> None:
    control.political_control(state)
    if homebound.begin(state):
        after_homebound(state)


def after_homebound(state: NewWorldState) -> None:
    """The Fleets are home: income, then the end of the turn (13., 14.)."""
    income.income(state)
    if turn_end.end_turn(state):
        planning.start_turn(state)


AFTER: dict[int, Callable[[NewWorldState], None]] = {
    COLONISTS: after_colonists,
    EXPLORE: after_exploration_setup,
    BIDDING: after_bids,
    LANDFALL: after_landfall,
    PLANNING: after_planning,
    OUTBOUND: after_outbound,
    MOVEMENT: after_movement,
    COMBAT_PLAYERS: after_combat_vs_players,
    COMBAT_NATIVES: after_combat_vs_natives,
    UPRISING_PHASE: after_uprisings,
    SURVIVAL_PHASE: after_survival,
    HOMEBOUND: after_homebound,
}
