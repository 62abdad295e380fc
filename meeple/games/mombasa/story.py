"""Mombasa's story for the log: where rounds and their phases begin.

Every round has a planning phase (cards placed face down: "plan" events) and an
action phase that begins when the plans are turned face up ("reveal"). Rounds after
the first begin with a "round" event; the first round begins with the first card
planned after the setup (``FIRST_SECTION``). Mombasa rolls no dice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

EngineEvent = Mapping[str, object]
"""A logged event as the engine hands it over (``kind``, ``text``, ``data``: the
seat of ``texts.say``), read only through the checked accessors ``event_kind``,
``event_text`` and ``event_seat`` (a record from outside may hold anything)."""

FIRST_SECTION = "Round 1"
PHASES = {"plan": "Planning", "reveal": "Actions"}
NUMBER = re.compile(r"\d+")


def event_kind(event: EngineEvent) -> str:
    """The event's kind ("" if it has none)."""
    kind = event.get("kind")
    return kind if isinstance(kind, str) else ""


def event_text(event: EngineEvent) -> str:
    """The event's words ("" if it has none)."""
    return str(event.get("text", ""))


def event_seat(event: EngineEvent) -> int | None:
    """The seat the event is about (its data's ``seat``), or None."""
    data = event.get("data")
    seat = data.get("seat") if isinstance(data, Mapping) else None
    return seat if isinstance(seat, int) else None


def section(event: EngineEvent) -> str | None:
    """A new round begins a part ("Round 2"); the end of the game another."""
    kind = event.get("kind")
    if kind == "round":
        number = NUMBER.search(event_text(event))
        return f"Round {number.group()}" if number else "A new round"
    if kind == "over":
        return "End of the game"
    return None


def phase(event: EngineEvent) -> str | None:
    """Planning or actions, where the event's kind says which."""
    return PHASES.get(str(event.get("kind")))
