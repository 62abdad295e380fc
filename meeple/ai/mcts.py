"""Information-set Monte Carlo tree search (single-observer IS-MCTS), for every game.

Each iteration samples a full state consistent with the searching seat's view
(``Game.determinize``), walks a tree of atomic decisions with UCT, restricted to
the actions available in that sample, expands one node, rolls out with the
uniform or the game's knowledge policy, and backs the result up.

Secret simultaneous decisions (several seats in ``to_act``): the searching seat's
own choices are tree nodes; the other seats' pending choices are chance events
drawn from the rollout policy and never enter the tree, so the search never
conditions on what an opponent wrote in secret (the sample does not know it).

The budget is a number of iterations, a time in milliseconds, or both (whichever
ends first; with both, the time is a cap and the search is otherwise the same on
every machine). Decisions with a single candidate return at once. A game's
knowledge may scale a decision's iteration count (opt-in ``iteration_share``;
without it every decision gets the budget's count).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from meeple.ai.knowledge import (
    Knowledge,
    NoKnowledge,
    knowledge_for,
    root_options,
)
from meeple.engine import Game, GameState, Rng

WIN_WEIGHT = 0.8  # terminal reward: share of the win, plus the rest by rank


@dataclass
class Node:
    """Statistics of the action that led here, for the seat that took it."""

    seat: int = -1
    visits: int = 0
    total: float = 0.0
    squares: float = 0.0  # sum of the squared rewards (the spread of the mean)
    available: int = 0
    children: dict[int, Node] = field(default_factory=dict)

    def mean_and_error(self) -> tuple[float, float]:
        """The mean reward and its squared standard error."""
        mean = self.total / self.visits
        variance = max(0.0, self.squares / self.visits - mean * mean)
        return mean, variance / self.visits

    def ucb(self, c: float) -> float:
        mean = self.total / self.visits
        return mean + c * math.sqrt(math.log(max(1, self.available)) / self.visits)


@dataclass(frozen=True)
class Budget:
    """Stop after ``iterations`` or ``millis``, whichever comes first (None: no limit)."""

    iterations: int | None = None
    millis: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.millis is None:
            raise ValueError("a search budget needs iterations, millis or both")


def terminal_rewards(game: Game[Any], state: GameState) -> list[float]:
    """Per seat: WIN_WEIGHT times its share of the win, plus the rest by rank."""
    result = game.result(state)
    n = len(result.scores)
    rewards = []
    for seat in range(n):
        won = WIN_WEIGHT / len(result.winners) if seat in result.winners else 0.0
        by_rank = (n - result.ranks[seat]) / max(1, n - 1)
        rewards.append(won + (1.0 - WIN_WEIGHT) * by_rank)
    return rewards


RANDOM_ROLLOUTS = NoKnowledge()  # the rollouts of ``rollout="random"``: uniform


class MctsBot:
    """IS-MCTS for one seat; see the module docstring.

    ``rollout``: "random" (uniform) or "heuristic" (the game's knowledge policy).
    ``depth``: rollout length before the knowledge's evaluation judges the sample
    (None, or a game without knowledge: play to the end).
    """

    name = "mcts"

    def __init__(
        self,
        game: Game[Any],
        seed: int,
        budget: Budget,
        rollout: str = "heuristic",
        depth: int | None = None,
        exploration: float = 0.7,
    ) -> None:
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random' or 'heuristic', not {rollout!r}")
        self.rng = Rng(seed)
        self.budget = budget
        found = knowledge_for(game)
        self.knowledge: Knowledge = found or NoKnowledge()
        self.rollout_kind = rollout
        self.depth = depth if found is not None else None
        self.exploration = exploration
        self.last_iterations = 0

    @property
    def policy(self) -> Knowledge:
        """What plays the rollouts: the bot's knowledge as it is now (a knowledge set
        after construction plays them too), or uniform play for ``rollout="random"``."""
        return self.knowledge if self.rollout_kind == "heuristic" else RANDOM_ROLLOUTS

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        planned = self._decided(game, state, seat)
        if planned is not None:
            return planned
        candidates = root_options(self.knowledge, game, state, seat, self.rng)
        if len(candidates) == 1:
            return candidates[0]
        budget = self._decision_budget(game, state, seat, candidates)
        root = Node(seat=seat)
        start = time.perf_counter()
        done = 0
        while not self._spent(budget, done, start):
            sample = game.determinize(state, seat, self.rng)
            self._iterate(game, sample, seat, root, candidates)
            done += 1
            if done % 8 == 0 and self._settled(budget, root, done, start):
                break
        self.last_iterations = done
        return self._best(root, candidates)

    def _decided(self, game: Game[Any], state: GameState, seat: int) -> int | None:
        """The action of the knowledge's opt-in ``decide(game, state, seat, rng,
        iterations, millis, evaluate)``: a game's own search for the decisions it plans
        as a whole (New World's Planning Sheet), given the bot's iteration count, its
        time cap (None: none) and the cut-off evaluation the tree uses; None (or no
        ``decide``, the default) leaves the decision to the tree."""
        decide = getattr(self.knowledge, "decide", None)
        if decide is None:
            return None
        iterations, millis = self.budget.iterations or 0, self.budget.millis
        found = decide(game, state, seat, self.rng, iterations, millis, self.knowledge.evaluate)
        return None if found is None else int(found)

    def _decision_budget(
        self, game: Game[Any], state: GameState, seat: int, candidates: list[int]
    ) -> Budget:
        """The budget of this decision: the bot's, with its iteration count scaled by
        the knowledge's opt-in ``iteration_share(game, state, seat, candidates)`` (a
        positive factor: fewer iterations where a decision matters little, more where
        it matters much); the time cap stays. Without it (the default), the bot's."""
        share = getattr(self.knowledge, "iteration_share", None)
        if share is None or self.budget.iterations is None:
            return self.budget
        factor = float(share(game, state, seat, candidates))
        iterations = max(1, round(self.budget.iterations * factor))
        return Budget(iterations=iterations, millis=self.budget.millis)

    def _spent(self, budget: Budget, done: int, start: float) -> bool:
        limit, millis = budget.iterations, budget.millis
        if limit is not None and done >= limit:
            return True
        return millis is not None and (time.perf_counter() - start) * 1000.0 >= millis

    def _settled(self, budget: Budget, root: Node, done: int, start: float) -> bool:
        """True when no other root action can overtake the most visited one in the
        iterations the budget still allows."""
        visits = sorted((child.visits for child in root.children.values()), reverse=True)
        if len(visits) < 2:
            return False
        return visits[0] - visits[1] > self._iterations_left(budget, done, start)

    @staticmethod
    def _iterations_left(budget: Budget, done: int, start: float) -> float:
        """What the budget still allows. With an iteration count, the clock is only a
        safety cap and does not enter the estimate, so the choice does not depend on
        the machine's speed or load."""
        if budget.iterations is not None:
            return float(budget.iterations - done)
        assert budget.millis is not None  # a Budget has one or the other
        elapsed = time.perf_counter() - start
        return done / max(elapsed, 1e-9) * (budget.millis / 1000.0 - elapsed)

    def _best(self, root: Node, candidates: list[int]) -> int:
        visited = [(child.visits, child.total, a) for a, child in root.children.items()]
        if not visited:
            return self.rng.choice(candidates)
        return self._trusted(root, candidates[0], max(visited)[2])

    def _trusted(self, root: Node, own: int, best: int) -> int:
        """``best``, unless the knowledge sets ``trust`` (a number of standard errors)
        and ``best`` does not beat the knowledge's own choice (its shortlist's first)
        by that much: then the search could not tell them apart, and the knowledge's
        choice stands rather than noise. Without ``trust`` (default 0), ``best``."""
        trust = float(getattr(self.knowledge, "trust", 0.0))
        baseline = root.children.get(own)
        if trust <= 0.0 or best == own or baseline is None or baseline.visits < 2:
            return best
        mean, error = root.children[best].mean_and_error()
        own_mean, own_error = baseline.mean_and_error()
        return best if mean - own_mean > trust * math.sqrt(error + own_error) else own

    # ---- one iteration --------------------------------------------------------------

    def _iterate(
        self, game: Game[Any], sample: GameState, me: int, root: Node, root_options: list[int]
    ) -> int:
        """One iteration on ``sample``; returns the root action it went through
        (analysis tallies by it; a bot's choice does not use it)."""
        path = [root]
        node = root
        first = -1
        while not game.is_over(sample):
            seat = self._mover(game, sample, me)
            if seat is None:
                continue  # a chance event was applied
            if node is root:
                options = root_options
            else:
                legal = game.legal_actions(sample, seat)
                options = self.knowledge.candidates(game, sample, seat, legal)
            untried = [a for a in options if a not in node.children]
            if untried:
                action = self.rng.choice(untried)
                child = Node(seat=seat)
                node.children[action] = child
                game.apply(sample, seat, action)
                path.append(child)
                first = action if first < 0 else first
                break
            action, node = self._select(node, options)
            game.apply(sample, seat, action)
            path.append(node)
            first = action if first < 0 else first
        rewards = self._rollout(game, sample, me)
        for visited in path[1:]:
            visited.visits += 1
            reward = rewards[visited.seat]
            visited.total += reward
            visited.squares += reward * reward
        return first

    def _mover(self, game: Game[Any], sample: GameState, me: int) -> int | None:
        """The seat whose decision is a tree node, or None after applying a secret
        decision of another seat as a chance event."""
        waiting = game.to_act(sample)
        if len(waiting) == 1 or me in waiting:
            return me if me in waiting else waiting[0]
        other = waiting[0]
        legal = game.legal_actions(sample, other)
        game.apply(sample, other, self.policy.rollout(game, sample, other, legal, self.rng))
        return None

    def _select(self, node: Node, options: list[int]) -> tuple[int, Node]:
        """UCT over the children available in this sample (each counts one more
        availability, as in IS-MCTS)."""
        best = options[0]
        best_value = float("-inf")
        for action in options:
            child = node.children[action]
            child.available += 1
            value = child.ucb(self.exploration)
            if value > best_value:
                best, best_value = action, value
        return best, node.children[best]

    def _rollout(self, game: Game[Any], sample: GameState, me: int) -> list[float]:
        steps = 0
        while not game.is_over(sample):
            if (
                self.depth is not None
                and steps >= self.depth
                and self.knowledge.settled(game, sample)
            ):
                return self.knowledge.evaluate(game, sample, me)
            seat = game.to_act(sample)[0]
            legal = game.legal_actions(sample, seat)
            game.apply(sample, seat, self.policy.rollout(game, sample, seat, legal, self.rng))
            steps += 1
        return terminal_rewards(game, sample)
