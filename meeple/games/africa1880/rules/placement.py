"""Setup's decisions: each country in turn (rulebook order) places its first
presence on a coastal territory; the last placement opens the first turn."""

from __future__ import annotations

from functools import cache

from meeple.engine import Event
from meeple.games.africa1880 import texts
from meeple.games.africa1880.actions import TABLES
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.rules import phases
from meeple.games.africa1880.state import AfricaState

# Every first presence goes on a coast, even one already chosen (Setup).
PLACES = tuple(TABLES.place[t] for t in BOARD.coastal_indices)


def placement_order(state: AfricaState) -> list[int]:
    """Seats in the order of their countries as the rulebook lists them (Setup)."""
    return list(placement(state.countries))


@cache
def placement(countries: tuple[int, ...]) -> tuple[int, ...]:
    """The seats of ``countries`` (a seat's country index per seat) in rulebook order."""
    return tuple(sorted(range(len(countries)), key=lambda s: countries[s]))


def placer(state: AfricaState) -> int:
    """The seat that places the next first presence."""
    return placement(state.countries)[state.placer]


def place_first(state: AfricaState, seat: int, territory: int) -> None:
    """``seat``'s first presence on the coast ``territory``; the last one begins 1880."""
    state.put_presence(territory, seat)
    name = texts.country(state, seat)
    state.log.append(
        Event(
            "first_presence",
            f"{name} places its first presence in {texts.place(territory)}.",
            {"seat": seat, "territory": BOARD.ids[territory]},
        )
    )
    state.placer += 1
    if state.placer == state.players:
        phases.begin_turn(state)
