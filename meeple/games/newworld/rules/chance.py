"""Several dice in one call: a crossing's Naval Losses dice (6.2, 12.2).

``roll_dice(state, n)`` gives exactly the faces of ``n`` calls of ``common.die``
(the engine's SplitMix64 generator, a draw at or above the largest multiple of
six below 2**64 redrawn), with the generator's step written out in one loop
instead of two calls per die. tests/newworld/test_nw_speed.py holds it to
``common.die``.
"""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.newworld.state import NewWorldState
from meeple.games.newworld.texts import die

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX_1 = 0xBF58476D1CE4E5B9
_MIX_2 = 0x94D049BB133111EB
_DIE_LIMIT = (1 << 64) - (1 << 64) % 6


def roll_dice(state: NewWorldState, count: int) -> list[int]:
    """``count`` six-sided dice from the game's seeded chance, in order."""
    rng = state.rng
    if not isinstance(rng, Rng):  # a stand-in generator (tests script the dice)
        return [die(state) for _ in range(count)]
    step = rng.state
    faces: list[int] = []
    while len(faces) < count:
        step = (step + _GOLDEN) & _MASK
        z = ((step ^ (step >> 30)) * _MIX_1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX_2) & _MASK
        z ^= z >> 31
        if z < _DIE_LIMIT:
            faces.append(z % 6 + 1)
    rng.state = step
    return faces
