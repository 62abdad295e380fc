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

from typing import Any, NamedTuple

from meeple.ai.base import Bot, bot_names, register_bot
from meeple.ai.knowledge import preferred_depth
from meeple.ai.mcts import Budget, MctsBot
from meeple.engine import Game, GameState, Rng

ROLLOUT_DEPTH = 40  # atomic decisions before a game's evaluation judges a rollout
DEFAULT_ITERATIONS = {"medium": 40, "hard": 200}
CAPS_MS = {"medium": 900.0, "hard": 4500.0}  # time cap per decision
PROMISED_SECONDS = {"medium": 1, "hard": 5}  # what the caps promise people, per decision
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


# ---- the levels as people choose them ------------------------------------------------

# The levels for people, weakest first (docs/bots.md measures each against the one
# before it); then the experiments' fixed budgets, weakest first.
PEOPLE_LEVELS = ("random", "easy", "heuristic", "medium", "hard")
EXPERIMENT_LEVELS = ("mcts-lite", "mcts")


class Level(NamedTuple):
    """A bot as a lobby offers it: its name, one line for people, and whether it is
    one of the fixed-budget searches kept for experiments."""

    name: str
    summary: str
    experiment: bool


def bot_levels(game: Game[Any]) -> list[Level]:
    """Every bot ``game`` can seat, weakest first: the levels for people, a level only
    this game has (after them), then the experiments."""
    names = bot_names(game)
    known = PEOPLE_LEVELS + EXPERIMENT_LEVELS
    order = [
        *(n for n in PEOPLE_LEVELS if n in names),
        *(n for n in names if n not in known),
        *(n for n in EXPERIMENT_LEVELS if n in names),
    ]
    return [Level(n, level_summary(game, n), n in EXPERIMENT_LEVELS) for n in order]


def level_summary(game: Game[Any], name: str) -> str:
    """One line for people about bot ``name`` in ``game``."""
    kit = game.bots()
    if name in kit.summaries:
        return kit.summaries[name]
    if name in kit.players:
        return "this game's own bot"
    if name == "random":
        return "moves at random: for learning the rules"
    if name == "easy":
        if kit.heuristic is None:
            return "a short look ahead (30 sampled games a move): makes many mistakes"
        return "plays by rules of thumb, but one move in three at random"
    if name == "heuristic":
        return "plays by rules of thumb at once, without looking ahead"
    if name in CAPS_MS:
        iterations = level_budget(game, name).iterations
        how = "searches ahead" if name == "medium" else "searches deeper"
        promised = PROMISED_SECONDS[name]
        return f"{how}: {iterations} trial playouts a move, under {promised} s a move"
    if name == "mcts-lite":
        return "for experiments: 40 trial playouts a move in every game"
    if name == "mcts":
        return "for experiments: 200 trial playouts a move in every game"
    return "a bot"
