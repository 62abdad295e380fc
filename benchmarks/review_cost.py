"""Cost of a game review per decision, for every registered game (prints figures;
not a test).

For each game, one seeded 4-player game (fewer or more where the game demands)
between copies of its heuristic bot (random where it has none) is recorded, and
every ``--step``-th of its decisions is reviewed at ``--iterations`` iterations.
Prints the decisions of the game, how many had a single legal action (not
searched), and the wall-clock and CPU seconds per searched decision; CPU time is
the figure to compare on a machine shared with other work.

    .venv/bin/python benchmarks/review_cost.py --iterations 1000 --step 10
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--step", type=int, default=10, help="review every STEP-th decision")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--games", default="", help="comma-separated names (default: all)")
    args = parser.parse_args()
    load_bots()
    chosen = set(args.games.split(",")) if args.games else None
    for game in all_games():
        if chosen is not None and game.name not in chosen:
            continue
        players = min(max(4, game.min_players), game.max_players)
        record = bot_game(game, players, args.seed)
        moves = list(range(1, len(record.moves) + 1, args.step))
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            review = review_record(game, record, args.iterations, 0, moves)
        except Exception as exc:  # a game's bug must not hide the other games' figures
            print(f"{game.name:11} {players}p review failed: {type(exc).__name__}: {exc}")
            continue
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        searched = sum(not d.forced for d in review.decisions)
        forced = len(review.decisions) - searched
        per_wall, per_cpu = wall / max(1, searched), cpu / max(1, searched)
        print(
            f"{game.name:11} {players}p decisions={len(record.moves)} reviewed={len(moves)}"
            f" forced={forced} iterations={args.iterations}"
            f" wall={per_wall:.2f} s cpu={per_cpu:.2f} s per searched decision"
            f" marked={len(review.marked())}"
        )


if __name__ == "__main__":
    main()
