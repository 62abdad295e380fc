"""The per-game presentation hooks the generic server and client use.

A game package may hold an ``svg`` module with ``render_svg(view) -> str`` and,
optionally, ``seat_status(view, seat) -> str`` (what a seat is doing, e.g.
"writing orders", "sealed"), ``panel(view, seat) -> dict`` (facts for the
player's panel) and ``PUBLIC_VIEW = True`` (a game that hides nothing). Without
them the server falls back to generic wording.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType
from typing import Any

from meeple.engine import Game

PHASE_VERBS = {"writing": "writing orders", "diplomacy": "negotiating"}


@cache
def presentation(game_name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"meeple.games.{game_name}.svg")
    except ModuleNotFoundError:
        return None


def public_view(game: Game[Any]) -> bool:
    """True if the game declares (``PUBLIC_VIEW = True`` in its svg module) that every
    seat's view is the spectator's with its own ``seat``: the server then builds one."""
    module = presentation(game.name)
    return bool(getattr(module, "PUBLIC_VIEW", False))


def render_svg(game: Game[Any], view: dict[str, Any]) -> str | None:
    method = getattr(game, "render_svg", None)
    if callable(method):
        return str(method(view))
    module = presentation(game.name)
    if module is not None and hasattr(module, "render_svg"):
        return str(module.render_svg(view))
    return None


def seat_status(game: Game[Any], view: dict[str, Any], seat: int, waiting: list[int]) -> str:
    module = presentation(game.name)
    if module is not None and hasattr(module, "seat_status"):
        return str(module.seat_status(view, seat))
    if seat in waiting:
        phase = str(view.get("phase", ""))
        return PHASE_VERBS.get(phase, "to decide")
    for flag in ("sealed", "ready"):
        marks = view.get(flag)
        if isinstance(marks, list) and seat < len(marks) and marks[seat]:
            return flag
    return "waiting"


def panel(game: Game[Any], view: dict[str, Any], seat: int) -> dict[str, Any]:
    """Scalar facts about one seat for its panel."""
    module = presentation(game.name)
    if module is not None and hasattr(module, "panel"):
        return dict(module.panel(view, seat))
    players = view.get("players")
    if isinstance(players, list) and seat < len(players) and isinstance(players[seat], dict):
        return {
            k: v
            for k, v in players[seat].items()
            if k not in ("seat", "name") and isinstance(v, int | str | bool | dict)
        }
    return {}
