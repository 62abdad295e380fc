"""Typed errors of the checked path: each names what is wrong and what is right."""

from __future__ import annotations


class MeepleError(Exception):
    """Base of every error the engine raises on outside input."""


class IllegalAction(MeepleError):
    """An action the rules forbid; ``rule`` names the rulebook section that forbids it."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class NotYourTurn(IllegalAction):
    """A seat tried to act while the rules wait for other seats."""


class UnknownAction(MeepleError):
    """Text that is not the canonical form of any action of this game."""


class BadConfig(MeepleError):
    """A game configuration the game does not support."""


class BadRecord(MeepleError):
    """A game record that does not replay or does not match its stored outcome."""


class InvalidState(MeepleError):
    """A position that breaks an invariant of its game (a hand-built one, or a bug)."""

    def __init__(self, game: str, problems: list[str]) -> None:
        super().__init__(f"{game}: invalid position: " + "; ".join(problems))
        self.problems = problems
