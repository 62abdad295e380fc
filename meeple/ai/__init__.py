"""Bots that play through the engine contract only (views and legal actions).

``load_bots()`` imports every bot module so that each registers its names.
"""

from __future__ import annotations

import importlib

BOT_MODULES = (
    "meeple.ai.base",
    "meeple.ai.namibia_heuristic",
    "meeple.ai.africa1880_heuristic",
    "meeple.ai.africa1880_search",
    "meeple.ai.levels",
)


def load_bots() -> None:
    import meeple.games  # noqa: F401  (bots are registered per game)

    for module in BOT_MODULES:
        importlib.import_module(module)
