"""New World's bot knowledge: the heuristic player, the search knowledge IS-MCTS
uses, the rollout depth and the iterations per decision of the levels."""

from meeple.engine import BotKit
from meeple.games.newworld.bots.heuristic import (
    ROLLOUT_DEPTH,
    NewWorldHeuristic,
    NewWorldKnowledge,
)

BOT_KIT = BotKit(
    heuristic=NewWorldHeuristic,
    search=NewWorldKnowledge(plans=True),
    rollout_depth=ROLLOUT_DEPTH,
    level_iterations={"medium": 40, "hard": 200},
)

__all__ = ["BOT_KIT"]
