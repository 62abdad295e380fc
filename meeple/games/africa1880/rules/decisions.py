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


def placement_order(state: AfricaState) -> list[int]:
    """Seats in the order of their countries as the rulebook lists them (Setup)."""
    return sorted(range(state.players), key=lambda s: state.countries[s])


# Seats still waited for, by player count and bitmask of seats done (ready/sealed).
_WAITING = {
    n: tuple(tuple(s for s in range(n) if not done >> s & 1) for done in range(1 << n))
    for n in range(1, 7)
}


def to_act(state: AfricaState) -> tuple[int, ...]:
    if state.phase == SETUP:
        return (placement_order(state)[state.placer],)
    if state.phase == DIPLOMACY:
        return _WAITING[state.players][state.ready]
    if state.phase == WRITING:
        return _WAITING[state.players][state.sealed]
    return ()


def legal_actions(state: AfricaState, seat: int) -> list[int]:
    if state.phase == WRITING:
        return [] if state.sealed >> seat & 1 else writing_actions(state, seat)
    if state.phase == DIPLOMACY:
        return [] if state.ready >> seat & 1 else [TABLES.ready]
    if state.phase == SETUP and seat == placement_order(state)[state.placer]:
        return [TABLES.place[t] for t in COASTAL]
    return []


def explore_targets(state: AfricaState, seat: int, territory: int) -> list[int]:
    """Borders a presence may explore: never a colony, never where one already is."""
    bit = 1 << seat
    return [
        u for u in BOARD.borders[territory] if not state.colony[u] and not state.presence[u] & bit
    ]


def landing_targets(state: AfricaState) -> list[int]:
    """2.2: coastal territories empty of any presence."""
    return [t for t in COASTAL if not state.presence[t]]


def sheet_territories(state: AfricaState, seat: int) -> list[int]:
    """The sheet's order lines: the seat's presences, in order-sheet order."""
    bit = 1 << seat
    return [t for t in range(T) if state.presence[t] & bit]


def relation_seats(state: AfricaState, seat: int) -> list[int]:
    """The sheet's diplomacy lines: the other seats, in the DIPLO table's order."""
    return [s for s in placement_order(state) if s != seat]


def sheet_item(state: AfricaState, seat: int) -> tuple[str, int]:
    """The item the seat writes next: ("order", territory), ("landing", -1),
    ("relation", other seat) or ("end", -1) once every line has been written."""
    lines = sheet_territories(state, seat)
    c = state.cursor[seat]
    if c < len(lines):
        return "order", lines[c]
    if c == len(lines):
        return "landing", -1
    others = relation_seats(state, seat)
    if c <= len(lines) + len(others):
        return "relation", others[c - len(lines) - 1]
    return "end", -1


def writing_actions(state: AfricaState, seat: int) -> list[int]:
    """The choices for the next line of the sheet; sealing is always possible."""
    item, target = sheet_item(state, seat)
    out = [TABLES.seal]
    if item == "order":
        out.append(TABLES.develop[target])
        out.append(TABLES.nothing[target])
        explore = TABLES.explore[target]
        out.extend(explore[u] for u in explore_targets(state, seat, target))
    elif item == "landing":
        out.append(TABLES.no_landing)
        out.extend(TABLES.land[t] for t in landing_targets(state))
    elif item == "relation":
        out.extend(TABLES.relation[state.countries[target]])
    else:
        out.append(TABLES.revise)
    out.sort()
    return out


def apply(state: AfricaState, seat: int, index: int) -> None:
    """Trusted path: ``index`` is one of ``legal_actions(state, seat)``."""
    action = TABLES.space[index]
    kind = action.kind
    if kind == ORDER:
        _write_order(state, seat, int(action.args[0]), int(action.args[1]))
    elif kind == RELATION:
        _write_relation(state, seat, int(action.args[0]), int(action.args[1]))
    elif kind == LAND:
        _write_landing(state, seat, int(action.args[0]))
    elif kind == SEAL:
        _seal(state, seat)
    elif kind == REVISE:
        state.cursor[seat] = 0
    elif kind == READY:
        _ready(state, seat)
    elif kind == PLACE:
        _place_first(state, seat, int(action.args[0]))


def _place_first(state: AfricaState, seat: int, territory: int) -> None:
    state.presence[territory] |= 1 << seat
    state.stock[seat] -= 1
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


def _write_order(state: AfricaState, seat: int, territory: int, code: int) -> None:
    state.orders[seat * T + territory] = code
    state.cursor[seat] += 1


def _write_landing(state: AfricaState, seat: int, territory: int) -> None:
    state.landing[seat] = territory
    state.cursor[seat] += 1


def _write_relation(state: AfricaState, seat: int, country: int, value: int) -> None:
    state.stance[seat * state.players + state.seat_of_country(country)] = value
    state.cursor[seat] += 1


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
