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

from meeple.engine import GameState, Rng
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.bots.heuristic import AnyGame, heuristic_sheet, quick_coasts
from meeple.games.africa1880.bots.playout import noisy, play_to_end, seal_all
from meeple.games.africa1880.bots.sheets import (
    ALLIANCE,
    DEVELOP,
    NO_LANDING,
    NOTHING,
    WAR,
    AfricaState,
    Line,
    Sheet,
    development,
    explore_targets,
    line_action,
    lines_written,
    next_line,
    phase,
    place_action,
    sheet_lines,
    turn,
    write_sheet,
)

SAMPLES = 6  # determinized samples per sheet tried
NOISE = 8  # a rival's line is redrawn uniformly one time in this many
LANDINGS = 5  # landings tried: none or one of this many quickest empty coasts
PLACES = 8  # setup: quickest coasts tried
PLAN_SECONDS = 3.0  # a plan stops improving after this long (a decision stays < 4.5 s)
WIN = 1.0  # reward of the sole leader
TIE = 0.25  # reward of a leader tied with others (no winner)
MARGIN = 0.02  # reward per point of lead over the best rival (negative when behind)
FOREVER = 99  # turns: play the sample out to the end


def reward(game: AnyGame, state: AfricaState, seat: int) -> float:
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
        self, game: AnyGame, seed: int, samples: int = SAMPLES, noise: int = NOISE
    ) -> None:
        self.rng = Rng(seed)
        self.samples = samples
        self.noise = noise
        self.plans: dict[int, tuple[int, Sheet]] = {}  # per seat: (turn, planned sheet)

    def choose(self, game: AnyGame, state: GameState, seat: int) -> int:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        sample = game.determinize(state, seat, self.rng)
        assert isinstance(sample, AfricaState)
        if phase(sample) == "setup":
            return self._place(game, sample, seat)
        if phase(sample) != "writing":
            return legal[0]
        planned = self.plans.get(seat)
        if planned is None or planned[0] != turn(sample) or lines_written(sample, seat) == 0:
            planned = (turn(sample), self._plan_sheet(game, sample, seat))
            self.plans[seat] = planned
        line = next_line(sample, seat)
        action = planned_action(sample, planned[1], line)
        if action in legal:
            return action
        # not expected; should a plan ever miss, the heuristic's line keeps play legal
        fallback = planned_action(sample, heuristic_sheet(sample, seat), line)
        return fallback if fallback in legal else legal[0]

    # ---- setup ------------------------------------------------------------------

    def _place(self, game: AnyGame, sample: AfricaState, seat: int) -> int:
        """The quick coast whose played-out game rewards this seat most."""
        best, best_value = -1, float("-inf")
        for coast in quick_coasts(sample)[:PLACES]:
            twin = sample.clone()
            game.apply(twin, seat, place_action(coast))
            play_to_end(game, twin, FOREVER)
            value = reward(game, twin, seat)
            if value > best_value:
                best, best_value = coast, value
        return place_action(best)

    # ---- writing ----------------------------------------------------------------

    def _plan_sheet(self, game: AnyGame, sample: AfricaState, seat: int) -> Sheet:
        start = time.perf_counter()
        bases = [self._rivals_modelled(game, sample, seat) for _ in range(self.samples)]
        best = heuristic_sheet(sample, seat)
        best_value = self._value(game, bases, seat, best)
        for line, options in self._lines(sample, seat):
            for option in options:
                if time.perf_counter() - start > PLAN_SECONDS:
                    return best
                if best.value(line) == option:
                    continue
                tried = best.with_value(line, option)
                value = self._value(game, bases, seat, tried)
                if value > best_value:
                    best, best_value = tried, value
        return best

    def _rivals_modelled(self, game: AnyGame, sample: AfricaState, seat: int) -> AfricaState:
        """A fresh sample whose rivals' drafts are the heuristic's, with noise."""
        twin = game.determinize(sample, seat, self.rng)
        assert isinstance(twin, AfricaState)
        for other in range(twin.config.players):
            if other != seat:
                sheet = noisy(twin, other, heuristic_sheet(twin, other), self.rng, self.noise)
                write_sheet(twin, other, sheet)
        return twin

    def _value(self, game: AnyGame, bases: list[AfricaState], seat: int, sheet: Sheet) -> float:
        total = 0.0
        for base in bases:
            twin = base.clone()
            write_sheet(twin, seat, sheet)
            seal_all(game, twin)
            play_to_end(game, twin, FOREVER)
            total += reward(game, twin, seat)
        return total / len(bases)

    @staticmethod
    def _lines(sample: AfricaState, seat: int) -> list[tuple[Line, list[int]]]:
        """Every line with the values to try, relations first (they swing the most)."""
        lines = sheet_lines(sample, seat)
        tried: list[tuple[Line, list[int]]] = [
            (line, [WAR, ALLIANCE]) for line in lines if line[0] == "relation"
        ]
        tried.append((("landing", -1), [NO_LANDING, *quick_coasts(sample)[:LANDINGS]]))
        tried.extend(
            (line, order_options(sample, seat, line[1])) for line in lines if line[0] == "order"
        )
        return tried


def order_options(state: AfricaState, seat: int, territory: int) -> list[int]:
    """Orders worth trying on a line: develop (nothing once full) and every exploration."""
    full = development(state, territory) >= BOARD.squares[territory]
    return [NOTHING if full else DEVELOP, *explore_targets(state, seat, territory)]


def planned_action(state: AfricaState, sheet: Sheet, line: Line) -> int:
    """The action writing ``sheet``'s value on ``line`` (``seal orders`` at the end)."""
    return line_action(state, line, NOTHING if line[0] == "end" else sheet.value(line))
