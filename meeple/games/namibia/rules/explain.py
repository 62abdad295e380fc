"""Why an action is refused: the rulebook section and what would be right."""

from __future__ import annotations

from meeple.engine import Action, IllegalAction
from meeple.games.namibia.board import BOARD, COMMODITIES, KINDS
from meeple.games.namibia.rules import auction
from meeple.games.namibia.rules.construction import extension_targets, owed_by_kind
from meeple.games.namibia.rules.geometry import touches_seam
from meeple.games.namibia.state import (
    BID,
    BUY_REPUTATION,
    COMPLETE_MINES,
    MOVE_TRUCK,
    NO_ONE,
    PHASE_NAMES,
    PLACE_RAIL,
    PROSPECT,
    RAIL_SHIPPING,
    SELECT_SHIPMENT,
    SETUP_BUILDING,
    SETUP_CUBES,
    SETUP_MINES,
    SETUP_RAILS,
    START_MINE,
    TRUCK_SHIPPING,
    NamibiaState,
)
from meeple.games.namibia.texts import what, where

SECTIONS = {
    SETUP_CUBES: ("Getting Started", ("place",), "place <commodity> <space>"),
    SETUP_MINES: ("Getting Started", ("mine",), "mine <space>"),
    SETUP_BUILDING: ("Getting Started", ("mine",), "mine <space>"),
    SETUP_RAILS: ("Getting Started", ("rail",), "rail <space>-<space>"),
    BID: ("1. Bribe Colonial Officials", ("bid", "pass"), "bid <GM> or pass"),
    COMPLETE_MINES: ("2. Construction: Complete Mines", ("feed",), "feed <space>"),
    START_MINE: ("2. Construction: Start a New Mine", ("mine",), "mine <space>"),
    PROSPECT: ("2. Construction: Prospect", ("prospect",), "prospect <commodity> <space>"),
    PLACE_RAIL: ("2. Construction: Place Rails", ("rail",), "rail <space>-<space>"),
    MOVE_TRUCK: ("2. Construction: Move Truck to Completed Mine", ("truck",), "truck <space>"),
    SELECT_SHIPMENT: ("3. Shipping", ("ship",), "ship <commodity> <port>"),
    TRUCK_SHIPPING: ("3. Shipping: Truck Shipping", ("load", "skip"), "load truck or skip truck"),
    RAIL_SHIPPING: (
        "3. Shipping: Rail Shipping",
        ("shipmine", "stop"),
        "ship mine <space> or stop shipping",
    ),
    BUY_REPUTATION: ("4. Administration: Purchasing Reputation", ("buy",), "buy <points>"),
}


def explain(s: NamibiaState, seat: int, action: Action) -> IllegalAction:
    rule, kinds, form = SECTIONS[s.phase]
    if action.kind not in kinds:
        return IllegalAction(
            rule,
            f"'{action.text}' does not fit now: the game waits for {PHASE_NAMES[s.phase]} ({form})",
        )
    reason = _reason(s, seat, action)
    return IllegalAction(rule, f"'{action.text}' is not allowed: {reason}")


def _reason(s: NamibiaState, seat: int, action: Action) -> str:
    args = [int(a) for a in action.args]
    if action.kind == "place":
        return _place_reason(s, seat, args[0], args[1])
    if action.kind == "mine":
        return _mine_reason(s, seat, args[0])
    if action.kind == "prospect":
        return _prospect_reason(s, seat, args[0], args[1])
    if action.kind == "rail":
        return _rail_reason(s, args[0])
    if action.kind == "truck":
        return f"{where(args[0])} is not one of your completed mines"
    if action.kind == "bid":
        return _bid_reason(s, seat, args[0])
    if action.kind == "ship":
        return _ship_reason(s, args[0], args[1])
    if action.kind == "shipmine":
        return _ship_mine_reason(s, seat, args[0])
    if action.kind == "feed":
        return _feed_reason(s, seat, args[0])
    if action.kind == "buy":
        return f"you have {s.money[seat]} GM, not enough for {args[0]} points"
    return "it is not one of your legal actions now"


def _place_reason(s: NamibiaState, seat: int, kind: int, space: int) -> str:
    if not s.hand[seat * KINDS + kind]:
        return f"you hold no {what(kind)} cube"
    if not s.is_empty(space):
        return f"{where(space)} is not empty"
    return (
        f"{where(space)} is next to a cube, and spaces apart from every cube are still "
        "free (cubes go next to others only where that cannot be avoided)"
    )


def _mine_reason(s: NamibiaState, seat: int, space: int) -> str:
    if s.phase == START_MINE and s.heads[seat] == 0:
        return "you have no mine head left"
    if not s.cube_count[space]:
        return f"{where(space)} holds no commodity cube (a mine needs a prospected space)"
    if s.mine_owner[space] != NO_ONE:
        return f"{where(space)} already has a mine"
    if not s.may_collect(seat, s.cube_kind[space]):
        return f"your card does not allow you to collect {what(s.cube_kind[space])}"
    return "your mine under construction must be of a different commodity than your first mine"


def _feed_reason(s: NamibiaState, seat: int, space: int) -> str:
    if s.mine_owner[space] != seat or not s.mine_done[space]:
        return f"{where(space)} is not one of your completed mines"
    if not s.owed >> space & 1:
        return f"the mine on {where(space)} is not waiting for an additional cube"
    kind = next(k for k, spaces in enumerate(owed_by_kind(s)) if spaces)
    return (
        f"first choose which {what(kind)} mine takes the next of the last "
        f"{what(kind)} cubes in the supply"
    )


def _prospect_reason(s: NamibiaState, seat: int, kind: int, space: int) -> str:
    if not s.may_collect(seat, kind):
        return f"your card does not allow you to collect {what(kind)}"
    if not s.supply[kind]:
        return f"no {what(kind)} cube is left in the supply"
    if not BOARD.usable[space] or not s.is_empty(space):
        return f"{where(space)} is not an empty space"
    if not touches_seam(s, space, kind) and extension_targets(s, seat):
        k, i = extension_targets(s, seat)[0]
        return (
            f"a seam can still be extended (for example {what(k)} on {where(i)}), "
            "so no new seam may be started"
        )
    return f"{where(space)} does not extend a {what(kind)} seam"


def _rail_reason(s: NamibiaState, edge: int) -> str:
    if s.rails[edge]:
        return f"{BOARD.edge_label(edge)} already has a rail"
    return f"a rail on {BOARD.edge_label(edge)} would not connect to an existing rail"


def _bid_reason(s: NamibiaState, seat: int, amount: int) -> str:
    lowest = auction.minimum_bid(s)
    if amount < lowest:
        return f"the lowest bid allowed now is {lowest} GM"
    return f"you have only {s.money[seat]} GM"


def _ship_reason(s: NamibiaState, kind: int, port: int) -> str:
    if s.chosen_kinds[kind]:
        return f"{what(kind)} has already been selected this round"
    if s.chosen_ports[port]:
        return f"{BOARD.port_names[port]} has already been selected this round"
    free = [COMMODITIES[k] for k in range(KINDS) if not s.chosen_kinds[k]]
    return (
        "in a three-player game the last player must ship the highest priced "
        f"unshipped commodity (unshipped: {', '.join(free)})"
    )


def _ship_mine_reason(s: NamibiaState, seat: int, space: int) -> str:
    if s.mine_owner[space] != seat or not s.mine_done[space]:
        return f"{where(space)} is not one of your completed mines"
    if not s.cube_count[space] or s.cube_kind[space] != s.shipment[0]:
        return f"{where(space)} holds no {what(s.shipment[0])}"
    return f"{where(space)} is not connected by rail to {BOARD.port_names[s.shipment[1]]}"
