"""Calibration of the win chances the search reads at a rollout's cut-off (prints figures).

For every game: ``--games`` seeded games (seeds from ``--seed``; the win-chance
models are trained on seeds from 100000) between a mix of bot levels
(``meeple.review.selfplay``), and at ``--samples`` decisions of each game every
seat's estimate of every seat's chance, from that seat's view only:

* before: the game's hand-written evaluation (``Knowledge.evaluate`` of the game's
  own search knowledge) of a ``Game.determinize`` sample for that seat;
* after: the learned model (``meeple.ai.winchance``) on the seat's encoded view of
  that sample and (for a model that reads it) that same evaluation;
* equal: every seat 1/n, the baseline.

Against who won (a shared win counts as a share), it prints per stage (the first,
middle and last third of the game) the expected calibration error over 10 equal
bins of every seat's chance, and the Brier score of a view (summed over the seats).

    .venv/bin/python benchmarks/calibration.py --games 300
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from typing import Any

from meeple.ai.knowledge import knowledge_for
from meeple.ai.winchance import CalibratedKnowledge, SeatModel, estimate, load_model, parse_model
from meeple.engine import Game, GameState, Rng, get_game
from meeple.review.selfplay import STAGES, figures, play_game, stage_of

GAMES = ("namibia", "mombasa", "newworld", "africa1880")


@dataclass
class Timing:
    before: float = 0.0
    after: float = 0.0
    count: int = 0


def estimators(game: Game[Any], players: int, model_file: str | None) -> tuple[Any, SeatModel]:
    knowledge = knowledge_for(game)
    if isinstance(knowledge, CalibratedKnowledge):
        knowledge = knowledge.inner
    if model_file:
        encoding = game.encoding()
        assert encoding is not None
        with open(model_file, encoding="utf-8") as handle:
            model = parse_model(
                json.load(handle),
                model_file,
                game.name,
                lambda n: encoding.size(game.make_config(n)),
            )
    else:
        loaded = load_model(game)
        if loaded is None:
            raise SystemExit(f"{game.name} ships no win-chance model")
        model = loaded
    seats = model.for_players(players)
    if seats is None:
        raise SystemExit(f"{game.name}'s model has no {players}-player part")
    return knowledge, seats


def measure(game: Game[Any], args: argparse.Namespace, model_file: str | None) -> None:
    knowledge, seats = estimators(game, args.players, model_file)
    rng = Rng(args.seed)
    timing = Timing()
    n = args.players

    def observe(state: GameState, seat: int) -> tuple[list[float], list[float]]:
        """Both estimates of one sample for ``seat``, as the search meets it at a cut-off."""
        sample = game.determinize(state, seat, rng)
        start = time.perf_counter()
        before = [1.0 / n] * n if knowledge is None else knowledge.evaluate(game, sample, seat)
        middle = time.perf_counter()
        after = estimate(game, sample, seat, seats, knowledge)
        timing.before += middle - start
        timing.after += time.perf_counter() - middle
        timing.count += 1
        return before, after

    seeds = range(args.seed, args.seed + args.games)
    started = time.perf_counter()
    played = [play_game(game, n, seed, args.samples, observe) for seed in seeds]
    print(
        f"{game.name}: {len(played)} games at {n} players, {args.samples} decisions each,"
        f" seeds {seeds.start}-{seeds.stop - 1} ({time.perf_counter() - started:.0f} s);"
        f" an estimate costs {1000 * timing.before / timing.count:.3f} ms before,"
        f" {1000 * timing.after / timing.count:.3f} ms after"
    )
    print(
        f"  {'stage':6} {'views':>6}  {'ECE before':>10} {'after':>6}  {'Brier before':>12}"
        f" {'after':>6} {'equal':>6}"
    )
    for name in STAGES:
        chosen = [
            (sample.seen, one.outcome[:n])
            for one in played
            for sample in one.samples
            if stage_of(sample.stage) == name
        ]
        outcomes = [result for seen, result in chosen for _ in seen]
        before = figures([b for seen, _ in chosen for b, _ in seen], outcomes)
        after = figures([a for seen, _ in chosen for _, a in seen], outcomes)
        even = figures([[1.0 / n] * n for _ in outcomes], outcomes)
        print(
            f"  {name:6} {after.views:6}  {before.ece:10.3f} {after.ece:6.3f}"
            f"  {before.brier:12.3f} {after.brier:6.3f} {even.brier:6.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (default: the four)")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=12)
    parser.add_argument("--model", help="a model file to measure instead (with one --game)")
    args = parser.parse_args()
    names = args.game or list(GAMES)
    if args.model and len(names) != 1:
        raise SystemExit("--model needs exactly one --game")
    for name in names:
        measure(get_game(name), args, args.model)


if __name__ == "__main__":
    main()
