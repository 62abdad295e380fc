"""Cost of a game review per decision, for every registered game (prints figures;
not a test).

For each game, one seeded 4-player game (fewer or more where the game demands)
between copies of its heuristic bot (random where it has none) is recorded, and
every ``--step``-th of its decisions is reviewed at ``--iterations`` iterations.
Prints the decisions of the game, how many had a single legal action (not
searched), and the wall-clock and CPU seconds per searched decision; CPU time is
the figure to compare on a machine shared with other work.

    .venv/bin/python benchmarks/review_cost.py --iterations 1000 --step 10

``--step 1 --jobs 2`` reviews whole games as ``meeple review`` does on a 2-core
machine (its default uses every core); ``--players`` sets the table size (a
2-player New World game has about 300 decisions). CPU seconds then include the
workers'.
"""

from __future__ import annotations

import argparse
import resource
import time
from typing import Any

from meeple.ai import load_bots
from meeple.ai.base import bot_names, make_bot
from meeple.engine import Game, GameRecord, all_games, start_record
from meeple.review import DEFAULT_ITERATIONS, review_record


def bot_game(game: Game[Any], players: int, seed: int) -> GameRecord:
    kind = "heuristic" if "heuristic" in bot_names(game.name) else "random"
    config = game.make_config(players)
    state = game.new_game(config, seed)
    record = start_record(game, config, seed)
    bots = {seat: make_bot(kind, game, seed * 10 + seat) for seat in range(players)}
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        action = bots[seat].choose(game, state, seat)
        record.moves.append((seat, game.actions[action].text))
        game.apply(state, seat, action)
    return record


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished workers."""
    mine, workers = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return mine.ru_utime + mine.ru_stime + workers.ru_utime + workers.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--step", type=int, default=10, help="review every STEP-th decision")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--games", default="", help="comma-separated names (default: all)")
    parser.add_argument("--jobs", type=int, default=1, help="review worker processes")
    parser.add_argument("--players", type=int, default=4, help="or the nearest the game takes")
    args = parser.parse_args()
    load_bots()
    chosen = set(args.games.split(",")) if args.games else None
    for game in all_games():
        if chosen is not None and game.name not in chosen:
            continue
        players = min(max(args.players, game.min_players), game.max_players)
        record = bot_game(game, players, args.seed)
        moves = list(range(1, len(record.moves) + 1, args.step))
        wall, cpu = time.perf_counter(), cpu_seconds()
        try:
            review = review_record(game, record, args.iterations, 0, moves, jobs=args.jobs)
        except Exception as exc:  # a game's bug must not hide the other games' figures
            print(f"{game.name:11} {players}p review failed: {type(exc).__name__}: {exc}")
            continue
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        searched = sum(not d.forced for d in review.decisions)
        forced = len(review.decisions) - searched
        per_wall, per_cpu = wall / max(1, searched), cpu / max(1, searched)
        print(
            f"{game.name:11} {players}p decisions={len(record.moves)} reviewed={len(moves)}"
            f" forced={forced} iterations={args.iterations}"
            f" wall={per_wall:.2f} s cpu={per_cpu:.2f} s per searched decision"
            f" marked={len(review.marked())} whole: wall {wall:.0f} s, cpu {cpu:.0f} s"
        )


if __name__ == "__main__":
    main()
