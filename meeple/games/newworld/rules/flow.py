"""The automatic stages of a turn (4.) and the hand-over between phases.

``advance`` runs every stage that needs no decision until some seat must decide
(or the game is over). Common rolls (gold, initiative, uprisings, survival,
perils) are the Game Leader's and come from the state's seeded chance.
"""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.board import ALL, SURVIVAL, UPRISING, turn_values, uprising_column
from meeple.games.newworld.rules import exploration, fleetcard, outbound, piracy, units
from meeple.games.newworld.rules import losses as casualties
from meeple.games.newworld.rules.chance import roll_dice
from meeple.games.newworld.rules.naval import (
    Cargo,
    Progress,
    perils_dice,
    place_homebound_perils,
    place_perils,
    zone_path,
)
from meeple.games.newworld.state import (
    AREAS,
    BIDDING,
    COLONISTS,
    COMBAT_NATIVES,
    COMBAT_PLAYERS,
    EXPLORE,
    GAME_OVER,
    GOLD_SITE,
    HOMEBOUND,
    LANDFALL,
    MINE,
    MOVEMENT,
    NO_MARKER,
    NOBODY,
    PLANNING,
    STEP_MAINTAIN,
    STEP_SEALED,
    SURVIVAL_PHASE,
    UPRISING_PHASE,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import (
    EXTENDED,
    GOLD_BAR,
    PC_TO_WIN,
    REDUCED,
    WORLD,
    amount,
    amounts,
    area_word,
    country,
    die,
    last_turn,
    listing,
    pc_benefits,
    perils,
)


def log(state: NewWorldState, kind: str, text: str, reveals: bool = False, **data: int) -> None:
    state.log.append(Event(kind, text, dict(data), None, reveals))


# ---- turn start --------------------------------------------------------------------


def start_turn(state: NewWorldState) -> None:
    """A new Game Turn: Colonists are decided first (5.1)."""
    state.turn += 1
    n = state.players
    state.phase = COLONISTS
    state.actor = NOBODY
    state.new_colonists = [-1] * n
    state.plan_maintain = [0] * n
    state.plan_build = [0] * n
    state.plan_buy = [0] * n
    state.plan_step = [STEP_MAINTAIN] * n
    state.plan_landings = [[] for _ in range(n)]
    state.plan_pirates = [0] * n
    state.plan_enemy = [NOBODY] * n
    state.raided_at = [NOBODY] * n
    state.delivered = [0] * n
    state.entries = []
    for name in ("arrived_soldiers", "arrived_colonists", "arrived_gold"):
        setattr(state, name, bytearray(n * AREAS))
    state.used_vs_players = bytearray(n * AREAS)
    state.used_vs_natives = bytearray(n * AREAS)
    state.retreated = bytearray(n * AREAS)
    state.retreated_soldiers = bytearray(n * AREAS)
    returned = [state.replacement[state.turn * n + s] for s in range(n)]
    if any(returned):
        log(
            state,
            "replacements",
            f"Turn {state.turn}: Soldiers in the Replacement Box return to the Banker",
            turn=state.turn,
        )
    turn = (state.turn, state.leader)
    state.log.append(Event("turn", turn_words, {"turn": state.turn}, None, True, turn))


def turn_words(turn: int, leader: int) -> str:
    """A Game Turn begins (4.), written when the log is read."""
    pc, rv = turn_values(turn)
    return (
        f"Game Turn {turn}: {country(leader)} is Game Leader;"
        f" Political Control pays ${pc}, Resources ${rv}"
    )


def colonists_done(state: NewWorldState) -> None:
    if (
        state.turn == 1
        and state.config.options.get("exploration_setup")
        and exploration.version(state) == exploration.EXPLORATION
    ):
        state.phase = EXPLORE
        state.step = 0
        state.actor = state.leader
        return
    begin_bidding(state)


def explored_at_setup(state: NewWorldState) -> None:
    """The next player, left of the last, flips a tile (16.5); then the bids."""
    state.step += 1
    if state.step < state.players and exploration.setup_choices(state):
        state.actor = (state.leader + state.step) % state.players
        return
    state.actor = NOBODY
    begin_bidding(state)


def begin_bidding(state: NewWorldState) -> None:
    if state.turn == 1:
        state.phase = BIDDING
        state.bids = [-1] * state.players
    else:
        begin_planning(state)


def begin_planning(state: NewWorldState) -> None:
    from meeple.games.newworld.rules.planning import autoskip

    state.phase = PLANNING
    state.actor = NOBODY
    for seat in range(state.players):
        autoskip(state, seat)
    if all_sealed(state):
        payment_and_outbound(state)


def all_sealed(state: NewWorldState) -> bool:
    return state.plan_step.count(STEP_SEALED) == len(state.plan_step)


# ---- exclusive landfall (5.41) -------------------------------------------------------


def reveal_bids(state: NewWorldState) -> None:
    """Bids are revealed; ties are broken by a die roll, high roller first (5.41);
    each pays his bid to the bidder at the other end of the scale (5.412)."""
    n = state.players
    rolls: list[tuple[list[int], list[int]]] = []  # the tie-break dice, as rolled
    order: list[int] = []
    for bid in sorted(set(state.bids), reverse=True):
        order += roll_off(state, [s for s in range(n) if state.bids[s] == bid], rolls)
    shown = ", ".join(f"{country(s)} ${state.bids[s]}" for s in order)
    log(state, "bids", f"Exclusive Landfall bids: {shown}", True)
    for seats, faces in rolls:
        rolled = ", ".join(f"{country(s)} {face}" for s, face in zip(seats, faces, strict=True))
        text = f"Tie-break die for the bid of ${state.bids[seats[0]]}: {rolled}"
        state.log.append(Event("tie-break", text, {"dice": faces, "seats": seats}, None, True))
    paid = [state.bids[s] for s in range(n)]
    for rank, seat in enumerate(order):
        partner = order[n - 1 - rank]
        if partner != seat:
            state.cash[seat] += paid[partner] - paid[seat]
    for rank in range(n // 2):
        high, low = order[rank], order[n - 1 - rank]
        log(
            state,
            "handicap",
            f"{country(high)} pays ${paid[high]} to {country(low)};"
            f" {country(low)} pays ${paid[low]} to {country(high)}",
        )
    state.bid_order = order
    state.phase = LANDFALL
    state.step = 0
    state.actor = order[0]


def roll_off(
    state: NewWorldState, seats: list[int], rolls: list[tuple[list[int], list[int]]]
) -> list[int]:
    """Seats tied on a bid in the order of a die each, high roller first; those
    whose dice tie roll again among themselves (5.41). The dice go to ``rolls``."""
    if len(seats) < 2:
        return seats
    faces = [die(state) for _ in seats]
    rolls.append((seats, faces))
    order: list[int] = []
    for face in sorted(set(faces), reverse=True):
        tied = [s for s, f in zip(seats, faces, strict=True) if f == face]
        order += roll_off(state, tied, rolls)
    return order


def landfall_chosen(state: NewWorldState) -> None:
    state.step += 1
    if state.step < state.players:
        state.actor = state.bid_order[state.step]
        return
    state.actor = NOBODY
    begin_planning(state)


# ---- payment and outbound naval movement (5.5, 6.) ------------------------------------


def payment_and_outbound(state: NewWorldState) -> None:
    for seat in range(state.players):
        pay(state, seat)
    markers = place_outbound_perils(state) if perils(state.config) else None
    outbound.start(state, markers)


def after_outbound(state: NewWorldState) -> None:
    """Every Fleet has made its Landings: the Gold Phase, then Land Movement (4.)."""
    gold_stage(state)
    initiative(state)
    begin_movement(state)


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


def cargo_of(state: NewWorldState, seat: int) -> Cargo:
    return Cargo(
        state.fleet_ships[seat],
        state.fleet_soldiers[seat],
        state.fleet_colonists[seat],
        state.fleet_gold[seat],
        state.fleet_bars[seat],
        piracy.loads_of(state, seat),
    )


def store_cargo(state: NewWorldState, seat: int, cargo: Cargo) -> None:
    state.fleet_ships[seat] = cargo.ships
    state.fleet_soldiers[seat] = cargo.soldiers
    state.fleet_colonists[seat] = cargo.colonists
    state.fleet_gold[seat] = cargo.gold
    state.fleet_bars[seat] = cargo.bars
    piracy.store_loads(state, seat, cargo.pirate_loads)
    units.box_soldiers(state, seat, cargo.lost_soldiers)


NO_LOSSES = (0, 0, 0)  # Ships, Soldiers, Colonists


def voyage(
    state: NewWorldState,
    seat: int,
    dice: int,
    homebound: bool,
    where: str,
    then: int,
    arg: int = 0,
    markers: int = -1,
) -> bool:
    """Roll a crossing's Naval Losses dice and take the losses (6.2, 12.2). With
    Perils of the Deep (``markers`` >= 0, the markers crossed) no crossing die is
    rolled: each marker is one Naval Losses Table roll (18.3, 18.5). False when a
    Ship is about to be lost and its owner arranges his Fleet card first (6.21):
    the voyage goes on from ``then`` (rules/fleetcard.py) once he has."""
    rolled = roll_dice(state, dice) if markers < 0 else []
    table_rolls = rolled.count(1) if markers < 0 else markers
    if not table_rolls:  # no Naval Losses Table roll: nothing aboard changes
        calm = (seat, where, tuple(rolled), NO_LOSSES, (), markers)
        state.log.append(Event("voyage", voyage_words, {"seat": seat}, None, True, calm))
        return True
    cargo = cargo_of(state, seat)
    progress = Progress(table_rolls)
    done = fleetcard.losses(state, seat, cargo, progress, homebound)
    losses = (cargo.lost_ships, cargo.lost_soldiers, cargo.lost_colonists)
    notes = tuple(cargo.notes) if done else (*cargo.notes, "the Fleet card is arranged (6.21)")
    words = (seat, where, tuple(rolled), losses, notes, markers)
    state.log.append(Event("voyage", voyage_words, {"seat": seat}, None, True, words))
    store_cargo(state, seat, cargo)
    if not done:
        fleetcard.pause(state, seat, cargo, progress, homebound, then, arg)
    return done


def voyage_words(
    seat: int,
    where: str,
    rolled: tuple[int, ...],
    losses: tuple[int, int, int],
    notes: tuple[str, ...],
    markers: int = -1,
) -> str:
    """A crossing in words, written only when someone reads the log (``Event``);
    ``markers`` >= 0: the Perils of the Deep markers crossed instead of dice (18.3)."""
    if markers >= 0:
        faces = amount(markers, "Perils of the Deep marker") if markers else "no Perils marker"
    else:
        faces = " ".join(str(v) for v in rolled) or "no dice"
    text = f"{country(seat)}'s Fleet {where}: {faces}"
    ships, soldiers, colonists = losses
    lost = amounts((ships, "Ship"), (soldiers, "Soldier"), (colonists, "Colonist"))
    if lost:
        text += f"; loses {listing(lost)} (" + "; ".join(notes) + ")"
    elif notes:  # Naval Losses Table rolls that cost nothing are told too
        text += "; nothing lost (" + "; ".join(notes) + ")"
    return text


def sunk_with_fleet(state: NewWorldState, seat: int) -> None:
    """Anything still aboard a Fleet sunk before its Landing is lost with it."""
    if state.fleet_ships[seat] == 0:
        units.box_soldiers(state, seat, state.fleet_soldiers[seat])
        state.fleet_soldiers[seat] = 0
        state.fleet_colonists[seat] = 0
        state.fleet_at[seat] = NOBODY


# ---- gold stage (7.) ------------------------------------------------------------------


def gold_stage(state: NewWorldState) -> None:
    """Depletions then discoveries (4.31, 4.32); none on turn 1 (7.1)."""
    if state.turn == 1:
        return
    if _nobody_on(state.site_holder) and _nobody_on(state.city_holder):
        return  # no Miner, looter or Prospector: nothing yields, nothing is rolled
    for area in range(AREAS):
        for slot in (2 * area, 2 * area + 1):
            holder = state.site_holder[slot]
            if state.site_kind[slot] == MINE and holder != NOBODY:
                state.gold[at(holder, area)] += 1
                depleted = die(state) == 1
                log(
                    state,
                    "mine",
                    f"The Mine in {area_word(area)} yields a Gold Bar to"
                    f" {country(holder)}" + ("; it is depleted" if depleted else ""),
                    True,
                )
                if depleted:
                    state.site_kind[slot] = NO_MARKER
                    state.site_holder[slot] = NOBODY
        looter = state.city_holder[area]
        if state.city_value[area] and looter != NOBODY:
            state.gold[at(looter, area)] += state.city_value[area]
            depleted = die(state) == 1
            log(
                state,
                "city",
                f"The City in {area_word(area)} yields"
                f" {state.city_value[area]} Gold Bars to {country(looter)}"
                + ("; it is depleted" if depleted else ""),
                True,
            )
            if depleted:
                state.city_value[area] = 0
                state.city_holder[area] = NOBODY
    for area in range(AREAS):
        for slot in (2 * area, 2 * area + 1):
            holder = state.site_holder[slot]
            if state.site_kind[slot] == GOLD_SITE and holder != NOBODY:
                value = die(state)
                if value >= 5:
                    state.site_kind[slot] = MINE
                    state.site_holder[slot] = NOBODY
                    log(
                        state,
                        "discovery",
                        f"{country(holder)}'s Prospector discovers Gold in"
                        f" {area_word(area)} ({value}): a Mine",
                        True,
                    )
                else:
                    log(state, "discovery", f"No Gold found in {area_word(area)} ({value})", True)


def _nobody_on(holders: list[int]) -> bool:
    return holders.count(NOBODY) == len(holders)


def initiative(state: NewWorldState) -> None:
    """The Game Leader draws the Political Control markers from the cup (8.1)."""
    order = list(range(state.players))
    state.rng.shuffle(order)
    state.initiative = order
    state.log.append(Event("initiative", initiative_words, {}, None, True, (tuple(order),)))


def initiative_words(order: tuple[int, ...]) -> str:
    """The Initiative Display (8.1), written when the log is read."""
    return "Initiative: " + ", ".join(country(s) for s in order)


# ---- sequential phases ------------------------------------------------------------------


def begin_movement(state: NewWorldState) -> None:
    state.phase = MOVEMENT
    state.step = 0
    start_mover(state)


def start_mover(state: NewWorldState) -> None:
    from meeple.games.newworld.rules.decisions import end_movement, movement_has_choice

    while state.step < state.players:
        seat = state.initiative[state.step]
        state.actor = seat
        if any(state.loose_gold):
            for area, bars in enumerate(state.loose_gold):
                if bars:
                    units.claim_gold(state, seat, area)
        if movement_has_choice(state, seat):
            return
        if end_movement(state, seat):
            return  # its landed units may move onto a City or Mine (8.23)
        state.step += 1
    if exploration.discover(state):  # else a Gold Site claim waits (16.411)
        begin_combat(state, COMBAT_PLAYERS)


def begin_combat(state: NewWorldState, phase: int) -> None:
    check_pc_loss(state)
    state.phase = phase
    state.step = 0
    next_fighter(state)


def next_fighter(state: NewWorldState) -> None:
    from meeple.games.newworld.rules.decisions import combat_has_choice

    while state.step < state.players:
        state.actor = state.initiative[state.step]
        if combat_has_choice(state, state.actor):
            return
        state.step += 1
    state.actor = NOBODY
    check_pc_loss(state)
    if state.phase == COMBAT_PLAYERS:
        begin_combat(state, COMBAT_NATIVES)
        return
    after_combat(state)


def after_combat(state: NewWorldState) -> None:
    """Initiative reloads (8.34); uprisings, survival, political control, then the
    Fleets sail home. Each of the first two waits while the owners choose which of
    their units are lost (9.4, 10.1: rules/losses.py); the dice are all rolled first."""
    state.actor = NOBODY
    uprisings(state)
    if state.losses:
        state.phase = UPRISING_PHASE
        return
    after_uprisings(state)


def after_uprisings(state: NewWorldState) -> None:
    survival(state)
    if state.losses:
        state.phase = SURVIVAL_PHASE
        return
    after_survival(state)


def after_survival(state: NewWorldState) -> None:
    political_control(state)
    begin_homebound(state)


def losses_chosen(state: NewWorldState) -> None:
    """A loss of the Uprising or Survival Phase was chosen: once none is left to
    choose, the turn goes on."""
    if state.losses:
        return
    if state.phase == UPRISING_PHASE:
        after_uprisings(state)
    else:
        after_survival(state)


# ---- native uprisings (9.) -------------------------------------------------------------


def uprising_number(state: NewWorldState, seat: int, area: int) -> int:
    """Natives plus the seat's Colonists/Miners less its Soldiers, Prospectors
    excepted (9.2); under rule 20 a Political Control marker counts as a Soldier."""
    return _uprising_number(state, seat, area, pc_benefits(state.config) == EXTENDED)


def _uprising_number(state: NewWorldState, seat: int, area: int, extended: bool) -> int:
    """``uprising_number``; ``extended``: rule 20 is in play."""
    soldiers = units.area_soldiers(state, seat, area) - units.prospectors(state, seat, area)
    if extended and state.pc[area] == seat:
        soldiers += 1
    return state.natives[area] + units.area_colonists(state, seat, area) - soldiers


UPRISING_DIE_WORDS = tuple(f"Uprising Climate die: {face}" for face in range(7))
SURVIVAL_DIE_WORDS = tuple(f"Survival die: {face}" for face in range(7))


def uprisings(state: NewWorldState) -> None:
    climate = die(state)
    data = {"die": climate}
    state.log.append(Event("uprising climate", UPRISING_DIE_WORDS[climate], data, None, True))
    extended = pc_benefits(state.config) == EXTENDED
    for area, seat in units.settlers(state):  # even where no Native is left (9.2)
        number = _uprising_number(state, seat, area, extended)
        if number >= 1 and climate <= number:
            resolve_uprising(state, seat, area)
    casualties.settle(state)  # the losses without a choice; the others wait (9.4)


def resolve_uprising(state: NewWorldState, seat: int, area: int) -> None:
    soldiers = units.area_soldiers(state, seat, area) - units.prospectors(state, seat, area)
    if pc_benefits(state.config) == EXTENDED and state.pc[area] == seat:
        soldiers += 1
    value = die(state)
    loss = UPRISING[value - 1][uprising_column(soldiers)]
    colonists = units.area_colonists(state, seat, area)
    lost = colonists if loss == ALL else min(loss, colonists)  # the excess is ignored (9.4)
    casualties.add(state, seat, area, 0, lost, casualties.UPRISING)  # its owner picks them
    words = (seat, area, value, lost)
    data = {"seat": seat, "area": area}
    state.log.append(Event("uprising", uprising_words, data, None, True, words))


def uprising_words(seat: int, area: int, value: int, lost: int) -> str:
    """A Native uprising (9.), written when the log is read."""
    return (
        f"Natives rise against {country(seat)} in {area_word(area)}"
        f" ({value}): {amount(lost, 'Colonist') if lost else 'no Colonist'} lost"
    )


# ---- survival (10.) ----------------------------------------------------------------------


def survival(state: NewWorldState) -> None:
    check_pc_loss(state)  # the end of the Uprising Phase (11.2), before 10.2 reads it
    roll = die(state)
    state.log.append(Event("survival", SURVIVAL_DIE_WORDS[roll], {"die": roll}, None, True))
    reduced = pc_benefits(state.config) == REDUCED
    for area, seat in units.manned(state):
        value = min(6, roll + _survival_bonus(state, seat, area, reduced))
        losses = SURVIVAL[value - 1][state.tile_climate[area] - 1]
        if losses:
            apply_survival(state, seat, area, losses)
    casualties.settle(state)  # the losses without a choice; the others wait (10.1)


def survival_bonus(state: NewWorldState, seat: int, area: int) -> int:
    """+1 for Political Control of the Area (10.2); under rule 19 only in Climate
    1 and 2 Areas."""
    return _survival_bonus(state, seat, area, pc_benefits(state.config) == REDUCED)


def _survival_bonus(state: NewWorldState, seat: int, area: int, reduced: bool) -> int:
    """``survival_bonus``; ``reduced``: rule 19 is in play."""
    if state.pc[area] != seat:
        return 0
    if reduced and state.tile_climate[area] > 2:
        return 0
    return 1


def apply_survival(state: NewWorldState, seat: int, area: int, losses: str) -> None:
    """Each C costs a Colonist/Miner, each S a Soldier/Prospector; the other kind
    is lost when the named one is absent (6.24). Which units of a kind fall is the
    owner's choice (rules/losses.py)."""
    lost_s, lost_c = survival_split(
        losses.count("S"),
        losses.count("C"),
        units.area_soldiers(state, seat, area),
        units.area_colonists(state, seat, area),
    )
    casualties.add(state, seat, area, lost_s, lost_c, casualties.SURVIVAL)
    words = (seat, lost_s, lost_c, area)
    data = {"seat": seat, "area": area}
    state.log.append(Event("attrition", attrition_words, data, None, False, words))


def survival_split(
    soldier_marks: int, colonist_marks: int, soldiers: int, colonists: int
) -> tuple[int, int]:
    """Soldiers and Colonists lost to the Survival Table's S and C marks: each
    mark takes its kind, or the other kind once its own is gone (6.24)."""
    lost_s = min(soldiers, soldier_marks + max(0, colonist_marks - colonists))
    lost_c = min(colonists, colonist_marks + max(0, soldier_marks - soldiers))
    return lost_s, lost_c


def attrition_words(seat: int, soldiers: int, colonists: int, area: int) -> str:
    """Survival losses (10.), written when the log is read."""
    lost = listing(amounts((soldiers, "Soldier"), (colonists, "Colonist")))
    return f"{country(seat)} loses {lost} to the climate of {area_word(area)}"


# ---- political control (11.) ---------------------------------------------------------------


def earning(state: NewWorldState, seat: int, area: int) -> int:
    """Colonists earning Resources: not mining, not retreating (13.1)."""
    if not state.colonists[seat * AREAS + area]:
        return 0
    return max(0, units.free_colonists(state, seat, area) - state.retreated[at(seat, area)])


def settled(state: NewWorldState, seat: int, area: int) -> int:
    """Colonists/Miners that may establish the seat's control: not those that
    retreated this turn (8.32)."""
    return units.area_colonists(state, seat, area) - state.retreated[at(seat, area)]


def qualifies(state: NewWorldState, seat: int, area: int, gaining: bool = False) -> bool:
    """At least four Colonists/Miners and a majority of all of them; and a majority
    of the Soldiers/Prospectors if there are any (11.2). ``gaining``: the seat's own
    Personnel that retreated this turn are left out, as they "may not be used to
    establish Political Control" (8.32); otherwise, and for every other seat,
    retreated units count like the rest (to retain control, and in the totals)."""
    i = at(seat, area)
    own_c = state.retreated[i] if gaining else 0
    own_s = state.retreated_soldiers[i] if gaining else 0
    mine = units.area_colonists(state, seat, area) - own_c
    if mine < 4:
        return False
    total = sum(units.area_colonists(state, s, area) for s in range(state.players)) - own_c
    if 2 * mine <= total:
        return False
    soldiers = sum(standing(state, s, area) for s in range(state.players)) - own_s
    return soldiers == 0 or 2 * (standing(state, seat, area) - own_s) > soldiers


def standing(state: NewWorldState, seat: int, area: int) -> int:
    """Soldiers/Prospectors in the Area, embarked ones included (8.21)."""
    i = seat * AREAS + area
    return state.soldiers[i] + state.emb_soldiers[i]


def check_pc_loss(state: NewWorldState) -> None:
    """A player loses Political Control at the end of any Phase in which his units
    fail the requirements (11.2)."""
    pc = state.pc
    if pc.count(NOBODY) == len(pc):
        return  # no control to lose
    for area in range(AREAS):
        holder = pc[area]
        if holder != NOBODY and not qualifies(state, holder, area):
            state.pc[area] = NOBODY
            log(
                state,
                "political control",
                f"{country(holder)} loses Political Control of {area_word(area)}",
                seat=holder,
                area=area,
            )


def political_control(state: NewWorldState) -> None:
    check_pc_loss(state)
    held = [holder != NOBODY for holder in state.pc]  # an Area held now gains no holder
    colonists, embarked, retreated = state.colonists, state.emb_colonists, state.retreated
    for area, seat in units.settlers(state):
        if held[area]:
            continue
        i = seat * AREAS + area
        if colonists[i] + embarked[i] - retreated[i] >= 4 and qualifies(state, seat, area, True):
            state.pc[area] = seat
            log(
                state,
                "political control",
                f"{country(seat)} gains Political Control of {area_word(area)}",
                seat=seat,
                area=area,
            )


def controlled(state: NewWorldState, seat: int) -> int:
    return state.pc.count(seat)


# ---- homebound (12.) ---------------------------------------------------------------------


def begin_homebound(state: NewWorldState) -> None:
    state.phase = HOMEBOUND
    state.actor = NOBODY
    for seat in range(state.players):
        out = state.fleet_ships[seat] > 0 and state.fleet_at[seat] != NOBODY
        state.fleet_out[seat] = out  # what it picks up is its player's choice (12.1)
    state.gold_asked = [0] * state.players
    if not any(state.fleet_out):
        fleets_home(state)


def pick_up(state: NewWorldState, seat: int, area: int) -> None:
    """Take aboard what waits on the Anchorage dot, as far as two Personnel and two
    Gold Bars per Ship allow (5.3); Gold only if no opponent's Personnel hold it
    there in its owner's absence (8.223)."""
    i = at(seat, area)
    carriers = state.fleet_ships[seat] - state.fleet_pirates[seat]  # Pirates carry none (22.1)
    room = 2 * carriers - state.fleet_soldiers[seat] - state.fleet_colonists[seat]
    soldiers = min(room, state.emb_soldiers[i])
    colonists = min(room - soldiers, state.emb_colonists[i])
    state.emb_soldiers[i] -= soldiers
    state.emb_colonists[i] -= colonists
    state.fleet_soldiers[seat] += soldiers
    state.fleet_colonists[seat] += colonists
    bars = min(2 * carriers - state.fleet_bars[seat], state.emb_gold[i])
    if bars and units.personnel(state, seat, area) == 0 and units.others_present(state, seat, area):
        bars = 0  # held by an opponent's Personnel in its owner's absence
    state.emb_gold[i] -= bars
    state.fleet_bars[seat] += bars
    state.fleet_gold[seat] += GOLD_BAR * bars
    if soldiers or colonists or bars:
        taken = (seat, soldiers, colonists, bars, area)
        state.log.append(Event("pick up", pick_up_words, {"seat": seat}, None, False, taken))


def pick_up_words(seat: int, soldiers: int, colonists: int, bars: int, area: int) -> str:
    """A Fleet's pickup (12.1), written when the log is read."""
    taken = listing(amounts((soldiers, "Soldier"), (colonists, "Colonist"), (bars, "Gold Bar")))
    return f"{country(seat)}'s Fleet picks up {taken} at {area_word(area)}"


def fleets_home(state: NewWorldState) -> None:
    """Every Fleet has made its last pickup: the crossing home (12.2, 18.5)."""
    sailing = [
        s for s in range(state.players) if state.fleet_ships[s] and state.fleet_at[s] != NOBODY
    ]
    if perils(state.config) and sailing:
        zones = {z for s in sailing for z in zone_path(WORLD, WORLD.areas[state.fleet_at[s]].sea)}
        markers = place_homebound_perils(lambda: die(state), zones)
        shown = ", ".join(f"Zone {z}: {m}" for z, m in markers.items() if m) or "none"
        log(state, "perils", f"Homebound Perils of the Deep markers: {shown}", True)
        state.outbound_markers = [markers.get(zone, 0) for zone in range(outbound.ZONES)]
    sail_home_from(state, 0)


def sail_home_from(state: NewWorldState, first: int) -> None:
    """The Fleets from seat ``first`` on cross home in seat order, each delivering
    what it carries; the movement waits while a Fleet card is arranged (6.21)."""
    markers = dict(enumerate(state.outbound_markers)) if state.outbound_markers else None
    for seat in range(first, state.players):
        if not state.fleet_ships[seat] or state.fleet_at[seat] == NOBODY:
            continue
        sea = WORLD.areas[state.fleet_at[seat]].sea
        number = WORLD.seas[sea].number
        crossed = -1 if markers is None else perils_dice(markers, zone_path(WORLD, sea))
        if not voyage(state, seat, number, True, "sails home", fleetcard.CROSSING_HOME, 0, crossed):
            return
        deliver(state, seat)
    state.outbound_markers = []
    for seat in range(state.players):
        state.ships[seat] = state.fleet_ships[seat]
        state.fleet_ships[seat] = 0
        state.fleet_at[seat] = NOBODY
        state.fleet_out[seat] = False
        piracy.store_loads(state, seat, [])  # the Pirates flip back (22.1)
    return_unshipped(state)
    income(state)


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
    gold = state.fleet_gold[seat] + sum(piracy.loads_of(state, seat))
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


# ---- income and the end of the turn (13., 14.) ---------------------------------------------


def resource_income(state: NewWorldState, seat: int) -> int:
    """Colonists not mining earn the turn's Resource Value, doubled under the x2
    symbol; at most 20 earn per Area, shared proportionally (13.1)."""
    _, value = turn_values(state.turn)
    total = 0
    for area in units.seat_areas(seat, state.colonists):  # nobody else to earn
        mine = earning(state, seat, area)
        if mine == 0:
            continue
        everyone = sum(earning(state, s, area) for s in range(state.players))
        worth = value * state.resources[area]
        total += mine * worth if everyone <= 20 else (20 * mine * worth) // everyone
    return total


def income(state: NewWorldState) -> None:
    check_pc_loss(state)  # the end of the Homebound Phase (11.2), before 11.4 and 14.1
    pc_value, _ = turn_values(state.turn)
    for seat in range(state.players):
        pcs = 1 + controlled(state, seat)  # the offboard home country counts (11.1)
        resources = resource_income(state, seat)
        earned = pcs * pc_value + resources + state.delivered[seat]
        state.cash[seat] += earned
        words = (seat, earned, pcs, resources, state.delivered[seat])
        data = {"seat": seat, "income": earned}
        state.log.append(Event("income", income_words, data, seat, False, words))
    end_turn(state)


def income_words(seat: int, earned: int, pcs: int, resources: int, gold: int) -> str:
    """A seat's income (13.), written when the log is read: ``pcs`` Areas under its
    Political Control, the offboard home country included (11.1), pay the rest."""
    controlled = listing(["the home country", *amounts((pcs - 1, "Area"))])
    parts = [f"${earned - resources - gold} for Political Control of {controlled}"]
    if resources:
        parts.append(f"${resources} of Resources")
    if gold:
        parts.append(f"${gold} of Gold")
    if len(parts) == 1:
        return f"{country(seat)} collects {parts[0]}"
    return f"{country(seat)} collects ${earned}: {', '.join(parts)}"


def end_turn(state: NewWorldState) -> None:
    final = last_turn(state.config)
    counts = [controlled(state, s) for s in range(state.players)]
    if state.turn < final and max(counts) >= PC_TO_WIN:
        best = max(counts)
        tied = [s for s in range(state.players) if counts[s] == best]
        richest = max(state.cash[s] for s in tied)
        finish(
            state,
            [s for s in tied if state.cash[s] == richest],
            f"Political Control of {best} Areas (14.1)",
        )
        return
    if state.turn >= final:
        richest = max(state.cash)
        finish(
            state,
            [s for s in range(state.players) if state.cash[s] == richest],
            f"the most money at the end of turn {final} (14.2)",
        )
        return
    state.leader = (state.leader + 1) % state.players
    start_turn(state)


def finish(state: NewWorldState, winners: list[int], why: str) -> None:
    state.phase = GAME_OVER
    state.actor = NOBODY
    state.winners = winners
    verb = "wins" if len(winners) == 1 else "win"
    state.end_note = f"{listing([country(s) for s in winners])} {verb} with {why}"
    log(state, "end", state.end_note, True)
