"""The shapes of Africa 1880's territories: a drawing of the board, checked against it.

No public source gives the printed map, so the shapes in ``data/map.json`` are
reconstructed (see its provenance note). Each territory is a polygon of
(longitude, latitude) points; points shared by several territories are named, so
two territories border each other exactly where their polygons run along the same
pair of points. The loader derives the borders and coasts from the shapes and
refuses a file whose drawing disagrees with the board data (data/board.json):

* two territories share a stretch of border if and only if the board says they
  border each other (they may meet at a single corner point, never along a line);
* a territory has a stretch of coast (an edge no other shape shares) if and only
  if the board says it is coastal; an island has only coast;
* going round the continent's coast, the coastal territories come in the order
  of the board's coastline.

Lakes are shapes too: a lake "between territories" separates the territories on
its shores (they touch the lake, not each other); any other lake is drawn inside
one territory and is scenery.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from meeple.engine.geometry import (
    Edge,
    Ring,
    bordering_pairs,
    contains,
    faces_by_edge,
    lone_edges,
    signed_area,
)
from meeple.engine.geometry import Point as Point
from meeple.engine.provenance import Provenance, read_provenance
from meeple.games.africa1880.board import BOARD, Board, BoardError

DATA = Path(__file__).parent / "data" / "map.json"


class GeographyError(BoardError):
    """The map file is malformed or disagrees with the board data."""


@dataclass(frozen=True)
class Lake:
    name: str
    ring: Ring
    between_territories: bool  # True: its shore separates territories


@dataclass(frozen=True)
class Geography:
    """The drawing of the board, indexed like ``Board`` (order-sheet order)."""

    rings: tuple[Ring, ...]  # one counter-clockwise polygon per territory
    labels: tuple[Point, ...]  # where each territory's name and pieces go
    lakes: tuple[Lake, ...]
    provenance: Provenance


def load_geography(path: Path = DATA, board: Board = BOARD) -> Geography:
    return parse_geography(json.loads(path.read_text(encoding="utf-8")), board)


def parse_geography(raw: dict[str, Any], board: Board = BOARD) -> Geography:
    """Build the map from its JSON document; GeographyError on any fault."""
    provenance = read_provenance(raw, "map.json", GeographyError)
    points = {str(k): _point(v, k) for k, v in dict(raw["points"]).items()}
    entries = dict(raw["territories"])
    missing = [t for t in board.ids if t not in entries]
    extra = [t for t in entries if t not in board.ids]
    if missing or extra:
        raise GeographyError(
            f"the map must draw exactly the board's territories; missing {missing}, unknown {extra}"
        )
    rings = tuple(_ring(entries[t]["ring"], points, t) for t in board.ids)
    labels = tuple(_point(entries[t]["label"], f"{t}'s label") for t in board.ids)
    lakes = tuple(
        Lake(
            name=str(lake["name"]),
            ring=_ring(lake["ring"], points, str(lake["name"])),
            between_territories=bool(lake["between_territories"]),
        )
        for lake in raw.get("lakes", [])
    )
    geography = Geography(rings=rings, labels=labels, lakes=lakes, provenance=provenance)
    validate(geography, board)
    return geography


def _point(value: Any, where: object) -> Point:
    if not (isinstance(value, list) and len(value) == 2):
        raise GeographyError(f"{where}: a point is [longitude, latitude], not {value!r}")
    lon, lat = float(value[0]), float(value[1])
    if not (-30 <= lon <= 60 and -40 <= lat <= 40):
        raise GeographyError(f"{where}: ({lon}, {lat}) lies outside the map of Africa")
    return lon, lat


def _ring(items: list[Any], points: dict[str, Point], where: str) -> Ring:
    """A polygon's points: a name from ``points`` or an inline [longitude, latitude]."""
    ring: list[Point] = []
    for item in items:
        if isinstance(item, str):
            if item not in points:
                raise GeographyError(f"{where} names unknown point {item!r}")
            ring.append(points[item])
        else:
            ring.append(_point(item, where))
    if len(ring) < 3 or len(set(ring)) != len(ring):
        raise GeographyError(f"{where}: a polygon needs 3 or more distinct points")
    if signed_area(ring) <= 0:
        raise GeographyError(f"{where}: list the polygon's points counter-clockwise")
    return tuple(ring)


def shape_faces(geography: Geography) -> dict[Edge, list[int | str]]:
    """Which shapes run along each edge: territory numbers and the names of the
    lakes between territories."""
    territories: list[tuple[int | str, Ring]] = list(enumerate(geography.rings))
    lakes = [(lake.name, lake.ring) for lake in geography.lakes if lake.between_territories]
    return faces_by_edge([*territories, *lakes])


def drawn_borders(geography: Geography) -> set[frozenset[int]]:
    """The pairs of territories whose shapes share at least one edge."""
    return bordering_pairs(geography.rings)


def coast_edges(
    geography: Geography, territory: int, faces: dict[Edge, list[int | str]] | None = None
) -> list[Edge]:
    """The territory's edges that no other shape shares: its coast (``faces``: the
    map's ``shape_faces``, if already computed)."""
    shapes = shape_faces(geography) if faces is None else faces
    return lone_edges(geography.rings[territory], shapes)


def coast_outline(geography: Geography, board: Board = BOARD) -> list[Point]:
    """The mainland's coast as one closed line, counter-clockwise: the coast edges
    of the mainland territories, chained end to start."""
    following: dict[Point, Point] = {}
    faces = shape_faces(geography)
    for t in range(len(board.ids)):
        if board.island[t]:
            continue
        ring = geography.rings[t]
        coast = set(coast_edges(geography, t, faces))
        for k, here in enumerate(ring):
            after = ring[(k + 1) % len(ring)]
            if frozenset((here, after)) in coast:
                following[here] = after
    if not following:
        return []
    start = min(following)
    line = [start]
    while (after := following[line[-1]]) != start:
        if len(line) > len(following):
            raise GeographyError("the coast does not close into one line")
        line.append(after)
    if len(line) != len(following):
        raise GeographyError("the mainland's coast is more than one line")
    return line


def validate(geography: Geography, board: Board = BOARD) -> None:
    """Check the drawing against the board data (see the module's docstring)."""
    faces = shape_faces(geography)
    for edge, shapes in faces.items():
        if len(shapes) > 2:
            raise GeographyError(f"more than two shapes run along the edge {sorted(edge)}")
    for t, ring in enumerate(geography.rings):
        if not contains(ring, geography.labels[t]):
            raise GeographyError(f"{board.ids[t]}'s label point lies outside its shape")
    drawn = drawn_borders(geography)
    listed = {frozenset((t, u)) for t in range(len(board.ids)) for u in board.borders[t]}
    for pair in sorted(drawn ^ listed, key=sorted):
        a, b = (board.ids[t] for t in sorted(pair))
        says = "border each other" if pair in listed else "do not border each other"
        raise GeographyError(f"the board says {a} and {b} {says}, but the map disagrees")
    for t, name in enumerate(board.ids):
        coast = bool(coast_edges(geography, t, faces))
        if coast != board.coastal[t]:
            raise GeographyError(
                f"{name} is {'coastal' if board.coastal[t] else 'landlocked'} on the board"
                f" but {'has' if coast else 'has no'} coast on the map"
            )
    _check_coast_order(geography, board, faces)
    coast_outline(geography, board)
    _check_lakes(geography, board)


def _check_coast_order(
    geography: Geography, board: Board, faces: dict[Edge, list[int | str]]
) -> None:
    """Each mainland coastal territory holds one unbroken stretch of coast, and each
    stretch ends where the next territory of the coastline begins."""
    for k, t in enumerate(board.coastline):
        after = board.coastline[(k + 1) % len(board.coastline)]
        ends = Counter(p for e in coast_edges(geography, t, faces) for p in e)
        tips = [p for p, n in ends.items() if n == 1]
        if len(tips) != 2:
            raise GeographyError(f"{board.ids[t]}'s coast is not one unbroken stretch")
        following = {p for e in coast_edges(geography, after, faces) for p in e}
        if not following & set(tips):
            raise GeographyError(
                f"{board.ids[t]}'s coast does not meet {board.ids[after]}'s,"
                " the next on the board's coastline"
            )


def _check_lakes(geography: Geography, board: Board) -> None:
    for lake in geography.lakes:
        if lake.between_territories:
            continue
        if not any(all(contains(r, p) for p in lake.ring) for r in geography.rings):
            raise GeographyError(f"{lake.name} lies in no single territory")


@cache
def geography() -> Geography:
    """The board's map, loaded and checked once."""
    return load_geography()
