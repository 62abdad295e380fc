"""A plain picture of a view for the browser until the board is drawn.

The SVG board in layers (map, company tracks and bases, displays, player boards)
is another session's work; until then the browser shows the terminal's text
(``render_text``) as one SVG document, and the seat list uses Mombasa's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from meeple.engine import Presentation
from meeple.games.mombasa.render import render_text

JSON = dict[str, Any]
LINE_HEIGHT = 16
CHAR_WIDTH = 7.2
SECRET_PHASES = {"draft": "choosing a tile", "resting": "resting cards", "planning": "planning"}


class MombasaPresentation(Presentation):
    def overlay(self, view: JSON) -> str | None:
        lines = render_text(view).splitlines()
        width = int(max((len(line) for line in lines), default=1) * CHAR_WIDTH) + 20
        height = LINE_HEIGHT * len(lines) + 20
        rows = "".join(_row(n, line) for n, line in enumerate(lines))
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
            f' font-family="monospace" font-size="12">'
            f'<rect width="{width}" height="{height}" fill="#f7f1e3"/>{rows}</svg>'
        )

    def seat_status(self, view: JSON, seat: int, waiting: Sequence[int]) -> str:
        phase = view.get("phase")
        if phase == "over":
            return "finished"
        if phase in ("draft", "resting", "planning"):
            return (
                {"draft": "choosing a tile", "resting": "resting cards", "planning": "planning"}[
                    phase
                ]
                if seat in waiting
                else "ready"
            )
        players = view.get("players") or []
        if seat < len(players) and players[seat].get("ended"):
            return "phase ended"
        return "to act" if seat in waiting else "waiting"


def _row(number: int, line: str) -> str:
    y = LINE_HEIGHT * (number + 1) + 4
    return f'<text x="10" y="{y}" xml:space="preserve">{escape(line)}</text>'


PRESENTATION = MombasaPresentation()
