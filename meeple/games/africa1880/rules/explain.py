"""Why an action is refused, naming the rulebook section that forbids it."""

from __future__ import annotations

from meeple.engine import Action, IllegalAction
from meeple.games.africa1880 import texts
from meeple.games.africa1880.actions import LAND, ORDER, PLACE, READY, RELATION, REVISE, SEAL
from meeple.games.africa1880.board import COUNTRY_NAMES
from meeple.games.africa1880.rules import writing
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
    REVISE: ("2) Writing Orders", "a sheet is revised only during the writing phase"),
}
PHASE_OF = {PLACE: SETUP, READY: DIPLOMACY}


def explain(state: AfricaState, seat: int, action: Action) -> IllegalAction:
    """The reason ``action`` is not legal for ``seat`` (which is waited for)."""
    kind = action.kind
    if state.phase != PHASE_OF.get(kind, WRITING):
        rule, message = PHASE_RULE[kind]
        return IllegalAction(rule, message)
    found: IllegalAction | None = None
    if kind == ORDER:
        found = _order(state, seat, int(action.args[0]), int(action.args[1]))
    elif kind == LAND:
        found = _landing(state, int(action.args[0]))
    elif kind == RELATION:
        found = _relation(state, seat, int(action.args[0]))
    return found or _out_of_turn(state, seat, action)


def _out_of_turn(state: AfricaState, seat: int, action: Action) -> IllegalAction:
    item, target = writing.sheet_item(state, seat)
    if item == "order":
        line = f"the order for {texts.place(target)}"
    elif item == "landing":
        line = "the landing order"
    elif item == "relation":
        line = f"the relation with {texts.country(state, target)}"
    else:
        return IllegalAction(
            "2) Writing Orders",
            f"'{action.text}': every line is written; seal your orders or revise them",
        )
    return IllegalAction(
        "2) Writing Orders",
        f"'{action.text}': your sheet's next line is {line}; write the lines in order,"
        " seal, or revise from the first line once all are written",
    )


def _order(state: AfricaState, seat: int, territory: int, code: int) -> IllegalAction | None:
    name = texts.country(state, seat)
    if not state.presence[territory] >> seat & 1:
        return IllegalAction(
            "2.1) Orders Given to Presences",
            f"{name} has no presence in {texts.place(territory)}; orders are given only to"
            " your presences",
        )
    if code < 0:
        return None
    if state.colony[code]:
        return IllegalAction(
            "Special Rules Concerning Colonies",
            f"{texts.place(code)} is a colony; nobody may explore into it",
        )
    if state.presence[code] >> seat & 1:
        return IllegalAction(
            "3.1) Orders Given to Presences",
            f"{name} is already present in {texts.place(code)}; a country can have only one"
            " presence per territory",
        )
    return None


def _landing(state: AfricaState, territory: int) -> IllegalAction | None:
    if territory != NO_LANDING and state.presence[territory]:
        return IllegalAction(
            "2.2) The Landing Order",
            f"{texts.place(territory)} is not empty of presences; a landing may be ordered"
            " only on an empty coastal territory",
        )
    return None


def _relation(state: AfricaState, seat: int, country: int) -> IllegalAction | None:
    other = state.seat_of_country(country)
    if other == -1:
        return IllegalAction(
            "2.3) Diplomatic Relations", f"{COUNTRY_NAMES[country]} is not in this game"
        )
    if other == seat:
        return IllegalAction(
            "2.3) Diplomatic Relations", "a country declares relations only with the others"
        )
    return None
