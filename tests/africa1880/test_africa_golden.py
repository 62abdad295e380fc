"""Golden transcript: a whole seeded game (two heuristic and two random players)
whose record and final result are checked in; replaying it must end the same way."""

from __future__ import annotations

from pathlib import Path

from meeple.engine import GameRecord, verify
from meeple.games.africa1880 import GAME

GOLDEN = Path(__file__).parent / "golden_africa1880_4p.json"


def test_golden_game_replays_to_its_recorded_result() -> None:
    record = GameRecord.load(GOLDEN)
    final = verify(GAME, record)  # raises BadRecord on any difference
    assert GAME.is_over(final)
    assert sum(final.colony) >= 1
