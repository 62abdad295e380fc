"""Generic bots over the engine contract: the registry, IS-MCTS and the levels.

Per-game knowledge (heuristics, search knowledge, planners, level budgets) lives
in each game's folder and arrives through ``Game.bots()``. ``load_bots()``
imports the generic bot modules so that their names are registered.
"""

from __future__ import annotations

import importlib

BOT_MODULES = ("meeple.ai.base", "meeple.ai.levels")


def load_bots() -> None:
    for module in BOT_MODULES:
        importlib.import_module(module)
