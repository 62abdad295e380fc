"""Setup, before the first decision: every seat takes its suit, the prize suit is
shuffled face down with the state's generator and its top card is turned up."""

from __future__ import annotations

from meeple_goofspiel.rules.bidding import turn_up_prize
from meeple_goofspiel.state import NO_BID, NO_PRIZE, GoofspielState, full_suit


def deal(state: GoofspielState) -> None:
    """Fill the game's fields of a state holding only its common fields."""
    n, cards = state.players, state.cards
    state.hands = [full_suit(cards)] * n
    state.bids = [NO_BID] * n
    state.deck = list(range(1, cards + 1))
    state.rng.shuffle(state.deck)
    state.prize = NO_PRIZE
    state.won = [0] * n
    state.discarded = 0
    state.tricks = []
    turn_up_prize(state)
