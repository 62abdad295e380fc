"""Typed errors of the checked path: each names what is wrong and what is right."""

from __future__ import annotations

from collections.abc import Sequence


class MeepleError(Exception):
    """Base of every error the engine raises on outside input."""


class IllegalAction(MeepleError):
    """An action the rules forbid; ``rule`` names the rulebook section that forbids it.

    ``explained`` is False only for the fallback of :func:`unexplained`: the game's
    explanation found no rule against the action, so the refusal only says the action
    is not among the legal ones. The conformance battery requires an explained refusal
    for every illegal action and the unexplained fallback for every legal one.
    """

    def __init__(self, rule: str, message: str, explained: bool = True) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message
        self.explained = explained


#: How many legal actions the fallback names before "and N more".
NAMED_LEGAL = 5


def unexplained(action: str, legal_texts: Sequence[str]) -> IllegalAction:
    """The fallback of every game's ``explain``: no rule found, the action is not legal.

    The message names at most ``NAMED_LEGAL`` of the legal actions (in the given order)
    and counts the rest, so it stays short whatever the size of the action space.
    """
    named = ", ".join(legal_texts[:NAMED_LEGAL])
    rest = len(legal_texts) - NAMED_LEGAL
    if not legal_texts:
        choices = "there are no legal actions now"
    elif rest > 0:
        choices = f"legal ones include {named} and {rest} more"
    else:
        choices = f"legal: {named}"
    return IllegalAction(
        "Legal actions", f"{action} is not among the legal actions ({choices})", explained=False
    )


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
