"""The board of Africa 1880: territories, borders, coasts and development squares.

The territory names and their order (the order sheet's rows, which is the order the
rulebook calls alphabetical) are printed; coasts, islands, borders, squares, the
coastline and the drawing positions are reconstructed (see data/board.json and
docs/games/africa1880.md). The loader validates every constraint the rulebook
states, and the shape of a map (symmetric borders, islands without land borders, a
continuous coastline, the mainland connected), and refuses a file that breaks one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.engine.provenance import Provenance, read_provenance

DATA = Path(__file__).parent / "data" / "board.json"

TERRITORY_COUNT = 32
MIN_SQUARES = 1
MAX_SQUARES = 4

# The six countries in the order the rulebook lists them for the first placement.
COUNTRY_IDS = ("great britain", "france", "germany", "italy", "netherlands", "belgium")
COUNTRY_NAMES = ("Great Britain", "France", "Germany", "Italy", "Netherlands", "Belgium")
COUNTRY_SHORT = ("GB", "FR", "DE", "IT", "NL", "BE")
# Optional Rule: the imposed historical first presence of each country.
HISTORICAL_START = ("alexandria", "algiers", "dahomey", "mogadishu", "cape town", "angola")
# Turn Structure: eight turns, 1880 to 1914.
YEARS = (1880, 1885, 1890, 1895, 1900, 1905, 1910, 1914)


class BoardError(ValueError):
    """The board data file breaks a constraint of the rulebook or of its schema."""


@dataclass(frozen=True)
class Board:
    """Static board data, indexed by territory number (order-sheet order)."""

    ids: tuple[str, ...]
    names: tuple[str, ...]
    sheet_names: tuple[str, ...]
    coastal: tuple[bool, ...]
    island: tuple[bool, ...]  # an island territory: coastal, no land border
    squares: tuple[int, ...]
    borders: tuple[tuple[int, ...], ...]
    coastline: tuple[int, ...]  # the mainland coasts in order around the continent
    places: tuple[tuple[float, float], ...]  # (longitude, latitude): a drawing aid
    markers_per_country: int
    development_tiles: int
    colony_pieces: int
    provenance: Provenance

    def index(self, territory_id: str) -> int:
        return self.ids.index(territory_id)

    @property
    def coastal_indices(self) -> tuple[int, ...]:
        return tuple(t for t in range(len(self.ids)) if self.coastal[t])


def load_board(path: Path = DATA) -> Board:
    """Read and validate the board file."""
    return parse_board(json.loads(path.read_text(encoding="utf-8")))


def parse_board(raw: dict[str, Any]) -> Board:
    """Build a Board from the JSON document, raising BoardError on any violation."""
    provenance = read_provenance(raw, "board.json", BoardError)
    parts = raw["components"]
    entries = raw["territories"]
    if len(entries) != TERRITORY_COUNT:
        raise BoardError(f"the board has {TERRITORY_COUNT} territories, not {len(entries)}")
    ids = tuple(str(e["id"]) for e in entries)
    if len(set(ids)) != len(ids):
        raise BoardError("territory ids must be unique")
    position = {tid: i for i, tid in enumerate(ids)}
    borders = tuple(_borders_of(e, position) for e in entries)
    squares = tuple(int(e["squares"]) for e in entries)
    board = Board(
        ids=ids,
        names=tuple(str(e["name"]) for e in entries),
        sheet_names=tuple(str(e["sheet_name"]) for e in entries),
        coastal=tuple(bool(e["coastal"]) for e in entries),
        island=tuple(bool(e["island"]) for e in entries),
        squares=squares,
        borders=borders,
        coastline=tuple(_known(position, name, "the coastline") for name in raw["coastline"]),
        places=tuple((float(e["place"][0]), float(e["place"][1])) for e in entries),
        markers_per_country=int(parts["presence_markers_per_country"]),
        development_tiles=int(parts["development_tiles"]),
        colony_pieces=int(parts["colony_pieces"]),
        provenance=provenance,
    )
    validate(board)
    return board


def _known(position: dict[str, int], name: str, where: str) -> int:
    if name not in position:
        raise BoardError(f"{where} names unknown territory {name!r}")
    return position[name]


def _borders_of(entry: dict[str, Any], position: dict[str, int]) -> tuple[int, ...]:
    found = [_known(position, name, str(entry["id"])) for name in entry["borders"]]
    if len(set(found)) != len(found):
        raise BoardError(f"{entry['id']} lists a border twice")
    return tuple(sorted(found))


def validate(board: Board) -> None:
    """Check every rulebook constraint on the board data and the shape of a map."""
    for t, near in enumerate(board.borders):
        name = board.ids[t]
        if not MIN_SQUARES <= board.squares[t] <= MAX_SQUARES:
            raise BoardError(f"{name} has {board.squares[t]} squares; each has 1 to 4")
        if t in near:
            raise BoardError(f"{name} borders itself")
        if board.island[t]:
            if not board.coastal[t] or near:
                raise BoardError(f"{name} is an island: coastal, with no land border")
        elif not near:
            raise BoardError(f"{name} borders no territory and is not an island")
        for other in near:
            if t not in board.borders[other]:
                raise BoardError(f"{name} borders {board.ids[other]} but not the reverse")
    if sum(board.squares) != board.development_tiles:
        raise BoardError(
            f"the squares total {sum(board.squares)}; the box holds"
            f" {board.development_tiles} development tiles"
        )
    if sorted(board.sheet_names, key=_sheet_key) != list(board.sheet_names):
        raise BoardError("territories must be listed in the order sheet's alphabetical order")
    for start in HISTORICAL_START:
        if start not in board.ids or not board.coastal[board.index(start)]:
            raise BoardError(f"historical start {start!r} must be a coastal territory")
    if (board.markers_per_country, board.colony_pieces) != (22, 22):
        raise BoardError("the rulebook gives 22 presence markers per country and 22 colonies")
    _check_connected(board)
    _check_coastline(board)


def _check_coastline(board: Board) -> None:
    """The coastline runs once around the continent through every mainland coastal
    territory, each holding one stretch, and each stretch borders the next (the
    last borders the first): no stretch of coast is left without a territory."""
    line = board.coastline
    mainland = {t for t in range(len(board.ids)) if board.coastal[t] and not board.island[t]}
    if len(set(line)) != len(line) or set(line) != mainland:
        raise BoardError("the coastline lists every mainland coastal territory exactly once")
    for here, after in zip(line, line[1:] + line[:1], strict=True):
        if after not in board.borders[here]:
            raise BoardError(
                f"the coast is broken between {board.ids[here]} and {board.ids[after]}:"
                " neighbours along the coast must border each other"
            )


def _sheet_key(name: str) -> str:
    plain = name.lower()
    for accented, bare in (("é", "e"), ("è", "e")):
        plain = plain.replace(accented, bare)
    return plain


def _check_connected(board: Board) -> None:
    """Every mainland territory can be reached from every other over land borders
    (islands are reached by landing)."""
    start = board.island.index(False)
    seen = {start} | {t for t in range(len(board.ids)) if board.island[t]}
    frontier = [start]
    while frontier:
        for other in board.borders[frontier.pop()]:
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    if len(seen) != len(board.ids):
        missing = sorted(board.ids[t] for t in set(range(len(board.ids))) - seen)
        raise BoardError(f"the map is not connected; unreachable: {missing}")


BOARD = load_board()
