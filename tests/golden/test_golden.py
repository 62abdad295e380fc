"""Level 2: complete seeded games whose record and final position are checked in.

A change to the rules changes these games; regenerate them with
``python -m tests.golden.make_golden`` only together with a rules-version bump.
Every registered game has its random-play goldens (the generator writes them);
"kept" files are games played by bots, kept for their moves.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meeple.engine import Game, GameRecord, all_games, get_game, verify
from meeple.engine.conformance import random_playout
from tests.golden.make_golden import HERE, random_cases

FILES = sorted(HERE.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_to_the_checked_in_final_position(path: Path) -> None:
    data = json.loads(path.read_text())
    record = GameRecord.from_json(data["record"])
    game = get_game(record.game)
    state = verify(game, record)  # raises BadRecord if the stored result differs
    assert game.is_over(state)
    assert game.view(state, None) == data["final_view"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_random_golden_game_is_what_random_play_with_its_seed_produces(path: Path) -> None:
    data = json.loads(path.read_text())
    if data["policy"] != "random":
        pytest.skip("a game played by bots, kept for its moves")
    record = GameRecord.from_json(data["record"])
    game = get_game(record.game)
    _, again = random_playout(game, record.config, record.seed)
    assert again == record


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_registered_game_has_its_random_goldens(game: Game[Any]) -> None:
    for players, seed in random_cases(game):
        path = HERE / f"{game.name}-{players}p-{seed}.json"
        assert path.exists(), f"run python -m tests.golden.make_golden to write {path.name}"
