"""A Game Turn's start (4.) and the decisions before the Fleets sail: Colonists
(5.1) and the secret Planning Sheet (5.2-5.4); Exclusive Landfall (5.41) is
rules/landfall.py.

A Planning Sheet is filled in atomic steps, in the order of the printed sheet:
Ships maintained, Ships built, Soldiers bought, then up to three Landings, each
an Area followed by its Soldiers and its Colonists. A step with one possible
entry is filled in by itself. Nothing of a sheet is shown to other seats before
every sheet is sealed (4.1).
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.engine import Event, Rng
from meeple.games.newworld.actions import (
    BUILD,
    BUY,
    DECLARE,
    DEVOTE,
    LAND,
    MAINTAIN,
    ROLL,
    SEAL,
    SEND_COLONISTS,
    SEND_SOLDIERS,
    SPACE,
    TAKE,
)
from meeple.games.newworld.board import turn_values
from meeple.games.newworld.rules import piracy, units
from meeple.games.newworld.state import (
    AREAS,
    COLONISTS,
    NOBODY,
    PLANNING,
    STEP_BUILD,
    STEP_BUY,
    STEP_COLONISTS,
    STEP_LAND,
    STEP_MAINTAIN,
    STEP_NEXT,
    STEP_SEALED,
    STEP_SOLDIERS,
    NewWorldState,
)
from meeple.games.newworld.texts import (
    COUNTRIES,
    MAINTENANCE,
    MAX_LANDINGS,
    MAX_NEW_SHIPS,
    MAX_SHIPS,
    MAX_SOLDIER_BUY,
    SHIP_COST,
    SOLDIER_COST,
    WORLD,
    amount,
    amounts,
    country,
    die,
    listing,
    log,
)

COLONIST_MINIMUM = 3
# Piracy's lines of the sheet (22.1), written after the purchases when rule 22 is used.
STEP_PIRATES = 8
STEP_ENEMY = 9


# ---- turn start -------------------------------------------------------------------


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


# ---- Colonists (5.1) -------------------------------------------------------------------


def colonist_actions(state: NewWorldState, seat: int) -> list[int]:
    return [TAKE, ROLL] if state.new_colonists[seat] < 0 else []


def colonists_words(seat: int, value: int, count: int) -> str:
    """The Colonists decision in words (``value``: the die, 0 if four were taken)."""
    how = f"rolls {value}: receives {count}" if value else "takes four"
    return f"{country(seat)} {how} Colonists"


def apply_colonists(state: NewWorldState, seat: int, index: int) -> bool:
    """True once every seat has its Colonists."""
    value = 0 if index == TAKE else die(state)  # 0: took four
    count = max(COLONIST_MINIMUM, value) if value else 4
    state.new_colonists[seat] = count
    data = {"seat": seat, "colonists": count}
    state.log.append(Event("colonists", colonists_words, data, None, False, (seat, value, count)))
    return min(state.new_colonists) >= 0


# ---- Exploration setup (16.5) -----------------------------------------------------------


# ---- Exclusive Landfall (5.41) -----------------------------------------------------------


_COASTAL_PLAYABLE: dict[bytes, list[int]] = {}
_LAND_OFFERS: dict[bytes, tuple[int, ...]] = {}


def coastal_playable(state: NewWorldState) -> list[int]:
    """Coastal Areas in play (a shared list: do not change it)."""
    key = bytes(state.playable)
    found = _COASTAL_PLAYABLE.get(key)
    if found is None:
        found = [a.index for a in WORLD.areas if a.coastal and state.playable[a.index]]
        _COASTAL_PLAYABLE[key] = found
        _LAND_OFFERS[key] = tuple(LAND[a] for a in found)
    return found


def land_offers(state: NewWorldState) -> tuple[int, ...]:
    """A Landing at every coastal Area in play (a shared tuple)."""
    key = bytes(state.playable)
    found = _LAND_OFFERS.get(key)
    if found is None:
        coastal_playable(state)
        found = _LAND_OFFERS[key]
    return found


# ---- the Planning Sheet (5.2-5.4) ----------------------------------------------------------


def committed(state: NewWorldState, seat: int) -> int:
    return (
        MAINTENANCE * state.plan_maintain[seat]
        + SHIP_COST * state.plan_build[seat]
        + SOLDIER_COST * state.plan_buy[seat]
    )


def fleet_size(state: NewWorldState, seat: int) -> int:
    return state.plan_maintain[seat] + state.plan_build[seat]


def scheduled(state: NewWorldState, seat: int) -> tuple[int, int]:
    rows = state.plan_landings[seat]
    return sum(rows[1::3]), sum(rows[2::3])


def room_left(state: NewWorldState, seat: int) -> int:
    """Personnel places left: two per Ship that is not a Pirate (5.3, 22.1)."""
    soldiers, colonists = scheduled(state, seat)
    return _room(state, seat, soldiers + colonists)


def _room(state: NewWorldState, seat: int, sent: int) -> int:
    """``room_left`` when ``sent`` Personnel are already written on the sheet."""
    carriers = fleet_size(state, seat) - state.plan_pirates[seat]
    return 2 * carriers - sent


def begin(state: NewWorldState) -> bool:
    """The Planning Phase (4.1): each sheet's steps with one entry are filled in;
    True when that seals every sheet (no decision)."""
    state.phase = PLANNING
    state.actor = NOBODY
    for seat in range(state.players):
        autoskip(state, seat)
    return all_sealed(state)


def all_sealed(state: NewWorldState) -> bool:
    return state.plan_step.count(STEP_SEALED) == len(state.plan_step)


def plan_actions(state: NewWorldState, seat: int) -> list[int]:
    return list(plan_entries(state, seat))


def plan_entries(state: NewWorldState, seat: int) -> Sequence[int]:
    """The entries the seat may write at its sheet's current step (a shared
    sequence: do not change it)."""
    step = state.plan_step[seat]
    if step in (STEP_SOLDIERS, STEP_COLONISTS):
        rows = state.plan_landings[seat]
        soldiers, colonists = sum(rows[1::3]), sum(rows[2::3])  # ``scheduled``
        carriers = state.plan_maintain[seat] + state.plan_build[seat] - state.plan_pirates[seat]
        room = 2 * carriers - soldiers - colonists  # ``_room``
        if step == STEP_SOLDIERS:
            most = min(state.home_soldiers[seat] + state.plan_buy[seat] - soldiers, room)
            return SEND_SOLDIERS[: most + 1]
        most = min(state.new_colonists[seat] - colonists, room)
        return SEND_COLONISTS[: most + 1]
    if step == STEP_NEXT:
        rows = state.plan_landings[seat]
        if state.turn == 1 or len(rows) >= 3 * MAX_LANDINGS:
            return (SEAL,)
        return next_landing_offers(state, rows[0::3])
    if step == STEP_LAND:
        if state.turn == 1:
            return (LAND[state.landfall[seat]],)
        return land_offers(state)
    if step == STEP_MAINTAIN:
        cash = state.cash[seat] - committed(state, seat)
        return MAINTAIN[: min(state.ships[seat], cash // MAINTENANCE) + 1]
    if step == STEP_BUILD:
        cash = state.cash[seat] - committed(state, seat)
        most = min(MAX_NEW_SHIPS, MAX_SHIPS - state.plan_maintain[seat], cash // SHIP_COST)
        return BUILD[: most + 1]
    if step == STEP_BUY:
        cash = state.cash[seat] - committed(state, seat)
        most = min(MAX_SOLDIER_BUY, units.soldier_pool(state, seat), cash // SOLDIER_COST)
        return BUY[: most + 1]
    if step == STEP_PIRATES:
        return DEVOTE[: fleet_size(state, seat) + 1]
    if step == STEP_ENEMY:
        return tuple(DECLARE[s] for s in range(state.players) if s != seat)
    return ()


_NEXT_OFFERS: dict[tuple[bytes, tuple[int, ...]], tuple[int, ...]] = {}


def next_landing_offers(state: NewWorldState, used: list[int]) -> tuple[int, ...]:
    """Another Landing at a coastal Area in play not yet on the sheet, or the seal
    (kept per set of playable Areas and Landings written)."""
    key = (bytes(state.playable), tuple(used))
    found = _NEXT_OFFERS.get(key)
    if found is None:
        found = (*(LAND[a] for a in coastal_playable(state) if a not in used), SEAL)
        _NEXT_OFFERS[key] = found
    return found


def _first_number(args: tuple[int | str, ...]) -> int:
    value = args[0] if args else 0
    return value if isinstance(value, int) else 0


# Per action: the number a sheet entry writes (its first argument, 0 for the seal).
ENTRY_VALUE = tuple(_first_number(action.args) for action in SPACE)


def apply_plan_entry(state: NewWorldState, seat: int, index: int) -> None:
    """Write one entry on the seat's sheet (no reveal; see ``apply_plan``)."""
    value = ENTRY_VALUE[index]
    step = state.plan_step[seat]
    if step == STEP_SOLDIERS:  # the most frequent entries first
        state.plan_landings[seat][-2] = value
    elif step == STEP_COLONISTS:
        state.plan_landings[seat][-1] = value
    elif step == STEP_MAINTAIN:
        state.plan_maintain[seat] = value
    elif step == STEP_BUILD:
        state.plan_build[seat] = value
    elif step == STEP_BUY:
        state.plan_buy[seat] = value
        if fleet_size(state, seat) == 0:
            state.plan_step[seat] = STEP_SEALED  # no Fleet, no Landing
            return
        if piracy.enabled(state.config):
            state.plan_step[seat] = STEP_PIRATES
            return
    elif step == STEP_PIRATES:
        state.plan_pirates[seat] = value
        state.plan_step[seat] = STEP_ENEMY if value else STEP_LAND
        return
    elif step == STEP_ENEMY:
        state.plan_enemy[seat] = value
        state.plan_step[seat] = STEP_LAND
        return
    elif step in (STEP_LAND, STEP_NEXT) and index != SEAL:
        state.plan_landings[seat].extend((value, 0, 0))
        state.plan_step[seat] = STEP_SOLDIERS
        return
    state.plan_step[seat] = STEP_SEALED if index == SEAL else step + 1


def autoskip(state: NewWorldState, seat: int) -> None:
    """Fill in every step that has a single possible entry."""
    while state.plan_step[seat] != STEP_SEALED:
        legal = plan_entries(state, seat)
        if len(legal) != 1:
            return
        apply_plan_entry(state, seat, legal[0])


def apply_plan(state: NewWorldState, seat: int, index: int) -> bool:
    """One entry (and those that follow by themselves); True once every sheet is sealed."""
    apply_plan_entry(state, seat, index)
    autoskip(state, seat)
    if state.plan_step[seat] == STEP_SEALED:
        sheet = (
            seat,
            state.plan_maintain[seat],
            state.plan_build[seat],
            state.plan_buy[seat],
            tuple(state.plan_landings[seat]),
            state.plan_pirates[seat],
            state.plan_enemy[seat],
        )
        state.log.append(Event("plan", sheet_text, {"seat": seat}, seat, False, sheet))
        state.log.append(Event("sealed", SEALED_WORDS[seat], {"seat": seat}))
        return all_sealed(state)
    return False


SEALED_WORDS = tuple(f"{name} has finished its Planning Sheet" for name in COUNTRIES)


def sheet_text(
    seat: int,
    maintain: int,
    build: int,
    buy: int,
    rows: tuple[int, ...],
    pirates: int,
    enemy: int,
) -> str:
    """A sheet in words, from its entries (written when the log is read)."""
    landings = "; ".join(
        f"{WORLD.areas[rows[k]].letter}: "
        + listing(amounts((rows[k + 1], "Soldier"), (rows[k + 2], "Colonist")), "no Personnel")
        for k in range(0, len(rows), 3)
    )
    words = (
        f"{country(seat)} seals its sheet: maintain {maintain}, build"
        f" {build}, buy {buy}; landings: {landings or 'none'}"
    )
    if pirates:
        words += f"; {amount(pirates, 'Ship')} devoted to Piracy against {country(enemy)}"
    return words


def reset_plan(state: NewWorldState, seat: int) -> None:
    state.plan_maintain[seat] = state.plan_build[seat] = state.plan_buy[seat] = 0
    state.plan_pirates[seat] = 0
    state.plan_enemy[seat] = NOBODY
    state.plan_landings[seat] = []
    state.plan_step[seat] = STEP_MAINTAIN


def random_plan(state: NewWorldState, seat: int, rng: Rng) -> None:
    """A sheet drawn at random among the legal ones (for ``determinize``)."""
    reset_plan(state, seat)
    while state.plan_step[seat] != STEP_SEALED:
        apply_plan_entry(state, seat, rng.choice(plan_entries(state, seat)))
