"""Goofspiel's observation encoding: a seat's view as numbers for learning adapters.

Read from the view only (never the state), so a sealed bid of another seat, which
the view hides, cannot reach an observation. Seats are listed starting with the
viewer, so a policy learns "my hand" and "the next seat's hand" whatever its seat.
Layout, every value in [0, 1]:

* the viewer's seat (one-hot over 4) and the round (round / cards);
* the face-up prize (one-hot over 13), the prizes still to come and the
  discarded prizes (0/1 per value);
* per seat, from the viewer on: its hand (0/1 per value), whether it has sealed a
  bid, its sealed bid when the viewer may see it (one-hot over 13), the prizes it
  won (0/1 per value) and its points (/ 91, the most a game holds).
"""

from __future__ import annotations

from array import array
from typing import TypeAlias

from meeple.engine import Encoding, GameConfig
from meeple.engine.encoding import Layout, hot, put, relative_seats, zeros
from meeple_goofspiel.board import MAX_CARDS, MAX_SEATS
from meeple_goofspiel.view import EngineView, PlayerView, typed

Vector: TypeAlias = "array[float]"  # 32-bit floats, from Layout.zeros()

ALL_POINTS = MAX_CARDS * (MAX_CARDS + 1) // 2  # every prize of a full suit

# Per seat: its hand, sealed or not, its sealed bid (when the viewer may see it),
# the prizes it won, its points.
HAND, SEALED = 0, MAX_CARDS
BID = SEALED + 1
WON = BID + MAX_CARDS
POINTS = WON + MAX_CARDS
PER_SEAT = POINTS + 1

LAYOUT = Layout()
VIEWER = LAYOUT.block(MAX_SEATS)
ROUND = LAYOUT.block(1)
PRIZE = LAYOUT.block(MAX_CARDS)
TO_COME = LAYOUT.block(MAX_CARDS)
DISCARDED = LAYOUT.block(MAX_CARDS)
SEATS = LAYOUT.block(0)  # PER_SEAT places per seat follow, from the viewer on


class GoofspielEncoding(Encoding):
    def size(self, config: GameConfig) -> int:
        return LAYOUT.size + PER_SEAT * config.players

    def max_decisions(self, config: GameConfig) -> int:
        cards = config.options.get("cards", MAX_CARDS)
        assert isinstance(cards, int)
        return cards * config.players

    def encode(self, engine_view: EngineView, config: GameConfig) -> Vector:
        view = typed(engine_view)
        out = zeros(self.size(config))
        viewer = view["seat"]
        hot(out, VIEWER, viewer, MAX_SEATS)
        put(out, ROUND, view["round"], view["rounds"])
        prize = view["prize"]
        hot(out, PRIZE, None if prize is None else prize - 1, MAX_CARDS)
        cards(out, TO_COME, view["prizes_to_come"])
        cards(out, DISCARDED, view["discarded"])
        players = view["players"]
        relative = relative_seats(viewer, len(players))
        for seat, player in enumerate(players):
            seat_features(out, SEATS + relative[seat] * PER_SEAT, player)
        return out


def cards(out: Vector, offset: int, values: list[int]) -> None:
    """1 per card value held, 1..13 at ``offset`` ... ``offset + 12``."""
    for value in values:
        out[offset + value - 1] = 1.0


def seat_features(out: Vector, base: int, player: PlayerView) -> None:
    cards(out, base + HAND, player["hand"])
    if player["sealed"]:
        out[base + SEALED] = 1.0
    bid = player["bid"]
    hot(out, base + BID, None if bid is None else bid - 1, MAX_CARDS)
    cards(out, base + WON, player["won"])
    put(out, base + POINTS, player["points"], ALL_POINTS)


ENCODING = GoofspielEncoding()
