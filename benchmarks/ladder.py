"""The bot levels' ladder: one OpenSkill rating pool per game, in Elo-like points.

Prints, per game, each level people can pick (``random``, ``easy``, ``heuristic``,
``medium``, ``hard``) with its rating in points (``meeple.tournament.stats``: 150
points more is a 70% chance of finishing ahead), the gap to the level below, and how
often the level actually finished ahead of the one below in the games both played.

The schedule: at 4 players and five levels, game ``i`` leaves out level ``i % 5``
and rotates the other four by ``i // 5`` seats, so every 20 games each level sits
out 4 times and plays every seat equally often. Game ``i`` uses seed ``seed + i``.
Not a test: a ladder of a few hundred games takes hours (``--log`` keeps every game;
``--summarise`` rates logged games again).

    .venv/bin/python benchmarks/ladder.py --game mombasa --games 100 --log mombasa.jsonl
    .venv/bin/python benchmarks/ladder.py --summarise mombasa.jsonl
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from strength import logger, read_log  # (benchmarks/ is the script's folder)

from meeple.ai import load_bots
from meeple.ai.base import bot_names
from meeple.ai.levels import PEOPLE_LEVELS
from meeple.engine import get_game
from meeple.tournament import Match, MatchResult
from meeple.tournament.runner import play_all
from meeple.tournament.stats import POINTS_PER_MU, points, ratings

PLAYERS = 4
TARGET_GAP = 150.0  # issue 28: each level this many points above the one below


def ladder_levels(game_name: str) -> list[str]:
    names = bot_names(get_game(game_name))
    return [level for level in PEOPLE_LEVELS if level in names]


def ladder_schedule(game: str, levels: Sequence[str], games: int, seed: int) -> list[Match]:
    """Game ``i``: every level but ``levels[i % len]``, rotated by ``i // len`` seats."""
    count = len(levels)
    matches = []
    for index in range(games):
        playing = [lv for k, lv in enumerate(levels) if count <= PLAYERS or k != index % count]
        turn = index // count
        seats = tuple(playing[(s + turn) % len(playing)] for s in range(len(playing)))
        matches.append(Match(game, index, seed + index, seats))
    return matches


def ahead_share(results: Sequence[MatchResult], upper: str, lower: str) -> tuple[int, int]:
    """(games where ``upper`` finished ahead of ``lower``, games both played and ranked
    apart)."""
    ahead = apart = 0
    for result in results:
        seats = result.match.seats
        if upper not in seats or lower not in seats:
            continue
        up, low = result.ranks[seats.index(upper)], result.ranks[seats.index(lower)]
        if up != low:
            apart += 1
            ahead += up < low
    return ahead, apart


def report(game: str, levels: Sequence[str], results: Sequence[MatchResult]) -> bool:
    """Print the ladder; True when every level is ``TARGET_GAP`` above the one below."""
    rated = ratings(results, levels)
    print(f"{game}: {len(results)} games, 4 players (points: 150 more = ahead 70% of the time)")
    print(f"  {'level':10} {'points':>7} {'+-':>5} {'gap':>6} {'ahead of the one below':>24}")
    met = True
    for k, level in enumerate(levels):
        mine = points(rated[level].mu)
        spread = POINTS_PER_MU * rated[level].sigma
        line = f"  {level:10} {mine:7.0f} {spread:5.0f}"
        if k:
            below = levels[k - 1]
            gap = mine - points(rated[below].mu)
            ahead, apart = ahead_share(results, level, below)
            share = f"{ahead}/{apart} = {100 * ahead / apart:.0f}%" if apart else "-"
            line += f" {gap:6.0f} {share:>24}"
            met = met and gap >= TARGET_GAP
        print(line, flush=True)
    print(f"  every gap >= {TARGET_GAP:.0f}: {'yes' if met else 'no'}", flush=True)
    return met


def summarise_logs(paths: Sequence[str]) -> None:
    results = sorted((r for path in paths for r in read_log(path)), key=lambda r: r.match.seed)
    for game in sorted({r.match.game for r in results}):
        mine = [r for r in results if r.match.game == game]
        played = {level for r in mine for level in r.match.seats}
        report(game, [lv for lv in PEOPLE_LEVELS if lv in played], mine)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a registered game (repeatable)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", help="append one line per finished game to this file")
    parser.add_argument("--summarise", nargs="+", metavar="LOG", help="rate logged games")
    args = parser.parse_args()
    load_bots()
    if args.summarise:
        summarise_logs(args.summarise)
        return
    for game in args.game or []:
        levels = ladder_levels(game)
        matches = ladder_schedule(game, levels, args.games, args.seed)
        results = play_all(matches, jobs=args.jobs, progress=logger(args.log))
        report(game, levels, results)


if __name__ == "__main__":
    main()
