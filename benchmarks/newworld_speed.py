"""New World's engine costs, in this process's CPU time (best of several short
rounds, so other work on a shared machine disturbs them little):

* random play: ``meeple bench``'s own loop (``cli.bench.random_play_rate``:
  ``to_act``, a random seat, ``legal_actions``, a random action, ``apply``) over
  ``--games`` four-player games, in decisions per second, and as a ratio to the
  calibration workload (``../shared/tools/calibrate.py``, through
  ``cli.bench.calibration_chunk``) run in the same process, timed the same way;
* per call on the state halfway through a random game (seed 1): ``clone``,
  ``determinize``, ``view`` and ``legal_actions`` of the seat to act.

    .venv/bin/python benchmarks/newworld_speed.py
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path

from meeple.cli.bench import (
    CALIBRATION,
    CPU,
    calibration_chunk,
    load_workload,
    mid_game_state,
    random_play_rate,
)
from meeple.engine import Rng
from meeple.games.newworld import GAME
from meeple.games.newworld.state import NewWorldState

CALIBRATION_SECONDS = 0.4  # CPU seconds of the calibration workload per round


def per_call(work: Callable[[int], object], repeat: int) -> float:
    """CPU microseconds per call of ``work(k)``, k = 0 .. repeat-1."""
    start = CPU()
    for k in range(repeat):
        work(k)
    return (CPU() - start) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calibrate", type=Path, default=CALIBRATION)
    args = parser.parse_args()
    workload = load_workload(args.calibrate) if args.calibrate.exists() else None
    rates, calibrations = [], []
    for _ in range(args.rounds):
        decisions, seconds = random_play_rate(GAME, 4, args.games, 1, CPU)
        rates.append(decisions / seconds)
        if workload is not None:
            ops, spent = calibration_chunk(workload, CALIBRATION_SECONDS, random.Random(1))
            calibrations.append(ops / spent)
    rate = max(rates)
    line = f"random play: {decisions} decisions per round, {rate:,.0f} decisions/s"
    if calibrations:
        calibration = max(calibrations)
        line += f", calibration {calibration:,.0f} ops/s, ratio {rate / calibration:.3f}"
    print(line)
    state = mid_game_state(GAME, 4, 1)
    assert isinstance(state, NewWorldState)
    seat = GAME.to_act(state)[0]
    costs = {
        "clone": (lambda k: state.clone(), 5000),
        "determinize": (lambda k: GAME.determinize(state, seat, Rng(k)), 2000),
        "view": (lambda k: GAME.view(state, seat), 500),
        "legal_actions": (lambda k: GAME.legal_actions(state, seat), 5000),
    }
    for name, (work, repeat) in costs.items():
        best = min(per_call(work, repeat) for _ in range(args.rounds))
        print(f"{name}: {best:.2f} µs")


if __name__ == "__main__":
    main()
