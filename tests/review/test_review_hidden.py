"""A review judges a decision only with what its seat knew then.

Africa 1880 rulebook, 2) Writing Orders: each player writes in secret three types
of orders on their sheet. Two records that differ only in the
lines another seat wrote in secret before Red's decision must give Red's
decision the same verdict, and the same hints.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from meeple.engine import GameRecord, GameState, Rng, get_game, replay, start_record
from meeple.review import hints, review_record

AFRICA = get_game("africa1880")
RIVAL, SEAT = 2, 0


def writing_phase(seed: int) -> GameRecord:
    """A random 4-player record up to a writing phase after the first turn, where
    every seat still has its sheet to write."""
    config = AFRICA.make_config(4)
    state = AFRICA.new_game(config, seed)
    record = start_record(AFRICA, config, seed)
    rng = Rng(seed)
    while not AFRICA.is_over(state):
        view = AFRICA.view(state, 0)
        if view["phase"] == "writing" and view["turn"] >= 1 and len(AFRICA.to_act(state)) == 4:
            return record
        seat = rng.choice(AFRICA.to_act(state))
        action = rng.choice(AFRICA.legal_actions(state, seat))
        record.moves.append((seat, AFRICA.actions[action].text))
        AFRICA.apply(state, seat, action)
    raise AssertionError("the game ended first")


def with_secret_lines(start: GameRecord, seed: int, lines: int) -> tuple[GameRecord, GameState]:
    """``start`` plus ``lines`` random unsealed lines of RIVAL's sheet, then Red's
    first line (its last legal value, the same in both)."""
    record = GameRecord.from_json(start.to_json())
    state = replay(AFRICA, record)
    rng = Rng(seed)
    for _ in range(lines):
        legal = [a for a in AFRICA.legal(state, RIVAL) if a.text != "seal orders"]
        text = rng.choice(legal).text
        AFRICA.play(state, RIVAL, text)
        record.moves.append((RIVAL, text))
    before_red = state.clone()
    text = [a.text for a in AFRICA.legal(state, SEAT) if a.text != "seal orders"][-1]
    record.moves.append((SEAT, text))
    return record, before_red


@pytest.mark.parametrize("seed", [1, 7])
def test_a_seats_verdict_ignores_another_seats_secret_sheet(seed: int) -> None:
    start = writing_phase(seed)
    one, one_state = with_secret_lines(start, seed, 3)
    other, other_state = with_secret_lines(start, seed + 100, 5)
    assert AFRICA.view(one_state, SEAT) == AFRICA.view(other_state, SEAT)
    assert AFRICA.snapshot(one_state) != AFRICA.snapshot(other_state)  # the secrets differ

    verdicts = [
        review_record(AFRICA, record, iterations=60, seed=9, moves=[len(record.moves)])
        for record in (one, other)
    ]
    first, second = (v.decisions[0] for v in verdicts)
    assert first.seat == SEAT and not first.forced
    assert first.choices
    assert first == replace(second, move=first.move)  # the move numbers count the secret lines
    assert hints(AFRICA, one_state, SEAT, 60, seed=4) == hints(
        AFRICA, other_state, SEAT, 60, seed=4
    )
