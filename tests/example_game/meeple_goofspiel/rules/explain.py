"""Why a bid is refused, read from the same facts ``legal_actions`` is made of
(``bidding.bidders`` and ``bidding.open_bids``): the game is over, the seat has
sealed its bid, the card is not in this game, or it is spent. A legal bid meets
none of them and gets the engine's ``unexplained`` fallback."""

from __future__ import annotations

from meeple.engine import Action, IllegalAction, unexplained
from meeple_goofspiel.actions import SPACE, card_of
from meeple_goofspiel.rules.apply import legal_actions
from meeple_goofspiel.rules.bidding import bidders, open_bids
from meeple_goofspiel.state import NO_PRIZE, GoofspielState, cards_in
from meeple_goofspiel.texts import BIDDING, END


def explain(state: GoofspielState, seat: int, action: Action) -> IllegalAction:
    """The rule that forbids ``action`` for ``seat`` now, and what would be right."""
    if state.prize == NO_PRIZE:
        return IllegalAction(END, "the game is over; no more bids")
    if seat not in bidders(state):
        return IllegalAction(BIDDING, f"you have already sealed the {state.bids[seat]} this round")
    held = " ".join(str(v) for v in cards_in(state.hands[seat]))
    value = card_of(action.index)
    if value > state.cards:
        return IllegalAction(
            BIDDING, f"this game is played with cards 1 to {state.cards}; you hold: {held}"
        )
    if value not in open_bids(state, seat):
        return IllegalAction(
            BIDDING, f"'{action.text}' is not allowed: the {value} is spent; you hold: {held}"
        )
    return unexplained(action.text, [SPACE[i].text for i in legal_actions(state, seat)])
