"""Board queries the phases share: adjacency of cubes, rail connection."""

from __future__ import annotations

from meeple.games.namibia.common import BOARD
from meeple.games.namibia.state import NO_ONE, NamibiaState


def touches_cube(state: NamibiaState, space: int) -> bool:
    return any(state.cube_count[n] for n in BOARD.neighbors[space])


def touches_seam(state: NamibiaState, space: int, kind: int) -> bool:
    """Adjacent to a space holding one or more cubes of ``kind``."""
    counts, kinds = state.cube_count, state.cube_kind
    return any(counts[n] and kinds[n] == kind for n in BOARD.neighbors[space])


def touches_abandoned(state: NamibiaState, space: int) -> bool:
    return any(state.abandoned[n] for n in BOARD.neighbors[space])


def empty_spaces(state: NamibiaState) -> list[int]:
    """Usable spaces with no cube, mine head or abandoned marker."""
    return [
        i
        for i, ok in enumerate(BOARD.usable)
        if ok
        and not state.cube_count[i]
        and state.mine_owner[i] == NO_ONE
        and not state.abandoned[i]
    ]


def rail_options(state: NamibiaState) -> list[int]:
    """Edges without a rail that share a corner with a rail (2.4 Place Rails)."""
    rails = state.rails
    found: set[int] = set()
    for edge, railed in enumerate(rails):
        if not railed:
            continue
        for corner in BOARD.edge_corners[edge]:
            for other in BOARD.corner_edges[corner]:
                if not rails[other]:
                    found.add(other)
    return sorted(found)


def linked_to_port(state: NamibiaState, port: int) -> tuple[bool, ...]:
    """Per space: is one of its railed sides in the port's rail network?"""
    rails = state.rails
    start = [e for e in BOARD.space_edges[BOARD.ports[port]] if rails[e]]
    reached = set(start)
    frontier = list(start)
    while frontier:
        edge = frontier.pop()
        for corner in BOARD.edge_corners[edge]:
            for other in BOARD.corner_edges[corner]:
                if rails[other] and other not in reached:
                    reached.add(other)
                    frontier.append(other)
    return tuple(any(e in reached for e in BOARD.space_edges[i]) for i in range(len(BOARD.labels)))
