"""Fast playouts of whole order sheets for the Africa 1880 planner.

Everything here works on *samples* (states built by ``Game.determinize`` for the
planning seat) through the game's public contract and its sheet API: whole sheets
are written with ``sheets.write_sheet`` and sealed with ``Game.apply``, so a turn
costs a few sheets instead of dozens of line-by-line decisions.
"""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.bots.heuristic import AnyGame, heuristic_sheet, preferences
from meeple.games.africa1880.bots.sheets import (
    READY,
    SEAL,
    AfricaState,
    Sheet,
    line_options,
    phase,
    place_action,
    write_sheet,
)


def noisy(state: AfricaState, seat: int, sheet: Sheet, rng: Rng, noise: int) -> Sheet:
    """``sheet`` with each line, one time in ``noise``, redrawn uniformly from its
    ``line_options`` (orders first, then the landing, then the relations)."""
    out = sheet.copy()
    lines = [("order", t) for t in out.orders]
    lines.append(("landing", -1))
    lines.extend(("relation", o) for o in out.stances)
    for line in lines:
        if rng.below(noise) == 0:
            out = out.with_value(line, rng.choice(line_options(state, seat, line)))
    return out


def seal_all(game: AnyGame, state: AfricaState) -> None:
    """Seal every unsealed sheet; the last seal plays out the turn."""
    for seat in game.to_act(state):
        game.apply(state, seat, SEAL)


def play_to_end(game: AnyGame, state: AfricaState, turns: int) -> None:
    """Every seat plays the heuristic's sheets for at most ``turns`` more turns."""
    while not game.is_over(state) and turns > 0:
        now = phase(state)
        if now == "diplomacy":
            for seat in game.to_act(state):
                game.apply(state, seat, READY)
            continue
        if now == "setup":
            place_heuristically(game, state)
            continue
        sheets = [heuristic_sheet(state, s) for s in range(state.config.players)]
        for seat, sheet in enumerate(sheets):
            write_sheet(state, seat, sheet)
        seal_all(game, state)
        turns -= 1


def place_heuristically(game: AnyGame, state: AfricaState) -> None:
    """Setup: the seat to place takes the heuristic's coast (the first coast if none
    is empty, where the heuristic bot would draw one)."""
    seat = game.to_act(state)[0]
    best = next(preferences(state, seat), place_action(BOARD.coastal_indices[0]))
    game.apply(state, seat, best)
