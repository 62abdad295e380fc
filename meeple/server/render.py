"""The server's access to a game's presentation (``Game.presentation()``, part of
the engine contract): board layers, whole boards, seat status and panels."""

from __future__ import annotations

from typing import Any

from meeple.engine import Game
from meeple.engine.controls import contract_problems, default_controls
from meeple.engine.presentation import Explanation, LegendEntry, PanelValue, compose

__all__ = [
    "action_labels",
    "compose",
    "confirm",
    "confirm_questions",
    "controls",
    "event_targets",
    "explain",
    "legend",
    "panel",
    "plays_itself",
    "public_view",
    "render_board",
    "render_overlay",
    "render_svg",
    "seat_colour",
    "seat_status",
    "section",
]


def public_view(game: Game[Any]) -> bool:
    """True if every seat's view is the spectator's with its own ``seat`` and the
    drawing does not depend on the seat: the server then builds one view and one
    drawing per change."""
    return game.presentation().public_view


def render_svg(game: Game[Any], view: dict[str, Any]) -> str | None:
    """The whole board of a view, as one SVG document (None: the game draws none)."""
    return game.presentation().svg(view)


def render_board(game: Game[Any], view: dict[str, Any]) -> str | None:
    """The unchanging board layer (an SVG document), or None for a one-layer game.

    It depends only on the game and its config, so the server draws it once per
    config and a client fetches it once per table."""
    return game.presentation().board_layer(view)


def render_overlay(game: Game[Any], view: dict[str, Any]) -> str | None:
    """What one state draws: the SVG elements drawn on top of the board layer, in its
    coordinates; for a game without a board layer, its whole board."""
    return game.presentation().overlay(view)


def seat_status(game: Game[Any], view: dict[str, Any], seat: int, waiting: list[int]) -> str:
    return game.presentation().seat_status(view, seat, waiting)


def panel(game: Game[Any], view: dict[str, Any], seat: int) -> dict[str, PanelValue]:
    """Scalar facts about one seat for its panel."""
    return game.presentation().panel(view, seat)


def action_labels(game: Game[Any], view: dict[str, Any], legal: list[str]) -> dict[str, str]:
    """The buttons' words for those legal actions the game relabels, by text."""
    return game.presentation().action_labels(view, legal)


def event_targets(game: Game[Any], view: dict[str, Any], event: dict[str, Any]) -> list[str]:
    """The board elements (``data-target``) an event concerns, for highlighting."""
    return game.presentation().event_targets(view, event)


def section(game: Game[Any], event: dict[str, Any]) -> str | None:
    """The heading a logged event begins (a round, a turn, a phase), or None."""
    return game.presentation().section(event)


def seat_colour(game: Game[Any], seat: int, name: str) -> str:
    """The CSS colour a seat is drawn in by the clients."""
    return game.presentation().seat_colour(seat, name)


def confirm(game: Game[Any], view: dict[str, Any], action: str, legal: list[str]) -> str | None:
    """The question to ask before playing ``action``, or None."""
    return game.presentation().confirm(view, action, legal)


def explain(game: Game[Any], view: dict[str, Any]) -> Explanation | None:
    """What the current phase and decision do and cost, with help-page anchors."""
    return game.presentation().explain(view)


def legend(game: Game[Any], view: dict[str, Any]) -> list[LegendEntry]:
    """Every symbol of the board drawing, with its meaning (depends on the config)."""
    return game.presentation().legend(view)


def controls(game: Game[Any], view: dict[str, Any], legal: list[str]) -> list[dict[str, Any]]:
    """The decision as the entries a client draws (``meeple.engine.controls``). Entries
    that break the contract (an action left out, offered twice or not legal) are
    replaced by the generic ones, so no legal action is ever out of reach."""
    if not legal:
        return []
    presentation = game.presentation()
    entries = presentation.controls(view, legal)
    if contract_problems(entries, legal):
        return default_controls(legal, presentation.action_labels(view, legal))
    return entries


def confirm_questions(game: Game[Any], view: dict[str, Any], legal: list[str]) -> dict[str, str]:
    """The question to ask before each legal action that asks one, by action text."""
    presentation = game.presentation()
    asked = ((a, presentation.confirm(view, a, legal)) for a in legal)
    return {a: q for a, q in asked if q}


def plays_itself(game: Game[Any], view: dict[str, Any], legal: list[str]) -> str | None:
    """The seat's only legal action if the game lets a client play it for the seat
    (``Presentation.plays_itself``), else None. The caller adds the table's own
    conditions (no timed phase, no talks that "ready" would end)."""
    if len(legal) != 1:
        return None
    return legal[0] if game.presentation().plays_itself(view, legal[0]) else None
