"""What a seat may know, and the hidden parts sampled for search.

Public: the face-up prize, which prizes are still to come (not their order),
the prizes won and discarded, every hand (the cards not yet played), every
revealed round, and who has sealed a bid this round. Private: a seat's own
sealed bid, until the reveal. Hidden from everyone: the order of the prize deck.

A view is typed (``GoofspielView``) for the game's own readers and stays a plain
JSON dict at run time; ``typed`` and ``untyped`` are the edge with the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypedDict, cast

from meeple.engine import Rng
from meeple_goofspiel.rules.bidding import bidders
from meeple_goofspiel.scoring import result
from meeple_goofspiel.state import (
    NO_BID,
    NO_PRIZE,
    NO_WINNER,
    GoofspielState,
    cards_in,
    total,
)
from meeple_goofspiel.texts import who


class PlayerView(TypedDict):
    seat: int
    name: str
    hand: list[int]  # the cards still held, lowest first (a sealed bid included)
    sealed: bool  # has sealed a bid this round
    bid: int | None  # the sealed bid, shown to its own seat only
    won: list[int]  # the prizes won, lowest first
    points: int


class TrickView(TypedDict):
    prize: int
    winner: int | None  # None: the highest bid was tied and the prize discarded
    bids: list[int]  # per seat


class ResultView(TypedDict):
    """``Result.to_json()`` of a finished game."""

    scores: list[int]
    breakdown: list[dict[str, int]]
    ranks: list[int]
    winners: list[int]
    tiebreak: list[list[int]]
    note: str


class GoofspielView(TypedDict):
    game: Literal["goofspiel"]
    seat: int | None  # None: a spectator
    version: int
    cards: int  # cards per suit, also the number of rounds
    round: int
    rounds: int
    phase: Literal["bidding", "game over"]
    to_act: list[int]
    prize: int | None  # None once the game is over
    prizes_to_come: list[int]  # sorted: their order is hidden
    discarded: list[int]
    players: list[PlayerView]
    tricks: list[TrickView]
    result: ResultView | None  # once the game is over


EngineView = Mapping[str, object]
"""A view as the engine's interfaces pass it (``typed`` makes it a GoofspielView)."""


def typed(view: EngineView) -> GoofspielView:
    """A view as the engine hands it back, as the type ``build_view`` built it with
    (views are built only by ``build_view``; nothing is checked or copied)."""
    return cast(GoofspielView, view)  # JSON edge


def untyped(view: GoofspielView) -> dict[str, object]:
    """A typed view as the engine's interfaces take it (the same dict)."""
    return cast(dict[str, object], view)  # JSON edge


def build_view(state: GoofspielState, seat: int | None) -> GoofspielView:
    over = state.prize == NO_PRIZE
    return {
        "game": "goofspiel",
        "seat": seat,
        "version": state.version,
        "cards": state.cards,
        "round": min(state.round, state.cards),
        "rounds": state.cards,
        "phase": "game over" if over else "bidding",
        "to_act": list(bidders(state)),
        "prize": None if over else state.prize,
        "prizes_to_come": sorted(state.deck),
        "discarded": cards_in(state.discarded),
        "players": [_player(state, p, seat) for p in range(state.players)],
        "tricks": [_trick(t) for t in state.tricks],
        "result": _result(state) if over else None,
    }


def _result(state: GoofspielState) -> ResultView:
    return cast(ResultView, result(state).to_json())  # JSON edge


def _player(state: GoofspielState, p: int, viewer: int | None) -> PlayerView:
    bid = state.bids[p]
    return {
        "seat": p,
        "name": who(p),
        "hand": cards_in(state.hands[p]),
        "sealed": bid != NO_BID,
        "bid": bid if bid != NO_BID and p == viewer else None,
        "won": cards_in(state.won[p]),
        "points": total(state.won[p]),
    }


def _trick(trick: tuple[int, ...]) -> TrickView:
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
    twin.deck.sort()  # the deck's true order is hidden: the sample starts from none
    rng.shuffle(twin.deck)
    return twin
