"""Goofspiel's fixed action space: one action per card a player can bid.

Kind ``bid``, args ``(value,)``, text ``"bid 7"``. The space is the same for every
option (13 actions, the king's suit); a game with fewer cards simply never offers
the higher ones, so an action's index never depends on the config.
"""

from __future__ import annotations

from meeple.engine import ActionSpace
from meeple_goofspiel.board import MAX_CARDS

SPACE = ActionSpace(("bid", (value,), f"bid {value}") for value in range(1, MAX_CARDS + 1))

# BID[value]: the index of "bid <value>" (BID[0] is unused).
BID = (-1, *(SPACE.index("bid", value) for value in range(1, MAX_CARDS + 1)))


def card_of(index: int) -> int:
    """The card value an action index bids."""
    value = SPACE[index].args[0]
    assert isinstance(value, int)
    return value
