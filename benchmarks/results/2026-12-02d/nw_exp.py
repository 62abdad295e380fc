"""New World experiments for issue 28 point 4: one hero bot against three heuristics,
seats rotated as strength.py does (same seeds, same bot seeds); prints wins with a
95% interval, mean and p95 ms per decision, and a profile of the searched decisions.

    PYTHONPATH=<snapshot> python nw_exp.py HERO --games N --seed 5000
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from typing import Any

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import Bot, Game, GameState
from meeple.tournament import TournamentSpec
from meeple.tournament.runner import play_match, schedule
from meeple.tournament.stats import wilson

TIMES: list[float] = []
KINDS: collections.Counter[str] = collections.Counter()
KIND_MS: collections.Counter[str] = collections.Counter()


class Timed:
    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "hero")

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        start = time.perf_counter()
        action = self.inner.choose(game, state, seat)
        spent = time.perf_counter() - start
        TIMES.append(spent)
        iters = getattr(self.inner, "last_iterations", 0)
        if spent > 0.002:
            kind = game.actions[action].kind
            KINDS[kind] += 1
            KIND_MS[kind] += spent * 1000
        if hasattr(self.inner, "last_iterations"):
            self.inner.last_iterations = 0
        del iters
        return action


def hero_factory(name: str):  # type: ignore[no-untyped-def]
    import nw_variants

    if name in nw_variants.HEROES:
        return nw_variants.HEROES[name]
    return lambda game, seed: make_bot(name, game, seed)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("hero")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--log")
    args = parser.parse_args()
    load_bots()

    make_hero = hero_factory(args.hero)

    def seats(kind: str, game: Game[Any], seed: int) -> Bot:
        if kind == "hero":
            return Timed(make_hero(game, seed))
        return make_bot(kind, game, seed)

    spec = TournamentSpec(
        "newworld", ("hero", "heuristic", "heuristic", "heuristic"), args.games, args.seed
    )
    wins = 0.0
    start = time.perf_counter()
    for n, match in enumerate(schedule(spec), 1):
        result = play_match(match, seats)
        hero = match.seats.index("hero")
        if hero in result.winners:
            wins += 1 / len(result.winners)
        if args.log:
            with open(args.log, "a") as handle:
                handle.write(
                    json.dumps(
                        {
                            "seed": match.seed,
                            "hero": hero,
                            "scores": result.scores,
                            "winners": result.winners,
                        }
                    )
                    + "\n"
                )
        if n % 10 == 0 or n == args.games:
            low, high = wilson(round(wins), n)
            times = sorted(TIMES)
            mean = 1000 * sum(times) / len(times)
            p95 = 1000 * times[int(0.95 * (len(times) - 1))]
            print(
                f"{args.hero}: {wins:.0f}/{n} = {100 * wins / n:.1f}% [{100 * low:.1f},{100 * high:.1f}] "
                f"mean {mean:.1f} ms p95 {p95:.1f} ms max {1000 * times[-1]:.0f} ms "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    print(
        "searched kinds:",
        {k: (v, round(KIND_MS[k] / v)) for k, v in KINDS.most_common()},
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
