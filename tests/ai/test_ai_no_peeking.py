"""A bot decides from its own seat's information only.

Two Africa 1880 states differ only in the secret orders another seat has written;
for a fixed seed every bot must choose the same action in both.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.ai import load_bots
from meeple.ai.base import bot_names, make_bot
from meeple.ai.mcts import Budget, MctsBot
from meeple.engine import GameState, Rng, get_game

load_bots()
GAME = get_game("africa1880")


def writing_phase(seed: int) -> GameState:
    """A random 4-player game at the start of a writing-orders phase after turn 1."""
    state = GAME.new_game(GAME.make_config(4), seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        view = GAME.view(state, 0)
        if view["phase"] == "writing" and view["turn"] >= 1 and len(GAME.to_act(state)) == 4:
            return state
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    raise AssertionError("the game ended first")


def scribble(state: GameState, seat: int, seed: int, steps: int) -> GameState:
    """A copy where ``seat`` wrote ``steps`` random lines of its secret order sheet
    (never sealing it: that others see)."""
    twin = state.clone()
    rng = Rng(seed)
    for _ in range(steps):
        legal = [a for a in GAME.legal_actions(twin, seat) if GAME.actions[a].text != "seal orders"]
        GAME.apply(twin, seat, rng.choice(legal))
    return twin


def bot(name: str, seed: int) -> Any:
    if name == "mcts":
        return MctsBot(GAME, seed, Budget(iterations=15))
    return make_bot(name, GAME, seed)


@pytest.mark.parametrize("name", ["random", "heuristic", "easy", "mcts", "hard"])
@pytest.mark.parametrize("seed", [1, 7])
def test_choice_ignores_another_seats_secret_orders(name: str, seed: int) -> None:
    if name not in bot_names("africa1880"):
        pytest.skip(f"no {name} bot for africa1880")
    start = writing_phase(seed)
    one = scribble(start, 2, seed, 3)
    other = scribble(start, 2, seed + 100, 5)
    assert GAME.view(one, 0) == GAME.view(other, 0)
    assert GAME.snapshot(one) != GAME.snapshot(other)  # the hidden part does differ
    picks = {bot(name, 42).choose(GAME, state, 0) for state in (one, other)}
    assert len(picks) == 1
