"""Pieces on the board: cubes, mine heads, abandoned markers and rails.

The rules change the board only through ``set_cubes``, ``set_mine``,
``set_marker`` and ``set_rail``, which write the state's board lists and keep the
fields derived from them in step, at the cost of a few int operations: the
bitmasks (bit ``i`` of ``cubes_mask[k]`` is set exactly when space ``i`` holds
cubes of commodity ``k``, and so on; see ``NamibiaState``) and ``rail_ends``.
``rebuild`` derives every such field afresh from the lists, for a position built
by hand, and ``stale_masks`` names those that disagree with the lists (none when
all agree), for checks.
"""

from __future__ import annotations

from bisect import bisect_left

from meeple.games.namibia.actions import ACT
from meeple.games.namibia.board import BOARD, COMMODITIES
from meeple.games.namibia.rules.bits import Picker, mask_of
from meeple.games.namibia.rules.geometry import (
    EDGE_LIST,
    NEAR,
    NEIGHBORS,
    linked_mask,
    rail_ends_of,
)
from meeple.games.namibia.state import NO_ONE, NamibiaState

MINE = Picker(ACT.mine)  # spaces (a bitmask) -> their mine actions, in board order


def set_cubes(s: NamibiaState, space: int, kind: int, count: int) -> None:
    """The space now holds ``count`` cubes of ``kind`` (``kind`` may be NO_ONE at 0)."""
    bit = 1 << space
    old = s.cube_kind[space]
    s.cube_kind[space], s.cube_count[space] = kind, count
    held = count > 0 and kind != NO_ONE
    if old != NO_ONE and s.cubes_mask[old] & bit and not (held and kind == old):
        s.cubes_mask[old] &= ~bit
        s.near_mask[old] = NEAR.spread(s.cubes_mask[old])
    if held and not s.cubes_mask[kind] & bit:
        s.cubes_mask[kind] |= bit
        s.near_mask[kind] |= NEIGHBORS[space]


def set_mine(s: NamibiaState, space: int, owner: int, done: bool) -> None:
    """A mine head of ``owner`` (NO_ONE: none) stands on the space, upright if ``done``."""
    bit = 1 << space
    old = s.mine_owner[space]
    if old != NO_ONE:
        s.mines_mask[old] &= ~bit
    s.mine_owner[space], s.mine_done[space] = owner, done
    if owner != NO_ONE:
        s.mines_mask[owner] |= bit
    s.built_mask = s.built_mask | bit if done else s.built_mask & ~bit


def put_mine_head(s: NamibiaState, seat: int, space: int, upright: bool) -> None:
    """One of the seat's mine heads onto the space: upright (complete) or flat."""
    set_mine(s, space, seat, upright)
    s.heads[seat] -= 1


def add_cubes(s: NamibiaState, space: int, kind: int, wanted: int) -> int:
    """Move up to ``wanted`` cubes of ``kind`` from the supply onto the space (which
    is empty or already holds that kind); returns how many moved."""
    added = min(wanted, s.supply[kind])
    s.supply[kind] -= added
    set_cubes(s, space, kind, s.cube_count[space] + added)
    return added


def set_marker(s: NamibiaState, space: int) -> None:
    """An abandoned marker now lies on the space."""
    s.abandoned[space] = True
    s.marker_mask |= 1 << space


def set_rail(s: NamibiaState, edge: int) -> None:
    """A rail now lies on the edge; the rail-less edges sharing a corner with it
    become rail ends (kept as ascending rail action indices)."""
    s.rails[edge] = True
    s.rail_mask |= 1 << edge
    ends = s.rail_ends
    _drop(ends, ACT.rail[edge])
    for other in BOARD.edge_neighbors[edge]:
        if not s.rails[other]:
            _keep(ends, ACT.rail[other])


def _keep(items: list[int], item: int) -> None:
    """Insert ``item`` into the ascending list ``items`` unless it is there."""
    at = bisect_left(items, item)
    if at == len(items) or items[at] != item:
        items.insert(at, item)


def _drop(items: list[int], item: int) -> None:
    """Remove ``item`` from the ascending list ``items`` if it is there."""
    at = bisect_left(items, item)
    if at < len(items) and items[at] == item:
        del items[at]


def rebuild(s: NamibiaState) -> None:
    """Derive every derived field afresh from the board lists (``linked`` also from
    the shipment's port)."""
    for name, value in derived_masks(s).items():
        setattr(s, name, value)


def derived_masks(s: NamibiaState) -> dict[str, object]:
    """The value every derived field must have, computed from the board lists alone."""
    spaces = range(len(BOARD.labels))
    held = [i for i in spaces if s.cube_count[i] and s.cube_kind[i] != NO_ONE]
    cubes = [mask_of(i for i in held if s.cube_kind[i] == k) for k in range(len(COMMODITIES))]
    railed = mask_of(e for e, rail in enumerate(s.rails) if rail)
    port = s.shipment[1]
    return {
        "cubes_mask": cubes,
        "near_mask": [NEAR.spread(mask) for mask in cubes],
        "mines_mask": [
            mask_of(i for i in spaces if s.mine_owner[i] == seat)
            for seat in range(s.config.players)
        ],
        "built_mask": mask_of(i for i in spaces if s.mine_done[i]),
        "marker_mask": mask_of(i for i in spaces if s.abandoned[i]),
        "rail_mask": railed,
        "rail_ends": [ACT.rail[e] for e in EDGE_LIST.pick(rail_ends_of(railed))],
        "linked": 0 if port == NO_ONE else linked_mask(s, port),
    }


def stale_masks(s: NamibiaState) -> list[str]:
    """Names of the derived fields that disagree with the board lists."""
    return [name for name, value in derived_masks(s).items() if getattr(s, name) != value]
