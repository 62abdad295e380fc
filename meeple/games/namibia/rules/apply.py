"""Apply one legal action: dispatch on the action's kind and the current phase."""

from __future__ import annotations

from collections.abc import Callable

from meeple.engine.actions import ArgValue
from meeple.games.namibia.common import ACT
from meeple.games.namibia.rules import administration, auction, construction, setup, shipping
from meeple.games.namibia.rules.flow import advance
from meeple.games.namibia.state import SETUP_BUILDING, SETUP_MINES, SETUP_RAILS, NamibiaState

Handler = Callable[[NamibiaState, int, tuple[ArgValue, ...]], None]


def _ints(args: tuple[ArgValue, ...]) -> list[int]:
    return [int(a) for a in args]


def _mine(s: NamibiaState, seat: int, args: tuple[ArgValue, ...]) -> None:
    space = int(args[0])
    if s.phase in (SETUP_MINES, SETUP_BUILDING):
        setup.place_setup_mine(s, seat, space, upright=s.phase == SETUP_MINES)
    else:
        construction.start_mine(s, seat, space)


def _rail(s: NamibiaState, seat: int, args: tuple[ArgValue, ...]) -> None:
    if s.phase == SETUP_RAILS:
        setup.place_rail(s, seat, int(args[0]))
    else:
        construction.lay_rail(s, seat, int(args[0]))


HANDLERS: dict[str, Handler] = {
    "place": lambda s, seat, a: setup.place_cube(s, seat, *_ints(a)),
    "mine": _mine,
    "prospect": lambda s, seat, a: construction.prospect(s, seat, *_ints(a)),
    "rail": _rail,
    "truck": lambda s, seat, a: construction.move_truck(s, seat, int(a[0])),
    "bid": lambda s, seat, a: auction.make_bid(s, seat, int(a[0])),
    "pass": lambda s, seat, a: auction.pass_bid(s, seat),
    "ship": lambda s, seat, a: shipping.select(s, seat, *_ints(a)),
    "load": lambda s, seat, a: shipping.load_truck(s, seat),
    "skip": lambda s, seat, a: shipping.skip_truck(s, seat),
    "shipmine": lambda s, seat, a: shipping.ship_mine(s, seat, int(a[0])),
    "stop": lambda s, seat, a: shipping.stop_shipping(s, seat),
    "buy": lambda s, seat, a: administration.buy(s, seat, int(a[0])),
}


def apply_action(s: NamibiaState, seat: int, index: int) -> None:
    action = ACT.space[index]
    HANDLERS[action.kind](s, seat, action.args)
    advance(s)
