"""New World's IS-MCTS iterations per CPU second at two commits, in the same run.

Each commit is unpacked (``git archive``) into a temporary folder and measured by
``2026-12-01/newworld-search-rate.py --play heuristic`` run from that folder, the
commits taking turns round after round, one process at a time, so that both see
the same load on a shared machine. Prints each round's figure (the script's "all"
line: iterations over CPU seconds), the medians and their ratio. Not a test.

    .venv/bin/python benchmarks/results/2026-12-02/newworld-search-ab.py 9164d0e HEAD --rounds 4
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
RATE = REPO / "benchmarks" / "results" / "2026-12-01" / "newworld-search-rate.py"


def unpack(commit: str, into: Path) -> Path:
    """The tree of ``commit`` written into a new folder under ``into``."""
    folder = into / commit.replace("/", "_")
    folder.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", commit], check=True, capture_output=True
    )
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def rate(tree: Path, games: int) -> float:
    """Iterations per CPU second over the script's positions, run from ``tree``."""
    command = [sys.executable, str(RATE), "--games", str(games), "--play", "heuristic"]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(command, cwd=tree, env=env, check=True, capture_output=True, text=True)
    line = next(row for row in done.stdout.splitlines() if row.startswith("all "))
    return float(line.split()[3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs=2)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    figures: dict[str, list[float]] = {commit: [] for commit in args.commits}
    with tempfile.TemporaryDirectory() as temporary:
        trees = {commit: unpack(commit, Path(temporary)) for commit in args.commits}
        for round_number in range(args.rounds):
            order = args.commits if round_number % 2 == 0 else args.commits[::-1]
            for commit in order:
                figures[commit].append(rate(trees[commit], args.games))
                print(f"round {round_number + 1}: {commit} {figures[commit][-1]:.0f} it/s CPU")
    medians = {commit: statistics.median(values) for commit, values in figures.items()}
    for commit, median in medians.items():
        print(f"{commit}: median {median:.0f} it/s CPU over {args.rounds} rounds")
    first, second = args.commits
    print(f"ratio {second}/{first}: {medians[second] / medians[first]:.3f}")


if __name__ == "__main__":
    main()
