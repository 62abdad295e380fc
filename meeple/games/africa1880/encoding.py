"""Africa 1880's observation encoding: a seat's view as numbers for learning adapters.

Read from the view only, so while sheets are written a seat's observation holds
its own draft and, of the others, only whether they are ready or sealed: the
secret orders cannot reach it. ``encode_state`` gives the same numbers from the
state's fields the view is made of (of the drafts, only the viewer's), without
building the view; tests/rl proves the two equal on random states. Seats are
numbered from the viewer (0 = the viewer), so a learned policy means "my
presences" in every seat; countries named in the view are turned into those
relative seats.

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
from collections.abc import Callable, Sequence
from itertools import compress
from typing import TypeAlias, TypeVar

from meeple.engine import GameConfig
from meeple.engine.encoding import (
    Layout,
    Section,
    SectionedEncoding,
    hot,
    put,
    relative_seats,
    strided,
)
from meeple.games.africa1880.board import BOARD, YEARS
from meeple.games.africa1880.rules import apply, writing
from meeple.games.africa1880.state import (
    ALLIANCE,
    DEVELOP,
    NOTHING,
    PHASE_NAMES,
    WRITING,
    AfricaState,
)
from meeple.games.africa1880.state import NO_LANDING as STATE_NO_LANDING
from meeple.games.africa1880.view import (
    SEATS_PRESENT,
    AfricaView,
    DraftView,
    EngineView,
    Relations,
    SheetView,
    removed,
    typed,
)

Vector: TypeAlias = "array[float]"  # 32-bit floats, from Layout.zeros()

SEATS = 6  # the most players Africa 1880 takes
TERRITORIES = list(BOARD.ids)
T = len(TERRITORIES)
MARKERS = 22  # per country (rulebook: components)
MOST_SQUARES = 4
MAX_DECISIONS = 5000  # random games last about 200 decisions, the longest seen 303
ORDER = 2 + T  # nothing, develop, explore <territory>
NO_LANDING_PLACE = T  # the landing block's last place
TERRITORY_AT = {name: t for t, name in enumerate(TERRITORIES)}
SQUARES_OF = BOARD.squares
COASTAL_AT = BOARD.coastal
TERRITORY_INDICES = range(T)

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


class AfricaEncoding(SectionedEncoding):
    """Two ways to the same numbers, both through the writers below: ``encode``
    reads a view; ``encode_state`` reads the state's fields the view is made from,
    of the sheets being written only the viewer's own (tests/rl proves the two
    equal on random states)."""

    def encode(self, view: EngineView, config: GameConfig) -> Vector:
        return encode_view(typed(view))  # JSON edge

    def base(self, config: GameConfig) -> Vector:
        return PRINTED[:]

    def sections(self, config: GameConfig, seat: int) -> list[Section]:
        """The fast path's parts, read from the fields ``africa1880.view`` builds the
        view from: of the sheets being written, only ``seat``'s own. The board is cut
        by kind of piece (one field of every territory each)."""

        relative = relative_seats(seat, config.players)

        def relatively(write: Callable[[Vector, Seen, list[int]], None]) -> Writer[Seen]:
            return relative_writer(write, relative)

        stock = slice(STOCK, STOCK + SEATS)
        return [
            Section((slice(TURN, BOARD_BLOCK), stock), state_moment, relatively(moment)),
            Section(territory_field(DEVELOPMENT, 1), state_development, development, shared=True),
            Section(territory_field(COLONY, 1), state_colonies, colonies, shared=True),
            Section(territory_field(PRESENCE, SEATS), state_presences, relatively(presences)),
            Section.block(DRAFT, SHOWN, draft_reader(seat, relative), draft),
            Section.block(SHOWN, REMOVED, state_shown, relatively(shown)),
            Section.block(REMOVED, LAYOUT.size, state_outcome, relatively(last_outcome)),
        ]


def encode_view(view: AfricaView) -> Vector:
    """The numbers of a view (``AfricaEncoding.encode``)."""
    out = PRINTED[:]
    seats = Seats(view)
    relative = seats.relative
    phase = PHASE_NAMES.index(view["phase"])
    moment = (view["turn"], phase, view["to_act"], view["ready"], view["sealed"])
    general(out, moment, (view["colonies"], view["colony_pieces"], view["stock"]), relative)
    board(out, (view["development"], view["colony"], view["presences"]), relative)
    sheet = view["sheet"]
    if sheet is not None:
        own_sheet(out, seen_draft(sheet, seats))
    shown = view["revealed"]
    if shown is not None:
        revealed(out, [seen_revealed(entry, relative) for entry in shown])
        declared(out, seen_declared(view["declared_by"], seats))
    gone = [TERRITORY_AT[name] for name, _ in removed(view)]
    founded = [TERRITORY_AT[name] for name in view["last_colonies"]]
    limited = [relative[e["seat"]] for e in view["last_marker_limit"] if e["void"]]
    outcome(out, gone, founded, limited)
    return out


def territory_field(offset: int, width: int) -> tuple[slice, ...]:
    """The places of one field (``width`` places from ``offset``) of every territory."""
    return strided(BOARD_BLOCK + offset, width, PER_TERRITORY, T)


# ---- the fast path's readers: what each section shows, copied from the state -------

Seen = TypeVar("Seen")
Writer: TypeAlias = Callable[[Vector, Seen], None]


def relative_writer(
    write: Callable[[Vector, Seen, list[int]], None], relative: list[int]
) -> Writer[Seen]:
    """``write`` with the viewer's seats relative to it bound (a section's writer)."""
    return lambda out, seen: write(out, seen, relative)


# turn, phase, who is asked, ready and sealed (bits per seat), colonies, stock
Moment = tuple[int, int, tuple[int, ...], int, int, int, list[int]]


def state_moment(s: AfricaState) -> Moment:
    return (s.turn + 1, s.phase, apply.to_act(s), s.ready, s.sealed, sum(s.colony), s.stock[:])


def state_development(s: AfricaState) -> list[int]:
    return s.dev[:]


def state_colonies(s: AfricaState) -> list[bool]:
    return s.colony[:]


def state_presences(s: AfricaState) -> list[int]:
    return s.presence[:]  # per territory, the present seats as bits


def draft_reader(seat: int, relative: list[int]) -> Callable[[AfricaState], Draft | None]:
    return lambda s: state_draft(s, seat, relative) if s.phase == WRITING else None


def state_shown(s: AfricaState) -> tuple[list[int], list[int], list[int]] | None:
    """The sheets shown at the last reading and the relations then declared."""
    if not s.shown_orders:
        return None
    return s.shown_orders[:], s.shown_landing[:], s.embassy[:]


def state_outcome(s: AfricaState) -> tuple[list[int], list[int], list[int]]:
    removed = [t for t, _ in s.last_removed]
    limited = [p for p, targets, carried in s.last_limited if carried < len(targets)]
    return removed, list(s.last_colonies), limited


# ---- the fast path's writers ---------------------------------------------------------


def moment(out: Vector, seen: Moment, relative: list[int]) -> None:
    turn, phase, to_act, ready, sealed, founded, stock = seen
    n = len(relative)
    ready_seats = [ready >> p & 1 for p in range(n)]
    sealed_seats = [sealed >> p & 1 for p in range(n)]
    pieces = (founded, BOARD.colony_pieces, stock)
    general(out, (turn, phase, to_act, ready_seats, sealed_seats), pieces, relative)


def development(out: Vector, seen: list[int]) -> None:
    for t in compress(TERRITORY_INDICES, seen):
        put(out, BOARD_BLOCK + t * PER_TERRITORY + DEVELOPMENT, seen[t], SQUARES_OF[t])


def colonies(out: Vector, seen: list[bool]) -> None:
    for t in compress(TERRITORY_INDICES, seen):
        out[BOARD_BLOCK + t * PER_TERRITORY + COLONY] = 1.0


def presences(out: Vector, seen: list[int], relative: list[int]) -> None:
    for t in compress(TERRITORY_INDICES, seen):
        base = BOARD_BLOCK + t * PER_TERRITORY + PRESENCE
        for seat in SEATS_PRESENT[seen[t]]:
            out[base + relative[seat]] = 1.0


def draft(out: Vector, seen: Draft | None) -> None:
    if seen is not None:
        own_sheet(out, seen)


def shown(
    out: Vector, seen: tuple[list[int], list[int], list[int]] | None, relative: list[int]
) -> None:
    if seen is None:
        return
    orders, landings, embassy = seen
    n = len(relative)
    sheets = []
    for p in range(n):
        row = orders[p * T : (p + 1) * T]
        developed = [t for t, code in enumerate(row) if code == DEVELOP]
        explored = [t for t, code in enumerate(row) if code >= 0]
        target = landings[p]
        landing = NO_LANDING_PLACE if target == STATE_NO_LANDING else target
        sheets.append((relative[p], developed, explored, landing))
    revealed(out, sheets)
    alliances = [
        (relative[a], relative[b])
        for a in range(n)
        for b in range(n)
        if a != b and embassy[a * n + b] == ALLIANCE
    ]
    declared(out, alliances)


def last_outcome(
    out: Vector, seen: tuple[list[int], list[int], list[int]], relative: list[int]
) -> None:
    removed, founded, limited = seen
    outcome(out, removed, founded, [relative[p] for p in limited])


class Seats:
    """Seats relative to the viewer; countries named in the view map to seats."""

    def __init__(self, view: AfricaView) -> None:
        self.relative = relative_seats(view["seat"], view["players"])
        self.of_country = dict(zip(view["country_ids"], self.relative, strict=True))


# ---- what a seat sees of the sheets, as plain numbers: from a view or the state -----

# The viewer's draft: (per territory written, its order's place), the landing's
# place, the relative seats it declares alliance to, and the next line as
# (territory or None, relative seat or None, landing next, sealed).
Draft = tuple[list[tuple[int, int]], int, list[int], tuple[int | None, int | None, bool, bool]]
# A revealed sheet: relative seat, territories developed, explored, the landing's place.
Shown = tuple[int, list[int], list[int], int]


def seen_draft(sheet: DraftView, seats: Seats) -> Draft:
    orders = [
        (TERRITORY_AT[name], place)
        for name, order in sheet["orders"].items()
        if (place := order_place(order)) is not None
    ]
    allied = [
        seats.of_country[country]
        for country, word in sheet["relations"].items()
        if word == "alliance" and country in seats.of_country
    ]
    line = sheet["next"]
    upcoming = (
        TERRITORY_AT.get(line),
        seats.of_country.get(line),
        line == "landing",
        line == "sealed",
    )
    return orders, landing_place(sheet["landing"]), allied, upcoming


def state_draft(s: AfricaState, seat: int, relative: list[int]) -> Draft:
    """The viewer's own draft, as ``africa1880.view`` lists it: every territory where
    the seat is present or has written an order."""
    n = s.players
    row = s.orders[seat * T : (seat + 1) * T]
    present = s.presence
    orders = [
        (t, code_place(code))
        for t, code in enumerate(row)
        if present[t] >> seat & 1 or code != NOTHING
    ]
    target = s.landing[seat]
    landing = NO_LANDING_PLACE if target == STATE_NO_LANDING else target
    allied = [relative[o] for o in range(n) if o != seat and s.stance[seat * n + o] == ALLIANCE]
    if s.sealed >> seat & 1:
        upcoming: tuple[int | None, int | None, bool, bool] = (None, None, False, True)
    else:
        item, target = writing.sheet_item(s, seat)
        upcoming = (
            target if item == "order" else None,
            relative[target] if item == "relation" else None,
            item == "landing",
            False,
        )
    return orders, landing, allied, upcoming


def seen_revealed(sheet: SheetView, relative: list[int]) -> Shown:
    developed, explored = [], []
    for name, order in sheet["orders"].items():
        if order == "develop":
            developed.append(TERRITORY_AT[name])
        elif order.startswith("explore"):
            explored.append(TERRITORY_AT[name])
    return relative[sheet["seat"]], developed, explored, landing_place(sheet["landing"])


def seen_declared(declared_by: list[Relations] | None, seats: Seats) -> list[tuple[int, int]]:
    """Per alliance declared: (the declaring relative seat, the ally's)."""
    return [
        (seats.relative[seat], seats.of_country[country])
        for seat, relations in enumerate(declared_by or [])
        for country, word in relations.items()
        if word == "alliance" and country in seats.of_country
    ]


def order_place(order: str) -> int | None:
    """Nothing 0, develop 1, explore <territory> 2 + its index."""
    if order == "nothing":
        return 0
    if order == "develop":
        return 1
    target = TERRITORY_AT.get(order.removeprefix("explore "))
    return None if target is None else 2 + target


def code_place(code: int) -> int:
    """A sheet's order code (``NOTHING``, ``DEVELOP`` or the explored territory) at
    the place ``order_place`` gives its text."""
    return 0 if code == NOTHING else 1 if code == DEVELOP else 2 + code


def landing_place(landing: str | None) -> int:
    where = None if landing is None else TERRITORY_AT.get(landing)
    return NO_LANDING_PLACE if where is None else where


# ---- the writers ----------------------------------------------------------------


def general(
    out: Vector,
    moment: tuple[int, int, Sequence[int], Sequence[int], Sequence[int]],
    pieces: tuple[int, int, Sequence[int]],
    relative: list[int],
) -> None:
    """The turn, the phase, who is asked, ready and sealed; colonies and stock."""
    turn, phase, to_act, ready, sealed = moment
    put(out, TURN, turn, len(YEARS))
    hot(out, PHASE, phase, len(PHASE_NAMES))
    for seat in to_act:
        out[ASKED + relative[seat]] = 1.0
    for seat, place in enumerate(relative):
        if ready[seat]:
            out[READY + place] = 1.0
        if sealed[seat]:
            out[SEALED + place] = 1.0
    colonies, colony_pieces, stock = pieces
    put(out, COLONIES, colonies, colony_pieces)
    for seat, markers in enumerate(stock):
        put(out, STOCK + relative[seat], markers, MARKERS)


def board(
    out: Vector,
    seen: tuple[Sequence[int], Sequence[int], Sequence[Sequence[int]]],
    relative: list[int],
) -> None:
    """Per territory: development, colony, presences (its printed coast and squares
    are in ``PRINTED`` already); each visited only where there is something."""
    development, colony, presences = seen
    for t in compress(TERRITORY_INDICES, development):
        put(out, BOARD_BLOCK + t * PER_TERRITORY + DEVELOPMENT, development[t], SQUARES_OF[t])
    for t in compress(TERRITORY_INDICES, colony):
        out[BOARD_BLOCK + t * PER_TERRITORY + COLONY] = 1.0
    for t in compress(TERRITORY_INDICES, presences):
        base = BOARD_BLOCK + t * PER_TERRITORY + PRESENCE
        for seat in presences[t]:
            out[base + relative[seat]] = 1.0


def printed() -> Vector:
    """An observation holding only what the board prints: per territory whether it
    is coastal and its development squares (/ 4). Every observation starts from it."""
    out = LAYOUT.zeros()
    for t in range(T):
        base = BOARD_BLOCK + t * PER_TERRITORY
        if COASTAL_AT[t]:
            out[base + COASTAL] = 1.0
        put(out, base + SQUARES, SQUARES_OF[t], MOST_SQUARES)
    return out


def own_sheet(out: Vector, draft: Draft) -> None:
    """The viewer's draft while orders are written (Order sheets)."""
    orders, landing, allied, (territory, country, landing_next, sealed) = draft
    out[DRAFT] = 1.0
    for t, place in orders:
        hot(out, DRAFT_ORDERS + t * ORDER, place, ORDER)
    out[DRAFT_LANDING + landing] = 1.0
    for seat in allied:
        out[DRAFT_ALLIANCES + seat] = 1.0
    hot(out, NEXT_TERRITORY, territory, T)
    hot(out, NEXT_COUNTRY, country, SEATS)
    if landing_next:
        out[NEXT_LANDING] = 1.0
    if sealed:
        out[NEXT_SEALED] = 1.0


def revealed(out: Vector, sheets: list[Shown]) -> None:
    """The sheets shown at the last reading: what each seat developed, explored
    (not where) and where it landed."""
    out[SHOWN] = 1.0
    for seat, developed, explored, landing in sheets:
        base = SHOWN_SHEETS + seat * REVEALED_SHEET
        for t in developed:
            out[base + 2 * t] = 1.0
        for t in explored:
            out[base + 2 * t + 1] = 1.0
        out[base + 2 * T + landing] = 1.0


def declared(out: Vector, alliances: list[tuple[int, int]]) -> None:
    """The alliances every seat declared at the last reading (relative seats)."""
    for seat, ally in alliances:
        out[DECLARED + seat * SEATS + ally] = 1.0


def outcome(out: Vector, removed: list[int], founded: list[int], limited: list[int]) -> None:
    """What the last reading did: presences removed, colonies founded, orders voided."""
    for t in removed:
        out[REMOVED + t] = 1.0
    for t in founded:
        out[FOUNDED + t] = 1.0
    for seat in limited:
        out[LIMITED + seat] = 1.0


PRINTED = printed()
ENCODING = AfricaEncoding(LAYOUT, MAX_DECISIONS)
