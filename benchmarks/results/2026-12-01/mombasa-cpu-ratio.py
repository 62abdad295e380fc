"""Mombasa's speed as ratios to the calibration workload, by CPU time: random play
of Mombasa and Namibia interleaved with the calibration workload in rounds, as
``meeple bench --cpu --game mombasa --game namibia`` measures it (that command
gives clone cost and the bench's search speed too), and IS-MCTS at the ``hard``
level's settings (its iterations, knowledge and rollout depth; the time cap does
not bind), which the bench does not give. Not a test: it prints figures.

    .venv/bin/python benchmarks/results/2026-12-01/mombasa-cpu-ratio.py --rounds 60
"""

from __future__ import annotations

import argparse
import sys

from meeple.ai import load_bots
from meeple.ai.levels import level_budget
from meeple.cli import bench
from meeple.engine import get_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--games", type=int, default=3, help="random games per game and round")
    parser.add_argument("--searches", type=int, default=3)
    args = parser.parse_args()
    script = bench.find_calibration(None)
    if script is None:
        sys.exit(bench.missing_calibration())
    load_bots()
    mombasa, namibia = get_game("mombasa"), get_game("namibia")
    calibration, played = bench.interleaved_play(
        [mombasa, namibia], args.games * args.rounds, 1, args.rounds, bench.load_workload(script)
    )
    print(f"{args.rounds} interleaved rounds, CPU time:")
    print(f"  calibration {calibration:,.0f} ops/s")
    for name, (decisions, seconds) in played.items():
        rate = decisions / seconds
        ratio = rate / calibration
        print(f"  {name} random play {rate:,.0f} decisions/s = {ratio:.3f}x calibration")
    hard = level_budget(mombasa, "hard").iterations
    searches = [
        bench.search_rate(mombasa, 4, 1 + k, bench.CPU, budget=hard) for k in range(args.searches)
    ]
    listed = ", ".join(f"{s:,.0f}" for s in searches)
    print(f"  mombasa IS-MCTS at hard's settings: {listed} iterations/s (per seed)")


if __name__ == "__main__":
    main()
