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

from typing import Any

from meeple.engine import Encoding, GameConfig
from meeple.engine.encoding import flags, index_of, members, one_hot, scaled
from meeple.games.africa1880.board import BOARD, YEARS
from meeple.games.africa1880.state import PHASE_NAMES

JSON = dict[str, Any]

SEATS = 6  # the most players Africa 1880 takes
TERRITORIES = list(BOARD.ids)
T = len(TERRITORIES)
MARKERS = 22  # per country (rulebook: components)
MOST_SQUARES = 4
MAX_DECISIONS = 5000  # random games last about 200 decisions, the longest seen 303

GENERAL = 1 + len(PHASE_NAMES) + 3 * SEATS + 1
PER_TERRITORY = 1 + 1 + SEATS + 1 + 1
ORDER = 2 + T  # nothing, develop, explore <territory>
SHEET = 1 + T * ORDER + (T + 1) + SEATS + T + SEATS + 2
REVEALED = 1 + SEATS * (2 * T + T + 1) + SEATS * SEATS
OUTCOME = T + T + SEATS


class AfricaEncoding(Encoding):
    def size(self, config: GameConfig) -> int:
        return GENERAL + T * PER_TERRITORY + SEATS + SHEET + REVEALED + OUTCOME

    def max_decisions(self, config: GameConfig) -> int:
        return MAX_DECISIONS

    def encode(self, view: JSON, config: GameConfig) -> list[float]:
        seats = Seats(view)
        out = general(view, seats)
        for t in range(T):
            out += territory(view, seats, t)
        out += seats.spread([scaled(markers, MARKERS) for markers in view["stock"]])
        out += own_sheet(view.get("sheet"), seats)
        out += revealed(view.get("revealed"), view.get("declared_by"), seats)
        out += outcome(view, seats)
        return out


class Seats:
    """Seats relative to the viewer; countries named in the view map to seats."""

    def __init__(self, view: JSON) -> None:
        self.viewer = view.get("seat") or 0
        self.players = int(view["players"])
        self.countries: list[str] = list(view["country_ids"])

    def relative(self, seat: int | None) -> int | None:
        if seat is None or not 0 <= seat < self.players:
            return None
        return (seat - self.viewer) % self.players

    def of_country(self, country: str) -> int | None:
        return self.relative(index_of(country, self.countries))

    def one_hot(self, seat: int | None) -> list[float]:
        return one_hot(self.relative(seat), SEATS)

    def members(self, chosen: list[int]) -> list[float]:
        return members((r for r in map(self.relative, chosen) if r is not None), SEATS)

    def spread(self, per_seat: list[float]) -> list[float]:
        """Values given per absolute seat, laid out per relative seat."""
        out = [0.0] * SEATS
        for seat, value in enumerate(per_seat):
            offset = self.relative(seat)
            if offset is not None:
                out[offset] = value
        return out


def general(view: JSON, seats: Seats) -> list[float]:
    return [
        scaled(view["turn"], len(YEARS)),
        *one_hot(index_of(view["phase"], PHASE_NAMES), len(PHASE_NAMES)),
        *seats.members(view["to_act"]),
        *seats.spread(flags(view["ready"])),
        *seats.spread(flags(view["sealed"])),
        scaled(view["colonies"], view["colony_pieces"]),
    ]


def territory(view: JSON, seats: Seats, t: int) -> list[float]:
    squares = view["squares"][t]
    return [
        scaled(view["development"][t], squares),
        1.0 if view["colony"][t] else 0.0,
        *seats.members(view["presences"][t]),
        1.0 if view["coastal"][t] else 0.0,
        scaled(squares, MOST_SQUARES),
    ]


def order_vector(order: str | None) -> list[float]:
    """Nothing, develop, or explore <territory>, one-hot over 2 + T."""
    if order is None:
        return [0.0] * ORDER
    if order == "nothing":
        return one_hot(0, ORDER)
    if order == "develop":
        return one_hot(1, ORDER)
    target = index_of(order.removeprefix("explore "), TERRITORIES)
    return one_hot(None if target is None else 2 + target, ORDER)


def landing_vector(landing: str | None) -> list[float]:
    """One-hot over the territories, the last place meaning no landing."""
    where = index_of(landing, TERRITORIES) if landing is not None else None
    return one_hot(T if where is None else where, T + 1)


def alliances(relations: dict[str, str], seats: Seats) -> list[float]:
    out = [0.0] * SEATS
    for country, word in relations.items():
        offset = seats.of_country(country)
        if offset is not None and word == "alliance":
            out[offset] = 1.0
    return out


def own_sheet(sheet: JSON | None, seats: Seats) -> list[float]:
    """The viewer's draft while orders are written (Order sheets)."""
    if sheet is None:
        return [0.0] * SHEET
    orders = sheet["orders"]
    out = [1.0]
    for name in TERRITORIES:
        out += order_vector(orders.get(name))
    out += landing_vector(sheet["landing"])
    out += alliances(sheet["relations"], seats)
    line = sheet.get("next", "")
    out += one_hot(index_of(line, TERRITORIES), T)
    out += one_hot(seats.of_country(line), SEATS)
    out += [1.0 if line == "landing" else 0.0, 1.0 if line == "sealed" else 0.0]
    return out


def revealed(sheets: list[JSON] | None, declared: list[JSON] | None, seats: Seats) -> list[float]:
    """The sheets shown at the last reading, and the relations they declared."""
    if sheets is None:
        return [0.0] * REVEALED
    per_seat: list[list[float]] = [[0.0] * (3 * T + 1) for _ in range(SEATS)]
    for sheet in sheets:
        offset = seats.relative(sheet["seat"])
        if offset is None:
            continue
        kinds = [0.0] * (2 * T)
        for name, order in sheet["orders"].items():
            t = TERRITORIES.index(name)
            kinds[2 * t] = 1.0 if order == "develop" else 0.0
            kinds[2 * t + 1] = 1.0 if order.startswith("explore") else 0.0
        per_seat[offset] = kinds + landing_vector(sheet["landing"])
    out = [1.0]
    for values in per_seat:
        out += values
    pairs = [[0.0] * SEATS for _ in range(SEATS)]
    for seat, relations in enumerate(declared or []):
        offset = seats.relative(seat)
        if offset is not None:
            pairs[offset] = alliances(relations, seats)
    for row in pairs:
        out += row
    return out


def outcome(view: JSON, seats: Seats) -> list[float]:
    """What the last reading did: presences removed, colonies founded, orders voided."""
    removed = [TERRITORIES.index(name) for name, _ in view["last_removed"]]
    founded = [TERRITORIES.index(name) for name in view["last_colonies"]]
    limited = [entry["seat"] for entry in view["last_marker_limit"] if entry["void"]]
    return [*members(removed, T), *members(founded, T), *seats.members(limited)]


ENCODING = AfricaEncoding()
