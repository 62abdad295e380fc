"""Namibia's game state: flat lists of ints, cheap to clone, one phase field.

Phases name the single decision the game waits for; there are no boolean flags
beside them. ``actor`` is the seat that decides now (-1 once the game is over).

The board lists (``cube_kind``, ``cube_count``, ``mine_owner``, ``mine_done``,
``abandoned``, ``rails``) are the truth. Beside them the state keeps bitmasks
derived from them (``*_mask``, bit ``i`` for space or edge ``i``) so that the
legal actions of a decision are a few set operations instead of a scan of the
board; ``rules.pieces`` changes the lists and the masks together, and
``rules.flow.advance`` derives the masks afresh for a position built by hand.
"""

from __future__ import annotations

from typing import Self

from meeple.engine import GameState
from meeple.games.namibia.board import COMMODITIES, Board

NO_ONE = -1

# Phases, in the order they occur.
SETUP_CUBES = 0  # Getting Started: place prospected cubes
SETUP_MINES = 1  # Getting Started: starting mines
SETUP_BUILDING = 2  # Getting Started: mines under construction, reverse order
SETUP_RAILS = 3  # Getting Started: two rails each
BID = 4  # 1. Bribe Colonial Officials
COMPLETE_MINES = 5  # 2.1 Complete Mines: which mine takes the supply's last cube
START_MINE = 6  # 2.2 Start a New Mine
PROSPECT = 7  # 2.3 Prospect
PLACE_RAIL = 8  # 2.4 Place Rails
MOVE_TRUCK = 9  # 2.5 Move Truck to Completed Mine
SELECT_SHIPMENT = 10  # 3. Shipping: choose commodity and port
TRUCK_SHIPPING = 11  # 3.1 Truck Shipping
RAIL_SHIPPING = 12  # 3.2 Rail Shipping
BUY_REPUTATION = 13  # 4. Purchasing Reputation
GAME_OVER = 14

PHASE_NAMES = (
    "setup: place cubes",
    "setup: starting mine",
    "setup: mine under construction",
    "setup: place rails",
    "bribe colonial officials",
    "construction: complete mines",
    "construction: start a new mine",
    "construction: prospect",
    "construction: place rails",
    "construction: move truck",
    "shipping: choose commodity and port",
    "shipping: truck shipping",
    "shipping: rail shipping",
    "administration: purchase reputation",
    "game over",
)

CUBES_PER_COMMODITY = 15
RAILS_IN_BOX = 44
MINE_HEADS_PER_PLAYER = 5
ABANDONED_MARKERS = 60
ROUNDS = 6
START_MONEY = 15
START_REPUTATION = 15


class NamibiaState(GameState):
    __slots__ = (
        "abandoned",
        "actor",
        "barrel",
        "bid",
        "bidders",
        "built_mask",
        "card",
        "chosen_kinds",
        "chosen_ports",
        "cube_count",
        "cube_kind",
        "cubes_mask",
        "demand",
        "excluded",
        "final",
        "halved",
        "hand",
        "heads",
        "high_bid",
        "last_seat",
        "linked",
        "marker_mask",
        "mine_done",
        "mine_owner",
        "mines_mask",
        "money",
        "near_mask",
        "options",
        "order",
        "out",
        "owed",
        "passed",
        "phase",
        "pos",
        "price",
        "rail_ends",
        "rail_mask",
        "rails",
        "rails_held",
        "reputation",
        "round",
        "shipment",
        "shippers",
        "supply",
        "supply_markers",
        "supply_rails",
        "todo",
        "truck",
    )

    phase: int
    round: int
    actor: int
    options: list[int]  # legal action indices of ``actor``, computed once per decision
    pos: int
    todo: int
    order: list[int]
    money: list[int]
    reputation: list[int]
    out: list[int]  # 0 while in the game, else the order of elimination (1, 2, ...)
    card: list[int]
    excluded: list[int]
    hand: list[int]
    heads: list[int]
    truck: list[int]
    rails_held: list[int]
    cube_kind: list[int]
    cube_count: list[int]
    mine_owner: list[int]
    mine_done: list[bool]
    abandoned: list[bool]
    rails: list[bool]
    supply: list[int]
    supply_rails: int
    supply_markers: int
    price: list[int]
    demand: list[int]
    # Auction: the current high bid, each seat's own bid, seats still bidding,
    # seats in the order they passed, and the seat placed last.
    high_bid: int
    bid: list[int]
    bidders: list[int]
    passed: list[int]
    last_seat: int
    # Shipping: [kind, port] of the current shipment (-1 when none), per commodity
    # its supply marker (-1 when off the index) and whether its price has halved,
    # who ships in which order, and the spaces linked to the port by rail (a
    # bitmask derived from the rails and the shipment's port; 0 when none).
    shipment: list[int]
    barrel: list[int]
    halved: list[bool]
    chosen_kinds: list[bool]
    chosen_ports: list[bool]
    shippers: list[int]
    linked: int
    # 2.1 Complete Mines: the builder's mines completed this turn that still wait
    # for their additional cube because the supply holds fewer cubes of their
    # commodity than they need, so he chooses which take them (a bitmask of
    # spaces; 0 outside that choice).
    owed: int
    # Bitmasks derived from the board lists (see the module docstring): per
    # commodity the spaces holding its cubes and the spaces next to those, per
    # seat the spaces with its mine heads, the completed mines, the abandoned
    # markers and the railed edges. Also derived: the rail-less edges sharing a
    # corner with a rail, as the ascending action indices of rails laid there.
    cubes_mask: list[int]
    near_mask: list[int]
    mines_mask: list[int]
    built_mask: int
    marker_mask: int
    rail_mask: int
    rail_ends: list[int]
    # End-of-game breakdown per seat, filled when the game ends.
    final: list[list[int]]

    def clear(self, board: Board) -> None:
        """Every game field at its value before Getting Started: an empty board, full
        supplies, starting money and reputation (the common fields are kept)."""
        s = self
        n = s.config.players
        spaces = len(board.labels)
        s.phase, s.round, s.actor, s.pos, s.todo = SETUP_CUBES, 1, NO_ONE, 0, 0
        s.order = list(range(n))
        s.money = [START_MONEY] * n
        s.reputation = [START_REPUTATION] * n
        s.out = [0] * n
        s.card, s.excluded = [0] * n, [0] * n
        s.hand = [0] * (n * len(COMMODITIES))
        s.heads = [MINE_HEADS_PER_PLAYER] * n
        s.truck = [NO_ONE] * n
        s.rails_held = [0] * n
        s.cube_kind = [NO_ONE] * spaces
        s.cube_count = [0] * spaces
        s.mine_owner = [NO_ONE] * spaces
        s.mine_done = [False] * spaces
        s.abandoned = [False] * spaces
        s.rails = [False] * len(board.edges)
        s.supply = [CUBES_PER_COMMODITY - (3 if n == 3 else 0)] * len(COMMODITIES)
        s.supply_rails = RAILS_IN_BOX
        s.supply_markers = ABANDONED_MARKERS
        s.price = [6] * len(COMMODITIES)
        s.demand = [6] * len(COMMODITIES)
        s.high_bid, s.bid, s.bidders, s.passed, s.last_seat = 0, [0] * n, [], [], NO_ONE
        s.options = []
        s.shipment = [NO_ONE, NO_ONE]
        s.barrel = [NO_ONE] * len(COMMODITIES)
        s.halved = [False] * len(COMMODITIES)
        s.chosen_kinds = [False] * len(COMMODITIES)
        s.chosen_ports = [False] * len(board.ports)
        s.shippers = []
        s.linked = 0
        s.owed = 0
        s.final = []
        s.cubes_mask = [0] * len(COMMODITIES)
        s.near_mask = [0] * len(COMMODITIES)
        s.mines_mask = [0] * n
        s.built_mask = s.marker_mask = s.rail_mask = 0
        s.rail_ends = []

    def clone(self) -> Self:
        c = self.__class__.__new__(self.__class__)
        self._copy_common(c)
        c.phase, c.round, c.actor, c.pos, c.todo = (
            self.phase,
            self.round,
            self.actor,
            self.pos,
            self.todo,
        )
        c.order = self.order.copy()
        c.money = self.money.copy()
        c.reputation = self.reputation.copy()
        c.out = self.out.copy()
        c.card = self.card.copy()
        c.excluded = self.excluded.copy()
        c.hand = self.hand.copy()
        c.heads = self.heads.copy()
        c.truck = self.truck.copy()
        c.rails_held = self.rails_held.copy()
        c.cube_kind = self.cube_kind.copy()
        c.cube_count = self.cube_count.copy()
        c.mine_owner = self.mine_owner.copy()
        c.mine_done = self.mine_done.copy()
        c.abandoned = self.abandoned.copy()
        c.rails = self.rails.copy()
        c.supply = self.supply.copy()
        c.supply_rails = self.supply_rails
        c.supply_markers = self.supply_markers
        c.price = self.price.copy()
        c.demand = self.demand.copy()
        c.high_bid = self.high_bid
        c.bid = self.bid.copy()
        c.bidders = self.bidders.copy()
        c.passed = self.passed.copy()
        c.last_seat = self.last_seat
        c.options = self.options.copy()
        c.shipment = self.shipment.copy()
        c.barrel = self.barrel.copy()
        c.halved = self.halved.copy()
        c.chosen_kinds = self.chosen_kinds.copy()
        c.chosen_ports = self.chosen_ports.copy()
        c.shippers = self.shippers.copy()
        c.linked = self.linked
        c.owed = self.owed
        c.final = [row.copy() for row in self.final]
        c.cubes_mask = self.cubes_mask.copy()
        c.near_mask = self.near_mask.copy()
        c.mines_mask = self.mines_mask.copy()
        c.built_mask = self.built_mask
        c.marker_mask = self.marker_mask
        c.rail_mask = self.rail_mask
        c.rail_ends = self.rail_ends.copy()
        return c

    # ---- small derived facts used by every phase ------------------------------------

    def may_collect(self, seat: int, kind: int) -> bool:
        return self.excluded[seat] != kind

    def active_order(self) -> list[int]:
        """Player order without eliminated players."""
        return [seat for seat in self.order if not self.out[seat]]

    def mine_spaces(self, seat: int) -> list[int]:
        """Spaces with the seat's mine heads, ascending (read from ``mine_owner``)."""
        owners = self.mine_owner
        found: list[int] = []
        at = -1
        for _ in range(owners.count(seat)):
            at = owners.index(seat, at + 1)
            found.append(at)
        return found

    def is_empty(self, space: int) -> bool:
        """No cube, no mine head, no abandoned marker (the rulebook's "empty space")."""
        return (
            self.cube_count[space] == 0
            and self.mine_owner[space] == NO_ONE
            and not self.abandoned[space]
        )
