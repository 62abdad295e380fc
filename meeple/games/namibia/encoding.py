"""Namibia's observation encoding: a seat's view as numbers for the learning adapters.

Namibia hides nothing, but ``encode`` still reads only the view, like every
adapter; ``encode_state`` gives the same numbers from the state's fields the
view is made of, without building the view (2.5 times cheaper; tests/rl proves
the two equal on random states). Both go through the same writers. Seats are
numbered from the viewer (0 = the viewer, 1 = the next seat clockwise...), so a
learned policy means "me" and "my left neighbour" in every seat. Counts are
divided by the rulebook's limits (15 cubes a commodity, 44 rails, 60 abandoned
markers, 5 mine heads, 6 rounds) or by a generous ceiling for open-ended
amounts (money and reputation 80, a bid 40), and clipped to [0, 1].

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
from collections.abc import Callable
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
from meeple.games.namibia.board import BOARD, COMMODITIES, Commodity
from meeple.games.namibia.state import (
    ABANDONED_MARKERS,
    BID,
    COMPLETE_MINES,
    CUBES_PER_COMMODITY,
    GAME_OVER,
    MINE_HEADS_PER_PLAYER,
    NO_ONE,
    PHASE_NAMES,
    RAIL_SHIPPING,
    RAILS_IN_BOX,
    ROUNDS,
    TRUCK_SHIPPING,
    NamibiaState,
)
from meeple.games.namibia.view import (
    EngineView,
    MarketEntry,
    NamibiaView,
    PlayerView,
    SpaceView,
    typed,
)

Vector: TypeAlias = "array[float]"  # 32-bit floats, from Layout.zeros()

SEATS = 4  # the most players Namibia takes
KINDS = len(COMMODITIES)
SPACES = len(BOARD.labels)
EDGES = len(BOARD.edges)
PORTS = len(BOARD.port_names)
SPACE_INDICES = range(SPACES)
EDGE_INDICES = range(EDGES)
SPACE_AT = {label: i for i, label in enumerate(BOARD.labels)}
EDGE_AT = {BOARD.edge_label(e): e for e in range(EDGES)}
KIND_AT: dict[str | None, int] = {kind: k for k, kind in enumerate(COMMODITIES)}
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
SHIPMENT_SIZE = 1 + KINDS + PORTS + SEATS
SHIPMENT = LAYOUT.block(SHIPMENT_SIZE)


class NamibiaEncoding(SectionedEncoding):
    def encode(self, view: EngineView, config: GameConfig) -> Vector:
        return encode_view(typed(view))  # JSON edge

    def sections(self, config: GameConfig, seat: int) -> list[Section]:
        """The fast path's parts, read from the fields ``namibia.view`` builds the
        view from (every one of them public), each written as ``encode`` writes it.
        The board is cut by kind of piece (one place in every space each), since a
        decision moves one kind of piece at most."""

        def relatively(write: Callable[[Vector, Seen_, list[int]], None]) -> Writer[Seen_]:
            return lambda out, seen: write(out, seen, relative)

        relative = relative_seats(seat, config.players)
        rails = (*space_field(RAILED, 1), slice(RAILS, RAILS + EDGES))
        parts = [
            Section.block(ROUND, PLAYERS, state_moment, relatively(general)),
            Section.block(MARKET, SPACE_BLOCK, state_market, market_writer, shared=True),
            Section(space_field(CUBE_KIND, KINDS + 1), state_cubes, cubes_layer, shared=True),
            Section(space_field(OWNER, SEATS + 1), state_mines, relatively(mines_layer)),
            Section(space_field(ABANDONED, 1), state_abandoned, abandoned_layer, shared=True),
            Section(rails, state_rails, rails_layer, shared=True),
            Section.block(PORTS_SELECTED, AUCTION, state_stock, stock, shared=True),
            Section.block(AUCTION, LAYOUT.size, state_pending, relatively(pending)),
        ]
        for p in range(config.players):
            base = PLAYERS + relative[p] * PER_SEAT
            parts.append(
                Section.block(base, base + PER_SEAT, player_reader(p), player_writer(base))
            )
        return parts


def encode_view(view: NamibiaView) -> Vector:
    """A seat's observation from its view (``NamibiaEncoding.encode``)."""
    out = LAYOUT.zeros()
    relative = relative_seats(view["seat"], len(view["players"]))
    phase = PHASE_AT[view["phase"]]
    moment = (view["round"], phase, view["to_act"], view["last_player"], view["order"])
    general(out, moment, relative)
    for seat, entry in enumerate(view["players"]):
        player(out, PLAYERS + relative[seat] * PER_SEAT, seen_player(entry))
    market(out, *seen_market(view["market"]))
    board(out, seen_board(view["spaces"]), relative)
    ports = [port["selected"] for port in view["ports"]]
    rails_and_ports(out, [EDGE_AT[rail] for rail in view["rails"]], ports)
    stock = view["supply"]
    cubes = [stock["cubes"][kind] for kind in COMMODITIES]
    supply(out, cubes, stock["rails"], stock["abandoned_markers"])
    bids = view["auction"]
    if bids is not None:
        bidding = (bids["high_bid"], bids["minimum"], bids["bids"])
        auction(out, bidding, bids["bidders"], bids["placed"], relative)
    waiting = view["additional_cubes"]
    if waiting is not None:
        owed(out, [(KIND_AT[e["commodity"]], e["cubes_left"], len(e["mines"])) for e in waiting])
    shipping = view["shipment"]
    if shipping is not None:
        port = BOARD.port_names.index(shipping["port"])
        kind = KIND_AT[shipping["commodity"]]
        shipment(out, kind, port, relative[shipping["active_player"]])
    return out


def space_field(offset: int, width: int) -> tuple[slice, ...]:
    """The places of one field (``width`` places from ``offset``) of every space."""
    return strided(SPACE_BLOCK + offset, width, PER_SPACE, SPACES)


# ---- what a seat sees, as plain numbers: from a view or from the state -------------

# A seat: (money, reputation, card, excluded commodity, mine heads, truck space or
# None, rails to place, cubes in hand per commodity, eliminated).
Seen = tuple[int, int, int, int, int, int | None, int, list[int], bool]
# The board, per space: commodity, cubes, mine owner (NO_ONE), complete, abandoned, railed.
SeenBoard = tuple[list[int], list[int], list[int], list[bool], list[bool], list[bool]]


def seen_player(p: PlayerView) -> Seen:
    truck = None if p["truck"] is None else SPACE_AT[p["truck"]]
    hand = [p["cubes_in_hand"].get(kind, 0) for kind in COMMODITIES]
    return (
        p["money"],
        p["reputation"],
        p["card"],
        KIND_AT[p["excluded"]],
        p["mine_heads"],
        truck,
        p["rails_to_place"],
        hand,
        p["eliminated"],
    )


def state_player(s: NamibiaState, p: int) -> Seen:
    truck = None if s.truck[p] == NO_ONE else s.truck[p]
    hand = s.hand[p * KINDS : (p + 1) * KINDS]
    return (
        s.money[p],
        s.reputation[p],
        s.card[p],
        s.excluded[p],
        s.heads[p],
        truck,
        s.rails_held[p],
        hand,
        bool(s.out[p]),
    )


def seen_market(
    entries: dict[Commodity, MarketEntry],
) -> tuple[list[int], list[int], list[int | None]]:
    """Per commodity: price, demand, and the supply barrel counted from 1 (None: none)."""
    rows = [entries[kind] for kind in COMMODITIES]
    barrels = [None if row["supply"] is None else row["supply"] + 1 for row in rows]
    return [row["price"] for row in rows], [row["demand"] for row in rows], barrels


def seen_board(spaces: list[SpaceView]) -> SeenBoard:
    mines = [space["mine"] for space in spaces]
    return (
        [KIND_AT[space["commodity"]] if space["cubes"] else 0 for space in spaces],
        [space["cubes"] for space in spaces],
        [NO_ONE if mine is None else mine["owner"] for mine in mines],
        [mine is not None and mine["complete"] for mine in mines],
        [space["abandoned"] for space in spaces],
        [space["railed"] for space in spaces],
    )


def railed_spaces(railed_edges: list[int]) -> list[bool]:
    """Per space, whether the view shows it railed: a railed edge ends there."""
    railed = [False] * SPACES
    for e in railed_edges:
        a, b = BOARD.edges[e]
        railed[a] = railed[b] = True
    return railed


# ---- the fast path's readers: what each section shows, copied from the state -------

Seen_ = TypeVar("Seen_")
Writer = Callable[[Vector, Seen_], None]  # writes one section's numbers
Moment = tuple[int, int, list[int], int, list[int]]
Stock = tuple[list[bool], list[int], int, int]
# What is pending, by phase: the auction (the bidding, who bids, who has placed),
# the mines owed cubes (commodity, cubes left, mines waiting) or the shipment
# (commodity, port, shipper); at most one of the three, or none.
Bidding = tuple[tuple[int, int, list[int]], list[int], list[int]]
Owed = list[tuple[int, int, int]]
Shipping = tuple[int, int, int]
Pending = tuple[Bidding | None, Owed | None, Shipping | None]
NOTHING_PENDING: Pending = (None, None, None)


def state_moment(s: NamibiaState) -> Moment:
    to_act = [] if s.phase == GAME_OVER else [s.actor]
    return (s.round, s.phase, to_act, s.last_seat, s.order[:])


def state_market(s: NamibiaState) -> tuple[list[int], list[int], list[int | None]]:
    return s.price[:], s.demand[:], [None if b == NO_ONE else b + 1 for b in s.barrel]


def state_cubes(s: NamibiaState) -> tuple[list[int], list[int]]:
    return s.cube_kind[:], s.cube_count[:]


def state_mines(s: NamibiaState) -> tuple[list[int], list[bool]]:
    return s.mine_owner[:], s.mine_done[:]


def state_abandoned(s: NamibiaState) -> list[bool]:
    return s.abandoned[:]


def state_rails(s: NamibiaState) -> list[bool]:
    return s.rails[:]


def state_stock(s: NamibiaState) -> Stock:
    return s.chosen_ports[:], s.supply[:], s.supply_rails, s.supply_markers


def state_pending(s: NamibiaState) -> Pending:
    if s.phase == BID:
        bidding = (s.high_bid, max(s.round, s.high_bid + 1), s.bid[:])
        return (bidding, s.bidders[:], s.passed[:]), None, None
    if s.phase == COMPLETE_MINES:
        return None, waiting_mines(s), None
    if s.phase in (TRUCK_SHIPPING, RAIL_SHIPPING):
        return None, None, (s.shipment[0], s.shipment[1], s.shippers[0])
    return NOTHING_PENDING


def player_reader(p: int) -> Callable[[NamibiaState], Seen]:
    return lambda s: state_player(s, p)


def player_writer(base: int) -> Callable[[Vector, Seen], None]:
    return lambda out, seen: player(out, base, seen)


def rails_layer(out: Vector, rails: list[bool]) -> None:
    """The railed edges, and per space whether a railed edge ends there."""
    railed_edges = list(compress(EDGE_INDICES, rails))
    railed_layer(out, railed_spaces(railed_edges))
    rails_and_ports(out, railed_edges, [])


def market_writer(out: Vector, seen: tuple[list[int], list[int], list[int | None]]) -> None:
    market(out, *seen)


def stock(out: Vector, seen: Stock) -> None:
    """The selected ports and the supply."""
    selected, cubes, rails, markers = seen
    rails_and_ports(out, [], selected)
    supply(out, cubes, rails, markers)


def pending(out: Vector, seen: Pending, relative: list[int]) -> None:
    """The auction, the mines owed cubes or the shipment, whichever is going on."""
    bids, waiting, shipping = seen
    if bids is not None:
        bidding, bidders, placed = bids
        auction(out, bidding, bidders, placed, relative)
    if waiting is not None:
        owed(out, waiting)
    if shipping is not None:
        commodity, port, shipper = shipping
        shipment(out, commodity, port, relative[shipper])


def waiting_mines(s: NamibiaState) -> list[tuple[int, int, int]]:
    """2.1 as the view lists it: per commodity whose completed mines wait for the
    supply's last cubes, (commodity, cubes left, mines waiting)."""
    waiting: dict[int, int] = {}
    for i in range(SPACES):
        if s.owed >> i & 1:
            waiting[s.cube_kind[i]] = waiting.get(s.cube_kind[i], 0) + 1
    return [(k, s.supply[k], mines) for k, mines in sorted(waiting.items())]


# ---- the writers ----------------------------------------------------------------


def general(
    out: Vector, seen: tuple[int, int, list[int], int, list[int]], relative: list[int]
) -> None:
    """The round, the phase, who is asked, who was last, the order of play."""
    round_, phase, to_act, last, order = seen
    put(out, ROUND, round_, ROUNDS)
    hot(out, PHASE, phase, len(PHASE_NAMES))
    for seat in to_act:
        out[ASKED + relative[seat]] = 1.0
    if 0 <= last < len(relative):
        out[LAST + relative[last]] = 1.0
    for position, seat in enumerate(order):
        out[ORDER + position * SEATS + relative[seat]] = 1.0


def player(out: Vector, base: int, seen: Seen) -> None:
    money, reputation, card, excluded, heads, truck, rails_held, hand, eliminated = seen
    put(out, base + MONEY, money, MONEY_CEILING)
    put(out, base + REPUTATION, reputation, MONEY_CEILING)
    hot(out, base + CARD, card - 1, SEATS)
    hot(out, base + EXCLUDED, excluded, KINDS)
    put(out, base + HEADS, heads, MINE_HEADS_PER_PLAYER)
    hot(out, base + TRUCK, truck, SPACES)
    put(out, base + RAILS_HELD, rails_held, RAILS_HELD_CEILING)
    for k, count in enumerate(hand):
        put(out, base + HAND + k, count, HAND_CEILING)
    if eliminated:
        out[base + ELIMINATED] = 1.0


def market(out: Vector, prices: list[int], demands: list[int], barrels: list[int | None]) -> None:
    """Per commodity: price, demand and the supply barrel (counted from 1)."""
    for k in range(KINDS):
        put(out, MARKET + 3 * k, prices[k], PRICE_CEILING)
        put(out, MARKET + 3 * k + 1, demands[k], DEMAND_CEILING)
        put(out, MARKET + 3 * k + 2, barrels[k], CUBES_PER_COMMODITY)


def board(out: Vector, seen: SeenBoard, relative: list[int]) -> None:
    """Per space: its cubes and their commodity, its mine (owner, complete), its
    abandoned marker and rail. The hottest part of an observation, so each kind of
    piece is visited only where there is one (``compress`` keeps those spaces)."""
    kinds, counts, owners, complete, abandoned, railed = seen
    cubes_layer(out, (kinds, counts))
    mines_layer(out, (owners, complete), relative)
    abandoned_layer(out, abandoned)
    railed_layer(out, railed)


def cubes_layer(out: Vector, seen: tuple[list[int], list[int]]) -> None:
    kinds, counts = seen
    for i in compress(SPACE_INDICES, counts):
        base = SPACE_BLOCK + i * PER_SPACE
        cubes = counts[i]
        out[base + CUBE_KIND + kinds[i]] = 1.0
        out[base + CUBES] = 1.0 if cubes >= CUBES_ON_A_SPACE else cubes / CUBES_ON_A_SPACE


def mines_layer(out: Vector, seen: tuple[list[int], list[bool]], relative: list[int]) -> None:
    owners, complete = seen
    for i, owner in enumerate(owners):
        if owner != NO_ONE:
            base = SPACE_BLOCK + i * PER_SPACE
            out[base + OWNER + relative[owner]] = 1.0
            if complete[i]:
                out[base + COMPLETE] = 1.0


def abandoned_layer(out: Vector, abandoned: list[bool]) -> None:
    for i in compress(SPACE_INDICES, abandoned):
        out[SPACE_BLOCK + i * PER_SPACE + ABANDONED] = 1.0


def railed_layer(out: Vector, railed: list[bool]) -> None:
    for i in compress(SPACE_INDICES, railed):
        out[SPACE_BLOCK + i * PER_SPACE + RAILED] = 1.0


def rails_and_ports(out: Vector, railed_edges: list[int], selected: list[bool]) -> None:
    for e in railed_edges:
        out[RAILS + e] = 1.0
    for p, chosen in enumerate(selected):
        if chosen:
            out[PORTS_SELECTED + p] = 1.0


def supply(out: Vector, cubes: list[int], rails: int, markers: int) -> None:
    for k in range(KINDS):
        put(out, SUPPLY + k, cubes[k], CUBES_PER_COMMODITY)
    put(out, SUPPLY + KINDS, rails, RAILS_IN_BOX)
    put(out, SUPPLY + KINDS + 1, markers, ABANDONED_MARKERS)


def auction(
    out: Vector,
    bidding: tuple[int, int, list[int]],
    bidders: list[int],
    placed: list[int],
    relative: list[int],
) -> None:
    """2.1 Bribe colonial officials: the high bid, the minimum, the bids, who still
    bids, who has placed."""
    high_bid, minimum, bids = bidding
    out[AUCTION] = 1.0
    put(out, AUCTION + 1, high_bid, BID_CEILING)
    put(out, AUCTION + 2, minimum, BID_CEILING)
    for seat, bid in enumerate(bids):
        if seat < len(relative):
            put(out, AUCTION + 3 + relative[seat], bid, BID_CEILING)
    for seat in bidders:
        out[AUCTION + 3 + SEATS + relative[seat]] = 1.0
    for seat in placed:
        out[AUCTION + 3 + 2 * SEATS + relative[seat]] = 1.0


def owed(out: Vector, waiting: list[tuple[int, int, int]]) -> None:
    """2.1 Complete mines: per commodity, the cubes left and the mines waiting."""
    out[OWED] = 1.0
    for k, cubes_left, mines in waiting:
        put(out, OWED + 1 + k, cubes_left, CUBES_PER_COMMODITY)
        put(out, OWED + 1 + KINDS + k, mines, MINE_HEADS_PER_PLAYER * SEATS)


def shipment(out: Vector, kind: int, port: int, active: int) -> None:
    """3. Shipping: the commodity, the port, the shipper asked (relative seat)."""
    out[SHIPMENT] = 1.0
    hot(out, SHIPMENT + 1, kind, KINDS)
    hot(out, SHIPMENT + 1 + KINDS, port, PORTS)
    hot(out, SHIPMENT + 1 + KINDS + PORTS, active, SEATS)


ENCODING = NamibiaEncoding(LAYOUT, MAX_DECISIONS)
