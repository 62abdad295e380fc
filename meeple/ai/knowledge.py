"""Search's access to a game's knowledge (``Game.bots().search``), with the
defaults used where a game gives none. The protocols live in the engine contract
(``meeple.engine.bots``)."""

from __future__ import annotations

from typing import Any

from meeple.ai.winchance import CalibratedKnowledge, load_model
from meeple.engine import Game, GameState, Knowledge, NoKnowledge, Rng

__all__ = [
    "Knowledge",
    "NoKnowledge",
    "knowledge_for",
    "preferred_depth",
    "root_options",
]


def preferred_depth(game: Game[Any], default: int) -> int:
    """The rollout depth a game's bot kit asks for, else ``default``."""
    depth = game.bots().rollout_depth
    return default if depth is None else depth


def root_options(
    knowledge: Knowledge, game: Game[Any], state: GameState, seat: int, rng: Rng
) -> list[int]:
    """The branches of the search root: the knowledge's shortlist."""
    return knowledge.shortlist(game, state, seat, game.legal_actions(state, seat), rng)


def knowledge_for(game: Game[Any]) -> Knowledge | None:
    """The search knowledge of ``game``, or None (search plays to the end). Where the
    game ships a win-chance model (``meeple.ai.winchance``), its cut-off evaluation
    is the model's calibrated chances; the rest stays the game's knowledge."""
    found = game.bots().search
    model = load_model(game) if found is not None else None
    return found if found is None or model is None else CalibratedKnowledge(found, model)
