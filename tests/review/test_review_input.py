"""Bad input to a review or a hint is refused with a message that says what is
wrong and what would be right; grades follow their documented thresholds."""

from __future__ import annotations

import pytest
from review_support import bot_record

from meeple.engine import BadRecord, GameRecord, IllegalAction, get_game, replay
from meeple.review import GRADES, hints, review_record
from meeple.review.model import SIGNIFICANCE, grade

GOOFSPIEL = get_game("goofspiel")
NAMIBIA = get_game("namibia")


def goofspiel_record() -> GameRecord:
    record, _ = bot_record("goofspiel", 2, 3, "random")
    return record


def test_a_record_of_another_game_is_refused() -> None:
    with pytest.raises(BadRecord, match="record is of 'goofspiel', not 'namibia'"):
        review_record(NAMIBIA, goofspiel_record(), iterations=16)


def test_a_record_of_another_rules_version_is_refused() -> None:
    record = goofspiel_record()
    record.rules_version = "goofspiel-0"
    with pytest.raises(BadRecord, match="rules version 'goofspiel-0'"):
        review_record(GOOFSPIEL, record, iterations=16)


def test_a_move_that_does_not_replay_names_its_number() -> None:
    record = goofspiel_record()
    record.moves[1] = (record.moves[1][0], "bid 99")
    with pytest.raises(BadRecord, match=r"move 2 .* does not replay"):
        review_record(GOOFSPIEL, record, iterations=16)
    record.moves[1] = (7, "bid 1")
    with pytest.raises(BadRecord, match=r"move 2 names seat 7; seats are 0\.\.1"):
        review_record(GOOFSPIEL, record, iterations=16)
    with pytest.raises(BadRecord, match=r"move 2 names seat 7"):  # judging people only too
        review_record(GOOFSPIEL, record, iterations=16, people=["Ann", None])
    with pytest.raises(ValueError, match="people names 3 seats; the record has 2"):
        review_record(GOOFSPIEL, record, iterations=16, people=["Ann", None, None])


def test_a_budget_below_the_minimum_and_unknown_moves_are_refused() -> None:
    record = goofspiel_record()
    with pytest.raises(ValueError, match="at least 8 iterations per decision, not 2"):
        review_record(GOOFSPIEL, record, iterations=2)
    with pytest.raises(ValueError, match=r"moves \[99\] are not in the record \(1..26\)"):
        review_record(GOOFSPIEL, record, iterations=16, moves=[1, 99])


def test_a_hint_for_a_seat_without_a_decision_is_refused() -> None:
    record = goofspiel_record()
    finished = replay(GOOFSPIEL, record)
    with pytest.raises(IllegalAction, match="has no decision to make now"):
        hints(GOOFSPIEL, finished, 0, iterations=16)


def test_hints_are_the_searchs_three_best_with_every_seats_chance() -> None:
    record, _ = bot_record("namibia", 3, 4, "heuristic")
    state = replay(NAMIBIA, record, 40)
    seat = NAMIBIA.to_act(state)[0]
    while len(NAMIBIA.legal_actions(state, seat)) < 6:  # on to a real choice
        NAMIBIA.apply(state, seat, NAMIBIA.legal_actions(state, seat)[0])
        seat = NAMIBIA.to_act(state)[0]
    before = NAMIBIA.snapshot(state)
    given = hints(NAMIBIA, state, seat, iterations=90, seed=2)
    assert NAMIBIA.snapshot(state) == before  # asking for a hint changes nothing
    assert len(given) == 3
    assert [h.visits for h in given] == sorted((h.visits for h in given), reverse=True)
    legal = {a.text for a in NAMIBIA.legal(state, seat)}
    for h in given:
        assert h.action in legal
        assert h.win is not None and len(h.win) == 3
        assert all(0.0 <= chance <= 1.0 for chance in h.win)
    assert given == hints(NAMIBIA, state, seat, iterations=90, seed=2)


def test_grades_follow_the_thresholds_and_need_a_clear_signal() -> None:
    """Issue 28, point 2: each grade needs its share of the chance at stake and its
    floor in points; at 25% (a 4-player start) the shares are of 25 points."""
    first, second, worst = GRADES
    assert grade(0.25, 0.25 - 0.037, 0.0) is None  # 14.8% of the stake
    assert grade(0.25, 0.21, 0.0) == first.name
    assert grade(0.25, 0.17, 0.0) == second.name
    assert grade(0.25, 0.12, 0.0) == worst.name
    assert grade(0.25, 0.12, 0.13 / SIGNIFICANCE) == worst.name  # exactly at the significance bar
    assert grade(0.25, 0.12, 0.05) is None  # within the search's noise
    assert grade(0.3, 0.4, 0.0) is None  # a gain is no loss
