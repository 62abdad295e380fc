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

from array import array
from typing import Any, TypeAlias

from meeple.engine import GameConfig
from meeple.engine.encoding import FixedEncoding, Layout, hot, index_of, put, relative_seats
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
Vector: TypeAlias = "array[float]"  # 32-bit floats, from Layout.zeros()

SEATS = 4  # the most players Namibia takes
KINDS = len(COMMODITIES)
SPACES = len(BOARD.labels)
EDGES = len(BOARD.edges)
PORTS = len(BOARD.port_names)
SPACE_AT = {label: i for i, label in enumerate(BOARD.labels)}
EDGE_AT = {BOARD.edge_label(e): e for e in range(EDGES)}
KIND_AT = {kind: k for k, kind in enumerate(COMMODITIES)}
PHASE_AT = {phase: p for p, phase in enumerate(PHASE_NAMES)}
MONEY_CEILING = 80.0
BID_CEILING = 40.0
RAILS_HELD_CEILING = 10.0
CUBES_ON_A_SPACE = 4.0
PRICE_CEILING = 20.0
DEMAND_CEILING = 10.0
HAND_CEILING = 3.0
MAX_DECISIONS = 2000  # random games last about 180 decisions, the longest seen 222

# Per seat: money, reputation, card, excluded commodity, mine heads, truck space,
# rails to place, cubes in hand per commodity, eliminated.
MONEY, REPUTATION, CARD = 0, 1, 2
EXCLUDED = CARD + SEATS
HEADS = EXCLUDED + KINDS
TRUCK = HEADS + 1
RAILS_HELD = TRUCK + SPACES
HAND = RAILS_HELD + 1
ELIMINATED = HAND + KINDS
PER_SEAT = ELIMINATED + 1
# Per space: the commodity of its cubes, their number, the mine's owner, complete,
# abandoned, railed.
CUBE_KIND, CUBES, OWNER = 0, KINDS, KINDS + 1
COMPLETE = OWNER + SEATS
ABANDONED, RAILED = COMPLETE + 1, COMPLETE + 2
PER_SPACE = COMPLETE + 3

LAYOUT = Layout()
ROUND = LAYOUT.block(1)
PHASE = LAYOUT.block(len(PHASE_NAMES))
ASKED = LAYOUT.block(SEATS)
LAST = LAYOUT.block(SEATS)
ORDER = LAYOUT.block(SEATS * SEATS)
PLAYERS = LAYOUT.block(SEATS * PER_SEAT)
MARKET = LAYOUT.block(3 * KINDS)
SPACE_BLOCK = LAYOUT.block(SPACES * PER_SPACE)
RAILS = LAYOUT.block(EDGES)
PORTS_SELECTED = LAYOUT.block(PORTS)
SUPPLY = LAYOUT.block(KINDS + 2)
AUCTION = LAYOUT.block(3 + 3 * SEATS)
OWED = LAYOUT.block(1 + 2 * KINDS)
SHIPMENT = LAYOUT.block(1 + KINDS + PORTS + SEATS)


class NamibiaEncoding(FixedEncoding):
    def encode(self, view: JSON, config: GameConfig) -> Vector:
        out = LAYOUT.zeros()
        relative = relative_seats(view["seat"], len(view["players"]))
        general(out, view, relative)
        for seat, entry in enumerate(view["players"]):
            player(out, PLAYERS + relative[seat] * PER_SEAT, entry)
        market(out, view["market"])
        board(out, view["spaces"], relative)
        for rail in view["rails"]:
            out[RAILS + EDGE_AT[rail]] = 1.0
        for p, port in enumerate(view["ports"]):
            if port["selected"]:
                out[PORTS_SELECTED + p] = 1.0
        supply(out, view["supply"])
        if view.get("auction") is not None:
            auction(out, view["auction"], relative)
        if view.get("additional_cubes") is not None:
            owed(out, view["additional_cubes"])
        if view.get("shipment") is not None:
            shipment(out, view["shipment"], relative)
        return out


def general(out: Vector, view: JSON, relative: list[int]) -> None:
    put(out, ROUND, view["round"], ROUNDS)
    hot(out, PHASE, PHASE_AT.get(view["phase"]), len(PHASE_NAMES))
    for seat in view["to_act"]:
        out[ASKED + relative[seat]] = 1.0
    last = view["last_player"]
    if 0 <= last < len(relative):
        out[LAST + relative[last]] = 1.0
    for position, seat in enumerate(view["order"]):
        out[ORDER + position * SEATS + relative[seat]] = 1.0


def player(out: Vector, base: int, p: JSON) -> None:
    put(out, base + MONEY, p["money"], MONEY_CEILING)
    put(out, base + REPUTATION, p["reputation"], MONEY_CEILING)
    hot(out, base + CARD, p["card"] - 1, SEATS)
    hot(out, base + EXCLUDED, KIND_AT.get(p["excluded"]), KINDS)
    put(out, base + HEADS, p["mine_heads"], MINE_HEADS_PER_PLAYER)
    hot(out, base + TRUCK, SPACE_AT.get(p["truck"]) if p["truck"] else None, SPACES)
    put(out, base + RAILS_HELD, p["rails_to_place"], RAILS_HELD_CEILING)
    for kind, count in p["cubes_in_hand"].items():
        put(out, base + HAND + KIND_AT[kind], count, HAND_CEILING)
    if p["eliminated"]:
        out[base + ELIMINATED] = 1.0


def market(out: Vector, entries: JSON) -> None:
    for k, kind in enumerate(COMMODITIES):
        entry = entries[kind]
        put(out, MARKET + 3 * k, entry["price"], PRICE_CEILING)
        put(out, MARKET + 3 * k + 1, entry["demand"], DEMAND_CEILING)
        barrel = entry["supply"]
        if barrel is not None:
            put(out, MARKET + 3 * k + 2, barrel + 1, CUBES_PER_COMMODITY)


def board(out: Vector, spaces: list[JSON], relative: list[int]) -> None:
    """Per space: its cubes and their commodity, its mine (owner, complete), its
    abandoned marker and rail. The hottest loop of an observation, so inlined."""
    base = SPACE_BLOCK
    for space in spaces:
        cubes = space["cubes"]
        if cubes:
            out[base + CUBE_KIND + KIND_AT[space["commodity"]]] = 1.0
            out[base + CUBES] = 1.0 if cubes >= CUBES_ON_A_SPACE else cubes / CUBES_ON_A_SPACE
        mine = space["mine"]
        if mine is not None:
            out[base + OWNER + relative[mine["owner"]]] = 1.0
            if mine["complete"]:
                out[base + COMPLETE] = 1.0
        if space["abandoned"]:
            out[base + ABANDONED] = 1.0
        if space["railed"]:
            out[base + RAILED] = 1.0
        base += PER_SPACE


def supply(out: Vector, stock: JSON) -> None:
    for k, kind in enumerate(COMMODITIES):
        put(out, SUPPLY + k, stock["cubes"][kind], CUBES_PER_COMMODITY)
    put(out, SUPPLY + KINDS, stock["rails"], RAILS_IN_BOX)
    put(out, SUPPLY + KINDS + 1, stock["abandoned_markers"], ABANDONED_MARKERS)


def auction(out: Vector, entry: JSON, relative: list[int]) -> None:
    """2.1 Bribe colonial officials: the bids, who still bids, who has placed."""
    out[AUCTION] = 1.0
    put(out, AUCTION + 1, entry["high_bid"], BID_CEILING)
    put(out, AUCTION + 2, entry["minimum"], BID_CEILING)
    for seat, bid in enumerate(entry["bids"]):
        if seat < len(relative):
            put(out, AUCTION + 3 + relative[seat], bid, BID_CEILING)
    for seat in entry["bidders"]:
        out[AUCTION + 3 + SEATS + relative[seat]] = 1.0
    for seat in entry["placed"]:
        out[AUCTION + 3 + 2 * SEATS + relative[seat]] = 1.0


def owed(out: Vector, entries: list[JSON]) -> None:
    """2.1 Complete mines: per commodity, the cubes left and the mines waiting."""
    out[OWED] = 1.0
    for entry in entries:
        k = KIND_AT[entry["commodity"]]
        put(out, OWED + 1 + k, entry["cubes_left"], CUBES_PER_COMMODITY)
        put(out, OWED + 1 + KINDS + k, len(entry["mines"]), MINE_HEADS_PER_PLAYER * SEATS)


def shipment(out: Vector, entry: JSON, relative: list[int]) -> None:
    out[SHIPMENT] = 1.0
    hot(out, SHIPMENT + 1, KIND_AT.get(entry["commodity"]), KINDS)
    hot(out, SHIPMENT + 1 + KINDS, index_of(entry["port"], BOARD.port_names), PORTS)
    hot(out, SHIPMENT + 1 + KINDS + PORTS, relative[entry["active_player"]], SEATS)


ENCODING = NamibiaEncoding(LAYOUT, MAX_DECISIONS)
