"""Scenario builders for the Africa 1880 rule tests: positions are laid out with
``positions.Position``; every decision then goes through the checked path
(``GAME.play``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from meeple.games.africa1880 import GAME
from meeple.games.africa1880.board import BOARD, YEARS
from meeple.games.africa1880.positions import Position
from meeple.games.africa1880.rules.writing import sheet_item
from meeple.games.africa1880.state import AfricaState


def tid(name: str) -> int:
    return BOARD.index(name)


def scenario(
    countries: str,
    presences: Mapping[str, Sequence[int]],
    developed: Mapping[str, int] | None = None,
    colonies: Sequence[str] = (),
    year: int = YEARS[0],
) -> AfricaState:
    """A game at the start of ``year``'s diplomatic action with this board.

    ``presences`` maps territory ids to the seats present; ``developed`` gives
    development tiles (default 0); ``colonies`` lists colony territories (fully
    developed). Stocks hold the markers not on the board.
    """
    position = Position(countries).year(year).phase("diplomacy")
    for name, seats in presences.items():
        position.presence(name, *seats)
    for name, tiles in (developed or {}).items():
        position.developed(name, tiles)
    return position.colony(*colonies).build()


def elsewhere(seat: int, count: int, avoid: Sequence[str]) -> dict[str, list[int]]:
    """Presences of ``seat`` on ``count`` territories not in ``avoid`` (board order):
    with 22 markers per country, a stock runs low only when the markers are on the
    board."""
    spare = [name for name in BOARD.ids if name not in avoid][:count]
    return {name: [seat] for name in spare}


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
