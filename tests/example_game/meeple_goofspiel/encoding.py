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

from typing import Any

from meeple.engine import Encoding, GameConfig
from meeple.engine.encoding import members, one_hot, scaled
from meeple_goofspiel.board import MAX_CARDS, MAX_SEATS

JSON = dict[str, Any]

ALL_POINTS = MAX_CARDS * (MAX_CARDS + 1) // 2  # every prize of a full suit
GENERAL = MAX_SEATS + 1 + 3 * MAX_CARDS
PER_SEAT = MAX_CARDS + 1 + MAX_CARDS + MAX_CARDS + 1


def cards_vector(values: list[int]) -> list[float]:
    """0/1 per card value 1..13."""
    return members((v - 1 for v in values), MAX_CARDS)


class GoofspielEncoding(Encoding):
    def size(self, config: GameConfig) -> int:
        return GENERAL + PER_SEAT * config.players

    def max_decisions(self, config: GameConfig) -> int:
        cards = config.options.get("cards", MAX_CARDS)
        assert isinstance(cards, int)
        return cards * config.players

    def encode(self, view: JSON, config: GameConfig) -> list[float]:
        viewer = view["seat"]
        prize = view["prize"]
        out = one_hot(viewer, MAX_SEATS)
        out.append(scaled(view["round"], view["rounds"]))
        out += one_hot(None if prize is None else prize - 1, MAX_CARDS)
        out += cards_vector(view["prizes_to_come"])
        out += cards_vector(view["discarded"])
        players = view["players"]
        first = viewer or 0
        for offset in range(len(players)):
            out += seat_features(players[(first + offset) % len(players)])
        return out


def seat_features(player: JSON) -> list[float]:
    bid = player["bid"]
    return [
        *cards_vector(player["hand"]),
        1.0 if player["sealed"] else 0.0,
        *one_hot(None if bid is None else bid - 1, MAX_CARDS),
        *cards_vector(player["won"]),
        scaled(player["points"], ALL_POINTS),
    ]


ENCODING = GoofspielEncoding()
