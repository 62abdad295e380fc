"""The view as numbers: the pile, each seat's pebbles (from the viewer), its card."""

from __future__ import annotations

from collections.abc import Sequence

from meeple.engine import JSON, GameConfig
from meeple.engine.encoding import FixedEncoding, Layout, hot, put, relative_seats
from meeple_pebbles.rules import pile_size

MAX_PLAYERS = 3
LAYOUT = Layout()
PILE = LAYOUT.block(1)
TAKEN = LAYOUT.block(MAX_PLAYERS)
CARD = LAYOUT.block(6)
TURN = LAYOUT.block(MAX_PLAYERS)


class PebblesEncoding(FixedEncoding):
    def encode(self, view: JSON, config: GameConfig) -> Sequence[float]:
        out = LAYOUT.zeros()
        top = pile_size(config)
        put(out, PILE, view["pile"], top)
        order = relative_seats(view["seat"], config.players)
        for place, seat in enumerate(order):
            put(out, TAKEN + place, view["taken"][seat], top)
            if seat == view["turn"]:
                hot(out, TURN, place, MAX_PLAYERS)
        card = view["cards"][view["seat"]]
        hot(out, CARD, None if card is None else card - 1, 6)
        return out


ENCODING = PebblesEncoding(LAYOUT, max_decisions=100)
