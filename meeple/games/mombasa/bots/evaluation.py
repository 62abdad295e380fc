"""What a Mombasa position is worth to each seat, read from a (determinized) state.

``estimate`` is a seat's final score if the game ended now (the scoring pad's
seven categories, ``scoring.breakdown``) plus what its cards and bonus markers
can still earn in the rounds left. The rulebook's hints behind the weights:
shares are worth their company's uncovered coins, so a track advance counts at
the company's share value; cards are the engine (each unit moves a track or
buys a card, each point enters a region); unused bonus markers still win
majorities. The values are estimates for comparing positions, not predictions.
"""

from __future__ import annotations

import math

from meeple.games.mombasa.board import BOARD, NO, SHARE
from meeple.games.mombasa.rules.tracks import FACES, coins_revealed
from meeple.games.mombasa.state import ACT, DECKS, OVER, PLAN, SLOTS, MombasaState

ROUNDS = 7
CARD_WORTH = tuple(0.0 if card.kind == SHARE else 0.6 + 0.5 * card.value for card in BOARD.cards)
"""Per card id, the points one play of it is worth in the rounds left (rough)."""
HAND_WEIGHT = 1.0  # cards in hand or planned are played next
DECK_WEIGHT = 0.6  # resting cards come back one deck per round
PLAY_NOW = 0.6  # a planned card still to use this round (lost by ending one's phase)
MARKER_WORTH = 1.5  # an unused bonus marker (a tier of a majority, a tile)
SOFTMAX_POINTS = 6.0  # a lead of this many points is e : 1 odds


SHARE_MASKS = tuple(
    sum(1 << c for c, card in enumerate(BOARD.cards) if card.share == company)
    for company in range(4)
)
"""Per company, the cards whose share icon counts as one more share of it."""


def owned_mask(state: MombasaState, seat: int) -> int:
    """The cards that count at the end: hand and resting decks (``scoring.owned_cards``)."""
    owned = state.hands[seat]
    for deck in range(DECKS):
        for card in state.decks[seat * DECKS + deck]:
            owned |= 1 << card
    return owned


def scores_now(state: MombasaState) -> list[int]:
    """Each seat's total if the game were scored now: the same sum as
    ``scoring.breakdown``'s total (tested equal), in one pass over the companies."""
    values = [coins_revealed(state, company) for company in range(4)]
    out = []
    for seat in range(state.players):
        owned = owned_mask(state, seat)
        total = state.cash[seat]
        total += BOARD.diamond_values[state.diamond[seat]] + BOARD.book_values[state.ink[seat]]
        for company in range(4):
            on_track = FACES[state.faces[company]].shares[state.track[seat * 4 + company]]
            held = on_track + (owned & SHARE_MASKS[company]).bit_count()
            total += held * values[company]
        out.append(total)
    return out


def card_potential(state: MombasaState, seat: int, ahead: float) -> float:
    """Points the seat's cards may still earn: the planned cards it can still use this
    round, then (scaled by the rounds left) its hand, action area and resting decks.
    Ending one's phase gives up the planned cards' play, so this falls when it ends."""
    hand = state.hands[seat]
    later = 0.0
    while hand:
        low = hand & -hand
        later += HAND_WEIGHT * CARD_WORTH[low.bit_length() - 1]
        hand ^= low
    now = 0.0
    playable = state.phase in (PLAN, ACT) and not state.ended >> seat & 1
    used = state.used[seat]
    for card in state.slots[seat * SLOTS : seat * SLOTS + SLOTS]:
        if card != NO:
            later += DECK_WEIGHT * CARD_WORTH[card]
            if playable and not used >> card & 1:
                now += PLAY_NOW * CARD_WORTH[card]
    for deck in range(DECKS):
        for card in state.decks[seat * DECKS + deck]:
            later += DECK_WEIGHT * CARD_WORTH[card]
    return now + ahead * later


def rounds_left(state: MombasaState) -> float:
    """The share of the game's plays still to come (1 before round 1, 0 at the end)."""
    if state.phase == OVER:
        return 0.0
    return (ROUNDS - state.round + 1) / ROUNDS


def estimates(state: MombasaState) -> list[float]:
    """Per seat, its score now plus the worth of what it can still play."""
    ahead = rounds_left(state)
    return [
        now + card_potential(state, seat, ahead) + ahead * MARKER_WORTH * state.markers[seat]
        for seat, now in enumerate(scores_now(state))
    ]


def win_chances(values: list[float]) -> list[float]:
    """A softmax of the estimates: each seat's chance of the highest final score."""
    top = max(values)
    weights = [math.exp((v - top) / SOFTMAX_POINTS) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def margin(values: list[float], seat: int) -> float:
    """The seat's estimate minus the best rival's (what a player maximises)."""
    rivals = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - max(rivals, default=0.0)
