"""Africa 1880's story for the log: where years and their phases begin.

Each game turn is a year ("turn" events carry the year and the turn's number): it
opens with diplomacy, then every country writes its orders in secret ("writing"),
then the sheets are revealed and carried out ("reveal"), the embassy markers
turned last. The game ends after the last year ("end"). Africa 1880 rolls no dice:
conflicts are settled by the orders alone.
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]

PHASES = {"turn": "Diplomacy", "writing": "Writing orders", "reveal": "Orders carried out"}


def section(event: JSON) -> str | None:
    """A year begins a part ("1885 (turn 2)"); the end of the game another."""
    kind, data = event.get("kind"), event.get("data") or {}
    if kind == "turn" and isinstance(data.get("year"), int):
        turn = data.get("turn")
        return f"{data['year']} (turn {turn})" if isinstance(turn, int) else str(data["year"])
    if kind == "end":
        return "End of the game"
    return None


def phase(event: JSON) -> str | None:
    """Diplomacy, writing orders or carrying them out, where the kind says which."""
    return PHASES.get(str(event.get("kind")))
