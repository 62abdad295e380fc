"""The sequence of play: after every decision, run the automatic steps up to the next one.

Each phase has a step function that either poses the next decision (sets
``actor`` and ``options`` and returns True) or moves the state on to the next
phase (returns False). ``resume`` runs step functions until one poses a decision;
``advance`` first derives the state's bitmasks afresh from its board lists, so it
serves any consistent state, including one built by hand.
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.games.namibia import setup
from meeple.games.namibia.actions import ACT
from meeple.games.namibia.rules import administration, auction, construction, shipping
from meeple.games.namibia.rules.pieces import rebuild
from meeple.games.namibia.state import (
    BID,
    BUY_REPUTATION,
    COMPLETE_MINES,
    GAME_OVER,
    MOVE_TRUCK,
    NO_ONE,
    PLACE_RAIL,
    PROSPECT,
    RAIL_SHIPPING,
    ROUNDS,
    SELECT_SHIPMENT,
    SETUP_BUILDING,
    SETUP_CUBES,
    SETUP_MINES,
    SETUP_RAILS,
    START_MINE,
    TRUCK_SHIPPING,
    NamibiaState,
)
from meeple.games.namibia.texts import say


def _pose(s: NamibiaState, seat: int, options: list[int]) -> bool:
    if not options:
        return False
    s.actor, s.options = seat, options
    return True


def _setup_cubes(s: NamibiaState) -> bool:
    seat = setup.cube_placer(s)
    if seat != NO_ONE:
        return _pose(s, seat, setup.cube_options(s, seat))
    s.phase, s.pos = SETUP_MINES, 0
    return False


def _setup_mines(s: NamibiaState) -> bool:
    n = s.config.players
    while s.pos < n:
        seat = s.order[s.pos]
        if _pose(s, seat, setup.starting_mine_options(s, seat)):
            return True
        s.pos += 1
    s.phase, s.pos = SETUP_BUILDING, 0
    return False


def _setup_building(s: NamibiaState) -> bool:
    """Mines under construction are placed in reverse player order."""
    n = s.config.players
    while s.pos < n:
        seat = s.order[n - 1 - s.pos]
        avoid = setup.starting_mine_kind(s, seat)
        if s.heads[seat] and _pose(s, seat, setup.starting_mine_options(s, seat, avoid)):
            return True
        s.pos += 1
    s.phase, s.pos, s.todo = SETUP_RAILS, 0, 2
    return False


def _setup_rails(s: NamibiaState) -> bool:
    n = s.config.players
    while s.pos < n:
        if s.todo > 0 and _pose(s, s.order[s.pos], setup.setup_rail_options(s)):
            return True
        s.pos, s.todo = s.pos + 1, 2
    say(s, "round", _round_begins, 1, round=1)
    auction.begin_auction(s)
    return False


def _bid(s: NamibiaState) -> bool:
    if len(s.bidders) > 1:
        seat = s.bidders[s.pos]
        return _pose(s, seat, auction.bid_options(s, seat))
    auction.finish_auction(s)
    return _begin_construction(s)


def _begin_construction(s: NamibiaState) -> bool:
    s.pos = 0
    return _next_builder(s)


def _next_builder(s: NamibiaState) -> bool:
    active = s.active_order()
    if s.pos < len(active):
        construction.begin_turn(s, active[s.pos])
    else:
        shipping.begin_shipping(s)
    return False


# 2.2 and 2.3: the last player in the order starts two mines and prospects twice
# (everyone else once); the board's turn-order track reads it.
LAST_SEAT_TURNS = 2


def _is_last(s: NamibiaState) -> bool:
    return s.actor == s.last_seat


def _complete_mines(s: NamibiaState) -> bool:
    """2.1: the builder chooses which mines take the supply's last cubes, then 2.2."""
    construction.settle_owed(s)
    if _pose(s, s.actor, construction.feed_options(s)):
        return True
    s.phase, s.todo = START_MINE, LAST_SEAT_TURNS if _is_last(s) else 1
    return False


def _start_mine(s: NamibiaState) -> bool:
    if s.todo > 0 and _pose(s, s.actor, construction.start_mine_options(s, s.actor)):
        return True
    s.phase, s.todo = PROSPECT, LAST_SEAT_TURNS if _is_last(s) else 1
    return False


def _prospect(s: NamibiaState) -> bool:
    if s.todo > 0 and _pose(s, s.actor, construction.prospect_options(s, s.actor)):
        return True
    s.phase, s.todo = PLACE_RAIL, s.rails_held[s.actor]
    return False


def _place_rail(s: NamibiaState) -> bool:
    if s.todo > 0 and _pose(s, s.actor, construction.rail_choices(s)):
        return True
    construction.return_unplaced_rails(s, s.actor)
    s.phase, s.todo = MOVE_TRUCK, 1
    return False


def _move_truck(s: NamibiaState) -> bool:
    if s.todo > 0 and _pose(s, s.actor, construction.truck_options(s, s.actor)):
        return True
    s.pos += 1
    return _next_builder(s)


def _select_shipment(s: NamibiaState) -> bool:
    leaders = shipping.leaders(s)
    if s.pos < len(leaders):
        return _pose(s, leaders[s.pos], shipping.select_options(s))
    administration.administer(s)
    if s.round in administration.REPUTATION_PRICE:
        administration.begin_buying(s)
    else:
        _finish_round(s)
    return False


def _truck_shipping(s: NamibiaState) -> bool:
    while s.todo < len(s.shippers):
        seat = s.shippers[s.todo]
        if shipping.truck_can_ship(s, seat):
            return _pose(s, seat, [ACT.load, ACT.skip])
        s.todo += 1
    shipping.to_rail_shipping(s)
    return False


def _rail_shipping(s: NamibiaState) -> bool:
    while s.todo < len(s.shippers):
        seat = s.shippers[s.todo]
        if _pose(s, seat, shipping.mine_options(s, seat)):
            return True
        s.todo += 1
    shipping.end_shipment(s)
    return False


def _buy_reputation(s: NamibiaState) -> bool:
    active = s.active_order()
    while s.pos < len(active):
        if _pose(s, active[s.pos], administration.buy_options(s, active[s.pos])):
            return True
        s.pos += 1
    _finish_round(s)
    return False


def _finish_round(s: NamibiaState) -> None:
    if s.round >= ROUNDS or not s.active_order():
        administration.end_game(s)
        return
    s.round += 1
    say(s, "round", _round_begins, s.round, round=s.round)
    auction.begin_auction(s)


def _round_begins(number: int) -> str:
    return f"round {number} begins"


def _game_over(s: NamibiaState) -> bool:
    s.actor, s.options = NO_ONE, []
    return True


STEPS: dict[int, Callable[[NamibiaState], bool]] = {
    SETUP_CUBES: _setup_cubes,
    SETUP_MINES: _setup_mines,
    SETUP_BUILDING: _setup_building,
    SETUP_RAILS: _setup_rails,
    BID: _bid,
    COMPLETE_MINES: _complete_mines,
    START_MINE: _start_mine,
    PROSPECT: _prospect,
    PLACE_RAIL: _place_rail,
    MOVE_TRUCK: _move_truck,
    SELECT_SHIPMENT: _select_shipment,
    TRUCK_SHIPPING: _truck_shipping,
    RAIL_SHIPPING: _rail_shipping,
    BUY_REPUTATION: _buy_reputation,
    GAME_OVER: _game_over,
}


def advance(s: NamibiaState) -> None:
    """Recompute everything derived (the bitmasks and rail ends, the actor and
    ``options``) from the rest of the state, then run automatic steps until a seat
    must decide or the game is over. Works on any consistent state."""
    rebuild(s)
    resume(s)


def resume(s: NamibiaState) -> None:
    """Run automatic steps until a seat must decide or the game is over.

    The fast path after an action: the bitmasks must be in step with the board
    lists (the rules keep them so; see ``rules.pieces``).
    """
    steps = STEPS
    while not steps[s.phase](s):
        pass
