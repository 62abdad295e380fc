"""Bookkeeping of Personnel, markers and Gold in an Area.

Loss order (8.314 lets the owner choose; meeple chooses for him, the way the
rulebook says players usually do): units free on land first, then embarked ones,
then those on markers (Prospectors before the City's looter), so marker holdings
are kept to the last.
"""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.state import (
    AREAS,
    GOLD_SITE,
    MINE,
    NOBODY,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import SOLDIER_POOL, amount, area_word, country, last_turn

REPLACEMENT_DELAY = 3  # lost Soldiers wait in the Replacement Box three turns (8.315)


def prospectors(state: NewWorldState, seat: int, area: int) -> int:
    return _on_markers(state, seat, area, GOLD_SITE)


def miners(state: NewWorldState, seat: int, area: int) -> int:
    return _on_markers(state, seat, area, MINE)


def _on_markers(state: NewWorldState, seat: int, area: int, kind: int) -> int:
    """How many of the Area's two marker slots hold a ``kind`` marker held by ``seat``."""
    kinds, holders = state.site_kind, state.site_holder
    slot = 2 * area
    return (kinds[slot] == kind and holders[slot] == seat) + (
        kinds[slot + 1] == kind and holders[slot + 1] == seat
    )


def looting(state: NewWorldState, seat: int, area: int) -> int:
    return int(state.city_value[area] > 0 and state.city_holder[area] == seat)


def free_soldiers(state: NewWorldState, seat: int, area: int) -> int:
    """Soldiers on land standing on no marker."""
    i = at(seat, area)
    return state.soldiers[i] - prospectors(state, seat, area) - looting(state, seat, area)


def free_colonists(state: NewWorldState, seat: int, area: int) -> int:
    i = at(seat, area)
    return state.colonists[i] - miners(state, seat, area)


def area_soldiers(state: NewWorldState, seat: int, area: int) -> int:
    """Soldiers and Prospectors of ``seat`` belonging to the Area (land and embarked)."""
    i = seat * AREAS + area
    return state.soldiers[i] + state.emb_soldiers[i]


def area_colonists(state: NewWorldState, seat: int, area: int) -> int:
    i = seat * AREAS + area
    return state.colonists[i] + state.emb_colonists[i]


def personnel(state: NewWorldState, seat: int, area: int) -> int:
    return area_soldiers(state, seat, area) + area_colonists(state, seat, area)


_NONZERO = bytes([0]) + bytes([1]) * 255  # ``bytes.translate`` table: any count to 1
_SPOTS: dict[bytes, tuple[int, ...]] = {}  # a row's nonzero pattern -> its indices
_SPOTS_KEPT = 100_000  # patterns kept before the table starts afresh


def spots(row: bytes) -> tuple[int, ...]:
    """The indices of the nonzero counts of ``row``, in order (a shared tuple)."""
    pattern = row.translate(_NONZERO)
    found = _SPOTS.get(pattern)
    if found is None:
        if len(_SPOTS) >= _SPOTS_KEPT:
            _SPOTS.clear()
        found = _SPOTS[pattern] = tuple(i for i, n in enumerate(pattern) if n)
    return found


def seat_areas(seat: int, *counts: bytearray) -> tuple[int, ...]:
    """The Areas, in order, where any of the per-seat-per-Area ``counts`` of ``seat``
    is nonzero."""
    lo = seat * AREAS
    hi = lo + AREAS
    union = 0  # a byte of the OR of the counts is nonzero exactly when one count is
    for row in counts:
        union |= int.from_bytes(row[lo:hi])
    if not union:
        return ()
    found = _SPOTS.get(union.to_bytes(AREAS).translate(_NONZERO))  # ``spots``, inlined
    return spots(union.to_bytes(AREAS)) if found is None else found


def manned(state: NewWorldState) -> list[tuple[int, int]]:
    """Every (area, seat) where the seat has Personnel (on land or embarked), Area
    by Area, seats in order within an Area."""
    counts = (state.soldiers, state.colonists, state.emb_soldiers, state.emb_colonists)
    return _present(state.players, counts)


def settlers(state: NewWorldState) -> list[tuple[int, int]]:
    """Every (area, seat) where the seat has Colonists (on land or embarked), Area by
    Area, seats in order within an Area."""
    return _present(state.players, (state.colonists, state.emb_colonists))


def _present(players: int, counts: tuple[bytearray, ...]) -> list[tuple[int, int]]:
    """Every (area, seat) where one of the per-seat-per-Area ``counts`` is nonzero."""
    pairs = [(area, seat) for seat in range(players) for area in seat_areas(seat, *counts)]
    pairs.sort()
    return pairs


def others_present(state: NewWorldState, seat: int, area: int) -> bool:
    return any(personnel(state, o, area) for o in range(state.players) if o != seat)


def vacate_one_site(state: NewWorldState, seat: int, area: int, kind: int) -> bool:
    for slot in (2 * area, 2 * area + 1):
        if state.site_kind[slot] == kind and state.site_holder[slot] == seat:
            state.site_holder[slot] = NOBODY
            return True
    return False


def take_soldiers_off_land(state: NewWorldState, seat: int, area: int, count: int) -> None:
    """Remove ``count`` Soldiers from land, free ones first, then Prospectors, then
    the looter (their markers are vacated)."""
    i = at(seat, area)
    if free_soldiers(state, seat, area) >= count:  # no marker to vacate
        state.soldiers[i] -= count
    else:
        for _ in range(count):
            if free_soldiers(state, seat, area) <= 0 and not vacate_one_site(
                state, seat, area, GOLD_SITE
            ):
                state.city_holder[area] = NOBODY
            state.soldiers[i] -= 1
    keep_retreated(state, seat, area)


def keep_retreated(state: NewWorldState, seat: int, area: int) -> None:
    """After a loss on land: retreated Personnel stand on no marker (8.32), so no more
    of them remain than free Soldiers and free Colonists (the others fall first)."""
    i = at(seat, area)
    if state.retreated_soldiers[i]:
        state.retreated_soldiers[i] = min(
            state.retreated_soldiers[i], free_soldiers(state, seat, area)
        )
    if state.retreated[i]:
        state.retreated[i] = min(state.retreated[i], free_colonists(state, seat, area))


def take_colonists_off_land(state: NewWorldState, seat: int, area: int, count: int) -> None:
    i = at(seat, area)
    if free_colonists(state, seat, area) >= count:  # no Mine to vacate
        state.colonists[i] -= count
    else:
        for _ in range(count):
            if free_colonists(state, seat, area) <= 0:
                vacate_one_site(state, seat, area, MINE)
            state.colonists[i] -= 1
    keep_retreated(state, seat, area)


def box_soldiers(state: NewWorldState, seat: int, count: int) -> None:
    """Lost Soldiers go to the Replacement Box three turns hence (8.315)."""
    if count:
        turn = state.turn + REPLACEMENT_DELAY
        state.replacement[turn * state.players + seat] += count


def replacement_box(state: NewWorldState, seat: int) -> dict[int, int]:
    """The seat's Soldiers in the Replacement Box by the turn they return to the
    Banker (8.315): only turns the game still plays. Soldiers boxed for a turn after
    the last one never return; they still count against the 24 (``soldier_pool``)."""
    n = state.players
    return {
        turn: state.replacement[turn * n + seat]
        for turn in range(state.turn + 1, last_turn(state.config) + 1)
        if state.replacement[turn * n + seat]
    }


def kill_soldiers(state: NewWorldState, seat: int, area: int, count: int) -> int:
    """Eliminate up to ``count`` of the seat's Soldiers in the Area (free, embarked,
    on markers); returns how many were eliminated."""
    i = at(seat, area)
    done = 0
    while done < count:
        if free_soldiers(state, seat, area) > 0 or (
            state.soldiers[i] > 0 and state.emb_soldiers[i] == 0
        ):
            take_soldiers_off_land(state, seat, area, 1)
        elif state.emb_soldiers[i] > 0:
            state.emb_soldiers[i] -= 1
        else:
            break
        done += 1
    box_soldiers(state, seat, done)
    return done


def kill_colonists(state: NewWorldState, seat: int, area: int, count: int) -> int:
    i = at(seat, area)
    done = 0
    while done < count:
        if free_colonists(state, seat, area) > 0 or (
            state.colonists[i] > 0 and state.emb_colonists[i] == 0
        ):
            take_colonists_off_land(state, seat, area, 1)
        elif state.emb_colonists[i] > 0:
            state.emb_colonists[i] -= 1
        else:
            break
        done += 1
    return done


def soldiers_alive(state: NewWorldState, seat: int) -> int:
    """Every Soldier of the seat that exists: on the map, aboard, offboard, boxed."""
    lo, hi = seat * AREAS, (seat + 1) * AREAS
    on_map = (
        sum(state.soldiers[lo:hi]) + sum(state.emb_soldiers[lo:hi]) + sum(state.off_soldiers[lo:hi])
    )
    n = state.players
    boxed = sum(state.replacement[(state.turn + 1) * n + seat :: n])
    return on_map + state.home_soldiers[seat] + state.fleet_soldiers[seat] + boxed


def soldier_pool(state: NewWorldState, seat: int) -> int:
    """Soldiers the Banker may still sell the seat (5.2): 24 less existing forces
    and casualties still in the Replacement Box."""
    return max(0, SOLDIER_POOL - soldiers_alive(state, seat))


def abandon_gold(state: NewWorldState, seat: int, area: int) -> None:
    """Gold on land whose owner has no Personnel left in the Area lies
    unattended (8.223)."""
    i = at(seat, area)
    if state.gold[i] and personnel(state, seat, area) == 0:
        bars = state.gold[i]
        state.loose_gold[area] += bars
        data = {"area": area, "bars": bars}
        state.log.append(Event("gold", unattended_words, data, args=(seat, area, bars)))
        state.gold[i] = 0


def unattended_words(seat: int, area: int, bars: int) -> str:
    """Gold left without its owner's Personnel (8.223), written when the log is read."""
    verb = "lies" if bars == 1 else "lie"
    return f"{amount(bars, 'Gold Bar')} of {country(seat)} {verb} unattended in {area_word(area)}"


def claim_gold(state: NewWorldState, seat: int, area: int) -> None:
    """The first player to reach unattended Gold owns it (8.223)."""
    if state.loose_gold[area] and state.soldiers[at(seat, area)] + state.colonists[at(seat, area)]:
        bars = state.loose_gold[area]
        state.gold[at(seat, area)] += bars
        state.loose_gold[area] = 0
        data = {"seat": seat, "area": area, "bars": bars}
        state.log.append(Event("gold", claim_words, data, args=(seat, area, bars)))


def claim_words(seat: int, area: int, bars: int) -> str:
    """Unattended Gold claimed (8.223), written when the log is read."""
    return f"{country(seat)} claims {amount(bars, 'unattended Gold Bar')} in {area_word(area)}"
