"""2. Construction: complete mines, start mines, prospect, place rails, move truck."""

from __future__ import annotations

from meeple.games.namibia.board import COMMODITIES
from meeple.games.namibia.common import ACT, BOARD, say, what, where, who
from meeple.games.namibia.rules.geometry import (
    empty_spaces,
    rail_options,
    seam_ends,
    touches_abandoned,
    touches_seam,
)
from meeple.games.namibia.rules.setup import add_cubes, put_mine_head
from meeple.games.namibia.state import NO_ONE, START_MINE, NamibiaState


def begin_turn(s: NamibiaState, seat: int) -> None:
    """A player's five construction actions start with completing mines (2.1)."""
    s.actor = seat
    complete_mines(s, seat)
    s.phase = START_MINE
    s.todo = 2 if seat == s.last_seat else 1


def complete_mines(s: NamibiaState, seat: int) -> None:
    """2.1: every flat mine head stands up; +1 cube unless next to an abandoned mine."""
    for space, owner in enumerate(s.mine_owner):
        if owner != seat or s.mine_done[space]:
            continue
        s.mine_done[space] = True
        if touches_abandoned(s, space):
            note = "no extra cube: the seam is exhausted next to an abandoned mine"
        else:
            note = f"+{add_cubes(s, space, 1)} cube"
        say(
            s,
            "complete",
            f"{who(seat)} completes the {what(s.cube_kind[space])} mine on {where(space)} ({note})",
            seat=seat,
            space=space,
        )


def start_mine_options(s: NamibiaState, seat: int) -> list[int]:
    """2.2: a prospected space with a collectable commodity and no mine head."""
    if s.heads[seat] <= 0:
        return []
    return [
        ACT.mine[i]
        for i, count in enumerate(s.cube_count)
        if count and s.mine_owner[i] == NO_ONE and s.may_collect(seat, s.cube_kind[i])
    ]


def start_mine(s: NamibiaState, seat: int, space: int) -> None:
    put_mine_head(s, seat, space, upright=False)
    s.todo -= 1
    say(
        s,
        "mine",
        f"{who(seat)} starts a {what(s.cube_kind[space])} mine on {where(space)}",
        seat=seat,
        space=space,
    )


def extension_targets(s: NamibiaState, seat: int) -> list[tuple[int, int]]:
    """(kind, space) pairs that extend an existing seam (2.3)."""
    kinds = [k for k in range(len(COMMODITIES)) if s.may_collect(seat, k) and s.supply[k]]
    return seam_ends(s, kinds)


def new_seam_targets(s: NamibiaState, seat: int) -> list[tuple[int, int]]:
    empty = empty_spaces(s)
    return [
        (kind, space)
        for kind in range(len(COMMODITIES))
        if s.may_collect(seat, kind) and s.supply[kind]
        for space in empty
    ]


def prospect_options(s: NamibiaState, seat: int) -> list[int]:
    """Extend a seam if any can be extended; only otherwise start a new seam."""
    targets = extension_targets(s, seat) or new_seam_targets(s, seat)
    return [ACT.prospect[kind][space] for kind, space in targets]


def prospect(s: NamibiaState, seat: int, kind: int, space: int) -> None:
    """Two cubes (one if the supply has one) extend a seam; one cube starts a new seam."""
    extends = touches_seam(s, space, kind)
    s.cube_kind[space] = kind
    placed = add_cubes(s, space, 2 if extends else 1)
    s.todo -= 1
    how = "extends a seam" if extends else "starts a new seam"
    say(
        s,
        "prospect",
        f"{who(seat)} prospects: {placed} {what(kind)} on {where(space)} ({how})",
        seat=seat,
        kind=kind,
        space=space,
        cubes=placed,
    )


def rail_choices(s: NamibiaState) -> list[int]:
    return [ACT.rail[e] for e in rail_options(s)]


def return_unplaced_rails(s: NamibiaState, seat: int) -> None:
    """Rails that cannot be connected anywhere go back to the supply."""
    if s.rails_held[seat]:
        s.supply_rails += s.rails_held[seat]
        say(
            s,
            "rails-back",
            f"{who(seat)} cannot place {s.rails_held[seat]} rails; they return to the supply",
            seat=seat,
        )
        s.rails_held[seat] = 0


def truck_options(s: NamibiaState, seat: int) -> list[int]:
    """2.5: the truck goes to one of the player's completed mines."""
    return [
        ACT.truck[i] for i, owner in enumerate(s.mine_owner) if owner == seat and s.mine_done[i]
    ]


def move_truck(s: NamibiaState, seat: int, space: int) -> None:
    s.truck[seat] = space
    s.todo = 0
    say(s, "truck", f"{who(seat)} moves the truck to {where(space)}", seat=seat, space=space)


def lay_rail(s: NamibiaState, seat: int, edge: int) -> None:
    """2.4: one of the rails taken in the auction joins the network."""
    s.rails[edge] = True
    s.rails_held[seat] -= 1
    s.todo -= 1
    say(s, "rail", f"{who(seat)} lays a rail on {BOARD.edge_label(edge)}", seat=seat, edge=edge)
