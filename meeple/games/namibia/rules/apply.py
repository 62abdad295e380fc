"""The dispatcher: who acts, what they may do, and doing it (one legal action,
dispatched on the action's kind and the current phase, then the game run on to
the next decision by ``rules.flow``)."""

from __future__ import annotations

from collections.abc import Callable

from meeple.games.namibia import setup
from meeple.games.namibia.actions import ACT
from meeple.games.namibia.rules import administration, auction, construction, shipping
from meeple.games.namibia.rules.flow import resume
from meeple.games.namibia.state import (
    GAME_OVER,
    SETUP_BUILDING,
    SETUP_MINES,
    SETUP_RAILS,
    NamibiaState,
)

__all__ = ["apply_action", "legal_actions", "to_act"]

# A handler takes the state, the seat and the action's arguments (ints).
_Handler = Callable[..., None]


def _mine(s: NamibiaState, seat: int, space: int) -> None:
    if s.phase in (SETUP_MINES, SETUP_BUILDING):
        setup.place_setup_mine(s, seat, space, upright=s.phase == SETUP_MINES)
    else:
        construction.start_mine(s, seat, space)


def _rail(s: NamibiaState, seat: int, edge: int) -> None:
    if s.phase == SETUP_RAILS:
        setup.place_rail(s, seat, edge)
    else:
        construction.lay_rail(s, seat, edge)


_HANDLERS: dict[str, _Handler] = {
    "place": setup.place_cube,
    "mine": _mine,
    "prospect": construction.prospect,
    "rail": _rail,
    "truck": construction.move_truck,
    "bid": auction.make_bid,
    "pass": auction.pass_bid,
    "ship": shipping.select,
    "load": shipping.load_truck,
    "skip": shipping.skip_truck,
    "shipmine": shipping.ship_mine,
    "stop": shipping.stop_shipping,
    "buy": administration.buy,
    "feed": construction.feed,
}

# Per action index: its handler and its arguments, looked up once at import.
_DISPATCH: tuple[tuple[_Handler, tuple[int, ...]], ...] = tuple(
    (_HANDLERS[action.kind], tuple(int(a) for a in action.args)) for action in ACT.space
)


def to_act(state: NamibiaState) -> tuple[int, ...]:
    """One seat decides at a time (``actor``); nobody once the game is over."""
    return () if state.phase == GAME_OVER else (state.actor,)


def legal_actions(state: NamibiaState, seat: int) -> list[int]:
    """The options ``rules.flow`` posed to the seat that decides now."""
    return state.options if seat == state.actor else []


def apply_action(state: NamibiaState, seat: int, index: int) -> None:
    """Apply a legal action of ``seat`` and run the game on to the next decision."""
    handler, args = _DISPATCH[index]
    handler(state, seat, *args)
    resume(state)
