"""Namibia's ``medium`` and ``hard``: IS-MCTS on the level's budget that keeps to
the heuristic's own choice unless the search's pick beats it clearly.

With a few hundred iterations the search's estimates of close options are mostly
noise, and following the most visited one plays worse than the heuristic's rules.
So at the root the heuristic's choice comes first (for the rule-decided kinds, the
heuristic's rule; for board decisions the shortlist's first already is its
lookahead's best) and the search's ``trust`` keeps it unless another option's mean
beats it by TRUST standard errors (``MctsBot._trusted``). Rollouts, candidates and
the cut-off are the search knowledge's own. ``hard`` is the same on its larger
budget, with rollouts that bid, buy and lead shipments by the heuristic's rules.
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.engine import Bot, GameState, Knowledge, Rng, WrappedKnowledge
from meeple.games.namibia.bots.heuristic import (
    RULED_KINDS,
    NamibiaHeuristic,
    OurGame,
    choose_bid,
    choose_buy,
    choose_rail_shipping,
    choose_shipment,
)
from meeple.games.namibia.state import NamibiaState
from meeple.games.namibia.view import NamibiaView, typed

TRUST = 1.0  # standard errors by which the search must beat the heuristic's choice
Rule = Callable[[OurGame, NamibiaView, int, list[int]], int]
ROLLOUT_RULES: dict[str, Rule] = {
    "pass": choose_bid,
    "bid": choose_bid,
    "buy": choose_buy,
    "ship": choose_shipment,
    "stop": choose_rail_shipping,
}
"""``hard``'s rollouts: per kind of a decision's first option, the heuristic's rule
that plays it (the bribe, reputation purchases, the shipment led); other decisions
are played as the search knowledge's rollouts play them."""


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


class RuledRollouts(HeuristicFirst):
    """``HeuristicFirst`` whose rollouts play the bribe, purchases and shipments by
    the heuristic's rules (ROLLOUT_RULES), so that a sampled future bids as players
    do rather than passing at random: slower (a view a ruled decision), stronger."""

    def rollout(
        self, game: OurGame, state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> int:
        rule = ROLLOUT_RULES.get(game.actions[legal[0]].kind)
        if rule is None or len(legal) == 1:
            return self.inner.rollout(game, state, seat, legal, rng)
        assert isinstance(state, NamibiaState)
        return rule(game, typed(game.view(state, seat)), seat, legal)  # JSON edge


def careful(level: str, ruled_rollouts: bool = False) -> Callable[[OurGame, int], Bot]:
    """The factory of ``level``'s search (its budget, rollouts and iteration shares),
    the heuristic's choice first and kept unless clearly beaten; with
    ``ruled_rollouts``, rollouts that play the heuristic's rules (RuledRollouts)."""
    kind = RuledRollouts if ruled_rollouts else HeuristicFirst

    def build(game: OurGame, seed: int) -> Bot:
        from meeple.ai.levels import level_budget, mcts  # the levels import the game kits

        bot = mcts(game, seed, level_budget(game, level))
        bot.knowledge = kind(bot.knowledge, game, seed)  # its rollouts too (MctsBot.policy)
        return bot

    return build
