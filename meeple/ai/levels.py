"""Named bots for every game: ``mcts`` and the levels people pick, easy to hard.

* ``easy``: the game's heuristic with one move in three chosen at random (where a
  game has no heuristic: IS-MCTS with 30 iterations).
* ``medium``: IS-MCTS with a 700 ms budget per decision (under 1 s a move).
* ``hard``: IS-MCTS with a 4 s budget per decision (under 5 s a move).
* ``mcts``, ``mcts-lite``: IS-MCTS with 200 or 40 iterations per decision, for
  experiments and benchmarks whose figures must not depend on the machine.

Budgets are per decision; a move made of several atomic decisions (a bid, an
order sheet) takes several budgets.
"""

from __future__ import annotations

from typing import Any

from meeple.ai.base import Bot, make_bot, register_bot
from meeple.ai.knowledge import preferred_depth
from meeple.ai.mcts import Budget, MctsBot
from meeple.engine import Game, GameState, Rng

ROLLOUT_DEPTH = 40  # atomic decisions before a game's evaluation judges a rollout
MEDIUM_MS = 700.0
HARD_MS = 4000.0
EASY_BLUNDER = 3  # one decision in this many is random


def mcts(game: Game[Any], seed: int, budget: Budget) -> MctsBot:
    depth = preferred_depth(game, ROLLOUT_DEPTH)
    return MctsBot(game, seed, budget, rollout="heuristic", depth=depth)


class EasyBot:
    """A fallible player: the game's heuristic, with some random decisions."""

    name = "easy"

    def __init__(self, game: Game[Any], seed: int) -> None:
        self.rng = Rng(seed)
        self.inner: Bot
        try:
            self.inner = make_bot("heuristic", game, seed)
        except ValueError:
            self.inner = mcts(game, seed, Budget(iterations=30))

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        if self.rng.below(EASY_BLUNDER) == 0:
            return self.rng.choice(game.legal_actions(state, seat))
        return self.inner.choose(game, state, seat)


register_bot("mcts", lambda game, seed: mcts(game, seed, Budget(iterations=200)))
register_bot("mcts-lite", lambda game, seed: mcts(game, seed, Budget(iterations=40)))
register_bot("easy", EasyBot)
register_bot("medium", lambda game, seed: mcts(game, seed, Budget(millis=MEDIUM_MS)))
register_bot("hard", lambda game, seed: mcts(game, seed, Budget(millis=HARD_MS)))
