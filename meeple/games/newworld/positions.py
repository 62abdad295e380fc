"""Positions for tests and analysis, and ``validate`` (conservation of every
component and the phase invariants)."""

from __future__ import annotations

from collections.abc import Mapping

from meeple.engine import GameConfig, InvalidState
from meeple.engine.config import OptionValue
from meeple.games.newworld import setup
from meeple.games.newworld.board import LETTERS
from meeple.games.newworld.rules import fleetcard, pickup, units
from meeple.games.newworld.state import (
    AREAS,
    GOLD_SITE,
    HOMEBOUND,
    MINE,
    MOVEMENT,
    NO_MARKER,
    NOBODY,
    OUTBOUND,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import GOLD_BAR, MAX_SHIPS, SOLDIER_POOL, WORLD


def new_state(
    players: int, seed: int = 1, options: Mapping[str, OptionValue] | None = None
) -> NewWorldState:
    return setup.new_state(setup.config(players, options), seed)


def place(
    state: NewWorldState,
    seat: int,
    letter: str,
    soldiers: int = 0,
    colonists: int = 0,
    gold: int = 0,
) -> None:
    """Put units of ``seat`` on land in the Area with this letter."""
    i = at(seat, LETTERS.index(letter.upper()))
    state.soldiers[i] += soldiers
    state.colonists[i] += colonists
    state.gold[i] += gold


def area(letter: str) -> int:
    return LETTERS.index(letter.upper())


def validate(state: NewWorldState) -> None:
    problems: list[str] = []
    n = state.players
    for seat in range(n):
        if units.soldiers_alive(state, seat) > SOLDIER_POOL:
            problems.append(f"seat {seat} has more than {SOLDIER_POOL} Soldiers")
        if state.cash[seat] < 0:
            problems.append(f"seat {seat} has negative cash")
        if not 0 <= state.ships[seat] <= MAX_SHIPS or state.fleet_ships[seat] > MAX_SHIPS:
            problems.append(f"seat {seat} has more than {MAX_SHIPS} Ships")
        capacity = 2 * state.fleet_ships[seat]
        if state.fleet_soldiers[seat] + state.fleet_colonists[seat] > capacity:
            problems.append(f"seat {seat}'s Fleet carries more Personnel than its Ships hold")
    if sorted(state.tile_climate) != sorted(a.climate for a in WORLD.areas):
        problems.append("the tiles' Climates are not the 26 tiles'")
    problems += _retreated_problems(state)
    for name in (
        "soldiers",
        "colonists",
        "off_soldiers",
        "off_colonists",
        "emb_soldiers",
        "emb_colonists",
        "gold",
        "emb_gold",
    ):
        if min(getattr(state, name)) < 0:
            problems.append(f"negative {name}")
    for a in range(AREAS):
        problems += _area_problems(state, a)
    problems += _arranging_problems(state)
    problems += _landed_problems(state)
    problems += _question_problems(state)
    if problems:
        raise InvalidState("newworld", problems)


def _question_problems(state: NewWorldState) -> list[str]:
    """A request to ship held Gold (8.223) and a Gold Site claim (16.411) name real
    seats and Areas, in their phases, with someone to answer."""
    out: list[str] = []
    if len(state.gold_asked) != state.players:
        out.append("gold_asked: one entry per seat")
    request = state.gold_leave
    if request:
        owner, a = [*request, -1, -1][:2]
        if len(request) != 3 or state.phase != HOMEBOUND or not 0 <= owner < state.players:
            out.append(f"gold_leave {request}: [owner, area, agreed] in homebound movement")
        elif not 0 <= a < AREAS or not any(
            not request[2] >> s & 1 for s in pickup.holders(state, owner, a)
        ):
            out.append(f"gold_leave {request}: nobody left to answer in that Area")
    claim = state.claim
    if claim and (
        len(claim) != 2
        or state.phase != MOVEMENT
        or not 0 <= claim[0] < state.players
        or not 0 <= claim[1] < AREAS
        or claim[0] != state.actor
    ):
        out.append(f"claim {claim}: [seat, area] of the seat deciding in Land Movement")
    return out


def _landed_problems(state: NewWorldState) -> list[str]:
    """Units just landed (8.23): in Land Movement only, triples of an Area and no
    more Soldiers and Colonists than the mover has on land there."""
    record = state.landed
    if not record:
        return []
    if state.phase != MOVEMENT or len(record) % 3:
        return [f"landed {record}: triples (area, soldiers, colonists) in Land Movement only"]
    out: list[str] = []
    seat = state.actor
    for k in range(0, len(record), 3):
        a, soldiers, colonists = record[k : k + 3]
        if not 0 <= a < AREAS or seat == NOBODY:
            out.append(f"landed names Area {a} for seat {seat}")
        elif not (0 <= soldiers <= state.soldiers[at(seat, a)]) or not (
            0 <= colonists <= state.colonists[at(seat, a)]
        ):
            out.append(f"landed: more units at Area {a} than seat {seat} has there")
    return out


def _retreated_problems(state: NewWorldState) -> list[str]:
    """Retreated Personnel stand on land, on no Mine, Gold Site or City (8.32)."""
    out: list[str] = []
    marked = units.spots(bytes(state.retreated)) + units.spots(bytes(state.retreated_soldiers))
    for i in sorted(set(marked)):
        seat, a = divmod(i, AREAS)
        if state.retreated[i] > units.free_colonists(state, seat, a):
            out.append(f"seat {seat} has more retreated Colonists than free Colonists")
        if state.retreated_soldiers[i] > units.free_soldiers(state, seat, a):
            out.append(f"seat {seat} has more retreated Soldiers than free Soldiers")
    return out


def _area_problems(state: NewWorldState, a: int) -> list[str]:
    out: list[str] = []
    info = WORLD.areas[a]
    standard = state.gold_cup == []
    most = info.natives if standard else 8
    if not 0 <= state.natives[a] <= most:
        out.append(f"Area {info.letter} has {state.natives[a]} Natives (at most {most})")
    sites = sum(1 for slot in (2 * a, 2 * a + 1) if state.site_kind[slot] != NO_MARKER)
    if standard and sites > info.gold_sites:
        out.append(f"Area {info.letter} has more Gold markers than its triangles")
    if not state.explored[a] and (sites or state.natives[a] or state.city_value[a]):
        out.append(f"unexplored Area {info.letter} holds markers")
    if state.city_value[a] not in ((0, info.city) if standard else (0, 2, 3, 4)):
        out.append(f"Area {info.letter}'s City value is wrong")
    if not state.playable[a] and any(units.personnel(state, s, a) for s in range(state.players)):
        out.append(f"unplayable Area {info.letter} holds Personnel")
    for seat in range(state.players):
        i = at(seat, a)
        if units.prospectors(state, seat, a) + units.looting(state, seat, a) > state.soldiers[i]:
            out.append(f"Area {info.letter}: seat {seat} holds markers without Soldiers")
        if units.miners(state, seat, a) > state.colonists[i]:
            out.append(f"Area {info.letter}: seat {seat} mines without Colonists")
    for slot in (2 * a, 2 * a + 1):
        if state.site_kind[slot] not in (GOLD_SITE, MINE) and state.site_holder[slot] != NOBODY:
            out.append(f"Area {info.letter}: a removed marker has a holder")
    if state.city_holder[a] != NOBODY and state.city_value[a] == 0:
        out.append(f"Area {info.letter}: a looter without a City")
    return out


def _arranging_problems(state: NewWorldState) -> list[str]:
    """A Fleet card being arranged (6.21, rules/fleetcard.py): its header, then rows
    that fit a regular Ship each (5.3), fewer than the regular Ships, holding no more
    than the Fleet carries."""
    record = state.arranging
    if not record:
        return []
    if len(record) < fleetcard.ROWS or (len(record) - fleetcard.ROWS) % 3:
        return [f"arranging {record}: a header of six numbers, then rows of three"]
    seat, where, _, _, home, arg = record[: fleetcard.ROWS]
    if not 0 <= seat < state.players:
        return [f"arranging names seat {seat}, not a seat of this game"]
    out: list[str] = []
    if where not in range(fleetcard.PIRACY + 1):
        out.append(f"arranging: {where} is not a place where a voyage goes on")
    elif (where == fleetcard.OUTBOUND_LANDING) == bool(home):
        out.append("arranging: homebound must be 0 outbound (a Landing), 1 otherwise")
    elif state.phase != (OUTBOUND if where == fleetcard.OUTBOUND_LANDING else HOMEBOUND):
        out.append("arranging: a Fleet card is arranged only in naval movement")
    elif where == fleetcard.COASTAL_HOME and not 0 <= arg < AREAS:
        out.append(f"arranging: the coastal voyage home goes to Area {arg}, not an Area")
    elif where == fleetcard.PIRACY and not (0 <= arg < state.players and arg != seat):
        out.append(f"arranging: the Pirates' seat {arg} is not another seat")
    rows = fleetcard.rows_of(state)
    regular = state.fleet_ships[seat] - state.fleet_pirates[seat]
    if len(rows) >= regular:
        out.append(f"arranging: {len(rows)} rows loaded for {regular} regular Ship(s)")
    if any(min(row) < 0 or row[0] + row[1] > 2 or row[2] > 2 for row in rows):
        out.append("arranging: a row holds more than two Personnel or two Gold Bars (5.3)")
    soldiers, colonists, bars = (sum(row[k] for row in rows) for k in range(3))
    whole_bars = min(state.fleet_bars[seat], state.fleet_gold[seat] // GOLD_BAR)
    if (
        soldiers > state.fleet_soldiers[seat]
        or colonists > state.fleet_colonists[seat]
        or bars > whole_bars
    ):
        out.append(f"arranging: the rows hold more than seat {seat}'s Fleet carries")
    return out


def config(players: int) -> GameConfig:
    return setup.config(players)
