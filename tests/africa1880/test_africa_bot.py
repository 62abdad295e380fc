"""The heuristic Africa 1880 bot: legal decisions from its view, better than random."""

from __future__ import annotations

from meeple.ai.base import bot_names, make_bot
from meeple.games.africa1880 import GAME


def test_heuristic_is_registered_for_africa1880() -> None:
    assert "heuristic" in bot_names("africa1880")


def test_heuristic_beats_random_players() -> None:
    wins = 0
    for seed in range(10):
        bots = [make_bot("heuristic", GAME, seed)]
        bots += [make_bot("random", GAME, seed + i) for i in (1, 2, 3)]
        state = GAME.new_game(GAME.make_config(4), seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[-1]
            GAME.play(state, seat, bots[seat].choose(GAME, state, seat))  # checked path
        wins += GAME.result(state).winners == (0,)
    assert wins >= 8
