"""Mombasa's bot knowledge: the heuristic player, the search knowledge IS-MCTS
uses, the rollout depth and the iterations per decision of the levels."""

from meeple.engine import BotKit
from meeple.games.mombasa.bots.heuristic import ROLLOUT_DEPTH, MombasaHeuristic, MombasaKnowledge

BOT_KIT = BotKit(
    heuristic=MombasaHeuristic,
    search=MombasaKnowledge(),
    rollout_depth=ROLLOUT_DEPTH,
    level_iterations={"medium": 40, "hard": 200},
)

__all__ = ["BOT_KIT"]
