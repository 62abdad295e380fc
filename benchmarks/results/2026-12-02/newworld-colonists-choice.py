"""How often New World's ``hard`` search rolls for its Colonists (5.1), by turn.

Plays games of four heuristics (seeds from ``--seed``) and, at the start of each
turn's Colonists Phase, asks a fresh ``hard`` bot for one seat's choice (the seat
turns with the turn): four Colonists, or a die with three at least (the same
four on average). Prints the rolls per turn, the total and the search's
iterations per CPU second on these positions. Run it with ``PYTHONPATH`` at an
unpacked commit (``git archive``) to measure that commit. Not a test.

    .venv/bin/python benchmarks/results/2026-12-02/newworld-colonists-choice.py --games 5
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import get_game
from meeple.games.newworld.state import COLONISTS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1140)
    args = parser.parse_args()
    load_bots()
    game = get_game("newworld")
    rolls: Counter[int] = Counter()
    asked: Counter[int] = Counter()
    iterations = 0
    seconds = 0.0
    for seed in range(args.seed, args.seed + args.games):
        state = game.new_game(game.make_config(4), seed)
        players = [make_bot("heuristic", game, seed + s) for s in range(4)]
        while not game.is_over(state):
            if state.phase == COLONISTS and all(n < 0 for n in state.new_colonists):
                seat = state.turn % 4
                searcher = make_bot("hard", game, seed * 100 + state.turn)
                start = time.process_time()
                action = searcher.choose(game, state, seat)
                seconds += time.process_time() - start
                iterations += getattr(searcher, "last_iterations", 0)
                asked[state.turn] += 1
                rolls[state.turn] += game.actions[action].kind == "roll"
            seat = game.to_act(state)[0]
            game.apply(state, seat, players[seat].choose(game, state, seat))
    by_turn = ", ".join(f"turn {t}: {rolls[t]}/{asked[t]}" for t in sorted(asked))
    print(f"rolls: {by_turn}")
    print(f"total {sum(rolls.values())}/{sum(asked.values())} Colonists choices rolled")
    print(f"{iterations} iterations, {iterations / seconds:.0f} per CPU second")


if __name__ == "__main__":
    main()
