"""Level 2: complete seeded games whose record and final position are checked in.

A change to the rules changes these games; regenerate them with
``python -m tests.golden.make_golden`` only together with a rules-version bump.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple.engine import GameRecord, get_game, verify
from meeple.engine.conformance import random_playout

FILES = sorted(Path(__file__).parent.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_to_the_checked_in_final_position(path: Path) -> None:
    data = json.loads(path.read_text())
    record = GameRecord.from_json(data["record"])
    game = get_game(record.game)
    state = verify(game, record)
    assert game.view(state, None) == data["final_view"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_is_what_random_play_with_its_seed_produces(path: Path) -> None:
    data = json.loads(path.read_text())
    record = GameRecord.from_json(data["record"])
    game = get_game(record.game)
    _, again = random_playout(game, record.config, record.seed)
    assert again == record
