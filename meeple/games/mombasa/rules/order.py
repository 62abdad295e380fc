"""Hidden orders drawn when needed: the action card stack and the book piles.

Nobody sees the order of the action card stack within a letter (the backs show
the letters, "Setup" step 4) nor of a face-down book pile (step 8). A search
sample must not know them, yet seldom draws from them, so ``determinize`` only
marks them in ``state.unordered``: each draw from a marked stack or pile takes a
uniformly random card of the top letter (or book of the pile) with the sample's
own generator (``state.rng``). Drawing uniformly without replacement, one card
at a time, is exactly a uniform shuffle, and a sample that never draws pays
nothing. A real game's state never has a mark: its draws take the top.
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
    """The top card of the action card stack (the caller checked it is not empty).
    The stack holds each letter in one block (E at the bottom, A on top)."""
    stack = state.stack
    if state.unordered & STACK:
        top = len(stack) - 1
        letter = LETTER[stack[top]]
        first = top
        while first > 0 and LETTER[stack[first - 1]] == letter:
            first -= 1
        pick = first + state.rng.below(top - first + 1)
        stack[pick], stack[top] = stack[top], stack[pick]
    return stack.pop()


def draw_book(state: MombasaState, letter: int) -> int:
    """The top book of pile ``letter`` (the caller checked it is not empty)."""
    pile = state.book_supply[letter]
    if state.unordered & PILE << letter:
        pick = state.rng.below(len(pile))
        pile[pick], pile[-1] = pile[-1], pile[pick]
    return pile.pop()
