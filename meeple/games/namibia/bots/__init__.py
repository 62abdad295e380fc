"""Namibia's bot knowledge: the heuristic player, the search knowledge IS-MCTS
uses, and the iterations per decision of the levels."""

from meeple.engine import BotKit
from meeple.games.namibia.bots.heuristic import NamibiaHeuristic, NamibiaKnowledge

BOT_KIT = BotKit(
    heuristic=NamibiaHeuristic,
    search=NamibiaKnowledge(),
    level_iterations={"medium": 200, "hard": 600},
)

__all__ = ["BOT_KIT"]
