"""Planner variants for nw_exp.py: hard's tree plus the whole-sheet planner."""

from __future__ import annotations

from typing import Any

from nw_variants import HEROES, search

from meeple.games.newworld.bots import planner
from meeple.games.newworld.bots.heuristic import NewWorldKnowledge


class Knobbed(NewWorldKnowledge):
    def __init__(self, per_sample: int, horizon: int) -> None:
        super().__init__(plans=True)
        self.per_sample = per_sample
        self.horizon = horizon

    def decide(self, game, state, seat, rng, iterations, evaluate):  # type: ignore[no-untyped-def]
        planner.ITERATIONS_PER_SAMPLE = self.per_sample
        planner.HORIZON = self.horizon
        return super().decide(game, state, seat, rng, iterations, evaluate)


def knobs(per_sample: int, horizon: int) -> Any:
    return lambda: Knobbed(per_sample, horizon)


for per in (10, 20, 40):
    for hor in (0, 1, 2, 9):
        HEROES[f"p{per}h{hor}"] = search(200, knowledge=knobs(per, hor))


class Fixed(Knobbed):
    """A fixed number of samples whatever the iterations."""

    def __init__(self, samples: int, horizon: int) -> None:
        super().__init__(1, horizon)
        self.samples = samples

    def decide(self, game, state, seat, rng, iterations, evaluate):  # type: ignore[no-untyped-def]
        return super().decide(game, state, seat, rng, self.samples, evaluate)


for n in (2, 3, 5, 8):
    for hor in (1, 2):
        HEROES[f"m40s{n}h{hor}"] = search(40, knowledge=lambda n=n, hor=hor: Fixed(n, hor))
        HEROES[f"h200s{n}h{hor}"] = search(200, knowledge=lambda n=n, hor=hor: Fixed(n, hor))


class Wide(Fixed):
    def __init__(
        self, samples: int, horizon: int, spends: tuple[float, ...], colonies: int
    ) -> None:
        super().__init__(samples, horizon)
        self.spends = spends
        self.colonies = colonies

    def decide(self, game, state, seat, rng, iterations, evaluate):  # type: ignore[no-untyped-def]
        planner.SPENDS = self.spends
        planner.COLONIES = self.colonies
        return super().decide(game, state, seat, rng, iterations, evaluate)


for n in (12, 16, 24):
    HEROES[f"h200s{n}h2"] = search(200, knowledge=lambda n=n: Fixed(n, 2))
    HEROES[f"h200s{n}h2w"] = search(
        200, knowledge=lambda n=n: Wide(n, 2, (1.0, 0.4, 0.7, 1.4, 2.0), 4)
    )
