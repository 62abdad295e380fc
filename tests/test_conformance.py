"""Level 1: the conformance battery over every registered game and player count."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.engine import Game, all_games
from meeple.engine.conformance import check_random_game

CASES = [
    (game, players)
    for game in all_games()
    for players in range(game.min_players, game.max_players + 1)
]

FULL_CHECK_GAMES = 4  # every property at every decision
SAMPLED_GAMES = 100  # every property at every 17th decision


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g.name}-{n}p" for g, n in CASES])
@pytest.mark.parametrize("seed", range(FULL_CHECK_GAMES))
def test_every_decision_meets_the_contract(game: Game[Any], players: int, seed: int) -> None:
    check_random_game(game, game.make_config(players), seed)


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g.name}-{n}p" for g, n in CASES])
def test_many_seeded_games_meet_the_contract(game: Game[Any], players: int) -> None:
    for seed in range(100, 100 + SAMPLED_GAMES):
        check_random_game(game, game.make_config(players), seed, every=17)
