"""Bidding, Goofspiel's one phase (see README.md).

Bidding: every seat still holding cards chooses one in secret; the seats that
have not chosen yet are the ones ``to_act`` names, so the decision is
simultaneous. Reveal: when the last bid is sealed, all bids are shown at once;
the single highest bid takes the prize; if the highest bid is tied, the prize is
discarded and nobody scores it. The bid cards are spent either way, and the next
prize is turned up. End of the game: after the last prize.
"""

from __future__ import annotations

from meeple.engine import Event, TimedPhase
from meeple_goofspiel.actions import BID
from meeple_goofspiel.state import (
    NO_BID,
    NO_PRIZE,
    NO_WINNER,
    GoofspielState,
    bit,
    cards_in,
)
from meeple_goofspiel.texts import prize_name, who


def bidders(state: GoofspielState) -> tuple[int, ...]:
    """Seats that have not sealed a bid for the face-up prize (none once it is over)."""
    if state.prize == NO_PRIZE:
        return ()
    return tuple(seat for seat, bid in enumerate(state.bids) if bid == NO_BID)


def open_bids(state: GoofspielState, seat: int) -> list[int]:
    """The cards ``seat`` may bid now: every card it holds, if it must bid."""
    if state.prize == NO_PRIZE or state.bids[seat] != NO_BID:
        return []
    return cards_in(state.hands[seat])


def clock(state: GoofspielState) -> TimedPhase | None:
    """Bidding runs against the clock when the option ``bid_seconds`` is set;
    each round is a new occurrence of the phase (a new key restarts the clock)."""
    seconds = state.config.options.get("bid_seconds", 0)
    if state.prize == NO_PRIZE or not isinstance(seconds, int) or seconds <= 0:
        return None
    return TimedPhase(f"bid:{state.round}", float(seconds))


def timeout_bid(state: GoofspielState, seat: int) -> int | None:
    """A seat still choosing when time is up bids its lowest card."""
    cards = open_bids(state, seat)
    return BID[cards[0]] if cards else None


def seal_bid(state: GoofspielState, seat: int, value: int) -> None:
    """Seal ``seat``'s bid of the card ``value``; the last bid of the round reveals them all."""
    state.bids[seat] = value
    state.log.append(
        Event("bid", f"{who(seat)} bids the {value}", {"seat": seat, "card": value}, seat)
    )
    state.log.append(Event("sealed", f"{who(seat)} has chosen a card", {"seat": seat}))
    if NO_BID not in state.bids:
        reveal(state)
        turn_up_prize(state)


def reveal(state: GoofspielState) -> None:
    """Show every bid, give the prize to the single highest bid (or discard it on a
    tie for highest), and take the bid cards out of the hands."""
    bids = tuple(state.bids)
    prize = state.prize
    high = max(bids)
    top = [seat for seat, bid in enumerate(bids) if bid == high]
    winner = top[0] if len(top) == 1 else NO_WINNER
    shown = ", ".join(f"{who(s)} {b}" for s, b in enumerate(bids))
    state.log.append(
        Event(
            "reveal",
            f"Bids for {prize_name(prize)}: {shown}",
            {"prize": prize, "bids": list(bids)},
            None,
            True,
        )
    )
    if winner == NO_WINNER:
        state.discarded |= bit(prize)
        tied = " and ".join(who(s) for s in top)
        text = f"{tied} tie with the {high}: {prize_name(prize)} is discarded"
    else:
        state.won[winner] |= bit(prize)
        text = f"{who(winner)} wins {prize_name(prize)} with the {high}"
    state.log.append(Event("trick", text, {"prize": prize, "winner": winner}))
    for seat, bid in enumerate(bids):
        state.hands[seat] &= ~bit(bid)
    state.bids = [NO_BID] * state.players
    state.tricks.append((prize, winner, *bids))


def turn_up_prize(state: GoofspielState) -> None:
    """Turn up the next prize, or end the game when the prize deck is empty."""
    if not state.deck:
        state.prize = NO_PRIZE
        state.log.append(Event("end", "The last prize has been played: the game is over", {}))
        return
    state.prize = state.deck.pop()
    state.log.append(
        Event(
            "prize",
            f"Round {state.round} of {state.cards}: {prize_name(state.prize)} is turned up",
            {"round": state.round, "prize": state.prize},
            None,
            True,
        )
    )
