"""Goofspiel's components: the suits of the seats and of the prizes, and the card faces.

They are read once from ``data/cards.json`` (its ``provenance`` field says where the
facts come from and its notes describe the fields) and validated at load:
``load_cards`` raises ``CardDataError`` naming what is wrong.
Cards are numbered 1 (ace) to 13 (king); a game uses the ``cards`` lowest of them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from meeple.engine.provenance import Provenance, read_provenance

MAX_CARDS = 13  # a suit: ace (1) to king (13)
MIN_CARDS = 5
MAX_SEATS = 4

_COLOUR = re.compile(r"#[0-9a-f]{6}")


class CardDataError(ValueError):
    """The card data breaks its schema."""


@dataclass(frozen=True)
class Suit:
    name: str
    symbol: str
    colour: str


@dataclass(frozen=True)
class Cards:
    """Immutable component data shared by every Goofspiel state."""

    prize_suit: Suit
    seats: tuple[Suit, ...]
    faces: tuple[str, ...]  # faces[value] for value in 1..MAX_CARDS; faces[0] unused
    provenance: Provenance

    def face(self, value: int) -> str:
        """The card's printed face: "A", "2", ..., "10", "J", "Q", "K"."""
        return self.faces[value]


@cache
def load_cards() -> Cards:
    text = resources.files("meeple_goofspiel").joinpath("data", "cards.json").read_text("utf-8")
    return build_cards(json.loads(text))


def build_cards(data: dict[str, Any]) -> Cards:
    """Turn the data file into ``Cards``, checking the schema."""
    provenance = read_provenance(data, "cards.json", CardDataError)
    try:
        prize = _suit(data["prize_suit"])
        seats = tuple(_suit(raw) for raw in data["seats"])
        faces = _faces(data["faces"])
    except (KeyError, TypeError, ValueError) as exc:
        raise CardDataError(f"cards.json: {exc}") from exc
    if len(seats) != MAX_SEATS:
        raise CardDataError(f"cards.json: {MAX_SEATS} seat suits needed, found {len(seats)}")
    names = [s.name for s in (prize, *seats)]
    if len(set(names)) != len(names):
        raise CardDataError(f"cards.json: suit names repeat: {names}")
    return Cards(prize, seats, faces, provenance)


def _suit(raw: dict[str, Any]) -> Suit:
    suit = Suit(str(raw["name"]), str(raw["symbol"]), str(raw["colour"]))
    if not suit.name or len(suit.symbol) != 1 or not _COLOUR.fullmatch(suit.colour):
        raise ValueError(f"a suit needs a name, one symbol and a #rrggbb colour: {raw}")
    return suit


def _faces(raw: dict[str, str]) -> tuple[str, ...]:
    faces = ["", *(str(v) for v in range(1, MAX_CARDS + 1))]
    for key, face in raw.items():
        value = int(key)
        if not 1 <= value <= MAX_CARDS or not face:
            raise ValueError(f"face {key!r}: {face!r} is not a card of 1..{MAX_CARDS}")
        faces[value] = str(face)
    return tuple(faces)


CARDS = load_cards()
