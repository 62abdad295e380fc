"""The state: the pile, what each seat took, the secret cards, whose turn it is."""

from __future__ import annotations

from typing import Self

from meeple.engine import GameState


class PebblesState(GameState):
    __slots__ = ("cards", "deck", "pile", "taken", "turn")

    pile: int
    taken: list[int]
    cards: list[int]  # each seat's secret card
    deck: list[int]  # the cards nobody holds, face down
    turn: int

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        self._copy_common(twin)
        twin.pile, twin.turn = self.pile, self.turn
        twin.taken, twin.cards, twin.deck = self.taken.copy(), self.cards.copy(), self.deck.copy()
        return twin
