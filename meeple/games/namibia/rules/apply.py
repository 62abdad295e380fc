"""Apply one legal action: dispatch on the action's kind and the current phase."""

from __future__ import annotations

from collections.abc import Callable

from meeple.games.namibia.common import ACT
from meeple.games.namibia.rules import administration, auction, construction, setup, shipping
from meeple.games.namibia.rules.flow import resume
from meeple.games.namibia.state import SETUP_BUILDING, SETUP_MINES, SETUP_RAILS, NamibiaState

# A handler takes the state, the seat and the action's arguments (ints).
Handler = Callable[..., None]


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


HANDLERS: dict[str, Handler] = {
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
DISPATCH: tuple[tuple[Handler, tuple[int, ...]], ...] = tuple(
    (HANDLERS[action.kind], tuple(int(a) for a in action.args)) for action in ACT.space
)


def apply_action(s: NamibiaState, seat: int, index: int) -> None:
    """Apply a legal action of ``seat`` and run the game on to the next decision."""
    handler, args = DISPATCH[index]
    handler(s, seat, *args)
    resume(s)
