"""The Native Uprising Phase (9.): the Climate die, then an uprising roll in each
Area where the Natives and the settlers outnumber the Soldiers; the owners choose
which Colonists are lost (rules/losses.py)."""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.board import ALL, UPRISING, uprising_column
from meeple.games.newworld.rules import losses as casualties
from meeple.games.newworld.rules import units
from meeple.games.newworld.state import (
    NOBODY,
    UPRISING_PHASE,
    NewWorldState,
)
from meeple.games.newworld.texts import (
    EXTENDED,
    amount,
    area_word,
    country,
    die,
    pc_benefits,
)


def uprising_number(state: NewWorldState, seat: int, area: int) -> int:
    """Natives plus the seat's Colonists/Miners less its Soldiers, Prospectors
    excepted (9.2); under rule 20 a Political Control marker counts as a Soldier."""
    return _uprising_number(state, seat, area, pc_benefits(state.config) == EXTENDED)


def _uprising_number(state: NewWorldState, seat: int, area: int, extended: bool) -> int:
    """``uprising_number``; ``extended``: rule 20 is in play."""
    soldiers = units.area_soldiers(state, seat, area) - units.prospectors(state, seat, area)
    if extended and state.pc[area] == seat:
        soldiers += 1
    return state.natives[area] + units.area_colonists(state, seat, area) - soldiers


UPRISING_DIE_WORDS = tuple(f"Uprising Climate die: {face}" for face in range(7))


def uprisings(state: NewWorldState) -> None:
    climate = die(state)
    data = {"die": climate}
    state.log.append(Event("uprising climate", UPRISING_DIE_WORDS[climate], data, None, True))
    extended = pc_benefits(state.config) == EXTENDED
    for area, seat in units.settlers(state):  # even where no Native is left (9.2)
        number = _uprising_number(state, seat, area, extended)
        if number >= 1 and climate <= number:
            resolve_uprising(state, seat, area)
    casualties.settle(state)  # the losses without a choice; the others wait (9.4)


def resolve_uprising(state: NewWorldState, seat: int, area: int) -> None:
    soldiers = units.area_soldiers(state, seat, area) - units.prospectors(state, seat, area)
    if pc_benefits(state.config) == EXTENDED and state.pc[area] == seat:
        soldiers += 1
    value = die(state)
    loss = UPRISING[value - 1][uprising_column(soldiers)]
    colonists = units.area_colonists(state, seat, area)
    lost = colonists if loss == ALL else min(loss, colonists)  # the excess is ignored (9.4)
    casualties.add(state, seat, area, 0, lost, casualties.UPRISING)  # its owner picks them
    words = (seat, area, value, lost)
    data = {"seat": seat, "area": area}
    state.log.append(Event("uprising", uprising_words, data, None, True, words))


def uprising_words(seat: int, area: int, value: int, lost: int) -> str:
    """A Native uprising (9.), written when the log is read."""
    return (
        f"Natives rise against {country(seat)} in {area_word(area)}"
        f" ({value}): {amount(lost, 'Colonist') if lost else 'no Colonist'} lost"
    )


def begin(state: NewWorldState) -> bool:
    """The phase's dice and the losses without a choice; True when no owner has a
    choice of losses to make (else the phase waits for them, UPRISING_PHASE)."""
    state.actor = NOBODY
    uprisings(state)
    if state.losses:
        state.phase = UPRISING_PHASE
        return False
    return True
