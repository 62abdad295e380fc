"""Getting Started: initial placements, cards, cube round, starting mines, rails."""

from __future__ import annotations

from meeple.games.namibia.board import COMMODITIES
from meeple.games.namibia.common import ACT, BOARD, say, what, where, who
from meeple.games.namibia.rules.geometry import empty_spaces, rail_options, spaces_next_to_cubes
from meeple.games.namibia.state import NO_ONE, NamibiaState

KINDS = len(COMMODITIES)


# ---- the cube placement round -----------------------------------------------------


def cube_placer(s: NamibiaState) -> int:
    """Next seat, clockwise from ``pos``, that still holds a cube; NO_ONE when done."""
    n = s.config.players
    for step in range(n):
        seat = s.order[(s.pos + step) % n]
        if any(s.hand[seat * KINDS : seat * KINDS + KINDS]):
            s.pos = (s.pos + step) % n
            return seat
    return NO_ONE


def cube_options(s: NamibiaState, seat: int) -> list[int]:
    """Empty spaces, avoiding spaces next to a cube where possible (Getting Started)."""
    spaces = empty_spaces(s)
    crowded = spaces_next_to_cubes(s)
    apart = [i for i in spaces if i not in crowded]
    targets = apart or spaces
    return [
        ACT.place[kind][i] for kind in range(KINDS) if s.hand[seat * KINDS + kind] for i in targets
    ]


def place_cube(s: NamibiaState, seat: int, kind: int, space: int) -> None:
    s.hand[seat * KINDS + kind] -= 1
    s.cube_kind[space], s.cube_count[space] = kind, 1
    s.pos = (s.pos + 1) % s.config.players
    say(
        s,
        "place",
        f"{who(seat)} places {what(kind)} on {where(space)}",
        seat=seat,
        kind=kind,
        space=space,
    )


# ---- starting mines and mines under construction -------------------------------------


def starting_mine_options(s: NamibiaState, seat: int, avoid_kind: int = NO_ONE) -> list[int]:
    """Spaces with a cube of a kind the seat may collect, and no mine head yet."""
    return [
        ACT.mine[i]
        for i, count in enumerate(s.cube_count)
        if count
        and s.mine_owner[i] == NO_ONE
        and s.may_collect(seat, s.cube_kind[i])
        and s.cube_kind[i] != avoid_kind
    ]


def starting_mine_kind(s: NamibiaState, seat: int) -> int:
    for i, owner in enumerate(s.mine_owner):
        if owner == seat and s.mine_done[i]:
            return s.cube_kind[i]
    return NO_ONE


def add_cubes(s: NamibiaState, space: int, wanted: int) -> int:
    """Move up to ``wanted`` cubes of the space's kind from the supply onto it."""
    kind = s.cube_kind[space]
    added = min(wanted, s.supply[kind])
    s.supply[kind] -= added
    s.cube_count[space] += added
    return added


def put_mine_head(s: NamibiaState, seat: int, space: int, upright: bool) -> None:
    s.mine_owner[space] = seat
    s.mine_done[space] = upright
    s.heads[seat] -= 1


def place_setup_mine(s: NamibiaState, seat: int, space: int, upright: bool) -> None:
    """A starting mine stands upright with +2 cubes; one under construction lies flat, +1."""
    put_mine_head(s, seat, space, upright)
    added = add_cubes(s, space, 2 if upright else 1)
    s.pos += 1
    state_word = "opens a starting" if upright else "starts building a"
    say(
        s,
        "mine",
        f"{who(seat)} {state_word} {what(s.cube_kind[space])} mine on {where(space)} "
        f"(+{added} cubes)",
        seat=seat,
        space=space,
    )


def setup_rail_options(s: NamibiaState) -> list[int]:
    if s.supply_rails <= 0:
        return []
    return [ACT.rail[e] for e in rail_options(s)]


def place_rail(s: NamibiaState, seat: int, edge: int) -> None:
    s.rails[edge] = True
    s.supply_rails -= 1
    s.todo -= 1
    say(s, "rail", f"{who(seat)} lays a rail on {BOARD.edge_label(edge)}", seat=seat, edge=edge)
