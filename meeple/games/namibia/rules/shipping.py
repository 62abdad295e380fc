"""3. Shipping: the first three players each choose a commodity and a port."""

from __future__ import annotations

from meeple.games.namibia.actions import ACT
from meeple.games.namibia.board import BOARD, COMMODITIES
from meeple.games.namibia.rules.bits import Picker
from meeple.games.namibia.rules.geometry import linked_mask
from meeple.games.namibia.rules.pieces import set_cubes
from meeple.games.namibia.state import (
    NO_ONE,
    RAIL_SHIPPING,
    SELECT_SHIPMENT,
    TRUCK_SHIPPING,
    NamibiaState,
)
from meeple.games.namibia.texts import say, what, where, who

LEADERS = 3  # "only the first three players lead a shipping phase"
SHIP_MINE = Picker(ACT.ship_mine)


def begin_shipping(s: NamibiaState) -> None:
    s.phase = SELECT_SHIPMENT
    s.pos = 0
    s.chosen_kinds = [False] * len(COMMODITIES)
    s.chosen_ports = [False] * len(BOARD.ports)


def leaders(s: NamibiaState) -> list[int]:
    return s.active_order()[:LEADERS]


def forced_kinds(s: NamibiaState) -> list[int]:
    """Commodities the current leader may select.

    Three players: the last player must take the highest priced unshipped commodity
    (a choice among equals on a tie), collectable or not.
    """
    free = [k for k in range(len(COMMODITIES)) if not s.chosen_kinds[k]]
    if s.config.players == 3 and s.pos == 2:
        top = max(s.price[k] for k in free)
        return [k for k in free if s.price[k] == top]
    return free


def select_options(s: NamibiaState) -> list[int]:
    ports = [p for p in range(len(BOARD.ports)) if not s.chosen_ports[p]]
    return [ACT.ship[k][p] for k in forced_kinds(s) for p in ports]


def select(s: NamibiaState, seat: int, kind: int, port: int) -> None:
    """Disc beside the port, supply marker on 0; the active player ships first."""
    s.chosen_kinds[kind] = True
    s.chosen_ports[port] = True
    s.shipment = [kind, port]
    s.barrel[kind] = 0
    s.halved[kind] = False
    s.linked = linked_mask(s, port)
    s.shippers = [seat] + [x for x in s.active_order() if x != seat]
    s.phase, s.todo = TRUCK_SHIPPING, 0
    say(s, "select", _selected, seat, kind, port, seat=seat, kind=kind, port=port)


def _selected(seat: int, kind: int, port: int) -> str:
    return f"{who(seat)} ships {what(kind)} through {BOARD.port_names[port]}"


def truck_can_ship(s: NamibiaState, seat: int) -> bool:
    space = s.truck[seat]
    return space != NO_ONE and s.cube_count[space] > 0 and s.cube_kind[space] == s.shipment[0]


def ship_cube(s: NamibiaState, seat: int, kind: int) -> int:
    """One cube sold: supply +1; the price halves (rounded up) once supply > demand."""
    s.barrel[kind] += 1
    if s.barrel[kind] > s.demand[kind] and not s.halved[kind]:
        s.price[kind] = max(1, (s.price[kind] + 1) // 2)
        s.halved[kind] = True
    s.money[seat] += s.price[kind]
    return s.price[kind]


def _reward_leader(s: NamibiaState, seat: int) -> int:
    """The active player gains 2 reputation per other player's truck or mine shipped."""
    leader = s.shippers[0]
    if seat == leader:
        return 0
    s.reputation[leader] += 2
    return 2


def _bonus_note(leader: int, bonus: int) -> str:
    return f"; {who(leader)} +{bonus} reputation" if bonus else ""


def _trucked(seat: int, kind: int, space: int, earned: int, leader: int, bonus: int) -> str:
    note = _bonus_note(leader, bonus)
    return f"{who(seat)} trucks 1 {what(kind)} from {where(space)} for {earned} GM{note}"


def load_truck(s: NamibiaState, seat: int) -> None:
    kind, space = s.shipment[0], s.truck[seat]
    set_cubes(s, space, s.cube_kind[space], s.cube_count[space] - 1)
    s.supply[kind] += 1
    earned = ship_cube(s, seat, kind)
    bonus = _reward_leader(s, seat)
    s.todo += 1
    say(
        s,
        "truck-ship",
        _trucked,
        seat,
        kind,
        space,
        earned,
        s.shippers[0],
        bonus,
        seat=seat,
        space=space,
        earned=earned,
    )


def _skipped(seat: int) -> str:
    return f"{who(seat)} does not ship by truck"


def skip_truck(s: NamibiaState, seat: int) -> None:
    s.todo += 1
    say(s, "truck-skip", _skipped, seat, seat=seat)


def mine_options(s: NamibiaState, seat: int) -> list[int]:
    """Completed mines of the seat with cubes of the commodity, linked to the port by rail."""
    mines = s.mines_mask[seat] & s.built_mask & s.cubes_mask[s.shipment[0]] & s.linked
    return [*SHIP_MINE.pick(mines), ACT.stop] if mines else []


def ship_mine(s: NamibiaState, seat: int, space: int) -> None:
    """A mine that ships ships all its cubes."""
    kind = s.shipment[0]
    cubes = s.cube_count[space]
    earned = sum(ship_cube(s, seat, kind) for _ in range(cubes))
    set_cubes(s, space, s.cube_kind[space], 0)
    s.supply[kind] += cubes
    bonus = _reward_leader(s, seat)
    say(
        s,
        "rail-ship",
        _railed,
        seat,
        cubes,
        kind,
        space,
        earned,
        s.shippers[0],
        bonus,
        seat=seat,
        space=space,
        cubes=cubes,
        earned=earned,
    )


def _railed(
    seat: int, cubes: int, kind: int, space: int, earned: int, leader: int, bonus: int
) -> str:
    note = _bonus_note(leader, bonus)
    return (
        f"{who(seat)} ships {cubes} {what(kind)} by rail from {where(space)} for {earned} GM{note}"
    )


def _stopped(seat: int) -> str:
    return f"{who(seat)} ships nothing more"


def stop_shipping(s: NamibiaState, seat: int) -> None:
    s.todo += 1
    say(s, "rail-stop", _stopped, seat, seat=seat)


def to_rail_shipping(s: NamibiaState) -> None:
    s.phase, s.todo = RAIL_SHIPPING, 0


def end_shipment(s: NamibiaState) -> None:
    s.shipment = [NO_ONE, NO_ONE]
    s.linked = 0
    s.shippers = []
    s.phase = SELECT_SHIPMENT
    s.pos += 1
