"""Political Control (11.): who qualifies, losing it at the end of a Phase (11.2)
and gaining it in the Political Control Phase (11.3)."""

from __future__ import annotations

from meeple.games.newworld.rules import units
from meeple.games.newworld.state import (
    AREAS,
    NOBODY,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import (
    area_word,
    country,
    log,
)


def settled(state: NewWorldState, seat: int, area: int) -> int:
    """Colonists/Miners that may establish the seat's control: not those that
    retreated this turn (8.32)."""
    return units.area_colonists(state, seat, area) - state.retreated[at(seat, area)]


def qualifies(state: NewWorldState, seat: int, area: int, gaining: bool = False) -> bool:
    """At least four Colonists/Miners and a majority of all of them; and a majority
    of the Soldiers/Prospectors if there are any (11.2). ``gaining``: the seat's own
    Personnel that retreated this turn are left out, as they "may not be used to
    establish Political Control" (8.32); otherwise, and for every other seat,
    retreated units count like the rest (to retain control, and in the totals)."""
    i = at(seat, area)
    own_c = state.retreated[i] if gaining else 0
    own_s = state.retreated_soldiers[i] if gaining else 0
    mine = units.area_colonists(state, seat, area) - own_c
    if mine < 4:
        return False
    total = sum(units.area_colonists(state, s, area) for s in range(state.players)) - own_c
    if 2 * mine <= total:
        return False
    soldiers = sum(standing(state, s, area) for s in range(state.players)) - own_s
    return soldiers == 0 or 2 * (standing(state, seat, area) - own_s) > soldiers


def standing(state: NewWorldState, seat: int, area: int) -> int:
    """Soldiers/Prospectors in the Area, embarked ones included (8.21)."""
    i = seat * AREAS + area
    return state.soldiers[i] + state.emb_soldiers[i]


def check_pc_loss(state: NewWorldState) -> None:
    """A player loses Political Control at the end of any Phase in which his units
    fail the requirements (11.2)."""
    pc = state.pc
    if pc.count(NOBODY) == len(pc):
        return  # no control to lose
    for area in range(AREAS):
        holder = pc[area]
        if holder != NOBODY and not qualifies(state, holder, area):
            state.pc[area] = NOBODY
            log(
                state,
                "political control",
                f"{country(holder)} loses Political Control of {area_word(area)}",
                seat=holder,
                area=area,
            )


def political_control(state: NewWorldState) -> None:
    check_pc_loss(state)
    held = [holder != NOBODY for holder in state.pc]  # an Area held now gains no holder
    colonists, embarked, retreated = state.colonists, state.emb_colonists, state.retreated
    for area, seat in units.settlers(state):
        if held[area]:
            continue
        i = seat * AREAS + area
        if colonists[i] + embarked[i] - retreated[i] >= 4 and qualifies(state, seat, area, True):
            state.pc[area] = seat
            log(
                state,
                "political control",
                f"{country(seat)} gains Political Control of {area_word(area)}",
                seat=seat,
                area=area,
            )


def controlled(state: NewWorldState, seat: int) -> int:
    return state.pc.count(seat)
