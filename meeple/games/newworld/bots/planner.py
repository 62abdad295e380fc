"""The search levels' Planning Sheet: whole sheets compared by playing on.

A sheet's entries are investments whose return shows turns later (a colony's
Political Control, 11.2; Soldiers that clear Natives, 9.2), beyond what a tree of
atomic decisions cut after a few steps can see. So the search levels plan the
sheet as a whole: at a seat's first entry of a turn, a few whole sheets (the
heuristic's own, and others with another colony Area or another share of the
cash invested) are each played on from the same determinized samples (the same
dice for every sheet, so they are compared on equal luck) with every seat
following the heuristic, for ``HORIZON`` turns after the sheet's own, and judged
by the search's cut-off evaluation (the calibrated win chances) or the result if
the game ends first. Another sheet replaces the heuristic's only when it beats it
by ``TRUST`` standard errors of the paired differences. The entries of the
chosen sheet are then written step by step.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

from meeple.engine import Game, GameState, Rng
from meeple.games.newworld.board import AREAS
from meeple.games.newworld.bots import policy
from meeple.games.newworld.bots.policy import PLANNING_KINDS, Sheet, table
from meeple.games.newworld.bots.reading import COASTAL, Census
from meeple.games.newworld.state import NOBODY, PLANNING, NewWorldState

Evaluate = Callable[[Game[NewWorldState], GameState, int], Sequence[float]]

HORIZON = 2  # turns played after the sheet's own before the cut-off evaluation
COLONIES = 3  # colony Areas compared: the best by the searching seat's colony score
SPENDS = (1.0, 0.5, 1.6)  # shares of the heuristic's investment compared (1.0: its own)
ITERATIONS_PER_SAMPLE = 10  # a level's iterations per sample played on (hard 20, medium 4)
PLANS_KEPT = 64
TRUST = 1.0  # standard errors of the paired differences another sheet must win by


def sheet_decision(game: Game[NewWorldState], state: NewWorldState, seat: int) -> bool:
    """Whether ``seat`` is to write an entry of its Planning Sheet (5.2-5.4)."""
    if state.phase != PLANNING:
        return False
    legal = game.legal_actions(state, seat)
    return len(legal) > 1 and table(game).kinds[legal[-1]] in PLANNING_KINDS


def candidate_sheets(state: NewWorldState, seat: int, style: policy.Style) -> list[Sheet]:
    """The heuristic's own sheet first, then other colonies and investments."""
    own = policy.new_sheet(state, seat, style)
    census = Census(state, seat)
    coastal = [a for a in range(AREAS) if COASTAL[a] and state.playable[a]]
    ranked = sorted(coastal, key=lambda a: (-policy.colony_score(state, seat, a, census, style), a))
    fixed = state.turn == 1 and state.landfall[seat] != NOBODY  # the landfall's Area
    colonies: list[int | None] = [None] if fixed else [None, *ranked[:COLONIES]]
    sheets = [own]
    for colony in colonies:
        for spend in SPENDS:
            sheet = policy.new_sheet(state, seat, style, colony, spend)
            if sheet not in sheets:
                sheets.append(sheet)
    return sheets


def plan_key(state: NewWorldState, seat: int) -> tuple[object, ...]:
    """What tells one seat's sheet of one turn of one game from another: nothing of it
    changes while the sheets are written (they are paid for once all are sealed, 5.5)."""
    return (
        state.turn,
        seat,
        *policy.seat_means(state, seat),
        bytes(state.colonists),
        bytes(state.soldiers),
        tuple(state.natives),
    )


class SheetPlanner:
    """Chooses a seat's whole sheet once per turn (see the module docstring) and
    writes it. ``styles(seat)``: the numbers each seat plays by (``policy.Style``)."""

    def __init__(self, styles: Callable[[int], policy.Style]) -> None:
        self.styles = styles
        self.planned: dict[tuple[object, ...], Sheet] = {}  # by ``plan_key``: the sheet chosen

    def decide(
        self,
        game: Game[NewWorldState],
        state: NewWorldState,
        seat: int,
        rng: Rng,
        iterations: int,
        millis: float | None,
        evaluate: Evaluate,
    ) -> int | None:
        """The next entry of the chosen sheet, or None if this is not a sheet entry.
        The sheet is chosen from ``iterations // ITERATIONS_PER_SAMPLE`` samples, fewer
        if ``millis`` run out first: a sample is played for every sheet or for none,
        and one is begun only if the slowest so far would still end in time."""
        sample = game.determinize(state, seat, rng)
        if not sheet_decision(game, sample, seat):
            return None
        key = plan_key(sample, seat)
        sheet = self.planned.get(key)
        if sheet is None:
            samples = max(1, iterations // ITERATIONS_PER_SAMPLE)
            deadline = None if millis is None else time.perf_counter() + millis / 1000.0
            sheet = self.best_sheet(game, state, seat, rng, samples, deadline, evaluate)
            if len(self.planned) >= PLANS_KEPT:
                self.planned.clear()
            self.planned[key] = sheet
        legal = game.legal_actions(sample, seat)
        return policy.sheet_choice(table(game), sample, seat, legal, sheet)

    def best_sheet(
        self,
        game: Game[NewWorldState],
        state: NewWorldState,
        seat: int,
        rng: Rng,
        samples: int,
        deadline: float | None,
        evaluate: Evaluate,
    ) -> Sheet:
        first = game.determinize(state, seat, rng)
        sheets = candidate_sheets(first, seat, self.styles(seat))
        if len(sheets) == 1:
            return sheets[0]
        values: list[list[float]] = [[] for _ in sheets]
        slowest = 0.0  # seconds the slowest sample took to play every sheet
        for _ in range(samples):
            began = time.perf_counter()
            if deadline is not None and began + slowest >= deadline:
                break  # the next sample would likely end past the deadline
            seed = rng.below(1 << 30)
            for index, sheet in enumerate(sheets):
                sample = game.determinize(state, seat, Rng(seed))
                values[index].append(
                    self.play_on(game, sample, seat, sheet, Rng(seed + 1), evaluate)
                )
            slowest = max(slowest, time.perf_counter() - began)
        return sheets[chosen(values)]

    def play_on(
        self,
        game: Game[NewWorldState],
        sample: NewWorldState,
        seat: int,
        sheet: Sheet,
        rng: Rng,
        evaluate: Evaluate,
    ) -> float:
        """``seat``'s value of ``sample`` after it writes ``sheet`` and every seat
        plays the heuristic until ``HORIZON`` turns after this one."""
        t = table(game)
        turn = sample.turn
        while not game.is_over(sample):
            if sample.turn > turn + HORIZON:
                return float(evaluate(game, sample, seat)[seat])
            mover = game.to_act(sample)[0]
            legal = game.legal_actions(sample, mover)
            if len(legal) == 1:
                action = legal[0]
            elif mover == seat and sample.turn == turn and sheet_decision(game, sample, seat):
                action = policy.sheet_choice(t, sample, seat, legal, sheet)
            else:
                action = policy.choose(game, sample, mover, legal, rng, self.styles(mover))
            game.apply(sample, mover, action)
        result = game.result(sample)
        return 1.0 / len(result.winners) if seat in result.winners else 0.0


def chosen(values: list[list[float]]) -> int:
    """The sheet with the best mean, if it beats the first (the heuristic's) by
    ``TRUST`` standard errors of their paired differences; else the first."""
    if len(values[0]) < 2:
        return 0  # one sample (or none, the time being up) tells nothing
    means = [sum(v) / len(v) for v in values]
    best = max(range(len(values)), key=lambda i: (means[i], -i))
    if best == 0:
        return 0
    diffs = [b - a for a, b in zip(values[0], values[best], strict=True)]
    mean = sum(diffs) / len(diffs)
    variance = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    error = math.sqrt(variance / len(diffs))
    return best if mean > TRUST * error else 0
