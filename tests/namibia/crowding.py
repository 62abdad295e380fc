"""How crowded the cube placement round of Getting Started is on the board.

The rulebook (Getting Started) warns that "cubes will likely need to be placed in
adjacent spaces towards the end of this process". This measures how often that
happens: over seeded setups, the share of games in which a player had to place a
cube next to another cube because every empty space already touched one.

    python -m tests.namibia.crowding [games] [players ...]

prints the figure for random placements and for the heuristic bot's.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

from meeple.engine import Rng
from meeple.games.namibia import GAME
from meeple.games.namibia.bots.heuristic import NamibiaHeuristic
from meeple.games.namibia.rules.geometry import empty_mask, near_cubes
from meeple.games.namibia.state import SETUP_CUBES, NamibiaState

Chooser = Callable[[NamibiaState, int, list[int]], int]


@dataclass(frozen=True)
class Crowding:
    """Games measured, games in which a cube had to go next to a cube, and the
    placement (1 = the first cube a player places) at which it first happened."""

    games: int
    crowded: int
    first_forced: tuple[int, ...]

    @property
    def share(self) -> float:
        return self.crowded / self.games if self.games else 0.0


def forced_adjacent(s: NamibiaState) -> bool:
    """Every empty space touches a cube: the next cube must go next to one."""
    empty = empty_mask(s)
    return bool(empty) and not empty & ~near_cubes(s)


def first_forced_placement(s: NamibiaState, choose: Chooser) -> int:
    """Play the cube placement round; the number of the first placement that had to
    go next to a cube, 0 if none had to."""
    placed = 0
    while s.phase == SETUP_CUBES:
        placed += 1
        if forced_adjacent(s):
            return placed
        seat = s.actor
        GAME.apply(s, seat, choose(s, seat, GAME.legal_actions(s, seat)))
    return 0


def random_chooser(seed: int) -> Chooser:
    rng = Rng(seed)
    return lambda s, seat, legal: rng.choice(legal)


def heuristic_chooser(seed: int) -> Chooser:
    bot = NamibiaHeuristic(GAME, seed)
    return lambda s, seat, legal: bot.choose(GAME, s, seat)


def measure(players: int, games: int, make: Callable[[int], Chooser], first: int = 0) -> Crowding:
    found = []
    for seed in range(first, first + games):
        s = GAME.new_game(GAME.make_config(players), seed)
        found.append(first_forced_placement(s, make(seed)))
    forced = tuple(f for f in found if f)
    return Crowding(games, len(forced), forced)


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 480
    counts = [int(a) for a in argv[1:]] or [4, 3]
    for players in counts:
        for name, make in (("random", random_chooser), ("heuristic", heuristic_chooser)):
            c = measure(players, games, make)
            cubes = 4 + 3 * players
            when = sorted(c.first_forced)
            median = when[len(when) // 2] if when else 0
            print(
                f"{players} players, {name:9} placements: {c.crowded}/{c.games}"
                f" ({100 * c.share:.0f}%) setups forced a cube next to a cube"
                f" (first at placement {median} of {cubes - 4}, median)"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
