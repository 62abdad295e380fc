"""Goofspiel's game state: a few flat lists of ints, cheap to clone.

Sets of cards are bit masks (bit ``v`` set: the card of value ``v`` is in the
set), so a hand is one int and cloning a state copies a handful of short lists.
There is one phase, bidding, and the game is over when no prize is face up
(``prize == NO_PRIZE``); no flag can disagree with that.

A sealed bid stays in its player's hand until the reveal: a hand is public
knowledge (everyone saw which cards were played before), the bid is not.
"""

from __future__ import annotations

from typing import Self

from meeple.engine import GameState

NO_PRIZE = 0
NO_BID = 0
NO_WINNER = -1


class GoofspielState(GameState):
    __slots__ = ("bids", "deck", "discarded", "hands", "prize", "tricks", "won")

    hands: list[int]  # per seat, the cards still held (a mask), the sealed bid included
    bids: list[int]  # per seat, the card sealed this round, NO_BID while choosing
    deck: list[int]  # face-down prizes; the next one turned up is the last
    prize: int  # the face-up prize being bid for, NO_PRIZE once the game is over
    won: list[int]  # per seat, the prizes won (a mask)
    discarded: int  # prizes nobody won (tied bids), a mask
    # One entry per finished round, in order: (prize, winner or NO_WINNER, bid of
    # seat 0, bid of seat 1, ...). Public once revealed.
    tricks: list[tuple[int, ...]]

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        self._copy_common(twin)
        twin.hands = self.hands.copy()
        twin.bids = self.bids.copy()
        twin.deck = self.deck.copy()
        twin.prize = self.prize
        twin.won = self.won.copy()
        twin.discarded = self.discarded
        twin.tricks = self.tricks.copy()  # its entries are tuples, never changed
        return twin

    # ---- small derived facts --------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def cards(self) -> int:
        """Cards per suit in this game (the ``cards`` option)."""
        value = self.config.options["cards"]
        assert isinstance(value, int)
        return value

    @property
    def round(self) -> int:
        """The round being played, 1-based (rounds played so far + 1)."""
        return len(self.tricks) + 1


def bit(card: int) -> int:
    return 1 << card


def cards_in(mask: int) -> list[int]:
    """The card values of a mask, lowest first."""
    out = []
    value = 0
    while mask:
        if mask & 1:
            out.append(value)
        mask >>= 1
        value += 1
    return out


def full_suit(cards: int) -> int:
    """The mask of the cards 1..cards."""
    return ((1 << cards) - 1) << 1


def total(mask: int) -> int:
    """The sum of the card values of a mask."""
    return sum(cards_in(mask))
