"""The decision loop: who acts, what they may do, and doing it.

Draft and planning are simultaneous and secret (every seat still deciding is in
``to_act``); the action phase is one seat at a time, "exactly ONE of" the six
actions, each continued through the decision stack of ``rules.tasks``.
"""

from __future__ import annotations

from meeple.games.mombasa import actions as A
from meeple.games.mombasa.board import (
    BOARD,
    BOOKKEEPER,
    COTTON,
    EXPANSION,
    MERCHANT,
    NO,
)
from meeple.games.mombasa.rules import area, flow, tasks
from meeple.games.mombasa.rules import tracks as T
from meeple.games.mombasa.rules.log import say
from meeple.games.mombasa.state import (
    ACT,
    BOOKKEEPER_TILE,
    DECKS,
    DRAFT,
    EXPANSION_TILE,
    FIRST_EXTRA_SPACE,
    FIRST_PLAYER_SPACE,
    MERCHANT_TILE,
    OVER,
    PLAN,
    PLUS_ONE,
    PURCHASE_SPACE,
    REMOVAL_SPACE,
    REST,
    SLOTS,
    MombasaState,
)

CARDS = BOARD.cards
TILE_SPACES = (4, 5, 6, 7)  # plus-one, bookkeeper, merchant, expansion tile spaces


# WAITING[players][ready mask]: the seats still planning
WAITING = {
    n: tuple(tuple(s for s in range(n) if not mask >> s & 1) for mask in range(1 << n))
    for n in (2, 3, 4)
}


def to_act(state: MombasaState) -> tuple[int, ...]:
    phase = state.phase
    if phase == ACT:
        return (state.actor,)
    if phase == PLAN:
        return WAITING[state.players][state.ready]
    if phase == DRAFT:
        return tuple(s for s in range(state.players) if state.chosen[s] == NO)
    if phase == REST:
        return tuple(s for s in range(state.players) if flow.still_resting(state, s))
    return ()


def legal_actions(state: MombasaState, seat: int) -> list[int]:
    phase = state.phase
    if phase == ACT:
        if seat != state.actor:
            return []
        if state.tasks:
            return tasks.legal(state)
        return turn_actions(state, seat)
    if phase == PLAN:
        return [] if state.ready >> seat & 1 else plan_actions(state, seat)
    if phase == REST:
        return sorted(A.REST_FACE[face] for face in flow.to_rest(state, seat))
    if phase == DRAFT and state.chosen[seat] == NO:
        return [A.KEEP[t] for t in sorted(state.dealt[seat * 2 : seat * 2 + 2])]
    return []


def plan_actions(state: MombasaState, seat: int) -> list[int]:
    """Cards from the hand face down into open, empty action slots; then "ready"."""
    base = seat * SLOTS
    slots = state.slots
    open_mask = 0
    for k in range(3):
        if slots[base + k] == NO:
            open_mask |= 1 << k
    for k in (3, 4):
        if slots[base + k] == NO and flow.slot_open(state, seat, k):
            open_mask |= 1 << k
    key = (state.hands[seat], open_mask)
    cached = _PLANS.get(key)
    if cached is None:
        found: list[int] = []
        if open_mask:
            for face in _hand_faces(state.hands[seat]):
                found.extend(PLANS_INTO[face][open_mask])
        found.append(A.READY)
        if len(_PLANS) > 100_000:
            _PLANS.clear()
        cached = _PLANS[key] = tuple(found)  # tuples of ints: no work for the collector
    return list(cached)


PLANS_INTO = tuple(
    tuple(tuple(plan[k] for k in range(SLOTS) if mask >> k & 1) for mask in range(1 << SLOTS))
    for plan in A.PLAN
)
"""PLANS_INTO[face][open slots mask]: the plans of that face, slot order."""
_PLANS: dict[tuple[int, int], tuple[int, ...]] = {}
_FACES_OF_HAND: dict[int, tuple[int, ...]] = {}


def _hand_faces(hand: int) -> tuple[int, ...]:
    """The playable faces in a hand, sorted (cached: the same hands recur)."""
    faces = _FACES_OF_HAND.get(hand)
    if faces is None:
        found = set()
        rest = hand
        while rest:
            low = rest & -rest
            face = A.PLAN_FACE[low.bit_length() - 1]
            if face >= 0:
                found.add(face)
            rest ^= low
        faces = tuple(sorted(found))
        if len(_FACES_OF_HAND) > 100_000:
            _FACES_OF_HAND.clear()
        _FACES_OF_HAND[hand] = faces
    return faces


def turn_actions(state: MombasaState, seat: int) -> list[int]:
    """The six actions of "II. General Action Phase" that the seat can take now."""
    out: list[int] = []
    base = seat * SLOTS
    used = state.used[seat]
    slots = state.slots
    kinds = 0
    goods_slots = 0
    keepers: list[int] = []
    merchants: list[int] = []
    for k in range(SLOTS):
        card = slots[base + k]
        if card == NO or used >> card & 1:
            continue
        kind = KIND[card]
        kinds |= 1 << kind
        if kind <= COTTON:
            goods_slots |= 1 << k
        elif kind == BOOKKEEPER:
            keepers.append(A.USE_BOOKKEEPER[k])
        elif kind == MERCHANT:
            merchants.append(A.USE_MERCHANT[k])
    if kinds & GOODS_KINDS:
        out.extend(USE_GOODS_OF[kinds & GOODS_KINDS])
    held = state.tiles_held
    face_up = ~state.tiles_used
    if kinds & EXPANSION_KIND or (held[EXPANSION_TILE] == seat and face_up >> EXPANSION_TILE & 1):
        out.extend(A.EXPAND)
    if held[BOOKKEEPER_TILE] == seat and face_up >> BOOKKEEPER_TILE & 1:
        keepers.append(A.USE_BOOKKEEPER[SLOTS])
    if held[MERCHANT_TILE] == seat and face_up >> MERCHANT_TILE & 1:
        merchants.append(A.USE_MERCHANT[SLOTS])
    out.extend(keepers)
    out.extend(merchants)
    if state.markers[seat] > 0:
        out.extend(_placements(state, seat))
    plus_one_free = held[PLUS_ONE] == seat and face_up >> PLUS_ONE & 1
    if goods_slots and plus_one_free and state.plus_on[seat] == NO:
        out.extend(ATTACH_OF[goods_slots])
    decks = state.decks
    with_cards = 0
    for d in range(DECKS):
        if decks[seat * DECKS + d]:
            with_cards |= 1 << d
    out.extend(ENDS_OF[with_cards])
    return out


KIND = area.KIND
GOODS_KINDS = 0b111  # coffee, bananas, cotton
EXPANSION_KIND = 1 << EXPANSION
USE_GOODS_OF = tuple(tuple(A.USE_GOODS[g] for g in range(3) if mask >> g & 1) for mask in range(8))
ATTACH_OF = tuple(
    tuple(A.ATTACH[k] for k in range(SLOTS) if mask >> k & 1) for mask in range(1 << SLOTS)
)
ENDS_OF = tuple(
    tuple(
        [A.END[d] for d in range(DECKS) if held >> d & 1]
        + [A.END[d] for d in range(DECKS) if not held >> d & 1]
    )
    for held in range(1 << DECKS)
)
"""ENDS_OF[mask of decks holding cards]: "pick up exactly 1 of your resting decks", the
decks with cards first (the old choice), then the empty ones (a resting deck may hold
no card: "If there are already cards in the respective resting deck")."""


TILE_COSTS = BOARD.tile_costs
NO_UNLOCKS = [NO] * 8


def _placements(state: MombasaState, seat: int) -> list[int]:
    """The bonus spaces the seat may place a marker on now (see ``may_place``)."""
    spaces = state.spaces
    out: list[int] = []
    if spaces[0] == NO or spaces[1] == NO or spaces[2] == NO or spaces[3] == NO:
        for m in range(4):
            if spaces[m] == NO and kept_tier(state, seat, m) >= 0:
                out.append(A.PLACE[m])
    cash = state.cash[seat]
    for tile in range(4):
        if spaces[4 + tile] == NO and cash >= TILE_COSTS[tile]:
            out.append(A.PLACE[4 + tile])
    if spaces[FIRST_PLAYER_SPACE] == NO and (seat != state.first or state.started >> seat & 1):
        out.append(A.PLACE[FIRST_PLAYER_SPACE])
    if spaces[PURCHASE_SPACE] == NO and cash >= 1 and tasks.can_buy(state, 0, cash - 1):
        out.append(A.PLACE[PURCHASE_SPACE])
    if spaces[REMOVAL_SPACE] == NO and state.hands[seat] & tasks.DISCARDABLE:
        out.append(A.PLACE[REMOVAL_SPACE])
    unlocked = state.unlocked[seat * 8 : seat * 8 + 8]
    if unlocked != NO_UNLOCKS:  # the common case: no track bonus unlocked yet
        for extra in range(8):
            space = FIRST_EXTRA_SPACE + extra
            if (
                unlocked[extra] != NO
                and spaces[space] == NO
                and may_place_extra(state, seat, space)
            ):
                out.append(A.PLACE[space])
    return out


def may_place(state: MombasaState, seat: int, space: int) -> bool:
    """ "5. Place 1 bonus marker": an empty space whose requirement the seat meets."""
    if state.spaces[space] != NO:
        return False
    cash = state.cash[seat]
    if space < 4:
        return majority_tier(state, seat, space) >= 0
    if space < 8:
        return cash >= BOARD.tile_costs[space - 4]
    if space == FIRST_PLAYER_SPACE:
        return seat != state.first or bool(state.started >> seat & 1)
    if space == PURCHASE_SPACE:
        return cash >= 1 and tasks.can_buy(state, 0, cash - 1)
    if space == REMOVAL_SPACE:
        return bool(state.hands[seat] & tasks.DISCARDABLE)
    return may_place_extra(state, seat, space)


def majority_tier(state: MombasaState, seat: int, majority: int) -> int:
    """The highest tier the seat reaches if nobody has more (a tie suffices), else -1."""
    return _tier([area.totals(state, p) for p in range(state.players)], seat, majority)


def kept_tier(state: MombasaState, seat: int, majority: int) -> int:
    """``majority_tier`` from the kept totals (valid at the start of a turn)."""
    totals = state.totals
    mine = totals[seat * 4 + majority]
    if mine < 1:
        return -1
    for index in range(majority, len(totals), 4):
        if totals[index] > mine:
            return -1
    tiers = MAJORITY_TIERS[majority]
    tier = 0
    while tier + 1 < len(tiers) and tiers[tier + 1] <= mine:
        tier += 1
    return tier


MAJORITY_TIERS = tuple(tuple(t[0] for t in m.tiers) for m in BOARD.majorities)


def _tier(totals: list[list[int]], seat: int, majority: int) -> int:
    mine = totals[seat][majority]
    if mine < 1:
        return -1
    for other, row in enumerate(totals):
        if other != seat and row[majority] > mine:
            return -1
    tiers = BOARD.majorities[majority].tiers
    return max(t for t in range(len(tiers)) if tiers[t][0] <= mine)


def may_place_extra(state: MombasaState, seat: int, space: int) -> bool:
    """A track's extra bonus space: unlocked (bonus k needs the k-th special space),
    paid, and not both of a track's spaces in one round."""
    extra = space - FIRST_EXTRA_SPACE
    company, k = divmod(extra, 2)
    if state.unlocked[seat * 8 + extra] == NO:  # fast: never unlocked
        return False
    bonus = area.TRACK_BONUS[state.faces[company]]
    if bonus not in ("purchase", "removal", "books", "tracks"):
        return False
    if area.unlocked_level(state, seat, company) < k + 1:
        return False
    sibling = FIRST_EXTRA_SPACE + company * 2 + (1 - k)
    if state.spaces[sibling] == seat:
        return False
    cost = BOARD.extra_space_costs[k]
    if state.cash[seat] < cost:
        return False
    if bonus == "removal":
        return bool(tasks.discard_options(state, seat, k))
    return True


# ---- applying ----------------------------------------------------------------------


def apply_action(state: MombasaState, seat: int, index: int) -> None:
    phase = state.phase
    if phase == ACT:
        if state.tasks:
            tasks.apply(state, index)
        else:
            apply_turn(state, seat, index)
        if not state.tasks:  # kept totals are read only between turns (see state)
            area.refresh_totals(state, seat)
    elif phase == PLAN:
        apply_plan(state, seat, index)
    elif phase == REST:
        flow.rest_card(state, seat, A.PLAYABLE_FACES[A.SPACE[index].args[0]])  # type: ignore[index]
    elif phase == DRAFT:
        flow.keep_tile(state, seat, A.SPACE[index].args[0])  # type: ignore[arg-type]


def apply_plan(state: MombasaState, seat: int, index: int) -> None:
    action = A.SPACE[index]
    if action.kind == "ready":
        flow.mark_ready(state, seat)
        return
    face, slot = action.args
    assert isinstance(face, int) and isinstance(slot, int)
    mine = state.hands[seat] & A.PLAN_MASK[face]
    card = (mine & -mine).bit_length() - 1
    state.hands[seat] &= ~(1 << card)
    state.slots[seat * SLOTS + slot] = card
    say(state, "plan", "{p} places a card face down in slot {k}", seat=seat, k=slot + 1)
    # the seat sees its own card in its view; the public log names only the slot


def apply_turn(state: MombasaState, seat: int, index: int) -> None:
    action = A.SPACE[index]
    kind = action.kind
    arg = action.args[0] if action.args else 0
    assert isinstance(arg, int)
    if kind == "attach":  # a free placement, not one of the six actions
        state.plus_on[seat] = state.slots[seat * SLOTS + arg]
        say(state, "tile", "{p} puts the +1 goods tile on slot {k}", k=arg + 1)
        return
    state.started |= 1 << seat
    if kind == "end":
        flow.end_own_phase(state, seat, arg)
        state.turn += 1
        flow.next_actor(state)
        return
    state.tasks.append((tasks.END_TURN,))
    _START[kind](state, seat, arg)
    tasks.settle(state)


def _use_goods(state: MombasaState, seat: int, good: int) -> None:
    mixed = 1 if area.bonus_level(state, seat, "bananas") == 2 else 0
    state.tasks.append((tasks.GOODS_PICK, good, 0, mixed))


def _expand(state: MombasaState, seat: int, company: int) -> None:
    """ "2. Use all expansion cards": all of them (and the expansion tile) on one company."""
    points = area.expansion_total(state, seat)
    for _, card in area.face_up_cards(state, seat):
        if CARDS[card].kind == 3:
            state.used[seat] |= 1 << card
    if area.has_tile(state, seat, 3):
        state.tiles_used |= 1 << 3
    state.tasks.append((tasks.EXPAND, company, points, 0))
    say(state, "expand", "{p} expands with {n} points", n=points)


def _use_bookkeeper(state: MombasaState, seat: int, source: int) -> None:
    _flip(state, seat, source, BOOKKEEPER_TILE)
    state.tasks.append((tasks.WALK, source, 0, 0))


def _flip(state: MombasaState, seat: int, source: int, tile: int) -> None:
    if source == SLOTS:
        state.tiles_used |= 1 << tile
        say(state, "use", "{p} uses the {t}", t=A.space_name(TILE_SPACES[tile]))
    else:
        state.used[seat] |= 1 << state.slots[seat * SLOTS + source]
        face = CARDS[state.slots[seat * SLOTS + source]].face  # face up in the action phase
        say(state, "use", "{p} uses {c} in slot {k}", c=face, k=source + 1)


def _use_merchant(state: MombasaState, seat: int, source: int) -> None:
    """ "4. Use 1 diamond merchant": the plain one 1 step and 2 pounds; a company's
    2 steps and 1 pound, then 1 step per 2 mines that company controls; the tile
    2 steps and 1 per other face-up merchant."""
    _flip(state, seat, source, MERCHANT_TILE)
    if source == SLOTS:
        others = len([s for s in area.sources_of(state, seat, MERCHANT) if s != SLOTS])
        state.tasks.append((tasks.DIAMOND, 2 + others))
        return
    card = CARDS[state.slots[seat * SLOTS + source]]
    if card.company == NO:
        state.tasks.append((tasks.POUNDS, 2))
        state.tasks.append((tasks.DIAMOND, 1))
    else:
        state.tasks.append((tasks.POUNDS, 1))
        state.tasks.append((tasks.DIAMOND, 2 + T.mines_of(state, card.company) // 2))


def _place(state: MombasaState, seat: int, space: int) -> None:
    state.markers[seat] -= 1
    state.spaces[space] = seat
    say(state, "marker", "{p} places a bonus marker on {s}", s=A.space_name(space))
    if space < 4:
        state.tasks.append((tasks.TIER, space, kept_tier(state, seat, space)))
    elif space < 8:
        state.cash[seat] -= BOARD.tile_costs[space - 4]
        state.tiles_reserved[space - 4] = seat
    elif space == FIRST_PLAYER_SPACE:
        state.next_first = seat
        state.tasks.append((tasks.BP, 1))
    elif space == PURCHASE_SPACE:
        state.cash[seat] -= 1
        state.tasks.append((tasks.PURCHASE, 0, 0))
    elif space == REMOVAL_SPACE:
        state.tasks.append((tasks.DISCARD, 2, 0))
    else:
        _place_extra(state, seat, space)


def _place_extra(state: MombasaState, seat: int, space: int) -> None:
    """The C/D tracks' extra bonus spaces (supplement, "Company tracks")."""
    company, k = divmod(space - FIRST_EXTRA_SPACE, 2)
    state.cash[seat] -= BOARD.extra_space_costs[k]
    bonus = area.TRACK_BONUS[state.faces[company]]
    if bonus == "purchase":  # a card for pounds (k: 1 less) and/or diamond steps
        # the steps first: past the diamond track's final space they pay pounds the
        # purchase may use; in any other case the order changes nothing
        state.tasks.append((tasks.PURCHASE, k, 1))
        state.tasks.append((tasks.DIAMOND, k + 1))
    elif bonus == "removal":  # any card for crate + 3, or a coffee card for crate + 8
        state.tasks.append((tasks.DISCARD, 8 if k else 3, k))
    elif bonus == "books":
        if k:
            state.tasks.append((tasks.DIAMOND, 2))
            state.tasks.append((tasks.BP, 2))
        else:
            state.tasks.append((tasks.BP_DIAMOND,))
    elif k:  # tracks, bonus 2: 2 steps on each other track, in the player's order
        tasks.push_each_track(state, 2, 0b1111 & ~(1 << company))
    else:  # tracks, bonus 1: 2 steps on two different other tracks
        state.tasks.append((tasks.BOOST, 2, NO, company))


_START = {
    "use_goods": _use_goods,
    "expand": _expand,
    "use_bookkeeper": _use_bookkeeper,
    "use_merchant": _use_merchant,
    "place": _place,
}


def is_over(state: MombasaState) -> bool:
    return state.phase == OVER
