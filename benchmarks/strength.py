"""Strength figures of the bots: prints win rates with 95% intervals (not a test).

Each line of the table is one seat-rotated tournament, as ``meeple tournament``
plays it: the measured bot (``--search``, default ``hard``) against three
``random``, against three ``heuristic``, and the heuristic against three
``random``. ``--log`` keeps every game; runs over consecutive seed ranges that
start at multiples of the player count add up to one tournament
(``--summarise``). Figures and commands of the last measurement: docs/bots.md.

    .venv/bin/python benchmarks/strength.py --games 400 --jobs 2
    .venv/bin/python benchmarks/strength.py --game namibia --only 1 --games 180 \\
        --seed 1180 --log b.jsonl
    .venv/bin/python benchmarks/strength.py --summarise a.jsonl b.jsonl
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from meeple.ai import load_bots
from meeple.ai.base import bot_names
from meeple.engine import Game, all_games
from meeple.tournament import Match, MatchResult, TournamentSpec, run, summarise

TARGETS = (
    ("{search} vs {others} random", "random", 0.60),
    ("{search} vs {others} heuristic", "heuristic", 0.40),
    ("heuristic vs {others} random", "random", 0.45),
)
PLAYERS = 4  # or the nearest count the game takes


def seats_of(game: Game[Any], number: int, search: str) -> tuple[str, ...] | None:
    """The bot list of line ``number`` for ``game``, or None if the game lacks a bot
    it needs (a game without a heuristic has only the first line)."""
    players = min(max(PLAYERS, game.min_players), game.max_players)
    first = "heuristic" if number == 2 else search
    others = TARGETS[number][1]
    names = bot_names(game)
    if first not in names or others not in names:
        return None
    return (first, *[others] * (players - 1))


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
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            played = record.pop("match")
            match = Match(**{**played, "seats": tuple(played["seats"])})
            fields = {key: tuple(value) for key, value in record.items() if key != "seconds"}
            results.append(MatchResult(match, **fields, seconds=record["seconds"]))
    return results


def unrotated(match: Match) -> tuple[str, ...]:
    """The tournament's bot list, undoing game ``index``'s seat rotation."""
    n = len(match.seats)
    return tuple(match.seats[(s - match.index) % n] for s in range(n))


def summarise_logs(paths: list[str]) -> None:
    """Sum up logged games as tournaments, one per game and bot list (seeds need not
    be contiguous): a line each on stdout, the full summaries as JSON on stderr."""
    groups: dict[tuple[str, tuple[str, ...]], list[MatchResult]] = {}
    for result in (r for path in paths for r in read_log(path)):
        groups.setdefault((result.match.game, unrotated(result.match)), []).append(result)
    for (game, bots), results in groups.items():
        results.sort(key=lambda r: r.match.seed)
        first = results[0].match
        spec = TournamentSpec(game, bots, len(results), first.seed - first.index)
        data = summarise(spec, results)
        report(data, f"{bots[0]} vs {','.join(bots[1:])}", None, None)
        print(json.dumps(data), file=sys.stderr, flush=True)


def report(data: dict[str, Any], label: str, target: float | None, seconds: float | None) -> None:
    first = data["bots"][0]
    low, high = first["ci95"]
    line = (
        f"{data['game']:11} {label:26} games={data['games']:4} "
        f"win={100 * first['win_rate']:5.1f}% CI95=[{100 * low:.1f}, {100 * high:.1f}] "
    )
    if target is not None:
        line += f"target>={100 * target:.0f}% "
    line += f"ms/decision={first['mean_decision_ms']:.1f}"
    if seconds is not None:
        line += f" ({seconds:.0f} s)"
    print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a registered game (default: every one)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--search", default="hard", help="the bot to measure")
    parser.add_argument("--only", type=int, action="append", help="line numbers (0, 1, 2)")
    parser.add_argument("--log", help="append one line per finished game to this file")
    parser.add_argument(
        "--summarise", nargs="+", metavar="LOG", help="sum up logged games (.jsonl or .jsonl.gz)"
    )
    args = parser.parse_args()
    if args.summarise:
        summarise_logs(args.summarise)
        return
    load_bots()
    chosen = args.game or [game.name for game in all_games()]
    for game in [g for g in all_games() if g.name in chosen]:
        for number, (label, _, target) in enumerate(TARGETS):
            seats = seats_of(game, number, args.search)
            if (args.only and number not in args.only) or seats is None:
                continue
            spec = TournamentSpec(game.name, seats, args.games, args.seed)
            start = time.perf_counter()
            data = summarise(spec, run(spec, jobs=args.jobs, progress=logger(args.log)))
            label = label.format(search=args.search, others=len(seats) - 1)
            report(data, label, target, time.perf_counter() - start)
            print(json.dumps(data), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
