"""The public sheet API of Africa 1880: what a program reads and writes while an
order sheet is written, without building views and without touching the state.

Three parts:

* the public board, as every seat's view shows it: the phase and the turn,
  development, colonies, who is present where, the markers left, the declarations
  turned in the embassies (``declaration``, the view's ``declared_by``) and the
  alliances sitting in a country's own embassy (``embassy_alliances``, what scores);
* one's own sheet: its lines in order, the line written next, the values a line
  may take and the action that writes a value on a line;
* ``Sheet``, a whole sheet as a value, and ``write_sheet``, which puts a whole
  draft into a state as if its lines had been written one by one.

Every reader returns only what the seat named in its arguments may know (the
public board and that seat's own draft), so a bot may call them on the true state
for its own seat. Values are in the game's terms: territories are indices into
``board.BOARD``, seats are seat numbers, an order is ``DEVELOP``, ``NOTHING`` or the
territory explored, a landing is ``NO_LANDING`` or a coastal territory, a stance
(the relation declared towards another seat) is ``ALLIANCE`` or ``WAR``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from meeple.games.africa1880.actions import TABLES
from meeple.games.africa1880.board import BOARD, YEARS
from meeple.games.africa1880.rules.writing import (
    explore_targets,
    landing_targets,
    relation_seats,
    sheet_item,
    sheet_territories,
)
from meeple.games.africa1880.state import (
    ALLIANCE,
    DEVELOP,
    NO_LANDING,
    NOTHING,
    PHASE_NAMES,
    WAR,
    WRITING,
    AfricaState,
)

__all__ = [
    "ALLIANCE",
    "DEVELOP",
    "NOTHING",
    "NO_LANDING",
    "READY",
    "SEAL",
    "TURNS",
    "WAR",
    "AfricaState",
    "Line",
    "Sheet",
    "declaration",
    "development",
    "draft",
    "embassy_alliances",
    "empty_coasts",
    "explore_targets",
    "is_colony",
    "line_action",
    "line_options",
    "lines_written",
    "markers_left",
    "next_line",
    "phase",
    "place_action",
    "presence_count",
    "seats_present",
    "sheet_lines",
    "turn",
    "write_sheet",
]

T = len(BOARD.ids)
TURNS = len(YEARS)
SEAL = TABLES.seal  # the action ``seal orders``
READY = TABLES.ready  # the action ``ready``

Line = tuple[str, int]
"""A line of a sheet: ("order", territory), ("landing", -1), ("relation", other
seat); ``next_line`` gives ("end", -1) once every line is written."""


# ---- the public board ---------------------------------------------------------------


def phase(state: AfricaState) -> str:
    """ "setup", "diplomacy", "writing" or "over" (the view's ``phase``)."""
    return PHASE_NAMES[state.phase]


def turn(state: AfricaState) -> int:
    """The turn being played, 1 to ``TURNS`` (the view's ``turn``)."""
    return state.turn + 1


def development(state: AfricaState, territory: int) -> int:
    """Development tiles on ``territory`` (at most ``BOARD.squares[territory]``)."""
    return state.dev[territory]


def is_colony(state: AfricaState, territory: int) -> bool:
    return state.colony[territory]


def seats_present(state: AfricaState, territory: int) -> list[int]:
    """The seats with a presence on ``territory``, in seat order."""
    bits = state.presence[territory]
    return [s for s in range(state.players) if bits >> s & 1]


def presence_count(state: AfricaState, territory: int) -> int:
    """How many countries have a presence on ``territory``."""
    return state.presence[territory].bit_count()


def markers_left(state: AfricaState, seat: int) -> int:
    """Presence markers ``seat`` has not placed (the view's ``stock``)."""
    return state.stock[seat]


def declaration(state: AfricaState, by: int, towards: int) -> int | None:
    """The side (ALLIANCE or WAR) of ``by``'s embassy marker towards ``towards``,
    or None before the first sheets are revealed (the markers are not turned yet)."""
    if not state.shown_orders:
        return None
    return state.embassy[by * state.players + towards]


def embassy_alliances(state: AfricaState, seat: int) -> int:
    """How many markers in ``seat``'s own embassy show the alliance side: the other
    countries' declarations towards ``seat`` (the view's ``embassy_markers[seat]``),
    1 point each at the end of the game. 0 before the first sheets are revealed."""
    if not state.shown_orders:
        return 0
    n = state.players
    return sum(1 for by in range(n) if by != seat and state.embassy[by * n + seat] == ALLIANCE)


def empty_coasts(state: AfricaState) -> list[int]:
    """Coastal territories without any presence (2.2: where a landing may go)."""
    return landing_targets(state)


# ---- one's own sheet --------------------------------------------------------------


def sheet_lines(state: AfricaState, seat: int) -> list[Line]:
    """Every line of ``seat``'s sheet in writing order: the order of each presence,
    the landing, the relation with each other seat (DIPLO table order)."""
    lines: list[Line] = [("order", t) for t in sheet_territories(state, seat)]
    lines.append(("landing", -1))
    lines.extend(("relation", other) for other in relation_seats(state, seat))
    return lines


def next_line(state: AfricaState, seat: int) -> Line:
    """The line ``seat`` writes next while writing its sheet (unsealed), or
    ("end", -1) once every line is written."""
    return sheet_item(state, seat)


def lines_written(state: AfricaState, seat: int) -> int:
    """How many lines ``seat`` has written since it began (or revised) its sheet."""
    return state.cursor[seat]


def line_options(state: AfricaState, seat: int, line: Line) -> list[int]:
    """The values ``line`` of ``seat``'s sheet may take: an order is NOTHING, DEVELOP
    or an exploration; a landing NO_LANDING or an empty coast; a relation WAR or
    ALLIANCE; the end of the sheet has none."""
    kind, target = line
    if kind == "order":
        return [NOTHING, DEVELOP, *explore_targets(state, seat, target)]
    if kind == "landing":
        return [NO_LANDING, *landing_targets(state)]
    if kind == "relation":
        return [WAR, ALLIANCE]
    return []


def line_action(state: AfricaState, line: Line, value: int) -> int:
    """The index of the action that writes ``value`` (one of ``line_options``) on
    ``line``; for ("end", -1) it is ``seal orders``, whatever the value."""
    kind, target = line
    if kind == "order":
        if value == DEVELOP:
            return TABLES.develop[target]
        if value == NOTHING:
            return TABLES.nothing[target]
        return TABLES.explore[target][value]
    if kind == "landing":
        return TABLES.no_landing if value == NO_LANDING else TABLES.land[value]
    if kind == "relation":
        return TABLES.relation[state.countries[target]][1 if value == ALLIANCE else 0]
    return SEAL


def place_action(territory: int) -> int:
    """The index of the action ``place <territory>`` (Setup; coastal territories)."""
    return TABLES.place[territory]


# ---- whole sheets -------------------------------------------------------------------


@dataclass
class Sheet:
    """One seat's orders for a turn, a value: per presence its order, the landing,
    per other seat the relation declared. A line left out has the blank sheet's
    value (NOTHING, NO_LANDING, ALLIANCE)."""

    orders: dict[int, int] = field(default_factory=dict)  # presence territory -> order
    landing: int = NO_LANDING
    stances: dict[int, int] = field(default_factory=dict)  # other seat -> stance

    def value(self, line: Line) -> int:
        """The value written on ``line`` (an order, a landing or a stance)."""
        kind, target = line
        if kind == "order":
            return self.orders.get(target, NOTHING)
        if kind == "landing":
            return self.landing
        if kind == "relation":
            return self.stances.get(target, ALLIANCE)
        raise ValueError(f"a sheet has no value on the line {line!r}")

    def with_value(self, line: Line, value: int) -> Sheet:
        """A copy of this sheet with ``value`` written on ``line``."""
        out = self.copy()
        out._write(line, value)
        return out

    def copy(self) -> Sheet:
        return Sheet(dict(self.orders), self.landing, dict(self.stances))

    @classmethod
    def from_lines(cls, written: Iterable[tuple[Line, int]]) -> Sheet:
        """The sheet with these (line, value) pairs written, the rest blank."""
        sheet = cls()
        for line, value in written:
            sheet._write(line, value)
        return sheet

    def _write(self, line: Line, value: int) -> None:
        kind, target = line
        if kind == "order":
            self.orders[target] = value
        elif kind == "landing":
            self.landing = value
        elif kind == "relation":
            self.stances[target] = value
        else:
            raise ValueError(f"a sheet has no value on the line {line!r}")


def draft(state: AfricaState, seat: int) -> Sheet:
    """``seat``'s own draft as it stands (lines not written yet keep their value)."""
    base = seat * T
    n = state.players
    return Sheet(
        {t: state.orders[base + t] for t in sheet_territories(state, seat)},
        state.landing[seat],
        {o: state.stance[seat * n + o] for o in relation_seats(state, seat)},
    )


def write_sheet(state: AfricaState, seat: int, sheet: Sheet) -> None:
    """Write ``sheet`` as ``seat``'s whole sheet of this turn, as if each line of
    ``sheet_lines`` had been written in turn: afterwards ``next_line`` is
    ("end", -1) and sealing hands in exactly ``sheet``. Orders for territories
    without a presence of ``seat`` are ignored. Trusted like ``Game.apply``: every
    value must be one of its line's ``line_options``.

    Meant for samples and analysis copies: a draft is hidden, so writing it logs
    nothing and counts no decision (``version``); in a sample, the sheet of a seat
    that has sealed is a guess drawn by ``Game.determinize``, and it may be
    replaced the same way (it stays sealed).

    Raises ValueError outside the writing phase."""
    if state.phase != WRITING:
        raise ValueError("sheets are written only in the writing phase")
    base, bit, orders, lines = seat * T, 1 << seat, sheet.orders, 0
    for t in range(T):
        if state.presence[t] & bit:
            state.orders[base + t] = orders.get(t, NOTHING)
            lines += 1
        else:
            state.orders[base + t] = NOTHING
    state.landing[seat] = sheet.landing
    n = state.players
    for other in range(n):
        if other != seat:
            state.stance[seat * n + other] = sheet.stances.get(other, ALLIANCE)
    state.cursor[seat] = lines + n  # the orders, the landing, n - 1 relations
