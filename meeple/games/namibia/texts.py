"""Namibia's words: the seat names, and the log's sentences and their parts (a seat,
a space, a commodity, a rail), shared by the rules, the views and the render."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVarTuple

from meeple.engine import Event
from meeple.games.namibia.board import BOARD, COMMODITIES
from meeple.games.namibia.state import NamibiaState

SEAT_NAMES = ("Red", "Blue", "Green", "Orange")

Ts = TypeVarTuple("Ts")


def say(
    state: NamibiaState,
    kind: str,
    text: str | Callable[[*Ts], str],
    /,
    *args: *Ts,
    reveals: bool = False,
    **data: Any,
) -> None:
    """Append a public event to the log.

    ``text`` is the event's words, or a function that writes them from ``args``
    when the text is first read: the rules pass a function, so play that nobody
    reads never formats a line.
    """
    state.log.append(Event(kind, text, data, None, reveals, args))


def who(seat: int) -> str:
    return SEAT_NAMES[seat]


def where(space: int) -> str:
    return BOARD.labels[space]


def what(kind: int) -> str:
    return COMMODITIES[kind]


def rail_laid(seat: int, edge: int) -> str:
    """A rail laid, in setup (Getting Started) or in 2.4 Place Rails."""
    return f"{who(seat)} lays a rail on {BOARD.edge_label(edge)}"
