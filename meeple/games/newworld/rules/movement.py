"""The Land Phase's start and Land Movement (8.1, 8.2).

The Initiative Display is drawn (8.1); then each seat in its order moves. One
action moves a group of one kind between two Areas, carries one Gold Bar, embarks
one unit or Bar onto the Anchorage dot (8.21), or places a unit on a marker
(8.221, 8.222). ``end movement`` lands the seat's offshore arrivals (8.23) and
passes to the next seat on the Initiative Display. A seat whose only choice is to
end is passed over by itself. After the last, unexplored Areas entered are
explored (16.4, rules/exploration.py)."""

from __future__ import annotations

from collections.abc import Iterator

from meeple.engine import Event
from meeple.games.newworld.actions import (
    CARRY,
    EMBARK_COLONIST,
    EMBARK_GOLD,
    EMBARK_SOLDIER,
    END_MOVEMENT,
    KEEP_COLONIST,
    KEEP_SOLDIER,
    LOOT,
    MINE_AT,
    MOVE_COLONISTS,
    MOVE_SOLDIERS,
    SPACE,
)
from meeple.games.newworld.rules import exploration, units
from meeple.games.newworld.rules.markers import apply_marker, marker_actions, open_marker
from meeple.games.newworld.state import (
    AREAS,
    MINE,
    MOVEMENT,
    NOBODY,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import (
    WORLD,
    amount,
    amounts,
    area_word,
    country,
    listing,
)

COASTAL = tuple(area.coastal for area in WORLD.areas)


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


def initiative(state: NewWorldState) -> None:
    """The Game Leader draws the Political Control markers from the cup (8.1)."""
    order = list(range(state.players))
    state.rng.shuffle(order)
    state.initiative = order
    state.log.append(Event("initiative", initiative_words, {}, None, True, (tuple(order),)))


def initiative_words(order: tuple[int, ...]) -> str:
    """The Initiative Display (8.1), written when the log is read."""
    return "Initiative: " + ", ".join(country(s) for s in order)


def begin(state: NewWorldState) -> bool:
    """Land Movement (8.2) in Initiative order; True when it is over with no decision."""
    state.phase = MOVEMENT
    state.step = 0
    return start_mover(state)


def start_mover(state: NewWorldState) -> bool:
    """The seat at ``step`` on the Initiative Display moves, or is passed over when
    it has no choice; after the last, the Areas entered are explored (16.4). True
    once the phase is over."""
    while state.step < state.players:
        seat = state.initiative[state.step]
        state.actor = seat
        if any(state.loose_gold):
            for area, bars in enumerate(state.loose_gold):
                if bars:
                    units.claim_gold(state, seat, area)
        if movement_has_choice(state, seat):
            return False
        if end_movement(state, seat):
            return False  # its landed units may move onto a City or Mine (8.23)
        state.step += 1
    return exploration.discover(state)  # False: a Gold Site claim waits (16.411)


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


def apply_movement(state: NewWorldState, seat: int, index: int) -> bool:
    """One decision of Land Movement; True once the phase is over."""
    action = SPACE[index]
    kind, args = action.kind, action.args
    if state.claim:
        return exploration.apply_claim(state, seat, index)
    if kind == "end_movement":
        if state.landed:  # the landed units take no marker, or no more (8.23)
            state.landed = []
        elif end_movement(state, seat):
            return False  # the seat says which landed units move onto markers (8.23)
        state.step += 1
        return start_mover(state)
    area = args[0]
    assert isinstance(area, int)
    if state.landed:
        return land_on_marker(state, seat, kind, area)
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
    return False


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
        if colonists and open_marker(state, area, MINE):
            out.append(MINE_AT[area])
    return out


def land_on_marker(state: NewWorldState, seat: int, kind: str, area: int) -> bool:
    """A landed unit moves onto a City (a Soldier) or a Mine (a Colonist) as it
    lands (8.23); once no landed unit may take another, the next seat moves (True
    once the phase is over)."""
    apply_marker(state, seat, kind, area)
    landed = state.landed
    row = next(k for k in range(0, len(landed), 3) if landed[k] == area)
    landed[row + (1 if kind == "loot" else 2)] -= 1
    if not landing_actions(state):
        state.landed = []
        state.step += 1
        return start_mover(state)
    return False
