"""II. General Action Phase: the one seat acting takes "exactly ONE of" the six
actions (or the free +1 goods tile placement), each continued through the decision
stack of ``rules.tasks``."""

from __future__ import annotations

from meeple.games.mombasa import actions as A
from meeple.games.mombasa.board import BOARD, BOOKKEEPER, COTTON, EXPANSION, MERCHANT, NO
from meeple.games.mombasa.rules import area, flow, markers, tasks
from meeple.games.mombasa.rules import tracks as T
from meeple.games.mombasa.state import (
    BOOKKEEPER_TILE,
    DECKS,
    EXPANSION_TILE,
    MERCHANT_TILE,
    PLUS_ONE,
    SLOTS,
    MombasaState,
)
from meeple.games.mombasa.texts import say

CARDS = BOARD.cards
TILE_SPACES = (4, 5, 6, 7)  # plus-one, bookkeeper, merchant, expansion tile spaces


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
        out.extend(markers.placements(state, seat))
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


_START = {
    "use_goods": _use_goods,
    "expand": _expand,
    "use_bookkeeper": _use_bookkeeper,
    "use_merchant": _use_merchant,
    "place": markers.place_marker,
}
