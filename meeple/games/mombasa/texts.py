"""The words: the seats' names and the event text, written lazily (search logs
thousands of events nobody reads)."""

from __future__ import annotations

from typing import Any

from meeple.engine import Event
from meeple.games.mombasa.state import MombasaState

SEAT_NAMES = ("Blue", "Green", "Yellow", "Purple")


def _words(template: str, seat: int, values: dict[str, Any]) -> str:
    return template.format(p=SEAT_NAMES[seat], **values)


def say(
    state: MombasaState,
    kind: str,
    template: str,
    seat: int | None = None,
    private: bool = False,
    reveals: bool = False,
    **values: Any,
) -> None:
    """Log ``template`` ({p} is the seat's name; the actor's by default), public
    unless ``private`` (then only that seat sees it)."""
    who = state.actor if seat is None else seat
    state.log.append(
        Event(
            kind,
            _words,
            {"seat": who},
            who if private else None,
            reveals,
            (template, who, values),  # a fresh dict no one else holds: it never changes
        )
    )
