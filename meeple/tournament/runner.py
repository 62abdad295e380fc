"""Scheduling and running tournament games: in-process, with worker processes, or on Ray.

Game ``i`` of a tournament uses seed ``seed + i`` and rotates the bot list by
``i`` seats (seat ``s`` plays ``bots[(s + i) % players]``), so over a multiple of
``players`` games every bot sits in every seat equally often.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import Bot, Game, get_game

Progress = Callable[["MatchResult"], None]

SeatMaker = Callable[[str, Game[Any], int], Bot]
"""How a seat kind becomes a bot (kind, game, seed): ``make_bot`` seats the registered
bots; ``meeple.rl.policy.seat_bot`` also seats saved policies (``policy:<file>``). It
must be a top-level function, so that worker processes can receive it."""


@dataclass(frozen=True)
class TournamentSpec:
    game: str
    bots: tuple[str, ...]
    games: int
    seed: int = 1

    @property
    def players(self) -> int:
        return len(self.bots)


@dataclass(frozen=True)
class Match:
    """One game to play: its number, its seed and the bot in each seat."""

    game: str
    index: int
    seed: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class MatchResult:
    """What one game gave; times are per seat, summed over its decisions."""

    match: Match
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: tuple[int, ...]
    think_seconds: tuple[float, ...]
    seconds: float


def schedule(spec: TournamentSpec) -> list[Match]:
    n = spec.players
    return [
        Match(
            spec.game,
            i,
            spec.seed + i,
            tuple(spec.bots[(seat + i) % n] for seat in range(n)),
        )
        for i in range(spec.games)
    ]


def play_match(match: Match, seats: SeatMaker = make_bot) -> MatchResult:
    """Play one game between bots (a top-level function, so workers can run it)."""
    load_bots()
    game = get_game(match.game)
    n = len(match.seats)
    state = game.new_game(game.make_config(n), match.seed)
    bots = [seats(kind, game, match.seed * 1009 + seat) for seat, kind in enumerate(match.seats)]
    decisions = [0] * n
    think = [0.0] * n
    start = time.perf_counter()
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        began = time.perf_counter()
        action = bots[seat].choose(game, state, seat)
        think[seat] += time.perf_counter() - began
        decisions[seat] += 1
        game.apply(state, seat, action)
    result = game.result(state)
    return MatchResult(
        match,
        result.scores,
        result.ranks,
        result.winners,
        tuple(decisions),
        tuple(think),
        time.perf_counter() - start,
    )


def run(
    spec: TournamentSpec,
    jobs: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
    seats: SeatMaker = make_bot,
) -> list[MatchResult]:
    """Play every scheduled game; results come back sorted by game number."""
    return play_all(schedule(spec), jobs, ray_address, progress, seats)


def play_all(
    matches: list[Match],
    jobs: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
    seats: SeatMaker = make_bot,
) -> list[MatchResult]:
    """Play the given games (a schedule of one's own making, such as a ladder's);
    results come back sorted by game number."""
    if ray_address is not None:
        results = _run_ray(matches, ray_address, jobs, progress, seats)
    elif jobs > 1:
        results = list(_run_pool(matches, jobs, progress, seats))
    else:
        results = []
        for match in matches:
            results.append(play_match(match, seats))
            if progress:
                progress(results[-1])
    return sorted(results, key=lambda r: r.match.index)


def _run_pool(
    matches: list[Match], jobs: int, progress: Progress | None, seats: SeatMaker
) -> Iterator[MatchResult]:
    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs) as pool:
        for result in pool.imap_unordered(partial(play_match, seats=seats), matches):
            if progress:
                progress(result)
            yield result


def _run_ray(
    matches: list[Match], address: str, jobs: int, progress: Progress | None, seats: SeatMaker
) -> list[MatchResult]:
    """Run on a Ray cluster; ``address`` "local" starts a local Ray with ``jobs`` CPUs."""
    import ray  # optional dependency: pip install 'meeple[ray]'

    started_here = not ray.is_initialized()
    if started_here:
        if address == "local":
            ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    try:
        remote: Any = ray.remote(play_match)
        pending = [remote.remote(match, seats) for match in matches]
        results: list[MatchResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                results.append(ray.get(ref))
                if progress:
                    progress(results[-1])
        return results
    finally:
        if started_here:
            ray.shutdown()
