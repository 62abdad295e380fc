"""Final scoring ("End of the Game"): cash, the four companies' shares times their
uncovered coin icons, the diamond track and the bookkeeping track. A tied total is
a shared victory: there is no tie-breaker."""

from __future__ import annotations

from meeple.engine import Result, rank_by
from meeple.games.mombasa.board import BOARD, COMPANIES
from meeple.games.mombasa.rules import tracks as T
from meeple.games.mombasa.state import DECKS, MombasaState

CATEGORIES = ("cash", *COMPANIES, "diamonds", "bookkeeping")


def owned_cards(state: MombasaState, seat: int) -> int:
    """The seat's cards outside its action area: hand and resting decks."""
    owned = state.hands[seat]
    for deck in range(DECKS):
        for card in state.decks[seat * DECKS + deck]:
            owned |= 1 << card
    return owned


def breakdown(state: MombasaState, seat: int) -> dict[str, int]:
    """The seven categories of the scoring pad and the total."""
    owned = owned_cards(state, seat)
    out = {"cash": state.cash[seat]}
    for company, name in enumerate(COMPANIES):
        held = T.shares(state, seat, company, owned)
        value = T.coins_revealed(state, company)
        out[name] = held * value
    out["diamonds"] = BOARD.diamond_values[state.diamond[seat]]
    out["bookkeeping"] = BOARD.book_values[state.ink[seat]]
    out["total"] = sum(out[key] for key in CATEGORIES)
    return out


def result(state: MombasaState) -> Result:
    rows = tuple(breakdown(state, seat) for seat in range(state.players))
    scores = tuple(row["total"] for row in rows)
    ranks = rank_by([(score,) for score in scores])
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    note = "shared victory" if len(winners) > 1 else ""
    return Result(scores, rows, ranks, winners, tuple(() for _ in scores), note)


def shares_held(state: MombasaState, seat: int) -> dict[str, int]:
    """Per company, the shares the seat holds (track icons plus share icons on cards)."""
    owned = owned_cards(state, seat)
    return {name: T.shares(state, seat, c, owned) for c, name in enumerate(COMPANIES)}
