"""Africa 1880's story for the log: where years and their phases begin.

Each game turn is a year ("turn" events carry the year and the turn's number): it
opens with diplomacy, then every country writes its orders in secret ("writing"),
then the sheets are revealed and carried out ("reveal"), the embassy markers
turned last. The game ends after the last year ("end"). Africa 1880 rolls no dice:
conflicts are settled by the orders alone.
"""

from __future__ import annotations

from collections.abc import Mapping

EngineEvent = Mapping[str, object]
"""A logged event as the engine hands it over (``kind``, ``text``, ``data``: the
``Event`` the rules logged), read only through the checked accessors ``event_kind``,
``event_int`` and ``event_str`` (a record from outside may hold anything)."""

PHASES = {"turn": "Diplomacy", "writing": "Writing orders", "reveal": "Orders carried out"}


def event_kind(event: EngineEvent) -> str:
    """The event's kind ("" if it has none)."""
    kind = event.get("kind")
    return kind if isinstance(kind, str) else ""


def _data(event: EngineEvent, key: str) -> object:
    data = event.get("data")
    return data.get(key) if isinstance(data, Mapping) else None


def event_int(event: EngineEvent, key: str) -> int | None:
    """The number the event's data holds under ``key`` (a year, a turn, a seat)."""
    value = _data(event, key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def event_str(event: EngineEvent, key: str) -> str | None:
    """The text the event's data holds under ``key`` (a territory id)."""
    value = _data(event, key)
    return value if isinstance(value, str) else None


def section(event: EngineEvent) -> str | None:
    """A year begins a part ("1885 (turn 2)"); the end of the game another."""
    kind = event_kind(event)
    year = event_int(event, "year")
    if kind == "turn" and year is not None:
        turn = event_int(event, "turn")
        return f"{year} (turn {turn})" if turn is not None else str(year)
    if kind == "end":
        return "End of the game"
    return None


def phase(event: EngineEvent) -> str | None:
    """Diplomacy, writing orders or carrying them out, where the kind says which."""
    return PHASES.get(event_kind(event))
