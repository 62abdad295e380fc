"""The Income Phase (13.): Political Control, Resources and the Gold delivered."""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.board import turn_values
from meeple.games.newworld.rules import units
from meeple.games.newworld.rules.control import check_pc_loss, controlled
from meeple.games.newworld.state import (
    AREAS,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import (
    amounts,
    country,
    listing,
)


def earning(state: NewWorldState, seat: int, area: int) -> int:
    """Colonists earning Resources: not mining, not retreating (13.1)."""
    if not state.colonists[seat * AREAS + area]:
        return 0
    return max(0, units.free_colonists(state, seat, area) - state.retreated[at(seat, area)])


def resource_income(state: NewWorldState, seat: int) -> int:
    """Colonists not mining earn the turn's Resource Value, doubled under the x2
    symbol; at most 20 earn per Area, shared proportionally (13.1)."""
    _, value = turn_values(state.turn)
    total = 0
    for area in units.seat_areas(seat, state.colonists):  # nobody else to earn
        mine = earning(state, seat, area)
        if mine == 0:
            continue
        everyone = sum(earning(state, s, area) for s in range(state.players))
        worth = value * state.resources[area]
        total += mine * worth if everyone <= 20 else (20 * mine * worth) // everyone
    return total


def income(state: NewWorldState) -> None:
    check_pc_loss(state)  # the end of the Homebound Phase (11.2), before 11.4 and 14.1
    pc_value, _ = turn_values(state.turn)
    for seat in range(state.players):
        pcs = 1 + controlled(state, seat)  # the offboard home country counts (11.1)
        resources = resource_income(state, seat)
        earned = pcs * pc_value + resources + state.delivered[seat]
        state.cash[seat] += earned
        words = (seat, earned, pcs, resources, state.delivered[seat])
        data = {"seat": seat, "income": earned}
        state.log.append(Event("income", income_words, data, seat, False, words))


def income_words(seat: int, earned: int, pcs: int, resources: int, gold: int) -> str:
    """A seat's income (13.), written when the log is read: ``pcs`` Areas under its
    Political Control, the offboard home country included (11.1), pay the rest."""
    controlled = listing(["the home country", *amounts((pcs - 1, "Area"))])
    parts = [f"${earned - resources - gold} for Political Control of {controlled}"]
    if resources:
        parts.append(f"${resources} of Resources")
    if gold:
        parts.append(f"${gold} of Gold")
    if len(parts) == 1:
        return f"{country(seat)} collects {parts[0]}"
    return f"{country(seat)} collects ${earned}: {', '.join(parts)}"
