"""Search knowledge for Africa 1880: IS-MCTS that expects its rivals to play like the
heuristic bot, and judges a sample only once the orders of a turn are resolved.
(``medium`` and the ``mcts`` bots use it; ``hard`` is the whole-sheet planner of
``meeple.games.africa1880.bots.planner``.)

The rollout policy is the heuristic of ``meeple.games.africa1880.bots.heuristic`` (one
decision in ``NOISE`` is uniform, so that rivals are not perfectly predictable).
Rollouts stop at the first point after ``depth`` steps where no order sheet is
open, and the heuristic module's worth judges the position. Everything is read
from the *sample* through the game's sheet API (the public board and the deciding
seat's own line), never through views: building a view cost half the search's time.
"""

from __future__ import annotations

import math
from itertools import islice

from meeple.engine import GameState, Knowledge, Rng
from meeple.games.africa1880.bots.heuristic import AfricaHeuristic, AnyGame, preferences, worth
from meeple.games.africa1880.bots.sheets import TURNS, AfricaState, next_line, phase, turn

NOISE = 8
WIDTH = 3  # order lines branch on the heuristic's three favourites
SPREAD = 3.0  # points of worth that make one seat e times likelier to win


class AfricaSearchKnowledge(Knowledge):
    """Heuristic rollouts to the end of the turn, then the heuristic's worth."""

    depth = 1

    def rollout(
        self, game: AnyGame, state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> int:
        if rng.below(NOISE) == 0:
            return rng.choice(legal)
        # a fresh heuristic per decision: its tie-breaks come from the search's rng
        return AfricaHeuristic(game, rng.next_u64()).choose(game, state, seat)

    def candidates(self, game: AnyGame, state: GameState, seat: int, legal: list[int]) -> list[int]:
        """The heuristic's WIDTH favourites (a half-written sheet is never sealed).
        A diplomatic line before the last turn keeps the heuristic's tit-for-tat
        answer (a rollout ends with the turn, too soon to see a betrayal answered),
        while on the last turn both answers are open."""
        assert isinstance(state, AfricaState)
        ranked = preferences(state, seat)
        if phase(state) == "writing" and next_line(state, seat)[0] == "relation":
            return legal if turn(state) >= TURNS else list(islice(ranked, 1))
        return list(islice(ranked, WIDTH)) or legal

    def settled(self, game: AnyGame, state: GameState) -> bool:
        assert isinstance(state, AfricaState)
        return phase(state) != "writing"

    def evaluate(self, game: AnyGame, state: GameState, observer: int) -> list[float]:
        """A softmax of the heuristic module's worth, sharper than its own."""
        assert isinstance(state, AfricaState)
        values = worth(state)
        top = max(values)
        weights = [math.exp((v - top) / SPREAD) for v in values]
        total = sum(weights)
        return [w / total for w in weights]
