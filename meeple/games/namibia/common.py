"""Tables shared by Namibia's rule modules: the board, the action space, the log."""

from __future__ import annotations

from typing import Any

from meeple.engine import Event
from meeple.games.namibia.actions import build_actions
from meeple.games.namibia.board import COMMODITIES, load_board
from meeple.games.namibia.state import NamibiaState

BOARD = load_board()
ACT = build_actions(BOARD)
SEAT_NAMES = ("Red", "Blue", "Green", "Orange")


def say(state: NamibiaState, kind: str, text: str, /, reveals: bool = False, **data: Any) -> None:
    """Append a public event to the log."""
    state.log.append(Event(kind, text, data, None, reveals))


def who(seat: int) -> str:
    return SEAT_NAMES[seat]


def where(space: int) -> str:
    return BOARD.labels[space]


def what(kind: int) -> str:
    return COMMODITIES[kind]
