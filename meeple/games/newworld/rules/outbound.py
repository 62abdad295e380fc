"""Outbound Naval Movement (6.) and the Landing shortfall (5.4).

"Each player simultaneously moves his Fleet" (4.2, 6.1): the Fleets sail Landing
round by Landing round. Round one is every Initial Landfall (6.1, with Perils of
the Deep 18.3), round two every second Landing, round three every third, each by
coastal movement (6.3). A round has two stages: first every Fleet sails to its
Landing of the round and takes its Naval Losses (seat order: the dice are
independent of one another; "after all players have taken all losses incurred in
making their Initial Landfall", 18.4); then at every Fleet's Landing the scheduled
Personnel go ashore onto the Anchorage dot. So whatever a player decides at his
Landing of a round (the Fleet card arranged before a Ship is lost, 6.21; a
shortfall, 5.4) is decided before any Fleet has sailed on to a later Landing:
another seat's later Landings are neither rolled nor shown (docs/games/newworld.md).

When losses leave fewer Soldiers (or Colonists) aboard than this Landing and the
later ones call for, "the player may choose which of his Multiple Landing Areas
will receive any shortfall" (5.4): he chooses how many land here, at most the
number written, at least as many as the later Landings could not take. The
movement then waits for him (phase OUTBOUND).
"""

from __future__ import annotations

from meeple.engine import Event, Rng
from meeple.games.newworld.actions import LAND_COLONISTS, LAND_SOLDIERS, SPACE
from meeple.games.newworld.rules import fleetcard, piracy
from meeple.games.newworld.rules.cargo import sunk_with_fleet
from meeple.games.newworld.rules.naval import coastal_dice, perils_dice, place_perils, zone_path
from meeple.games.newworld.rules.planning import coastal_playable
from meeple.games.newworld.rules.voyage import ALONG_THE_COAST_TO, CROSSES_TO, ZONES, voyage
from meeple.games.newworld.state import NOBODY, OUTBOUND, NewWorldState, at
from meeple.games.newworld.texts import (
    WORLD,
    amount,
    amounts,
    area_word,
    country,
    die,
    listing,
    log,
    perils,
)

SOLDIERS, COLONISTS = 0, 1


ROUNDS = 3  # the Initial Landfall and at most two later Landings (5.4): rows of three


def begin(state: NewWorldState) -> bool:
    """Every sheet is paid (5.5): the Fleets sail, round one first (with Perils of
    the Deep, over the markers placed, 18.2). True when every Fleet has made its
    Landings with no decision."""
    for seat in range(state.players):
        pay(state, seat)
    if perils(state.config):
        markers = place_outbound_perils(state)
        state.outbound_markers = [markers.get(zone, 0) for zone in range(ZONES)]
    return voyages_from(state, 0, 0)


def pay(state: NewWorldState, seat: int) -> None:
    maintain, build, buy = state.plan_maintain[seat], state.plan_build[seat], state.plan_buy[seat]
    cost = 4 * maintain + 12 * build + 10 * buy
    state.cash[seat] -= cost
    state.ships[seat] = maintain + build
    landings = state.plan_landings[seat]
    sent_soldiers = sum(landings[1::3])
    sent_colonists = sum(landings[2::3])
    state.home_soldiers[seat] += buy - sent_soldiers
    state.fleet_ships[seat] = state.ships[seat]
    state.fleet_soldiers[seat] = sent_soldiers
    state.fleet_colonists[seat] = sent_colonists
    state.fleet_gold[seat] = 0
    state.fleet_bars[seat] = 0
    state.fleet_at[seat] = NOBODY
    piracy.declare(state, seat)
    paid = (seat, maintain, build, buy, cost, sent_soldiers, sent_colonists)
    words = (*paid, state.new_colonists[seat])
    state.log.append(Event("builds", payment_words, {"seat": seat}, None, True, words))


def payment_words(
    seat: int,
    maintain: int,
    build: int,
    buy: int,
    cost: int,
    sent_soldiers: int,
    sent_colonists: int,
    colonists: int,
) -> str:
    """A sheet's payment announced (5.5), written when the log is read; ``colonists``
    are the Colonists the seat had to send."""
    paid_for = [
        f"{verb} {amount(count, noun)}"
        for verb, count, noun in (
            ("maintains", maintain, "Ship"),
            ("builds", build, "Ship"),
            ("buys", buy, "Soldier"),
        )
        if count
    ]
    paid = f"{listing(paid_for)} for ${cost}" if paid_for else "pays nothing"
    sent = amounts((sent_soldiers, "Soldier"))
    if colonists:  # the Colonists left home are named too
        share = str(sent_colonists) if sent_colonists else "none"
        sent.append(f"{share} of its {amount(colonists, 'Colonist')}")
    return f"{country(seat)} {paid}; sends {listing(sent)}"


def place_outbound_perils(state: NewWorldState) -> dict[int, int]:
    far = any(
        WORLD.sea_of(state.plan_landings[s][0]).number > 6
        for s in range(state.players)
        if state.plan_landings[s]
    )
    markers = place_perils(lambda: die(state), far)
    shown = ", ".join(f"Zone {z}: {m}" for z, m in markers.items() if m) or "none"
    log(state, "perils", f"Perils of the Deep markers: {shown}", True)
    return markers


def voyages_from(state: NewWorldState, row: int, seat: int) -> bool:
    """The first stage of the Landing round of ``row`` (0, 3, 6): the Fleets from
    ``seat`` on sail to their Landing of the round, taking the Naval Losses; then
    the round's Landings. Stops where a Fleet card is to be arranged (6.21); True
    once every Fleet has made its Landings."""
    for fleet in range(seat, state.players):
        if row < len(state.plan_landings[fleet]) and state.fleet_ships[fleet]:
            if not reach(state, fleet, row):
                return False  # its owner arranges the Fleet card; ``arrived`` goes on
            sunk_with_fleet(state, fleet)
    if row == 0:
        state.outbound_markers = []  # removed once every Initial Landfall is made (18.4)
    return landings_from(state, row, 0, SOLDIERS)


def arrived(state: NewWorldState, seat: int, row: int) -> bool:
    """``seat``'s Fleet has reached its Landing ``row`` after arranging its Fleet
    card: the other Fleets of the round sail on."""
    sunk_with_fleet(state, seat)
    return voyages_from(state, row, seat + 1)


def landings_from(state: NewWorldState, row: int, seat: int, kind: int) -> bool:
    """The second stage of the round of ``row``: from ``seat`` on (that seat's
    Personnel of kinds before ``kind`` already ashore) each Fleet puts its
    scheduled Personnel ashore; stops where a shortfall is to be chosen (5.4).
    Then the next round; True once every Fleet has made its Landings."""
    for fleet in range(seat, state.players):
        landings = state.plan_landings[fleet]
        if row >= len(landings) or not state.fleet_ships[fleet]:
            continue
        for what in range(kind if fleet == seat else SOLDIERS, 2):
            least, most = landing_range(state, fleet, row, what)
            if least < most:
                state.phase = OUTBOUND
                state.actor = fleet
                state.shortfall = [fleet, row, what]
                return False
            put_ashore(state, fleet, landings[row], what, most)
    later = row + 3
    if any(later < len(rows) for rows in state.plan_landings):
        return voyages_from(state, later, 0)
    state.outbound_markers = []
    state.shortfall = []
    return True


def reach(state: NewWorldState, seat: int, row: int) -> bool:
    """Cross to the first Landing (6.1, or 18.3 with Perils of the Deep) or sail
    along the coast from the previous one (6.3), taking the Naval Losses; False
    while the owner arranges his Fleet card before a Ship is lost (6.21)."""
    area = state.plan_landings[seat][row]
    state.fleet_at[seat] = area
    crossed = -1  # Perils of the Deep markers crossed (18.3), -1 without the rule
    if row == 0:
        sea = WORLD.areas[area].sea
        dice = WORLD.seas[sea].number
        if state.outbound_markers:
            markers = dict(enumerate(state.outbound_markers))
            crossed = perils_dice(markers, zone_path(WORLD, sea))
        where = CROSSES_TO[area]
    else:
        previous = state.plan_landings[seat][row - 3]
        dice = coastal_dice(WORLD, previous, area)
        where = ALONG_THE_COAST_TO[area]
    landing = fleetcard.OUTBOUND_LANDING
    return voyage(state, seat, dice, False, where, landing, row, crossed)


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


# ---- the decisions ---------------------------------------------------------------------------


def actions(state: NewWorldState, seat: int) -> list[int]:
    """A Fleet card to arrange before a Ship is lost (rules/fleetcard.py), or a
    shortfall to spread (5.4)."""
    if state.arranging:
        return fleetcard.actions(state, seat)
    return choice_actions(state, seat)


def apply(state: NewWorldState, seat: int, index: int) -> bool:
    """One decision of the movement; True once every Fleet has made its Landings."""
    if not state.arranging:
        return apply_choice(state, seat, index)
    rows = fleetcard.apply_load(state, seat, index)
    if rows is None:
        return False
    voyage_on = fleetcard.resume(state, rows)
    if voyage_on is None:
        return False  # the card is arranged again before the next Ship is lost
    fleet, _, row = voyage_on  # the voyage to the Landing of ``row`` ends (OUTBOUND_LANDING)
    return arrived(state, fleet, row)


def choice_actions(state: NewWorldState, seat: int) -> list[int]:
    if not state.shortfall or seat != state.shortfall[0]:
        return []
    _, row, what = state.shortfall
    area = state.plan_landings[seat][row]
    least, most = landing_range(state, seat, row, what)
    table = LAND_SOLDIERS if what == SOLDIERS else LAND_COLONISTS
    return [table[area][n] for n in range(least, most + 1)]


def apply_choice(state: NewWorldState, seat: int, index: int) -> bool:
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
    return landings_from(state, row, seat, what + 1)


# ---- determinize -----------------------------------------------------------------------------


def redraw_hidden_landings(state: NewWorldState, viewer: int, rng: Rng) -> None:
    """While the Fleets sail, the Landings no Fleet has sailed to yet are still on
    their secret sheets: draw them afresh for ``viewer``, keeping what the table has
    seen (the Landings reached, the turn 1 Exclusive Anchorage) and the Personnel of
    each kind those unseen Landings take: how many more there are, where, and how
    the Personnel are split."""
    if state.phase != OUTBOUND:
        return
    most = 1 if state.turn == 1 else ROUNDS  # turn 1: one Landing only (5.411)
    seen = seen_landings(state)
    for seat in range(state.players):
        rows = state.plan_landings[seat]
        kept = 3 * seen[seat]
        if seat == viewer or not rows or not state.fleet_ships[seat] or kept >= 3 * most:
            continue  # no Fleet (announced at payment) or no Landing left unseen
        hidden = rows[kept:]
        sent = (sum(hidden[1::3]), sum(hidden[2::3]))
        places = [a for a in coastal_playable(state) if a not in rows[:kept:3]]
        if seen[seat] == 0 and state.turn == 1:
            places = [state.landfall[seat]]
        rng.shuffle(places)
        fewest = 1 if kept == 0 or any(sent) else 0
        count = min(len(places), fewest + rng.below(most - seen[seat] - fewest + 1))
        fresh: list[int] = []
        for k in range(count):
            fresh += [places[k], 0, 0]
        for what in (SOLDIERS, COLONISTS):
            for _ in range(sent[what] if count else 0):
                fresh[3 * rng.below(count) + 1 + what] += 1
        state.plan_landings[seat] = rows[:kept] + fresh


def seen_landings(state: NewWorldState) -> list[int]:
    """Per seat, how many of its Landings its Fleet has sailed to while the
    movement waits (for a shortfall every Fleet has reached its Landing of the
    round; for a Fleet card, the Fleets after it in seat order have not yet)."""
    if state.shortfall:
        round_ = state.shortfall[1] // 3
        reached = [round_ + 1] * state.players
    else:
        sailing, row = state.arranging[fleetcard.SEAT], state.arranging[fleetcard.ARG]
        reached = [row // 3 + (seat <= sailing) for seat in range(state.players)]
    return [min(n, len(rows) // 3) for n, rows in zip(reached, state.plan_landings, strict=True)]
