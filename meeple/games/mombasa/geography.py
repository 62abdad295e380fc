"""The shapes of Mombasa's map (``data/shapes.json``), checked against the map's data.

No public source gives the printed map's drawing, so the shapes are reconstructed
(the file's ``provenance`` says so, validated by ``meeple.engine.provenance``). The
contract, checked when the module loads (``ShapesError`` otherwise):

- one ring of points per region of ``map.json``, inside the frame;
- two regions' rings share an edge (the same two points, in either order) exactly
  when ``map.json`` joins them by a border, and never otherwise;
- an enclave's ring shares no edge: all its points lie inside the ring of the one
  region around it; no other ring has a point inside another region's ring;
- each company's base has a place (its box's centre) in the frame.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import combinations
from typing import Any

from meeple.engine.provenance import read_provenance
from meeple.games.mombasa.board import BOARD, COMPANIES

Point = tuple[float, float]
Ring = tuple[Point, ...]


class ShapesError(ValueError):
    """The shapes file is malformed or disagrees with the map's data."""


@dataclass(frozen=True)
class Shapes:
    frame: tuple[float, float]
    rings: tuple[Ring, ...]  # by region number (``BOARD.regions`` order)
    bases: tuple[Point, ...]  # by company number (``COMPANIES`` order)


def centroid(ring: Ring) -> Point:
    """The area's centre of a simple polygon."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return cx / (3 * area), cy / (3 * area)


def inside(point: Point, ring: Ring) -> bool:
    """Whether ``point`` lies strictly inside ``ring`` (even-odd; a point on an edge
    may answer either way, so checks use points that are not shared)."""
    x, y = point
    hit = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def edges(ring: Ring) -> set[frozenset[Point]]:
    return {frozenset(pair) for pair in zip(ring, ring[1:] + ring[:1], strict=True)}


def shared_borders(rings: Sequence[Ring]) -> set[tuple[int, int]]:
    """The pairs of regions (lower number first) whose rings share an edge."""
    sides = [edges(ring) for ring in rings]
    return {(a, b) for a, b in combinations(range(len(rings)), 2) if sides[a] & sides[b]}


def map_borders() -> set[tuple[int, int]]:
    """The pairs of regions ``map.json`` joins by a border."""
    return {(min(a, b), max(a, b)) for a, links in enumerate(BOARD.neighbours) for b, _ in links}


def enclaves() -> dict[int, int]:
    """Each enclave (a region with one neighbour) and the region around it."""
    return {r: links[0][0] for r, links in enumerate(BOARD.neighbours) if len(links) == 1}


def parse_shapes(raw: dict[str, Any]) -> Shapes:  # JSON edge
    """The drawing from its JSON document, checked; ``ShapesError`` on any fault."""
    origin = read_provenance(raw, "shapes.json", ShapesError)
    if origin.kind != "reconstructed":
        raise ShapesError("shapes.json: its provenance must mark the shapes reconstructed")
    width, height = (float(v) for v in raw["frame"])
    names = [region.name for region in BOARD.regions]
    if sorted(raw["regions"]) != sorted(names):
        raise ShapesError("shapes.json: one ring for each region of map.json, and no other")
    rings = tuple(tuple((float(x), float(y)) for x, y in raw["regions"][name]) for name in names)
    bases = tuple((float(raw["bases"][c][0]), float(raw["bases"][c][1])) for c in COMPANIES)
    for name, ring in zip(names, rings, strict=True):
        if len(set(ring)) < 3 or any(not (0 <= x <= width and 0 <= y <= height) for x, y in ring):
            raise ShapesError(f"shapes.json: {name}'s ring needs 3 points inside the frame")
    check_shapes(rings)
    return Shapes((width, height), rings, bases)


def check_shapes(rings: Sequence[Ring]) -> None:
    """Neighbours share a border, others do not; enclaves lie inside their region."""
    names = [region.name for region in BOARD.regions]
    wanted = {pair for pair in map_borders() if not set(pair) & set(enclaves())}
    drawn = shared_borders(rings)
    for a, b in sorted(wanted ^ drawn):
        verb = "must" if (a, b) in wanted else "must not"
        raise ShapesError(f"shapes.json: {names[a]} and {names[b]} {verb} share a border")
    around = enclaves()
    for r, ring in enumerate(rings):
        for other, points in enumerate(rings):
            if other == r:
                continue
            mine = set(ring)
            loose = [p for p in points if p not in mine]
            inner = [p for p in loose if inside(p, ring)]
            if around.get(other) == r and len(inner) != len(points):
                raise ShapesError(f"shapes.json: the enclave {names[other]} must lie in {names[r]}")
            if around.get(other) != r and inner:
                raise ShapesError(f"shapes.json: {names[other]} overlaps {names[r]}")


def load_shapes() -> Shapes:
    text = resources.files("meeple.games.mombasa").joinpath("data/shapes.json").read_text()
    return parse_shapes(json.loads(text))  # JSON edge


SHAPES = load_shapes()
