"""2. Construction: complete mines, start mines, prospect, place rails, move truck."""

from __future__ import annotations

from meeple.games.namibia.actions import ACT
from meeple.games.namibia.board import COMMODITIES
from meeple.games.namibia.rules.bits import Picker
from meeple.games.namibia.rules.geometry import (
    SPACE_LIST,
    cube_mask,
    empty_mask,
    mine_mask,
    seam_ends,
    seam_mask,
    touches_abandoned,
    touches_seam,
)
from meeple.games.namibia.rules.pieces import MINE, add_cubes, put_mine_head, set_mine, set_rail
from meeple.games.namibia.state import COMPLETE_MINES, NamibiaState
from meeple.games.namibia.texts import rail_laid, say, what, where, who

PROSPECT = tuple(Picker(per_space) for per_space in ACT.prospect)
TRUCK = Picker(ACT.truck)
FEED = Picker(ACT.feed)
KINDS = len(COMMODITIES)

# How a newly completed mine fares in 2.1 (the note of its log line).
ADDED, EXHAUSTED, NONE_LEFT, CHOICE = range(4)


def begin_turn(s: NamibiaState, seat: int) -> None:
    """A player's five construction actions start with completing mines (2.1); the
    step ``rules.flow`` runs next poses his choice of the mines that take the
    supply's last cubes, if there is one, then moves on to 2.2."""
    s.actor = seat
    complete_mines(s, seat)
    s.phase, s.todo = COMPLETE_MINES, 0


def _completed(seat: int, kind: int, space: int, fate: int, left: int, wanted: int) -> str:
    if fate == EXHAUSTED:
        note = "no extra cube: the seam is exhausted next to an abandoned mine"
    elif fate == NONE_LEFT:
        note = f"no extra cube: no {what(kind)} cube is left in the supply"
    elif fate == CHOICE:
        note = (
            f"the supply holds {left} {what(kind)} cubes for {wanted} mines: "
            f"{who(seat)} chooses which mines take them"
        )
    else:
        note = "+1 cube"
    return f"{who(seat)} completes the {what(kind)} mine on {where(space)} ({note})"


def complete_mines(s: NamibiaState, seat: int) -> None:
    """2.1: every flat mine head stands up; +1 cube unless next to an abandoned mine.

    When the supply holds some cubes of a commodity but fewer than its newly
    completed mines need, the player chooses which mines take them: those mines
    are marked ``owed`` and the COMPLETE_MINES step poses the choice.

    Reads the board lists, not the bitmasks: a phase may be entered here on a
    position set up by hand (``advance`` then derives the masks afresh).
    """
    completing = [space for space in s.mine_spaces(seat) if not s.mine_done[space]]
    exhausted = {space for space in completing if touches_abandoned(s, space)}
    wanted = [0] * KINDS
    for space in completing:
        if space not in exhausted:
            wanted[s.cube_kind[space]] += 1
    left = s.supply.copy()  # the supply before any cube is added
    for space in completing:
        set_mine(s, space, seat, True)
        kind = s.cube_kind[space]
        if space in exhausted:
            fate = EXHAUSTED
        elif 0 < left[kind] < wanted[kind]:
            fate = CHOICE
            s.owed |= 1 << space
        else:
            fate = ADDED if add_cubes(s, space, kind, 1) else NONE_LEFT
        say(
            s,
            "complete",
            _completed,
            seat,
            kind,
            space,
            fate,
            left[kind],
            wanted[kind],
            seat=seat,
            space=space,
        )


def owed_by_kind(s: NamibiaState) -> list[list[int]]:
    """Per commodity, the spaces of the mines still owed their additional cube."""
    found: list[list[int]] = [[] for _ in range(KINDS)]
    for space in SPACE_LIST.pick(s.owed):
        found[s.cube_kind[space]].append(space)
    return found


def feed_options(s: NamibiaState) -> list[int]:
    """2.1: the mines that may take the next of the supply's last cubes.

    One commodity at a time (the first, in the order diamond, gold, silver,
    copper, whose mines wait); a real choice only, since ``settle_owed`` gives
    the cubes out when the supply holds enough, or none is left."""
    for spaces in owed_by_kind(s):
        if spaces:
            return [ACT.feed[space] for space in spaces]
    return []


def _owed_settled(kind: int, spaces: tuple[int, ...], added: bool) -> str:
    places = ", ".join(where(space) for space in spaces)
    if added:
        return f"the mines on {places} take the last {what(kind)} cubes"
    return f"no {what(kind)} cube is left in the supply for the mines on {places}"


def settle_owed(s: NamibiaState) -> None:
    """Mines whose commodity leaves the builder no choice: none left in the supply
    (they get no cube), or enough for all of them (each gets its cube)."""
    for kind, spaces in enumerate(owed_by_kind(s)):
        if not spaces or 0 < s.supply[kind] < len(spaces):
            continue
        added = s.supply[kind] > 0
        for space in spaces:
            s.owed &= ~(1 << space)
            if added:
                add_cubes(s, space, kind, 1)
        say(s, "feed-settled", _owed_settled, kind, tuple(spaces), added, kind=kind)


def _fed(seat: int, kind: int, space: int) -> str:
    return f"{who(seat)} adds one of the last {what(kind)} cubes to the mine on {where(space)}"


def feed(s: NamibiaState, seat: int, space: int) -> None:
    """2.1: the additional cube of the mine on ``space`` comes from the supply."""
    kind = s.cube_kind[space]
    add_cubes(s, space, kind, 1)
    s.owed &= ~(1 << space)
    say(s, "feed", _fed, seat, kind, space, seat=seat, kind=kind, space=space)


def start_mine_options(s: NamibiaState, seat: int) -> list[int]:
    """2.2: a prospected space with a collectable commodity and no mine head."""
    if s.heads[seat] <= 0:
        return []
    return MINE.pick(cube_mask(s) & ~mine_mask(s) & ~s.cubes_mask[s.excluded[seat]])


def _started(seat: int, kind: int, space: int) -> str:
    return f"{who(seat)} starts a {what(kind)} mine on {where(space)}"


def start_mine(s: NamibiaState, seat: int, space: int) -> None:
    put_mine_head(s, seat, space, upright=False)
    s.todo -= 1
    say(s, "mine", _started, seat, s.cube_kind[space], space, seat=seat, space=space)


def prospect_kinds(s: NamibiaState, seat: int) -> list[int]:
    """Commodities the seat may prospect: collectable, with cubes left in the supply."""
    return [k for k in range(len(COMMODITIES)) if s.may_collect(seat, k) and s.supply[k]]


def extension_targets(s: NamibiaState, seat: int) -> list[tuple[int, int]]:
    """(kind, space) pairs that extend an existing seam (2.3)."""
    return seam_ends(s, prospect_kinds(s, seat))


def prospect_options(s: NamibiaState, seat: int) -> list[int]:
    """Extend a seam if any can be extended; only otherwise start a new seam (2.3).

    By commodity, then by space: the ``extension_targets``, or if there are none
    every empty space, for each commodity the seat may prospect.
    """
    kinds = prospect_kinds(s, seat)
    empty = empty_mask(s)
    options: list[int] = []
    for kind in kinds:
        options += PROSPECT[kind].pick(seam_mask(s, kind, empty))
    if not options:
        for kind in kinds:
            options += PROSPECT[kind].pick(empty)
    return options


def _prospected(seat: int, placed: int, kind: int, space: int, extends: bool) -> str:
    how = "extends a seam" if extends else "starts a new seam"
    return f"{who(seat)} prospects: {placed} {what(kind)} on {where(space)} ({how})"


def prospect(s: NamibiaState, seat: int, kind: int, space: int) -> None:
    """Two cubes (one if the supply has one) extend a seam; one cube starts a new seam."""
    extends = touches_seam(s, space, kind)
    placed = add_cubes(s, space, kind, 2 if extends else 1)
    s.todo -= 1
    say(
        s,
        "prospect",
        _prospected,
        seat,
        placed,
        kind,
        space,
        extends,
        seat=seat,
        kind=kind,
        space=space,
        cubes=placed,
    )


def rail_choices(s: NamibiaState) -> list[int]:
    return s.rail_ends.copy()


def _rails_back(seat: int, count: int) -> str:
    return f"{who(seat)} cannot place {count} rails; they return to the supply"


def return_unplaced_rails(s: NamibiaState, seat: int) -> None:
    """Rails that cannot be connected anywhere go back to the supply."""
    if s.rails_held[seat]:
        s.supply_rails += s.rails_held[seat]
        say(s, "rails-back", _rails_back, seat, s.rails_held[seat], seat=seat)
        s.rails_held[seat] = 0


def truck_options(s: NamibiaState, seat: int) -> list[int]:
    """2.5: the truck goes to one of the player's completed mines."""
    return TRUCK.pick(s.mines_mask[seat] & s.built_mask)


def _trucked(seat: int, space: int) -> str:
    return f"{who(seat)} moves the truck to {where(space)}"


def move_truck(s: NamibiaState, seat: int, space: int) -> None:
    s.truck[seat] = space
    s.todo = 0
    say(s, "truck", _trucked, seat, space, seat=seat, space=space)


def lay_rail(s: NamibiaState, seat: int, edge: int) -> None:
    """2.4: one of the rails taken in the auction joins the network."""
    set_rail(s, edge)
    s.rails_held[seat] -= 1
    s.todo -= 1
    say(s, "rail", rail_laid, seat, edge, seat=seat, edge=edge)
