"""The defender chooses which of his units fall in a battle (8.314): "usually
keeping those on Mines/Gold Sites, Cities, or Gold Bars to the last". The dice
decide how many Soldiers/Prospectors and Colonists/Miners fall; the defender
then removes them one at a time among the kinds he has there (a choice with a
single possible kind is made for him).
"""

from __future__ import annotations

from meeple.games.newworld.rules import units
from meeple.games.newworld.state import AREAS, GOLD_SITE, MINE, NOBODY, NewWorldState

SOLDIER, EMBARKED_SOLDIER, PROSPECTOR, LOOTER, COLONIST, EMBARKED_COLONIST, MINER = range(7)
KINDS = range(7)
SOLDIER_KINDS = (SOLDIER, EMBARKED_SOLDIER, PROSPECTOR, LOOTER)


def counts(state: NewWorldState, seat: int, area: int) -> tuple[int, ...]:
    """How many units of each kind the seat has in the Area."""
    i = seat * AREAS + area
    return (
        units.free_soldiers(state, seat, area),
        state.emb_soldiers[i],
        units.prospectors(state, seat, area),
        units.looting(state, seat, area),
        units.free_colonists(state, seat, area),
        state.emb_colonists[i],
        units.miners(state, seat, area),
    )


def available(
    state: NewWorldState, seat: int, area: int, soldiers: int, colonists: int
) -> list[int]:
    have = counts(state, seat, area)
    wanted = SOLDIER_KINDS if soldiers else (COLONIST, EMBARKED_COLONIST, MINER)
    return [k for k in wanted if have[k]]


def remove(state: NewWorldState, seat: int, area: int, kind: int) -> None:
    i = seat * AREAS + area
    if kind == PROSPECTOR:
        units.vacate_one_site(state, seat, area, GOLD_SITE)
    elif kind == LOOTER:
        state.city_holder[area] = NOBODY
    elif kind == MINER:
        units.vacate_one_site(state, seat, area, MINE)
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
