"""What a seat may see. Namibia hides nothing: every seat and spectators see all.

The view's shape is ``NamibiaView`` and the TypedDicts under it: a view stays the
plain dict ``build_view`` makes (sent as it is), and the game's own readers
(render, svg, controls, guide, encoding, bots) take it typed, so renaming a key
here fails the type check of every reader. Views reach the game's readers through
the engine's untyped interfaces; ``typed`` turns one back into the type (views are
built only by ``build_view``), and ``untyped`` hands a typed view to the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypedDict, cast

from meeple.games.namibia.actions import port_word
from meeple.games.namibia.board import BOARD, COMMODITIES, KINDS, Commodity, SpaceKind
from meeple.games.namibia.state import (
    BID,
    COMPLETE_MINES,
    GAME_OVER,
    NO_ONE,
    PHASE_NAMES,
    RAIL_SHIPPING,
    TRUCK_SHIPPING,
    NamibiaState,
)
from meeple.games.namibia.texts import SEAT_NAMES


class MineView(TypedDict):
    owner: int  # the seat
    complete: bool  # upright; a flat mine head is under construction


class SpaceView(TypedDict):
    label: str
    row: int
    col: int
    kind: SpaceKind
    commodity: Commodity | None  # of its cubes; None without cubes
    cubes: int
    mine: MineView | None
    abandoned: bool
    railed: bool  # a rail lies along one of its sides


class PlayerView(TypedDict):
    seat: int
    name: str
    money: int
    reputation: int
    card: int  # the player summary card, 1-4
    excluded: Commodity  # the commodity the card bars
    mine_heads: int
    truck: str | None  # the label of the truck's space
    rails_to_place: int
    cubes_in_hand: dict[Commodity, int]  # only commodities held
    eliminated: bool


class MarketEntry(TypedDict):
    price: int
    demand: int
    supply: int | None  # the oil barrel while the commodity ships this round


class PortView(TypedDict):
    label: str
    key: str  # the old action word
    name: str  # as the map names it
    word: str  # as the ship actions write it
    selected: bool  # chosen this round


class SupplyView(TypedDict):
    cubes: dict[Commodity, int]
    rails: int
    abandoned_markers: int


class AuctionView(TypedDict):
    high_bid: int
    minimum: int
    bids: list[int]  # per seat
    bidders: list[int]  # seats still bidding, in turn
    placed: list[int]  # seats that passed, in the order they passed


class OwedView(TypedDict):
    """2.1: the supply's last cubes of a commodity and the completed mines waiting."""

    commodity: Commodity
    cubes_left: int
    mines: list[str]


class ShipmentView(TypedDict):
    commodity: Commodity
    port: str  # the port's name
    active_player: int
    shipping_order: list[int]


class FinalRow(TypedDict):
    reputation_before: int
    construction_payment: int
    points_bought: int
    reputation: int
    money_left: int


class NamibiaView(TypedDict):
    game: Literal["namibia"]
    seat: int | None  # None: a spectator
    version: int
    round: int
    phase: str  # one of state.PHASE_NAMES
    to_act: list[int]
    order: list[int]
    last_player: int
    players: list[PlayerView]
    market: dict[Commodity, MarketEntry]
    spaces: list[SpaceView]  # in board order
    rails: list[str]  # the labels of the railed edges
    ports: list[PortView]
    supply: SupplyView
    auction: AuctionView | None  # while the bribe is on
    additional_cubes: list[OwedView] | None  # while 2.1 asks
    shipment: ShipmentView | None  # during truck and rail shipping
    final: list[FinalRow] | None  # once the game is over


EngineView = Mapping[str, object]
"""A view as the engine's interfaces pass it (``typed`` makes it a NamibiaView)."""


def typed(view: EngineView) -> NamibiaView:
    """A view as the engine hands it back, as the type ``build_view`` built it with
    (views are built only by ``build_view``; nothing is checked or copied)."""
    return cast(NamibiaView, view)  # JSON edge


def untyped(view: NamibiaView) -> dict[str, object]:
    """A typed view as the engine's interfaces take it (the same dict)."""
    return cast(dict[str, object], view)  # JSON edge


def _label(space: int) -> str | None:
    return None if space == NO_ONE else BOARD.labels[space]


# What never changes, looked up once: per space its label, row, column and kind;
# per edge its label; per port its label, key, name and word.
_SPACES = tuple(
    (label, row, col, kind)
    for label, (row, col), kind in zip(BOARD.labels, BOARD.positions, BOARD.kinds, strict=True)
)
_EDGE_LABELS = tuple(BOARD.edge_label(e) for e in range(len(BOARD.edges)))
_PORTS = tuple(
    (BOARD.labels[space], BOARD.port_keys[p], BOARD.port_names[p], port_word(BOARD.port_names[p]))
    for p, space in enumerate(BOARD.ports)
)


def build_view(s: NamibiaState, seat: int | None) -> NamibiaView:
    n = s.config.players
    railed_edges = [e for e, railed in enumerate(s.rails) if railed]
    return {
        "game": "namibia",
        "seat": seat,
        "version": s.version,
        "round": s.round,
        "phase": PHASE_NAMES[s.phase],
        "to_act": [] if s.phase == GAME_OVER else [s.actor],
        "order": list(s.order),
        "last_player": s.last_seat,
        "players": [_player(s, p) for p in range(n)],
        "market": _market(s),
        "spaces": _spaces(s, railed_edges),
        "rails": [_EDGE_LABELS[e] for e in railed_edges],
        "ports": _ports(s),
        "supply": {
            "cubes": dict(zip(COMMODITIES, s.supply, strict=True)),
            "rails": s.supply_rails,
            "abandoned_markers": s.supply_markers,
        },
        "auction": _auction(s) if s.phase == BID else None,
        "additional_cubes": _owed(s) if s.phase == COMPLETE_MINES else None,
        "shipment": _shipment(s) if s.phase in (TRUCK_SHIPPING, RAIL_SHIPPING) else None,
        "final": _final(s) if s.phase == GAME_OVER else None,
    }


def _player(s: NamibiaState, p: int) -> PlayerView:
    return {
        "seat": p,
        "name": SEAT_NAMES[p],
        "money": s.money[p],
        "reputation": s.reputation[p],
        "card": s.card[p],
        "excluded": COMMODITIES[s.excluded[p]],
        "mine_heads": s.heads[p],
        "truck": _label(s.truck[p]),
        "rails_to_place": s.rails_held[p],
        "cubes_in_hand": {
            COMMODITIES[k]: s.hand[p * KINDS + k] for k in range(KINDS) if s.hand[p * KINDS + k]
        },
        "eliminated": bool(s.out[p]),
    }


def _market(s: NamibiaState) -> dict[Commodity, MarketEntry]:
    return {
        name: {
            "price": s.price[k],
            "demand": s.demand[k],
            "supply": None if s.barrel[k] == NO_ONE else s.barrel[k],
        }
        for k, name in enumerate(COMMODITIES)
    }


def _spaces(s: NamibiaState, railed_edges: list[int]) -> list[SpaceView]:
    """Every space: its fixed features, cubes, mine, abandoned marker, and whether
    a rail touches it (a space is railed when a railed edge ends at it)."""
    railed = [False] * len(_SPACES)
    for e in railed_edges:
        a, b = BOARD.edges[e]
        railed[a] = railed[b] = True
    kinds, counts, owners = s.cube_kind, s.cube_count, s.mine_owner
    done, abandoned = s.mine_done, s.abandoned
    return [
        {
            "label": label,
            "row": row,
            "col": col,
            "kind": kind,
            "commodity": COMMODITIES[kinds[i]] if counts[i] else None,
            "cubes": counts[i],
            "mine": None if owners[i] == NO_ONE else {"owner": owners[i], "complete": done[i]},
            "abandoned": abandoned[i],
            "railed": railed[i],
        }
        for i, (label, row, col, kind) in enumerate(_SPACES)
    ]


def _ports(s: NamibiaState) -> list[PortView]:
    """Every port; its word is its name as the ship actions write it."""
    return [
        {"label": label, "key": key, "name": name, "word": word, "selected": s.chosen_ports[p]}
        for p, (label, key, name, word) in enumerate(_PORTS)
    ]


def _auction(s: NamibiaState) -> AuctionView:
    return {
        "high_bid": s.high_bid,
        "minimum": max(s.round, s.high_bid + 1),
        "bids": list(s.bid),
        "bidders": list(s.bidders),
        "placed": list(s.passed),
    }


def _owed(s: NamibiaState) -> list[OwedView]:
    """2.1: per commodity, the supply's last cubes and the completed mines that wait
    for one (the builder chooses which take them)."""
    waiting: dict[int, list[str]] = {}
    for i in range(len(BOARD.labels)):
        if s.owed >> i & 1:
            waiting.setdefault(s.cube_kind[i], []).append(BOARD.labels[i])
    return [
        {"commodity": COMMODITIES[k], "cubes_left": s.supply[k], "mines": mines}
        for k, mines in sorted(waiting.items())
    ]


def _shipment(s: NamibiaState) -> ShipmentView:
    return {
        "commodity": COMMODITIES[s.shipment[0]],
        "port": BOARD.port_names[s.shipment[1]],
        "active_player": s.shippers[0],
        "shipping_order": list(s.shippers),
    }


def _final(s: NamibiaState) -> list[FinalRow]:
    return [
        {
            "reputation_before": before,
            "construction_payment": payment,
            "points_bought": bought,
            "reputation": reputation,
            "money_left": money,
        }
        for before, payment, bought, reputation, money in s.final
    ]
