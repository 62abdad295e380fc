"""Namibia's story for the log: where rounds and their phases begin.

A round begins with its auction for player order (the "round" event); once the
order is set (the "order" event) the construction phase follows, then shipping
(every shipping event names it, so the first of them begins it) and the
administration (market adjustment, exhausted mines, reputation bought). The final
scoring ends the game. Namibia rolls no dice.
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]

PHASES = {
    "round": "Bribing the colonial officials",
    "order": "Construction",
    "select": "Shipping",
    "truck-ship": "Shipping",
    "truck-skip": "Shipping",
    "rail-ship": "Shipping",
    "rail-stop": "Shipping",
    "market": "Administration",
    "buy": "Administration",
    "exhausted": "Administration",
    "oversupply": "Administration",
}


def section(event: JSON) -> str | None:
    """A round begins a part ("Round 2"); the final scoring another."""
    kind, data = event.get("kind"), event.get("data") or {}
    if kind == "round" and isinstance(data.get("round"), int):
        return f"Round {data['round']}"
    if kind == "final":
        return "Final scoring"
    return None


def phase(event: JSON) -> str | None:
    """The phase of the round an event belongs to, where its kind says it."""
    return PHASES.get(str(event.get("kind")))
