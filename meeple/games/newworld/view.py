"""What a seat may see (docs/games/newworld.md lists the keys), as typed views, and
``determinize``.

Hidden: other seats' cash (13.3); other seats' Exclusive Landfall bids until
they are revealed, and their Planning Sheets until every sheet is sealed (4.1);
the dice still to come. Everything else is on the table.

The view's shape is ``NewWorldView`` and the TypedDicts under it: at run time a
view is the plain dict ``build_view`` makes (the engine sends it as it is), and
this game's readers (render, svg, controls, guide, encoding) take it typed, so a
key renamed here fails mypy where it is read. A view coming back from the engine
is typed again by ``typed``, once, where it enters; views are built only by
``build_view``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypedDict, cast

from meeple.engine import Rng
from meeple.games.newworld.board import LETTERS, turn_values
from meeple.games.newworld.rules import fleetcard, losses, outbound, pickup, piracy, units
from meeple.games.newworld.rules.apply import to_act
from meeple.games.newworld.rules.cargo import cargo_of
from meeple.games.newworld.rules.control import controlled
from meeple.games.newworld.rules.exploration import redeal_hidden_tiles
from meeple.games.newworld.rules.naval import rowed_bars
from meeple.games.newworld.rules.planning import autoskip, random_plan, reset_plan
from meeple.games.newworld.scoring import result
from meeple.games.newworld.state import (
    AREAS,
    BIDDING,
    GAME_OVER,
    GOLD_SITE,
    MINE,
    NOBODY,
    OUTBOUND,
    PHASE_NAMES,
    PLANNING,
    STEP_SEALED,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import GOLD_BAR, MAX_SHIPS, WORLD, country, last_turn

# ---- the view's shape ------------------------------------------------------------------

SiteKind = Literal["gold site", "mine"]
LossCause = Literal["battle", "uprising", "survival"]
UnitKind = Literal["soldiers", "colonists"]


class SiteView(TypedDict):
    """A Gold Site or Mine marker in an Area, and the seat on it (None: unheld)."""

    kind: SiteKind
    holder: int | None


class ForceUnits(TypedDict):
    """One seat's units in one Area: ashore, on its markers, aboard at its
    Anchorage, offshore, and those that retreated there this turn (8.32)."""

    soldiers: int
    colonists: int
    prospectors: int
    miners: int
    looter: bool
    gold: int
    embarked_soldiers: int
    embarked_colonists: int
    embarked_gold: int
    offshore_soldiers: int
    offshore_colonists: int
    retreated: int
    retreated_soldiers: int


class ForceView(ForceUnits):
    seat: int


class AreaContents(TypedDict):
    """What changes in an Area; the printed features are in ``board.load_map()``.
    Climate and Resources are None while its tile lies face down (16)."""

    playable: bool
    explored: bool
    climate: int | None
    resources: int | None
    natives: int
    city: int
    city_looter: int | None
    sites: list[SiteView]
    political_control: int | None
    loose_gold: int
    forces: list[ForceView]


class AreaView(AreaContents):
    letter: str


class UnitsAt(TypedDict):
    """Soldiers and Colonists at an Area (a Landing row, units just landed)."""

    area: str
    soldiers: int
    colonists: int


class PlanView(TypedDict):
    """A seat's own Planning Sheet (5.2-5.4, 22.1), in its own view only."""

    maintain: int
    build: int
    buy: int
    landings: list[UnitsAt]
    pirates: int
    enemy: str | None
    step: int
    sealed: bool


class FleetView(TypedDict):
    ships: int
    at: str | None
    soldiers: int
    colonists: int
    gold: int
    at_sea: bool
    pirates: int
    pirate_gold: int
    enemy: str | None


class PlayerView(TypedDict):
    """One seat; what the viewer may not know is None (cash 13.3, bid, sheet 4.1)."""

    seat: int
    name: str
    cash: int | None
    ships: int
    home_soldiers: int
    soldier_pool: int
    replacement_box: dict[str, int]
    new_colonists: int | None
    bid_sealed: bool
    bid: int | None
    landfall: str | None
    plan_sealed: bool
    plan: PlanView | None
    fleet: FleetView
    political_control: int


class PendingPiracy(TypedDict):
    """A Pirate attack under way homebound, fought die by die (22.3; a raid, 22.4)."""

    attacker: int
    enemy: int
    area: str
    raid: bool


class PendingAttack(TypedDict):
    attacker: int
    defender: int
    area: str
    soldiers: int


class PendingLosses(TypedDict):
    """Losses whose units their owner chooses (8.314, 9.4, 10.1)."""

    seat: int
    area: str
    soldiers: int
    colonists: int
    cause: LossCause
    attacker: int | None


class PendingLanding(TypedDict):
    """A Landing short of Personnel, its owner choosing how many land (5.4)."""

    seat: int
    area: str
    kind: UnitKind


class CardRow(TypedDict):
    soldiers: int
    colonists: int
    bars: int


class Flotillas(TypedDict):
    even: int
    odd: int


class Arrangement(TypedDict):
    """The Fleet card being arranged before a Ship is lost (6.21, 6.23)."""

    seat: int
    ships: int
    pirate_ships: int
    flotillas: Flotillas | None
    rows: list[CardRow]
    to_place: CardRow
    gold: int
    bar_value: int


class GoldRequest(TypedDict):
    """Gold an opponent's Personnel hold, its owner asking to ship it (8.223)."""

    owner: int
    area: str
    asked: int


class PendingClaim(TypedDict):
    """The second occupant deciding on a Gold Site (16.411)."""

    seat: int
    area: str


class Landed(TypedDict):
    """The mover's units just landed that may still take a City or Mine (8.23)."""

    seat: int
    areas: list[UnitsAt]


class ResultView(TypedDict):
    """``Result.to_json()``: the engine's final result."""

    scores: list[int]
    breakdown: list[dict[str, int]]
    ranks: list[int]
    winners: list[int]
    tiebreak: list[list[int]]
    note: str


class Moment(TypedDict):
    """Where the game stands: turn, phase, who is asked, who leads and decides."""

    turn: int
    last_turn: int
    phase: str
    to_act: list[int]
    leader: int
    actor: int | None
    initiative: list[int]
    pc_value: int
    resource_value: int


class LastBattle(TypedDict):
    """The turn's latest battle (8.3, 8.33): where, who attacked, the dice rolled."""

    area: str
    seat: int
    dice: list[int]


class NewWorldView(Moment):
    game: Literal["newworld"]
    seat: int | None
    areas: list[AreaView]
    players: list[PlayerView]
    pending_attack: PendingAttack | None
    pending_losses: PendingLosses | None
    pending_landing: PendingLanding | None
    pending_arrangement: Arrangement | None
    pending_gold_request: GoldRequest | None
    pending_claim: PendingClaim | None
    pending_piracy: PendingPiracy | None
    pending_landed: Landed | None
    last_battle: LastBattle | None
    result: ResultView | None


def typed(view: Mapping[str, object]) -> NewWorldView:
    """A view the engine hands back (it keeps views as plain mappings), typed again:
    views are built only by ``build_view``, so it has this shape."""
    return cast(NewWorldView, view)  # JSON edge


def plain(view: NewWorldView) -> dict[str, object]:
    """The view as the engine's interfaces take it: the same dict."""
    return cast("dict[str, object]", view)  # JSON edge


def own_player(view: NewWorldView) -> PlayerView | None:
    """The viewer's own entry (None for a spectator)."""
    seat, players = view["seat"], view["players"]
    return players[seat] if seat is not None and 0 <= seat < len(players) else None


# ---- building it -----------------------------------------------------------------------


def build_view(state: NewWorldState, seat: int | None) -> NewWorldView:
    pc_value, resource_value = turn_values(max(1, state.turn))
    over = state.phase == GAME_OVER
    present = _presence(state)
    return {
        "game": "newworld",
        "seat": seat,
        "turn": state.turn,
        "last_turn": last_turn(state.config),
        "phase": PHASE_NAMES[state.phase],
        "to_act": list(to_act(state)),
        "leader": state.leader,
        "actor": None if state.actor == NOBODY else state.actor,
        "initiative": list(state.initiative),
        "pc_value": pc_value,
        "resource_value": resource_value,
        "areas": _areas(state, present),
        "players": [player_view(state, p, seat) for p in range(state.players)],
        "pending_attack": attack_view(state),
        "pending_losses": losses_view(state),
        "pending_landing": landing_view(state),
        "pending_arrangement": arrangement_view(state),
        "pending_gold_request": gold_request_view(state),
        "pending_claim": claim_view(state),
        "pending_piracy": piracy_view(state),
        "pending_landed": _landed(state),
        "last_battle": last_battle_view(state),
        "result": _result(state) if over else None,
    }


def _result(state: NewWorldState) -> ResultView:
    return cast(ResultView, result(state).to_json())  # JSON edge: the engine's Result


def _landed(state: NewWorldState) -> Landed | None:
    """The mover's units just landed that may still move onto a City or Mine (8.23):
    the Areas and how many of each kind, public as the landing is."""
    record = state.landed
    if not record:
        return None
    areas: list[UnitsAt] = [
        {
            "area": WORLD.areas[record[k]].letter,
            "soldiers": record[k + 1],
            "colonists": record[k + 2],
        }
        for k in range(0, len(record), 3)
    ]
    return {"seat": state.actor, "areas": areas}


_MARKER_WORDS: dict[int, SiteKind] = {GOLD_SITE: "gold site", MINE: "mine"}


def _areas(state: NewWorldState, present: bytes) -> list[AreaView]:
    """The changing contents of every Area; their printed features (name, climate,
    sea zone, land connections, resources) are in ``board.load_map()``."""
    seats = range(state.players)
    kinds, holders = state.site_kind, state.site_holder
    explored, pc, looter = state.explored, state.pc, state.city_holder
    out: list[AreaView] = []
    for area in range(AREAS):
        sites: list[SiteView] = [
            {
                "kind": _MARKER_WORDS[kinds[slot]],
                "holder": None if holders[slot] == NOBODY else holders[slot],
            }
            for slot in (2 * area, 2 * area + 1)
            if kinds[slot] in _MARKER_WORDS
        ]
        seen = explored[area]
        out.append(
            {
                "letter": LETTERS[area],
                "playable": state.playable[area],
                "explored": seen,
                "climate": state.tile_climate[area] if seen else None,
                "resources": state.resources[area] if seen else None,
                "natives": state.natives[area],
                "city": state.city_value[area],
                "city_looter": None if looter[area] == NOBODY else looter[area],
                "sites": sites,
                "political_control": None if pc[area] == NOBODY else pc[area],
                "loose_gold": state.loose_gold[area],
                "forces": [_force(state, s, area) for s in seats if present[s * AREAS + area]],
            }
        )
    return out


def last_battle_view(state: NewWorldState) -> LastBattle | None:
    """The latest battle logged this turn (its public event: the dice are public),
    or None before the turn's first."""
    for event in reversed(state.log):
        if event.kind == "turn":
            return None
        if event.kind == "battle":
            data = event.data
            area, seat, dice = data.get("area"), data.get("seat"), data.get("dice")
            if isinstance(area, int) and isinstance(seat, int) and isinstance(dice, list):
                return {
                    "area": LETTERS[area],
                    "seat": seat,
                    "dice": [d for d in dice if isinstance(d, int)],
                }
            return None
    return None


def attack_view(state: NewWorldState) -> PendingAttack | None:
    if not state.pending:
        return None
    attacker, defender, area, count = state.pending
    return {"attacker": attacker, "defender": defender, "area": LETTERS[area], "soldiers": count}


def gold_request_view(state: NewWorldState) -> GoldRequest | None:
    """Gold an opponent's Personnel hold, its owner asking to ship it (8.223)."""
    if not state.gold_leave:
        return None
    owner, area, _ = state.gold_leave
    return {"owner": owner, "area": LETTERS[area], "asked": pickup.asked(state)}


def piracy_view(state: NewWorldState) -> PendingPiracy | None:
    """The Pirate attack under way (22.3, 22.4): public, as its dice are."""
    if not state.pirate_attack:
        return None
    kind, attacker = state.pirate_attack[:2]
    return {
        "attacker": attacker,
        "enemy": state.plan_enemy[attacker],
        "area": LETTERS[state.fleet_at[attacker]],
        "raid": kind == piracy.PORT,
    }


def claim_view(state: NewWorldState) -> PendingClaim | None:
    """The second occupant deciding on a Gold Site (16.411)."""
    if not state.claim:
        return None
    seat, area = state.claim
    return {"seat": seat, "area": LETTERS[area]}


def landing_view(state: NewWorldState) -> PendingLanding | None:
    """The waiting Landing choice, as every seat may see it: who, where, which kind
    (the numbers written stay on its owner's sheet)."""
    if not state.shortfall:
        return None
    seat, row, what = state.shortfall
    return {
        "seat": seat,
        "area": WORLD.areas[state.plan_landings[seat][row]].letter,
        "kind": "soldiers" if what == outbound.SOLDIERS else "colonists",
    }


def arrangement_view(state: NewWorldState) -> Arrangement | None:
    """The Fleet card being arranged, public like the card itself: whose, its Ships
    (the flotillas above six, 6.22), the rows loaded so far and what is still to
    place (Bars not placed go to the Average box)."""
    if not state.arranging:
        return None
    seat = state.arranging[fleetcard.SEAT]
    cargo = cargo_of(state, seat)
    rows = fleetcard.rows_of(state)
    ships = cargo.ships
    return {
        "seat": seat,
        "ships": ships,
        "pirate_ships": len(cargo.pirate_loads),
        "flotillas": {"even": (ships + 1) // 2, "odd": ships // 2} if ships > 6 else None,
        "rows": [{"soldiers": s, "colonists": c, "bars": b} for s, c, b in rows],
        "to_place": {
            "soldiers": cargo.soldiers - sum(r[0] for r in rows),
            "colonists": cargo.colonists - sum(r[1] for r in rows),
            "bars": rowed_bars(cargo) - sum(r[2] for r in rows),
        },
        "gold": cargo.gold,
        "bar_value": GOLD_BAR,
    }


def losses_view(state: NewWorldState) -> PendingLosses | None:
    """The losses whose units their owner chooses now (8.314, 9.4, 10.1): public, as
    the dice and tables that decided them. Later records wait their turn."""
    if not state.losses:
        return None
    seat, area, soldiers, colonists, cause = state.losses[: losses.RECORD]
    return {
        "seat": seat,
        "area": LETTERS[area],
        "soldiers": soldiers,
        "colonists": colonists,
        "cause": LOSS_CAUSES.get(cause, "battle"),
        "attacker": cause if cause >= 0 else None,
    }


LOSS_CAUSES: dict[int, LossCause] = {losses.UPRISING: "uprising", losses.SURVIVAL: "survival"}


def _presence(state: NewWorldState) -> bytes:
    """Per seat * AREAS + area: nonzero where the seat has anything in the Area (a
    byte is nonzero in the OR of the counts exactly when one count is)."""
    counts = (
        state.soldiers,
        state.colonists,
        state.emb_soldiers,
        state.emb_colonists,
        state.off_soldiers,
        state.off_colonists,
        state.gold,
        state.emb_gold,
    )
    union = 0
    for row in counts:
        union |= int.from_bytes(row)
    return union.to_bytes(len(state.soldiers))


def _force(state: NewWorldState, seat: int, area: int) -> ForceView:
    i = at(seat, area)
    return {
        "seat": seat,
        "soldiers": state.soldiers[i],
        "colonists": state.colonists[i],
        "prospectors": units.prospectors(state, seat, area),
        "miners": units.miners(state, seat, area),
        "looter": bool(units.looting(state, seat, area)),
        "gold": state.gold[i],
        "embarked_soldiers": state.emb_soldiers[i],
        "embarked_colonists": state.emb_colonists[i],
        "embarked_gold": state.emb_gold[i],
        "offshore_soldiers": state.off_soldiers[i],
        "offshore_colonists": state.off_colonists[i],
        "retreated": state.retreated[i],
        "retreated_soldiers": state.retreated_soldiers[i],
    }


def player_view(state: NewWorldState, p: int, viewer: int | None) -> PlayerView:
    """Seat ``p``'s entry as ``viewer`` sees it (the encoding's fast path reads it too)."""
    over = state.phase == GAME_OVER
    own = p == viewer
    bids_open = state.turn > 1 or state.phase > BIDDING
    planning = state.phase in (PLANNING, OUTBOUND)  # a seat reads its own sheet while sailing
    boxed = {str(t): count for t, count in units.replacement_box(state, p).items()}
    return {
        "seat": p,
        "name": country(p),
        "cash": state.cash[p] if own or over else None,
        "ships": state.ships[p],
        "home_soldiers": state.home_soldiers[p],
        "soldier_pool": units.soldier_pool(state, p),
        "replacement_box": boxed,
        "new_colonists": state.new_colonists[p] if state.new_colonists[p] >= 0 else None,
        "bid_sealed": state.bids[p] >= 0,
        "bid": state.bids[p] if state.bids[p] >= 0 and (own or bids_open) else None,
        "landfall": WORLD.areas[state.landfall[p]].letter if state.landfall[p] != NOBODY else None,
        "plan_sealed": planning and state.plan_step[p] == STEP_SEALED,
        "plan": _plan(state, p) if own and planning else None,
        "fleet": {
            "ships": state.fleet_ships[p],
            "at": WORLD.areas[state.fleet_at[p]].letter if state.fleet_at[p] != NOBODY else None,
            "soldiers": state.fleet_soldiers[p],
            "colonists": state.fleet_colonists[p],
            "gold": state.fleet_gold[p],
            "at_sea": state.fleet_out[p],
            "pirates": state.fleet_pirates[p],
            "pirate_gold": sum(state.pirate_gold[p * MAX_SHIPS : (p + 1) * MAX_SHIPS]),
            "enemy": country(state.plan_enemy[p])
            if state.fleet_pirates[p] and state.plan_enemy[p] != NOBODY
            else None,
        },
        "political_control": controlled(state, p),
    }


def _plan(state: NewWorldState, seat: int) -> PlanView:
    """The seat's Planning Sheet as written so far."""
    rows = state.plan_landings[seat]
    return {
        "maintain": state.plan_maintain[seat],
        "build": state.plan_build[seat],
        "buy": state.plan_buy[seat],
        "landings": [
            {"area": WORLD.areas[rows[k]].letter, "soldiers": rows[k + 1], "colonists": rows[k + 2]}
            for k in range(0, len(rows), 3)
        ],
        "pirates": state.plan_pirates[seat],
        "enemy": country(state.plan_enemy[seat]) if state.plan_enemy[seat] != NOBODY else None,
        "step": state.plan_step[seat],
        "sealed": state.plan_step[seat] == STEP_SEALED,
    }


# ---- determinize -----------------------------------------------------------------------


def determinize(state: NewWorldState, seat: int, rng: Rng) -> NewWorldState:
    """A copy consistent with ``seat``'s view: other seats' sealed bids and sheets
    drawn afresh among the legal ones, their unfinished sheets blank, the dice to
    come reseeded, and log entries private to others dropped. Cash stays: every
    payment is announced, so a careful player can count it."""
    twin = state.clone()
    twin.log = [e for e in twin.log if e.private_to is None or e.private_to == seat]
    twin.rng = Rng(rng.next_u64())
    for other in range(twin.players):
        if other == seat:
            continue
        if twin.phase == BIDDING and twin.bids[other] >= 0:
            twin.bids[other] = rng.below(min(160, twin.cash[other]) + 1)
        if twin.phase == PLANNING:
            if twin.plan_step[other] == STEP_SEALED:
                random_plan(twin, other, rng)
            else:
                reset_plan(twin, other)
                autoskip(twin, other)
    redeal_hidden_tiles(twin, rng.shuffle)
    outbound.redraw_hidden_landings(twin, seat, rng)
    return twin
