"""Placing units on markers (8.221 Gold Sites and Mines, 8.222 Cities), in Land
Movement and at the end of a battle (8.314)."""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.actions import LOOT, MINE_AT, PROSPECT
from meeple.games.newworld.rules import units
from meeple.games.newworld.state import (
    GOLD_SITE,
    MINE,
    NO_MARKER,
    NOBODY,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import (
    area_word,
    country,
)


def can_prospect(state: NewWorldState, seat: int, area: int) -> bool:
    """A Soldier that did not attack this turn (8.314) and did not retreat into the
    Area this turn (8.32) may stand on an unoccupied Gold Site. The Soldiers that
    attacked there are taken to be the retreated ones as far as they go."""
    if not open_marker(state, area, GOLD_SITE):
        return False
    i = at(seat, area)
    barred = max(state.used_vs_players[i], state.used_vs_natives[i], state.retreated_soldiers[i])
    return units.free_soldiers(state, seat, area) - barred > 0


def open_marker(state: NewWorldState, area: int, kind: int) -> bool:
    """A marker of ``kind`` in the Area with no one on it."""
    kinds, holders = state.site_kind, state.site_holder
    slot = 2 * area
    return (kinds[slot] == kind and holders[slot] == NOBODY) or (
        kinds[slot + 1] == kind and holders[slot + 1] == NOBODY
    )


def can_mine(state: NewWorldState, seat: int, area: int) -> bool:
    """A Colonist (not one that retreated, 8.32) may work an unoccupied Mine."""
    if not open_marker(state, area, MINE):
        return False
    return units.free_colonists(state, seat, area) - state.retreated[at(seat, area)] > 0


def can_loot(state: NewWorldState, seat: int, area: int) -> bool:
    """A City with no Natives left and no looter (8.222), for a Soldier that did not
    retreat into the Area this turn (8.32)."""
    return (
        state.city_value[area] > 0
        and state.natives[area] == 0
        and state.city_holder[area] == NOBODY
        and units.free_soldiers(state, seat, area) - state.retreated_soldiers[at(seat, area)] > 0
    )


def marker_actions(state: NewWorldState, seat: int, area: int) -> list[int]:
    kinds, holders = state.site_kind, state.site_holder
    slot = 2 * area
    unheld = (  # the kinds of the Area's markers with no one on them
        kinds[slot] if holders[slot] == NOBODY else NO_MARKER,
        kinds[slot + 1] if holders[slot + 1] == NOBODY else NO_MARKER,
    )
    out = []
    if GOLD_SITE in unheld and can_prospect(state, seat, area):
        out.append(PROSPECT[area])
    if MINE in unheld and can_mine(state, seat, area):
        out.append(MINE_AT[area])
    if state.city_value[area] and can_loot(state, seat, area):
        out.append(LOOT[area])
    return out


def apply_marker(state: NewWorldState, seat: int, kind: str, area: int) -> None:
    if kind == "loot":
        state.city_holder[area] = seat
        what = "a Soldier on the City to loot it"
    else:
        wanted = GOLD_SITE if kind == "prospect" else MINE
        slot = next(
            s
            for s in (2 * area, 2 * area + 1)
            if state.site_kind[s] == wanted and state.site_holder[s] == NOBODY
        )
        state.site_holder[slot] = seat
        what = "a Prospector on a Gold Site" if kind == "prospect" else "a Miner on a Mine"
    state.log.append(
        Event(
            "marker",
            f"{country(seat)} places {what} in {area_word(area)}",
            {"seat": seat, "area": area},
        )
    )


def has_markers(state: NewWorldState, area: int) -> bool:
    return bool(
        state.site_kind[2 * area] or state.site_kind[2 * area + 1] or state.city_value[area]
    )
