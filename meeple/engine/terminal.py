"""The terminal part of the contract: how ``meeple play`` shows a game and helps a
person type its actions. Optional: every method has a generic default.

Every method reads a view (``Game.view``), never a state, so nothing a seat is
shown depends on what is hidden from it. Texts are plain (no markup); colour comes
from ``highlights``, which the terminal applies to every text of the game it prints.
The full board remains ``Game.render_text``; this class adds what a person at a
keyboard needs around it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

JSON = dict[str, Any]


class Highlight(NamedTuple):
    """Text matching ``pattern`` (a regular expression) is drawn in ``colour``
    (``#rrggbb`` or a colour name); ``bold`` for emphasis."""

    pattern: str
    colour: str
    bold: bool = False


class Reply(NamedTuple):
    """What a game command answers: a ``message`` to show and the ``actions`` (texts)
    to play for the seat, in order, through the checked path."""

    message: str = ""
    actions: tuple[str, ...] = ()


class Command(NamedTuple):
    """A command a game adds to the terminal: ``usage`` as typed (``line N``) and a
    short ``help``."""

    usage: str
    help: str


class Terminal:
    """Generic terminal: the full board is the whole text, the compact status its
    first line, no legend, no colour, no extra command, actions in index order."""

    def status(self, view: JSON, board: str) -> str:
        """A few lines redrawn after every decision instead of the full board
        (``board`` is ``render_text(view)``; default: its first line)."""
        return board.split("\n", 1)[0]

    def legend(self, view: JSON) -> tuple[tuple[str, str], ...]:
        """Every symbol of the full board with its meaning, as (symbol, meaning)."""
        return ()

    def highlights(self, view: JSON) -> tuple[Highlight, ...]:
        """What to colour in the game's texts (seats, commodities, countries)."""
        return ()

    def examples(self, view: JSON) -> tuple[str, ...]:
        """Example inputs for ``help`` (default none: the terminal shows one legal
        action of each kind)."""
        return ()

    def order(self, view: JSON, texts: Sequence[str]) -> list[str]:
        """The legal actions in the order they are listed and numbered."""
        return list(texts)

    def confirm(self, view: JSON, text: str) -> str | None:
        """A yes/no question asked before ``text`` is played (None: play at once)."""
        return None

    def automatic(self, view: JSON, people: int) -> str | None:
        """An action the terminal plays for the person without asking, at a table
        with ``people`` human seats (a formality such as ending a negotiation with
        nobody to negotiate with); None: ask."""
        return None

    def commands(self, view: JSON) -> tuple[Command, ...]:
        """The game's own commands, listed by ``help``."""
        return ()

    def command(self, view: JSON, word: str, argument: str) -> Reply | None:
        """Answer the game's command ``word`` (None: not a command of this game)."""
        return None


GENERIC_TERMINAL = Terminal()


def fit(items: Sequence[str], width: int = 78, indent: str = "  ") -> list[str]:
    """``items`` joined by " | " into lines of at most ``width`` characters (an
    item longer than that gets a line of its own)."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(indent) + len(line) + 3 + len(item) > width:
            lines.append(indent + line)
            line = ""
        line = f"{line} | {item}" if line else item
    if line:
        lines.append(indent + line)
    return lines
