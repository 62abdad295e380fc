"""Seeded self-play games for the win-chance model and its calibration benchmark.

One game: four (or ``players``) seats, each a bot level drawn from the seed
(mostly the game's heuristic, some ``easy`` and ``random``: fast, and of unequal
strength, as the positions a review meets are), played to the end. Then the record
is replayed and, at ``samples`` decisions spread evenly over the game, every seat's
``observe(state, seat)`` is kept with the decision's stage (its place in the game,
0 to 1) and the outcome: per seat its share of the win, and the chance that nobody
won (Africa 1880's tie for the lead has no winner).

``observe`` must read the seat's own view only (its encoded view, or an estimate
from ``Game.determinize`` for that seat): that is what the model learns from and the
benchmark measures.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import Game, GameState, Rng

T = TypeVar("T")

LEVELS = ("heuristic", "heuristic", "heuristic", "easy", "easy", "random")


@dataclass(frozen=True)
class Sampled(Generic[T]):
    """One sampled decision: its stage in [0, 1) and per seat what was observed."""

    stage: float
    seen: list[T]


@dataclass(frozen=True)
class Played(Generic[T]):
    """One finished game: its seats' levels, the sampled decisions and the outcome
    (per seat the share of the win, then the chance that nobody won: 0 or 1)."""

    seed: int
    levels: list[str]
    samples: list[Sampled[T]]
    outcome: list[float]


def seat_levels(seed: int, players: int) -> list[str]:
    """The bot level of each seat of the game with ``seed``."""
    rng = Rng(seed * 7919 + 17)
    return [LEVELS[rng.below(len(LEVELS))] for _ in range(players)]


def outcome(game: Game[Any], state: GameState) -> list[float]:
    """Per seat its share of the win, then 1.0 if nobody won (else 0.0)."""
    winners = game.result(state).winners
    players = state.config.players
    shares = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
    return [*shares, 0.0 if winners else 1.0]


def play_game(
    game: Game[Any],
    players: int,
    seed: int,
    samples: int,
    observe: Callable[[GameState, int], T],
) -> Played[T]:
    """Play the seeded game, then observe every seat at ``samples`` decisions."""
    load_bots()
    levels = seat_levels(seed, players)
    config = game.make_config(players)
    state = game.new_game(config, seed)
    bots = [make_bot(level, game, seed * 10 + seat) for seat, level in enumerate(levels)]
    moves: list[tuple[int, int]] = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        action = bots[seat].choose(game, state, seat)
        moves.append((seat, action))
        game.apply(state, seat, action)
    final = outcome(game, state)
    total = len(moves)
    chosen = sorted({int((k + 0.5) * total / samples) for k in range(samples)})
    replay = game.new_game(config, seed)
    taken: list[Sampled[T]] = []
    for index, (seat, action) in enumerate(moves):
        if chosen and index == chosen[0]:
            chosen.pop(0)
            seen = [observe(replay, viewer) for viewer in range(players)]
            taken.append(Sampled(index / total, seen))
        game.apply(replay, seat, action)
    return Played(seed, levels, taken, final)


# ---- calibration figures ---------------------------------------------------------------

STAGES = ("first", "middle", "last")
BINS = 10


@dataclass(frozen=True)
class Figures:
    """Calibration of one estimate over some views: expected calibration error over
    ``BINS`` equal bins of every seat's chance, the mean Brier score of a view (summed
    over the seats), and how many views."""

    ece: float
    brier: float
    views: int


def stage_of(stage: float) -> str:
    """The third of the game a decision falls in."""
    return STAGES[min(len(STAGES) - 1, int(stage * len(STAGES)))]


def figures(chances: list[list[float]], outcomes: list[list[float]]) -> Figures:
    """``chances[v][seat]`` against ``outcomes[v][seat]`` (the seat's share of the win)."""
    counts = [0] * BINS
    said = [0.0] * BINS
    happened = [0.0] * BINS
    brier = 0.0
    for estimate, result in zip(chances, outcomes, strict=True):
        for chance, share in zip(estimate, result, strict=False):
            b = min(BINS - 1, int(chance * BINS))
            counts[b] += 1
            said[b] += chance
            happened[b] += share
            brier += (chance - share) ** 2
    entries = sum(counts)
    ece = sum(abs(said[b] - happened[b]) for b in range(BINS)) / max(1, entries)
    return Figures(ece, brier / max(1, len(chances)), len(chances))
