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

An encoding whose fast path is made of ``Section``s (``SectionedEncoding``)
also gives the adapters a ``StateEncoder`` per seat: it keeps the seat's last
vector and rewrites only the sections whose numbers could have changed, which it
tells by comparing what each section read from the state with what it read the
time before. ``tests/rl`` proves its vectors equal to a full rebuild at every
position of random games.

The helpers below (``FixedEncoding``, ``Layout``, ``relative_seats``, ``hot``,
``seat_hot``, ``put``, ``one_hot``, ``scaled``, ``index_of``) are small pure
functions and classes the games' encodings share; nothing here imports a
third-party library.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import ne
from typing import Any, TypeAlias

from meeple.engine.config import GameConfig
from meeple.engine.errors import MeepleError

JSON = dict[str, Any]
Vector: TypeAlias = "array[float]"  # 32-bit floats, as Layout.zeros() gives


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
        """Optional fast path: exactly ``encode(view(state, seat), config)``, made more
        cheaply: usually read from the state without building the view (then it must
        read nothing the seat's view does not show), or, as Mombasa's, from the view
        in sections. None (the default) means "not offered": the adapters then
        build the view and call ``encode``."""
        return None

    def state_encoder(self, config: GameConfig, seat: int) -> StateEncoder | None:
        """Optional: an encoder that keeps ``seat``'s last vector and rewrites only
        what changed (``SectionedEncoding`` gives one). None: not offered."""
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


@dataclass(frozen=True)
class Section:
    """One part of a seat's observation, read from the state: its ``places`` are one
    or more slices of the vector (a block, or one place in every space of a board).

    Contract: ``read(state)`` returns what the part shows the seat, as a value that
    compares by ``==`` and never shares a mutable part with the state (copies of
    lists, tuples of numbers), reading nothing the seat's view does not show;
    ``write(out, seen)`` writes the numbers of ``seen`` into the section's places,
    which the caller has set to the encoding's base values, and touches no other
    place. So the part's numbers depend on ``read``'s value alone, and a part whose
    value did not change need not be written again.

    ``shared``: the part shows every seat the same numbers at the same places (the
    market, the pieces on a board without their owners), so an adapter observing
    several seats may write it once for all of them."""

    places: tuple[slice, ...]
    read: Callable[[Any], object]
    write: Callable[[Vector, Any], None]
    shared: bool = False

    @classmethod
    def block(
        cls,
        start: int,
        stop: int,
        read: Callable[[Any], object],
        write: Callable[[Vector, Any], None],
        shared: bool = False,
    ) -> Section:
        """A section of the consecutive places ``start..stop-1``."""
        return cls((slice(start, stop),), read, write, shared)

    def indices(self, size: int) -> set[int]:
        """Every place of the section, for a vector of ``size`` places."""
        return {i for part in self.places for i in range(*part.indices(size))}


def strided(start: int, width: int, stride: int, count: int) -> tuple[slice, ...]:
    """The places ``start + k * stride + w`` for ``k < count`` and ``w < width``: one
    field of ``width`` places in each of ``count`` entries of ``stride`` places."""
    stop = start + stride * count
    return tuple(slice(start + w, stop, stride) for w in range(width))


class StateEncoder:
    """One seat's observations of a sectioned encoding, kept between calls.

    ``encode(state)`` returns the encoder's own buffer (overwritten by the next
    call: copy it to keep it), holding exactly the numbers a fresh encoding of
    ``state`` gives. Only the sections whose ``read`` value differs from the one
    it had the time before are rewritten, so ``state`` may be any state of the
    game's config (another game, a determinized one), not only the next one."""

    __slots__ = ("base", "numbers", "out", "reads", "sections", "seen", "writes")

    _UNSEEN = object()  # equal to nothing: every section is written the first time

    def __init__(self, sections: Sequence[Section], base: Vector) -> None:
        self.sections = tuple(sections)
        self.base = base
        self.out = base[:]
        self.seen: list[object] = [self._UNSEEN] * len(self.sections)
        self.reads = tuple(s.read for s in self.sections)
        self.numbers = range(len(self.sections))
        # per section: its writer, and its places with their base values
        self.writes = tuple(
            (s.write, tuple((part, base[part]) for part in s.places)) for s in self.sections
        )

    def encode(self, state: Any) -> Vector:
        out, seen, writes = self.out, self.seen, self.writes
        now = [read(state) for read in self.reads]
        # the sections whose value changed, found by comparing in one pass
        for i in compress(self.numbers, map(ne, now, seen)):
            write, restore = writes[i]
            for part, values in restore:
                out[part] = values
            write(out, now[i])
        self.seen = now
        return out


class SectionedEncoding(FixedEncoding):
    """A fixed encoding whose fast path is a list of sections per seat: it offers
    ``encode_state`` (every section written into a fresh vector) and a
    ``state_encoder`` per seat (only the sections that changed)."""

    def __init__(self, layout: Layout, max_decisions: int) -> None:
        super().__init__(layout, max_decisions)
        self._sections: dict[tuple[int, str, int], tuple[Section, ...]] = {}

    def sections(self, config: GameConfig, seat: int) -> list[Section]:
        """The sections of ``seat``'s observation, in order, covering each place at
        most once; the places of no section keep the base value."""
        raise NotImplementedError

    def base(self, config: GameConfig) -> Vector:
        """What every place holds before any section writes (zeros by default; an
        encoding may put fixed, printed numbers here)."""
        return self.layout.zeros()

    def state_encoder(self, config: GameConfig, seat: int) -> StateEncoder:
        return StateEncoder(self.sections(config, seat), self.base(config))

    def encode_state(self, state: Any, seat: int, config: GameConfig) -> Vector:
        key = (config.players, repr(sorted(config.options.items())), seat)
        sections = self._sections.get(key)
        if sections is None:  # sections are immutable: laid out once per config and seat
            sections = self._sections[key] = tuple(self.sections(config, seat))
        return StateEncoder(sections, self.base(config)).encode(state)


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
