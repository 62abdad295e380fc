"""The Survival Phase (10.): one die for the climate of every manned Area; the
owners choose which units are lost (rules/losses.py)."""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.board import SURVIVAL
from meeple.games.newworld.rules import losses as casualties
from meeple.games.newworld.rules import units
from meeple.games.newworld.rules.control import check_pc_loss
from meeple.games.newworld.state import (
    SURVIVAL_PHASE,
    NewWorldState,
)
from meeple.games.newworld.texts import (
    REDUCED,
    amounts,
    area_word,
    country,
    die,
    listing,
    pc_benefits,
)

SURVIVAL_DIE_WORDS = tuple(f"Survival die: {face}" for face in range(7))


def survival(state: NewWorldState) -> None:
    check_pc_loss(state)  # the end of the Uprising Phase (11.2), before 10.2 reads it
    roll = die(state)
    state.log.append(Event("survival", SURVIVAL_DIE_WORDS[roll], {"die": roll}, None, True))
    reduced = pc_benefits(state.config) == REDUCED
    for area, seat in units.manned(state):
        value = min(6, roll + _survival_bonus(state, seat, area, reduced))
        losses = SURVIVAL[value - 1][state.tile_climate[area] - 1]
        if losses:
            apply_survival(state, seat, area, losses)
    casualties.settle(state)  # the losses without a choice; the others wait (10.1)


def survival_bonus(state: NewWorldState, seat: int, area: int) -> int:
    """+1 for Political Control of the Area (10.2); under rule 19 only in Climate
    1 and 2 Areas."""
    return _survival_bonus(state, seat, area, pc_benefits(state.config) == REDUCED)


def _survival_bonus(state: NewWorldState, seat: int, area: int, reduced: bool) -> int:
    """``survival_bonus``; ``reduced``: rule 19 is in play."""
    if state.pc[area] != seat:
        return 0
    if reduced and state.tile_climate[area] > 2:
        return 0
    return 1


def apply_survival(state: NewWorldState, seat: int, area: int, losses: str) -> None:
    """Each C costs a Colonist/Miner, each S a Soldier/Prospector; the other kind
    is lost when the named one is absent (6.24). Which units of a kind fall is the
    owner's choice (rules/losses.py)."""
    lost_s, lost_c = survival_split(
        losses.count("S"),
        losses.count("C"),
        units.area_soldiers(state, seat, area),
        units.area_colonists(state, seat, area),
    )
    casualties.add(state, seat, area, lost_s, lost_c, casualties.SURVIVAL)
    words = (seat, lost_s, lost_c, area)
    data = {"seat": seat, "area": area}
    state.log.append(Event("attrition", attrition_words, data, None, False, words))


def survival_split(
    soldier_marks: int, colonist_marks: int, soldiers: int, colonists: int
) -> tuple[int, int]:
    """Soldiers and Colonists lost to the Survival Table's S and C marks: each
    mark takes its kind, or the other kind once its own is gone (6.24)."""
    lost_s = min(soldiers, soldier_marks + max(0, colonist_marks - colonists))
    lost_c = min(colonists, colonist_marks + max(0, soldier_marks - soldiers))
    return lost_s, lost_c


def attrition_words(seat: int, soldiers: int, colonists: int, area: int) -> str:
    """Survival losses (10.), written when the log is read."""
    lost = listing(amounts((soldiers, "Soldier"), (colonists, "Colonist")))
    return f"{country(seat)} loses {lost} to the climate of {area_word(area)}"


def begin(state: NewWorldState) -> bool:
    """The phase's die and the losses without a choice; True when no owner has a
    choice of losses to make (else the phase waits for them, SURVIVAL_PHASE)."""
    survival(state)
    if state.losses:
        state.phase = SURVIVAL_PHASE
        return False
    return True
