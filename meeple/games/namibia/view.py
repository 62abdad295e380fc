"""What a seat may see. Namibia hides nothing: every seat and spectators see all."""

from __future__ import annotations

from typing import Any

from meeple.games.namibia.actions import port_word
from meeple.games.namibia.board import COMMODITIES
from meeple.games.namibia.common import BOARD, SEAT_NAMES
from meeple.games.namibia.rules.setup import KINDS
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


def _label(space: int) -> str | None:
    return None if space == NO_ONE else BOARD.labels[space]


def build_view(s: NamibiaState, seat: int | None) -> dict[str, Any]:
    n = s.config.players
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
        "spaces": [_space(s, i) for i in range(len(BOARD.labels))],
        "rails": [BOARD.edge_label(e) for e, railed in enumerate(s.rails) if railed],
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


def _player(s: NamibiaState, p: int) -> dict[str, Any]:
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


def _market(s: NamibiaState) -> dict[str, Any]:
    return {
        name: {
            "price": s.price[k],
            "demand": s.demand[k],
            "supply": None if s.barrel[k] == NO_ONE else s.barrel[k],
        }
        for k, name in enumerate(COMMODITIES)
    }


def _space(s: NamibiaState, i: int) -> dict[str, Any]:
    owner = s.mine_owner[i]
    return {
        "label": BOARD.labels[i],
        "row": BOARD.positions[i][0],
        "col": BOARD.positions[i][1],
        "kind": BOARD.kinds[i],
        "commodity": COMMODITIES[s.cube_kind[i]] if s.cube_count[i] else None,
        "cubes": s.cube_count[i],
        "mine": None if owner == NO_ONE else {"owner": owner, "complete": s.mine_done[i]},
        "abandoned": s.abandoned[i],
        "railed": any(s.rails[e] for e in BOARD.space_edges[i]),
    }


def _ports(s: NamibiaState) -> list[dict[str, Any]]:
    return [
        {
            "label": BOARD.labels[space],
            "key": BOARD.port_keys[p],
            "name": BOARD.port_names[p],
            "word": port_word(BOARD.port_names[p]),  # as the ship actions write it
            "selected": s.chosen_ports[p],
        }
        for p, space in enumerate(BOARD.ports)
    ]


def _auction(s: NamibiaState) -> dict[str, Any]:
    return {
        "high_bid": s.high_bid,
        "minimum": max(s.round, s.high_bid + 1),
        "bids": list(s.bid),
        "bidders": list(s.bidders),
        "placed": list(s.passed),
    }


def _owed(s: NamibiaState) -> list[dict[str, Any]]:
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


def _shipment(s: NamibiaState) -> dict[str, Any]:
    return {
        "commodity": COMMODITIES[s.shipment[0]],
        "port": BOARD.port_names[s.shipment[1]],
        "active_player": s.shippers[0],
        "shipping_order": list(s.shippers),
    }


def _final(s: NamibiaState) -> list[dict[str, int]]:
    keys = (
        "reputation_before",
        "construction_payment",
        "points_bought",
        "reputation",
        "money_left",
    )
    return [dict(zip(keys, row, strict=True)) for row in s.final]
