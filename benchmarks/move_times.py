"""Decision times of the named levels (prints figures; not a test).

Plays ``--decisions`` decisions of each level from positions reached by random
play, and prints the mean and the longest time per decision.

    .venv/bin/python benchmarks/move_times.py --decisions 8
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import Bot, Game, GameState, Rng, all_games


def decision_times(
    game: Game[Any], state: GameState, bot: Bot, decisions: int, rng: Rng
) -> list[float]:
    """Seconds ``bot`` takes for ``decisions`` of its decisions, one in four of the
    positions random play reaches from ``state`` (the rest played at random)."""
    spent: list[float] = []
    while len(spent) < decisions and not game.is_over(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1 and rng.below(4) == 0:
            start = time.perf_counter()
            action = bot.choose(game, state, seat)
            spent.append(time.perf_counter() - start)
        else:
            action = rng.choice(legal)
        game.apply(state, seat, action)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=8)
    parser.add_argument("--levels", default="easy,medium,hard")
    args = parser.parse_args()
    load_bots()
    for game in all_games():
        players = min(max(4, game.min_players), game.max_players)
        for level in args.levels.split(","):
            state = game.new_game(game.make_config(players), 7)
            bot = make_bot(level, game, 1)
            times = decision_times(game, state, bot, args.decisions, Rng(7))
            mean, most = 1000 * sum(times) / len(times), 1000 * max(times)
            print(f"{game.name:11} {level:7} n={len(times)} mean={mean:.0f} ms max={most:.0f} ms")


if __name__ == "__main__":
    main()
