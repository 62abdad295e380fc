"""New World's engine costs, in this process's CPU time (best of several short
rounds, so other work on a shared machine disturbs them little):

* random play: the loop of ``meeple bench`` (``to_act``, a random seat,
  ``legal_actions``, a random action, ``apply``) over ``--games`` four-player
  games, in decisions per second, and as a ratio to the calibration workload
  (``../shared/tools/calibrate.py``) run in the same process, timed the same way;
* per call on the state halfway through a random game (seed 1): ``clone``,
  ``determinize``, ``view`` and ``legal_actions`` of the seat to act.

    .venv/bin/python benchmarks/newworld_speed.py
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections.abc import Callable
from pathlib import Path

from meeple.cli.bench import CALIBRATION, mid_game_state
from meeple.engine import Rng
from meeple.games.newworld import GAME
from meeple.games.newworld.state import NewWorldState


def random_play(games: int) -> tuple[int, float]:
    """Decisions and CPU seconds of ``games`` uniformly random four-player games."""
    config = GAME.make_config(4)
    decisions, seconds = 0, 0.0
    for seed in range(1, games + 1):
        rng = Rng(seed)
        state = GAME.new_game(config, seed)
        start = time.process_time()
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            decisions += 1
        seconds += time.process_time() - start
    return decisions, seconds


def calibration_ops(path: Path) -> float:
    """Operations per CPU second of the calibration workload's ``workload``."""
    spec = importlib.util.spec_from_file_location("calibrate", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rng = module.random.Random(1)
    start = time.process_time()
    ops = sum(module.workload(rng) for _ in range(100))
    return float(ops) / (time.process_time() - start)


def per_call(work: Callable[[int], object], repeat: int) -> float:
    """CPU microseconds per call of ``work(k)``, k = 0 .. repeat-1."""
    start = time.process_time()
    for k in range(repeat):
        work(k)
    return (time.process_time() - start) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calibrate", type=Path, default=CALIBRATION)
    args = parser.parse_args()
    rates, calibrations = [], []
    for _ in range(args.rounds):
        decisions, seconds = random_play(args.games)
        rates.append(decisions / seconds)
        if args.calibrate.exists():
            calibrations.append(calibration_ops(args.calibrate))
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
