"""Africa 1880's observation encoding: a seat's view as numbers for learning adapters.

Read from the view only, so while sheets are written a seat's observation holds
its own draft and, of the others, only whether they are ready or sealed: the
secret orders cannot reach it. Seats are numbered from the viewer (0 = the
viewer), so a learned policy means "my presences" in every seat; countries named
in the view are turned into those relative seats.

Layout (6 seat slots whatever the player count; a missing seat is all zeros;
every count divided by its limit: 8 turns, 22 markers a country, 22 colony
pieces, a territory's development squares):

* turn and phase (one-hot over setup, diplomacy, writing, over), who is asked,
  ready and sealed (per relative seat), colonies on the board;
* per territory: development (/ its squares), colony, presences (per relative
  seat), coastal, development squares (/ 4);
* markers in stock per seat;
* the viewer's own draft sheet while writing: per territory its order (nothing,
  develop, or explore and where), the landing, the declared relations, and the
  line written next;
* the last revealed sheets: per seat and territory whether it developed or
  explored (not where), each seat's landing; the relations declared (per pair
  of seats, alliance or not);
* the last reading's outcome: presences removed and colonies founded per
  territory, and per seat whether the marker limit voided some of its orders.
"""

from __future__ import annotations

from array import array
from typing import Any, TypeAlias

from meeple.engine import GameConfig
from meeple.engine.encoding import FixedEncoding, Layout, hot, index_of, put, relative_seats
from meeple.games.africa1880.board import BOARD, YEARS
from meeple.games.africa1880.state import PHASE_NAMES

JSON = dict[str, Any]
Vector: TypeAlias = "array[float]"  # 32-bit floats, from Layout.zeros()

SEATS = 6  # the most players Africa 1880 takes
TERRITORIES = list(BOARD.ids)
T = len(TERRITORIES)
MARKERS = 22  # per country (rulebook: components)
MOST_SQUARES = 4
MAX_DECISIONS = 5000  # random games last about 200 decisions, the longest seen 303
ORDER = 2 + T  # nothing, develop, explore <territory>
NO_LANDING = T  # the landing block's last place

# Per territory: development, colony, presences per seat, coastal, squares.
DEVELOPMENT, COLONY, PRESENCE, COASTAL, SQUARES = 0, 1, 2, 2 + SEATS, 3 + SEATS
PER_TERRITORY = 4 + SEATS
# Per revealed sheet: develop and explore flags per territory, then the landing.
REVEALED_SHEET = 2 * T + T + 1

LAYOUT = Layout()
TURN = LAYOUT.block(1)
PHASE = LAYOUT.block(len(PHASE_NAMES))
ASKED = LAYOUT.block(SEATS)
READY = LAYOUT.block(SEATS)
SEALED = LAYOUT.block(SEATS)
COLONIES = LAYOUT.block(1)
BOARD_BLOCK = LAYOUT.block(T * PER_TERRITORY)
STOCK = LAYOUT.block(SEATS)
DRAFT = LAYOUT.block(1)
DRAFT_ORDERS = LAYOUT.block(T * ORDER)
DRAFT_LANDING = LAYOUT.block(T + 1)
DRAFT_ALLIANCES = LAYOUT.block(SEATS)
NEXT_TERRITORY = LAYOUT.block(T)
NEXT_COUNTRY = LAYOUT.block(SEATS)
NEXT_LANDING = LAYOUT.block(1)
NEXT_SEALED = LAYOUT.block(1)
SHOWN = LAYOUT.block(1)
SHOWN_SHEETS = LAYOUT.block(SEATS * REVEALED_SHEET)
DECLARED = LAYOUT.block(SEATS * SEATS)
REMOVED = LAYOUT.block(T)
FOUNDED = LAYOUT.block(T)
LIMITED = LAYOUT.block(SEATS)


class AfricaEncoding(FixedEncoding):
    def encode(self, view: JSON, config: GameConfig) -> Vector:
        out = LAYOUT.zeros()
        seats = Seats(view)
        general(out, view, seats)
        board(out, view, seats)
        sheet = view.get("sheet")
        if sheet is not None:
            own_sheet(out, sheet, seats)
        shown = view.get("revealed")
        if shown is not None:
            revealed(out, shown, view.get("declared_by") or [], seats)
        outcome(out, view, seats)
        return out


class Seats:
    """Seats relative to the viewer; countries named in the view map to seats."""

    def __init__(self, view: JSON) -> None:
        self.relative = relative_seats(view["seat"], int(view["players"]))
        self.of_country = dict(zip(view["country_ids"], self.relative, strict=True))


def general(out: Vector, view: JSON, seats: Seats) -> None:
    relative = seats.relative
    put(out, TURN, view["turn"], len(YEARS))
    hot(out, PHASE, index_of(view["phase"], PHASE_NAMES), len(PHASE_NAMES))
    for seat in view["to_act"]:
        out[ASKED + relative[seat]] = 1.0
    for seat, (ready, sealed) in enumerate(zip(view["ready"], view["sealed"], strict=True)):
        if ready:
            out[READY + relative[seat]] = 1.0
        if sealed:
            out[SEALED + relative[seat]] = 1.0
    put(out, COLONIES, view["colonies"], view["colony_pieces"])
    for seat, markers in enumerate(view["stock"]):
        put(out, STOCK + relative[seat], markers, MARKERS)


def board(out: Vector, view: JSON, seats: Seats) -> None:
    relative = seats.relative
    squares, development = view["squares"], view["development"]
    colony, coastal, presences = view["colony"], view["coastal"], view["presences"]
    for t in range(T):
        base = BOARD_BLOCK + t * PER_TERRITORY
        put(out, base + DEVELOPMENT, development[t], squares[t])
        if colony[t]:
            out[base + COLONY] = 1.0
        for seat in presences[t]:
            out[base + PRESENCE + relative[seat]] = 1.0
        if coastal[t]:
            out[base + COASTAL] = 1.0
        put(out, base + SQUARES, squares[t], MOST_SQUARES)


def order_place(order: str) -> int | None:
    """Nothing 0, develop 1, explore <territory> 2 + its index."""
    if order == "nothing":
        return 0
    if order == "develop":
        return 1
    target = index_of(order.removeprefix("explore "), TERRITORIES)
    return None if target is None else 2 + target


def landing_place(landing: str | None) -> int:
    where = index_of(landing, TERRITORIES) if landing is not None else None
    return NO_LANDING if where is None else where


def alliances(out: Vector, offset: int, relations: dict[str, str], seats: Seats) -> None:
    for country, word in relations.items():
        seat = seats.of_country.get(country)
        if seat is not None and word == "alliance":
            out[offset + seat] = 1.0


def own_sheet(out: Vector, sheet: JSON, seats: Seats) -> None:
    """The viewer's draft while orders are written (Order sheets)."""
    out[DRAFT] = 1.0
    for name, order in sheet["orders"].items():
        hot(out, DRAFT_ORDERS + TERRITORIES.index(name) * ORDER, order_place(order), ORDER)
    out[DRAFT_LANDING + landing_place(sheet["landing"])] = 1.0
    alliances(out, DRAFT_ALLIANCES, sheet["relations"], seats)
    line = sheet.get("next", "")
    hot(out, NEXT_TERRITORY, index_of(line, TERRITORIES), T)
    hot(out, NEXT_COUNTRY, seats.of_country.get(line), SEATS)
    if line == "landing":
        out[NEXT_LANDING] = 1.0
    if line == "sealed":
        out[NEXT_SEALED] = 1.0


def revealed(out: Vector, sheets: list[JSON], declared: list[JSON], seats: Seats) -> None:
    """The sheets shown at the last reading (what each seat developed, explored
    and where it landed), and the relations every seat declared."""
    out[SHOWN] = 1.0
    for sheet in sheets:
        base = SHOWN_SHEETS + seats.relative[sheet["seat"]] * REVEALED_SHEET
        for name, order in sheet["orders"].items():
            t = TERRITORIES.index(name)
            if order == "develop":
                out[base + 2 * t] = 1.0
            elif order.startswith("explore"):
                out[base + 2 * t + 1] = 1.0
        out[base + 2 * T + landing_place(sheet["landing"])] = 1.0
    for seat, relations in enumerate(declared):
        alliances(out, DECLARED + seats.relative[seat] * SEATS, relations, seats)


def outcome(out: Vector, view: JSON, seats: Seats) -> None:
    """What the last reading did: presences removed, colonies founded, orders voided."""
    for name, _ in view["last_removed"]:
        out[REMOVED + TERRITORIES.index(name)] = 1.0
    for name in view["last_colonies"]:
        out[FOUNDED + TERRITORIES.index(name)] = 1.0
    for entry in view["last_marker_limit"]:
        if entry["void"]:
            out[LIMITED + seats.relative[entry["seat"]]] = 1.0


ENCODING = AfricaEncoding(LAYOUT, MAX_DECISIONS)
