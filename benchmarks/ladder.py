"""The bot levels' ladder: one OpenSkill rating pool per game, in Elo-like points.

Prints, per game, each level people can pick (``random``, ``easy``, ``heuristic``,
``medium``, ``hard``) with its OpenSkill rating in points (``meeple.tournament.stats``:
150 points more is a 70% chance of finishing ahead), the gap to the level below, how
often the level won its games against three of the level below, and the gap the same
Plackett-Luce model fits to that win rate by maximum likelihood, with the interval
that the win rate's Wilson interval gives. The target (150 points between
neighbours) is judged on the fitted gap: OpenSkill's online updates, taken once in
game order, depend on that order and are still far from converged after a few dozen
games a pair (a gap of -37 beside a 52% win rate against three, in a trial run).

The schedule: for each pair of neighbouring levels, ``--games`` games of the upper
level against three of the lower, seats rotated (as ``strength.py`` plays `hard`
against three `heuristic`); all of a game's games are rated in one pool. Neighbours
meet in every game, so a game whose result ranks only its winner (Africa 1880) still
tells each pair apart. Game ``i`` of a pair uses seed ``seed + i``. Not a test: a
ladder takes hours where the search levels are slow (``--log`` keeps every game;
``--summarise`` rates logged games again).

    .venv/bin/python benchmarks/ladder.py --game mombasa --games 40 --log mombasa.jsonl
    .venv/bin/python benchmarks/ladder.py --summarise mombasa.jsonl

``--upper LEVEL`` (repeatable) plays only the pairs with that upper level, to add
games to one pair or to measure a pair again after its upper level changed; the
logs of several runs are rated together by ``--summarise``.
"""

from __future__ import annotations

import argparse
import itertools
import math
from collections.abc import Sequence

from strength import logger, read_log  # (benchmarks/ is the script's folder)

from meeple.ai import load_bots
from meeple.ai.base import bot_names
from meeple.ai.levels import PEOPLE_LEVELS
from meeple.engine import get_game
from meeple.tournament import Match, MatchResult, TournamentSpec, schedule, wilson
from meeple.tournament.runner import play_all
from meeple.tournament.stats import MODEL, POINTS_PER_MU, points, ratings

PLAYERS = 4
TARGET_GAP = 150.0  # issue 28: each level this many points above the one below


def ladder_levels(game_name: str) -> list[str]:
    names = bot_names(get_game(game_name))
    return [level for level in PEOPLE_LEVELS if level in names]


def ladder_schedule(game: str, lower: str, upper: str, games: int, seed: int) -> list[Match]:
    """``games`` games of ``upper`` against three ``lower``, rotated a seat a game."""
    bots = (upper, *[lower] * (PLAYERS - 1))
    return schedule(TournamentSpec(game, bots, games, seed))


def upper_wins(results: Sequence[MatchResult], upper: str, lower: str) -> tuple[int, int]:
    """(games ``upper`` won, games of ``upper`` against three ``lower``)."""
    mine = [r for r in results if sorted(r.match.seats) == sorted((upper, *[lower] * 3))]
    won = sum(r.match.seats.index(upper) in r.winners for r in mine)
    return won, len(mine)


def likelihood_gap(share: float) -> float:
    """The points gap at which Plackett-Luce gives the upper level ``share`` of the
    wins against three of the lower: the model's maximum-likelihood gap from who won
    (P(upper first) = e^d / (e^d + 3), d the mu gap over sqrt(2) beta)."""
    share = min(max(share, 1e-3), 1 - 1e-3)
    mu_gap = math.sqrt(2) * MODEL.beta * math.log(3 * share / (1 - share))
    return POINTS_PER_MU * mu_gap


def max_level(result: MatchResult, levels: Sequence[str]) -> str:
    return max(result.match.seats, key=levels.index)


def report(game: str, levels: Sequence[str], results: Sequence[MatchResult]) -> bool:
    """Print the ladder; True when every pair's likelihood gap is ``TARGET_GAP`` or more."""
    # OpenSkill's updates depend on the order of the games: the pairs' games are
    # rated interleaved (each pair's first game, then each pair's second, ...).
    order = sorted(results, key=lambda r: (r.match.index, levels.index(max_level(r, levels))))
    rated = ratings(order, levels)
    print(f"{game}: {len(results)} games, 4 players (points: 150 more = ahead 70% of the time)")
    print(
        f"  {'level':10} {'OpenSkill':>9} {'+-':>4} {'gap':>5}   won vs three below"
        f"          likelihood gap [95%]"
    )
    met = True
    for k, level in enumerate(levels):
        line = (
            f"  {level:10} {points(rated[level].mu):9.0f} {POINTS_PER_MU * rated[level].sigma:4.0f}"
        )
        if k:
            below = levels[k - 1]
            gap = points(rated[level].mu) - points(rated[below].mu)
            won, played = upper_wins(results, level, below)
            if not played:
                print(f"{line} {gap:5.0f}   (not played against three {below})", flush=True)
                met = False
                continue
            low, high = wilson(won, played)
            rate = 100 * won / max(1, played)
            share = f"{won}/{played} = {rate:.0f}% [{100 * low:.0f}, {100 * high:.0f}]"
            fitted = likelihood_gap(won / max(1, played))
            band = f"{likelihood_gap(low):.0f}, {likelihood_gap(high):.0f}"
            line += f" {gap:5.0f}   {share:24} {fitted:5.0f} [{band}]"
            met = met and played > 0 and fitted >= TARGET_GAP
        print(line, flush=True)
    verdict = "yes" if met else "no"
    print(f"  every likelihood gap >= {TARGET_GAP:.0f}: {verdict}", flush=True)
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
    parser.add_argument(
        "--upper", action="append", help="play only the pairs with this upper level (repeatable)"
    )
    parser.add_argument("--summarise", nargs="+", metavar="LOG", help="rate logged games")
    args = parser.parse_args()
    load_bots()
    if args.summarise:
        summarise_logs(args.summarise)
        return
    for game in args.game or []:
        levels = ladder_levels(game)
        results = []
        for lower, upper in itertools.pairwise(levels):
            if args.upper and upper not in args.upper:
                continue
            matches = ladder_schedule(game, lower, upper, args.games, args.seed)
            results += play_all(matches, jobs=args.jobs, progress=logger(args.log))
        report(game, levels, results)


if __name__ == "__main__":
    main()
