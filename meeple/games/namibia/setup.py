"""Getting Started, the one module of everything before the first round: the board
emptied, the initial placements, the player cards, the start player and the cubes
dealt to hands (``deal``); then the decisions of the setup rounds (the cube
placement round, starting mines, mines under construction, two rails each), whose
order ``rules.flow`` runs."""

from __future__ import annotations

from meeple.games.namibia.actions import ACT
from meeple.games.namibia.board import BOARD, KINDS
from meeple.games.namibia.rules.bits import Picker
from meeple.games.namibia.rules.geometry import cube_mask, empty_mask, mine_mask, near_cubes
from meeple.games.namibia.rules.pieces import MINE, add_cubes, put_mine_head, set_cubes, set_rail
from meeple.games.namibia.state import NO_ONE, SETUP_CUBES, NamibiaState
from meeple.games.namibia.texts import rail_laid, say, what, where, who

# Action indices of spaces picked by a bitmask, in board order.
PLACE = tuple(Picker(per_space) for per_space in ACT.place)


def deal(s: NamibiaState) -> None:
    """Getting Started on a state holding only its common fields: the board emptied,
    random initial placements, cards and start player; cubes dealt to hands."""
    s.clear(BOARD)
    n = s.config.players
    if n == 3:
        for e in BOARD.etosha_rails:  # Three players: two rails on Etosha National Park
            s.rails[e] = True
        s.supply_rails -= len(BOARD.etosha_rails)
    for e in BOARD.preprinted_rails:
        s.rails[e] = True
    _place_initial_cubes(s)
    _deal_cards(s)
    start = s.rng.below(n)
    s.order = [(start + i) % n for i in range(n)]
    say(s, "start", f"{who(start)} is the start player", reveals=True, seat=start)
    for seat in range(n):
        for kind in range(KINDS):
            if s.may_collect(seat, kind):
                s.hand[seat * KINDS + kind] = 1
                s.supply[kind] -= 1
    s.phase, s.pos = SETUP_CUBES, 0


def _place_initial_cubes(s: NamibiaState) -> None:
    kinds = list(range(KINDS))
    s.rng.shuffle(kinds)
    for space, kind in zip(BOARD.initial_spaces, kinds, strict=True):
        s.cube_kind[space], s.cube_count[space] = kind, 1
        s.supply[kind] -= 1
        say(
            s,
            "initial",
            f"initial placement: {what(kind)} on {where(space)}",
            reveals=True,
            kind=kind,
            space=space,
        )


def _deal_cards(s: NamibiaState) -> None:
    cards = list(range(4))
    s.rng.shuffle(cards)
    excludes = BOARD.card_excludes[s.config.players]
    for seat in range(s.config.players):
        s.card[seat] = cards[seat] + 1
        s.excluded[seat] = excludes[cards[seat]]
        say(
            s,
            "card",
            f"{who(seat)} may not collect {what(s.excluded[seat])}",
            reveals=True,
            seat=seat,
            excluded=s.excluded[seat],
        )


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


def cube_targets(s: NamibiaState) -> int:
    """Empty spaces, avoiding spaces next to a cube where possible (Getting Started)."""
    empty = empty_mask(s)
    return empty & ~near_cubes(s) or empty


def cube_options(s: NamibiaState, seat: int) -> list[int]:
    """The seat's cubes in hand onto ``cube_targets``."""
    targets = cube_targets(s)
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


# ---- two rails each -------------------------------------------------------------------


def setup_rail_options(s: NamibiaState) -> list[int]:
    if s.supply_rails <= 0:
        return []
    return s.rail_ends.copy()


def place_rail(s: NamibiaState, seat: int, edge: int) -> None:
    set_rail(s, edge)
    s.supply_rails -= 1
    s.todo -= 1
    say(s, "rail", rail_laid, seat, edge, seat=seat, edge=edge)
