"""The dispatcher: who must decide, what they may do, and one decision applied."""

from __future__ import annotations

from meeple_goofspiel.actions import BID, card_of
from meeple_goofspiel.rules.bidding import bidders, open_bids, seal_bid
from meeple_goofspiel.state import GoofspielState


def to_act(state: GoofspielState) -> tuple[int, ...]:
    """The seats still to seal a bid for the face-up prize (none once it is over)."""
    return bidders(state)


def legal_actions(state: GoofspielState, seat: int) -> list[int]:
    """A seat that must bid may bid any card it holds."""
    return [BID[value] for value in open_bids(state, seat)]


def apply_action(state: GoofspielState, seat: int, index: int) -> None:
    seal_bid(state, seat, card_of(index))
