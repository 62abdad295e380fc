"""Africa 1880's bot knowledge: the heuristic player, the search knowledge of
``medium`` (IS-MCTS over atomic lines) and ``hard``, a planner of whole sheets."""

from meeple.engine import BotKit
from meeple.games.africa1880.bots.heuristic import AfricaHeuristic
from meeple.games.africa1880.bots.planner import AfricaPlanner
from meeple.games.africa1880.bots.search import AfricaSearchKnowledge

BOT_KIT = BotKit(
    heuristic=AfricaHeuristic,
    search=AfricaSearchKnowledge(),
    rollout_depth=AfricaSearchKnowledge.depth,
    players={"hard": AfricaPlanner},
    level_iterations={"medium": 15},
    summaries={
        "hard": "plans each turn's whole order sheet, trying it out against the sheets"
        " rivals are likely to write; up to 3 s a turn"
    },
)

__all__ = ["BOT_KIT"]
