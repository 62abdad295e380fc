"""2) Writing Orders: every unsealed seat writes its own sheet in secret, one line at
a time: the order of each presence (order-sheet order), the landing, then the
relation with each other country (DIPLO table order). ``seal orders`` is possible at
any line (lines not written keep their value: the rulebook's default on a blank
sheet); after the last line ``revise orders`` starts again from the first. The last
seal runs phases 3 to 5 (see phases.py).

``line_actions`` lists a line's choices for the dispatcher; ``explore_targets``,
``landing_targets`` and ``sheet_item`` say the same in the game's terms, for
``explain``, the view and the bots' sheet API.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from meeple.engine import Event
from meeple.games.africa1880 import texts
from meeple.games.africa1880.actions import TABLES
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.rules import phases
from meeple.games.africa1880.rules.placement import placement
from meeple.games.africa1880.state import AfricaState

T = len(BOARD.ids)
COASTAL = BOARD.coastal_indices

LineKind = Literal["order", "landing", "relation", "end"]

# The choices of each kind of sheet line, in action-index order (the order
# ``legal_actions`` promises): "seal orders" has a lower index than every order,
# landing and relation, "revise orders" comes right after it, and the orders,
# landings and relations of the action space are numbered in board order.
_ORDER_FIRST = tuple((TABLES.seal, TABLES.develop[t], TABLES.nothing[t]) for t in range(T))
_EXPLORES = tuple(tuple(sorted(TABLES.explore[t].items())) for t in range(T))
_LANDING_FIRST = (TABLES.seal, TABLES.no_landing)
_LANDINGS = tuple((t, TABLES.land[t]) for t in COASTAL)
_RELATIONS = tuple((TABLES.seal, *TABLES.relation[c]) for c in range(len(TABLES.relation)))
_END = (TABLES.seal, TABLES.revise)


@cache
def _others(countries: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return tuple(s for s in placement(countries) if s != seat)


def explore_targets(state: AfricaState, seat: int, territory: int) -> list[int]:
    """Borders a presence may explore: never a colony, never where one already is."""
    bit = 1 << seat
    presence, colony = state.presence, state.colony
    return [u for u in BOARD.borders[territory] if not colony[u] and not presence[u] & bit]


def landing_targets(state: AfricaState) -> list[int]:
    """2.2: coastal territories empty of any presence."""
    presence = state.presence
    return [t for t in COASTAL if not presence[t]]


def sheet_territories(state: AfricaState, seat: int) -> list[int]:
    """The sheet's order lines: the seat's presences, in order-sheet order."""
    return list(state.held[seat])


def relation_seats(state: AfricaState, seat: int) -> list[int]:
    """The sheet's diplomacy lines: the other seats, in the DIPLO table's order."""
    return list(_others(state.countries, seat))


def sheet_item(state: AfricaState, seat: int) -> tuple[LineKind, int]:
    """The item the seat writes next: ("order", territory), ("landing", -1),
    ("relation", other seat) or ("end", -1) once every line has been written."""
    line = state.cursor[seat]
    orders = state.held[seat]
    if line < len(orders):
        return "order", orders[line]
    line -= len(orders)
    if not line:
        return "landing", -1
    others = _others(state.countries, seat)
    if line <= len(others):
        return "relation", others[line - 1]
    return "end", -1


def line_actions(state: AfricaState, seat: int) -> list[int]:
    """The choices for the next line of the sheet, in increasing action index;
    sealing is always possible. The explorations and landings kept are those of
    ``explore_targets`` and ``landing_targets``, read from the action tables."""
    item, target = sheet_item(state, seat)
    if item == "order":
        bit = 1 << seat
        presence, colony = state.presence, state.colony
        out = list(_ORDER_FIRST[target])
        out += [i for u, i in _EXPLORES[target] if not colony[u] and not presence[u] & bit]
        return out
    if item == "landing":
        presence = state.presence
        out = list(_LANDING_FIRST)
        out += [i for t, i in _LANDINGS if not presence[t]]
        return out
    if item == "relation":
        return list(_RELATIONS[state.countries[target]])
    return list(_END)


def write_order(state: AfricaState, seat: int, territory: int, code: int) -> None:
    """2.1: the order of the presence in ``territory``; the next line follows."""
    state.orders[seat * T + territory] = code
    state.cursor[seat] += 1


def write_relation(state: AfricaState, seat: int, country: int, value: int) -> None:
    """2.3: the relation declared towards ``country``; the next line follows."""
    state.stance[seat * state.players + state.seat_of_country(country)] = value
    state.cursor[seat] += 1


def write_landing(state: AfricaState, seat: int, territory: int) -> None:
    """2.2: the landing order (a coastal territory or ``NO_LANDING``)."""
    state.landing[seat] = territory
    state.cursor[seat] += 1


def revise(state: AfricaState, seat: int) -> None:
    """Every line written: the first line is written next again."""
    state.cursor[seat] = 0


def seal(state: AfricaState, seat: int) -> None:
    """Draft edits leave no trace in the log (the view shows the draft); the sealed
    sheet is recorded privately for its writer, and publicly only that it is sealed."""
    state.sealed |= 1 << seat
    sheet = texts.sheet_sentence(state, seat, state.orders, state.landing, state.stance)
    state.log.append(Event("sheet_sealed", f"You sealed your sheet: {sheet}", {}, private_to=seat))
    state.log.append(
        Event("sealed", f"{texts.country(state, seat)} has sealed its orders.", {"seat": seat})
    )
    if state.sealed == (1 << state.players) - 1:
        phases.play_out_turn(state)
