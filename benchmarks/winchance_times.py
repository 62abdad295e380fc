"""Decision time of a search level with the hand-written cut-off evaluation ("before")
and with the learned win chances ("after"); prints figures, not a test.

Plays ``--decisions`` decisions of ``--level`` per game from positions reached by
random play (as ``benchmarks/move_times.py`` does), the same positions and seeds
for both evaluations.

    .venv/bin/python benchmarks/winchance_times.py --level hard --decisions 6
"""

from __future__ import annotations

import argparse
from typing import Any

from move_times import decision_times

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.ai.mcts import MctsBot
from meeple.ai.winchance import CalibratedKnowledge
from meeple.engine import Game, Rng, get_game

GAMES = ("namibia", "mombasa", "newworld", "africa1880")


def times(game: Game[Any], level: str, decisions: int, calibrated: bool) -> list[float]:
    rng = Rng(7)
    state = game.new_game(game.make_config(4), 7)
    bot = make_bot(level, game, 1)
    if isinstance(bot, MctsBot) and isinstance(bot.knowledge, CalibratedKnowledge):
        if not calibrated:
            bot.knowledge = bot.knowledge.inner
    elif calibrated:
        return []  # not a search, or no model: nothing to compare
    return decision_times(game, state, bot, decisions, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=6)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    load_bots()
    for name in args.game or GAMES:
        game = get_game(name)
        line = f"{name:11} {args.level:7}"
        for label, calibrated in (("before", False), ("after", True)):
            spent = times(game, args.level, args.decisions, calibrated)
            if spent:
                mean, most = 1000 * sum(spent) / len(spent), 1000 * max(spent)
                line += f"  {label}: n={len(spent)} mean={mean:.0f} ms max={most:.0f} ms"
        print(line, flush=True)


if __name__ == "__main__":
    main()
