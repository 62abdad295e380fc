"""New World: the heuristic with another Climate weight in its colony score (one
seat) against three heuristics, seats rotated; prints wins and the mean rank.

    PYTHONPATH=<frozen copy> .venv/bin/python newworld-climate-weight.py \\
        --weights 0.9 0.05 0 --games 600 --seed 8000
"""

from __future__ import annotations

import argparse
from typing import Any

from meeple.engine import Game, GameState
from meeple.games.newworld import GAME
from meeple.games.newworld.bots import policy
from meeple.games.newworld.bots.heuristic import NewWorldHeuristic, sample_of


class Weighted(NewWorldHeuristic):
    """The heuristic, weighing Climate by ``weight`` in its colony score."""

    def __init__(self, game: Game[Any], seed: int, weight: float) -> None:
        super().__init__(game, seed)
        self.weight = weight

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        sample = sample_of(game.determinize(state, seat, self.rng))
        return policy.choose(game, sample, seat, legal, self.rng, self.weight)


def play(weight: float, games: int, seed: int) -> tuple[float, float]:
    wins = ranks = 0.0
    for index in range(games):
        hero = index % 4
        state = GAME.new_game(GAME.make_config(4), seed + index)
        bots = [
            Weighted(GAME, seed + index, weight)
            if s == hero
            else NewWorldHeuristic(GAME, seed + index + 100 * s)
            for s in range(4)
        ]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, bots[seat].choose(GAME, state, seat))
        result = GAME.result(state)
        if hero in result.winners:
            wins += 1 / len(result.winners)
        ranks += result.ranks[hero]
    return wins, ranks / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", type=float, nargs="+", default=[0.9, 0.05])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=8000)
    args = parser.parse_args()
    for weight in args.weights:
        wins, rank = play(weight, args.games, args.seed)
        print(
            f"climate weight {weight:5.2f}: {wins:.0f} of {args.games} games won "
            f"({100 * wins / args.games:.1f}%), mean rank {rank:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
