"""Whether a change to a game's board drawing left every drawing as it was: each
view sampled from random games (as ``board_speed`` samples them, at each given
seat count) drawn by ``Presentation.svg`` and summed up as a SHA-256 digest,
written to a file by one tree and checked against it by another. Checking also
draws the views again in reverse order, so a drawing's caches (kept from one
state to the next) must give the same drawings whatever came before.

    # in a snapshot of the commit before (see docs on measuring from a snapshot)
    python benchmarks/drawing_identity.py --write /tmp/before.json
    # in the changed tree
    .venv/bin/python benchmarks/drawing_identity.py --check /tmp/before.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

from meeple.cli.bench import random_states
from meeple.engine.game import Game
from meeple.engine.registry import all_games


def sampled_views(game: Game[Any], players: int, seeds: range, views: int) -> list[Any]:
    """``views`` views spread evenly over the random game of each seed, each from a
    random seat (seeded: the same views every run)."""
    out = []
    for seed in seeds:
        states = random_states(game, players, seed)
        step = max(1, len(states) // views)
        rng = random.Random(seed)
        out += [game.view(state, rng.randrange(players)) for state in states[::step][:views]]
    return out


def digests(game: Game[Any], views: list[Any]) -> list[str]:
    presentation = game.presentation()
    return [hashlib.sha256((presentation.svg(view) or "").encode()).hexdigest() for view in views]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="newworld")
    parser.add_argument("--seats", default="3,6", help="seat counts, comma-separated (to write)")
    parser.add_argument("--games", type=int, default=5, help="random games per seat count")
    parser.add_argument("--views", type=int, default=40, help="views sampled per random game")
    found = parser.add_mutually_exclusive_group(required=True)
    found.add_argument("--write", help="write the digests to this file")
    found.add_argument("--check", help="compare the drawings with this file's digests")
    args = parser.parse_args()
    game = next(g for g in all_games() if g.name == args.game)
    seeds = range(101, 101 + args.games)
    before: dict[str, list[str]] = {}
    if args.check:  # the seat counts the file was written for
        with open(args.check) as given:
            before = json.load(given)
    seat_counts = list(before) or args.seats.split(",")
    drawn = {seats: sampled_views(game, int(seats), seeds, args.views) for seats in seat_counts}
    now = {seats: digests(game, views) for seats, views in drawn.items()}
    if args.write:
        with open(args.write, "w") as out:
            json.dump(now, out)
        print(f"{sum(map(len, now.values()))} drawings written to {args.write}")
        return
    again = {seats: digests(game, views[::-1])[::-1] for seats, views in drawn.items()}
    for seats, old in before.items():
        changed = [
            k
            for k, digest in enumerate(old)
            if now[seats][k] != digest or again[seats][k] != digest
        ]
        print(f"{args.game} at {seats} seats: {len(old) - len(changed)} of {len(old)} the same")
        if changed:
            print(f"  changed: views {changed[:20]}")


if __name__ == "__main__":
    main()
