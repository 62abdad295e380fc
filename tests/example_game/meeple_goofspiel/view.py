"""What a seat may know, and the hidden parts sampled for search.

Public: the face-up prize, which prizes are still to come (not their order),
the prizes won and discarded, every hand (the cards not yet played), every
revealed round, and who has sealed a bid this round. Private: a seat's own
sealed bid, until the reveal. Hidden from everyone: the order of the prize deck.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Rng
from meeple_goofspiel import rules
from meeple_goofspiel.scoring import result
from meeple_goofspiel.state import (
    NO_BID,
    NO_PRIZE,
    NO_WINNER,
    GoofspielState,
    cards_in,
    total,
)

JSON = dict[str, Any]


def build_view(state: GoofspielState, seat: int | None) -> JSON:
    over = state.prize == NO_PRIZE
    return {
        "game": "goofspiel",
        "seat": seat,
        "version": state.version,
        "cards": state.cards,
        "round": min(state.round, state.cards),
        "rounds": state.cards,
        "phase": "game over" if over else "bidding",
        "to_act": list(rules.to_act(state)),
        "prize": None if over else state.prize,
        "prizes_to_come": sorted(state.deck),
        "discarded": cards_in(state.discarded),
        "players": [_player(state, p, seat) for p in range(state.players)],
        "tricks": [_trick(t) for t in state.tricks],
        "result": result(state).to_json() if over else None,
    }


def _player(state: GoofspielState, p: int, viewer: int | None) -> JSON:
    bid = state.bids[p]
    return {
        "seat": p,
        "name": rules.who(p),
        "hand": cards_in(state.hands[p]),
        "sealed": bid != NO_BID,
        "bid": bid if bid != NO_BID and p == viewer else None,
        "won": cards_in(state.won[p]),
        "points": total(state.won[p]),
    }


def _trick(trick: tuple[int, ...]) -> JSON:
    prize, winner, *bids = trick
    return {"prize": prize, "winner": None if winner == NO_WINNER else winner, "bids": bids}


def determinize(state: GoofspielState, seat: int, rng: Rng) -> GoofspielState:
    """A copy consistent with ``seat``'s view: the other seats' sealed bids drawn
    afresh from their hands, the prize deck reshuffled, and the log entries
    private to other seats dropped."""
    twin = state.clone()
    twin.log = [e for e in twin.log if e.private_to is None or e.private_to == seat]
    for other in range(twin.players):
        if other != seat and twin.bids[other] != NO_BID:
            twin.bids[other] = rng.choice(cards_in(twin.hands[other]))
    rng.shuffle(twin.deck)
    return twin
