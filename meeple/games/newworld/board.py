"""The New World map: 26 hex Areas A-Z, the sea zones and the printed tables.

The map (data/map.json) is RECONSTRUCTED: no public source prints it. ``load_map``
validates the schema, the file's ``provenance`` (``meeple.engine.provenance``) and every
constraint the rulebook's text and examples fix (listed in its provenance ``notes``)
and raises ``MapDataError`` naming the one that fails. The tables printed on the
board (survival, native uprising, naval losses, turn record track) come from a
published player aid (SOURCES.md); the income of turns 11-16 (long game, 14.3) is
reconstructed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from meeple.engine.provenance import read_provenance

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
AREAS = 26
NO_SEA = -1
CITY_VALUES = (2, 3, 4)

# Survival Table (10.1): per die 1..6, per Climate 1..5, the losses in order
# (C = one Colonist/Miner, S = one Soldier/Prospector).
SURVIVAL: tuple[tuple[str, ...], ...] = (
    ("CCCSSS", "CCSS", "CSS", "CS", "C"),
    ("CCSS", "CSS", "CS", "C", "S"),
    ("CSS", "CS", "C", "S", ""),
    ("CS", "C", "S", "", ""),
    ("C", "S", "", "", ""),
    ("", "", "", "", ""),
)

ALL = -1  # the Native Uprising Table's "A": every Colonist/Miner there is lost
# Native Uprising Table (9.4): per die 1..6, per Soldier column (0, 1, 2-3, 4-5,
# 6-7, 8+), the Colonists/Miners lost.
UPRISING: tuple[tuple[int, ...], ...] = (
    (ALL, ALL, 3, 2, 2, 1),
    (ALL, 3, 2, 2, 1, 0),
    (3, 2, 2, 1, 0, 0),
    (2, 2, 1, 0, 0, 0),
    (2, 1, 0, 0, 0, 0),
    (1, 0, 0, 0, 0, 0),
)


def uprising_column(soldiers: int) -> int:
    """The Native Uprising Table column of a player's Soldiers in the Area."""
    if soldiers <= 1:
        return soldiers
    return min(5, 1 + soldiers // 2)


# Naval Losses Table (6.2, 12.2): per die 1..6, (ships, soldiers, colonists) lost.
NAVAL_OUTBOUND: tuple[tuple[int, int, int], ...] = (
    (1, 1, 0),
    (1, 0, 0),
    (0, 1, 1),
    (0, 1, 0),
    (0, 0, 1),
    (0, 0, 0),
)
NAVAL_HOMEBOUND: tuple[tuple[int, int, int], ...] = ((2, 0, 0), *NAVAL_OUTBOUND[1:])

# Turn Record Track (11.4, 13.1): (Political Control value, Resource value) per turn.
# Turns 1-10 are printed (player aid); 11-16 are RECONSTRUCTED for the long game
# (14.3 caps them at $60 and $5 from turn 16).
TURN_TRACK: tuple[tuple[int, int], ...] = (
    *((20, 1),) * 4,
    *((30, 2),) * 3,
    *((40, 3),) * 3,
    *((50, 4),) * 3,
    *((60, 5),) * 3,
)
RECONSTRUCTED_TURNS = range(11, 17)


def turn_values(turn: int) -> tuple[int, int]:
    """(PC value, Resource value) of a turn; never above turn 16's (14.3)."""
    return TURN_TRACK[min(turn, len(TURN_TRACK)) - 1]


class MapDataError(ValueError):
    """The map data breaks the schema or a constraint the rulebook fixes."""


@dataclass(frozen=True)
class Area:
    index: int
    letter: str
    name: str
    hex: tuple[int, int]
    climate: int
    natives: int
    gold_sites: int
    city: int  # 0, or the City's value in Gold Bars per looting (2, 3, 4)
    resources: int  # 1, or 2 for the double-Resource symbol
    sea: int  # index of the sea zone of its Anchorage, NO_SEA if inland
    land: tuple[int, ...]  # Areas reached overland (common hexside with land across)

    @property
    def coastal(self) -> bool:
        return self.sea != NO_SEA


@dataclass(frozen=True)
class SeaZone:
    index: int
    key: str
    number: int
    name: str


@dataclass(frozen=True)
class WorldMap:
    areas: tuple[Area, ...]
    seas: tuple[SeaZone, ...]
    lines: tuple[tuple[int, ...], ...]  # lines[a][b]: sea-zone lines crossed from zone a to b
    unplayable: dict[int, frozenset[int]]  # players -> Areas covered (Unplayable Areas Display)

    def area(self, letter: str) -> Area:
        index = LETTERS.find(letter.upper())
        if len(letter) != 1 or index < 0:
            raise KeyError(f"no Area {letter!r}; Areas are A to Z")
        return self.areas[index]

    def sea_of(self, area: int) -> SeaZone:
        return self.seas[self.areas[area].sea]

    def coastal_lines(self, a: int, b: int) -> int:
        """Sea-zone lines crossed sailing along the coast between two Anchorages (6.3)."""
        return self.lines[self.areas[a].sea][self.areas[b].sea]

    def playable(self, players: int) -> tuple[bool, ...]:
        covered = self.unplayable[players]
        return tuple(i not in covered for i in range(AREAS))

    def hex_neighbors(self, a: int) -> tuple[int, ...]:
        """Areas whose hexes share a side with ``a``'s (with or without land across)."""
        spots = {area.hex: area.index for area in self.areas}
        return tuple(spots[spot] for spot in _hex_neighbors(*self.areas[a].hex) if spot in spots)


def _hex_neighbors(row: int, col: int) -> list[tuple[int, int]]:
    """Offset rows, odd rows shifted half a hex east."""
    shift = row % 2
    return [
        (row, col - 1),
        (row, col + 1),
        (row - 1, col - 1 + shift),
        (row - 1, col + shift),
        (row + 1, col - 1 + shift),
        (row + 1, col + shift),
    ]


@cache
def load_map() -> WorldMap:
    text = resources.files("meeple.games.newworld").joinpath("data/map.json").read_text()
    return build_map(json.loads(text))


def build_map(data: dict[str, Any]) -> WorldMap:
    """Parse and validate the map document (see the module docstring)."""
    read_provenance(data, "data/map.json", MapDataError)
    seas = tuple(
        SeaZone(i, str(z["id"]), int(z["number"]), str(z["name"]))
        for i, z in enumerate(data["sea_zones"])
    )
    sea_index = {z.key: z.index for z in seas}
    areas = tuple(_area(i, raw, sea_index) for i, raw in enumerate(data["areas"]))
    lines = _sea_distances(seas, data["sea_lines"], sea_index)
    unplayable = {
        int(players): frozenset(LETTERS.index(x) for x in covered)
        for players, covered in data["unplayable"].items()
    }
    world = WorldMap(areas, seas, lines, unplayable)
    validate_map(world)
    return world


def _area(index: int, raw: dict[str, Any], sea_index: dict[str, int]) -> Area:
    letter = str(raw["letter"])
    if letter != LETTERS[index]:
        raise MapDataError(f"Area {index} must be lettered {LETTERS[index]}, not {letter}")
    sea = raw["anchorage"]
    if sea is not None and sea not in sea_index:
        raise MapDataError(f"Area {letter}: unknown sea zone {sea!r}")
    row, col = raw["hex"]
    return Area(
        index,
        letter,
        str(raw["name"]),
        (int(row), int(col)),
        int(raw["climate"]),
        int(raw["natives"]),
        int(raw["gold_sites"]),
        int(raw["city"]),
        int(raw["resources"]),
        NO_SEA if sea is None else sea_index[sea],
        tuple(LETTERS.index(x) for x in raw["land"]),
    )


def _sea_distances(
    seas: tuple[SeaZone, ...], raw_lines: list[Any], sea_index: dict[str, int]
) -> tuple[tuple[int, ...], ...]:
    """Fewest sea-zone lines between every pair of zones (Floyd-Warshall)."""
    n = len(seas)
    far = 1 << 20
    dist = [[0 if a == b else far for b in range(n)] for a in range(n)]
    for a, b, count in raw_lines:
        i, j = sea_index[a], sea_index[b]
        dist[i][j] = dist[j][i] = int(count)
    for k in range(n):
        for i in range(n):
            for j in range(n):
                dist[i][j] = min(dist[i][j], dist[i][k] + dist[k][j])
    if any(d >= far for row in dist for d in row):
        raise MapDataError("every sea zone must be reachable from every other")
    return tuple(tuple(row) for row in dist)


def validate_map(world: WorldMap) -> None:
    """Every constraint of the schema and of the rulebook (raises MapDataError)."""
    problems = _schema_problems(world) + _rulebook_problems(world)
    if problems:
        raise MapDataError("; ".join(problems))


def _schema_problems(world: WorldMap) -> list[str]:
    out: list[str] = []
    if len(world.areas) != AREAS:
        out.append(f"the map has {len(world.areas)} Areas, not 26")
    if len({a.hex for a in world.areas}) != len(world.areas):
        out.append("two Areas share a hex")
    for area in world.areas:
        hexes = set(world.hex_neighbors(area.index))
        for other in area.land:
            if area.index not in world.areas[other].land:
                out.append(f"land connection {area.letter}-{LETTERS[other]} is one-way")
            if other not in hexes:
                out.append(f"{area.letter}-{LETTERS[other]}: land across hexes that do not touch")
        if not 1 <= area.climate <= 5:
            out.append(f"Area {area.letter}: climate must be 1 to 5")
        if not 0 <= area.gold_sites <= 2:
            out.append(f"Area {area.letter}: one or two Gold triangles at most (2.25)")
        if area.resources not in (1, 2):
            out.append(f"Area {area.letter}: resources are x1 or x2 (2.24)")
    for players in range(2, 7):
        if players not in world.unplayable:
            out.append(f"the Unplayable Areas Display lacks {players} players")
    return out


def _rulebook_problems(world: WorldMap) -> list[str]:
    out: list[str] = []
    cities = sorted(a.city for a in world.areas if a.city)
    if tuple(cities) != CITY_VALUES:
        out.append("there are three Cities, x2, x3 and x4 (2.26)")
    for area in world.areas:
        if area.city and area.climate > 3:
            out.append(f"City in {area.letter} needs Climate 1-3 (16.41)")
        if area.city and area.natives != 2 * area.city:
            out.append(f"City Area {area.letter} holds twice its value in Natives (16.42)")
        if area.city and area.natives == 0:
            out.append(f"City Area {area.letter} has no Natives")
    if sum(a.gold_sites for a in world.areas) != 16:
        out.append("there are 16 Gold Site markers (16.3)")
    if sum(1 for a in world.areas if a.resources == 2) != 6:
        out.append("there are 6 double-Resource Areas (16.3)")
    if sum(a.natives for a in world.areas) > 64:
        out.append("there are 64 Native pieces (16.3)")
    if sorted({z.number for z in world.seas}) != [3, 4, 5, 6, 9, 10, 11]:
        out.append("sea zones are numbered 3, 4, 5, 6, 9, 10, 11 (18.2)")
    out += _example_problems(world)
    for players, covered in world.unplayable.items():
        coastal = sum(1 for a in world.areas if a.coastal and a.index not in covered)
        if coastal < players:
            out.append(f"{players} players need {players} coastal Areas for Exclusive Landfalls")
    return out


def _letters(world: WorldMap, pair: str) -> tuple[Area, Area]:
    return world.area(pair[0]), world.area(pair[1])


def _example_problems(world: WorldMap) -> list[str]:
    """The facts the rulebook's examples fix (SOURCES.md)."""
    out: list[str] = []
    for pair in ("JM", "KM"):
        a, b = _letters(world, pair)
        if b.index not in world.hex_neighbors(a.index) or b.index in a.land:
            out.append(f"{pair[0]} and {pair[1]} touch without a land connection (8.22)")
    d, h = _letters(world, "DH")
    if h.index not in d.land:
        out.append("D borders H by land (8.22)")
    zones = {"C": 4, "M": 4, "R": 4, "H": 3, "O": 3, "X": 5}
    for letter, number in zones.items():
        area = world.area(letter)
        if not area.coastal or world.sea_of(area.index).number != number:
            out.append(f"Area {letter} lies in Sea Zone {number} (6.22, 18.3)")
    if out:
        return out
    for pair, count in {"HO": 0, "HM": 1, "HV": 6}.items():
        a, b = _letters(world, pair)
        if world.coastal_lines(a.index, b.index) != count:
            out.append(f"{pair[0]} to {pair[1]} crosses {count} sea-zone lines (6.3)")
    six, nine = (next(z.index for z in world.seas if z.number == n) for n in (6, 9))
    if world.lines[six][nine] != 3:
        out.append("three lines separate Zones 6 and 9 (6.3)")
    return out
