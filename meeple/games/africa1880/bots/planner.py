"""The ``hard`` player of Africa 1880: it plans a whole order sheet per turn.

Searching line by line spends a budget on every atomic decision, most of them
obvious. This player instead, at the first line of its sheet, improves the
heuristic's sheet by coordinate ascent: one line at a time it tries every other
value (orders: develop or nothing, every exploration; the landing: none or one of
the quickest empty coasts; each relation: alliance or war) and keeps a change when
the sheet's value rises. It then writes the planned lines at no further cost.

A sheet's value is the mean, over ``samples`` determinized samples, of the result
of playing the game out: the rivals write the heuristic's sheet (each line redrawn
uniformly one time in ``noise``, the same draws for every sheet tried) and every
seat plays the heuristic to the end. Setup: every quick coast is tried the same way.
The player reads the true state only through ``determinize`` (its own draft is
kept there; every rival's draft is replaced by the model's).
"""

from __future__ import annotations

import time
from typing import Any

from meeple.engine import Game, GameState, Rng
from meeple.games.africa1880.actions import TABLES
from meeple.games.africa1880.bots.sheets import (
    Sheet,
    heuristic_sheet,
    line_action,
    noisy,
    order_options,
    play_to_end,
    quick_coasts,
    seal_all,
    write_sheet,
)
from meeple.games.africa1880.rules.decisions import relation_seats, sheet_item
from meeple.games.africa1880.state import ALLIANCE, NO_LANDING, SETUP, WAR, WRITING, AfricaState

SAMPLES = 6  # determinized samples per sheet tried
NOISE = 8  # a rival's line is redrawn uniformly one time in this many
LANDINGS = 5  # landings tried: none or one of this many quickest empty coasts
PLACES = 8  # setup: quickest coasts tried
PLAN_SECONDS = 3.0  # a plan stops improving after this long (a decision stays < 4.5 s)
WIN = 1.0  # reward of the sole leader
TIE = 0.25  # reward of a leader tied with others (no winner)
MARGIN = 0.02  # reward per point of lead over the best rival (negative when behind)
FOREVER = 99  # turns: play the sample out to the end

Line = tuple[str, int]  # ("order", territory), ("landing", -1) or ("relation", seat)


def reward(game: Game[Any], state: AfricaState, seat: int) -> float:
    """Winning, tied for the lead or not, plus a little per point of margin."""
    result = game.result(state)
    scores = result.scores
    margin = scores[seat] - max(v for s, v in enumerate(scores) if s != seat)
    if seat in result.winners:
        base = WIN
    elif margin == 0:
        base = TIE
    else:
        base = 0.0
    return base + MARGIN * margin


class AfricaPlanner:
    """Plans each turn's sheet by coordinate ascent over played-out samples."""

    name = "hard"

    def __init__(
        self, game: Game[Any], seed: int, samples: int = SAMPLES, noise: int = NOISE
    ) -> None:
        self.rng = Rng(seed)
        self.samples = samples
        self.noise = noise
        self.plans: dict[int, tuple[int, Sheet]] = {}  # per seat: (turn, planned sheet)

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        sample = game.determinize(state, seat, self.rng)
        assert isinstance(sample, AfricaState)
        if sample.phase == SETUP:
            return self._place(game, sample, seat)
        if sample.phase != WRITING:
            return legal[0]
        planned = self.plans.get(seat)
        if planned is None or planned[0] != sample.turn or sample.cursor[seat] == 0:
            planned = (sample.turn, self._plan_sheet(game, sample, seat))
            self.plans[seat] = planned
        item, target = sheet_item(sample, seat)
        action = line_action(sample, seat, planned[1], item, target)
        if action in legal:
            return action
        # not expected; should a plan ever miss, the heuristic's line keeps play legal
        fallback = line_action(sample, seat, heuristic_sheet(sample, seat), item, target)
        return fallback if fallback in legal else legal[0]

    # ---- setup ------------------------------------------------------------------

    def _place(self, game: Game[Any], sample: AfricaState, seat: int) -> int:
        """The quick coast whose played-out game rewards this seat most."""
        best, best_value = -1, float("-inf")
        for coast in quick_coasts(sample)[:PLACES]:
            twin = sample.clone()
            game.apply(twin, seat, TABLES.place[coast])
            play_to_end(game, twin, FOREVER)
            value = reward(game, twin, seat)
            if value > best_value:
                best, best_value = coast, value
        return TABLES.place[best]

    # ---- writing ----------------------------------------------------------------

    def _plan_sheet(self, game: Game[Any], sample: AfricaState, seat: int) -> Sheet:
        start = time.perf_counter()
        bases = [self._rivals_modelled(game, sample, seat) for _ in range(self.samples)]
        best = heuristic_sheet(sample, seat)
        best_value = self._value(game, bases, seat, best)
        for line, options in self._lines(sample, seat, best):
            for option in options:
                if time.perf_counter() - start > PLAN_SECONDS:
                    return best
                tried = with_line(best, line, option)
                if tried is None:
                    continue
                value = self._value(game, bases, seat, tried)
                if value > best_value:
                    best, best_value = tried, value
        return best

    def _rivals_modelled(self, game: Game[Any], sample: AfricaState, seat: int) -> AfricaState:
        """A fresh sample whose rivals' drafts are the heuristic's, with noise."""
        twin = game.determinize(sample, seat, self.rng)
        assert isinstance(twin, AfricaState)
        for other in range(twin.players):
            if other != seat:
                sheet = noisy(twin, other, heuristic_sheet(twin, other), self.rng, self.noise)
                write_sheet(twin, other, sheet)
        return twin

    def _value(self, game: Game[Any], bases: list[AfricaState], seat: int, sheet: Sheet) -> float:
        total = 0.0
        for base in bases:
            twin = base.clone()
            write_sheet(twin, seat, sheet)
            seal_all(game, twin)
            play_to_end(game, twin, FOREVER)
            total += reward(game, twin, seat)
        return total / len(bases)

    @staticmethod
    def _lines(sample: AfricaState, seat: int, sheet: Sheet) -> list[tuple[Line, list[int]]]:
        """Every line with the values to try, relations first (they swing the most)."""
        lines: list[tuple[Line, list[int]]] = [
            (("relation", other), [WAR, ALLIANCE]) for other in relation_seats(sample, seat)
        ]
        lines.append((("landing", -1), [NO_LANDING, *quick_coasts(sample)[:LANDINGS]]))
        lines.extend((("order", t), order_options(sample, seat, t)) for t in sheet.orders)
        return lines


def with_line(sheet: Sheet, line: Line, value: int) -> Sheet | None:
    """``sheet`` with ``value`` on ``line``, or None if it already has that value."""
    kind, target = line
    out = sheet.copy()
    if kind == "relation":
        if out.stance.get(target) == value:
            return None
        out.stance[target] = value
    elif kind == "landing":
        if out.landing == value:
            return None
        out.landing = value
    else:
        if out.orders.get(target) == value:
            return None
        out.orders[target] = value
    return out
