"""Namibia's bot knowledge: the heuristic player, the search knowledge IS-MCTS
uses, the iterations per decision of the levels, and the ``medium`` and ``hard``
searches that keep to the heuristic's choice unless they find a clearly better one."""

from meeple.engine import BotKit
from meeple.games.namibia.bots.careful import careful
from meeple.games.namibia.bots.heuristic import NamibiaHeuristic, NamibiaKnowledge

BOT_KIT = BotKit(
    heuristic=NamibiaHeuristic,
    search=NamibiaKnowledge(),
    level_iterations={"medium": 200, "hard": 600},
    players={"medium": careful("medium"), "hard": careful("hard", ruled_rollouts=True)},
    summaries={
        "medium": "searches ahead: 200 trial playouts a move, keeping to its rules of"
        " thumb unless the search finds a clearly better move; under 1 s a move",
        "hard": "searches further: 600 trial playouts a move (more for the bribe), in"
        " which everyone bids and ships by its rules of thumb; keeps to those rules"
        " unless the search finds a clearly better move; about 1 s a move, under 5 s",
    },
)

__all__ = ["BOT_KIT"]
