"""Mombasa's heuristic player and the knowledge IS-MCTS uses.

The heuristic follows the rulebook's hints: use every card planned (advance the
tracks whose shares are worth most, buy cards, enter regions that uncover coins,
fill books, climb the diamond track) before ending one's phase, fill every open
slot when planning, and pick up the richest resting deck. Each of its choices is
applied to a copy of a determinized sample and the position that results is
judged by ``evaluation.estimate`` against the best rival; passive choices (end
the phase, stop, decline, forfeit, ready) are taken only when nothing else is
legal. It reads only samples, never the true state.
"""

from __future__ import annotations

from meeple.engine import Game, GameState, Knowledge, Rng
from meeple.games.mombasa.actions import (
    DECLINE_CALL,
    END,
    FORFEIT,
    PLAN,
    PLAYABLE_FACES,
    READY,
    SKIP,
    STOP_EXPANDING,
    STOP_INK,
)
from meeple.games.mombasa.board import BOARD
from meeple.games.mombasa.bots.evaluation import estimates, margin, win_chances
from meeple.games.mombasa.state import MombasaState

OurGame = Game[MombasaState]  # the game a bot is given: Mombasa's
PASSIVE = frozenset((*END, FORFEIT, SKIP, STOP_EXPANDING, STOP_INK, DECLINE_CALL, READY))
"""Choices that give up an action: taken only when nothing else is legal."""
ROLLOUT_PASSIVE_CHANCE = 8  # in rollouts, one decision in this many may be passive
ROLLOUT_DEPTH = 10  # atomic decisions before a rollout is judged by ``evaluate``
TIE_NOISE = 1e-3


def _face_units() -> dict[str, int]:
    out: dict[str, int] = {}
    for card in BOARD.cards:
        out[card.face] = max(out.get(card.face, 0), card.value)
    return out


FACE_UNITS = _face_units()
PLAN_WORTH = {
    PLAN[f][k]: FACE_UNITS[face] * 0.05 - k * 0.01
    for f, face in enumerate(PLAYABLE_FACES)
    for k in range(len(PLAN[f]))
}
"""A small preference among plans equal in estimate: strong cards, low slots first."""


def active_or_all(legal: list[int]) -> list[int]:
    """The legal actions that are not passive, or all of them if none is."""
    active = [a for a in legal if a not in PASSIVE]
    return active or legal


def greedy(game: OurGame, sample: MombasaState, seat: int, legal: list[int], rng: Rng) -> int:
    """The action whose resulting position has the best margin over the best rival."""
    options = active_or_all(legal)
    if len(options) == 1:
        return options[0]
    best, best_value = options[0], float("-inf")
    for action in options:
        twin = sample.clone()
        game.apply(twin, seat, action)
        value = margin(estimates(twin), seat) + PLAN_WORTH.get(action, 0.0)
        value += TIE_NOISE * rng.below(1000) / 1000
        if value > best_value:
            best, best_value = action, value
    return best


class MombasaHeuristic:
    """A greedy player by the rulebook's hints (see the module's docstring)."""

    name = "heuristic"

    def __init__(self, game: OurGame, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: OurGame, state: GameState, seat: int) -> int:
        assert isinstance(state, MombasaState)
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        return greedy(game, game.determinize(state, seat, self.rng), seat, legal, self.rng)


class MombasaKnowledge(Knowledge):
    """Cheap rollouts that rarely give up an action, the active actions as branches
    (a passive one only when nothing else is legal, as the heuristic plays), and a
    softmax of the estimates as the value of a rollout cut after ``ROLLOUT_DEPTH``."""

    def rollout(
        self, game: OurGame, state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> int:
        """One draw decides both: with chance 1/ROLLOUT_PASSIVE_CHANCE any legal
        action, else an active one, each uniformly (the bound is a multiple of 8,
        of the legal and of the active count, so both parts are exact)."""
        count = len(legal)
        if count == 1:
            return legal[0]
        active = [a for a in legal if a not in PASSIVE]
        if not active or len(active) == count:
            return legal[rng.below(count)]
        draw = rng.below(ROLLOUT_PASSIVE_CHANCE * count * len(active))
        if draw % ROLLOUT_PASSIVE_CHANCE == 0:
            return legal[draw // ROLLOUT_PASSIVE_CHANCE % count]
        return active[draw // ROLLOUT_PASSIVE_CHANCE % len(active)]

    def candidates(self, game: OurGame, state: GameState, seat: int, legal: list[int]) -> list[int]:
        return active_or_all(legal)

    def evaluate(self, game: OurGame, state: GameState, observer: int) -> list[float]:
        assert isinstance(state, MombasaState)
        return win_chances(estimates(state))
