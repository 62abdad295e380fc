"""Whole order sheets for Africa 1880 search: the heuristic's sheet computed in one go,
sheets written straight into a determinized sample, and fast rollouts to the end.

Everything here works on *samples* (states built by ``Game.determinize`` for the
searching seat) and only ever writes the drafts of a sample, never a true state.
``heuristic_sheet`` reads only what the heuristic bot's view shows (the board,
the stocks, the embassies) and gives exactly the sheet ``AfricaHeuristic`` writes
line by line (a test checks it), at a fraction of the cost of one view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from meeple.engine import Game, Rng
from meeple.games.africa1880.actions import TABLES
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.bots.heuristic import LANDING_RESERVE
from meeple.games.africa1880.rules.decisions import (
    explore_targets,
    landing_targets,
    relation_seats,
    sheet_territories,
)
from meeple.games.africa1880.state import (
    ALLIANCE,
    DEVELOP,
    DIPLOMACY,
    GAME_OVER,
    NO_LANDING,
    NOTHING,
    SETUP,
    WAR,
    WRITING,
    AfricaState,
)

T = len(BOARD.ids)
RIVAL_SHARE = 3  # explore_cost: squares left plus this much per presence there


@dataclass
class Sheet:
    """One seat's orders for a turn: per presence an order code (DEVELOP, NOTHING or
    the territory explored), the landing (NO_LANDING or a coast), per other seat
    ALLIANCE or WAR."""

    orders: dict[int, int] = field(default_factory=dict)
    landing: int = NO_LANDING
    stance: dict[int, int] = field(default_factory=dict)

    def copy(self) -> Sheet:
        return Sheet(dict(self.orders), self.landing, dict(self.stance))


def explore_rank(state: AfricaState, target: int) -> tuple[int, int]:
    """The heuristic's explore_cost: squares still to develop plus three per presence."""
    left = BOARD.squares[target] - state.dev[target]
    return left + RIVAL_SHARE * bin(state.presence[target]).count("1"), target


def heuristic_order(state: AfricaState, seat: int, territory: int) -> int:
    """Develop until full, then explore the cheapest border, else nothing."""
    if state.dev[territory] < BOARD.squares[territory]:
        return DEVELOP
    targets = explore_targets(state, seat, territory)
    if not targets:
        return NOTHING
    return min(targets, key=lambda u: explore_rank(state, u))


def quick_coasts(state: AfricaState) -> list[int]:
    """Empty coasts, fewest squares first (the heuristic's landing wishes)."""
    return sorted(landing_targets(state), key=lambda t: (BOARD.squares[t], t))


def heuristic_landing(state: AfricaState, seat: int) -> int:
    if state.stock[seat] <= LANDING_RESERVE:
        return NO_LANDING
    coasts = quick_coasts(state)
    return coasts[0] if coasts else NO_LANDING


def tit_for_tat(state: AfricaState, seat: int, other: int) -> int:
    """What ``other`` last declared towards ``seat`` (alliance before any reveal)."""
    if not state.shown_orders:
        return ALLIANCE
    return state.embassy[other * state.players + seat]


def heuristic_sheet(state: AfricaState, seat: int) -> Sheet:
    """The sheet ``AfricaHeuristic`` writes for ``seat`` in this writing phase."""
    return Sheet(
        {t: heuristic_order(state, seat, t) for t in sheet_territories(state, seat)},
        heuristic_landing(state, seat),
        {o: tit_for_tat(state, seat, o) for o in relation_seats(state, seat)},
    )


def order_options(state: AfricaState, seat: int, territory: int) -> list[int]:
    """Orders worth trying on a line: develop (nothing once full) and every exploration."""
    full = state.dev[territory] >= BOARD.squares[territory]
    return [NOTHING if full else DEVELOP, *explore_targets(state, seat, territory)]


def write_sheet(state: AfricaState, seat: int, sheet: Sheet) -> None:
    """Overwrite ``seat``'s draft in a sample with ``sheet``, cursor at its end."""
    base = seat * T
    for t in range(T):
        state.orders[base + t] = sheet.orders.get(t, NOTHING)
    state.landing[seat] = sheet.landing
    n = state.players
    for other, value in sheet.stance.items():
        state.stance[seat * n + other] = value
    state.cursor[seat] = len(sheet.orders) + n


def line_action(state: AfricaState, seat: int, sheet: Sheet, item: str, target: int) -> int:
    """The action index that writes ``sheet``'s value on the line (item, target) of
    ``decisions.sheet_item``; ``seal orders`` once every line is written."""
    if item == "order":
        code = sheet.orders.get(target, NOTHING)
        if code == DEVELOP:
            return TABLES.develop[target]
        if code == NOTHING:
            return TABLES.nothing[target]
        return TABLES.explore[target][code]
    if item == "landing":
        return TABLES.no_landing if sheet.landing == NO_LANDING else TABLES.land[sheet.landing]
    if item == "relation":
        value = sheet.stance.get(target, ALLIANCE)
        return TABLES.relation[state.countries[target]][1 if value == ALLIANCE else 0]
    return TABLES.seal


def noisy(state: AfricaState, seat: int, sheet: Sheet, rng: Rng, noise: int) -> Sheet:
    """``sheet`` with each line, one time in ``noise``, redrawn uniformly."""
    out = sheet.copy()
    for t in out.orders:
        if rng.below(noise) == 0:
            out.orders[t] = rng.choice([NOTHING, DEVELOP, *explore_targets(state, seat, t)])
    if rng.below(noise) == 0:
        out.landing = rng.choice([NO_LANDING, *landing_targets(state)])
    for o in out.stance:
        if rng.below(noise) == 0:
            out.stance[o] = rng.choice([WAR, ALLIANCE])
    return out


def seal_all(game: Game[Any], state: AfricaState) -> None:
    """Seal every unsealed sheet; the last seal plays out the turn."""
    for seat in game.to_act(state):
        game.apply(state, seat, TABLES.seal)


def play_to_end(game: Game[Any], state: AfricaState, turns: int) -> None:
    """Every seat plays the heuristic's sheets for at most ``turns`` more turns."""
    while state.phase != GAME_OVER and turns > 0:
        if state.phase == DIPLOMACY:
            for seat in game.to_act(state):
                game.apply(state, seat, TABLES.ready)
            continue
        if state.phase == SETUP:
            place_heuristically(game, state)
            continue
        assert state.phase == WRITING
        sheets = [heuristic_sheet(state, s) for s in range(state.players)]
        for seat, sheet in enumerate(sheets):
            write_sheet(state, seat, sheet)
        seal_all(game, state)
        turns -= 1


def place_heuristically(game: Game[Any], state: AfricaState) -> None:
    """Setup: the seat to place takes the quickest empty coast (the heuristic's wish)."""
    seat = game.to_act(state)[0]
    coasts = quick_coasts(state)
    game.apply(state, seat, TABLES.place[coasts[0] if coasts else BOARD.coastal_indices[0]])
