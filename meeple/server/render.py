"""The per-game presentation hooks the generic server and client use.

A game package may hold an ``svg`` module with ``render_svg(view) -> str`` and,
optionally, ``render_board(view) -> str`` with ``render_overlay(view) -> str`` (the
board in two layers: the unchanging board, which must depend only on the game's
config, and what a state draws on top of it), ``seat_status(view, seat) -> str``
(what a seat is doing, e.g. "writing orders", "sealed"), ``panel(view, seat) ->
dict`` (facts for the player's panel) and ``PUBLIC_VIEW = True`` (a game that hides
nothing). Without them the server falls back to generic wording.
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
    seat's view is the spectator's with its own ``seat`` and that its drawing does not
    depend on ``seat``: the server then builds one view and one drawing per change."""
    module = presentation(game.name)
    return bool(getattr(module, "PUBLIC_VIEW", False))


def render_svg(game: Game[Any], view: dict[str, Any]) -> str | None:
    """The whole board of a view, as one SVG document."""
    method = getattr(game, "render_svg", None)
    if callable(method):
        return str(method(view))
    module = presentation(game.name)
    if module is not None and hasattr(module, "render_svg"):
        return str(module.render_svg(view))
    board = render_board(game, view)
    if board is not None:
        return compose(board, render_overlay(game, view) or "")
    return None


def layered(game: Game[Any]) -> bool:
    """True if the game draws its board in two layers (``render_board`` and
    ``render_overlay`` in its svg module)."""
    module = presentation(game.name)
    return hasattr(module, "render_board") and hasattr(module, "render_overlay")


def render_board(game: Game[Any], view: dict[str, Any]) -> str | None:
    """The unchanging board layer (an SVG document), or None for a one-layer game.

    It depends only on the game and its config, so the server draws it once per
    config and a client fetches it once per table."""
    if not layered(game):
        return None
    return str(presentation(game.name).render_board(view))  # type: ignore[union-attr]


def render_overlay(game: Game[Any], view: dict[str, Any]) -> str | None:
    """What one state draws: the SVG elements drawn on top of the board layer, in its
    coordinates; for a game without a board layer, its whole board (``render_svg``)."""
    if not layered(game):
        return render_svg(game, view)
    return str(presentation(game.name).render_overlay(view))  # type: ignore[union-attr]


def compose(board: str, overlay: str) -> str:
    """The whole board: the overlay's elements drawn last inside the board's <svg>."""
    end = board.rindex("</svg>")
    return f'{board[:end]}<g class="overlay">{overlay}</g>{board[end:]}'


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
