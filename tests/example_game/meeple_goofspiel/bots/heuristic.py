"""Goofspiel's heuristic player and the knowledge its IS-MCTS search uses.

The heuristic matches ranks: the prizes still to be played (the face-up one
included) are as many as the cards in hand, so it bids the card whose rank in
its hand is the prize's rank among those prizes: its highest card for the
highest prize, its lowest for the lowest. It reads its seat's view only.
"""

from __future__ import annotations

import math

from meeple.engine import Game, GameState, Knowledge, Rng
from meeple_goofspiel.actions import BID
from meeple_goofspiel.state import NO_PRIZE, GoofspielState, cards_in, total
from meeple_goofspiel.view import typed

NOISE = 3  # a rollout bids a neighbouring rank once in this many decisions
SPREAD = 1  # search branches on the matching card and this many ranks either side


def matching_bid(hand: list[int], prize: int, prizes_to_come: list[int]) -> int:
    """The card of ``hand`` (sorted) whose rank is ``prize``'s among all prizes left."""
    rank = sorted([prize, *prizes_to_come]).index(prize)
    return hand[min(rank, len(hand) - 1)]


class GoofspielHeuristic:
    """Rank matching, from the seat's view (see the module docstring)."""

    name = "heuristic"

    def __init__(self, game: Game[GameState], seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game[GameState], state: GameState, seat: int) -> int:
        view = typed(game.view(state, seat))
        prize = view["prize"]
        assert prize is not None, "a seat is asked to bid only while a prize is face up"
        hand = view["players"][seat]["hand"]
        return BID[matching_bid(hand, prize, view["prizes_to_come"])]


class GoofspielKnowledge(Knowledge):
    """What IS-MCTS gets: rank-matching rollouts with some noise, the matching card and
    its neighbours as branches, and a leaf value from the points won and still in play. It reads
    determinized samples, so it may read the state's fields directly."""

    def rollout(
        self, game: Game[GameState], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> int:
        assert isinstance(state, GoofspielState)
        hand = cards_in(state.hands[seat])
        rank = hand.index(matching_bid(hand, state.prize, state.deck))
        if rng.below(NOISE) == 0:
            rank = min(len(hand) - 1, max(0, rank + rng.choice((-1, 1))))
        return BID[hand[rank]]

    def candidates(
        self, game: Game[GameState], state: GameState, seat: int, legal: list[int]
    ) -> list[int]:
        """The matching card and its neighbours in the hand: one rank lower or higher."""
        assert isinstance(state, GoofspielState)
        hand = cards_in(state.hands[seat])
        rank = hand.index(matching_bid(hand, state.prize, state.deck))
        return [BID[value] for value in hand[max(0, rank - SPREAD) : rank + SPREAD + 1]]

    def evaluate(self, game: Game[GameState], state: GameState, observer: int) -> list[float]:
        """Win chances: a seat that cannot catch up even with every prize left has
        none; the others' chances fall off with their distance from the lead, in
        units of the points one seat may expect from the prizes left."""
        assert isinstance(state, GoofspielState)
        points = [total(mask) for mask in state.won]
        left = sum(state.deck) + (0 if state.prize == NO_PRIZE else state.prize)
        lead = max(points)
        scale = max(1.0, left / len(points))
        weights = [0.0 if p + left < lead else math.exp((p - lead) / scale) for p in points]
        whole = sum(weights)
        return [w / whole for w in weights]
