"""Names and sentences shared by events, views and the terminal rendering."""

from __future__ import annotations

from meeple.games.africa1880.board import BOARD, COUNTRY_IDS, COUNTRY_NAMES, YEARS
from meeple.games.africa1880.state import (
    ALLIANCE,
    DEVELOP,
    NO_LANDING,
    NOTHING,
    AfricaState,
)


def country(state: AfricaState, seat: int) -> str:
    """Display name of the country a seat plays."""
    return COUNTRY_NAMES[state.countries[seat]]


def country_id(state: AfricaState, seat: int) -> str:
    return COUNTRY_IDS[state.countries[seat]]


def place(territory: int) -> str:
    return BOARD.names[territory]


def year(state: AfricaState) -> int:
    return YEARS[state.turn]


def order_phrase(territory: int, code: int) -> str:
    """One order of a sheet in words: ``Congo explores Angola``."""
    if code == DEVELOP:
        return f"{place(territory)} develops"
    if code == NOTHING:
        return f"{place(territory)} does nothing"
    return f"{place(territory)} explores {place(code)}"


def order_value(code: int) -> str:
    """The order as the view's JSON stores it."""
    if code == DEVELOP:
        return "develop"
    if code == NOTHING:
        return "nothing"
    return f"explore {BOARD.ids[code]}"


def landing_phrase(territory: int) -> str:
    return "no landing" if territory == NO_LANDING else f"lands in {place(territory)}"


def relation_word(value: int) -> str:
    return "alliance" if value == ALLIANCE else "war"


def sheet_sentence(
    state: AfricaState, seat: int, orders: list[int], landing: list[int], stance: list[int]
) -> str:
    """A whole revealed sheet as one readable line."""
    n = state.players
    base = seat * len(BOARD.ids)
    parts = [
        order_phrase(t, orders[base + t])
        for t in range(len(BOARD.ids))
        if orders[base + t] != NOTHING
    ]
    if not parts:
        parts.append("no presence acts")
    parts.append(landing_phrase(landing[seat]))
    for other in range(n):
        if other != seat:
            word = "alliance with" if stance[seat * n + other] == ALLIANCE else "war on"
            parts.append(f"{word} {country(state, other)}")
    return f"{country(state, seat)}: " + "; ".join(parts) + "."
