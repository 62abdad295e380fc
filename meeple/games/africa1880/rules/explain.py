"""Why an action is refused, naming the rulebook section that forbids it.

One source of legality: every reason is read from the functions the dispatcher's
``legal_actions`` is made of (the placing seat, the line of the sheet written next,
``explore_targets``, ``landing_targets``), so an action gets a reason exactly when
``legal_actions`` leaves it out. A legal action finds none and gets the engine's
``unexplained`` fallback, which names the legal actions.
"""

from __future__ import annotations

from meeple.engine import Action, IllegalAction, unexplained
from meeple.games.africa1880 import texts
from meeple.games.africa1880.actions import (
    LAND,
    ORDER,
    PLACE,
    READY,
    RELATION,
    REVISE,
    SEAL,
    TABLES,
)
from meeple.games.africa1880.board import COUNTRY_NAMES
from meeple.games.africa1880.rules import apply
from meeple.games.africa1880.rules.placement import placer
from meeple.games.africa1880.rules.writing import explore_targets, landing_targets, sheet_item
from meeple.games.africa1880.state import (
    DIPLOMACY,
    GAME_OVER,
    NO_LANDING,
    SETUP,
    WRITING,
    AfricaState,
)

WRITING_RULE = "2) Writing Orders"
PHASE_RULE = {
    PLACE: ("Setup", "first presences are placed only during setup"),
    READY: ("1) Diplomatic Action", "'ready' ends the diplomatic action phase only"),
    ORDER: (WRITING_RULE, "orders are written only during the writing phase"),
    LAND: (WRITING_RULE, "orders are written only during the writing phase"),
    RELATION: (WRITING_RULE, "orders are written only during the writing phase"),
    SEAL: (WRITING_RULE, "a sheet is sealed only during the writing phase"),
    REVISE: (WRITING_RULE, "a sheet is revised only during the writing phase"),
}
PHASE_OF = {PLACE: SETUP, READY: DIPLOMACY}


def explain(state: AfricaState, seat: int, action: Action) -> IllegalAction:
    """The reason ``action`` is not legal for ``seat`` now; for a legal action, the
    ``unexplained`` fallback."""
    reason = _reason(state, seat, action)
    if reason is not None:
        return reason
    legal = apply.legal_actions(state, seat)
    return unexplained(action.text, [TABLES.space[index].text for index in legal])


def _reason(state: AfricaState, seat: int, action: Action) -> IllegalAction | None:
    kind = action.kind
    if state.phase == GAME_OVER:
        return IllegalAction("The End of the Game", "the game is over after its last turn")
    if state.phase != PHASE_OF.get(kind, WRITING):
        rule, message = PHASE_RULE[kind]
        return IllegalAction(rule, message)
    if state.phase == SETUP:
        return _placing(state, seat)
    if state.phase == DIPLOMACY:
        return _ready(state, seat)
    return _writing(state, seat, action)


def _placing(state: AfricaState, seat: int) -> IllegalAction | None:
    """Setup: one country at a time places, in the rulebook's order of the countries."""
    if seat == placer(state):
        return None
    return IllegalAction(
        "Setup",
        "the first presences are placed one country at a time, in the rulebook's order;"
        f" {texts.country(state, placer(state))} places now",
    )


def _ready(state: AfricaState, seat: int) -> IllegalAction | None:
    if not state.ready >> seat & 1:
        return None
    return IllegalAction(
        "1) Diplomatic Action", f"{texts.country(state, seat)} has already said it is ready"
    )


def _writing(state: AfricaState, seat: int, action: Action) -> IllegalAction | None:
    if state.sealed >> seat & 1:
        return IllegalAction(WRITING_RULE, "your sheet is sealed: it can no longer be changed")
    kind = action.kind
    if kind == ORDER:
        return _order(state, seat, int(action.args[0]), int(action.args[1])) or _line(
            state, seat, action, ("order", int(action.args[0]))
        )
    if kind == LAND:
        return _landing(state, int(action.args[0])) or _line(state, seat, action, ("landing", -1))
    if kind == RELATION:
        country = int(action.args[0])
        return _relation(state, seat, country) or _line(
            state, seat, action, ("relation", state.seat_of_country(country))
        )
    if kind == REVISE:
        return _line(state, seat, action, ("end", -1))
    return None  # seal orders: possible at any line


def _line(
    state: AfricaState, seat: int, action: Action, line: tuple[str, int]
) -> IllegalAction | None:
    """Lines are written in order: ``action`` writes ``line``, which must be the next."""
    item, target = sheet_item(state, seat)
    if (item, target) == line:
        return None
    if item == "order":
        written = f"the order for {texts.place(target)}"
    elif item == "landing":
        written = "the landing order"
    elif item == "relation":
        written = f"the relation with {texts.country(state, target)}"
    else:
        return IllegalAction(
            WRITING_RULE,
            f"'{action.text}': every line is written; seal your orders or revise them",
        )
    return IllegalAction(
        WRITING_RULE,
        f"'{action.text}': your sheet's next line is {written}; write the lines in order,"
        " seal, or revise from the first line once all are written",
    )


def _order(state: AfricaState, seat: int, territory: int, code: int) -> IllegalAction | None:
    """2.1: an order goes to one's own presence; an exploration to an open border."""
    name = texts.country(state, seat)
    if not state.presence[territory] >> seat & 1:
        return IllegalAction(
            "2.1) Orders Given to Presences",
            f"{name} has no presence in {texts.place(territory)}; orders are given only to"
            " your presences",
        )
    if code < 0 or code in explore_targets(state, seat, territory):
        return None
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


def _landing(state: AfricaState, territory: int) -> IllegalAction | None:
    """2.2: a landing only on a coastal territory empty of presences."""
    if territory == NO_LANDING or territory in landing_targets(state):
        return None
    return IllegalAction(
        "2.2) The Landing Order",
        f"{texts.place(territory)} is not empty of presences; a landing may be ordered"
        " only on an empty coastal territory",
    )


def _relation(state: AfricaState, seat: int, country: int) -> IllegalAction | None:
    """2.3: relations with each of the other countries in the game."""
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
