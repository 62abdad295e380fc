"""Why an action is refused, naming the rulebook section that forbids it."""

from __future__ import annotations

from meeple.engine import Action, IllegalAction
from meeple.games.africa1880 import texts
from meeple.games.africa1880.actions import LAND, ORDER, PLACE, READY, RELATION, SEAL
from meeple.games.africa1880.board import BOARD, COUNTRY_NAMES
from meeple.games.africa1880.state import (
    DIPLOMACY,
    NO_LANDING,
    SETUP,
    WRITING,
    AfricaState,
)

PHASE_RULE = {
    PLACE: ("Setup", "first presences are placed only during setup"),
    READY: ("1) Diplomatic Action", "'ready' ends the diplomatic action phase only"),
    ORDER: ("2) Writing Orders", "orders are written only during the writing phase"),
    LAND: ("2) Writing Orders", "orders are written only during the writing phase"),
    RELATION: ("2) Writing Orders", "orders are written only during the writing phase"),
    SEAL: ("2) Writing Orders", "a sheet is sealed only during the writing phase"),
}
PHASE_OF = {PLACE: SETUP, READY: DIPLOMACY}


def explain(state: AfricaState, seat: int, action: Action) -> IllegalAction:
    """The reason ``action`` is not legal for ``seat`` (which is waited for)."""
    kind = action.kind
    if state.phase != PHASE_OF.get(kind, WRITING):
        rule, message = PHASE_RULE[kind]
        return IllegalAction(rule, message)
    if kind == ORDER:
        return _order(state, seat, int(action.args[0]), int(action.args[1]))
    if kind == LAND:
        return _landing(state, seat, int(action.args[0]))
    if kind == RELATION:
        return _relation(state, seat, int(action.args[0]))
    return IllegalAction("Turn Structure", f"'{action.text}' is not possible now")


def _order(state: AfricaState, seat: int, territory: int, code: int) -> IllegalAction:
    name = texts.country(state, seat)
    where = texts.place(territory)
    if not state.presence[territory] >> seat & 1:
        return IllegalAction(
            "2.1) Orders Given to Presences",
            f"{name} has no presence in {where}; orders are given only to your presences",
        )
    if state.orders[seat * len(BOARD.ids) + territory] == code:
        return IllegalAction("2.1) Orders Given to Presences", "that order is already written")
    if state.colony[code]:
        return IllegalAction(
            "Special Rules Concerning Colonies",
            f"{texts.place(code)} is a colony; nobody may explore into it",
        )
    return IllegalAction(
        "3.1) Orders Given to Presences",
        f"{name} is already present in {texts.place(code)}; a country can have only one"
        " presence per territory",
    )


def _landing(state: AfricaState, seat: int, territory: int) -> IllegalAction:
    if state.landing[seat] == territory:
        return IllegalAction("2.2) The Landing Order", "that landing order is already written")
    if territory == NO_LANDING:
        return IllegalAction("2.2) The Landing Order", "no landing is ordered yet")
    return IllegalAction(
        "2.2) The Landing Order",
        f"{texts.place(territory)} is not empty of presences; a landing may be ordered only on"
        " an empty coastal territory",
    )


def _relation(state: AfricaState, seat: int, country: int) -> IllegalAction:
    other = state.seat_of_country(country)
    if other == -1:
        return IllegalAction(
            "2.3) Diplomatic Relations", f"{COUNTRY_NAMES[country]} is not in this game"
        )
    if other == seat:
        return IllegalAction(
            "2.3) Diplomatic Relations", "a country declares relations only with the others"
        )
    return IllegalAction("2.3) Diplomatic Relations", "that relation is already written")
