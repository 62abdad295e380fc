"""Names and sentences shared by events, views and the terminal rendering."""

from __future__ import annotations

from meeple.games.africa1880.board import BOARD, COUNTRY_IDS, COUNTRY_NAMES, YEARS
from meeple.games.africa1880.state import (
    ALLIANCE,
    DEVELOP,
    NO_LANDING,
    NOTHING,
    WAR,
    AfricaState,
)


def country(state: AfricaState, seat: int) -> str:
    """Display name of the country a seat plays."""
    return COUNTRY_NAMES[state.countries[seat]]


def country_id(state: AfricaState, seat: int) -> str:
    return COUNTRY_IDS[state.countries[seat]]


def place(territory: int) -> str:
    return BOARD.names[territory]


def sheet_place(territory: int) -> str:
    """The name as printed on the order sheet, which fixes the alphabetical order of
    the 3.1 note, with the English name when it differs: ``Lac Tchad (Lake Chad)``."""
    printed, name = BOARD.sheet_names[territory], BOARD.names[territory]
    return printed if printed == name else f"{printed} ({name})"


def limit_sentence(country_name: str, targets: list[int], carried: int) -> str:
    """3.1 note, when a country explores into more territories than it has markers:
    the order the explorations are carried out in, and which are carried out."""
    listed = ", ".join(
        f"{sheet_place(u)} {'carried out' if k < carried else 'void'}"
        for k, u in enumerate(targets)
    )
    return (
        f"{country_name} has {carried} presence marker(s) left for {len(targets)}"
        " explorations: they are carried out in the alphabetical order of the territories"
        f" explored into, as the order sheet prints their names: {listed}."
    )


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


def _order_phrases(territory: int) -> tuple[str, ...]:
    """Every order of one territory's line in words, indexed by ``code + 2``."""
    return tuple(order_phrase(territory, code) for code in range(DEVELOP, len(BOARD.ids)))


# ORDER_PHRASES[t][code + 2] == order_phrase(t, code); RELATION_PHRASES[value][country].
ORDER_PHRASES = tuple(_order_phrases(t) for t in range(len(BOARD.ids)))
RELATION_PHRASES = {
    WAR: tuple(f"war on {name}" for name in COUNTRY_NAMES),
    ALLIANCE: tuple(f"alliance with {name}" for name in COUNTRY_NAMES),
}


def sheet_sentence(
    state: AfricaState, seat: int, orders: list[int], landing: list[int], stance: list[int]
) -> str:
    """A sheet of this turn as one readable line. Its orders stand only on the
    seat's order lines (``state.held``): sentences are made while sheets are
    written and when they are revealed, before any presence changes."""
    n = state.players
    countries = state.countries
    base = seat * len(BOARD.ids)
    parts = [
        ORDER_PHRASES[t][orders[base + t] + 2]
        for t in state.held[seat]
        if orders[base + t] != NOTHING
    ]
    if not parts:
        parts.append("no presence acts")
    parts.append(landing_phrase(landing[seat]))
    row = seat * n
    for other in range(n):
        if other != seat:
            parts.append(RELATION_PHRASES[stance[row + other]][countries[other]])
    return f"{COUNTRY_NAMES[countries[seat]]}: " + "; ".join(parts) + "."
