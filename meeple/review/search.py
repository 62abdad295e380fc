"""The search a review runs: the bots' IS-MCTS with every seat's win chance tallied
per root action, and a second phase that checks the action actually played.

A decision is searched from its seat's information only: every iteration starts
from ``Game.determinize(state, seat, rng)``, as the bots' search does, so hidden
parts of the true state (other seats' secrets, the order of a deck) never enter
an estimate.

Phase one is the bots' search (``meeple.ai.levels.mcts``: the game's knowledge,
its rollout depth, the same exploration) over the root candidates, run for a
fixed number of iterations with no early stop. Its ranking of the root actions by
visits is the search's preference. Phase two sends every iteration through one
given action (the one played), so that its estimate rests on at least that many
samples even when phase one found it poor and visited it little.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from meeple.ai.knowledge import preferred_depth, root_options
from meeple.ai.levels import ROLLOUT_DEPTH
from meeple.ai.mcts import Budget, MctsBot, Node
from meeple.engine import Game, GameState


def win_shares(game: Game[Any], state: GameState) -> list[float]:
    """Per seat of a finished game: its share of the win (a tie for first shares it)."""
    winners = game.result(state).winners
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.config.players)]


@dataclass
class Tally:
    """The samples that went through one root action: every seat's summed win
    chance, and the deciding seat's sum of squares (for a standard error)."""

    count: int = 0
    sums: list[float] = field(default_factory=list)
    squares: float = 0.0

    def add(self, chances: list[float], seat: int) -> None:
        if not self.sums:
            self.sums = [0.0] * len(chances)
        self.count += 1
        for other, chance in enumerate(chances):
            self.sums[other] += chance
        self.squares += chances[seat] ** 2

    def means(self) -> list[float] | None:
        """Every seat's mean win chance, or None without samples."""
        return [total / self.count for total in self.sums] if self.count else None

    def error(self, seat: int) -> float:
        """Standard error of ``seat``'s mean (1.0, the widest, with under two samples)."""
        if self.count < 2:
            return 1.0
        mean = self.sums[seat] / self.count
        variance = max(0.0, self.squares / self.count - mean * mean)
        return math.sqrt(variance / (self.count - 1))


@dataclass
class RootStats:
    """What a search learned at its root: the candidates ranked by phase one's
    visits (best first), the visits, and per action the tally of every seat."""

    seat: int
    ranking: list[int]
    visits: dict[int, int]
    tallies: dict[int, Tally]


class AnalysisSearch(MctsBot):
    """IS-MCTS for analysis; see the module docstring. One instance per decision:
    its generator is seeded once, so the result depends only on the seed, the
    iterations and what the seat may know."""

    name = "analysis"

    def __init__(self, game: Game[Any], seed: int, iterations: int) -> None:
        depth = preferred_depth(game, ROLLOUT_DEPTH)
        super().__init__(game, seed, Budget(iterations=iterations), "heuristic", depth)
        self.outcome: list[float] = []

    def candidates(self, game: Game[Any], state: GameState, seat: int) -> list[int]:
        """The root branches the bots' search would consider (its shortlist)."""
        return root_options(self.knowledge, game, state, seat, self.rng)

    def run(
        self,
        game: Game[Any],
        state: GameState,
        seat: int,
        candidates: list[int],
        iterations: int,
        checked: tuple[int, int] | None = None,
    ) -> RootStats:
        """Phase one over ``candidates`` for ``iterations``; then, if ``checked`` is
        (action, n), n more iterations through that action (one of ``candidates``)."""
        root = Node(seat=seat)
        tallies = {action: Tally() for action in candidates}
        for _ in range(iterations):
            self._sample(game, state, seat, root, candidates, tallies)
        ranking = sorted(candidates, key=lambda a: self._rank_key(root, a), reverse=True)
        visits = {a: root.children[a].visits if a in root.children else 0 for a in candidates}
        if checked is not None:
            action, extra = checked
            for _ in range(extra):
                self._sample(game, state, seat, root, [action], tallies)
        return RootStats(seat, ranking, visits, tallies)

    @staticmethod
    def _rank_key(root: Node, action: int) -> tuple[int, float, int]:
        """The bots' order of preference: visits, then total reward, then index."""
        child = root.children.get(action)
        return (0, 0.0, action) if child is None else (child.visits, child.total, action)

    def _sample(
        self,
        game: Game[Any],
        state: GameState,
        seat: int,
        root: Node,
        options: list[int],
        tallies: dict[int, Tally],
    ) -> None:
        sample = game.determinize(state, seat, self.rng)
        action = self._iterate(game, sample, seat, root, options)
        tallies[action].add(self.outcome, seat)

    def _rollout(self, game: Game[Any], sample: GameState, me: int) -> list[float]:
        """The bots' rollout; besides, ``outcome`` keeps every seat's win chance at
        its end: the share of the win of a finished sample, else the knowledge's
        evaluation (which is a win chance; see ``Knowledge.evaluate``)."""
        rewards = super()._rollout(game, sample, me)
        self.outcome = win_shares(game, sample) if game.is_over(sample) else rewards
        return rewards
