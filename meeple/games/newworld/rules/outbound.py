"""Outbound Naval Movement (6.) and the Landing shortfall (5.4).

Each Fleet in turn (seat order: the dice are independent of one another) makes its
Initial Landfall (6.1), then sails along the coast to each later Landing (6.3),
rolling for Naval Losses on the way. At each Landing the scheduled Personnel go
ashore onto the Anchorage dot. When losses leave fewer Soldiers (or Colonists)
aboard than this Landing and the later ones call for, "the player may choose
which of his Multiple Landing Areas will receive any shortfall" (5.4): he chooses
how many land here, at most the number written, at least as many as the later
Landings could not take. The movement then waits for him (phase OUTBOUND).
"""

from __future__ import annotations

from meeple.engine import Event, Rng
from meeple.games.newworld.actions import LAND_COLONISTS, LAND_SOLDIERS, SPACE
from meeple.games.newworld.common import WORLD, amount, area_word, country
from meeple.games.newworld.rules import fleetcard, flow
from meeple.games.newworld.rules.naval import coastal_dice, perils_dice, zone_path
from meeple.games.newworld.state import NOBODY, OUTBOUND, NewWorldState, at

SOLDIERS, COLONISTS = 0, 1
# A voyage's words per Area reached (its log text is written when read).
CROSSES_TO = tuple(f"crosses to {area_word(a.index)}" for a in WORLD.areas)
ALONG_THE_COAST_TO = tuple(f"sails along the coast to {area_word(a.index)}" for a in WORLD.areas)
ZONES = 12  # Sea Zone numbers 0-11, for the Perils of the Deep markers


def start(state: NewWorldState, markers: dict[int, int] | None) -> None:
    """Every sheet is paid: the Fleets sail, the first one first."""
    if markers is not None:
        state.outbound_markers = [markers.get(zone, 0) for zone in range(ZONES)]
    sail_fleets(state, 0, 0, SOLDIERS, False)


def sail_fleets(state: NewWorldState, seat: int, row: int, kind: int, arrived: bool) -> None:
    """Sail on from Landing ``row`` of ``seat`` (already there if ``arrived``, with
    the Personnel of kinds before ``kind`` ashore); stop where a choice waits."""
    for fleet in range(seat, state.players):
        first = fleet == seat
        if not sail(state, fleet, row if first else 0, kind if first else 0, arrived and first):
            return
    state.outbound_markers = []
    state.shortfall = []
    flow.after_outbound(state)


def sail(state: NewWorldState, seat: int, row: int, kind: int, arrived: bool) -> bool:
    """One Fleet's Landings from ``row`` on; False when its player must choose."""
    landings = state.plan_landings[seat]
    for k in range(row, len(landings), 3):
        if not arrived:
            if state.fleet_ships[seat] == 0:
                break
            kind = SOLDIERS
            if not reach(state, seat, k):
                return False  # its owner arranges the Fleet card (6.21)
        arrived = False
        for what in range(kind, 2):
            least, most = landing_range(state, seat, k, what)
            if least < most:
                state.phase = OUTBOUND
                state.actor = seat
                state.shortfall = [seat, k, what]
                return False
            put_ashore(state, seat, landings[k], what, most)
    flow.sunk_with_fleet(state, seat)
    return True


def reach(state: NewWorldState, seat: int, row: int) -> bool:
    """Cross to the first Landing (6.1, or 18.3 with Perils of the Deep) or sail
    along the coast from the previous one (6.3), taking the Naval Losses; False
    while the owner arranges his Fleet card before a Ship is lost (6.21)."""
    area = state.plan_landings[seat][row]
    state.fleet_at[seat] = area
    if row == 0:
        sea = WORLD.areas[area].sea
        if state.outbound_markers:
            markers = dict(enumerate(state.outbound_markers))
            dice = perils_dice(markers, zone_path(WORLD, sea))
        else:
            dice = WORLD.seas[sea].number
        where = CROSSES_TO[area]
    else:
        previous = state.plan_landings[seat][row - 3]
        dice = coastal_dice(WORLD, previous, area)
        where = ALONG_THE_COAST_TO[area]
    return flow.voyage(state, seat, dice, False, where, fleetcard.OUTBOUND_LANDING, row)


def landing_range(state: NewWorldState, seat: int, row: int, what: int) -> tuple[int, int]:
    """How many of a kind may land at Landing ``row``: never more than written nor
    than aboard (5.4); at least what the later Landings cannot take."""
    landings = state.plan_landings[seat]
    have = state.fleet_soldiers[seat] if what == SOLDIERS else state.fleet_colonists[seat]
    most = min(landings[row + 1 + what], have)
    later = sum(landings[row + 4 + what :: 3])  # this kind at every later Landing
    return min(most, max(0, have - later)), most


def put_ashore(state: NewWorldState, seat: int, area: int, what: int, count: int) -> None:
    i = at(seat, area)
    if what == SOLDIERS:
        state.fleet_soldiers[seat] -= count
        state.off_soldiers[i] += count
    else:
        state.fleet_colonists[seat] -= count
        state.off_colonists[i] += count


# ---- the decision ----------------------------------------------------------------------------


def choice_actions(state: NewWorldState, seat: int) -> list[int]:
    if not state.shortfall or seat != state.shortfall[0]:
        return []
    _, row, what = state.shortfall
    area = state.plan_landings[seat][row]
    least, most = landing_range(state, seat, row, what)
    table = LAND_SOLDIERS if what == SOLDIERS else LAND_COLONISTS
    return [table[area][n] for n in range(least, most + 1)]


def apply_choice(state: NewWorldState, seat: int, index: int) -> None:
    _, row, what = state.shortfall
    count = SPACE[index].args[1]
    assert isinstance(count, int)
    area = state.plan_landings[seat][row]
    put_ashore(state, seat, area, what, count)
    noun = "Soldier" if what == SOLDIERS else "Colonist"
    word = amount(count, noun) if count else f"no {noun}s"
    state.log.append(
        Event(
            "landing",
            f"{country(seat)}'s Fleet, short after its losses, lands {word}"
            f" at {area_word(area)} (5.4)",
            {"seat": seat, "area": area, "count": count},
        )
    )
    state.shortfall = []
    state.actor = NOBODY
    sail_fleets(state, seat, row, what + 1, True)


# ---- determinize -----------------------------------------------------------------------------


def redraw_hidden_landings(state: NewWorldState, viewer: int, rng: Rng) -> None:
    """While the Fleets sail, the Landings of Fleets that have not sailed yet are
    still secret: draw them afresh for ``viewer``, keeping what was announced at
    payment (the Personnel sent of each kind, 5.5): how many Landings, where, and how
    the Personnel are split."""
    if state.phase != OUTBOUND:
        return
    from meeple.games.newworld.rules.planning import coastal_playable

    sailing = state.shortfall[0] if state.shortfall else state.arranging[fleetcard.SEAT]
    for seat in range(sailing + 1, state.players):
        rows = state.plan_landings[seat]
        if seat == viewer or not rows:
            continue  # no Fleet: announced at payment
        count = 1 + rng.below(3)
        places = list(coastal_playable(state))
        rng.shuffle(places)
        fresh: list[int] = []
        for k in range(count):
            fresh += [places[k], 0, 0]
        for what in (SOLDIERS, COLONISTS):
            for _ in range(sum(rows[1 + what :: 3])):
                fresh[3 * rng.below(count) + 1 + what] += 1
        state.plan_landings[seat] = fresh


def shortfall_view(state: NewWorldState) -> dict[str, object] | None:
    """The waiting Landing choice, as every seat may see it: who, where, which kind
    (the numbers written stay on its owner's sheet)."""
    if not state.shortfall:
        return None
    seat, row, what = state.shortfall
    return {
        "seat": seat,
        "area": WORLD.areas[state.plan_landings[seat][row]].letter,
        "kind": "soldiers" if what == SOLDIERS else "colonists",
    }
