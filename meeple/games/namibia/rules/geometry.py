"""Board queries the phases share: adjacency of cubes, rail connection."""

from __future__ import annotations

from itertools import compress

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
    near = BOARD.edge_neighbors
    found = {f for e in compress(range(len(rails)), rails) for f in near[e] if not rails[f]}
    return sorted(found)


def linked_to_port(state: NamibiaState, port: int) -> tuple[bool, ...]:
    """Per space: is one of its railed sides in the port's rail network?"""
    rails = state.rails
    near = BOARD.edge_neighbors
    frontier = [e for e in BOARD.space_edges[BOARD.ports[port]] if rails[e]]
    reached = set(frontier)
    while frontier:
        for other in near[frontier.pop()]:
            if rails[other] and other not in reached:
                reached.add(other)
                frontier.append(other)
    linked = [False] * len(BOARD.labels)
    for edge in reached:
        a, b = BOARD.edges[edge]
        linked[a] = linked[b] = True
    return tuple(linked)


def seam_ends(state: NamibiaState, kinds: list[int]) -> list[tuple[int, int]]:
    """(kind, space): empty spaces next to a space holding cubes of a kind in ``kinds``."""
    counts, cube_kind, owners, abandoned = (
        state.cube_count,
        state.cube_kind,
        state.mine_owner,
        state.abandoned,
    )
    usable, neighbors = BOARD.usable, BOARD.neighbors
    found: set[tuple[int, int]] = set()
    for space, count in enumerate(counts):
        if not count or cube_kind[space] not in kinds:
            continue
        kind = cube_kind[space]
        for n in neighbors[space]:
            if usable[n] and not counts[n] and owners[n] == NO_ONE and not abandoned[n]:
                found.add((kind, n))
    return sorted(found)


def spaces_next_to_cubes(state: NamibiaState) -> set[int]:
    counts, neighbors = state.cube_count, BOARD.neighbors
    return {n for space, count in enumerate(counts) if count for n in neighbors[space]}
