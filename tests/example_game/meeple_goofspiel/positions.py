"""Goofspiel positions for tests, analysis and bug reports: a builder, and ``validate``.

``build`` describes a position in the game's own words (the rounds already
played, the face-up prize, the order of the face-down prizes, the bids sealed so
far) and derives everything else through the rules themselves, so a built
position cannot disagree with a played one. ``validate`` checks every invariant
of a position (conservation of cards above all) and is what ``Game.validate``
runs, at every step of the conformance battery.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from meeple.engine import Event, GameConfig, InvalidState
from meeple_goofspiel.board import MAX_CARDS
from meeple_goofspiel.rules.bidding import reveal
from meeple_goofspiel.state import (
    NO_BID,
    NO_PRIZE,
    NO_WINNER,
    GoofspielState,
    bit,
    cards_in,
    full_suit,
)


def build(
    players: int = 2,
    cards: int = 5,
    *,
    played: Sequence[tuple[int, Sequence[int]]] = (),
    prize: int | None = None,
    deck: Sequence[int] | None = None,
    bids: Mapping[int, int] | None = None,
    seed: int = 0,
    options: Mapping[str, int] | None = None,
) -> GoofspielState:
    """A position after the rounds ``played`` ((prize, bid per seat) each, in order).

    ``prize``: the face-up prize (default: the highest prize not yet played; None
    and nothing left: the game is over). ``deck``: the face-down prizes, the next
    one last (default: the others, highest last). ``bids``: seat -> card sealed in
    the current round. The result is validated; a bad description raises
    ``InvalidState`` naming what is wrong.
    """
    config = GameConfig(players, {"cards": cards, "bid_seconds": 0, **(options or {})})
    state = GoofspielState.begin(config, seed)
    state.hands = [full_suit(cards)] * players
    state.bids = [NO_BID] * players
    state.won = [0] * players
    state.discarded = 0
    state.tricks = []
    state.deck = []
    for number, (round_prize, round_bids) in enumerate(played, start=1):
        if len(round_bids) != players:
            raise InvalidState("goofspiel", [f"round {number} needs {players} bids"])
        state.prize = round_prize
        state.bids = list(round_bids)
        reveal(state)
    left = [v for v in range(1, cards + 1) if v not in {p for p, _ in played}]
    if prize is None:
        unseen = [v for v in left if deck is None or v not in deck]
        prize = unseen[-1] if unseen else None
    state.prize = NO_PRIZE if prize is None else prize
    rest = [v for v in left if v != prize]
    state.deck = list(deck) if deck is not None else sorted(rest)
    for seat, value in (bids or {}).items():
        state.bids[seat] = value
    state.log = [Event("position", "A position built for analysis", {"seed": seed})]
    validate(state)
    return state


def validate(state: GoofspielState) -> None:
    """Raise ``InvalidState`` listing every broken invariant of ``state``."""
    problems = _problems(state)
    if problems:
        raise InvalidState("goofspiel", problems)


def _problems(state: GoofspielState) -> list[str]:
    n = state.players
    cards = state.config.options.get("cards")
    if not isinstance(cards, int) or not 1 <= cards <= MAX_CARDS:
        return [f"option cards must be a whole number in 1..{MAX_CARDS}, not {cards!r}"]
    sizes = {len(state.hands), len(state.bids), len(state.won)}
    if sizes != {n}:
        return [f"hands, bids and won need one entry per seat ({n}), got sizes {sizes}"]
    suit = full_suit(cards)
    problems = _seat_problems(state, suit)
    problems += _prize_problems(state, suit)
    problems += _trick_problems(state)
    return problems


def _seat_problems(state: GoofspielState, suit: int) -> list[str]:
    """Every card of a seat's suit is either in its hand or was bid in a past round."""
    problems = []
    held_cards = state.cards - len(state.tricks)
    for seat in range(state.players):
        spent = 0
        for trick in state.tricks:
            card = trick[2 + seat]
            if spent & bit(card) or state.hands[seat] & bit(card):
                problems.append(f"seat {seat}: card {card} is bid twice or bid and still held")
            spent |= bit(card)
        if state.hands[seat] | spent != suit or state.hands[seat] & ~suit:
            problems.append(f"seat {seat}: hand and past bids are not the cards 1..{state.cards}")
        if len(cards_in(state.hands[seat])) != max(0, held_cards):
            held = cards_in(state.hands[seat])
            problems.append(f"seat {seat}: holds {held} after {len(state.tricks)} rounds")
        bid = state.bids[seat]
        if bid != NO_BID and (state.prize == NO_PRIZE or not state.hands[seat] & bit(bid)):
            problems.append(f"seat {seat}: sealed bid {bid} is not a card it holds in a round")
    return problems


def _prize_problems(state: GoofspielState, suit: int) -> list[str]:
    """Every prize is face down, face up, won by exactly one seat or discarded."""
    places = [*state.deck, *([] if state.prize == NO_PRIZE else [state.prize])]
    for mask in [*state.won, state.discarded]:
        places += cards_in(mask)
    problems = []
    if sorted(places) != cards_in(suit):
        problems.append(f"prizes are not exactly 1..{state.cards} once each: {sorted(places)}")
    if state.prize == NO_PRIZE and (state.deck or len(state.tricks) != state.cards):
        problems.append("no prize is face up although prizes remain to be played")
    if state.prize != NO_PRIZE and len(state.tricks) >= state.cards:
        problems.append(f"a prize is face up after all {state.cards} rounds")
    return problems


def _trick_problems(state: GoofspielState) -> list[str]:
    """Each finished round went as the rules say: the single highest bid won it."""
    problems = []
    for number, (prize, winner, *bids) in enumerate(state.tricks, start=1):
        top = [s for s, b in enumerate(bids) if b == max(bids)]
        expected = top[0] if len(top) == 1 else NO_WINNER
        if winner != expected:
            problems.append(f"round {number}: taken by {winner}, the rules give {expected}")
        holder = state.discarded if winner == NO_WINNER else state.won[winner]
        if not holder & bit(prize):
            problems.append(f"round {number}: prize {prize} is not where the round put it")
    return problems
