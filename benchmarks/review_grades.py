"""Do the review's grades tell a weaker bot from a stronger one? (issue 28, point 2;
prints figures, not a test.)

Seeded 4-player games between two bot levels (two seats each, the seats turned
from game to game) are recorded and every decision of them is reviewed at a small
budget. The review's chances and errors are then graded again under several
grading schemes (the same searches: grading is a function of a decision's
before/after chances and error), and for each scheme the marks per searched
decision are printed per bot level. A scheme fits when the weaker level collects
clearly more marks per decision than the stronger one.

Then the two end-to-end checks of issue 28's Namibia positions at a benchmark
budget: the round 3 all-in bid (seed 21, move 95) and the round 1 skipped 18 GM
shipment (seed 3, move 55), each with the search's before/after chances and grade
(the shipment's is a benchmark-level check: tests/review/test_review_namibia_positions.py
checks the position and the grade of the issue's figures only).

    nice -n 10 .venv/bin/python benchmarks/review_grades.py --games 4 --iterations 60
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import Game, GameRecord, GameState, get_game, start_record
from meeple.review import Decision, Review, judge, review_record
from meeple.review.model import SIGNIFICANCE
from meeple.review.model import grade as shipped_grade

Scheme = Callable[[float, float, float], str | None]
"""A grading: (before, after, error) of the deciding seat -> grade or None."""


def points_grade(limits: tuple[float, float, float], sig: float = 2.0) -> Scheme:
    """Version 1's grading: absolute points, with a noise bar of ``sig`` errors."""

    def grade(before: float, after: float, error: float) -> str | None:
        loss = before - after
        if loss <= 0 or loss < sig * error:
            return None
        names = ("inaccuracy", "mistake", "blunder")
        reached = [n for n, t in zip(names, limits, strict=True) if loss >= t - 1e-9]
        return reached[-1] if reached else None

    return grade


def odds_loss(before: float, after: float) -> float:
    """The loss in log-odds, chances clipped to [0.005, 0.995]."""

    def log_odds(chance: float) -> float:
        clipped = min(0.995, max(0.005, chance))
        return math.log(clipped / (1.0 - clipped))

    return max(0.0, log_odds(before) - log_odds(after))


def highest_grade(
    measured: float,
    thresholds: tuple[float, float, float],
    loss: float,
    floors: tuple[float, float, float],
) -> str | None:
    """The highest grade whose threshold the measured loss and whose floor in points
    the loss both reach (None below an inaccuracy)."""
    names = ("inaccuracy", "mistake", "blunder")
    reached = [
        name
        for name, threshold, floor in zip(names, thresholds, floors, strict=True)
        if measured >= threshold - 1e-9 and loss >= floor - 1e-9
    ]
    return reached[-1] if reached else None


def odds_grade(
    odds: tuple[float, float, float], floors: tuple[float, float, float], sig: float = SIGNIFICANCE
) -> Scheme:
    """A log-odds grading with a floor in points per grade."""

    def grade(before: float, after: float, error: float) -> str | None:
        loss = before - after
        if loss <= 0 or loss < sig * error:
            return None
        return highest_grade(odds_loss(before, after), odds, loss, floors)

    return grade


def share_grade(
    shares: tuple[float, float, float],
    floors: tuple[float, float, float],
    sig: float = SIGNIFICANCE,
    cap: float = 1.0,
) -> Scheme:
    """A grading by the loss as a share of the seat's chance (taken at most ``cap``),
    with floors in points."""

    def grade(before: float, after: float, error: float) -> str | None:
        loss = before - after
        if loss <= 0 or loss < sig * error:
            return None
        return highest_grade(loss / min(cap, max(before, 0.005)), shares, loss, floors)

    return grade


SCHEMES: dict[str, Scheme] = {
    "points 5/12/25, 2 s.e. (version 1)": points_grade((0.05, 0.12, 0.25)),
    "points 5/12/25, 3 s.e.": points_grade((0.05, 0.12, 0.25), 3.0),
    "log-odds .18/.45/1.0, floors 1/3/5, 2 s.e.": odds_grade(
        (0.18, 0.45, 1.0), (0.01, 0.03, 0.05), 2.0
    ),
    "log-odds .18/.45/1.0, floors 1/3/5, 3 s.e.": odds_grade(
        (0.18, 0.45, 1.0), (0.01, 0.03, 0.05), 3.0
    ),
    "share of chance .15/.3/.5, 1/3/5, 2 s.e.": share_grade(
        (0.15, 0.3, 0.5), (0.01, 0.03, 0.05), 2.0
    ),
    "share of chance .15/.3/.5, 1/3/5, 3 s.e.": share_grade(
        (0.15, 0.3, 0.5), (0.01, 0.03, 0.05), 3.0
    ),
    "share of stake .15/.3/.5, 1/3/5, 2 s.e.": share_grade(
        (0.15, 0.3, 0.5), (0.01, 0.03, 0.05), 2.0, 0.5
    ),
    "share of stake .15/.3/.5, 1/3/5, 2.5 s.e.": share_grade(
        (0.15, 0.3, 0.5), (0.01, 0.03, 0.05), 2.5, 0.5
    ),
    "share of stake .2/.4/.6, 1/3/5, 3 s.e.": share_grade(
        (0.2, 0.4, 0.6), (0.01, 0.03, 0.05), 3.0, 0.5
    ),
    "SHIPPED: share of stake .15/.3/.5, 1/3/5, 3 s.e.": shipped_grade,
}


def review_decision(raw: dict[str, Any]) -> Decision:
    """A decision saved by ``--save``, read back through the review's own loader."""
    known = {f.name for f in fields(Decision)}
    kept = {k: v for k, v in raw.items() if k in known}  # a measure of an older draft dropped
    return Review.from_json({"version": 2, "decisions": [kept], "summary": [], **EMPTY}).decisions[
        0
    ]


EMPTY: dict[str, Any] = {
    "game": "",
    "rules_version": "",
    "players": 0,
    "seat_names": [],
    "record_seed": 0,
    "seed": 0,
    "iterations": 0,
    "moves": 0,
    "finished": True,
}


def bot_game(game: Game[Any], levels: list[str], seed: int) -> GameRecord:
    """A finished game, seat ``s`` played by a ``levels[s]`` bot seeded from the game."""
    config = game.make_config(len(levels))
    state = game.new_game(config, seed)
    record = start_record(game, config, seed)
    bots = {s: make_bot(level, game, seed * 10 + s) for s, level in enumerate(levels)}
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        action = bots[seat].choose(game, state, seat)
        record.moves.append((seat, game.actions[action].text))
        game.apply(state, seat, action)
    record.result = game.result(state).to_json()
    return record


def marks_table(judged: list[tuple[str, Decision]], levels: list[str]) -> None:
    """Per scheme: marks per searched decision per level (and per grade)."""
    searched = [(lv, d) for lv, d in judged if not d.forced and d.before and d.after]
    count = {lv: sum(1 for level, _ in searched if level == lv) for lv in levels}
    print(f"searched decisions: {count}")
    header = f"{'scheme':48}" + "".join(f"{lv + ' marks/dec (i/m/b)':>34}" for lv in levels)
    header += "   weighted 1/2/3 per dec: " + " vs ".join(levels)
    print(header)
    for name, scheme in SCHEMES.items():
        tally: dict[str, dict[str, int]] = {lv: defaultdict(int) for lv in levels}
        for lv, d in searched:
            assert d.before is not None and d.after is not None
            verdict = None
            if d.loss > 0:
                verdict = scheme(d.before[d.seat], d.after[d.seat], d.error)
            if verdict is not None:
                tally[lv][verdict] += 1
        cells = []
        weights = []
        for lv in levels:
            t = tally[lv]
            weighted = t["inaccuracy"] + 2 * t["mistake"] + 3 * t["blunder"]
            weights.append(f"{weighted / max(1, count[lv]):.3f}")
            total = sum(t.values())
            rate = total / max(1, count[lv])
            split = f"{t['inaccuracy']}/{t['mistake']}/{t['blunder']}"
            cells.append(f"{rate:>14.3f} ({total:3}: {split:>9})")
        print(f"{name:48}" + "".join(f"{c:>34}" for c in cells) + "   " + " vs ".join(weights))


def replayed(game: Game[Any], levels: list[str], seed: int, upto: int) -> GameState:
    """The state before move index ``upto`` of a seeded game of ``levels``."""
    state: GameState = game.new_game(game.make_config(len(levels)), seed)
    bots = {s: make_bot(level, game, seed * 10 + s) for s, level in enumerate(levels)}
    for _ in range(upto):
        seat = game.to_act(state)[0]
        game.apply(state, seat, bots[seat].choose(game, state, seat))
    return state


def position_checks(iterations: int, seeds: int) -> None:
    """Issue 28's two Namibia positions, judged end to end."""
    namibia = get_game("namibia")
    heuristic = ["heuristic"] * 4
    cases = (
        ("round 3 all-in bid", 21, 94, "bid 43"),
        ("round 1 stop shipping", 3, 54, "stop shipping"),
    )
    for label, seed, index, text in cases:
        state = replayed(namibia, heuristic, seed, index)
        seat = namibia.to_act(state)[0]
        played = namibia.to_action(text).index
        for search_seed in range(1, seeds + 1):
            d = judge(namibia, state, seat, played, index + 1, iterations, search_seed)
            assert d.before is not None and d.after is not None
            print(
                f"{label:22} seed {seed} move {index + 1} seat {seat} {text!r:16}"
                f" search seed {search_seed}: {d.before[seat]:.3f} -> {d.after[seat]:.3f}"
                f" ± {d.error:.3f}, {d.share:.2f} of the stake, preferred {d.preferred!r},"
                f" grade {d.grade}"
            )
            chances = ", ".join(
                f"{c.action} {c.win[seat]:.3f} ({c.samples} samples)" for c in d.choices if c.win
            )
            print(f"{'':22} every choice's chance for seat {seat}: {chances}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="namibia")
    parser.add_argument("--games", type=int, default=4, help="seeded games (seeds 1..N)")
    parser.add_argument("--iterations", type=int, default=60, help="per reviewed decision")
    parser.add_argument("--levels", default="heuristic,random", help="stronger,weaker")
    parser.add_argument("--check-iterations", type=int, default=1000)
    parser.add_argument("--check-seeds", type=int, default=2)
    parser.add_argument("--save", type=Path, help="write the judged decisions here (JSON)")
    parser.add_argument("--load", type=Path, help="grade decisions saved by --save; no search")
    args = parser.parse_args()
    load_bots()
    game = get_game(args.game)
    strong, weak = args.levels.split(",")
    levels = [strong, weak]
    judged: list[tuple[str, Decision]] = []
    start = time.perf_counter()
    if args.load is not None:
        saved = json.loads(args.load.read_text())
        judged = [(lv, review_decision(raw)) for lv, raw in saved]
        marks_table(judged, sorted({lv for lv, _ in judged}))
        return
    if args.games == 0:  # the positions only
        position_checks(args.check_iterations, args.check_seeds)
        return
    for seed in range(1, args.games + 1):
        seats = [strong, weak, strong, weak] if seed % 2 else [weak, strong, weak, strong]
        record = bot_game(game, seats, seed)
        review = review_record(game, record, args.iterations, seed)
        judged += [(seats[d.seat], d) for d in review.decisions]
        print(
            f"{game.name} seed {seed} seats {seats}: {len(record.moves)} moves,"
            f" winners {record.result and record.result.get('winners')}"
            f" ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    if args.save is not None:
        args.save.write_text(json.dumps([(lv, asdict(d)) for lv, d in judged]))
    print(f"\n{args.game}, {args.games} games, {args.iterations} iterations per decision")
    marks_table(judged, levels)
    if args.game == "namibia" and args.check_seeds > 0:
        print(f"\nissue 28's positions at {args.check_iterations} iterations:")
        position_checks(args.check_iterations, args.check_seeds)
    print(f"\n{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
