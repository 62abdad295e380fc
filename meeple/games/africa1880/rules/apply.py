"""The dispatcher: who decides now, what they may do, and carrying a decision out.

Setup places the first presences one country at a time (rulebook order; see
placement.py). Phase 1 (diplomatic action) waits for every seat's ``ready``
(diplomacy.py). Phase 2 (writing orders) lets every unsealed seat write its own
sheet in secret, one line at a time (writing.py). The last seal runs phases 3 to 5
(phases.py).
"""

from __future__ import annotations

from meeple.games.africa1880.actions import (
    LAND,
    ORDER,
    PLACE,
    READY,
    RELATION,
    REVISE,
    SEAL,
    TABLES,
)
from meeple.games.africa1880.rules import diplomacy, placement, writing
from meeple.games.africa1880.state import DIPLOMACY, SETUP, WRITING, AfricaState

__all__ = ["apply_action", "legal_actions", "to_act"]

# Seats still waited for, by player count and bitmask of seats done (ready/sealed).
_WAITING = {
    n: tuple(tuple(s for s in range(n) if not done >> s & 1) for done in range(1 << n))
    for n in range(1, 7)
}


def to_act(state: AfricaState) -> tuple[int, ...]:
    if state.phase == SETUP:
        return (placement.placer(state),)
    if state.phase == DIPLOMACY:
        return _WAITING[state.players][state.ready]
    if state.phase == WRITING:
        return _WAITING[state.players][state.sealed]
    return ()


def legal_actions(state: AfricaState, seat: int) -> list[int]:
    """The seat's choices now, in increasing action index."""
    if state.phase == WRITING:
        return [] if state.sealed >> seat & 1 else writing.line_actions(state, seat)
    if state.phase == DIPLOMACY:
        return [] if state.ready >> seat & 1 else [TABLES.ready]
    if state.phase == SETUP and seat == placement.placer(state):
        return list(placement.PLACES)
    return []


# Per action index: its kind and its arguments as integers, decoded once.
_KINDS = tuple(action.kind for action in TABLES.space)
_ARGS = tuple(tuple(int(arg) for arg in action.args) for action in TABLES.space)


def apply_action(state: AfricaState, seat: int, index: int) -> None:
    """Trusted path: ``index`` is one of ``legal_actions(state, seat)``."""
    kind = _KINDS[index]
    if kind == ORDER:
        territory, code = _ARGS[index]
        writing.write_order(state, seat, territory, code)
    elif kind == RELATION:
        country, value = _ARGS[index]
        writing.write_relation(state, seat, country, value)
    elif kind == LAND:
        writing.write_landing(state, seat, _ARGS[index][0])
    elif kind == SEAL:
        writing.seal(state, seat)
    elif kind == REVISE:
        writing.revise(state, seat)
    elif kind == READY:
        diplomacy.ready(state, seat)
    elif kind == PLACE:
        placement.place_first(state, seat, _ARGS[index][0])
