"""New World's observation encoding: a seat's view as numbers for the learning adapters.

Read from the view only (docs/games/newworld.md, "The view"), so what the view hides
cannot reach an observation: another seat's cash (13.3), its Exclusive Landfall
bid until the bids are revealed and its Planning Sheet (4.1) show only as "not
known" (all zeros, the "known" place 0). Seats are numbered from the viewer
(0 = the viewer), so a learned policy means "me" in every seat; Areas keep the
map's order (A to Z).

Counts with a rulebook limit are divided by it (16 turns, 24 Soldiers, 12 ships,
6 new ships, 10 Soldiers bought, 5 Climates, 3 landings); open-ended amounts by
a generous ceiling (cash $400, a bid $160, Natives 10, Colonists 12, gold 6
bars, a Fleet's gold $400), and clipped to [0, 1].

Layout (6 seat slots whatever the player count; a missing seat is all zeros):

* the turn and the last turn, the phase (one-hot), who is asked, the Game
  Leader, the seat deciding, the Initiative order (per position, a relative
  seat), the turn's PC and Resource values;
* per Area: playable, explored, Climate (one-hot, none while face down),
  Resources, Natives, City value and its looter, the two gold-marker slots
  (gold site or mine, holder), Political Control, loose gold, and per seat its
  force there (Soldiers, Colonists, Prospectors, Miners, looter, gold, the
  embarked and the offshore units, the Colonists and the Soldiers that
  retreated);
* per seat: cash (own; known flag), ships, Soldiers at home and in the pool, the
  Replacement Box per turn ahead, new Colonists, the bid (sealed, known, amount),
  the Exclusive Anchorage, the Planning Sheet (sealed; the own sheet while
  planning: maintain, build, buy, step, up to 3 landings, Pirate Ships and
  their enemy), the Fleet (ships, where, Soldiers, Colonists, gold, at sea,
  Pirate Ships, their gold and enemy, 22) and the Areas it controls;
* a declared attack awaiting the defender's choice, losses awaiting their
  removal, and a Landing short of room awaiting its owner's choice (5.4).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from typing import TypeAlias

from meeple.engine.config import GameConfig
from meeple.engine.encoding import (
    Layout,
    Section,
    SectionedEncoding,
    hot,
    put,
    relative_seats,
    seat_hot,
    strided,
)
from meeple.games.newworld.board import LETTERS, turn_values
from meeple.games.newworld.rules.apply import to_act
from meeple.games.newworld.rules.units import REPLACEMENT_DELAY
from meeple.games.newworld.state import (
    AREAS,
    GOLD_SITE,
    MINE,
    NOBODY,
    PHASE_NAMES,
    STEP_SEALED,
    NewWorldState,
)
from meeple.games.newworld.texts import (
    COUNTRIES,
    MAX_LANDINGS,
    MAX_NEW_SHIPS,
    MAX_SHIPS,
    MAX_SOLDIER_BUY,
    MAX_TURNS,
    SOLDIER_POOL,
    last_turn,
)
from meeple.games.newworld.view import (
    AreaContents,
    FleetView,
    ForceUnits,
    GoldRequest,
    Moment,
    PendingAttack,
    PendingClaim,
    PendingLanding,
    PendingLosses,
    PlanView,
    PlayerView,
    SiteKind,
    SiteView,
    attack_view,
    claim_view,
    gold_request_view,
    landing_view,
    losses_view,
    player_view,
    typed,
)

Vector: TypeAlias = "array[float]"  # 32-bit floats, from Layout.zeros()

SEATS = 6  # the most players New World takes
CLIMATES = 5
COUNTRY_AT = {name: seat for seat, name in enumerate(COUNTRIES)}
AREA_AT = {letter: a for a, letter in enumerate(LETTERS[:AREAS])}
MAX_DECISIONS = 20000  # random games last 220-790 decisions (2-6 players, 10 turns)

CASH_CEILING = 400.0
BID_CEILING = 160.0
NATIVES_CEILING = 10.0
CITY_CEILING = 4.0  # the largest City value on the map
COLONIST_CEILING = 12.0
GOLD_CEILING = 6.0
FLEET_GOLD_CEILING = 400.0
PC_VALUE_CEILING = 60.0  # the turn record track's largest PC value
RESOURCE_VALUE_CEILING = 5.0
RESOURCES_CEILING = 2.0  # an Area's x1 or x2 symbol
PROSPECTOR_CEILING = 2.0  # two gold-marker slots per Area
PLAN_STEPS = STEP_SEALED + 1

# A force: one seat's units in one Area.
_force = Layout()
SOLDIERS = _force.block(1)
COLONISTS = _force.block(1)
PROSPECTORS = _force.block(1)
MINERS = _force.block(1)
LOOTER = _force.block(1)
GOLD = _force.block(1)
EMBARKED_SOLDIERS = _force.block(1)
EMBARKED_COLONISTS = _force.block(1)
EMBARKED_GOLD = _force.block(1)
OFFSHORE_SOLDIERS = _force.block(1)
OFFSHORE_COLONISTS = _force.block(1)
RETREATED = _force.block(1)
RETREATED_SOLDIERS = _force.block(1)
PER_FORCE = _force.size

# A gold-marker slot: gold site, mine, its holder.
SITE_GOLD, SITE_MINE, SITE_HOLDER = 0, 1, 2
PER_SITE = 2 + SEATS

_area = Layout()
PLAYABLE = _area.block(1)
EXPLORED = _area.block(1)
CLIMATE = _area.block(CLIMATES)
RESOURCES = _area.block(1)
NATIVES = _area.block(1)
CITY = _area.block(1)
CITY_LOOTER = _area.block(SEATS)
SITES = _area.block(2 * PER_SITE)
CONTROL = _area.block(SEATS)
LOOSE_GOLD = _area.block(1)
FORCES = _area.block(SEATS * PER_FORCE)
PER_AREA = _area.size

# A landing on the own Planning Sheet: the Area, Soldiers, Colonists.
PER_LANDING = AREAS + 2

_seat = Layout()
CASH_KNOWN = _seat.block(1)
CASH = _seat.block(1)
SHIPS = _seat.block(1)
HOME_SOLDIERS = _seat.block(1)
POOL = _seat.block(1)
REPLACEMENT = _seat.block(REPLACEMENT_DELAY)
NEW_COLONISTS_KNOWN = _seat.block(1)
NEW_COLONISTS = _seat.block(1)
BID_SEALED = _seat.block(1)
BID_KNOWN = _seat.block(1)
BID = _seat.block(1)
LANDFALL = _seat.block(AREAS)
PLAN_SEALED = _seat.block(1)
PLAN_SHOWN = _seat.block(1)
PLAN_MAINTAIN = _seat.block(1)
PLAN_BUILD = _seat.block(1)
PLAN_BUY = _seat.block(1)
PLAN_STEP = _seat.block(PLAN_STEPS)
PLAN_LANDINGS = _seat.block(MAX_LANDINGS * PER_LANDING)
PLAN_PIRATES = _seat.block(1)
PLAN_ENEMY = _seat.block(SEATS)
FLEET_SHIPS = _seat.block(1)
FLEET_AT = _seat.block(AREAS)
FLEET_SOLDIERS = _seat.block(1)
FLEET_COLONISTS = _seat.block(1)
FLEET_GOLD = _seat.block(1)
FLEET_AT_SEA = _seat.block(1)
FLEET_PIRATES = _seat.block(1)
FLEET_PIRATE_GOLD = _seat.block(1)
FLEET_ENEMY = _seat.block(SEATS)
CONTROLLED = _seat.block(1)
PER_SEAT = _seat.size

LAYOUT = Layout()
TURN = LAYOUT.block(1)
LAST_TURN = LAYOUT.block(1)
PHASE = LAYOUT.block(len(PHASE_NAMES))
ASKED = LAYOUT.block(SEATS)
LEADER = LAYOUT.block(SEATS)
ACTOR = LAYOUT.block(SEATS)
INITIATIVE = LAYOUT.block(SEATS * SEATS)
PC_VALUE = LAYOUT.block(1)
RESOURCE_VALUE = LAYOUT.block(1)
AREA_BLOCK = LAYOUT.block(AREAS * PER_AREA)
PLAYERS = LAYOUT.block(SEATS * PER_SEAT)
ATTACK = LAYOUT.block(1 + 2 * SEATS + AREAS + 1)
LOSSES = LAYOUT.block(1 + 2 * SEATS + AREAS + 2)
LANDING = LAYOUT.block(1 + SEATS + AREAS + 2)
GOLD_REQUEST = LAYOUT.block(1 + 2 * SEATS + AREAS)  # 8.223: owner, the one asked, where
CLAIM = LAYOUT.block(1 + SEATS + AREAS)  # 16.411: the second occupant, where


class NewWorldEncoding(SectionedEncoding):
    def encode(self, raw: Mapping[str, object], config: GameConfig) -> Vector:  # JSON edge
        view = typed(raw)
        out = LAYOUT.zeros()
        relative = relative_seats(view["seat"], len(view["players"]))
        general(out, view, relative)
        base = AREA_BLOCK
        for area in view["areas"]:
            area_features(out, base, area, relative)
            base += PER_AREA
        for seat, entry in enumerate(view["players"]):
            player(out, PLAYERS + relative[seat] * PER_SEAT, entry, view["turn"], relative)
        pending_attack(out, view["pending_attack"], relative)
        pending_losses(out, view["pending_losses"], relative)
        pending_landing(out, view["pending_landing"], relative)
        questions(out, view["pending_gold_request"], view["pending_claim"], relative)
        return out

    def sections(self, config: GameConfig, seat: int) -> list[Section]:
        """The fast path's parts, read from the fields ``newworld.view`` builds the
        view from: another seat's cash, sealed bid and Planning Sheet are read only
        through the view's own builders (``player_view``), which hide them. The Areas are
        cut into their contents and each seat's forces (one field of every Area)."""
        relative = relative_seats(seat, config.players)
        final_turn = last_turn(config)
        parts = [
            Section.block(
                TURN,
                AREA_BLOCK,
                state_moment,
                lambda out, seen: general(out, moment_view(seen, final_turn), relative),
            ),
            Section(
                area_field(0, FORCES),
                state_areas,
                lambda out, seen: areas_layer(out, seen, relative),
            ),
            Section.block(
                ATTACK, LAYOUT.size, state_pending, lambda out, seen: pending(out, seen, relative)
            ),
        ]
        for p in range(config.players):
            base = PLAYERS + relative[p] * PER_SEAT
            parts.append(
                Section.block(
                    base, base + PER_SEAT, player_reader(p, seat), player_writer(base, relative)
                )
            )
            forces = area_field(FORCES + relative[p] * PER_FORCE, PER_FORCE)
            parts.append(Section(forces, forces_reader(p), forces_writer(p, relative[p])))
        return parts


# ---- the fast path's readers: what each section shows, copied from the state -------

# The moment: turn, phase, who is asked, the Game Leader, the actor, the Initiative.
MomentRead = tuple[int, int, tuple[int, ...], int, int, list[int]]
# A seat's units in every Area (soldiers, colonists, embarked soldiers, colonists,
# gold, offshore soldiers, colonists, gold, retreated colonists, soldiers), then the
# markers: site kinds and holders, City values and looters.
Forces = tuple[bytearray | list[int], ...]
# Every Area's contents but the forces: playable, explored, Climate, Resources (None
# while face down), Natives, City values, looters, site kinds, holders, Political
# Control, loose gold.
AreasRead = tuple[
    list[bool],
    list[bool],
    list[int | None],
    list[int | None],
    list[int],
    list[int],
    list[int],
    list[int],
    list[int],
    list[int],
    list[int],
]


def area_field(offset: int, width: int) -> tuple[slice, ...]:
    """The places of one field (``width`` places from ``offset``) of every Area."""
    return strided(AREA_BLOCK + offset, width, PER_AREA, AREAS)


def state_moment(s: NewWorldState) -> MomentRead:
    return (s.turn, s.phase, to_act(s), s.leader, s.actor, s.initiative[:])


def moment_view(seen: MomentRead, final_turn: int) -> Moment:
    """The moment's keys as the view has them, for ``general``."""
    turn, phase, asked, leader, actor, initiative = seen
    pc_value, resource_value = turn_values(max(1, turn))
    return {
        "turn": turn,
        "last_turn": final_turn,
        "phase": PHASE_NAMES[phase],
        "to_act": list(asked),
        "leader": leader,
        "actor": None if actor == NOBODY else actor,
        "initiative": initiative,
        "pc_value": pc_value,
        "resource_value": resource_value,
    }


def state_areas(s: NewWorldState) -> AreasRead:
    """Every Area's contents but the forces; a face-down tile's Climate and
    Resources are hidden (16), so they are not read."""
    explored = s.explored[:]
    climate: list[int | None]
    resources: list[int | None]
    if all(explored):  # the standard game: every tile face up
        climate, resources = list(s.tile_climate), list(s.resources)
    else:
        climate = [c if seen else None for c, seen in zip(s.tile_climate, explored, strict=True)]
        resources = [r if seen else None for r, seen in zip(s.resources, explored, strict=True)]
    return (
        s.playable[:],
        explored,
        climate,
        resources,
        s.natives[:],
        s.city_value[:],
        s.city_holder[:],
        s.site_kind[:],
        s.site_holder[:],
        s.pc[:],
        s.loose_gold[:],
    )


def forces_reader(p: int) -> Callable[[NewWorldState], Forces]:
    lo, hi = p * AREAS, (p + 1) * AREAS

    def read(s: NewWorldState) -> Forces:
        return (
            s.soldiers[lo:hi],
            s.colonists[lo:hi],
            s.emb_soldiers[lo:hi],
            s.emb_colonists[lo:hi],
            s.emb_gold[lo:hi],
            s.off_soldiers[lo:hi],
            s.off_colonists[lo:hi],
            s.gold[lo:hi],
            s.retreated[lo:hi],
            s.retreated_soldiers[lo:hi],
            s.site_kind[:],
            s.site_holder[:],
            s.city_value[:],
            s.city_holder[:],
        )

    return read


def player_reader(p: int, viewer: int) -> Callable[[NewWorldState], tuple[int, PlayerView]]:
    """The turn and the seat's entry exactly as the view builds it (hiding what
    ``viewer`` may not know)."""
    return lambda s: (s.turn, player_view(s, p, viewer))


# The decisions waiting, as the view has them.
PendingRead = tuple[
    PendingAttack | None,
    PendingLosses | None,
    PendingLanding | None,
    GoldRequest | None,
    PendingClaim | None,
]


def state_pending(s: NewWorldState) -> PendingRead:
    return attack_view(s), losses_view(s), landing_view(s), gold_request_view(s), claim_view(s)


# ---- the fast path's writers --------------------------------------------------------


def areas_layer(out: Vector, seen: AreasRead, relative: list[int]) -> None:
    playable, explored, climate, resources, natives, city, looter, kinds, holders, pc, gold = seen
    base = AREA_BLOCK
    for a in range(AREAS):
        sites: list[SiteView] = [
            {"kind": MARKER_WORDS[kinds[slot]], "holder": seat_or_none(holders[slot])}
            for slot in (2 * a, 2 * a + 1)
            if kinds[slot] in MARKER_WORDS
        ]
        area: AreaContents = {
            "playable": playable[a],
            "explored": explored[a],
            "climate": climate[a],
            "resources": resources[a],
            "natives": natives[a],
            "city": city[a],
            "city_looter": seat_or_none(looter[a]),
            "sites": sites,
            "political_control": seat_or_none(pc[a]),
            "loose_gold": gold[a],
            "forces": [],
        }
        area_features(out, base, area, relative)
        base += PER_AREA


MARKER_WORDS: dict[int, SiteKind] = {GOLD_SITE: "gold site", MINE: "mine"}


def seat_or_none(seat: int) -> int | None:
    return None if seat == NOBODY else seat


def forces_writer(p: int, place: int) -> Callable[[Vector, Forces], None]:
    """Seat ``p``'s force in every Area where it has units, at its relative ``place``;
    Prospectors and Miners are its holdings of the Area's two marker slots, a looter
    its Soldier on a City still worth something."""

    def write(out: Vector, seen: Forces) -> None:
        soldiers, colonists, emb_s, emb_c, emb_g, off_s, off_c, gold = seen[:8]
        retreated, retreated_s = seen[8:10]
        kinds, holders, city, looter = seen[10:]
        for a in range(AREAS):
            present = soldiers[a] or colonists[a] or emb_s[a] or emb_c[a] or emb_g[a]
            if not (present or off_s[a] or off_c[a] or gold[a]):
                continue
            held = [kinds[slot] for slot in (2 * a, 2 * a + 1) if holders[slot] == p]
            force: ForceUnits = {
                "soldiers": soldiers[a],
                "colonists": colonists[a],
                "prospectors": held.count(GOLD_SITE),
                "miners": held.count(MINE),
                "looter": city[a] > 0 and looter[a] == p,
                "gold": gold[a],
                "embarked_soldiers": emb_s[a],
                "embarked_colonists": emb_c[a],
                "embarked_gold": emb_g[a],
                "offshore_soldiers": off_s[a],
                "offshore_colonists": off_c[a],
                "retreated": retreated[a],
                "retreated_soldiers": retreated_s[a],
            }
            force_features(out, AREA_BLOCK + a * PER_AREA + FORCES + place * PER_FORCE, force)

    return write


def player_writer(
    base: int, relative: list[int]
) -> Callable[[Vector, tuple[int, PlayerView]], None]:
    return lambda out, seen: player(out, base, seen[1], seen[0], relative)


def pending(out: Vector, seen: PendingRead, relative: list[int]) -> None:
    attack, losses, landing, request, claim = seen
    pending_attack(out, attack, relative)
    pending_losses(out, losses, relative)
    pending_landing(out, landing, relative)
    questions(out, request, claim, relative)


def general(out: Vector, view: Moment, relative: list[int]) -> None:
    put(out, TURN, view["turn"], MAX_TURNS)
    put(out, LAST_TURN, view["last_turn"], MAX_TURNS)
    hot(out, PHASE, PHASE_NAMES.index(view["phase"]), len(PHASE_NAMES))
    for seat in view["to_act"]:
        seat_hot(out, ASKED, seat, relative)
    seat_hot(out, LEADER, view["leader"], relative)
    seat_hot(out, ACTOR, view["actor"], relative)
    for position, seat in enumerate(view["initiative"]):
        seat_hot(out, INITIATIVE + position * SEATS, seat, relative)
    put(out, PC_VALUE, view["pc_value"], PC_VALUE_CEILING)
    put(out, RESOURCE_VALUE, view["resource_value"], RESOURCE_VALUE_CEILING)


def area_features(out: Vector, base: int, area: AreaContents, relative: list[int]) -> None:
    """An Area's contents (its printed features are fixed, so not encoded)."""
    if area["playable"]:
        out[base + PLAYABLE] = 1.0
    if area["explored"]:
        out[base + EXPLORED] = 1.0
    climate = area["climate"]
    hot(out, base + CLIMATE, None if climate is None else climate - 1, CLIMATES)
    put(out, base + RESOURCES, area["resources"], RESOURCES_CEILING)
    put(out, base + NATIVES, area["natives"], NATIVES_CEILING)
    put(out, base + CITY, area["city"], CITY_CEILING)
    seat_hot(out, base + CITY_LOOTER, area["city_looter"], relative)
    for slot, site in enumerate(area["sites"][:2]):
        offset = base + SITES + slot * PER_SITE
        out[offset + (SITE_GOLD if site["kind"] == "gold site" else SITE_MINE)] = 1.0
        seat_hot(out, offset + SITE_HOLDER, site["holder"], relative)
    seat_hot(out, base + CONTROL, area["political_control"], relative)
    put(out, base + LOOSE_GOLD, area["loose_gold"], GOLD_CEILING)
    for force in area["forces"]:
        force_features(out, base + FORCES + relative[force["seat"]] * PER_FORCE, force)


def force_features(out: Vector, base: int, force: ForceUnits) -> None:
    put(out, base + SOLDIERS, force["soldiers"], SOLDIER_POOL)
    put(out, base + COLONISTS, force["colonists"], COLONIST_CEILING)
    put(out, base + PROSPECTORS, force["prospectors"], PROSPECTOR_CEILING)
    put(out, base + MINERS, force["miners"], PROSPECTOR_CEILING)
    if force["looter"]:
        out[base + LOOTER] = 1.0
    put(out, base + GOLD, force["gold"], GOLD_CEILING)
    put(out, base + EMBARKED_SOLDIERS, force["embarked_soldiers"], SOLDIER_POOL)
    put(out, base + EMBARKED_COLONISTS, force["embarked_colonists"], COLONIST_CEILING)
    put(out, base + EMBARKED_GOLD, force["embarked_gold"], GOLD_CEILING)
    put(out, base + OFFSHORE_SOLDIERS, force["offshore_soldiers"], SOLDIER_POOL)
    put(out, base + OFFSHORE_COLONISTS, force["offshore_colonists"], COLONIST_CEILING)
    put(out, base + RETREATED, force["retreated"], COLONIST_CEILING)
    put(out, base + RETREATED_SOLDIERS, force["retreated_soldiers"], SOLDIER_POOL)


def area_hot(out: Vector, offset: int, letter: str | None) -> None:
    """A one at the Area's place (nothing for None)."""
    hot(out, offset, None if letter is None else AREA_AT.get(letter), AREAS)


def player(out: Vector, base: int, p: PlayerView, turn: int, relative: list[int]) -> None:
    """One seat's holdings; what the view hides (None) stays zero with its
    "known" place zero."""
    if p["cash"] is not None:
        out[base + CASH_KNOWN] = 1.0
        put(out, base + CASH, p["cash"], CASH_CEILING)
    put(out, base + SHIPS, p["ships"], MAX_SHIPS)
    put(out, base + HOME_SOLDIERS, p["home_soldiers"], SOLDIER_POOL)
    put(out, base + POOL, p["soldier_pool"], SOLDIER_POOL)
    for when, soldiers in p["replacement_box"].items():
        ahead = min(int(when) - turn, REPLACEMENT_DELAY)  # 8.315: back within three turns
        put(out, base + REPLACEMENT + ahead - 1, soldiers, SOLDIER_POOL)
    if p["new_colonists"] is not None:
        out[base + NEW_COLONISTS_KNOWN] = 1.0
        put(out, base + NEW_COLONISTS, p["new_colonists"], COLONIST_CEILING)
    if p["bid_sealed"]:
        out[base + BID_SEALED] = 1.0
    if p["bid"] is not None:
        out[base + BID_KNOWN] = 1.0
        put(out, base + BID, p["bid"], BID_CEILING)
    area_hot(out, base + LANDFALL, p["landfall"])
    if p["plan_sealed"]:
        out[base + PLAN_SEALED] = 1.0
    if p["plan"] is not None:
        plan(out, base, p["plan"], relative)
    fleet(out, base, p["fleet"], relative)
    put(out, base + CONTROLLED, p["political_control"], AREAS)


def country_hot(out: Vector, offset: int, name: str | None, relative: list[int]) -> None:
    """A one at the relative place of the seat playing the country ``name``."""
    seat = COUNTRY_AT.get(name) if name is not None else None
    seat_hot(out, offset, seat, relative)


def plan(out: Vector, base: int, sheet: PlanView, relative: list[int]) -> None:
    """The viewer's own Planning Sheet (5.2-5.4), shown to it while planning and sailing."""
    out[base + PLAN_SHOWN] = 1.0
    put(out, base + PLAN_MAINTAIN, sheet["maintain"], MAX_SHIPS)
    put(out, base + PLAN_BUILD, sheet["build"], MAX_NEW_SHIPS)
    put(out, base + PLAN_BUY, sheet["buy"], MAX_SOLDIER_BUY)
    hot(out, base + PLAN_STEP, sheet["step"], PLAN_STEPS)
    for k, landing in enumerate(sheet["landings"][:MAX_LANDINGS]):
        offset = base + PLAN_LANDINGS + k * PER_LANDING
        area_hot(out, offset, landing["area"])
        put(out, offset + AREAS, landing["soldiers"], SOLDIER_POOL)
        put(out, offset + AREAS + 1, landing["colonists"], COLONIST_CEILING)
    put(out, base + PLAN_PIRATES, sheet["pirates"], MAX_SHIPS)  # Piracy (22)
    country_hot(out, base + PLAN_ENEMY, sheet["enemy"], relative)


def fleet(out: Vector, base: int, entry: FleetView, relative: list[int]) -> None:
    put(out, base + FLEET_SHIPS, entry["ships"], MAX_SHIPS)
    area_hot(out, base + FLEET_AT, entry["at"])
    put(out, base + FLEET_SOLDIERS, entry["soldiers"], SOLDIER_POOL)
    put(out, base + FLEET_COLONISTS, entry["colonists"], COLONIST_CEILING)
    put(out, base + FLEET_GOLD, entry["gold"], FLEET_GOLD_CEILING)
    if entry["at_sea"]:
        out[base + FLEET_AT_SEA] = 1.0
    put(out, base + FLEET_PIRATES, entry["pirates"], MAX_SHIPS)  # Piracy (22)
    put(out, base + FLEET_PIRATE_GOLD, entry["pirate_gold"], FLEET_GOLD_CEILING)
    country_hot(out, base + FLEET_ENEMY, entry["enemy"], relative)


def pending_attack(out: Vector, entry: PendingAttack | None, relative: list[int]) -> None:
    """8.32: an attack declared, the defender to choose whether its Colonists retreat."""
    if entry is not None:
        seats = (entry["attacker"], entry["defender"])
        battle(out, ATTACK, seats, entry["area"], (entry["soldiers"],), relative)


def pending_losses(out: Vector, entry: PendingLosses | None, relative: list[int]) -> None:
    """Losses awaiting their owner's choice of which units go: of a battle (the
    attacker's seat set), an uprising or the climate (the phase tells which)."""
    if entry is not None:
        seats = (entry["seat"], entry["attacker"])
        units = (entry["soldiers"], entry["colonists"])
        battle(out, LOSSES, seats, entry["area"], units, relative)


def battle(
    out: Vector,
    offset: int,
    seats: tuple[int, int | None],
    area: str,
    units: tuple[int, ...],
    relative: list[int],
) -> None:
    """A battle's pending decision at ``offset``: present, the two seats (relative),
    the Area, then Soldiers and, for losses, Colonists."""
    out[offset] = 1.0
    seat_hot(out, offset + 1, seats[0], relative)
    seat_hot(out, offset + 1 + SEATS, seats[1], relative)
    area_hot(out, offset + 1 + 2 * SEATS, area)
    tail = offset + 1 + 2 * SEATS + AREAS
    for k, (count, ceiling) in enumerate(
        zip(units, (SOLDIER_POOL, COLONIST_CEILING), strict=False)
    ):
        put(out, tail + k, count, ceiling)


def pending_landing(out: Vector, entry: PendingLanding | None, relative: list[int]) -> None:
    """5.4: a Fleet short of room, its owner to choose which Landing falls short."""
    if entry is None:
        return
    out[LANDING] = 1.0
    seat_hot(out, LANDING + 1, entry["seat"], relative)
    area_hot(out, LANDING + 1 + SEATS, entry["area"])
    out[LANDING + 1 + SEATS + AREAS + (0 if entry["kind"] == "soldiers" else 1)] = 1.0


def questions(
    out: Vector, request: GoldRequest | None, claim: PendingClaim | None, relative: list[int]
) -> None:
    """8.223: Gold held by an opponent, its owner asking leave to ship it; 16.411: the
    second occupant deciding on a Gold Site."""
    if request is not None:
        out[GOLD_REQUEST] = 1.0
        seat_hot(out, GOLD_REQUEST + 1, request["owner"], relative)
        seat_hot(out, GOLD_REQUEST + 1 + SEATS, request["asked"], relative)
        area_hot(out, GOLD_REQUEST + 1 + 2 * SEATS, request["area"])
    if claim is not None:
        out[CLAIM] = 1.0
        seat_hot(out, CLAIM + 1, claim["seat"], relative)
        area_hot(out, CLAIM + 1 + SEATS, claim["area"])


ENCODING = NewWorldEncoding(LAYOUT, MAX_DECISIONS)
