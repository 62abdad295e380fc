"""Hero variants for nw_exp.py."""

from __future__ import annotations

from typing import Any

from meeple.engine import Game, GameState
from meeple.games.newworld.bots import policy
from meeple.games.newworld.bots.heuristic import NewWorldHeuristic, sample_of

HEROES: dict[str, Any] = {}


class Own(NewWorldHeuristic):
    """The heuristic with the search's own Climate weight."""

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        sample = sample_of(game.determinize(state, seat, self.rng))
        return policy.choose(game, sample, seat, legal, self.rng, policy.SEARCH_CLIMATE_WEIGHT)


HEROES["own"] = Own


from meeple.ai.mcts import Budget, MctsBot  # noqa: E402
from meeple.games.newworld.bots.heuristic import ROLLOUT_DEPTH, NewWorldKnowledge  # noqa: E402


class Exact(NewWorldKnowledge):
    """Rivals modelled as the heuristic without noise (the searcher keeps its noise)."""

    def __init__(self, noise_self: int = 10, noise_rivals: int = 0) -> None:
        super().__init__()
        self.noise_self = noise_self
        self.noise_rivals = noise_rivals

    def rollout(self, game, state, seat, legal, rng):  # type: ignore[no-untyped-def]
        if len(legal) == 1:
            return legal[0]
        noise = self.noise_self if seat == self.searcher else self.noise_rivals
        if noise and rng.below(noise) == 0:
            return rng.choice(legal)
        return policy.choose(game, sample_of(state), seat, legal, rng, self.climate_weight(seat))


def search(iterations: int, depth: int = ROLLOUT_DEPTH, knowledge: Any = None, **kw: Any) -> Any:
    def make(game: Game[Any], seed: int) -> MctsBot:
        bot = MctsBot(game, seed, Budget(iterations=iterations, millis=4500), depth=depth, **kw)
        if knowledge is not None:
            bot.knowledge.inner = knowledge()  # type: ignore[attr-defined]
        return bot

    return make


HEROES["h200"] = search(200)
HEROES["h600"] = search(600)
HEROES["h200x"] = search(200, knowledge=Exact)
HEROES["h200d10"] = search(200, depth=10)


import planner_knobs  # noqa: E402,F401
