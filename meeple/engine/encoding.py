"""Observation encodings: a seat's view as a fixed-length vector of numbers.

Learning adapters (``meeple.rl``: PettingZoo, Gymnasium, OpenSpiel) need every
observation of a game to have the same length for a given config, with every
value in [0, 1]. A game gives that through the optional ``Game.encoding()``;
the default is None ("this game has no encoding"), and the adapters then raise
``NoEncoding``. An encoding reads a *view* (what the seat may know), never the
state, so an observation cannot leak what is hidden from the seat.

A game may also offer a faster path, ``encode_state``: the same numbers read
straight from the state, touching only what the seat's view shows. The adapters
use it when it is offered; a game that offers it proves it equal to
``encode(view(state, seat))`` over many random states (``tests/rl``).

The helpers below (``FixedEncoding``, ``Layout``, ``relative_seats``, ``hot``,
``seat_hot``, ``put``, ``one_hot``, ``scaled``, ``index_of``) are small pure
functions and classes the games' encodings share; nothing here imports a
third-party library.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import MutableSequence, Sequence
from typing import Any

from meeple.engine.config import GameConfig
from meeple.engine.errors import MeepleError

JSON = dict[str, Any]


class NoEncoding(MeepleError):
    """A learning adapter was asked for a game that provides no observation encoding."""


class Encoding(ABC):
    """How one game turns a seat's view into numbers.

    Contract: for every view of a game played with ``config``,
    ``len(encode(view, config)) == size(config)`` and every value lies in [0, 1].
    ``max_decisions(config)`` bounds the number of decisions (actions of any seat)
    a game can last; OpenSpiel needs it and the adapters refuse to go beyond it.
    """

    @abstractmethod
    def size(self, config: GameConfig) -> int:
        """The length of every observation vector of a game with ``config``."""

    @abstractmethod
    def encode(self, view: JSON, config: GameConfig) -> Sequence[float]:
        """The view's numbers, ``size(config)`` of them, each in [0, 1]: a list, or
        (faster for the adapters, which take it without copying) an ``array('f')``
        such as ``Layout.zeros()`` gives."""

    @abstractmethod
    def max_decisions(self, config: GameConfig) -> int:
        """An upper bound on the decisions in one game with ``config``."""

    def encode_state(self, state: Any, seat: int, config: GameConfig) -> Sequence[float] | None:
        """Optional fast path: exactly ``encode(view(state, seat), config)``, read from
        the state without building the view, so it must read nothing the seat's view
        does not show. None (the default) means "not offered": the adapters then
        build the view and call ``encode``."""
        return None


class FixedEncoding(Encoding):
    """An encoding whose vector has one length for every config (its ``Layout``)
    and whose games are bounded by one number of decisions."""

    def __init__(self, layout: Layout, max_decisions: int) -> None:
        self.layout = layout
        self.bound = max_decisions

    def size(self, config: GameConfig) -> int:
        return self.layout.size

    def max_decisions(self, config: GameConfig) -> int:
        return self.bound


class Layout:
    """Consecutive named blocks of an observation vector, laid out once per game.

    ``block(length)`` reserves the next ``length`` places and returns the first;
    ``size`` is the length so far. Encoders start from ``zeros()`` (an
    ``array('f')``, 32-bit floats) and write only the places that are not zero
    (``hot``, ``put``), which keeps encoding a large, mostly empty vector cheap."""

    def __init__(self) -> None:
        self.size = 0

    def block(self, length: int) -> int:
        offset = self.size
        self.size += length
        return offset

    def zeros(self) -> array[float]:
        return zeros(self.size)


def zeros(size: int) -> array[float]:
    """``size`` 32-bit zeros, the buffer an encoder writes into."""
    return array("f", bytes(4 * size))


def relative_seats(viewer: int | None, players: int) -> list[int]:
    """Per seat, its place counted from the viewer (0 = the viewer, 1 = the next
    seat...), so that a learned policy means "me" whatever its seat; a spectator
    (None) sees the seats in their own order."""
    first = viewer or 0
    return [(seat - first) % players for seat in range(players)]


def seat_hot(
    out: MutableSequence[float], offset: int, seat: int | None, relative: Sequence[int]
) -> None:
    """A one at the place of ``seat`` counted from the viewer (nothing for None or
    a seat not in the game)."""
    if seat is not None and 0 <= seat < len(relative):
        out[offset + relative[seat]] = 1.0


def hot(out: MutableSequence[float], offset: int, index: int | None, length: int) -> None:
    """Set ``out[offset + index]`` to 1 when ``index`` is in ``range(length)``."""
    if index is not None and 0 <= index < length:
        out[offset + index] = 1.0


def put(out: MutableSequence[float], place: int, value: float | None, top: float) -> None:
    """Write ``value / top`` clipped to [0, 1] at ``place`` (None writes nothing)."""
    if value is not None and value > 0 and top > 0:
        out[place] = 1.0 if value >= top else value / top


def one_hot(value: int | None, length: int) -> list[float]:
    """``length`` zeros with a one at ``value`` (all zeros for None or out of range)."""
    out = [0.0] * length
    if value is not None and 0 <= value < length:
        out[value] = 1.0
    return out


def scaled(value: float | None, top: float) -> float:
    """``value / top`` clipped to [0, 1] (None counts as 0)."""
    if value is None or top <= 0:
        return 0.0
    return min(1.0, max(0.0, value / top))


def index_of(value: object, names: Sequence[object]) -> int | None:
    """The position of ``value`` in ``names``, or None when it is absent."""
    try:
        return names.index(value)
    except ValueError:
        return None
