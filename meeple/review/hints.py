"""Hints: the search's best choices for a seat at a live position, with every
seat's estimated win chance after each. The same search as a review's phase one,
from the seat's information only."""

from __future__ import annotations

from typing import Any

from meeple.engine import Game, GameState, IllegalAction
from meeple.review.model import Choice
from meeple.review.review import DEFAULT_ITERATIONS, check_iterations, choice
from meeple.review.search import AnalysisSearch

HINTS = 3


def hints(
    game: Game[Any],
    state: GameState,
    seat: int,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    count: int = HINTS,
) -> list[Choice]:
    """Up to ``count`` actions the search prefers for ``seat`` now, best first.

    With a single legal action, that action alone (not searched: no estimate).
    Raises ``IllegalAction`` if ``seat`` has no decision to make; ``state`` is not
    changed.
    """
    check_iterations(iterations)
    if game.is_over(state) or seat not in game.to_act(state):
        names = game.seat_names(state.config)
        who = names[seat] if 0 <= seat < len(names) else f"seat {seat}"
        raise IllegalAction("Turn order", f"{who} has no decision to make now, so no hint")
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return [Choice(game.actions[legal[0]].text, 0, 0, None)]
    search = AnalysisSearch(game, seed, iterations)
    stats = search.run(game, state, seat, search.candidates(game, state, seat), iterations)
    return [choice(game, stats, a) for a in stats.ranking[:count]]
