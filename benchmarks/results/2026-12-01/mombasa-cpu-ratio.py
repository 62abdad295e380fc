"""Mombasa's speed as ratios to the calibration workload, robust to a loaded machine.

``meeple bench`` times the calibration workload and then each game by the wall
clock, so on a machine shared with other CPU-bound jobs the ratio moves with the
load of each moment. This script measures by CPU time (``time.process_time``) and
interleaves short chunks: a quarter second of the calibration workload, a few
random games of Mombasa and of Namibia (played as ``meeple bench`` plays them), so
all three meet the same conditions; the ratios are of the summed rates. IS-MCTS
is measured at the ``hard`` level's settings. (A contended core still does less
work per CPU second, which is why the chunks are interleaved.)

    .venv/bin/python benchmarks/results/2026-12-01/mombasa-cpu-ratio.py --rounds 60
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from typing import Any

from meeple.ai import load_bots
from meeple.ai.levels import level_budget, mcts
from meeple.ai.mcts import Budget
from meeple.cli.bench import random_states
from meeple.engine import Game, Rng, get_game

CALIBRATION = Path(__file__).resolve().parents[4] / "shared" / "tools" / "calibrate.py"


def load_workload() -> Any:
    """The calibration script's ``workload`` function (the script itself is not run)."""
    namespace: dict[str, Any] = {}
    exec(compile(CALIBRATION.read_text(), str(CALIBRATION), "exec"), namespace)
    return namespace["workload"]


def calibration_chunk(workload: Any, seconds: float, rng: random.Random) -> tuple[int, float]:
    """Operations of the calibration workload and the CPU seconds they took."""
    ops, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        ops += workload(rng)
    return ops, time.process_time() - start


def random_chunk(game: Game[Any], games: int, seed: int) -> tuple[int, float]:
    """Random-play decisions and their CPU seconds, four players, as ``meeple bench``."""
    config = game.make_config(4)
    decisions, cpu = 0, 0.0
    for i in range(games):
        rng = Rng(seed + i)
        state = game.new_game(config, seed + i)
        start = time.process_time()
        while not game.is_over(state):
            seat = rng.choice(game.to_act(state))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            decisions += 1
        cpu += time.process_time() - start
    return decisions, cpu


def search_rate(game: Game[Any], seed: int, positions: int = 6) -> float:
    """IS-MCTS iterations per CPU second at the ``hard`` level's settings (its
    iterations, knowledge and rollout depth; the time cap does not bind), over
    decisions with a choice spread through one random game."""
    iterations = level_budget(game, "hard").iterations
    states = [s for s in random_states(game, 4, seed) if not game.is_over(s)]
    choices = [s for s in states if len(game.legal_actions(s, game.to_act(s)[0])) > 1]
    step = max(1, len(choices) // positions)
    done, cpu = 0, 0.0
    for state in choices[::step][:positions]:
        bot = mcts(game, seed, Budget(iterations=iterations))
        start = time.process_time()
        bot.choose(game, state, game.to_act(state)[0])
        cpu += time.process_time() - start
        done += bot.last_iterations
    return done / cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--searches", type=int, default=3)
    args = parser.parse_args()
    load_bots()
    mombasa, namibia = get_game("mombasa"), get_game("namibia")
    totals = {"calibration": [0, 0.0], "mombasa": [0, 0.0], "namibia": [0, 0.0]}
    rng = random.Random(1)
    workload = load_workload()
    for round_ in range(args.rounds):
        chunks = {
            "calibration": calibration_chunk(workload, 0.25, rng),
            "mombasa": random_chunk(mombasa, 4, 1 + 4 * round_),
            "namibia": random_chunk(namibia, 2, 1 + 2 * round_),
        }
        for name, (count, cpu) in chunks.items():
            totals[name][0] += count
            totals[name][1] += cpu
    rates = {name: count / cpu for name, (count, cpu) in totals.items()}
    print(f"{args.rounds} interleaved rounds, CPU time:")
    print(f"  calibration {rates['calibration']:,.0f} ops/s")
    for name in ("mombasa", "namibia"):
        ratio = rates[name] / rates["calibration"]
        print(f"  {name} random play {rates[name]:,.0f} decisions/s = {ratio:.3f}x calibration")
    searches = [search_rate(mombasa, 1 + k) for k in range(args.searches)]
    listed = ", ".join(f"{s:,.0f}" for s in searches)
    print(f"  mombasa IS-MCTS at hard's settings: {listed} iterations/s (per seed)")


if __name__ == "__main__":
    main()
