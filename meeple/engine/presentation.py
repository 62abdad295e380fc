"""The drawing part of the contract: how adapters show a game from a seat's view.

Every method reads a view (``Game.view``), never a state. The defaults are
generic wording and no board; a game overrides what it can draw better. A board
may be drawn in two layers: ``board_layer`` (unchanging, depending only on the
game's config, so a server draws it once per config and a client fetches it
once per table) and ``overlay`` (what one state puts on top of it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from meeple.engine.controls import default_controls

JSON = dict[str, Any]
PanelValue = int | str | bool | dict[str, Any]
Explanation = dict[str, str | list[str]]
"""``{"phase": words, "decision": words, "rules": [help-page anchor, ...]}``."""
DiceRoll = dict[str, Any]
"""``{"label": str, "rolls": [int, ...]}``: dice one event rolled, for one purpose."""
LegendEntry = dict[str, str]
"""``{"symbol": a small SVG document, "meaning": words}``."""


class Presentation:
    """Generic presentation: no board, a status from ``to_act``, the view's player
    rows as panels. Subclass it in a game's ``svg`` module."""

    public_view: bool = False
    """True if every seat's view is the spectator's with its own ``seat`` and the
    drawing does not depend on the seat: a server then builds one view and one
    drawing per change."""

    def board_layer(self, view: JSON) -> str | None:
        """The unchanging board as an SVG document, or None for a one-layer drawing."""
        return None

    def overlay(self, view: JSON) -> str | None:
        """The SVG elements one state draws over ``board_layer`` in its coordinates;
        for a one-layer drawing, the whole board as an SVG document; None: no board."""
        return None

    def svg(self, view: JSON) -> str | None:
        """The whole board of a view as one SVG document (None: the game draws none)."""
        board = self.board_layer(view)
        if board is None:
            return self.overlay(view)
        return compose(board, self.overlay(view) or "")

    def seat_status(self, view: JSON, seat: int, waiting: Sequence[int]) -> str:
        """A few words on what ``seat`` is doing now ("to decide", "sealed")."""
        return "to decide" if seat in waiting else "waiting"

    def event_targets(self, view: JSON, event: JSON) -> list[str]:
        """The board elements (their ``data-target``) one logged event concerns, which
        a client highlights while the event is among the last moves; ``event`` is the
        event's JSON (kind, text, data). Default: none (the client says the move in
        words only)."""
        return []

    def confirm(self, view: JSON, action: str, legal: Sequence[str]) -> str | None:
        """The question a client asks before playing ``action`` (one of ``legal``) when
        it cannot be taken back or is rarely meant (sealing orders, a bid of all one's
        money, ending a turn with actions left), in the game's words; None: play it
        without asking. Default: never ask."""
        return None

    def controls(self, view: JSON, legal: Sequence[str]) -> list[JSON]:
        """The decision of ``legal`` (the seat's legal action texts, never empty) as
        the entries a client draws: amounts, named choices and board choices, in the
        form ``meeple.engine.controls`` states. Every legal action must be offered by
        exactly one entry and nothing else (a server that finds otherwise draws the
        default instead). Default: ``default_controls`` over ``action_labels``: the
        actions grouped by their first word, a group differing only in one number as
        an amount, no row of more than ``ROW_LIMIT`` options without sub-headings."""
        return default_controls(legal, self.action_labels(view, legal))

    def plays_itself(self, view: JSON, action: str) -> bool:
        """May a client play ``action`` for the seat when it is the seat's only legal
        action ("end combat", "total units")? False for a step that reveals or
        commits something the player should see himself (sealing orders, revealing a
        plan, "ready" that ends his talks). The client plays it only where its player
        lets it, never while a question waits or during a timed phase. Default: yes,
        unless ``confirm`` asks a question before it."""
        return self.confirm(view, action, [action]) is None

    first_section: str | None = None
    """The heading of the game's first part when no logged event begins it (Mombasa
    logs no "round 1"): that part begins at the first ``phase`` heading logged before
    any ``section`` heading. None: such phases stay in the setup."""

    def section(self, event: JSON) -> str | None:
        """A heading when this logged event (its JSON: kind, text, data) begins a new
        part of the story, a round, a game turn or a year ("Round 3"), which clients
        group the log and a replay's jumps by; None: the event continues the part
        before it (a heading equal to the current part's also continues it). Only
        public events begin parts. Default: an event of kind "round" or "turn" begins
        a part headed by its own text."""
        if event.get("kind") in ("round", "turn"):
            return str(event.get("text") or event.get("kind"))
        return None

    def phase(self, event: JSON) -> str | None:
        """A heading when this logged event begins a new phase within the current part
        ("Shipping"); None, or the current phase's heading, continues it. A new part
        ends the phase before it. Only public events begin phases. Default: none."""
        return None

    def event_dice(self, event: JSON) -> list[DiceRoll]:
        """The dice this logged event rolled, read from its JSON (kind, text, data), as
        ``{"label": what they were rolled for, "rolls": [1-6, ...]}`` groups, for
        clients to draw as die faces. Default: none."""
        return []

    def seat_colour(self, seat: int, name: str) -> str:
        """The CSS colour the clients draw ``seat`` (named ``name``, e.g. "Red" or
        "France") in, in the log, the panels and the replay's curves. Default: the
        colour the name says, else one of a fixed palette by seat."""
        return NAMED_COLOURS.get(name.lower(), PALETTE[seat % len(PALETTE)])

    def explain(self, view: JSON) -> Explanation | None:
        """What the phase the view is in and the decision pending in it do and cost,
        in a sentence or two each, in the game's own words (never the rulebook's), for
        a line shown above the choices: ``{"phase": str, "decision": str, "rules":
        [anchor, ...]}``, the anchors naming sections of the game's "how to play" page
        that tell more. It reads the view only, so it says nothing the seat may not
        know. None: nothing to explain (the game over). Default: None."""
        return None

    def legend(self, view: JSON) -> list[LegendEntry]:
        """Every symbol the board drawing uses, each as ``{"symbol": svg, "meaning":
        str}``: ``symbol`` a small, self-contained SVG document drawn with the same
        shapes and classes as the board (no reference to the board's <defs>),
        ``meaning`` what it stands for in the game's words. Like ``board_layer`` it
        depends only on the game's config (a server computes it once per config).
        Default: none."""
        return []

    def action_labels(self, view: JSON, legal: Sequence[str]) -> dict[str, str]:
        """The words a button shows for legal actions the game can say better than
        their texts (which stay what is played, typed and recorded), by text; an
        action left out shows its text. Default: none relabelled."""
        return {}

    def panel(self, view: JSON, seat: int) -> dict[str, PanelValue]:
        """Scalar facts about one seat for its panel, labelled in the game's words."""
        players = view.get("players")
        if isinstance(players, list) and seat < len(players) and isinstance(players[seat], dict):
            return {
                k: v
                for k, v in players[seat].items()
                if k not in ("seat", "name") and isinstance(v, int | str | bool | dict)
            }
        return {}


# Seat colours: the names games give their seats, then a palette for the rest.
NAMED_COLOURS = {
    "red": "#c62828",
    "blue": "#1565c0",
    "green": "#2e7d32",
    "orange": "#ef6c00",
    "yellow": "#c9a300",
    "purple": "#6a1b9a",
    "black": "#333333",
    "white": "#9e9e9e",
    "brown": "#6d4c41",
    "pink": "#d81b60",
}
PALETTE = ("#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#6d4c41", "#d81b60", "#00838f")


def explain_phase(
    view: JSON,
    phases: Mapping[str, tuple[str, Sequence[str]]],
    decision: Callable[[JSON, str], str],
) -> Explanation | None:
    """An ``explain`` answer for a game whose phases are listed: ``phases`` gives each
    phase's words and help-page anchors, ``decision(view, phase)`` the words of the
    decision at hand; None for a phase not listed."""
    phase = str(view.get("phase", ""))
    if phase not in phases:
        return None
    words, anchors = phases[phase]
    return {"phase": words, "decision": decision(view, phase), "rules": list(anchors)}


def compose(board: str, overlay: str) -> str:
    """The whole board: the overlay's elements drawn last inside the board's <svg>."""
    end = board.rindex("</svg>")
    return f'{board[:end]}<g class="overlay">{overlay}</g>{board[end:]}'
