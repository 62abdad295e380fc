"""The drawing of New World's map of the Americas, checked against the map data.

No public source gives the printed board's drawing, so the shapes in
``data/shapes.json`` are reconstructed (see its provenance field). Each Area is a
polygon of named points (x east, y south, in drawing units inside the frame);
unplayable land beyond the Areas (1.: "land depictions outside these Areas") is
drawn as outlands; each sea zone is a polygon that may run under the land, which is
drawn over it. The loader refuses a drawing that disagrees with ``data/map.json``:

* two Areas share a stretch of border if and only if the map connects them by land
  (they may meet at a single corner point, never along a line);
* an Area has coast (an edge no other land shape shares) if and only if it has an
  Anchorage; an island (no land connection) is all coast;
* every stretch of coast lies in exactly one sea zone, and every coastal Area has
  coast in the sea zone of its Anchorage;
* an Area's Anchorage dot lies in its sea zone, on no land;
* two sea zones share a line if and only if the map's ``sea_lines`` join them;
* an Area's label point lies inside its shape.

The file: ``provenance`` (``meeple.engine.provenance``; kind "reconstructed");
``frame`` [width, height]; ``points`` {name: [x, y]}, the corners
several shapes share; ``areas`` {letter: {"ring": [point name or [x, y], ...],
"anchorage_dot": [x, y] or null, optional "label": [x, y] (default: the shape's
centroid), optional "chips": "north" | "east" | "south" | "west" (the side of the
dot where what stands there is drawn; default: away from the coast)}};
``sea_zones`` {map.json sea id: {"ring": [...], "label": [x, y], optional
"upright": true}}; ``outlands`` [{"name", "ring"}].
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from meeple.engine.geometry import (
    Edge,
    Ring,
    bordering_pairs,
    centroid,
    contains,
    faces_by_edge,
    lone_edges,
    shared_edges,
    signed_area,
)
from meeple.engine.geometry import Point as Point
from meeple.engine.geometry import midpoint as midpoint
from meeple.engine.provenance import read_provenance
from meeple.games.newworld.board import (
    LETTERS,
    MapDataError,
    WorldMap,
    load_map,
)

DATA = Path(__file__).parent / "data" / "shapes.json"
WAYS = ("north", "east", "south", "west")  # sides of an Anchorage dot


class GeographyError(MapDataError):
    """The shapes file is malformed or disagrees with the map data."""


@dataclass(frozen=True)
class Outland:
    name: str
    ring: Ring


@dataclass(frozen=True)
class SeaShape:
    key: str  # the map's sea zone id ("4N")
    ring: Ring
    label: Point
    upright: bool  # its name runs down the page (a narrow zone)


@dataclass(frozen=True)
class Geography:
    """The drawing of the board; Areas indexed A=0 .. Z=25 like ``WorldMap.areas``."""

    width: float
    height: float
    rings: tuple[Ring, ...]
    labels: tuple[Point, ...]  # where an Area's letter, name and pieces go
    dots: tuple[Point | None, ...]  # each coastal Area's Anchorage dot
    chips: tuple[str | None, ...]  # where the dot's Fleets are written: a WAYS word or None
    seas: tuple[SeaShape, ...]
    outlands: tuple[Outland, ...]

    def sea(self, key: str) -> SeaShape:
        for shape in self.seas:
            if shape.key == key:
                return shape
        raise KeyError(f"no sea zone {key!r} in the drawing")


def load_geography(path: Path = DATA, world: WorldMap | None = None) -> Geography:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return parse_geography(raw, load_map() if world is None else world)


def parse_geography(raw: dict[str, Any], world: WorldMap) -> Geography:
    """Build the drawing from its JSON document; GeographyError on any fault."""
    origin = read_provenance(raw, "data/shapes.json", GeographyError)
    if origin.kind != "reconstructed":
        raise GeographyError("the shapes file's provenance must mark it reconstructed")
    width, height = (float(v) for v in raw["frame"])
    reader = _Reader(width, height, dict(raw["points"]))
    areas = dict(raw["areas"])
    if sorted(areas) != list(LETTERS):
        raise GeographyError(
            f"the shapes must draw exactly the Areas A to Z, not {''.join(sorted(areas))}"
        )
    rings = tuple(reader.ring(areas[letter]["ring"], f"Area {letter}") for letter in LETTERS)
    labels = tuple(
        reader.point(areas[letter]["label"], f"{letter}'s label")
        if areas[letter].get("label")
        else centroid(rings[k])
        for k, letter in enumerate(LETTERS)
    )
    dots = tuple(
        None
        if areas[letter].get("anchorage_dot") is None
        else reader.point(areas[letter]["anchorage_dot"], f"{letter}'s Anchorage dot")
        for letter in LETTERS
    )
    chips = tuple(_way(areas[letter].get("chips"), letter) for letter in LETTERS)
    seas = tuple(
        SeaShape(
            key=str(key),
            ring=reader.ring(entry["ring"], f"sea zone {key}"),
            label=reader.point(entry["label"], f"sea zone {key}'s label"),
            upright=bool(entry.get("upright", False)),
        )
        for key, entry in dict(raw["sea_zones"]).items()
    )
    outlands = tuple(
        Outland(name=str(o["name"]), ring=reader.ring(o["ring"], str(o["name"])))
        for o in raw.get("outlands", [])
    )
    drawing = Geography(width, height, rings, labels, dots, chips, seas, outlands)
    validate(drawing, world)
    return drawing


def _way(value: Any, letter: str) -> str | None:
    if value is None or value in WAYS:
        return value if value is None else str(value)
    raise GeographyError(f"{letter}'s chips go {value!r}: write one of {', '.join(WAYS)}")


class _Reader:
    """Points and rings of the file: a name from ``points`` or an inline [x, y]."""

    def __init__(self, width: float, height: float, points: dict[str, Any]) -> None:
        self.width = width
        self.height = height
        self.points = {str(k): self.point(v, f"point {k}") for k, v in points.items()}

    def point(self, value: Any, where: str) -> Point:
        if isinstance(value, str):
            if value not in self.points:
                raise GeographyError(f"{where} names unknown point {value!r}")
            return self.points[value]
        if not (isinstance(value, list) and len(value) == 2):
            raise GeographyError(f"{where}: a point is [x, y] or a point's name, not {value!r}")
        x, y = float(value[0]), float(value[1])
        if not (0 <= x <= self.width and 0 <= y <= self.height):
            raise GeographyError(
                f"{where}: ({x}, {y}) lies outside the frame {self.width} x {self.height}"
            )
        return x, y

    def ring(self, items: list[Any], where: str) -> Ring:
        ring = tuple(self.point(item, where) for item in items)
        if len(ring) < 3 or len(set(ring)) != len(ring):
            raise GeographyError(f"{where}: a polygon needs 3 or more distinct points")
        if signed_area(ring) == 0:
            raise GeographyError(f"{where}: the polygon encloses nothing")
        return ring


def land_faces(drawing: Geography) -> dict[Edge, list[int | str]]:
    """Which land shapes run along each edge: Area numbers and outland names."""
    areas: list[tuple[int | str, Ring]] = list(enumerate(drawing.rings))
    outlands = [(outland.name, outland.ring) for outland in drawing.outlands]
    return faces_by_edge([*areas, *outlands])


def drawn_borders(drawing: Geography) -> set[frozenset[int]]:
    """The pairs of Areas whose shapes share at least one edge."""
    return bordering_pairs(drawing.rings)


def coast_edges(
    drawing: Geography, area: int, faces: dict[Edge, list[int | str]] | None = None
) -> list[Edge]:
    """The Area's edges that no other land shape shares: its coast."""
    shapes = land_faces(drawing) if faces is None else faces
    return lone_edges(drawing.rings[area], shapes)


def seas_at(drawing: Geography, point: Point) -> list[str]:
    """The sea zones whose polygons hold ``point``."""
    return [s.key for s in drawing.seas if contains(s.ring, point)]


def sea_lines(drawing: Geography) -> dict[frozenset[str], list[Edge]]:
    """The edges two sea zones share (the sea-zone lines), by pair of zones."""
    return shared_edges(faces_by_edge((sea.key, sea.ring) for sea in drawing.seas))


def validate(drawing: Geography, world: WorldMap) -> None:
    """Check the drawing against the map data (see the module's docstring)."""
    faces = land_faces(drawing)
    for edge, shapes in faces.items():
        if len(shapes) > 2:
            raise GeographyError(f"more than two land shapes run along the edge {sorted(edge)}")
    _check_borders(drawing, world)
    _check_coasts(drawing, world, faces)
    _check_dots(drawing, world)
    _check_sea_lines(drawing, world)
    for sea in drawing.seas:
        if seas_at(drawing, sea.label) != [sea.key]:
            raise GeographyError(f"sea zone {sea.key}'s label must lie in that zone alone")
    for a, ring in enumerate(drawing.rings):
        if not contains(ring, drawing.labels[a]):
            raise GeographyError(f"Area {LETTERS[a]}'s label point lies outside its shape")


def _check_borders(drawing: Geography, world: WorldMap) -> None:
    drawn = drawn_borders(drawing)
    listed = {frozenset((a.index, b)) for a in world.areas for b in a.land}
    for pair in sorted(drawn ^ listed, key=sorted):
        a, b = (LETTERS[k] for k in sorted(pair))
        says = "connects" if pair in listed else "does not connect"
        raise GeographyError(
            f"the map {says} {a} and {b} by land, but their shapes"
            f" {'do not share' if pair in listed else 'share'} a border"
        )


def _check_coasts(drawing: Geography, world: WorldMap, faces: dict[Edge, list[int | str]]) -> None:
    keys = {s.key for s in world.seas}
    drawn_keys = {s.key for s in drawing.seas}
    if drawn_keys != keys:
        raise GeographyError(
            f"the shapes must draw the map's sea zones {sorted(keys)}, not {sorted(drawn_keys)}"
        )
    for area in world.areas:
        coast = coast_edges(drawing, area.index, faces)
        if bool(coast) != area.coastal:
            raise GeographyError(
                f"Area {area.letter} is {'coastal' if area.coastal else 'inland'} on the map"
                f" but {'has' if coast else 'has no'} coast in the drawing"
            )
        if not area.land and len(coast) != len(drawing.rings[area.index]):
            raise GeographyError(f"Area {area.letter} has no land connection: draw an island")
        zones: set[str] = set()
        for edge in coast:
            found = seas_at(drawing, midpoint(edge))
            if len(found) != 1:
                raise GeographyError(
                    f"Area {area.letter}'s coast at {midpoint(edge)} lies in"
                    f" {len(found)} sea zones {found}, not exactly one"
                )
            zones |= set(found)
        if area.coastal and world.sea_of(area.index).key not in zones:
            raise GeographyError(
                f"Area {area.letter} anchors in sea zone {world.sea_of(area.index).key}"
                f" but has no coast there (its coast is in {sorted(zones)})"
            )


def _check_dots(drawing: Geography, world: WorldMap) -> None:
    lands = [*drawing.rings, *(o.ring for o in drawing.outlands)]
    for area in world.areas:
        dot = drawing.dots[area.index]
        if (dot is None) == area.coastal:
            raise GeographyError(
                f"Area {area.letter} {'needs' if area.coastal else 'is inland and has no'}"
                " Anchorage dot"
            )
        if dot is None:
            continue
        key = world.sea_of(area.index).key
        if seas_at(drawing, dot) != [key]:
            raise GeographyError(
                f"Area {area.letter}'s Anchorage dot {dot} must lie in sea zone {key} alone,"
                f" not in {seas_at(drawing, dot)}"
            )
        if any(contains(ring, dot) for ring in lands):
            raise GeographyError(f"Area {area.letter}'s Anchorage dot {dot} lies on land")


def _check_sea_lines(drawing: Geography, world: WorldMap) -> None:
    drawn = set(sea_lines(drawing))
    listed = joined_zones(world)
    for pair in sorted(drawn ^ listed, key=sorted):
        a, b = sorted(pair)
        says = "joins" if pair in listed else "does not join"
        raise GeographyError(
            f"the map {says} sea zones {a} and {b} by a line, but the drawing disagrees"
        )


def joined_zones(world: WorldMap) -> set[frozenset[str]]:
    """The pairs of sea zones a single line separates: those whose line count no
    third zone can split (the map's ``lines`` are sailing distances)."""
    n = len(world.seas)
    far = world.lines
    return {
        frozenset((world.seas[a].key, world.seas[b].key))
        for a in range(n)
        for b in range(a + 1, n)
        if not any(c not in (a, b) and far[a][c] + far[c][b] <= far[a][b] for c in range(n))
    }


@cache
def geography() -> Geography:
    """The board's drawing, loaded and checked once."""
    return load_geography()
