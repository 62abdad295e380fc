"""Namibia's story for the log: where rounds and their phases begin.

A round begins with its auction for player order (the "round" event); once the
order is set (the "order" event) the construction phase follows, then shipping
(every shipping event names it, so the first of them begins it) and the
administration (market adjustment, exhausted mines, reputation bought). The final
scoring ends the game. Namibia rolls no dice.
"""

from __future__ import annotations

from collections.abc import Mapping

EngineEvent = Mapping[str, object]
"""A logged event as the engine hands it over (``kind``, ``text``, ``data``: the
keyword arguments of ``texts.say``), read only through the checked accessors
``event_kind`` and ``event_int`` (a record from outside may hold anything)."""

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


def event_kind(event: EngineEvent) -> str:
    """The event's kind ("" if it has none)."""
    kind = event.get("kind")
    return kind if isinstance(kind, str) else ""


def event_int(event: EngineEvent, key: str) -> int | None:
    """The number the event's data holds under ``key`` (a round, a space, an edge, a
    port, a seat), or None if it holds no number there."""
    data = event.get("data")
    value = data.get(key) if isinstance(data, Mapping) else None
    return value if isinstance(value, int) else None


def section(event: EngineEvent) -> str | None:
    """A round begins a part ("Round 2"); the final scoring another."""
    kind = event_kind(event)
    number = event_int(event, "round")
    if kind == "round" and number is not None:
        return f"Round {number}"
    if kind == "final":
        return "Final scoring"
    return None


def phase(event: EngineEvent) -> str | None:
    """The phase of the round an event belongs to, where its kind says it."""
    return PHASES.get(event_kind(event))
