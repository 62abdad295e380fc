"""Plane geometry for drawn boards: polygons as rings of points, and the edges shapes share.

A game's geography module describes its map as polygons whose shared corners are
the same points, so two shapes border each other exactly where their rings run
along the same pair of points. These pure functions (no I/O) serve every such map.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

Point = tuple[float, float]
Ring = tuple[Point, ...]
Edge = frozenset[Point]  # the two ends of one side of a ring, in no order

Key = TypeVar("Key", bound=Hashable)


def ring_edges(ring: Sequence[Point]) -> list[Edge]:
    """The ring's sides in order, the last closing it back to the first point."""
    return [frozenset((ring[k], ring[(k + 1) % len(ring)])) for k in range(len(ring))]


def signed_area(ring: Sequence[Point]) -> float:
    """The shoelace area: positive for a ring turning counter-clockwise when y points
    up (so clockwise on a page whose y points down), negative the other way."""
    total = 0.0
    for k, (x1, y1) in enumerate(ring):
        x2, y2 = ring[(k + 1) % len(ring)]
        total += x1 * y2 - x2 * y1
    return total / 2


def centroid(ring: Sequence[Point]) -> Point:
    """The polygon's centre of mass (the ring must enclose some area)."""
    area = signed_area(ring)
    cx = cy = 0.0
    for k, (x1, y1) in enumerate(ring):
        x2, y2 = ring[(k + 1) % len(ring)]
        cross = x1 * y2 - x2 * y1
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return cx / (6 * area), cy / (6 * area)


def contains(ring: Sequence[Point], point: Point) -> bool:
    """Whether ``point`` lies inside the polygon (even-odd rule)."""
    x, y = point
    inside = False
    for k, (x1, y1) in enumerate(ring):
        x2, y2 = ring[(k + 1) % len(ring)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def midpoint(edge: Edge) -> Point:
    """The middle of one side."""
    (x1, y1), (x2, y2) = sorted(edge)
    return (x1 + x2) / 2, (y1 + y2) / 2


def faces_by_edge(shapes: Iterable[tuple[Key, Sequence[Point]]]) -> dict[Edge, list[Key]]:
    """Which shapes run along each edge, as the keys of the (key, ring) pairs given,
    in the order given."""
    faces: dict[Edge, list[Key]] = defaultdict(list)
    for key, ring in shapes:
        for edge in ring_edges(ring):
            faces[edge].append(key)
    return dict(faces)


def shared_edges(faces: Mapping[Edge, Sequence[Key]]) -> dict[frozenset[Key], list[Edge]]:
    """The edges exactly two shapes run along, by that pair of shapes' keys."""
    pairs: dict[frozenset[Key], list[Edge]] = defaultdict(list)
    for edge, keys in faces.items():
        if len(keys) == 2:
            pairs[frozenset(keys)].append(edge)
    return dict(pairs)


def bordering_pairs(rings: Sequence[Sequence[Point]]) -> set[frozenset[int]]:
    """The pairs of rings, by their index, that share at least one edge (rings
    meeting at a single corner point do not border each other)."""
    return set(shared_edges(faces_by_edge(enumerate(rings))))


def lone_edges(ring: Sequence[Point], faces: Mapping[Edge, Sequence[Hashable]]) -> list[Edge]:
    """The ring's edges that no other shape of ``faces`` runs along (a coast, when
    ``faces`` holds the land shapes)."""
    return [edge for edge in ring_edges(ring) if len(faces[edge]) == 1]
