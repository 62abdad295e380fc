"""Homebound Naval Movement (12.): every Fleet still in the New World calls at the
Anchorages it chooses and picks up (12.1, rules/pickup.py), with Pirates attacks
(22., rules/piracy.py), then sails home (12.2); what it carries is delivered (6.4,
13.2) and what was left on Anchorage dots goes back to its Area (8.21)."""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.actions import ATTACK_FLEET, RAID, SAIL, SAIL_HOME, SPACE
from meeple.games.newworld.rules import fleetcard, pickup, piracy, units
from meeple.games.newworld.rules.cargo import loads_of, store_loads
from meeple.games.newworld.rules.movement import COASTAL
from meeple.games.newworld.rules.naval import (
    Load,
    coastal_dice,
    perils_dice,
    place_homebound_perils,
    zone_path,
)
from meeple.games.newworld.rules.voyage import ALONG_THE_COAST_TO, ZONES, voyage
from meeple.games.newworld.state import (
    HOMEBOUND,
    NOBODY,
    NewWorldState,
)
from meeple.games.newworld.texts import (
    COUNTRIES,
    WORLD,
    amounts,
    country,
    die,
    listing,
    log,
    perils,
)

PICKUP_KINDS = frozenset(
    ("pick_up", "pick_up_soldier", "pick_up_colonist", "pick_up_gold", "ask_gold")
)


READY_WORDS = tuple(f"{name}'s Fleet is ready to sail home" for name in COUNTRIES)


def begin(state: NewWorldState) -> bool:
    """Every Fleet still afloat in the New World moves homebound (12.1); True when
    none is and the movement is over with no decision."""
    state.phase = HOMEBOUND
    state.actor = NOBODY
    for seat in range(state.players):
        out = state.fleet_ships[seat] > 0 and state.fleet_at[seat] != NOBODY
        state.fleet_out[seat] = out  # what it picks up is its player's choice (12.1)
    state.gold_asked = [0] * state.players
    return not any(state.fleet_out) and fleets_home(state)


def seats(state: NewWorldState) -> tuple[int, ...]:
    """Every Fleet still in the New World moves at once (12.1); with Piracy, one at
    a time in Initiative order (22.2)."""
    if piracy.enabled(state.config):
        if piracy.asking(state):  # the Pirate between two dice, or his enemy (22.3)
            return (piracy.decider(state),)
        first = next((s for s in state.initiative if state.fleet_out[s]), None)
        return () if first is None else (first,)
    return tuple([s for s in range(state.players) if state.fleet_out[s]])


def actions(state: NewWorldState, seat: int) -> list[int]:
    """A Fleet card to arrange before a Ship is lost (rules/fleetcard.py), an answer
    to a request to ship held Gold (8.223), or the Fleet's own move."""
    if state.arranging:
        return fleetcard.actions(state, seat)
    if state.gold_leave:
        return pickup.answer_actions(state, seat)
    if state.pirate_attack:
        return piracy.question_actions(state, seat)
    if piracy.enabled(state.config) and seat not in seats(state):
        return []
    return homebound_actions(state, seat)


def apply(state: NewWorldState, seat: int, index: int) -> bool:
    """One decision of the movement; True once every Fleet is home and the movement
    is over."""
    if state.arranging:
        rows = fleetcard.apply_load(state, seat, index)
        return rows is not None and resume(state, rows)
    if state.gold_leave:
        pickup.apply_answer(state, seat, index)
        return False
    if state.pirate_attack:  # the Pirate's word between two dice, or the enemy's answer
        return piracy.answer(state, seat, index) and not any(state.fleet_out) and fleets_home(state)
    return apply_homebound(state, seat, index)


def resume(state: NewWorldState, rows: list[Load]) -> bool:
    """The Fleet card is arranged as ``rows``: the Pirate attack (22.3), the coastal
    voyage (12.1) or the crossing home (12.2) it interrupted goes on. True once the
    movement is over."""
    if state.arranging[fleetcard.WHERE] == fleetcard.PIRACY:
        return piracy.resume(state, rows) and not any(state.fleet_out) and fleets_home(state)
    voyage_on = fleetcard.resume(state, rows)
    if voyage_on is None:
        return False  # the card is arranged again before the next Ship is lost
    fleet, where, area = voyage_on
    if where == fleetcard.COASTAL_HOME:
        return anchor_home(state, fleet, area)
    deliver(state, fleet)  # the crossing home (CROSSING_HOME)
    return sail_home_from(state, fleet + 1)


def homebound_actions(state: NewWorldState, seat: int) -> list[int]:
    """Sail to an Anchorage where the seat's Personnel or Gold wait (12.1) or, with
    Pirates, where the enemy's Fleet or Gold lies (22.2); attack there; sail home."""
    if not state.fleet_out[seat]:
        return []
    here = state.fleet_at[seat]
    waiting = units.seat_areas(seat, state.emb_soldiers, state.emb_colonists, state.emb_gold)
    prey = piracy.targets(state, seat)
    if prey:
        waiting = tuple(sorted({*waiting, *prey}))
    out = pickup.actions(state, seat)  # 12.1: what it takes aboard here, "pick up all" first
    out += [SAIL[area] for area in waiting if area != here and COASTAL[area]]
    if piracy.can_attack_fleet(state, seat):
        out.append(ATTACK_FLEET)
    elif piracy.can_raid(state, seat):
        out.append(RAID)
    out.append(SAIL_HOME)
    return out


def apply_homebound(state: NewWorldState, seat: int, index: int) -> bool:
    """A Fleet's own move; True once every Fleet is home and the movement is over."""
    if SPACE[index].kind in PICKUP_KINDS:
        pickup.apply(state, seat, index)
        return False
    if index == SAIL_HOME:
        state.fleet_out[seat] = False
        state.log.append(Event("sail", READY_WORDS[seat], {"seat": seat}))
    elif index == ATTACK_FLEET:
        if not piracy.attack(state, seat):
            return False  # the enemy arranges his Fleet card (6.21) or the Pirate is asked
    elif index == RAID:
        if not piracy.raid(state, seat):
            return False  # the Pirate is asked between two dice (22.3, 22.4)
    else:
        area = SPACE[index].args[0]
        assert isinstance(area, int)
        dice = coastal_dice(WORLD, state.fleet_at[seat], area)
        where = ALONG_THE_COAST_TO[area]
        state.fleet_at[seat] = area
        if not voyage(state, seat, dice, True, where, fleetcard.COASTAL_HOME, area):
            return False  # its owner arranges the Fleet card (6.21)
        return anchor_home(state, seat, area)
    return not any(state.fleet_out) and fleets_home(state)


def anchor_home(state: NewWorldState, seat: int, area: int) -> bool:
    """A Fleet sailing homebound along the coast reaches ``area``, where its player
    may pick up (12.1), unless the Naval Losses sank it. True once every Fleet is
    home and the movement is over."""
    state.fleet_at[seat] = area
    if not state.fleet_ships[seat]:  # afloat, it picks up there as its player chooses (12.1)
        state.fleet_out[seat] = False
        state.fleet_at[seat] = NOBODY
    return not any(state.fleet_out) and fleets_home(state)


def fleets_home(state: NewWorldState) -> bool:
    """Every Fleet has made its last pickup: the crossing home (12.2, 18.5). True
    once the movement is over (False while a Fleet card is arranged)."""
    sailing = [
        s for s in range(state.players) if state.fleet_ships[s] and state.fleet_at[s] != NOBODY
    ]
    if perils(state.config) and sailing:
        zones = {z for s in sailing for z in zone_path(WORLD, WORLD.areas[state.fleet_at[s]].sea)}
        markers = place_homebound_perils(lambda: die(state), zones)
        shown = ", ".join(f"Zone {z}: {m}" for z, m in markers.items() if m) or "none"
        log(state, "perils", f"Homebound Perils of the Deep markers: {shown}", True)
        state.outbound_markers = [markers.get(zone, 0) for zone in range(ZONES)]
    return sail_home_from(state, 0)


def sail_home_from(state: NewWorldState, first: int) -> bool:
    """The Fleets from seat ``first`` on cross home in seat order, each delivering
    what it carries; the movement waits while a Fleet card is arranged (6.21: False).
    Then what was left on the Anchorage dots goes back to its Area: True."""
    markers = dict(enumerate(state.outbound_markers)) if state.outbound_markers else None
    for seat in range(first, state.players):
        if not state.fleet_ships[seat] or state.fleet_at[seat] == NOBODY:
            continue
        sea = WORLD.areas[state.fleet_at[seat]].sea
        number = WORLD.seas[sea].number
        crossed = -1 if markers is None else perils_dice(markers, zone_path(WORLD, sea))
        if not voyage(state, seat, number, True, "sails home", fleetcard.CROSSING_HOME, 0, crossed):
            return False
        deliver(state, seat)
    state.outbound_markers = []
    for seat in range(state.players):
        state.ships[seat] = state.fleet_ships[seat]
        state.fleet_ships[seat] = 0
        state.fleet_at[seat] = NOBODY
        state.fleet_out[seat] = False
        store_loads(state, seat, [])  # the Pirates flip back (22.1)
    return_unshipped(state)
    return True


def home_words(seat: int, soldiers: int, colonists: int, gold: int) -> str:
    """A Fleet's delivery home (6.4, 13.2), written when the log is read."""
    brought = amounts((soldiers, "Soldier"), (colonists, "Colonist"))
    if gold:
        brought.append(f"${gold} of Gold")
    return f"{country(seat)}'s Fleet brings home {listing(brought)}"


def deliver(state: NewWorldState, seat: int) -> None:
    """Soldiers stay offboard for later turns; Colonists go back to the Banker (6.4);
    Gold is paid for in the Income Phase (13.2), the Pirates' captures too (22.3)."""
    state.home_soldiers[seat] += state.fleet_soldiers[seat]
    gold = state.fleet_gold[seat] + sum(loads_of(state, seat))
    state.delivered[seat] += gold
    if state.fleet_soldiers[seat] or state.fleet_colonists[seat] or gold:
        brought = (seat, state.fleet_soldiers[seat], state.fleet_colonists[seat], gold)
        state.log.append(Event("home", home_words, {"seat": seat}, None, False, brought))
    state.fleet_soldiers[seat] = 0
    state.fleet_colonists[seat] = 0
    state.fleet_gold[seat] = 0
    state.fleet_bars[seat] = 0


def return_unshipped(state: NewWorldState) -> None:
    """Personnel and Gold left on Anchorage dots go back to their Area (8.21)."""
    for land, embarked in (
        (state.soldiers, state.emb_soldiers),
        (state.colonists, state.emb_colonists),
        (state.gold, state.emb_gold),
    ):
        if any(embarked):
            for i, count in enumerate(embarked):
                if count:
                    land[i] += count
                    embarked[i] = 0
    for seat in range(state.players):  # seat by seat, Area by Area
        for area in units.seat_areas(seat, state.gold):
            units.abandon_gold(state, seat, area)
