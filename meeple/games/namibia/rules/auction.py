"""1. Bribe Colonial Officials: the auction that fixes the player order."""

from __future__ import annotations

from meeple.games.namibia.actions import ACT, MAX_BID
from meeple.games.namibia.state import BID, NO_ONE, NamibiaState
from meeple.games.namibia.texts import say, who

# (reputation lost, rails taken) by auction position; the last position is (0, 0).
POSITION_COSTS = {
    4: ((5, 3), (3, 2), (1, 1), (0, 0)),
    3: ((4, 3), (2, 2), (0, 0)),  # Rules Changes for a Three Player Game
}


def begin_auction(s: NamibiaState) -> None:
    """Bidding follows the current player order; eliminated players take no part."""
    s.phase = BID
    s.bidders = s.active_order()
    s.passed = []
    s.bid = [0] * s.config.players
    s.high_bid = 0
    s.pos = 0


def minimum_bid(s: NamibiaState) -> int:
    return max(s.round, s.high_bid + 1)


def bid_options(s: NamibiaState, seat: int) -> list[int]:
    top = min(s.money[seat], MAX_BID)
    return [ACT.pass_, *ACT.bid[minimum_bid(s) : top + 1]]


def make_bid(s: NamibiaState, seat: int, amount: int) -> None:
    s.bid[seat] = amount
    s.high_bid = amount
    s.pos = (s.pos + 1) % len(s.bidders)
    say(s, "bid", _bids, seat, amount, seat=seat, amount=amount)


def _bids(seat: int, amount: int) -> str:
    return f"{who(seat)} bids {amount} GM"


def pass_bid(s: NamibiaState, seat: int) -> None:
    """The passer takes the highest numbered free position and pays for it now."""
    position = len(s.bidders)
    s.bidders.remove(seat)
    s.passed.append(seat)
    if s.pos >= len(s.bidders):
        s.pos = 0
    settle(s, seat, position)


def settle(s: NamibiaState, seat: int, position: int) -> None:
    """Pay the bid (at least the round number), lose reputation, take rails."""
    amount = max(s.bid[seat], s.round)
    cashed = _cash_reputation(s, seat, amount)
    s.money[seat] -= amount
    lost, rails = _position_cost(s, position)
    s.reputation[seat] -= lost
    taken = min(rails, s.supply_rails)
    s.supply_rails -= taken
    s.rails_held[seat] = taken
    say(
        s,
        "settle",
        _settled,
        seat,
        position,
        amount,
        cashed,
        lost,
        taken,
        seat=seat,
        position=position,
        paid=amount,
        lost=lost,
        rails=taken,
    )
    if s.reputation[seat] < 1:
        eliminate(s, seat)


def _settled(seat: int, position: int, amount: int, cashed: int, lost: int, taken: int) -> str:
    note = f" (cashed {cashed} reputation for {2 * cashed} GM)" if cashed else ""
    return (
        f"{who(seat)} takes position {position}: pays {amount} GM{note}, "
        f"loses {lost} reputation, takes {taken} rails"
    )


def _position_cost(s: NamibiaState, position: int) -> tuple[int, int]:
    """Costs of a position; with fewer bidders (eliminations) the last pays nothing."""
    table = POSITION_COSTS[s.config.players]
    bidders = len(s.bidders) + len(s.passed)
    if position == bidders:
        return table[-1]
    return table[position - 1]


def _cash_reputation(s: NamibiaState, seat: int, amount: int) -> int:
    """Cash reputation at 1 point for 2 GM until the bid can be paid."""
    short = amount - s.money[seat]
    if short <= 0:
        return 0
    points = (short + 1) // 2
    s.reputation[seat] -= points
    s.money[seat] += 2 * points
    return points


def eliminate(s: NamibiaState, seat: int) -> None:
    """Reputation below one: the player leaves the game; rails go back to the supply."""
    s.out[seat] = 1 + max(s.out)
    s.supply_rails += s.rails_held[seat]
    s.rails_held[seat] = 0
    s.truck[seat] = NO_ONE
    say(s, "eliminated", _eliminated, seat, seat=seat)


def _eliminated(seat: int) -> str:
    return f"{who(seat)}'s reputation fell below 1: eliminated"


def finish_auction(s: NamibiaState) -> None:
    """The last bidder wins position 1; the new order is winner then passers reversed."""
    winner = s.bidders[0] if s.bidders else NO_ONE
    if winner != NO_ONE:
        s.bidders = []
        s.passed.append(winner)
        settle(s, winner, 1)
    ranked = s.passed[::-1]
    s.last_seat = s.passed[0] if s.passed else NO_ONE
    s.order = ranked + [seat for seat in s.order if seat not in ranked]
    s.passed = []
    say(s, "order", _ordered, tuple(s.active_order()), order=list(s.order))


def _ordered(order: tuple[int, ...]) -> str:
    return "player order: " + ", ".join(who(x) for x in order)
