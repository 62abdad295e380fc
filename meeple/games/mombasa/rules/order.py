"""Hidden orders drawn when first needed: the action card stack and the book piles.

Nobody sees the order of the action card stack within a letter (the backs show
the letters, "Setup" step 4) nor of a face-down book pile (step 8). ``determinize``
therefore re-draws those orders, but a search sample seldom draws from them, so
it only marks them in ``state.unordered``; the first draw from a marked stack or
pile shuffles it with the sample's own generator (``state.rng``). No card or book
leaves a stack or pile between the marking and that draw, so a sample is
distributed exactly as if everything had been shuffled at once, and a sample that
never draws pays nothing. A real game's state never has a mark.
"""

from __future__ import annotations

from meeple.games.mombasa.board import BOARD
from meeple.games.mombasa.state import MombasaState

STACK = 1
"""The mark of the action card stack; book pile ``letter`` (0-2, A-C) is ``PILE << letter``."""
PILE = 2
EVERY_ORDER = STACK | PILE | PILE << 1 | PILE << 2

LETTER = tuple(card.letter for card in BOARD.cards)


def draw_card(state: MombasaState) -> int:
    """The top card of the action card stack (the caller checked it is not empty)."""
    if state.unordered & STACK:
        shuffle_stack(state)
    return state.stack.pop()


def draw_book(state: MombasaState, letter: int) -> int:
    """The top book of pile ``letter`` (the caller checked it is not empty)."""
    mark = PILE << letter
    if state.unordered & mark:
        state.unordered &= ~mark
        state.rng.shuffle(state.book_supply[letter])
    return state.book_supply[letter].pop()


def shuffle_stack(state: MombasaState) -> None:
    """Each letter's cards shuffled among the places that letter holds in the stack."""
    state.unordered &= ~STACK
    groups: dict[str, list[int]] = {}
    for card in state.stack:
        groups.setdefault(LETTER[card], []).append(card)
    for cards in groups.values():
        state.rng.shuffle(cards)
    state.stack = [groups[LETTER[card]].pop() for card in state.stack]
