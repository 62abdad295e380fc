"""What a seat may see (docs/newworld.md lists the keys), and ``determinize``.

Hidden: other seats' cash (13.3); other seats' Exclusive Landfall bids until
they are revealed, and their Planning Sheets until every sheet is sealed (4.1);
the dice still to come. Everything else is on the table.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Rng
from meeple.games.newworld.board import LETTERS, turn_values
from meeple.games.newworld.rules import fleetcard, losses, pickup, units
from meeple.games.newworld.rules.apply import to_act
from meeple.games.newworld.rules.exploration import redeal_hidden_tiles
from meeple.games.newworld.rules.flow import controlled
from meeple.games.newworld.rules.outbound import redraw_hidden_landings, shortfall_view
from meeple.games.newworld.rules.planning import autoskip, plan_summary, random_plan, reset_plan
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
from meeple.games.newworld.texts import MAX_SHIPS, WORLD, country, last_turn

JSON = dict[str, Any]


def build_view(state: NewWorldState, seat: int | None) -> JSON:
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
        "players": [_player(state, p, seat) for p in range(state.players)],
        "pending_attack": _pending(state),
        "pending_losses": _losses(state),
        "pending_landing": shortfall_view(state),
        "pending_arrangement": fleetcard.view(state),
        "pending_gold_request": _gold_request(state),
        "pending_claim": _claim(state),
        "pending_landed": _landed(state),
        "result": result(state).to_json() if over else None,
    }


def _landed(state: NewWorldState) -> JSON | None:
    """The mover's units just landed that may still move onto a City or Mine (8.23):
    the Areas and how many of each kind, public as the landing is."""
    record = state.landed
    if not record:
        return None
    areas = [
        {
            "area": WORLD.areas[record[k]].letter,
            "soldiers": record[k + 1],
            "colonists": record[k + 2],
        }
        for k in range(0, len(record), 3)
    ]
    return {"seat": state.actor, "areas": areas}


_MARKER_WORDS = {GOLD_SITE: "gold site", MINE: "mine"}


def _areas(state: NewWorldState, present: bytes) -> list[JSON]:
    """The changing contents of every Area; their printed features (name, climate,
    sea zone, land connections, resources) are in ``board.load_map()``."""
    seats = range(state.players)
    kinds, holders = state.site_kind, state.site_holder
    explored, pc, looter = state.explored, state.pc, state.city_holder
    out = []
    for area in range(AREAS):
        sites = [
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


def _pending(state: NewWorldState) -> JSON | None:
    if not state.pending:
        return None
    attacker, defender, area, count = state.pending
    return {"attacker": attacker, "defender": defender, "area": LETTERS[area], "soldiers": count}


def _gold_request(state: NewWorldState) -> JSON | None:
    """Gold an opponent's Personnel hold, its owner asking to ship it (8.223)."""
    if not state.gold_leave:
        return None
    owner, area, _ = state.gold_leave
    return {"owner": owner, "area": LETTERS[area], "asked": pickup.asked(state)}


def _claim(state: NewWorldState) -> JSON | None:
    """The second occupant deciding on a Gold Site (16.411)."""
    if not state.claim:
        return None
    seat, area = state.claim
    return {"seat": seat, "area": LETTERS[area]}


def _losses(state: NewWorldState) -> JSON | None:
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


LOSS_CAUSES = {losses.UPRISING: "uprising", losses.SURVIVAL: "survival"}


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


def _force(state: NewWorldState, seat: int, area: int) -> JSON:
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


def _player(state: NewWorldState, p: int, viewer: int | None) -> JSON:
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
        "plan": plan_summary(state, p) if own and planning else None,
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
    redraw_hidden_landings(twin, seat, rng)
    return twin
