"""Namibia's observation encoding: a seat's view as numbers for the learning adapters.

Namibia hides nothing, but the encoding still reads only the view, like every
adapter. Seats are numbered from the viewer (0 = the viewer, 1 = the next seat
clockwise...), so a learned policy means "me" and "my left neighbour" in every
seat. Counts are divided by the rulebook's limits (15 cubes a commodity, 44
rails, 60 abandoned markers, 5 mine heads, 6 rounds) or by a generous ceiling
for open-ended amounts (money and reputation 80, a bid 40), and clipped to [0, 1].

Layout (4 seat slots whatever the player count; a missing seat is all zeros):
the round and the phase (one-hot over the 15 phases); who is asked and who was
last (relative seat, one-hot); the order of play (per position, a relative
seat); per seat its money, reputation, card, excluded commodity, mine heads,
truck space, rails to place, cubes in hand and elimination; the market (price,
demand and supply barrel per commodity); per board space its cubes and their
commodity, its mine (owner, complete), abandoned marker and rail; the railed
edges; the selected ports; the supply; the auction (2.1 bribes), the completed
mines owed cubes, and the shipment (commodity, port, the shipper asked).
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Encoding, GameConfig
from meeple.engine.encoding import flags, index_of, members, one_hot, scaled
from meeple.games.namibia.board import COMMODITIES
from meeple.games.namibia.common import BOARD
from meeple.games.namibia.state import (
    ABANDONED_MARKERS,
    CUBES_PER_COMMODITY,
    MINE_HEADS_PER_PLAYER,
    PHASE_NAMES,
    RAILS_IN_BOX,
    ROUNDS,
)

JSON = dict[str, Any]

SEATS = 4  # the most players Namibia takes
KINDS = len(COMMODITIES)
SPACES = len(BOARD.labels)
EDGES = len(BOARD.edges)
PORTS = len(BOARD.port_names)
LABELS = list(BOARD.labels)
EDGE_LABELS = [BOARD.edge_label(e) for e in range(EDGES)]
MONEY_CEILING = 80.0
BID_CEILING = 40.0
RAILS_HELD_CEILING = 10.0
CUBES_ON_A_SPACE = 4.0
PRICE_CEILING = 20.0
DEMAND_CEILING = 10.0
MAX_DECISIONS = 2000  # random games last about 180 decisions, the longest seen 222

GENERAL = 1 + len(PHASE_NAMES) + SEATS + SEATS + SEATS * SEATS
PER_SEAT = 2 + SEATS + KINDS + 1 + SPACES + 1 + KINDS + 1
MARKET = 3 * KINDS
PER_SPACE = KINDS + 1 + SEATS + 3
SUPPLY = KINDS + 2
AUCTION = 3 + 3 * SEATS
OWED = 1 + 2 * KINDS
SHIPMENT = 1 + KINDS + PORTS + SEATS
SIZE = (
    GENERAL
    + SEATS * PER_SEAT
    + MARKET
    + SPACES * PER_SPACE
    + EDGES
    + PORTS
    + SUPPLY
    + AUCTION
    + OWED
    + SHIPMENT
)


class NamibiaEncoding(Encoding):
    def size(self, config: GameConfig) -> int:
        return SIZE

    def max_decisions(self, config: GameConfig) -> int:
        return MAX_DECISIONS

    def encode(self, view: JSON, config: GameConfig) -> list[float]:
        seats = Seats(view.get("seat"), len(view["players"]))
        out = general(view, seats)
        for offset in range(SEATS):
            out += player(view, seats, offset)
        out += market(view)
        for space in view["spaces"]:
            out += board_space(space, seats)
        out += members((EDGE_LABELS.index(r) for r in view["rails"]), EDGES)
        out += flags(port["selected"] for port in view["ports"])
        out += supply(view)
        out += auction(view.get("auction"), seats)
        out += owed(view.get("additional_cubes"))
        out += shipment(view.get("shipment"), seats)
        return out


class Seats:
    """Seat numbers relative to the viewer (a spectator sees them as they are)."""

    def __init__(self, viewer: int | None, players: int) -> None:
        self.viewer = viewer or 0
        self.players = players

    def relative(self, seat: int | None) -> int | None:
        if seat is None or not 0 <= seat < self.players:
            return None
        return (seat - self.viewer) % self.players

    def absolute(self, offset: int) -> int | None:
        return (self.viewer + offset) % self.players if offset < self.players else None

    def one_hot(self, seat: int | None) -> list[float]:
        return one_hot(self.relative(seat), SEATS)

    def members(self, chosen: list[int]) -> list[float]:
        return members((r for r in map(self.relative, chosen) if r is not None), SEATS)


def general(view: JSON, seats: Seats) -> list[float]:
    out = [scaled(view["round"], ROUNDS)]
    out += one_hot(index_of(view["phase"], PHASE_NAMES), len(PHASE_NAMES))
    asked = view["to_act"]
    out += seats.one_hot(asked[0] if asked else None)
    out += seats.one_hot(view["last_player"])
    order = view["order"]
    for position in range(SEATS):
        out += seats.one_hot(order[position] if position < len(order) else None)
    return out


def player(view: JSON, seats: Seats, offset: int) -> list[float]:
    seat = seats.absolute(offset)
    if seat is None:
        return [0.0] * PER_SEAT
    p = view["players"][seat]
    hand = p["cubes_in_hand"]
    return [
        scaled(p["money"], MONEY_CEILING),
        scaled(p["reputation"], MONEY_CEILING),
        *one_hot(p["card"] - 1, SEATS),
        *one_hot(index_of(p["excluded"], COMMODITIES), KINDS),
        scaled(p["mine_heads"], MINE_HEADS_PER_PLAYER),
        *one_hot(index_of(p["truck"], LABELS), SPACES),
        scaled(p["rails_to_place"], RAILS_HELD_CEILING),
        *(scaled(hand.get(kind, 0), 3) for kind in COMMODITIES),
        1.0 if p["eliminated"] else 0.0,
    ]


def market(view: JSON) -> list[float]:
    out: list[float] = []
    for kind in COMMODITIES:
        entry = view["market"][kind]
        barrel = entry["supply"]
        out += [
            scaled(entry["price"], PRICE_CEILING),
            scaled(entry["demand"], DEMAND_CEILING),
            0.0 if barrel is None else scaled(barrel + 1, CUBES_PER_COMMODITY),
        ]
    return out


def board_space(space: JSON, seats: Seats) -> list[float]:
    mine = space["mine"]
    return [
        *one_hot(index_of(space["commodity"], COMMODITIES), KINDS),
        scaled(space["cubes"], CUBES_ON_A_SPACE),
        *seats.one_hot(None if mine is None else mine["owner"]),
        1.0 if mine is not None and mine["complete"] else 0.0,
        1.0 if space["abandoned"] else 0.0,
        1.0 if space["railed"] else 0.0,
    ]


def supply(view: JSON) -> list[float]:
    stock = view["supply"]
    return [
        *(scaled(stock["cubes"][kind], CUBES_PER_COMMODITY) for kind in COMMODITIES),
        scaled(stock["rails"], RAILS_IN_BOX),
        scaled(stock["abandoned_markers"], ABANDONED_MARKERS),
    ]


def auction(entry: JSON | None, seats: Seats) -> list[float]:
    """2.1 Bribe colonial officials: the bids, who still bids, who has placed."""
    if entry is None:
        return [0.0] * AUCTION
    bids = [0.0] * SEATS
    for seat, bid in enumerate(entry["bids"]):
        offset = seats.relative(seat)
        if offset is not None:
            bids[offset] = scaled(bid, BID_CEILING)
    return [
        1.0,
        scaled(entry["high_bid"], BID_CEILING),
        scaled(entry["minimum"], BID_CEILING),
        *bids,
        *seats.members(entry["bidders"]),
        *seats.members(entry["placed"]),
    ]


def owed(entries: list[JSON] | None) -> list[float]:
    """2.1 Complete mines: per commodity, the cubes left and the mines waiting."""
    if entries is None:
        return [0.0] * OWED
    left, waiting = [0.0] * KINDS, [0.0] * KINDS
    for entry in entries:
        kind = COMMODITIES.index(entry["commodity"])
        left[kind] = scaled(entry["cubes_left"], CUBES_PER_COMMODITY)
        waiting[kind] = scaled(len(entry["mines"]), MINE_HEADS_PER_PLAYER * SEATS)
    return [1.0, *left, *waiting]


def shipment(entry: JSON | None, seats: Seats) -> list[float]:
    if entry is None:
        return [0.0] * SHIPMENT
    return [
        1.0,
        *one_hot(index_of(entry["commodity"], COMMODITIES), KINDS),
        *one_hot(index_of(entry["port"], BOARD.port_names), PORTS),
        *seats.one_hot(entry["active_player"]),
    ]


ENCODING = NamibiaEncoding()
