"""Goofspiel's bot knowledge: the heuristic player, the search knowledge IS-MCTS
uses, and the iterations per decision of the levels (a decision is one card)."""

from meeple.engine import BotKit
from meeple_goofspiel.bots.heuristic import GoofspielHeuristic, GoofspielKnowledge

BOT_KIT = BotKit(
    heuristic=GoofspielHeuristic,
    search=GoofspielKnowledge(),
    level_iterations={"medium": 100, "hard": 400},
)

__all__ = ["BOT_KIT"]
