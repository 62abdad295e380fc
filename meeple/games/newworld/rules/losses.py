"""The owner chooses which of his units fall: in a battle (8.314: "The defender may
always choose which of his Personnel to lose"), to a Native Uprising (9.4) and to
the climate (10.1). The dice and tables decide how many Soldiers/Prospectors and
Colonists/Miners are lost (6.24: the other kind when the named one is absent, but
not in an uprising); the owner then removes them one at a time among the kinds he
has in the Area (a loss with a single possible kind is taken for him).

``state.losses`` holds records of five numbers, the first the one being chosen:
seat, Area, Soldiers still to lose, Colonists still to lose, cause (the attacker's
seat in a battle, the seat itself for an attacker's own Soldier lost to an odd roll
(8.31: one of ``ATTACKING``), ``UPRISING`` or ``SURVIVAL``). The kinds are offered in the order
meeple used to pick for the player (units free on land, then embarked ones, then
those on markers: Prospectors, then the looter; Miners last among Colonists;
under rule 20 the Political Control marker after every Soldier), so the first
legal action is the old pick, and ``take the suggested losses`` takes the rest of
the record in that order in one action.
"""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.actions import ACCEPT_LOSSES, LOSE
from meeple.games.newworld.rules import units
from meeple.games.newworld.state import AREAS, GOLD_SITE, MINE, NOBODY, NewWorldState
from meeple.games.newworld.texts import EXTENDED, area_word, country, pc_benefits

SOLDIER, EMBARKED_SOLDIER, PROSPECTOR, LOOTER, COLONIST, EMBARKED_COLONIST, MINER, MARKER = range(8)
KINDS = range(8)
SOLDIER_KINDS = (SOLDIER, EMBARKED_SOLDIER, PROSPECTOR, LOOTER)
COLONIST_KINDS = (COLONIST, EMBARKED_COLONIST, MINER)
# The kinds an attacking Soldier may be (8.31): on land (a Prospector that attacks is
# flipped to his Soldier side first and leaves his Gold Site), embarked (8.21: still
# part of the Area) or the looter; not a Prospector who stayed on his Gold Site.
ATTACKING = (SOLDIER, EMBARKED_SOLDIER, LOOTER)
RECORD = 5  # numbers per record of ``state.losses``
UPRISING = -2  # a record's cause: a Native Uprising (9.4)
SURVIVAL = -3  # a record's cause: the Survival die (10.1)


def counts(state: NewWorldState, seat: int, area: int) -> tuple[int, ...]:
    """How many units of each kind the seat has in the Area (the marker 0 or 1)."""
    i = seat * AREAS + area
    return (
        units.free_soldiers(state, seat, area),
        state.emb_soldiers[i],
        units.prospectors(state, seat, area),
        units.looting(state, seat, area),
        units.free_colonists(state, seat, area),
        state.emb_colonists[i],
        units.miners(state, seat, area),
        int(state.pc[area] == seat),
    )


def available(
    state: NewWorldState, seat: int, area: int, soldiers: int, colonists: int, cause: int = 0
) -> list[int]:
    """The kinds the next loss may take, the old pick first: a Soldier kind while
    Soldiers are to be lost (in a battle under rule 20 the Political Control marker
    too, which "can be eliminated to satisfy a combat loss"), else a Colonist kind."""
    have = counts(state, seat, area)
    if cause == seat:  # the attacker's own Soldier that rolled odd (8.31)
        return [k for k in ATTACKING if have[k]] if soldiers else []
    if not soldiers:
        return [k for k in COLONIST_KINDS if have[k]] if colonists else []
    out = [k for k in SOLDIER_KINDS if have[k]]
    if cause >= 0 and have[MARKER] and pc_benefits(state.config) == EXTENDED:
        out.append(MARKER)
    return out


def remove(state: NewWorldState, seat: int, area: int, kind: int) -> None:
    """One unit of ``kind`` falls (a lost Soldier goes to the Replacement Box, 8.315)."""
    i = seat * AREAS + area
    if kind == MARKER:
        state.pc[area] = NOBODY
        state.log.append(
            Event(
                "political control",
                f"{country(seat)}'s Political Control marker in {area_word(area)} is lost"
                " in place of a Soldier (20)",
                {"seat": seat, "area": area},
            )
        )
        return
    if kind == PROSPECTOR:
        units.vacate_one_site(state, seat, area, GOLD_SITE)
    elif kind == LOOTER:
        state.city_holder[area] = NOBODY
    elif kind == MINER:
        units.vacate_one_site(state, seat, area, MINE)
    if kind in VACATED:
        data = {"seat": seat, "area": area}
        state.log.append(Event("marker lost", vacated_words, data, args=(seat, kind, area)))
    if kind == EMBARKED_SOLDIER:
        state.emb_soldiers[i] -= 1
    elif kind in SOLDIER_KINDS:
        state.soldiers[i] -= 1
    elif kind == EMBARKED_COLONIST:
        state.emb_colonists[i] -= 1
    else:
        state.colonists[i] -= 1
    units.keep_retreated(state, seat, area)
    if kind in SOLDIER_KINDS:
        units.box_soldiers(state, seat, 1)


VACATED = {
    PROSPECTOR: ("Prospector", "Gold Site"),
    LOOTER: ("looter", "City"),
    MINER: ("Miner", "Mine"),
}


def vacated_words(seat: int, kind: int, area: int) -> str:
    """A unit on a marker lost (8.314, 9.4, 10.1), written when the log is read."""
    unit, marker = VACATED[kind]
    return f"{country(seat)}'s {unit} in {area_word(area)} is lost: the {marker} stands open"


# ---- the records ------------------------------------------------------------------------------


def add(
    state: NewWorldState, seat: int, area: int, soldiers: int, colonists: int, cause: int
) -> None:
    """Queue a record; nothing is removed until ``settle`` runs."""
    if soldiers or colonists:
        state.losses += [seat, area, soldiers, colonists, cause]


def choices(state: NewWorldState) -> list[int]:
    """The kinds the first record's next loss may take."""
    seat, area, soldiers, colonists, cause = state.losses[:RECORD]
    return available(state, seat, area, soldiers, colonists, cause)


def take(state: NewWorldState, kind: int) -> None:
    """The first record's next loss falls on a unit of ``kind``."""
    seat, area = state.losses[0], state.losses[1]
    remove(state, seat, area, kind)
    state.losses[2 if kind in SOLDIER_KINDS or kind == MARKER else 3] -= 1


def settle(state: NewWorldState) -> None:
    """Take losses while their owner has no real choice; a record done (or with
    nothing left to take) is dropped, and after an uprising or the climate the Gold
    its owner can no longer attend lies unattended (8.223)."""
    while state.losses:
        kinds = choices(state)
        if len(kinds) > 1:
            return
        if kinds:
            take(state, kinds[0])
            continue
        seat, area, _, _, cause = state.losses[:RECORD]
        del state.losses[:RECORD]
        if cause < 0:
            units.abandon_gold(state, seat, area)


def to_take(state: NewWorldState) -> int:
    """Losses still to take in the first record."""
    return state.losses[2] + state.losses[3]


def actions(state: NewWorldState, seat: int) -> list[int]:
    """One unit at a time, the old pick first; with more than one loss still to take
    in the Area, ``take the suggested losses`` too."""
    if not state.losses or seat != state.losses[0]:
        return []
    out = [LOSE[k] for k in choices(state)]
    return [*out, ACCEPT_LOSSES] if to_take(state) > 1 else out


def apply(state: NewWorldState, index: int) -> bool:
    """A ``lose`` action, or every loss of the first record as suggested; True when
    no loss is left to choose."""
    if index == ACCEPT_LOSSES:
        while to_take(state):  # the record stays first until ``settle`` drops it
            kinds = choices(state)
            if not kinds:
                break
            take(state, kinds[0])
    else:
        take(state, LOSE.index(index))
    settle(state)
    return not state.losses
