"""Grades that fit multi-player games (issue 28, point 2).

The measure is the loss as a share of the chance at stake (the deciding seat's
win chance before, taken at most 50%) with a floor in points per grade and the
search's noise taken into account. The figures are the issue's own, measured in a
4-player Namibia game with the estimate of the time: an all-in bid took Red from 8%
to 1% (graded only an inaccuracy by absolute points) and a skipped shipment lost
6.1% -> 5.1% (not marked).
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.engine import BadRecord
from meeple.review import GRADES, Decision, Review
from meeple.review.model import SIGNIFICANCE, at_stake, grade, graded, share_lost, summarise


def test_an_all_in_bid_from_8_to_1_percent_is_a_blunder() -> None:
    assert grade(0.08, 0.01, 0.0) == "blunder"
    assert grade(0.08, 0.01, 0.07 / SIGNIFICANCE) == "blunder"  # at the noise bar
    assert grade(0.08, 0.01, 0.03) is None  # a search that cannot tell them apart marks nothing


def test_a_skipped_shipment_from_6_1_to_5_1_percent_is_marked() -> None:
    assert grade(0.061, 0.051, 0.003) == "inaccuracy"


def test_above_a_coin_flip_the_measure_is_twice_the_points() -> None:
    assert at_stake(0.9) == at_stake(0.5) == 0.5 and at_stake(0.0) == 0.005
    assert share_lost(0.95, 0.70) == pytest.approx(0.5)
    assert grade(0.95, 0.70, 0.0) == "blunder"  # a won 2-player game thrown away
    assert grade(0.5, 0.38, 0.0) == "inaccuracy"  # 24% of the stake
    assert grade(0.96, 0.89, 0.0) is None  # 14% of the stake


def test_the_floor_in_points_keeps_noise_at_tiny_chances_unmarked() -> None:
    assert share_lost(0.004, 0.001) == pytest.approx(0.6)  # the stake is at least 0.5%
    assert grade(0.012, 0.006, 0.0) is None  # half the chance, but under one point
    assert grade(0.02, 0.01, 0.0) == "inaccuracy"  # halved, one point: no more
    assert grade(0.3, 0.4, 0.0) is None  # a gain is no loss


def test_grades_grow_with_both_their_measures() -> None:
    shares = [g.share for g in GRADES]
    points = [g.points for g in GRADES]
    assert shares == sorted(shares) and points == sorted(points)
    assert [g.name for g in GRADES] == ["inaccuracy", "mistake", "blunder"]


def searched(seat: int, before: float, after: float, error: float = 0.0) -> Decision:
    chances = [0.25] * 4
    played = list(chances)
    chances[seat], played[seat] = before, after
    loss = round(before - after, 4)
    return graded(Decision(1, seat, "x", 3, False, "y", chances, played, loss, error))


def version_one(decisions: list[Decision]) -> dict[str, Any]:
    """A review as version 1 wrote it: grades by points, no people, no shares."""
    review = Review(
        "namibia",
        "namibia-2",
        4,
        ["Red", "Blue", "Green", "Yellow"],
        1,
        0,
        60,
        9,
        True,
        decisions,
        summarise(decisions, ["Red", "Blue", "Green", "Yellow"]),
    )
    raw = review.to_json()
    for d in raw["decisions"]:
        d.pop("share")
        d["grade"] = "inaccuracy"  # 7 points lost: what version 1 said of the all-in bid
    for s in raw["summary"]:
        s.pop("mean_share"), s.pop("person")
    for key in ("people", "bots", "stake"):
        raw.pop(key)
    raw.update(version=1, thresholds={"inaccuracy": 0.05, "mistake": 0.12, "blunder": 0.25})
    return raw


def test_a_review_of_version_1_is_graded_again_on_load() -> None:
    review = Review.from_json(version_one([searched(0, 0.08, 0.01, 0.01)]))
    (decision,) = review.decisions
    assert decision.grade == "blunder" and decision.share == pytest.approx(0.875)
    assert review.version == 2 and review.thresholds["blunder"]["share"] == GRADES[-1].share
    assert review.summary[0].graded["blunder"] == 1


def test_a_review_of_an_unknown_version_fails_clearly() -> None:
    raw = version_one([searched(0, 0.08, 0.01)])
    with pytest.raises(BadRecord, match="review format version 7 is not 2; run the review again"):
        Review.from_json({**raw, "version": 7})
    del raw["decisions"]
    with pytest.raises(BadRecord, match="not a review"):
        Review.from_json(raw)


def test_the_summary_puts_the_people_first() -> None:
    decisions = [searched(seat, 0.3, 0.2) for seat in range(4)]
    names = ["Red", "Blue", "Green", "Yellow"]
    rows = summarise(decisions, names, [None, "Ann", None, ""])
    assert [(r.name, r.person) for r in rows] == [
        ("Blue", "Ann"),
        ("Yellow", ""),
        ("Red", None),
        ("Green", None),
    ]
    assert all(r.mean_share == pytest.approx(1 / 3, abs=0.001) for r in rows)
