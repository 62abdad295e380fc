"""IS-MCTS iterations per second in New World, per phase, in CPU and wall time.

Like ``meeple bench``: six decisions spread over a 4-player game, 150 iterations
each, the ``medium``/``hard`` search, over several games. ``--play random`` takes
the bench's positions (random play, every decision with two legal actions or
more; most of them the search leaves to the heuristic and answers at once);
``--play heuristic`` takes positions of a game of four heuristics where the
search does run (its shortlist has two branches or more). CPU time
(``time.process_time``) is reported beside wall time because the machine is
shared. Not a test: it prints figures.

    .venv/bin/python benchmarks/results/2026-12-01/newworld-search-rate.py --games 8
    .venv/bin/python benchmarks/results/2026-12-01/newworld-search-rate.py --play heuristic
"""

from __future__ import annotations

import argparse
import collections
import time
from typing import Any

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.ai.levels import mcts
from meeple.ai.mcts import Budget
from meeple.cli.bench import SEARCH_ITERATIONS, SEARCH_POSITIONS, random_states
from meeple.engine import Game, GameState, Rng, get_game


def heuristic_states(game: Game[Any], seed: int) -> list[GameState]:
    """Every state of one game of four heuristics, in order."""
    bots = [make_bot("heuristic", game, seed + s) for s in range(4)]
    states = [game.new_game(game.make_config(4), seed)]
    while not game.is_over(states[-1]):
        state = states[-1].clone()
        seat = game.to_act(state)[0]
        game.apply(state, seat, bots[seat].choose(game, state, seat))
        states.append(state)
    return states


def searched(game: Game[Any], state: GameState) -> bool:
    """The search runs here: its root shortlist has two branches or more."""
    seat = game.to_act(state)[0]
    knowledge = game.bots().search
    assert knowledge is not None
    legal = game.legal_actions(state, seat)
    return len(knowledge.shortlist(game, state, seat, legal, Rng(0))) > 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play", choices=("random", "heuristic"), default="random")
    args = parser.parse_args()
    load_bots()
    game = get_game("newworld")
    totals: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0.0, 0.0, 0])
    for seed in range(args.seed, args.seed + args.games):
        if args.play == "random":
            states = [s for s in random_states(game, 4, seed) if not game.is_over(s)]
            choices = [s for s in states if len(game.legal_actions(s, game.to_act(s)[0])) > 1]
        else:
            states = [s for s in heuristic_states(game, seed) if not game.is_over(s)]
            choices = [s for s in states if searched(game, s)]
        step = max(1, len(choices) // SEARCH_POSITIONS)
        for state in choices[::step][:SEARCH_POSITIONS]:
            bot = mcts(game, seed, Budget(iterations=SEARCH_ITERATIONS))
            cpu, wall = time.process_time(), time.perf_counter()
            bot.choose(game, state, game.to_act(state)[0])
            row = totals[game.view(state, None)["phase"]]
            row[0] += bot.last_iterations
            row[1] += time.process_time() - cpu
            row[2] += time.perf_counter() - wall
            row[3] += 1
    print(f"{'phase':28s} {'positions':>9s} {'iterations':>10s} {'it/s cpu':>9s} {'it/s wall':>9s}")
    for phase, (its, cpu, wall, n) in sorted(totals.items()):
        print(
            f"{phase:28s} {n:9d} {int(its):10d} {its / cpu if cpu else 0:9.0f} "
            f"{its / wall if wall else 0:9.0f}"
        )
    its = sum(r[0] for r in totals.values())
    cpu = sum(r[1] for r in totals.values())
    wall = sum(r[2] for r in totals.values())
    print(
        f"{'all':28s} {sum(int(r[3]) for r in totals.values()):9d} {int(its):10d} "
        f"{its / cpu:9.0f} {its / wall:9.0f}"
    )


if __name__ == "__main__":
    main()
