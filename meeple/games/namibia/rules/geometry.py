"""Board queries the phases share: empty spaces, seams, rail ends, rail connection.

Most queries read the state's bitmasks (kept in step with the board lists by
``rules.pieces``), so each is a few set operations on ints; ``SPACE_LIST`` and
``EDGE_LIST`` turn a mask back into ascending space or edge numbers. The queries
used while a phase is being entered (``touches_abandoned``, ``linked_mask``) read
the board lists, so they also serve a position set up by hand before
``rules.flow.advance`` has derived its masks.
"""

from __future__ import annotations

from meeple.games.namibia.board import BOARD
from meeple.games.namibia.rules.bits import Picker, Spreader, mask_of, union
from meeple.games.namibia.state import NamibiaState

SPACES = range(len(BOARD.labels))
RAIL_EDGES = range(len(BOARD.edges))
USABLE = mask_of(i for i in SPACES if BOARD.usable[i])
NEIGHBORS = tuple(mask_of(BOARD.neighbors[i]) for i in SPACES)
NEAR = Spreader(NEIGHBORS)  # spaces -> the spaces next to them
RAIL_NEIGHBORS = tuple(mask_of(BOARD.edge_neighbors[e]) for e in RAIL_EDGES)  # sharing a corner
RAIL_NEAR = Spreader(RAIL_NEIGHBORS)  # edges -> the edges sharing a corner with them
SPACE_LIST = Picker(SPACES)
EDGE_LIST = Picker(RAIL_EDGES)
EDGE_ENDS = tuple(mask_of(BOARD.edges[e]) for e in RAIL_EDGES)  # the two spaces along an edge


def cube_mask(state: NamibiaState) -> int:
    """Spaces holding one or more cubes."""
    return union(state.cubes_mask)


def mine_mask(state: NamibiaState) -> int:
    """Spaces with a mine head (flat or upright) of any player."""
    return union(state.mines_mask)


def empty_mask(state: NamibiaState) -> int:
    """Usable spaces with no cube, mine head or abandoned marker (the rulebook's
    "empty space")."""
    return USABLE & ~(cube_mask(state) | mine_mask(state) | state.marker_mask)


def touches_cube(state: NamibiaState, space: int) -> bool:
    return bool(NEIGHBORS[space] & cube_mask(state))


def touches_seam(state: NamibiaState, space: int, kind: int) -> bool:
    """Adjacent to a space holding one or more cubes of ``kind``."""
    return bool(NEIGHBORS[space] & state.cubes_mask[kind])


def touches_abandoned(state: NamibiaState, space: int) -> bool:
    """Adjacent to an abandoned marker (read from the ``abandoned`` list)."""
    return any(map(state.abandoned.__getitem__, BOARD.neighbors[space]))


def near_cubes(state: NamibiaState) -> int:
    """Spaces next to a space holding one or more cubes."""
    return union(state.near_mask)


def seam_mask(state: NamibiaState, kind: int, empty: int) -> int:
    """Spaces of ``empty`` next to a space holding cubes of ``kind`` (2.3 Prospect)."""
    return state.near_mask[kind] & empty


def seam_ends(state: NamibiaState, kinds: list[int]) -> list[tuple[int, int]]:
    """(kind, space), ascending: empty spaces next to a space holding cubes of a kind
    in ``kinds``."""
    empty = empty_mask(state)
    return [
        (kind, space)
        for kind in sorted(set(kinds))
        for space in SPACE_LIST.pick(seam_mask(state, kind, empty))
    ]


def rail_ends_of(railed: int) -> int:
    """Edges without a rail that share a corner with one of the ``railed`` edges
    (where 2.4 Place Rails may put a rail)."""
    return RAIL_NEAR.spread(railed) & ~railed


def linked_mask(state: NamibiaState, port: int) -> int:
    """Spaces with one of their railed sides in the port's rail network: the railed
    edges connected, rail to rail through shared corners, to a side of the port
    (read from the ``rails`` list)."""
    rails, near = state.rails, BOARD.edge_neighbors
    frontier = [e for e in BOARD.space_edges[BOARD.ports[port]] if rails[e]]
    reached = set(frontier)
    linked = 0
    while frontier:
        edge = frontier.pop()
        linked |= EDGE_ENDS[edge]
        for other in near[edge]:
            if rails[other] and other not in reached:
                reached.add(other)
                frontier.append(other)
    return linked


def linked_to_port(state: NamibiaState, port: int) -> tuple[bool, ...]:
    """Per space: is one of its railed sides in the port's rail network?"""
    linked = linked_mask(state, port)
    return tuple(bool(linked >> i & 1) for i in SPACES)
