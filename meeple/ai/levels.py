"""Named bots for every game: ``mcts`` and the levels people pick, easy to hard.

* ``easy``: the game's heuristic with one move in three chosen at random (where a
  game has no heuristic: IS-MCTS with 30 iterations).
* ``medium``, ``hard``: IS-MCTS with a per-game number of iterations per decision
  (the game's ``BotKit.level_iterations``, else ``DEFAULT_ITERATIONS``), capped
  at 900 ms (medium) or 4.5 s (hard) per decision.
  An iteration budget makes a level equally strong on every machine and its
  measured strength reproducible; the clock only guarantees the promised move
  times (medium under 1 s, hard under 5 s) on a slow or busy machine.
* ``mcts``, ``mcts-lite``: IS-MCTS with 200 or 40 iterations per decision in every
  game, for experiments.

A game may offer its own player under a level's name (``BotKit.players``), which
then takes precedence: Africa 1880's ``hard`` plans whole order sheets.

Budgets are per decision; a move made of several atomic decisions (a bid, an
order sheet) takes several budgets.
"""

from __future__ import annotations

from typing import Any

from meeple.ai.base import Bot, register_bot
from meeple.ai.knowledge import preferred_depth
from meeple.ai.mcts import Budget, MctsBot
from meeple.engine import Game, GameState, Rng

ROLLOUT_DEPTH = 40  # atomic decisions before a game's evaluation judges a rollout
DEFAULT_ITERATIONS = {"medium": 40, "hard": 200}
CAPS_MS = {"medium": 900.0, "hard": 4500.0}  # time cap per decision
EASY_BLUNDER = 3  # one decision in this many is random


def mcts(game: Game[Any], seed: int, budget: Budget) -> MctsBot:
    depth = preferred_depth(game, ROLLOUT_DEPTH)
    return MctsBot(game, seed, budget, rollout="heuristic", depth=depth)


class EasyBot:
    """A fallible player: the game's heuristic, with some random decisions."""

    name = "easy"

    def __init__(self, game: Game[Any], seed: int) -> None:
        self.rng = Rng(seed)
        heuristic = game.bots().heuristic
        self.inner: Bot = (
            mcts(game, seed, Budget(iterations=30)) if heuristic is None else heuristic(game, seed)
        )

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        if self.rng.below(EASY_BLUNDER) == 0:
            return self.rng.choice(game.legal_actions(state, seat))
        return self.inner.choose(game, state, seat)


register_bot("mcts", lambda game, seed: mcts(game, seed, Budget(iterations=200)))
register_bot("mcts-lite", lambda game, seed: mcts(game, seed, Budget(iterations=40)))
register_bot("easy", EasyBot)


def level_budget(game: Game[Any], level: str) -> Budget:
    """The budget of ``level`` ("medium" or "hard") in ``game``."""
    iterations = game.bots().level_iterations.get(level, DEFAULT_ITERATIONS[level])
    return Budget(iterations=iterations, millis=CAPS_MS[level])


register_bot("medium", lambda game, seed: mcts(game, seed, level_budget(game, "medium")))
register_bot("hard", lambda game, seed: mcts(game, seed, level_budget(game, "hard")))
