"""The plane geometry the games' map drawings are built on (meeple.engine.geometry)."""

from __future__ import annotations

import pytest

from meeple.engine.geometry import (
    bordering_pairs,
    centroid,
    contains,
    faces_by_edge,
    lone_edges,
    midpoint,
    ring_edges,
    shared_edges,
    signed_area,
)

# Two unit squares side by side, sharing the side x = 1, and a triangle on top of
# the left one, sharing its top side; listed counter-clockwise with y up.
LEFT = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
RIGHT = ((1.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0))
ROOF = ((0.0, 1.0), (1.0, 1.0), (0.5, 2.0))


def test_a_rings_edges_close_it_back_to_its_first_point() -> None:
    edges = ring_edges(ROOF)
    assert edges == [
        frozenset({(0.0, 1.0), (1.0, 1.0)}),
        frozenset({(1.0, 1.0), (0.5, 2.0)}),
        frozenset({(0.5, 2.0), (0.0, 1.0)}),
    ]


def test_the_signed_area_gives_the_size_and_the_turning_direction() -> None:
    assert signed_area(LEFT) == 1.0
    assert signed_area(ROOF) == 0.5
    assert signed_area(tuple(reversed(LEFT))) == -1.0


def test_the_centroid_is_the_centre_of_mass_in_either_direction() -> None:
    assert centroid(RIGHT) == pytest.approx((1.5, 0.5))
    assert centroid(tuple(reversed(ROOF))) == pytest.approx((0.5, 4 / 3))


def test_contains_tells_inside_from_outside_even_in_a_concave_ring() -> None:
    notch = ((0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (1.5, 1.0), (0.0, 3.0))
    assert contains(notch, (0.5, 2.0))
    assert contains(notch, (1.5, 0.5))
    assert not contains(notch, (1.5, 2.0)), "inside the notch is outside the shape"
    assert not contains(notch, (4.0, 1.0))


def test_the_midpoint_of_an_edge_ignores_the_order_of_its_ends() -> None:
    assert midpoint(frozenset({(2.0, 0.0), (0.0, 1.0)})) == (1.0, 0.5)


def test_shapes_that_run_along_the_same_edge_share_it() -> None:
    faces = faces_by_edge([("left", LEFT), ("right", RIGHT), ("roof", ROOF)])
    side = frozenset({(1.0, 0.0), (1.0, 1.0)})
    top = frozenset({(0.0, 1.0), (1.0, 1.0)})
    assert faces[side] == ["left", "right"]
    assert faces[top] == ["left", "roof"]
    assert shared_edges(faces) == {
        frozenset({"left", "right"}): [side],
        frozenset({"left", "roof"}): [top],
    }
    assert lone_edges(LEFT, faces) == [
        frozenset({(0.0, 0.0), (1.0, 0.0)}),
        frozenset({(0.0, 1.0), (0.0, 0.0)}),
    ], "the left square's coast: its bottom and its left side"


def test_shapes_meeting_at_one_corner_share_no_edge() -> None:
    corner = ((1.0, 1.0), (2.0, 1.0), (2.0, 2.0))
    assert shared_edges(faces_by_edge([(0, LEFT), (1, corner)])) == {}
    # The corner triangle meets LEFT at (1, 1) only but runs along RIGHT's top side.
    assert bordering_pairs([LEFT, corner, RIGHT, ROOF]) == {
        frozenset({0, 2}),
        frozenset({0, 3}),
        frozenset({1, 2}),
    }
