"""The Exploration version (16) and the Alternate World (17).

The 26 Area tiles carry the Climates; they are dealt face down at random over the
Areas (the tiles' Climates are RECONSTRUCTED as those of the reconstructed map,
one tile per Area). An Area is explored when a tile is flipped: at the end of
each Land Movement Phase for every unexplored Area holding Personnel (16.4), in
the optional setup (16.5), or for every Area at once in the Alternate World (17).
Its contents are drawn from three randomizer cups whose contents are public
counts (16.3): a draw is the game's seeded chance at the moment of the draw.
"""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.actions import CLAIM_SITE, EXPLORE, LEAVE_SITE, SKIP_EXPLORE, SPACE
from meeple.games.newworld.rules import units
from meeple.games.newworld.state import AREAS, GOLD_SITE, NO_MARKER, NOBODY, NewWorldState, at
from meeple.games.newworld.state import EXPLORE as EXPLORE_PHASE
from meeple.games.newworld.texts import WORLD, amount, area_word, country

STANDARD_VERSION = "standard"
EXPLORATION = "exploration"
ALTERNATE = "alternate"

# Gold cup (16.3): Gold Site markers, blanks, then the Cities x2, x3, x4.
GOLD_CUP = (16, 20, 1, 1, 1)
SITE, BLANK, CITY2, CITY3, CITY4 = range(5)
RESOURCE_CUP = (6, 20)  # double, single
NATIVE_CUP = (46, 32)  # Natives, blanks
NATIVE_RESERVE = 18  # kept apart for City Areas (16.42)
NATIVE_DRAWS = 3


def version(state: NewWorldState) -> str:
    value = state.config.options.get("version", STANDARD_VERSION)
    assert isinstance(value, str)
    return value


def deal_tiles(state: NewWorldState) -> None:
    """Shuffle the tiles over the Areas (16.2); nothing is known of them yet."""
    climates = [area.climate for area in WORLD.areas]
    state.rng.shuffle(climates)
    state.tile_climate = climates
    state.explored = [False] * AREAS
    state.resources = [1] * AREAS
    state.gold_cup = list(GOLD_CUP)
    state.resource_cup = list(RESOURCE_CUP)
    state.native_cup = list(NATIVE_CUP)
    state.native_reserve = NATIVE_RESERVE
    state.natives = [0] * AREAS
    state.city_value = [0] * AREAS
    state.site_kind = [NO_MARKER] * (2 * AREAS)
    if version(state) == ALTERNATE:
        for area in range(AREAS):
            if state.playable[area]:
                explore(state, area)


def draw(state: NewWorldState, cup: list[int]) -> int:
    """Draw one marker at random; returns its kind (an index into the cup)."""
    pick = state.rng.below(sum(cup))
    for kind, count in enumerate(cup):
        if pick < count:
            cup[kind] -= 1
            return kind
        pick -= count
    raise AssertionError("empty cup")


def explore(state: NewWorldState, area: int) -> None:
    """Flip the tile and draw its Gold, Natives and Resources (16.41-16.43)."""
    state.explored[area] = True
    climate = state.tile_climate[area]
    for _ in range(2 if climate <= 2 else 1):
        draw_gold(state, area, climate)
    if state.city_value[area]:
        natives = min(2 * state.city_value[area], state.native_reserve)
        state.native_reserve -= natives
    else:
        natives = sum(
            1
            for _ in range(NATIVE_DRAWS)
            if sum(state.native_cup) and draw(state, state.native_cup) == 0
        )
    state.natives[area] = natives
    if sum(state.resource_cup) and draw(state, state.resource_cup) == 0:
        state.resources[area] = 2
    sites = sum(1 for slot in (2 * area, 2 * area + 1) if state.site_kind[slot] == GOLD_SITE)
    city = f", a City x{state.city_value[area]}" if state.city_value[area] else ""
    double = ", double Resources" if state.resources[area] == 2 else ""
    state.log.append(
        Event(
            "explore",
            f"{area_word(area)} is explored: Climate {climate},"
            f" {amount(sites, 'Gold Site') if sites else 'no Gold Site'}{city},"
            f" {amount(natives, 'Native') if natives else 'no Natives'}{double}",
            {"area": area, "climate": climate},
            None,
            True,
        )
    )


def draw_gold(state: NewWorldState, area: int, climate: int) -> None:
    """One draw from the Gold cup; a City where it cannot stand (Climate 4-5, or a
    second City: the smaller is set aside) is set aside and the draw repeated,
    the City going back into the cup afterwards (16.41)."""
    aside: list[int] = []
    while sum(state.gold_cup):
        kind = draw(state, state.gold_cup)
        if kind == SITE:
            slot = 2 * area if state.site_kind[2 * area] == NO_MARKER else 2 * area + 1
            state.site_kind[slot] = GOLD_SITE
            break
        if kind == BLANK:
            break
        value = kind  # CITY2..CITY4 are 2..4
        if climate > 3:
            aside.append(kind)
            continue
        if state.city_value[area]:
            aside.append(min(kind, state.city_value[area]))
            state.city_value[area] = max(value, state.city_value[area])
            continue
        state.city_value[area] = value
        break
    for kind in aside:
        state.gold_cup[kind] += 1


def discover(state: NewWorldState, start: int = 0) -> bool:
    """At the end of Land Movement, every unexplored Area holding Personnel is
    explored (from Area ``start`` on), and its new Gold Sites go to its occupants'
    Soldiers in Initiative order (16.4, 16.411). False while the second occupant
    of an Area decides on its second Gold Site (``claim``)."""
    if version(state) != EXPLORATION:
        return True
    for area in range(start, AREAS):
        if state.explored[area] or not state.playable[area]:
            continue
        if any(
            state.soldiers[at(s, area)] or state.colonists[at(s, area)]
            for s in range(state.players)
        ):
            explore(state, area)
            if not claim_sites(state, area):
                return False
    return True


def open_site(state: NewWorldState, area: int) -> int:
    """The slot of an unoccupied Gold Site in the Area, or -1."""
    for slot in (2 * area, 2 * area + 1):
        if state.site_kind[slot] == GOLD_SITE and state.site_holder[slot] == NOBODY:
            return slot
    return -1


def claim_sites(state: NewWorldState, area: int) -> bool:
    """The first occupant with a Soldier there is given a Gold Site per Soldier
    (16.411); a site he cannot take is the next occupant's to claim or leave (False:
    he decides, ``state.claim``). Any free Soldier of a seat may stand on it: they
    are alike, so which one is no choice (docs/games/newworld.md)."""
    occupants = [s for s in state.initiative if units.free_soldiers(state, s, area) > 0]
    if not occupants:
        return True
    first = occupants[0]
    while open_site(state, area) >= 0 and units.free_soldiers(state, first, area) > 0:
        possess(state, first, area)
    if open_site(state, area) < 0 or len(occupants) < 2:
        return True
    state.claim = [occupants[1], area]
    state.actor = occupants[1]
    return False


def possess(state: NewWorldState, seat: int, area: int) -> None:
    state.site_holder[open_site(state, area)] = seat
    state.log.append(
        Event(
            "marker",
            f"{country(seat)} takes possession of a Gold Site in {area_word(area)}",
            {"seat": seat, "area": area},
        )
    )


def claim_actions(state: NewWorldState, seat: int) -> list[int]:
    """The second occupant claims the Gold Site (the pick meeple made before
    ``newworld-5``, first) or leaves it (16.411: he "may lay claim")."""
    claimant, area = state.claim
    return [CLAIM_SITE[area], LEAVE_SITE[area]] if seat == claimant else []


def apply_claim(state: NewWorldState, seat: int, index: int) -> bool:
    """The claim decided; the Areas after it are explored. False while another
    claim waits."""
    _, area = state.claim
    state.claim = []
    if index == CLAIM_SITE[area]:
        possess(state, seat, area)
    else:
        state.log.append(
            Event(
                "marker",
                f"{country(seat)} leaves the Gold Site in {area_word(area)} unclaimed (16.411)",
                {"seat": seat, "area": area},
            )
        )
    state.actor = NOBODY
    return discover(state, area + 1)


def setup_choices(state: NewWorldState) -> list[int]:
    """Coastal unexplored playable Areas a player may flip before bidding (16.5)."""
    return [
        a.index
        for a in WORLD.areas
        if a.coastal and state.playable[a.index] and not state.explored[a.index]
    ]


def begin_setup(state: NewWorldState) -> bool:
    """The optional setup (16.5) of the Exploration version on turn 1: the Game
    Leader flips a coastal tile first. True when it is not played (no decision)."""
    if (
        state.turn == 1
        and state.config.options.get("exploration_setup")
        and version(state) == EXPLORATION
    ):
        state.phase = EXPLORE_PHASE
        state.step = 0
        state.actor = state.leader
        return False
    return True


def setup_actions(state: NewWorldState, seat: int) -> list[int]:
    if seat != state.actor:
        return []
    return [*(EXPLORE[a] for a in setup_choices(state)), SKIP_EXPLORE]


def apply_setup(state: NewWorldState, seat: int, index: int) -> bool:
    """A tile flipped (or none); the next player, left of the last, flips one
    (16.5). True once every player has, or no tile is left to flip."""
    if index != SKIP_EXPLORE:
        area = SPACE[index].args[0]
        assert isinstance(area, int)
        explore(state, area)
    state.step += 1
    if state.step < state.players and setup_choices(state):
        state.actor = (state.leader + state.step) % state.players
        return False
    state.actor = NOBODY
    return True


def redeal_hidden_tiles(state: NewWorldState, rng_shuffle: object) -> None:
    """Shuffle the Climates of every tile still face down (for determinize). They are
    sorted first: the deal drawn depends only on which Climates are face down (what
    every seat can count), never on where each one lies."""
    hidden = [a for a in range(AREAS) if not state.explored[a]]
    climates = sorted(state.tile_climate[a] for a in hidden)
    assert callable(rng_shuffle)
    rng_shuffle(climates)
    for a, climate in zip(hidden, climates, strict=True):
        state.tile_climate[a] = climate
