"""Tournament statistics: win rates with Wilson intervals, means, OpenSkill ratings.

A bot listed in several seats (``random,random``) counts every seat it plays as
one game; its rating is one OpenSkill Plackett-Luce rating, updated once per
game with the mean of the updates its seats received.

Ratings are also given in Elo-like points (``points``): 1500 + ``POINTS_PER_MU`` x
(mu - 25). The Plackett-Luce chance that a bot beats another of certain rating is
a logistic of their mu difference over sqrt(2) beta; the Elo chance a logistic of
their points difference times ln 10 / 400. Equating the two makes a difference of
150 points a 70% chance of finishing ahead of the other, as in Elo.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from meeple.tournament.runner import MatchResult, TournamentSpec

Z95 = 1.959963984540054
MODEL = PlackettLuce()
POINTS_PER_MU = 400 / (math.log(10) * math.sqrt(2) * MODEL.beta)  # about 29.5
POINTS_AT_START = 1500.0


def points(mu: float) -> float:
    """Elo-like points of an OpenSkill mean (the module's docstring derives the scale)."""
    return POINTS_AT_START + POINTS_PER_MU * (mu - MODEL.mu)


def beats_chance(points_difference: float) -> float:
    """The chance, on the points scale, that the better bot finishes ahead of the other."""
    return 1 / (1 + 10 ** (-points_difference / 400))


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a win rate (95% by default); (0, 1) with no games."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def ratings(results: Sequence[MatchResult], names: Sequence[str]) -> dict[str, Any]:
    """OpenSkill (Plackett-Luce) ratings of each bot name, games taken in order."""
    model = MODEL
    current = {name: model.rating(name=name) for name in names}
    for result in results:
        seats = result.match.seats
        teams = [[model.rating(mu=current[b].mu, sigma=current[b].sigma)] for b in seats]
        rated = model.rate(teams, ranks=[float(r) for r in result.ranks])
        for name in set(seats):
            mine = [rated[s][0] for s, b in enumerate(seats) if b == name]
            mu = sum(r.mu for r in mine) / len(mine)
            sigma = sum(r.sigma for r in mine) / len(mine)
            current[name] = model.rating(name=name, mu=mu, sigma=sigma)
    return current


def summarise(spec: TournamentSpec, results: Sequence[MatchResult]) -> dict[str, Any]:
    """The JSON summary: per distinct bot, games, wins, win rate, 95% CI, means, rating."""
    names = list(dict.fromkeys(spec.bots))
    rated = ratings(results, names)
    bots = []
    for name in names:
        games = wins = decisions = 0
        score = think = 0.0
        for result in results:
            for seat, bot in enumerate(result.match.seats):
                if bot != name:
                    continue
                games += 1
                wins += seat in result.winners
                score += result.scores[seat]
                decisions += result.decisions[seat]
                think += result.think_seconds[seat]
        low, high = wilson(wins, games)
        rating = rated[name]
        bots.append(
            {
                "name": name,
                "games": games,
                "wins": wins,
                "win_rate": round(wins / games, 4) if games else 0.0,
                "ci95": [round(low, 4), round(high, 4)],
                "mean_score": round(score / games, 3) if games else 0.0,
                "mean_decision_ms": round(1000 * think / decisions, 3) if decisions else 0.0,
                "decisions": decisions,
                "rating": round(rating.ordinal(), 3),
                "mu": round(rating.mu, 3),
                "sigma": round(rating.sigma, 3),
                "points": round(points(rating.mu), 1),
                "points_sd": round(POINTS_PER_MU * rating.sigma, 1),
            }
        )
    return {
        "game": spec.game,
        "players": spec.players,
        "seats": list(spec.bots),
        "seed": spec.seed,
        "games": len(results),
        "bots": bots,
    }


CSV_FIELDS = ("game", "index", "seed", "bots", "scores", "ranks", "winners", "seconds")


def write_csv(path: Path, results: Sequence[MatchResult]) -> None:
    """One row per game; list fields join seat values with ';' in seat order."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_FIELDS)
        for r in results:
            writer.writerow(
                [
                    r.match.game,
                    r.match.index,
                    r.match.seed,
                    ";".join(r.match.seats),
                    ";".join(map(str, r.scores)),
                    ";".join(map(str, r.ranks)),
                    ";".join(map(str, r.winners)),
                    round(r.seconds, 3),
                ]
            )
