"""The event log: what happened, in words and data, public or private to one seat."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened.

    ``private_to`` is None for a public event, else the only seat that may see it.
    ``reveals`` marks events that disclose randomness or hidden information: a
    decision made before such an event can no longer be taken back.
    """

    kind: str
    text: str
    data: dict[str, Any]
    private_to: int | None = None
    reveals: bool = False

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or self.private_to == seat

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "data": self.data,
            "private_to": self.private_to,
            "reveals": self.reveals,
        }

    @staticmethod
    def from_json(raw: dict[str, Any]) -> Event:
        return Event(raw["kind"], raw["text"], raw["data"], raw["private_to"], raw["reveals"])
