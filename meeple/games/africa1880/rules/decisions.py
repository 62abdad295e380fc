"""Who decides now, what they may do, and the decisions themselves.

Setup places the first presences one country at a time (rulebook order). Phase 1
(diplomatic action) waits for every seat's ``ready``. Phase 2 (writing orders)
lets every unsealed seat write its own sheet in secret, one line at a time: the
order of each presence (order-sheet order), the landing, then the relation with
each other country (DIPLO table order). ``seal orders`` is possible at any line
(lines not written keep their value: the rulebook's default on a blank sheet);
after the last line ``revise orders`` starts again from the first. The last seal
runs phases 3 to 5 (see turn.py).
"""

from __future__ import annotations

from functools import cache

from meeple.engine import Event
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
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.rules import turn
from meeple.games.africa1880.state import (
    DIPLOMACY,
    SETUP,
    WRITING,
    AfricaState,
)

T = len(BOARD.ids)
COASTAL = BOARD.coastal_indices

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
_PLACES = [TABLES.place[t] for t in COASTAL]


def placement_order(state: AfricaState) -> list[int]:
    """Seats in the order of their countries as the rulebook lists them (Setup)."""
    return list(_placement(state.countries))


@cache
def _placement(countries: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(range(len(countries)), key=lambda s: countries[s]))


@cache
def _others(countries: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return tuple(s for s in _placement(countries) if s != seat)


# Seats still waited for, by player count and bitmask of seats done (ready/sealed).
_WAITING = {
    n: tuple(tuple(s for s in range(n) if not done >> s & 1) for done in range(1 << n))
    for n in range(1, 7)
}


def to_act(state: AfricaState) -> tuple[int, ...]:
    if state.phase == SETUP:
        return (_placement(state.countries)[state.placer],)
    if state.phase == DIPLOMACY:
        return _WAITING[state.players][state.ready]
    if state.phase == WRITING:
        return _WAITING[state.players][state.sealed]
    return ()


def legal_actions(state: AfricaState, seat: int) -> list[int]:
    """The seat's choices now, in increasing action index."""
    if state.phase == WRITING:
        return [] if state.sealed >> seat & 1 else writing_actions(state, seat)
    if state.phase == DIPLOMACY:
        return [] if state.ready >> seat & 1 else [TABLES.ready]
    if state.phase == SETUP and seat == _placement(state.countries)[state.placer]:
        return _PLACES.copy()
    return []


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


def sheet_item(state: AfricaState, seat: int) -> tuple[str, int]:
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


def writing_actions(state: AfricaState, seat: int) -> list[int]:
    """The choices for the next line of the sheet, in increasing action index;
    sealing is always possible."""
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


# Per action index: its kind and its arguments as integers, decoded once.
_KINDS = tuple(action.kind for action in TABLES.space)
_ARGS = tuple(tuple(int(arg) for arg in action.args) for action in TABLES.space)


def apply(state: AfricaState, seat: int, index: int) -> None:
    """Trusted path: ``index`` is one of ``legal_actions(state, seat)``."""
    kind = _KINDS[index]
    if kind == ORDER:
        territory, code = _ARGS[index]
        state.orders[seat * T + territory] = code
        state.cursor[seat] += 1
    elif kind == RELATION:
        country, value = _ARGS[index]
        state.stance[seat * state.players + state.seat_of_country(country)] = value
        state.cursor[seat] += 1
    elif kind == LAND:
        state.landing[seat] = _ARGS[index][0]
        state.cursor[seat] += 1
    elif kind == SEAL:
        _seal(state, seat)
    elif kind == REVISE:
        state.cursor[seat] = 0
    elif kind == READY:
        _ready(state, seat)
    elif kind == PLACE:
        _place_first(state, seat, _ARGS[index][0])


def _place_first(state: AfricaState, seat: int, territory: int) -> None:
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
        turn.begin_turn(state)


def _ready(state: AfricaState, seat: int) -> None:
    state.ready |= 1 << seat
    state.log.append(
        Event("ready", f"{texts.country(state, seat)} is ready to write orders.", {"seat": seat})
    )
    if state.ready == (1 << state.players) - 1:
        turn.begin_writing(state)


def _seal(state: AfricaState, seat: int) -> None:
    """Draft edits leave no trace in the log (the view shows the draft); the sealed
    sheet is recorded privately for its writer, and publicly only that it is sealed."""
    state.sealed |= 1 << seat
    sheet = texts.sheet_sentence(state, seat, state.orders, state.landing, state.stance)
    state.log.append(Event("sheet_sealed", f"You sealed your sheet: {sheet}", {}, private_to=seat))
    state.log.append(
        Event("sealed", f"{texts.country(state, seat)} has sealed its orders.", {"seat": seat})
    )
    if state.sealed == (1 << state.players) - 1:
        turn.play_out_turn(state)
