"""Exclusive Landfall on turn 1 (5.41): secret bids, revealed with their
handicap payments (5.412), then each bidder, highest first, chooses the
Exclusive Anchorage where no one else lands on turn 1."""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.actions import BID, CHOOSE, SPACE
from meeple.games.newworld.rules.planning import coastal_playable
from meeple.games.newworld.state import (
    BIDDING,
    LANDFALL,
    NOBODY,
    NewWorldState,
)
from meeple.games.newworld.texts import (
    START_CASH,
    area_word,
    country,
    die,
    log,
)


def begin(state: NewWorldState) -> bool:
    """Turn 1's bids begin; True on any other turn (no Exclusive Landfall)."""
    if state.turn == 1:
        state.phase = BIDDING
        state.bids = [-1] * state.players
        return False
    return True


def bid_actions(state: NewWorldState, seat: int) -> list[int]:
    if state.bids[seat] >= 0:
        return []
    return list(BID[: min(START_CASH, state.cash[seat]) + 1])


def apply_bid(state: NewWorldState, seat: int, index: int) -> bool:
    """A secret bid; True once every seat has bid (``reveal_bids`` comes next)."""
    amount = SPACE[index].args[0]
    assert isinstance(amount, int)
    state.bids[seat] = amount
    state.log.append(
        Event("bid", f"{country(seat)} bids ${amount} in secret", {"bid": amount}, seat)
    )
    state.log.append(Event("sealed", f"{country(seat)} has recorded a bid", {"seat": seat}))
    return min(state.bids) >= 0


def reveal_bids(state: NewWorldState) -> None:
    """Bids are revealed; ties are broken by a die roll, high roller first (5.41);
    each pays his bid to the bidder at the other end of the scale (5.412)."""
    n = state.players
    rolls: list[tuple[list[int], list[int]]] = []  # the tie-break dice, as rolled
    order: list[int] = []
    for bid in sorted(set(state.bids), reverse=True):
        order += roll_off(state, [s for s in range(n) if state.bids[s] == bid], rolls)
    shown = ", ".join(f"{country(s)} ${state.bids[s]}" for s in order)
    log(state, "bids", f"Exclusive Landfall bids: {shown}", True)
    for seats, faces in rolls:
        rolled = ", ".join(f"{country(s)} {face}" for s, face in zip(seats, faces, strict=True))
        text = f"Tie-break die for the bid of ${state.bids[seats[0]]}: {rolled}"
        state.log.append(Event("tie-break", text, {"dice": faces, "seats": seats}, None, True))
    paid = [state.bids[s] for s in range(n)]
    for rank, seat in enumerate(order):
        partner = order[n - 1 - rank]
        if partner != seat:
            state.cash[seat] += paid[partner] - paid[seat]
    for rank in range(n // 2):
        high, low = order[rank], order[n - 1 - rank]
        log(
            state,
            "handicap",
            f"{country(high)} pays ${paid[high]} to {country(low)};"
            f" {country(low)} pays ${paid[low]} to {country(high)}",
        )
    state.bid_order = order
    state.phase = LANDFALL
    state.step = 0
    state.actor = order[0]


def roll_off(
    state: NewWorldState, seats: list[int], rolls: list[tuple[list[int], list[int]]]
) -> list[int]:
    """Seats tied on a bid in the order of a die each, high roller first; those
    whose dice tie roll again among themselves (5.41). The dice go to ``rolls``."""
    if len(seats) < 2:
        return seats
    faces = [die(state) for _ in seats]
    rolls.append((seats, faces))
    order: list[int] = []
    for face in sorted(set(faces), reverse=True):
        tied = [s for s, f in zip(seats, faces, strict=True) if f == face]
        order += roll_off(state, tied, rolls)
    return order


def landfall_actions(state: NewWorldState, seat: int) -> list[int]:
    if seat != state.actor:
        return []
    taken = set(state.landfall)
    return [CHOOSE[a] for a in coastal_playable(state) if a not in taken]


def apply_landfall(state: NewWorldState, seat: int, index: int) -> bool:
    """An Exclusive Anchorage chosen; True once every bidder has chosen."""
    area = SPACE[index].args[0]
    assert isinstance(area, int)
    state.landfall[seat] = area
    state.log.append(
        Event(
            "landfall",
            f"{country(seat)} places its Fleet marker at"
            f" {area_word(area)}: no one else lands there on Turn 1",
            {"seat": seat, "area": area},
        )
    )
    return landfall_chosen(state)


def landfall_chosen(state: NewWorldState) -> bool:
    state.step += 1
    if state.step < state.players:
        state.actor = state.bid_order[state.step]
        return False
    state.actor = NOBODY
    return True
