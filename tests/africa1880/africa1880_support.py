"""Scenario builders for the Africa 1880 rule tests: every decision goes through
the checked path (``GAME.play``) once the board is laid out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from meeple.games.africa1880 import GAME
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.rules.decisions import sheet_item
from meeple.games.africa1880.state import DIPLOMACY, AfricaState


def tid(name: str) -> int:
    return BOARD.index(name)


def scenario(
    countries: str,
    presences: Mapping[str, Sequence[int]],
    developed: Mapping[str, int] | None = None,
    colonies: Sequence[str] = (),
    turn: int = 0,
) -> AfricaState:
    """A game at the start of a turn's diplomatic action with this board.

    ``presences`` maps territory ids to the seats present; ``developed`` gives
    development tiles (default 0); ``colonies`` lists colony territories.
    """
    players = len(countries.split(","))
    state = GAME.new_game(GAME.make_config(players, {"countries": countries}), seed=1)
    state.presence = [0] * len(BOARD.ids)
    state.stock = [BOARD.markers_per_country] * players
    for name, seats in presences.items():
        for seat in seats:
            state.presence[tid(name)] |= 1 << seat
            state.stock[seat] -= 1
    for name, tiles in (developed or {}).items():
        state.dev[tid(name)] = tiles
    for name in colonies:
        state.colony[tid(name)] = True
    state.placer = players
    state.phase = DIPLOMACY
    state.turn = turn
    state.ready = 0
    return state


def full(*names: str) -> dict[str, int]:
    """Development tiles filling every square of these territories."""
    return {name: BOARD.squares[tid(name)] for name in names}


@dataclass
class Sheet:
    """What one seat writes; anything not named is left at the default."""

    orders: dict[str, str] = field(default_factory=dict)  # territory -> "develop" / "explore x"
    land: str | None = None
    war: tuple[str, ...] = ()  # country ids


def ready_all(state: AfricaState) -> None:
    for seat in GAME.to_act(state):
        GAME.play(state, seat, "ready")


def write(state: AfricaState, seat: int, sheet: Sheet) -> None:
    """Write every line of the sheet in order, then seal it."""
    while True:
        item, target = sheet_item(state, seat)
        if item == "end":
            break
        if item == "order":
            name = BOARD.ids[target]
            GAME.play(state, seat, f"{name}: {sheet.orders.get(name, 'nothing')}")
        elif item == "landing":
            GAME.play(state, seat, f"land {sheet.land}" if sheet.land else "no landing")
        else:
            other = GAME.view(state, None)["country_ids"][target]
            word = "war on" if other in sheet.war else "alliance with"
            GAME.play(state, seat, f"{word} {other}")
    GAME.play(state, seat, "seal orders")


def play_turn(state: AfricaState, sheets: Mapping[int, Sheet]) -> None:
    """Phase 1 (everyone ready), phase 2 (every sheet written and sealed), which
    runs phases 3 to 5."""
    ready_all(state)
    for seat in range(state.players):
        write(state, seat, sheets.get(seat, Sheet()))


def seats_in(state: AfricaState, name: str) -> list[int]:
    bits = state.presence[tid(name)]
    return [s for s in range(state.players) if bits >> s & 1]
