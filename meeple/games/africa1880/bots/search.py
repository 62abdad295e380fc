"""Search knowledge for Africa 1880: IS-MCTS that expects its rivals to play like the
heuristic bot, and judges a sample only once the orders of a turn are resolved.
(``medium`` and the ``mcts`` bots use it; ``hard`` is the whole-sheet planner of
``meeple.games.africa1880.bots.planner``.)

The rollout policy is the heuristic of ``meeple.games.africa1880.bots.heuristic`` (one
decision in ``NOISE`` is uniform, so that rivals are not perfectly predictable);
it reads each rollout seat's view of the *sample*, so secret orders of the true
state are never seen. Rollouts stop at the first point after ``depth`` steps where
no order sheet is open, and the heuristic module's worth judges the position.
"""

from __future__ import annotations

import math
from typing import Any

from meeple.engine import Game, GameState, Rng
from meeple.games.africa1880.bots.heuristic import JSON, AfricaHeuristic, worth

NOISE = 8
DIPLOMACY = ("war on ", "alliance with ")
SHEET = frozenset({"seal orders", "revise orders"})  # branches only once a sheet is full
WIDTH = 3  # order lines branch on the heuristic's three favourites
SPREAD = 3.0  # points of worth that make one seat e times likelier to win


class AfricaSearchKnowledge:
    """Heuristic rollouts to the end of the turn, then the heuristic's worth."""

    depth = 1

    def rollout(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> int:
        if rng.below(NOISE) == 0:
            return rng.choice(legal)
        # a fresh heuristic per decision: its tie-breaks come from the search's rng
        return AfricaHeuristic(game, rng.next_u64()).choose(game, state, seat)

    def candidates(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int]
    ) -> list[int]:
        """Every order is a branch; a diplomatic line before the last turn keeps the
        heuristic's tit-for-tat answer (a rollout ends with the turn, too soon to
        see a betrayal answered), while on the last turn both answers are open."""
        texts = [game.actions[i].text for i in legal]
        view = game.view(state, seat)
        if not any(text.startswith(DIPLOMACY) for text in texts):
            return self._preferred(game, view, seat, legal, texts)
        if view["turn"] >= view["turns"]:
            return legal
        return [AfricaHeuristic(game, 0).choose(game, state, seat)]

    @staticmethod
    def _preferred(
        game: Game[Any], view: JSON, seat: int, legal: list[int], texts: list[str]
    ) -> list[int]:
        """The heuristic's WIDTH favourite orders, never sealing a half-written sheet."""
        offered = dict(zip(texts, legal, strict=True))
        wishes = AfricaHeuristic(game, 0).wishes(view, seat, offered)
        ranked = list(dict.fromkeys(offered[t] for t in wishes if t in offered))
        if not ranked:
            ranked = [i for i, text in zip(legal, texts, strict=True) if text not in SHEET]
        return ranked[:WIDTH] or legal

    def settled(self, game: Game[Any], state: GameState) -> bool:
        return bool(game.view(state, None)["phase"] != "writing")

    def evaluate(self, game: Game[Any], state: GameState, observer: int) -> list[float]:
        """A softmax of the heuristic module's worth, sharper than its own."""
        values = worth(game.view(state, observer))
        top = max(values)
        weights = [math.exp((v - top) / SPREAD) for v in values]
        total = sum(weights)
        return [w / total for w in weights]
