"""Why an action is refused: the rulebook section and what would be right.

One source of legality: each reason is read from the same queries that list the
legal actions (``setup``'s and the phases' ``*_options``, the masks of
``rules.geometry``), so a reason is found exactly for the actions those lists
leave out. An action no reason covers is a legal one (or one the lists miss):
the refusal is then the engine's ``unexplained`` fallback, naming legal actions.
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.engine import Action, IllegalAction, unexplained
from meeple.games.namibia.actions import ACT, MAX_BUY
from meeple.games.namibia.board import BOARD, COMMODITIES, KINDS
from meeple.games.namibia.rules import apply, auction, shipping
from meeple.games.namibia.rules.administration import REPUTATION_PRICE
from meeple.games.namibia.rules.construction import (
    extension_targets,
    owed_by_kind,
    prospect_kinds,
)
from meeple.games.namibia.rules.geometry import cube_mask, empty_mask, mine_mask
from meeple.games.namibia.setup import cube_targets, starting_mine_kind
from meeple.games.namibia.state import (
    BID,
    BUY_REPUTATION,
    COMPLETE_MINES,
    GAME_OVER,
    MOVE_TRUCK,
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
    GAME_OVER: ("End of the Game", (), "no action"),
}


def explain(s: NamibiaState, seat: int, action: Action) -> IllegalAction:
    rule, kinds, form = SECTIONS[s.phase]
    if action.kind not in kinds:
        return IllegalAction(
            rule,
            f"'{action.text}' does not fit now: the game waits for {PHASE_NAMES[s.phase]} ({form})",
        )
    reason = REASONS.get(action.kind, _no_reason)(s, seat, *(int(a) for a in action.args))
    if reason is None:
        legal = [ACT.space[i].text for i in apply.legal_actions(s, seat)]
        return unexplained(f"'{action.text}'", legal)
    return IllegalAction(rule, f"'{action.text}' is not allowed: {reason}")


def _has(mask: int, item: int) -> bool:
    return bool(mask >> item & 1)


def _no_reason(s: NamibiaState, seat: int, *args: int) -> str | None:
    """Pass, load, skip and stop are legal whenever their phase asks."""
    return None


def _place_reason(s: NamibiaState, seat: int, kind: int, space: int) -> str | None:
    """Getting Started: the seat's cubes in hand onto ``setup.cube_targets``."""
    if not s.hand[seat * KINDS + kind]:
        return f"you hold no {what(kind)} cube"
    if not _has(empty_mask(s), space):
        return f"{where(space)} is not empty"
    if not _has(cube_targets(s), space):
        return (
            f"{where(space)} is next to a cube, and spaces apart from every cube are still "
            "free (cubes go next to others only where that cannot be avoided)"
        )
    return None


def _mine_reason(s: NamibiaState, seat: int, space: int) -> str | None:
    """As ``setup.starting_mine_options`` and ``construction.start_mine_options``
    list mines: on cubes, without a mine head, of a kind the card allows (and in
    setup's second round not the first mine's kind); 2.2 takes a mine head left."""
    if s.phase == START_MINE and s.heads[seat] <= 0:
        return "you have no mine head left"
    if not _has(cube_mask(s), space):
        return f"{where(space)} holds no commodity cube (a mine needs a prospected space)"
    if _has(mine_mask(s), space):
        return f"{where(space)} already has a mine"
    kind = s.cube_kind[space]
    if not s.may_collect(seat, kind):
        return f"your card does not allow you to collect {what(kind)}"
    if s.phase == SETUP_BUILDING and kind == starting_mine_kind(s, seat):
        return "your mine under construction must be of a different commodity than your first mine"
    return None


def _feed_reason(s: NamibiaState, seat: int, space: int) -> str | None:
    """2.1, as ``construction.feed_options``: the owed mines of the first commodity
    whose mines wait."""
    if not _has(s.mines_mask[seat] & s.built_mask, space):
        return f"{where(space)} is not one of your completed mines"
    if not _has(s.owed, space):
        return f"the mine on {where(space)} is not waiting for an additional cube"
    kind = next(k for k, spaces in enumerate(owed_by_kind(s)) if spaces)
    if s.cube_kind[space] != kind:
        return (
            f"first choose which {what(kind)} mine takes the next of the last "
            f"{what(kind)} cubes in the supply"
        )
    return None


def _prospect_reason(s: NamibiaState, seat: int, kind: int, space: int) -> str | None:
    """2.3, as ``construction.prospect_options``: a commodity of ``prospect_kinds``
    on an empty space, extending a seam while any seam can be extended."""
    if not s.may_collect(seat, kind):
        return f"your card does not allow you to collect {what(kind)}"
    if kind not in prospect_kinds(s, seat):
        return f"no {what(kind)} cube is left in the supply"
    if not _has(empty_mask(s), space):
        return f"{where(space)} is not an empty space"
    extensions = extension_targets(s, seat)
    if extensions and (kind, space) not in extensions:
        k, i = extensions[0]
        return (
            f"a seam can still be extended (for example {what(k)} on {where(i)}), "
            "so no new seam may be started"
        )
    return None


def _rail_reason(s: NamibiaState, seat: int, edge: int) -> str | None:
    """Getting Started and 2.4: a rail goes on a rail end (``rail_ends``)."""
    if s.rails[edge]:
        return f"{BOARD.edge_label(edge)} already has a rail"
    if ACT.rail[edge] not in s.rail_ends:
        return f"a rail on {BOARD.edge_label(edge)} would not connect to an existing rail"
    if s.phase == SETUP_RAILS and s.supply_rails <= 0:
        return "no rail is left in the supply"
    return None


def _truck_reason(s: NamibiaState, seat: int, space: int) -> str | None:
    """2.5, as ``construction.truck_options``: one of the seat's completed mines."""
    if not _has(s.mines_mask[seat] & s.built_mask, space):
        return f"{where(space)} is not one of your completed mines"
    return None


def _bid_reason(s: NamibiaState, seat: int, amount: int) -> str | None:
    """1., as ``auction.bid_options``: from the minimum bid to the seat's money."""
    lowest = auction.minimum_bid(s)
    if amount < lowest:
        return f"the lowest bid allowed now is {lowest} GM"
    if amount > s.money[seat]:
        return f"you have only {s.money[seat]} GM"
    return None


def _ship_reason(s: NamibiaState, seat: int, kind: int, port: int) -> str | None:
    """3., as ``shipping.select_options``: an unselected port and a commodity of
    ``shipping.forced_kinds``."""
    if s.chosen_kinds[kind]:
        return f"{what(kind)} has already been selected this round"
    if s.chosen_ports[port]:
        return f"{BOARD.port_names[port]} has already been selected this round"
    if kind not in shipping.forced_kinds(s):
        free = [COMMODITIES[k] for k in range(KINDS) if not s.chosen_kinds[k]]
        return (
            "in a three-player game the last player must ship the highest priced "
            f"unshipped commodity (unshipped: {', '.join(free)})"
        )
    return None


def _ship_mine_reason(s: NamibiaState, seat: int, space: int) -> str | None:
    """3.2, as ``shipping.mine_options``: a completed mine of the seat holding the
    commodity shipped, linked by rail to the port."""
    kind, port = s.shipment
    if not _has(s.mines_mask[seat] & s.built_mask, space):
        return f"{where(space)} is not one of your completed mines"
    if not _has(s.cubes_mask[kind], space):
        return f"{where(space)} holds no {what(kind)}"
    if not _has(s.linked, space):
        return f"{where(space)} is not connected by rail to {BOARD.port_names[port]}"
    return None


def _buy_reason(s: NamibiaState, seat: int, points: int) -> str | None:
    """4., as ``administration.buy_options``: as many points as the seat's money buys."""
    price = REPUTATION_PRICE[s.round]
    if points > min(s.money[seat] // price, MAX_BUY):
        return f"you have {s.money[seat]} GM, not enough for {points} points"
    return None


REASONS: dict[str, Callable[..., str | None]] = {
    "place": _place_reason,
    "mine": _mine_reason,
    "feed": _feed_reason,
    "prospect": _prospect_reason,
    "rail": _rail_reason,
    "truck": _truck_reason,
    "bid": _bid_reason,
    "ship": _ship_reason,
    "shipmine": _ship_mine_reason,
    "buy": _buy_reason,
}
