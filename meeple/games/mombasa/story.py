"""Mombasa's story for the log: where rounds and their phases begin.

Every round has a planning phase (cards placed face down: "plan" events) and an
action phase that begins when the plans are turned face up ("reveal"). Rounds after
the first begin with a "round" event; the first round begins with the first card
planned after the setup (``FIRST_SECTION``). Mombasa rolls no dice.
"""

from __future__ import annotations

import re
from typing import Any

JSON = dict[str, Any]

FIRST_SECTION = "Round 1"
PHASES = {"plan": "Planning", "reveal": "Actions"}
NUMBER = re.compile(r"\d+")


def section(event: JSON) -> str | None:
    """A new round begins a part ("Round 2"); the end of the game another."""
    kind = event.get("kind")
    if kind == "round":
        number = NUMBER.search(str(event.get("text", "")))
        return f"Round {number.group()}" if number else "A new round"
    if kind == "over":
        return "End of the game"
    return None


def phase(event: JSON) -> str | None:
    """Planning or actions, where the event's kind says which."""
    return PHASES.get(str(event.get("kind")))
