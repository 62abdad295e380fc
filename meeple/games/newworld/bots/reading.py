"""What the New World bots read from a position, and what a position is worth.

The bots read *determinized samples* (``Game.determinize`` for the deciding seat),
never the true state: a sample holds only what that seat may know, with the hidden
parts (other seats' sealed bids and sheets, the dice to come) drawn afresh. Cash
is kept by ``determinize`` because every payment is announced (13.3 makes it only
a matter of counting). The printed map comes from ``board.load_map()``.

``worth`` is a seat's money at the end of the game if the present position went
on: its cash, the income its Political Control, Colonists (those still to land
included), Mines and City still earn in the turns left (11.4, 13.1, 13.2), Gold on
its way home, and a premium
for nearing five Political Controls before the last turn (14.1). The weights are
estimates for comparing positions, not predictions.
"""

from __future__ import annotations

import math

from meeple.games.newworld.board import AREAS, SURVIVAL, load_map, turn_values
from meeple.games.newworld.state import (
    BIDDING,
    COLONISTS,
    EXPLORE,
    GAME_OVER,
    GOLD_SITE,
    LANDFALL,
    MINE,
    NOBODY,
    OUTBOUND,
    PLANNING,
    NewWorldState,
)
from meeple.games.newworld.texts import GOLD_BAR, PC_TO_WIN, last_turn

WORLD = load_map()
COASTAL = tuple(area.coastal for area in WORLD.areas)
CITY_AREAS = tuple(a.index for a in WORLD.areas if a.city)

INCOME_HORIZON = 4  # turns ahead a working Mine or City is expected to last (1 in 6 depletes)
COLONIST_SURVIVAL = 0.7  # share of a Colonist's future Resource income counted
PC_KEEP = 0.8  # share of a Political Control's future income counted
BAR_ON_LAND = 30.0  # a Gold Bar still to be carried home (naval losses, theft)
BAR_EMBARKED = 35.0
SOLDIER_WORTH = 4.0  # a Soldier protects and conquers, but earns nothing
SHIP_WORTH = 6.0  # a Ship kept saves building one ($12 against $4 to maintain, 5.3)
DISCOVERY = 1 / 3  # a Prospector finds Gold on a 5 or 6 (7.3)
UPRISING_RISK = 0.06  # share of a Colonist's worth lost per point of Uprising Number
PC_PREMIUM = (0.0, 0.0, 10.0, 30.0, 80.0, 400.0)  # by Areas controlled, before the last turn
SPREAD = 45.0  # dollars of worth that make one seat e times likelier to win
MARGIN_FLOOR = 100.0  # dollars of lead over the best rival that move the margin term by e
MARGIN_PER_PC = 1.0  # ... plus this share of a Political Control's income still to come
WIN_SHARE = 0.5  # share of a rollout's value from the win chance; the rest from the margin
HOME_PHASES = (EXPLORE, COLONISTS, BIDDING, LANDFALL, PLANNING)
"""Phases in which a turn's Colonists wait at home: the Fleets sail once every
Planning Sheet is revealed and paid for (5.4, 6.)."""
EXPECTED_COLONISTS = 4  # four taken, or a die with three at least: four on average (5.1)
UNKNOWN_CLIMATE = 3  # the Climate counted for an Area whose tile is still face down


def area_index(seat: int, area: int) -> int:
    """Index of a per-seat-per-Area field of the state."""
    return seat * AREAS + area


def incomes_left(state: NewWorldState) -> int:
    """Income Phases still to come, this turn's included."""
    if state.phase == GAME_OVER:
        return 0
    return max(0, last_turn(state.config) - max(1, state.turn) + 1)


def controlled(state: NewWorldState, seat: int) -> int:
    return sum(1 for holder in state.pc if holder == seat)


def colonists_in(state: NewWorldState, seat: int, area: int) -> int:
    i = area_index(seat, area)
    return state.colonists[i] + state.emb_colonists[i] + state.off_colonists[i]


def soldiers_in(state: NewWorldState, seat: int, area: int) -> int:
    i = area_index(seat, area)
    return state.soldiers[i] + state.emb_soldiers[i] + state.off_soldiers[i]


def others_colonists(state: NewWorldState, seat: int, area: int) -> int:
    return sum(colonists_in(state, s, area) for s in range(state.players) if s != seat)


def others_soldiers(state: NewWorldState, seat: int, area: int) -> int:
    return sum(soldiers_in(state, s, area) for s in range(state.players) if s != seat)


def markers_held(state: NewWorldState, seat: int) -> list[int]:
    """The kinds of the markers the seat's Prospectors and Miners stand on."""
    return [k for k, h in zip(state.site_kind, state.site_holder, strict=True) if h == seat]


def free_sites(state: NewWorldState, area: int, kind: int) -> int:
    """Markers of ``kind`` in the Area that no one stands on."""
    return sum(
        1
        for slot in (2 * area, 2 * area + 1)
        if state.site_kind[slot] == kind and state.site_holder[slot] == NOBODY
    )


class Census:
    """Per Area, the seat's own and everyone's Colonists and Soldiers (on land,
    embarked and offshore)."""

    __slots__ = ("all_colonists", "all_soldiers", "my_colonists", "my_soldiers")
    all_colonists: list[int]
    all_soldiers: list[int]
    my_colonists: list[int]
    my_soldiers: list[int]

    def __init__(self, state: NewWorldState, seat: int) -> None:
        colonists, soldiers, all_colonists, all_soldiers = tallies(state)
        self.my_colonists = colonists[seat]
        self.my_soldiers = soldiers[seat]
        self.all_colonists = all_colonists
        self.all_soldiers = all_soldiers

    def others_colonists(self, area: int) -> int:
        return self.all_colonists[area] - self.my_colonists[area]

    def others_soldiers(self, area: int) -> int:
        return self.all_soldiers[area] - self.my_soldiers[area]


Tallies = tuple[list[list[int]], list[list[int]], list[int], list[int]]
_TALLIED: list[tuple[NewWorldState, int, Tallies]] = []
"""The last sample counted, its version and its counts (a rollout asks for the same
counts once per seat)."""


def tallies(state: NewWorldState) -> Tallies:
    """Per seat and Area the Colonists and Soldiers, and their totals per Area."""
    if _TALLIED and _TALLIED[0][0] is state and _TALLIED[0][1] == state.version:
        return _TALLIED[0][2]
    colonists = [per_area(state, s, True) for s in range(state.players)]
    soldiers = [per_area(state, s, False) for s in range(state.players)]
    counted: Tallies = (
        colonists,
        soldiers,
        [sum(column) for column in zip(*colonists, strict=True)],
        [sum(column) for column in zip(*soldiers, strict=True)],
    )
    _TALLIED[:] = [(state, state.version, counted)]
    return counted


def per_area(state: NewWorldState, seat: int, colonists: bool) -> list[int]:
    """The seat's Colonists (or Soldiers) per Area: on land, embarked and offshore."""
    first = seat * AREAS
    last = first + AREAS
    if colonists:
        parts = (state.colonists, state.emb_colonists, state.off_colonists)
    else:
        parts = (state.soldiers, state.emb_soldiers, state.off_soldiers)
    return [a + b + c for a, b, c in zip(*(p[first:last] for p in parts), strict=True)]


def future_values(state: NewWorldState) -> tuple[int, int]:
    """The Political Control and Resource values of every Income Phase still to come
    (the Turn Record Track, 11.4, 13.1), this turn's included."""
    if state.phase == GAME_OVER:
        return 0, 0
    turns = range(max(1, state.turn), last_turn(state.config) + 1)
    return sum(turn_values(t)[0] for t in turns), sum(turn_values(t)[1] for t in turns)


def controls(state: NewWorldState, seat: int, area: int, counted: Tallies) -> bool:
    """Political Control held, or earned at the next Political Control Phase: four
    Colonists and a majority of them, and of the Soldiers if any (11.2)."""
    if state.pc[area] == seat:
        return True
    colonists, soldiers, all_colonists, all_soldiers = counted
    mine = colonists[seat][area]
    if mine < 4 or 2 * mine <= all_colonists[area]:
        return False
    return all_soldiers[area] == 0 or 2 * soldiers[seat][area] > all_soldiers[area]


def colonists_to_land(state: NewWorldState, seat: int) -> int:
    """This turn's Colonists not yet on the board: waiting at home until the sheets
    are paid for (a seat still to choose counts the four it may take, which the die
    gives on average, 5.1), then aboard the outbound Fleet until its Landings."""
    if state.phase in HOME_PHASES:
        count = state.new_colonists[seat]
        return EXPECTED_COLONISTS if count < 0 else count
    if state.phase == OUTBOUND:
        return state.fleet_colonists[seat]
    return 0


def landing_area(state: NewWorldState, seat: int, colonists: list[int]) -> int:
    """Where the seat's new Colonists are expected to land: its Exclusive Anchorage
    on turn 1 (5.411), later its largest colony (the heuristic concentrates them);
    NOBODY for a colony still to found."""
    if state.turn <= 1:
        return state.landfall[seat]
    best = max(range(AREAS), key=lambda a: (colonists[a], -a))
    return best if colonists[best] else NOBODY


def safety(state: NewWorldState, area: int, colonists: int, soldiers: int) -> float:
    """The share of Colonists' income expected to survive Native Uprisings (9.2)."""
    if not state.natives[area]:
        return 1.0
    exposed = state.natives[area] + colonists - soldiers  # the Uprising Number
    return max(0.4, 1.0 - UPRISING_RISK * exposed)


_LOSSES: dict[tuple[int, int, int], tuple[int, ...]] = {}


def survival_losses(climate: int, held: bool, soldiers: int) -> tuple[int, ...]:
    """The Colonists a seat loses to each face of the Survival die (10.1) in an Area
    of ``climate``, holding its Political Control (+1 to the die, 10.2) or not, with
    ``soldiers`` there: an S falls on a Colonist once no Soldier is left (6.24)."""
    key = (climate, held, min(soldiers, 6))
    found = _LOSSES.get(key)
    if found is None:
        faces = []
        for roll in range(1, 7):
            marks = SURVIVAL[min(6, roll + held) - 1][climate - 1]
            faces.append(marks.count("C") + max(0, marks.count("S") - key[2]))
        found = _LOSSES[key] = tuple(faces)
    return found


def climate_of(state: NewWorldState, area: int) -> int:
    return state.tile_climate[area] if state.explored[area] else UNKNOWN_CLIMATE


def survivors(state: NewWorldState, area: int, held: bool, colonists: int, soldiers: int) -> float:
    """The share of ``colonists`` expected to earn over the incomes to come: each
    Survival roll, before each Income Phase (10., 13.), takes its expected losses,
    counted on the average income of the horizon."""
    losses = survival_losses(climate_of(state, area), held, soldiers)
    turns = min(incomes_left(state), INCOME_HORIZON)
    lost = sum(losses) / 6.0 * (turns + 1) / 2.0
    return max(0.0, 1.0 - lost / colonists) if colonists else 0.0


def control_survives(
    state: NewWorldState, area: int, held: bool, colonists: int, soldiers: int
) -> float:
    """The chance that four Colonists remain after the next Survival roll, which
    comes before the Political Control Phase (10., 11.2)."""
    losses = survival_losses(climate_of(state, area), held, soldiers)
    return sum(1 for lost in losses if colonists - lost >= 4) / 6.0


def arrivals(state: NewWorldState, seat: int, counted: Tallies) -> tuple[float, float]:
    """The Resource income per Resource Value of the Colonists still to land, and
    the chance that their Landing gives the seat a Political Control it lacks and
    that it outlives the Survival roll (10., 11.2)."""
    arriving = colonists_to_land(state, seat)
    if arriving <= 0:
        return 0.0, 0.0
    colonists, soldiers, all_colonists, all_soldiers = counted
    area = landing_area(state, seat, colonists[seat])
    if area == NOBODY:
        return float(arriving), float(arriving >= 4)
    mine = colonists[seat][area] + arriving
    guard = soldiers[seat][area]
    held = state.pc[area] == seat
    kept = survivors(state, area, held, mine, guard)
    earning = arriving * state.resources[area] * safety(state, area, mine, guard) * kept
    if controls(state, seat, area, counted):
        return earning, 0.0
    majority = 2 * mine > all_colonists[area] + arriving
    guarded = all_soldiers[area] == 0 or 2 * guard > all_soldiers[area]
    if not (mine >= 4 and majority and guarded):
        return earning, 0.0
    return earning, control_survives(state, area, held, mine, guard)


def worth(state: NewWorldState, seat: int) -> float:
    """The seat's expected money at the end (see the module docstring)."""
    counted = tallies(state)
    colonists, soldiers = counted[0][seat], counted[1][seat]
    pc_future, resource_future = future_values(state)
    left = incomes_left(state)
    value = float(state.cash[seat]) + state.delivered[seat] + state.fleet_gold[seat]
    pcs = 0.0
    earning = 0.0
    first = seat * AREAS
    bars_land = sum(state.gold[first : first + AREAS])
    bars_aboard = sum(state.emb_gold[first : first + AREAS])
    holders = state.pc
    for area in range(AREAS):
        mine = colonists[area]
        holds = holders[area] == seat
        if not (mine or holds):
            continue
        guard = soldiers[area]
        if (mine >= 4 or holds) and controls(state, seat, area, counted):  # 11.2
            pcs += control_survives(state, area, holds, mine, guard)
        kept = survivors(state, area, holds, mine, guard)
        earning += kept * mine * state.resources[area] * safety(state, area, mine, guard)
    landing, founded = arrivals(state, seat, counted)
    earning += landing
    pcs += founded
    value += pc_future * (1 + PC_KEEP * pcs)  # the offboard home country always pays (11.1)
    value += COLONIST_SURVIVAL * resource_future * earning
    value += BAR_ON_LAND * bars_land + BAR_EMBARKED * bars_aboard
    troops = sum(soldiers) + state.home_soldiers[seat] + state.fleet_soldiers[seat]
    value += SOLDIER_WORTH * troops
    if left > 1:
        value += SHIP_WORTH * (state.ships[seat] + state.fleet_ships[seat])
    ahead = min(left, INCOME_HORIZON)
    held = markers_held(state, seat)
    value += 0.5 * GOLD_BAR * ahead * held.count(MINE)
    value += DISCOVERY * 0.5 * GOLD_BAR * max(0, ahead - 1) * held.count(GOLD_SITE)
    for area in CITY_AREAS:
        if state.city_holder[area] == seat and state.city_value[area]:
            value += 0.5 * GOLD_BAR * ahead * state.city_value[area]
    if state.turn < last_turn(state.config) and state.phase != GAME_OVER:
        value += PC_PREMIUM[min(round(pcs), PC_TO_WIN)]
    return value


def worths(state: NewWorldState) -> list[float]:
    return [worth(state, seat) for seat in range(state.players)]


def win_chances(values: list[float]) -> list[float]:
    """A softmax of the worths: each seat's chance of winning."""
    top = max(values)
    weights = [math.exp((v - top) / SPREAD) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def margin_scale(state: NewWorldState) -> float:
    """Dollars of lead that count as much as one e-fold in ``standings``: what a
    Political Control still earns sets how much a lead can still change (11.4)."""
    pc_future, _ = future_values(state)
    return MARGIN_FLOOR + MARGIN_PER_PC * pc_future


def standings(state: NewWorldState) -> list[float]:
    """Each seat's value of a position, in [0, 1]: half its win chance (which
    saturates: two Political Controls behind is a chance of 0.000 from mid-game on)
    and half a logistic of its lead over the best rival on the scale of what is
    still at stake, which keeps telling a seat behind (or far ahead) its better
    options from its worse ones."""
    values = worths(state)
    chances = win_chances(values)
    scale = margin_scale(state)
    out = []
    for seat, chance in enumerate(chances):
        rival = max(v for s, v in enumerate(values) if s != seat)
        lead = max(-30.0, min(30.0, (values[seat] - rival) / scale))
        out.append(WIN_SHARE * chance + (1.0 - WIN_SHARE) / (1.0 + math.exp(-lead)))
    return out
