"""Bitmasks: a set of spaces (or of rail edges) as one Python int, bit ``i`` for item ``i``.

Ints are immutable, so a state holding them clones them for free, and union,
intersection and difference run in C. Two tables turn a set back into something
the rules use, eight bits at a time through precomputed tuples:

* ``Picker(values).pick(mask)``: the values of the set bits, in ascending bit
  order (so a set of spaces becomes the action indices of those spaces in the
  order a scan of the board would list them);
* ``Spreader(masks).spread(mask)``: the union of the per-item masks of the set
  bits (so a set of spaces becomes the set of their neighbours).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

BYTE = 8
BYTE_VALUES = 1 << BYTE

Entry = TypeVar("Entry")


def mask_of(items: Iterable[int]) -> int:
    """The set of ``items`` as a bitmask."""
    mask = 0
    for i in items:
        mask |= 1 << i
    return mask


def union(masks: Iterable[int]) -> int:
    """The union of ``masks``."""
    found = 0
    for mask in masks:
        found |= mask
    return found


def _chunks(count: int) -> int:
    """Bytes in a mask over ``count`` items."""
    return max(1, (count + BYTE - 1) // BYTE)


def _byte_tables(
    count: int, join: Callable[[int, Entry], Entry], empty: Entry
) -> tuple[tuple[Entry, ...], ...]:
    """Per byte of a mask over ``count`` items, per value of that byte: the entry of
    its set bits, ``join(lowest item, entry of the other bits)``; ``empty`` for none.
    Bits beyond the items add nothing."""
    tables = []
    for at in range(0, _chunks(count) * BYTE, BYTE):
        table = [empty]
        for byte in range(1, BYTE_VALUES):
            low = byte & -byte
            item = at + low.bit_length() - 1
            rest = table[byte ^ low]
            table.append(join(item, rest) if item < count else rest)
        tables.append(tuple(table))
    return tuple(tables)


class Picker:
    """Turns a bitmask over ``len(values)`` items into ``[values[i] for each set bit i]``."""

    __slots__ = ("_size", "_table")

    def __init__(self, values: Sequence[int]) -> None:
        self._size = _chunks(len(values))
        none: tuple[int, ...] = ()
        self._table = _byte_tables(len(values), lambda i, rest: (values[i], *rest), none)

    def pick(self, mask: int) -> list[int]:
        """Values of the set bits of ``mask`` (no bit beyond the items), lowest bit first."""
        found: list[int] = []
        for part, byte in zip(self._table, mask.to_bytes(self._size, "little"), strict=True):
            if byte:
                found += part[byte]
        return found


class Spreader:
    """Turns a bitmask over ``len(masks)`` items into the union of their ``masks``."""

    __slots__ = ("_size", "_table")

    def __init__(self, masks: Sequence[int]) -> None:
        self._size = _chunks(len(masks))
        self._table = _byte_tables(len(masks), lambda i, rest: masks[i] | rest, 0)

    def spread(self, mask: int) -> int:
        """The union of the masks of the set bits of ``mask`` (no bit beyond the items)."""
        union = 0
        for part, byte in zip(self._table, mask.to_bytes(self._size, "little"), strict=True):
            if byte:
                union |= part[byte]
        return union
