"""The rules. Setup: a pile of pebbles; each seat is dealt one secret card of 1-6.
Turns: in seat order, take 1 or take 2 (from a pile of 1, take 2 takes the last
one: both actions are legal at every decision). End: when the pile is empty the
cards are shown; a seat's points are its pebbles plus its card, and the FEWEST
points win (ties share the win)."""

from __future__ import annotations

from meeple.engine import (
    ActionSpace,
    Event,
    GameConfig,
    IllegalAction,
    Result,
    rank_by,
    unexplained,
)
from meeple_pebbles.state import PebblesState

SPACE = ActionSpace(("take", (n,), f"take {n}") for n in (1, 2))
TAKES = (1, 2)  # pebbles taken by each action, by index
CARDS = (1, 2, 3, 4, 5, 6)


def deal(state: PebblesState) -> None:
    players = state.config.players
    deck = list(CARDS)
    state.rng.shuffle(deck)
    state.cards, state.deck = deck[:players], deck[players:]
    state.pile, state.taken, state.turn = pile_size(state.config), [0] * players, 0
    for seat, card in enumerate(state.cards):
        state.log.append(Event("deal", f"you hold the {card}", {"card": card}, seat))


def pile_size(config: GameConfig) -> int:
    return int(config.options["pebbles"])


def to_act(state: PebblesState) -> tuple[int, ...]:
    return (state.turn,) if state.pile > 0 else ()


def legal_actions(state: PebblesState, seat: int) -> list[int]:
    return [0, 1] if seat in to_act(state) else []


def take(state: PebblesState, seat: int, index: int) -> None:
    count = min(TAKES[index], state.pile)
    state.pile -= count
    state.taken[seat] += count
    state.log.append(Event("take", f"seat {seat} takes {count}", {"seat": seat, "count": count}))
    state.turn = (seat + 1) % state.config.players
    if state.pile == 0:
        state.log.append(Event("show", f"the cards: {state.cards}", {}, None, True))


def explain(state: PebblesState, seat: int, index: int) -> IllegalAction:
    """Every action is legal whenever a seat is asked: no rule forbids one."""
    return unexplained(SPACE[index].text, [SPACE[i].text for i in legal_actions(state, seat)])


def points(state: PebblesState) -> list[int]:
    return [t + c for t, c in zip(state.taken, state.cards, strict=True)]


def result(state: PebblesState) -> Result:
    scores = points(state)
    ranks = rank_by([(-score,) for score in scores])  # rank_by ranks the largest key first
    return Result(
        scores=tuple(scores),
        breakdown=tuple(
            {"pebbles": t, "card": c} for t, c in zip(state.taken, state.cards, strict=True)
        ),
        ranks=ranks,
        winners=tuple(s for s, r in enumerate(ranks) if r == 1),
        tiebreak=tuple(() for _ in scores),
        note="the fewest points win",
    )
