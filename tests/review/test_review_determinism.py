"""A review is a function of the record, the seed and the budget (iterations per
decision): the same inputs give the same analysis, whichever other decisions are
reviewed with it, and the analysis round-trips through JSON."""

from __future__ import annotations

import json

import pytest
from review_support import bot_record

from meeple.engine import BadRecord, get_game
from meeple.review import REVIEW_VERSION, Review, review_record

GOOFSPIEL = get_game("goofspiel")
NAMIBIA = get_game("namibia")


def test_same_seed_and_budget_give_the_same_review() -> None:
    record, _ = bot_record("goofspiel", 3, 11, "random")
    first = review_record(GOOFSPIEL, record, iterations=40, seed=5)
    again = review_record(GOOFSPIEL, record, iterations=40, seed=5)
    assert json.dumps(first.to_json()) == json.dumps(again.to_json())
    assert len(first.decisions) == len(record.moves)
    assert any(not d.forced for d in first.decisions)


def test_another_seed_searches_other_samples() -> None:
    record, _ = bot_record("goofspiel", 3, 11, "random")
    one = review_record(GOOFSPIEL, record, iterations=40, seed=5)
    other = review_record(GOOFSPIEL, record, iterations=40, seed=6)
    assert [d.choices for d in one.decisions] != [d.choices for d in other.decisions]


def test_a_decisions_verdict_does_not_depend_on_which_others_are_reviewed() -> None:
    record, _ = bot_record("namibia", 3, 4, "heuristic")
    alone = review_record(NAMIBIA, record, iterations=24, seed=1, moves=[60])
    among = review_record(NAMIBIA, record, iterations=24, seed=1, moves=[20, 60, 100])
    assert [d.move for d in among.decisions] == [20, 60, 100]
    assert alone.decisions[0] == among.decisions[1]


def test_the_review_round_trips_through_json_and_names_its_version() -> None:
    record, _ = bot_record("goofspiel", 2, 3, "random")
    review = review_record(GOOFSPIEL, record, iterations=24, seed=0)
    raw = json.loads(json.dumps(review.to_json()))
    assert raw["version"] == REVIEW_VERSION
    assert Review.from_json(raw) == review
    with pytest.raises(BadRecord, match="review format version 0"):
        Review.from_json({**raw, "version": 0})


def test_progress_is_reported_after_each_decision() -> None:
    record, _ = bot_record("goofspiel", 2, 3, "random")
    seen: list[tuple[int, int]] = []
    review_record(
        GOOFSPIEL, record, iterations=16, moves=[1, 2, 3], progress=lambda d, t: seen.append((d, t))
    )
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_a_decision_with_one_legal_action_is_forced_and_not_searched() -> None:
    record, _ = bot_record("goofspiel", 2, 3, "random")
    review = review_record(GOOFSPIEL, record, iterations=16)
    forced = [d for d in review.decisions if d.forced]
    assert [d.move for d in forced] == [len(record.moves) - 1, len(record.moves)]  # last cards
    assert all(d.legal == 1 and d.before is None and not d.choices for d in forced)
    assert all(s.searched == (len(record.moves) - 2) // 2 for s in review.summary)


class Cancelled(Exception):
    """What a background job raises from the progress callback to stop a review."""


def test_a_review_stops_when_its_progress_callback_raises() -> None:
    record, _ = bot_record("goofspiel", 2, 3, "random")
    seen: list[int] = []

    def stop_after_two(done: int, total: int) -> None:
        seen.append(done)
        if done == 2:
            raise Cancelled

    with pytest.raises(Cancelled):
        review_record(GOOFSPIEL, record, iterations=16, progress=stop_after_two)
    assert seen == [1, 2]


def test_workers_give_the_same_review_as_one_process() -> None:
    record, _ = bot_record("namibia", 3, 4, "heuristic")
    moves = list(range(50, 80))  # move 67 is forced (one legal action)
    alone = review_record(NAMIBIA, record, iterations=12, seed=3, moves=moves)
    shared = review_record(NAMIBIA, record, iterations=12, seed=3, moves=moves, jobs=2)
    assert any(d.forced for d in alone.decisions) and any(not d.forced for d in alone.decisions)
    assert json.dumps(shared.to_json()) == json.dumps(alone.to_json())


def test_a_review_needs_a_worker() -> None:
    record, _ = bot_record("goofspiel", 2, 3, "random")
    with pytest.raises(ValueError, match="at least one worker, not 0"):
        review_record(GOOFSPIEL, record, iterations=16, jobs=0)
