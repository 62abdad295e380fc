"""Strength figures of the bots: prints win rates with 95% intervals (not a test).

Each line of the table is one seat-rotated tournament, as ``meeple tournament``
plays it. ``hard`` takes 4 s per decision, far too slow for hundreds of games on a
small machine, so by default the search bot measured is ``mcts`` (the same IS-MCTS
as ``hard`` with a budget of 200 iterations per decision); pass ``--search hard``
to measure the real level.

    .venv/bin/python benchmarks/strength.py --games 400 --jobs 2
    .venv/bin/python benchmarks/strength.py --game namibia --search hard --games 40
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Callable

from meeple.tournament import Match, MatchResult, TournamentSpec, run, summarise

TARGETS = (
    ("{search} vs 3 random", "{search},random,random,random", 0.60),
    ("{search} vs 3 heuristic", "{search},heuristic,heuristic,heuristic", 0.40),
    ("heuristic vs 3 random", "heuristic,random,random,random", 0.45),
)


def logger(path: str | None) -> Callable[[MatchResult], None] | None:
    """A progress callback that appends each finished game to ``path`` as one JSON
    line, so that a long run still leaves figures if it has to be stopped, and runs
    split over seed ranges can be summed up with ``--summarise``."""
    if path is None:
        return None

    def log(result: MatchResult) -> None:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(dataclasses.asdict(result)) + "\n")

    return log


def read_log(path: str) -> list[MatchResult]:
    results = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            played = record.pop("match")
            match = Match(**{**played, "seats": tuple(played["seats"])})
            fields = {key: tuple(value) for key, value in record.items() if key != "seconds"}
            results.append(MatchResult(match, **fields, seconds=record["seconds"]))
    return results


def summarise_logs(paths: list[str]) -> None:
    """Print the summary of the games in the logs, as one tournament: the logs must
    hold games of one game and one seat list (seeds need not be contiguous)."""
    results = sorted((r for p in paths for r in read_log(p)), key=lambda r: r.match.seed)
    first = results[0].match
    bots = tuple(first.seats[(s - first.index) % len(first.seats)] for s in range(len(first.seats)))
    spec = TournamentSpec(first.game, bots, len(results), first.seed - first.index)
    data = summarise(spec, results)
    print(json.dumps(data, indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="namibia, africa1880 (default both)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--search", default="mcts", help="the search bot to measure")
    parser.add_argument("--only", type=int, action="append", help="line numbers (0, 1, 2)")
    parser.add_argument("--log", help="append one line per finished game to this file")
    parser.add_argument("--summarise", nargs="+", metavar="LOG", help="sum up logged games")
    args = parser.parse_args()
    if args.summarise:
        summarise_logs(args.summarise)
        return
    for game in args.game or ["namibia", "africa1880"]:
        for number, (label, bots, target) in enumerate(TARGETS):
            if args.only and number not in args.only:
                continue
            seats = tuple(bots.format(search=args.search).split(","))
            spec = TournamentSpec(game, seats, args.games, args.seed)
            start = time.perf_counter()
            data = summarise(spec, run(spec, jobs=args.jobs, progress=logger(args.log)))
            first = data["bots"][0]
            low, high = first["ci95"]
            print(
                f"{game:11} {label.format(search=args.search):26} games={data['games']:4} "
                f"win={100 * first['win_rate']:5.1f}% CI95=[{100 * low:.1f}, {100 * high:.1f}] "
                f"target>={100 * target:.0f}% ms/decision={first['mean_decision_ms']:.1f} "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
            print(json.dumps(data), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
