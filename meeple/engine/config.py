"""Game configuration: player count and variant options, JSON round-trippable."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from meeple.engine.errors import BadConfig

OptionValue = int | str | bool


@dataclass(frozen=True)
class OptionSpec:
    """A variant option a game accepts: its default and, if finite, its choices.

    ``label`` is what a person reads beside the option (default: the name in words).
    ``per_seat`` marks a text option holding one of these words per seat, comma
    separated in seat order (empty text: the default); a lobby offers a picker per
    seat instead of a text box. ``players`` names the player counts the option
    applies to (empty: every count); at any other count a lobby does not offer it and
    ``Game.make_config`` refuses a value other than its default. ``low`` and ``high``
    bound a number option (inclusive; None: unbounded), and a value outside them is
    refused with the allowed range."""

    name: str
    default: OptionValue
    description: str
    choices: tuple[OptionValue, ...] = ()
    label: str = ""
    per_seat: tuple[str, ...] = ()
    players: tuple[int, ...] = ()
    low: int | None = None
    high: int | None = None

    def applies_to(self, players: int) -> bool:
        """Does the option apply at a table of ``players``?"""
        return not self.players or players in self.players

    @property
    def title(self) -> str:
        """The option's label, or its name with spaces and a capital."""
        return self.label or self.name.replace("_", " ").capitalize()

    def check(self, value: OptionValue) -> OptionValue:
        if type(value) is not type(self.default):
            raise BadConfig(
                f"option {self.name!r} takes a {type(self.default).__name__}, got {value!r}"
            )
        if self.choices and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise BadConfig(f"option {self.name!r} must be one of {allowed}, got {value!r}")
        self._check_range(value)
        return value

    def _check_range(self, value: OptionValue) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return
        low, high = self.low, self.high
        if (low is not None and value < low) or (high is not None and value > high):
            allowed = (
                f"from {low} to {high}"
                if low is not None and high is not None
                else (f"at least {low}" if low is not None else f"at most {high}")
            )
            raise BadConfig(f"option {self.name!r} must be {allowed}, got {value!r}")


@dataclass(frozen=True)
class GameConfig:
    """How many players and which options; every game validates it on creation."""

    players: int
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    def option(self, name: str) -> OptionValue:
        return self.options[name]

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "options": dict(sorted(self.options.items()))}

    @staticmethod
    def from_json(raw: Mapping[str, Any]) -> GameConfig:
        try:
            return GameConfig(int(raw["players"]), dict(raw.get("options", {})))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadConfig(f"config needs 'players' (an integer) and 'options': {exc}") from exc
