"""Decisions after the Fleets have sailed: Land Movement (8.2), combat against
players and Natives (8.3, 8.33) and homebound naval movement (12.).

Movement: one action moves a group of one kind between two Areas, carries one
Gold Bar, embarks one unit or Bar onto the Anchorage dot (8.21), or places a unit
on a marker (8.221, 8.222). ``end movement`` lands the seat's offshore arrivals
(8.23) and passes to the next seat on the Initiative Display. A seat whose only
choice is to end is passed over by itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from meeple.engine import Event
from meeple.games.newworld.actions import (
    ATTACK_FLEET,
    CARRY,
    EMBARK_COLONIST,
    EMBARK_GOLD,
    EMBARK_SOLDIER,
    END_COMBAT,
    END_MOVEMENT,
    KEEP_COLONIST,
    KEEP_SOLDIER,
    LOOT,
    MINE_AT,
    MOVE_COLONISTS,
    MOVE_SOLDIERS,
    PROSPECT,
    RAID,
    SAIL,
    SAIL_HOME,
    SPACE,
    attack_index,
    natives_index,
)
from meeple.games.newworld.rules import battle, exploration, fleetcard, flow, pickup, piracy, units
from meeple.games.newworld.rules.combat import fight
from meeple.games.newworld.rules.naval import coastal_dice
from meeple.games.newworld.rules.outbound import ALONG_THE_COAST_TO
from meeple.games.newworld.state import (
    AREAS,
    COMBAT_PLAYERS,
    GOLD_SITE,
    MINE,
    NO_MARKER,
    NOBODY,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import (
    COUNTRIES,
    EXTENDED,
    WORLD,
    amount,
    amounts,
    area_word,
    country,
    die,
    listing,
    pc_benefits,
)

COASTAL = tuple(area.coastal for area in WORLD.areas)
COASTAL_AREAS = tuple(area.index for area in WORLD.areas if area.coastal)
# per Area, for each Area it adjoins by land: (that Area, the index of "move 1 soldiers"
# there, of "move 1 colonists", of "carry gold")
ROUTES = tuple(
    tuple(
        (
            end,
            MOVE_SOLDIERS[(area.index, end)],
            MOVE_COLONISTS[(area.index, end)],
            CARRY[(area.index, end)],
        )
        for end in area.land
    )
    for area in WORLD.areas
)

# ---- markers (8.221, 8.222, 8.314) -------------------------------------------------------


def can_prospect(state: NewWorldState, seat: int, area: int) -> bool:
    """A Soldier that did not attack this turn (8.314) and did not retreat into the
    Area this turn (8.32) may stand on an unoccupied Gold Site. The Soldiers that
    attacked there are taken to be the retreated ones as far as they go."""
    if not _open_site(state, area, GOLD_SITE):
        return False
    i = at(seat, area)
    barred = max(state.used_vs_players[i], state.used_vs_natives[i], state.retreated_soldiers[i])
    return units.free_soldiers(state, seat, area) - barred > 0


def _open_site(state: NewWorldState, area: int, kind: int) -> bool:
    """A marker of ``kind`` in the Area with no one on it."""
    kinds, holders = state.site_kind, state.site_holder
    slot = 2 * area
    return (kinds[slot] == kind and holders[slot] == NOBODY) or (
        kinds[slot + 1] == kind and holders[slot + 1] == NOBODY
    )


def can_mine(state: NewWorldState, seat: int, area: int) -> bool:
    """A Colonist (not one that retreated, 8.32) may work an unoccupied Mine."""
    if not _open_site(state, area, MINE):
        return False
    return units.free_colonists(state, seat, area) - state.retreated[at(seat, area)] > 0


def can_loot(state: NewWorldState, seat: int, area: int) -> bool:
    """A City with no Natives left and no looter (8.222), for a Soldier that did not
    retreat into the Area this turn (8.32)."""
    return (
        state.city_value[area] > 0
        and state.natives[area] == 0
        and state.city_holder[area] == NOBODY
        and units.free_soldiers(state, seat, area) - state.retreated_soldiers[at(seat, area)] > 0
    )


def marker_actions(state: NewWorldState, seat: int, area: int) -> list[int]:
    kinds, holders = state.site_kind, state.site_holder
    slot = 2 * area
    unheld = (  # the kinds of the Area's markers with no one on them
        kinds[slot] if holders[slot] == NOBODY else NO_MARKER,
        kinds[slot + 1] if holders[slot + 1] == NOBODY else NO_MARKER,
    )
    out = []
    if GOLD_SITE in unheld and can_prospect(state, seat, area):
        out.append(PROSPECT[area])
    if MINE in unheld and can_mine(state, seat, area):
        out.append(MINE_AT[area])
    if state.city_value[area] and can_loot(state, seat, area):
        out.append(LOOT[area])
    return out


def apply_marker(state: NewWorldState, seat: int, kind: str, area: int) -> None:
    if kind == "loot":
        state.city_holder[area] = seat
        what = "a Soldier on the City to loot it"
    else:
        wanted = GOLD_SITE if kind == "prospect" else MINE
        slot = next(
            s
            for s in (2 * area, 2 * area + 1)
            if state.site_kind[s] == wanted and state.site_holder[s] == NOBODY
        )
        state.site_holder[slot] = seat
        what = "a Prospector on a Gold Site" if kind == "prospect" else "a Miner on a Mine"
    state.log.append(
        Event(
            "marker",
            f"{country(seat)} places {what} in {area_word(area)}",
            {"seat": seat, "area": area},
        )
    )


# ---- land movement (8.2) -------------------------------------------------------------------


def entry_limits(
    state: NewWorldState, seat: int, start: int
) -> tuple[dict[int, int], dict[int, int]]:
    """Per Area ``end``: the largest opposing Soldier force that entered ``start``
    from ``end`` this turn, each opponent's Soldiers moved that way counted as one
    force however many moves they took (a force entering ``end`` from ``start``
    needs as many Soldiers, 8.22), and the Soldiers the seat has moved from
    ``start`` to ``end`` this turn. Areas not named: 0."""
    need: dict[int, int] = {}
    done: dict[int, int] = {}
    entered: dict[tuple[int, int], int] = {}  # (opponent, from): his Soldiers moved in
    for s, a, b, n in state.entries:
        if s != seat:
            if b == start:
                force = entered[(s, a)] = entered.get((s, a), 0) + n
                if force > need.get(a, 0):
                    need[a] = force
        elif a == start:
            done[b] = done.get(b, 0) + n
    return need, done


def movement_actions(state: NewWorldState, seat: int) -> list[int]:
    if state.claim:  # a Gold Site of an Area just explored (16.411)
        return exploration.claim_actions(state, seat)
    if state.landed:  # landing (8.23): first the landing as it was, then the markers
        return [END_MOVEMENT, *landing_actions(state)]
    out: list[int] = []
    for group in _movement_groups(state, seat):
        out += group
    out.append(END_MOVEMENT)
    return out


def _movement_groups(state: NewWorldState, seat: int) -> Iterator[list[int]]:
    """The seat's movement choices other than ending, a few at a time, in their
    order (so that ``movement_has_choice`` stops at the first)."""
    first = seat * AREAS
    soldiers, colonists, gold = state.soldiers, state.colonists, state.gold
    kinds, cities = state.site_kind, state.city_value
    for area in units.seat_areas(seat, soldiers, colonists, gold):
        i = first + area
        movable_s = soldiers[i] - state.arrived_soldiers[i]
        movable_c = colonists[i] - state.arrived_colonists[i]
        movable_g = gold[i] - state.arrived_gold[i]
        if movable_s or movable_c or movable_g:
            yield _moves_from(state, seat, area, movable_s, movable_c, movable_g)
            if COASTAL[area]:
                yield [EMBARK_SOLDIER[area]] if movable_s else []
                yield [EMBARK_COLONIST[area]] if movable_c else []
                yield [EMBARK_GOLD[area]] if movable_g else []
        if (soldiers[i] or colonists[i]) and (
            kinds[2 * area] or kinds[2 * area + 1] or cities[area]  # has_markers
        ):
            yield marker_actions(state, seat, area)
    yield keep_aboard_actions(state, seat)


def keep_aboard_actions(state: NewWorldState, seat: int) -> list[int]:
    """Arrivals still with the Fleet at its final Anchorage may stay aboard and sail
    home with it instead of landing (6.4); those set down at earlier Landings land."""
    here = state.fleet_at[seat]
    if here == NOBODY or not state.fleet_ships[seat]:
        return []
    i = at(seat, here)
    out = [KEEP_SOLDIER[here]] if state.off_soldiers[i] else []
    return out + ([KEEP_COLONIST[here]] if state.off_colonists[i] else [])


def _moves_from(
    state: NewWorldState, seat: int, area: int, soldiers: int, colonists: int, gold: int
) -> list[int]:
    out: list[int] = []
    playable, land_soldiers, land_colonists = state.playable, state.soldiers, state.colonists
    first_seat = seat * AREAS
    need: dict[int, int] = {}  # no force has moved yet this turn
    done: dict[int, int] = {}
    if state.entries:
        need, done = entry_limits(state, seat, area)
    for end, move_soldiers, move_colonists, carry in ROUTES[area]:
        if not playable[end]:
            continue
        needed, moved = need.get(end, 0), done.get(end, 0)
        out += range(move_soldiers + max(1, needed - moved) - 1, move_soldiers + soldiers)
        if colonists and moved >= needed:
            out += range(move_colonists, move_colonists + colonists)
        if gold and (land_soldiers[first_seat + end] or land_colonists[first_seat + end]):
            out.append(carry)
    return out


def movement_has_choice(state: NewWorldState, seat: int) -> bool:
    return any(_movement_groups(state, seat))


def apply_movement(state: NewWorldState, seat: int, index: int) -> None:
    action = SPACE[index]
    kind, args = action.kind, action.args
    if state.claim:
        if exploration.apply_claim(state, seat, index):
            flow.begin_combat(state, COMBAT_PLAYERS)
        return
    if kind == "end_movement":
        if state.landed:  # the landed units take no marker, or no more (8.23)
            state.landed = []
        elif end_movement(state, seat):
            return  # the seat says which landed units move onto markers (8.23)
        state.step += 1
        flow.start_mover(state)
        return
    area = args[0]
    assert isinstance(area, int)
    if state.landed:
        land_on_marker(state, seat, kind, area)
        return
    i = at(seat, area)
    if kind in ("move_soldiers", "move_colonists"):
        end, count = args[1], args[2]
        assert isinstance(end, int) and isinstance(count, int)
        move_group(state, seat, area, end, count, kind == "move_soldiers")
    elif kind == "carry":
        end = args[1]
        assert isinstance(end, int)
        state.gold[i] -= 1
        state.gold[at(seat, end)] += 1
        state.arrived_gold[at(seat, end)] += 1
        carried = (seat, area, end)
        state.log.append(Event("carry", carry_words, {"seat": seat}, None, False, carried))
    elif kind == "embark_soldier":
        units.take_soldiers_off_land(state, seat, area, 1)
        state.emb_soldiers[i] += 1
        _log_embark(state, seat, area, "a Soldier")
    elif kind == "embark_colonist":
        units.take_colonists_off_land(state, seat, area, 1)
        state.emb_colonists[i] += 1
        _log_embark(state, seat, area, "a Colonist")
    elif kind == "embark_gold":
        state.gold[i] -= 1
        state.emb_gold[i] += 1
        _log_embark(state, seat, area, "a Gold Bar")
    elif kind in ("keep_soldier", "keep_colonist"):
        keep_aboard(state, seat, area, kind == "keep_soldier")
    else:
        apply_marker(state, seat, kind, area)


def keep_aboard(state: NewWorldState, seat: int, area: int, soldier: bool) -> None:
    """One arrival stays on the Fleet: part of the Area while aboard (6.4, 8.21),
    picked up where the Fleet lies when it sails home."""
    i = at(seat, area)
    if soldier:
        state.off_soldiers[i] -= 1
        state.emb_soldiers[i] += 1
    else:
        state.off_colonists[i] -= 1
        state.emb_colonists[i] += 1
    word = "a Soldier" if soldier else "a Colonist"
    state.log.append(
        Event(
            "keep aboard",
            f"{country(seat)} keeps {word} aboard its Fleet off {area_word(area)} (6.4)",
            {"seat": seat, "area": area},
        )
    )


def carry_words(seat: int, area: int, end: int) -> str:
    """A Gold Bar carried (8.2), written when the log is read."""
    return f"{country(seat)} carries a Gold Bar from {area_word(area)} to {area_word(end)}"


def _log_embark(state: NewWorldState, seat: int, area: int, what: str) -> None:
    data = {"seat": seat, "area": area}
    state.log.append(Event("embark", embark_words, data, None, False, (seat, what, area)))


def embark_words(seat: int, what: str, area: int) -> str:
    """A unit or Bar put on the Anchorage dot (8.21), written when the log is read."""
    return f"{country(seat)} puts {what} on the Anchorage dot of {area_word(area)}"


def move_group(
    state: NewWorldState, seat: int, start: int, end: int, count: int, soldiers: bool
) -> None:
    if soldiers:
        units.take_soldiers_off_land(state, seat, start, count)
        state.soldiers[at(seat, end)] += count
        state.arrived_soldiers[at(seat, end)] += count
        state.entries.append((seat, start, end, count))
    else:
        units.take_colonists_off_land(state, seat, start, count)
        state.colonists[at(seat, end)] += count
        state.arrived_colonists[at(seat, end)] += count
    data = {"seat": seat, "from": start, "to": end, "count": count}
    moved = (seat, count, soldiers, start, end)
    state.log.append(Event("move", move_words, data, None, False, moved))
    units.claim_gold(state, seat, end)


def move_words(seat: int, count: int, soldiers: bool, start: int, end: int) -> str:
    """A group's Land Movement (8.2), written when the log is read."""
    word = amount(count, "Soldier" if soldiers else "Colonist")
    return f"{country(seat)} moves {word} from {area_word(start)} to {area_word(end)}"


def landing_words(seat: int, soldiers: int, colonists: int, area: int) -> str:
    """Offshore arrivals landing (8.23) in words, written when the log is read."""
    landed = listing(amounts((soldiers, "Soldier"), (colonists, "Colonist")))
    return f"{country(seat)} lands {landed} in {area_word(area)}"


def end_movement(state: NewWorldState, seat: int) -> bool:
    """Land the offshore arrivals (8.23); Gold left without its owner's Personnel
    lies unattended (8.223). True when units landed may move onto an unoccupied
    City or Mine there (8.23): ``state.landed`` holds them and the seat decides
    before the next seat on the Initiative Display moves."""
    first = seat * AREAS
    landed: list[int] = []
    for area in units.seat_areas(seat, state.off_soldiers, state.off_colonists, state.gold):
        i = first + area
        if state.off_soldiers[i] or state.off_colonists[i]:
            state.soldiers[i] += state.off_soldiers[i]
            state.colonists[i] += state.off_colonists[i]
            state.arrived_soldiers[i] += state.off_soldiers[i]
            state.arrived_colonists[i] += state.off_colonists[i]
            words = (seat, state.off_soldiers[i], state.off_colonists[i], area)
            data = {"seat": seat, "area": area}
            state.log.append(Event("disembark", landing_words, data, None, False, words))
            landed += (area, state.off_soldiers[i], state.off_colonists[i])
            state.off_soldiers[i] = state.off_colonists[i] = 0
            units.claim_gold(state, seat, area)
        if state.gold[i]:
            units.abandon_gold(state, seat, area)
    state.landed = landed
    if landed and not landing_actions(state):
        state.landed = []
    return bool(state.landed)


def landing_actions(state: NewWorldState) -> list[int]:
    """The markers the units just landed may move onto (8.23): a City with no
    Natives left and no looter for a landed Soldier (8.222), an unoccupied Mine for
    a landed Colonist (8.221)."""
    out: list[int] = []
    landed = state.landed
    for k in range(0, len(landed), 3):
        area, soldiers, colonists = landed[k], landed[k + 1], landed[k + 2]
        if (
            soldiers
            and state.city_value[area]
            and state.natives[area] == 0
            and state.city_holder[area] == NOBODY
        ):
            out.append(LOOT[area])
        if colonists and _open_site(state, area, MINE):
            out.append(MINE_AT[area])
    return out


def land_on_marker(state: NewWorldState, seat: int, kind: str, area: int) -> None:
    """A landed unit moves onto a City (a Soldier) or a Mine (a Colonist) as it
    lands (8.23); once no landed unit may take another, the next seat moves."""
    apply_marker(state, seat, kind, area)
    landed = state.landed
    row = next(k for k in range(0, len(landed), 3) if landed[k] == area)
    landed[row + (1 if kind == "loot" else 2)] -= 1
    if not landing_actions(state):
        state.landed = []
        state.step += 1
        flow.start_mover(state)


# ---- combat (8.3, 8.33) ----------------------------------------------------------------------


def defenders(state: NewWorldState, defender: int, area: int) -> tuple[int, int]:
    """Soldiers (Prospectors included; under rule 20 the Political Control marker
    too) and Colonists a defender fights with."""
    soldiers = units.area_soldiers(state, defender, area)
    if pc_benefits(state.config) == EXTENDED and state.pc[area] == defender:
        soldiers += 1
    return soldiers, units.area_colonists(state, defender, area)


def combat_actions(state: NewWorldState, seat: int) -> list[int]:
    if state.pending:
        return battle.actions(state, seat)  # decisions within a battle (8.31, 8.32)
    out: list[int] = []
    for group in _combat_groups(state, seat):
        out += group
    out.append(END_COMBAT)
    return out


def _combat_groups(state: NewWorldState, seat: int) -> Iterator[Sequence[int]]:
    """The seat's attacks and marker placements, a few at a time, in their order
    (so that ``combat_has_choice`` stops at the first). Markers are taken at the end
    of a battle by its attacker (8.314): only in an Area where surviving Soldiers of
    the seat attacked in this phase."""
    vs_players = state.phase == COMBAT_PLAYERS
    attacked = state.used_vs_players if vs_players else state.used_vs_natives
    soldiers, embarked, colonists = state.soldiers, state.emb_soldiers, state.colonists
    first = seat * AREAS
    others = [other for other in range(state.players) if other != seat] if vs_players else []
    marker_pc = vs_players and pc_benefits(state.config) == EXTENDED  # rule 20: it defends
    kinds, cities = state.site_kind, state.city_value
    for area in units.seat_areas(seat, soldiers, embarked, colonists):
        i = first + area
        have = soldiers[i] + embarked[i]
        if vs_players:
            free = have - state.used_vs_players[i]
            if free > 0:
                for other in others:
                    if _defended(state, other, area, marker_pc):
                        base = attack_index(other, area, 1)
                        yield range(base, base + free)
        elif state.natives[area]:
            free = have - state.used_vs_natives[i]
            if free > 0:
                base = natives_index(area, 1)
                yield range(base, base + free)
        if attacked[i] and (kinds[2 * area] or kinds[2 * area + 1] or cities[area]):
            yield marker_actions(state, seat, area)


def _defended(state: NewWorldState, other: int, area: int, marker_pc: bool) -> bool:
    """Whether ``other`` has anyone to attack in the Area (8.3); ``marker_pc``: under
    rule 20 his Political Control marker counts as a Soldier."""
    i = other * AREAS + area
    if state.soldiers[i] or state.colonists[i] or state.emb_soldiers[i] or state.emb_colonists[i]:
        return True
    return marker_pc and state.pc[area] == other


def has_markers(state: NewWorldState, area: int) -> bool:
    return bool(
        state.site_kind[2 * area] or state.site_kind[2 * area + 1] or state.city_value[area]
    )


def combat_has_choice(state: NewWorldState, seat: int) -> bool:
    if state.pending:
        return len(battle.actions(state, seat)) > 1
    return any(_combat_groups(state, seat))


def apply_combat(state: NewWorldState, seat: int, index: int) -> None:
    if state.pending:
        battle.apply(state, seat, index)
        return
    action = SPACE[index]
    numbers = [a for a in action.args if isinstance(a, int)]
    if action.kind == "end_combat":
        state.step += 1
        flow.next_fighter(state)
    elif action.kind == "attack":
        battle.declare(state, seat, numbers[0], numbers[1], numbers[2])
    elif action.kind == "attack_natives":
        attack_natives(state, seat, numbers[0], numbers[1])
    else:
        apply_marker(state, seat, action.kind, numbers[0])


def attack_natives(state: NewWorldState, seat: int, area: int, count: int) -> None:
    i = at(seat, area)
    battle.flip_prospectors(state, seat, area, count, state.used_vs_natives[i])
    rolled: list[int] = []  # the dice, in order, for the log

    def roll() -> int:
        rolled.append(die(state))
        return rolled[-1]

    result = fight(roll, count, state.natives[area], 0)
    units.kill_soldiers(state, seat, area, result.attacker_lost)
    state.used_vs_natives[i] += count - result.attacker_lost
    state.natives[area] -= result.soldiers_lost
    fought = (seat, area, count, result.attacker_lost, result.soldiers_lost)
    data = {"seat": seat, "area": area, "dice": rolled}
    state.log.append(Event("battle", natives_battle_words, data, None, True, fought))
    units.abandon_gold(state, seat, area)


def natives_battle_words(seat: int, area: int, count: int, lost: int, natives: int) -> str:
    """An attack on Natives (8.33), written when the log is read."""
    return (
        f"{country(seat)} attacks the Natives of {area_word(area)} with"
        f" {amount(count, 'Soldier')}: " + battle.outcome(lost, amounts((natives, "Native")))
    )


# ---- homebound (12.) -------------------------------------------------------------------------


PICKUP_KINDS = frozenset(
    ("pick_up", "pick_up_soldier", "pick_up_colonist", "pick_up_gold", "ask_gold")
)
READY_WORDS = tuple(f"{name}'s Fleet is ready to sail home" for name in COUNTRIES)


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


def apply_homebound(state: NewWorldState, seat: int, index: int) -> None:
    if SPACE[index].kind in PICKUP_KINDS:
        pickup.apply(state, seat, index)
        return
    if index == SAIL_HOME:
        state.fleet_out[seat] = False
        state.log.append(Event("sail", READY_WORDS[seat], {"seat": seat}))
    elif index == ATTACK_FLEET:
        if not piracy.attack(state, seat):
            return  # the enemy arranges his Fleet card (6.21)
    elif index == RAID:
        piracy.raid(state, seat)
    else:
        area = SPACE[index].args[0]
        assert isinstance(area, int)
        dice = coastal_dice(WORLD, state.fleet_at[seat], area)
        where = ALONG_THE_COAST_TO[area]
        state.fleet_at[seat] = area
        if not flow.voyage(state, seat, dice, True, where, fleetcard.COASTAL_HOME, area):
            return  # its owner arranges the Fleet card (6.21)
        anchor_home(state, seat, area)
        return
    if not any(state.fleet_out):
        flow.fleets_home(state)


def anchor_home(state: NewWorldState, seat: int, area: int) -> None:
    """A Fleet sailing homebound along the coast reaches ``area``, where its player
    may pick up (12.1), unless the Naval Losses sank it."""
    state.fleet_at[seat] = area
    if not state.fleet_ships[seat]:  # afloat, it picks up there as its player chooses (12.1)
        state.fleet_out[seat] = False
        state.fleet_at[seat] = NOBODY
    if not any(state.fleet_out):
        flow.fleets_home(state)
