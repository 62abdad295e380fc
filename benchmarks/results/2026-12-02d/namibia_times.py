"""Per-decision times of a Namibia search level against three heuristics (not a test).

Plays the level in seat ``index % 4`` of games ``--seed``, ``--seed + 1``, ... and
prints the mean and 95th percentile of its decisions' wall time and of the CPU time
of this process (``time.process_time``: what one decision costs on a core of its
own, whatever else the machine runs), with the iterations each searched.

    python namibia_times.py --level hard --games 2 --seed 5000 --uncapped

``--uncapped`` lifts the levels' time caps (as uncapped_strength.py does), so that
a loaded machine does not cut the searches short and the CPU times are those of
the full iteration budgets.
"""

from __future__ import annotations

import argparse
import statistics
import time

from meeple.ai import levels, load_bots
from meeple.ai.base import make_bot
from meeple.engine import get_game


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--uncapped", action="store_true")
    args = parser.parse_args()
    if args.uncapped:
        levels.CAPS_MS.update({level: 1e9 for level in levels.CAPS_MS})
    load_bots()
    game = get_game("namibia")
    wall: list[float] = []
    cpu: list[float] = []
    for index in range(args.games):
        seed = args.seed + index
        mine = index % 4
        state = game.new_game(game.make_config(4), seed)
        kinds = ["heuristic"] * 4
        kinds[mine] = args.level
        bots = [make_bot(kind, game, seed * 1009 + seat) for seat, kind in enumerate(kinds)]
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            began, began_cpu = time.perf_counter(), time.process_time()
            action = bots[seat].choose(game, state, seat)
            if seat == mine:
                wall.append(time.perf_counter() - began)
                cpu.append(time.process_time() - began_cpu)
            game.apply(state, seat, action)
    for name, times in (("wall", wall), ("cpu", cpu)):
        mean, p95 = 1000 * statistics.fmean(times), 1000 * percentile(times, 0.95)
        print(f"{args.level} {name}: decisions={len(times)} mean={mean:.0f} ms p95={p95:.0f} ms")


if __name__ == "__main__":
    main()
