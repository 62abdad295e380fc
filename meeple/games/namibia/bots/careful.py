"""Namibia's ``medium`` and ``hard``: IS-MCTS on the level's budget that keeps to
the heuristic's own choice unless the search's pick beats it clearly.

With a few hundred iterations the search's estimates of close options are mostly
noise, and following the most visited one plays worse than the heuristic's rules.
So at the root the heuristic's choice comes first (for the rule-decided kinds, the
heuristic's rule; for board decisions the shortlist's first already is its
lookahead's best) and the search's ``trust`` keeps it unless another option's mean
beats it by TRUST standard errors (``MctsBot._trusted``). Rollouts, candidates and
the cut-off are the search knowledge's own. ``hard`` is the same on its larger
budget.
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.engine import Bot, GameState, Knowledge, Rng, WrappedKnowledge
from meeple.games.namibia.bots.heuristic import RULED_KINDS, NamibiaHeuristic, OurGame

TRUST = 1.0  # standard errors by which the search must beat the heuristic's choice


class HeuristicFirst(WrappedKnowledge):
    """A search knowledge whose root shortlist starts with the heuristic's choice
    and whose ``trust`` is TRUST; everything else is the wrapped knowledge's."""

    trust = TRUST

    def __init__(self, inner: Knowledge, game: OurGame, seed: int) -> None:
        super().__init__(inner)
        self.heuristic = NamibiaHeuristic(game, seed)

    def shortlist(
        self, game: OurGame, state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> list[int]:
        options = self.inner.shortlist(game, state, seat, legal, rng)
        if game.actions[legal[0]].kind not in RULED_KINDS:
            return options
        own = self.heuristic.choose(game, state, seat)
        return [own, *(i for i in options if i != own)]


def careful(level: str) -> Callable[[OurGame, int], Bot]:
    """The factory of ``level``'s search (its budget, rollouts and iteration shares),
    the heuristic's choice first and kept unless clearly beaten."""

    def build(game: OurGame, seed: int) -> Bot:
        from meeple.ai.levels import level_budget, mcts  # the levels import the game kits

        bot = mcts(game, seed, level_budget(game, level))
        bot.knowledge = HeuristicFirst(bot.knowledge, game, seed)
        return bot

    return build
