"""Goofspiel's words: seat names, card names and the rulebook sections that the log,
the views, the refusals and the final result share (section names are README.md's)."""

from __future__ import annotations

from meeple_goofspiel.board import CARDS

BIDDING = "Bidding"
END = "End of the Game"


def who(seat: int) -> str:
    """A seat's name: the name of its suit."""
    return CARDS.seats[seat].name


def prize_name(value: int) -> str:
    """A prize in words; cards are named by their value (ace 1, jack 11, queen 12, king 13)."""
    return f"the {value} of {CARDS.prize_suit.name.lower()}"
