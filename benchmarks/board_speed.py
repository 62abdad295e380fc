"""How long each registered game takes to draw its board: ``Presentation.svg`` on
views sampled from random games at the game's most seats (each view a random
seat's, as a server draws one per seat and change), in this process's CPU
milliseconds (other work on a shared machine disturbs them less than the wall
clock), mean, 90th percentile and worst per game. Each view is drawn once, as a
server draws a new state: a drawing's caches (placements kept from one state to
the next) help only as far as the states before it left them. The sampled views
are frozen out of the garbage collector's reach before timing (``gc.freeze``, as a
server may freeze what it loaded): a collection walking the benchmark's own heap
fell inside single drawings and read as a 30 ms drawing.

    .venv/bin/python benchmarks/board_speed.py
    .venv/bin/python benchmarks/board_speed.py --games 3 --views 40 --only newworld
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from typing import Any

from meeple.cli.bench import random_states
from meeple.engine.game import Game
from meeple.engine.registry import all_games


def sampled_views(game: Game[Any], games: int, views: int) -> list[Any]:
    """``views`` views spread evenly over each of ``games`` random games at the game's
    most seats, each from a random seat (seeded: the same views every run)."""
    players = game.max_players
    out = []
    for seed in range(1, games + 1):
        states = random_states(game, players, seed)
        step = max(1, len(states) // views)
        rng = random.Random(seed)
        for state in states[::step][:views]:
            out.append(game.view(state, rng.randrange(players)))
    return out


def draw_times(game: Game[Any], views: list[Any]) -> list[float]:
    """Milliseconds to draw each view's whole board."""
    presentation = game.presentation()
    presentation.svg(views[0])  # the board layer and the shapes' caches, once
    # The sampled views (and what is left of their games) are input, not the
    # drawing's: frozen, a garbage collection during a drawing walks only what
    # drawings made, not the benchmark's whole heap.
    gc.collect()
    gc.freeze()
    times = []
    for view in views:
        start = time.process_time()
        presentation.svg(view)
        times.append((time.process_time() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random games per game")
    parser.add_argument("--views", type=int, default=40, help="views sampled per random game")
    parser.add_argument("--only", help="one game's name")
    args = parser.parse_args()
    print(f"{'game':<12} {'seats':>5} {'views':>5} {'mean ms':>8} {'p90 ms':>7} {'worst ms':>9}")
    for game in all_games():
        if args.only and game.name != args.only:
            continue
        try:
            times = draw_times(game, sampled_views(game, args.games, args.views))
        except Exception as error:  # one game's broken drawing leaves the others measured
            print(f"{game.name:<12} failed: {error!r}")
            continue
        mean = sum(times) / len(times)
        p90 = sorted(times)[int(0.9 * (len(times) - 1))]
        print(
            f"{game.name:<12} {game.max_players:>5} {len(times):>5} {mean:>8.2f} {p90:>7.2f}"
            f" {max(times):>9.2f}"
        )


if __name__ == "__main__":
    main()
