"""Getting Started: initial placements, cards, cube round, starting mines, rails."""

from __future__ import annotations

from meeple.games.namibia.board import COMMODITIES
from meeple.games.namibia.common import ACT, BOARD, say, what, where, who
from meeple.games.namibia.rules.bits import Picker
from meeple.games.namibia.rules.geometry import cube_mask, empty_mask, mine_mask, near_cubes
from meeple.games.namibia.rules.pieces import set_cubes, set_mine, set_rail
from meeple.games.namibia.state import NO_ONE, NamibiaState

KINDS = len(COMMODITIES)
# Action indices of spaces picked by a bitmask, in board order.
PLACE = tuple(Picker(per_space) for per_space in ACT.place)
MINE = Picker(ACT.mine)


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
    empty = empty_mask(s)
    targets = empty & ~near_cubes(s) or empty
    options: list[int] = []
    for kind in range(KINDS):
        if s.hand[seat * KINDS + kind]:
            options += PLACE[kind].pick(targets)
    return options


def _placed(seat: int, kind: int, space: int) -> str:
    return f"{who(seat)} places {what(kind)} on {where(space)}"


def place_cube(s: NamibiaState, seat: int, kind: int, space: int) -> None:
    s.hand[seat * KINDS + kind] -= 1
    set_cubes(s, space, kind, 1)
    s.pos = (s.pos + 1) % s.config.players
    say(s, "place", _placed, seat, kind, space, seat=seat, kind=kind, space=space)


# ---- starting mines and mines under construction -------------------------------------


def starting_mine_options(s: NamibiaState, seat: int, avoid_kind: int = NO_ONE) -> list[int]:
    """Spaces with a cube of a kind the seat may collect, and no mine head yet."""
    barred = s.cubes_mask[s.excluded[seat]]
    if avoid_kind != NO_ONE:
        barred |= s.cubes_mask[avoid_kind]
    return MINE.pick(cube_mask(s) & ~mine_mask(s) & ~barred)


def starting_mine_kind(s: NamibiaState, seat: int) -> int:
    """The commodity of the seat's first completed mine (lowest space), else NO_ONE."""
    built = s.mines_mask[seat] & s.built_mask
    if not built:
        return NO_ONE
    return s.cube_kind[(built & -built).bit_length() - 1]


def add_cubes(s: NamibiaState, space: int, kind: int, wanted: int) -> int:
    """Move up to ``wanted`` cubes of ``kind`` from the supply onto the space (which
    is empty or already holds that kind); returns how many moved."""
    added = min(wanted, s.supply[kind])
    s.supply[kind] -= added
    set_cubes(s, space, kind, s.cube_count[space] + added)
    return added


def put_mine_head(s: NamibiaState, seat: int, space: int, upright: bool) -> None:
    set_mine(s, space, seat, upright)
    s.heads[seat] -= 1


def _setup_mine(seat: int, upright: bool, kind: int, space: int, added: int) -> str:
    state_word = "opens a starting" if upright else "starts building a"
    return f"{who(seat)} {state_word} {what(kind)} mine on {where(space)} (+{added} cubes)"


def place_setup_mine(s: NamibiaState, seat: int, space: int, upright: bool) -> None:
    """A starting mine stands upright with +2 cubes; one under construction lies flat, +1."""
    put_mine_head(s, seat, space, upright)
    kind = s.cube_kind[space]
    added = add_cubes(s, space, kind, 2 if upright else 1)
    s.pos += 1
    say(s, "mine", _setup_mine, seat, upright, kind, space, added, seat=seat, space=space)


def setup_rail_options(s: NamibiaState) -> list[int]:
    if s.supply_rails <= 0:
        return []
    return s.rail_ends.copy()


def rail_laid(seat: int, edge: int) -> str:
    return f"{who(seat)} lays a rail on {BOARD.edge_label(edge)}"


def place_rail(s: NamibiaState, seat: int, edge: int) -> None:
    set_rail(s, edge)
    s.supply_rails -= 1
    s.todo -= 1
    say(s, "rail", rail_laid, seat, edge, seat=seat, edge=edge)
