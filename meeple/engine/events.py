"""The event log: what happened, in words and data, public or private to one seat.

An event's words may be written later than the event: given a formatting function
and its arguments instead of a string, an event calls it only when someone reads
the text (a view, a log, a record). Search and random play log thousands of
events nobody reads, so they never pay for the formatting.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Event:
    """One thing that happened: ``Event(kind, text, data, private_to, reveals, args)``.

    ``text`` is a string, or a function formatting the words from ``args`` when
    ``text`` is first read. ``private_to`` is None for a public event, else the
    only seat that may see it. ``reveals`` marks events that disclose randomness
    or hidden information: a decision made before such an event can no longer be
    taken back.

    Events are values: nothing changes one after it is made (the text of a lazy
    event is formatted once, on first read, and kept). Two events are equal when
    their kind, text, data, ``private_to`` and ``reveals`` are equal, whether their
    text was given or is formatted.
    """

    __slots__ = ("_args", "_words", "data", "kind", "private_to", "reveals")

    kind: str
    data: dict[str, Any]
    private_to: int | None
    reveals: bool
    _words: str | Callable[..., str]  # the text, or the function that formats it
    _args: tuple[Any, ...]  # the arguments of that function

    def __init__(
        self,
        kind: str,
        text: str | Callable[..., str],
        data: dict[str, Any],
        private_to: int | None = None,
        reveals: bool = False,
        args: tuple[Any, ...] = (),
    ) -> None:
        """``text`` is the event's words, or a function that writes them from ``args``
        when the text is first read. Such a function must be pure (the same
        arguments always give the same words) and ``args`` must not change later."""
        self.kind = kind
        self._words = text
        self._args = args
        self.data = data
        self.private_to = private_to
        self.reveals = reveals

    @property
    def text(self) -> str:
        words = self._words
        if isinstance(words, str):
            return words
        text = self._words = words(*self._args)
        self._args = ()
        return text

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or self.private_to == seat

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (
            self.kind == other.kind
            and self.private_to == other.private_to
            and self.reveals == other.reveals
            and self.data == other.data
            and self._same_text(other)
        )

    def _same_text(self, other: Event) -> bool:
        """Equal words; two lazy events of one form and equal arguments need no formatting."""
        if self._words is other._words and self._args == other._args:
            return True
        return self.text == other.text

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Event(kind={self.kind!r}, text={self.text!r}, data={self.data!r}, "
            f"private_to={self.private_to!r}, reveals={self.reveals!r})"
        )

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
