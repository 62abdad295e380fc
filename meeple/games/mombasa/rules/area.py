"""What a player has face up in the action area ("Use ... cards in your action area").

The action area is the planned slots plus any bonus tile held this round; a card
counts while it is face up (not yet used). The track bonuses that change values
"for all purposes" (expansion +1/+2, cotton +1 per card) are applied here, so
actions, majorities and book requirements all see the same totals.
"""

from __future__ import annotations

from meeple.games.mombasa.board import (
    BOARD,
    BOOKKEEPER,
    COTTON,
    EXPANSION,
    MERCHANT,
    NO,
)
from meeple.games.mombasa.state import (
    BOOKKEEPER_TILE,
    EXPANSION_TILE,
    MERCHANT_TILE,
    SLOTS,
    MombasaState,
)

CARDS = BOARD.cards
EXPANSION_TILE_POINTS = 2
BOOKKEEPER_TILE_POINTS = 1
TRACK_BONUS = tuple(BOARD.faces[name].bonus for name in sorted(BOARD.faces))
KIND = tuple(card.kind for card in CARDS)
VALUE = tuple(card.value for card in CARDS)


def totals(state: MombasaState, seat: int) -> list[int]:
    """Coffee, bananas and cotton units and expansion points face up in one pass
    (the values the majority spaces compare)."""
    out = [0, 0, 0, 0]
    base = seat * SLOTS
    used = state.used[seat]
    slots = state.slots
    found = False
    cotton = False
    for card in slots[base : base + SLOTS]:
        if card == NO or used >> card & 1:
            continue
        kind = KIND[card]
        if kind == EXPANSION:
            out[3] += VALUE[card]
            found = True
        elif kind <= COTTON:
            out[kind] += VALUE[card]
            if kind == COTTON:
                cotton = True
    plus = state.plus_on[seat]
    if plus != NO and not used >> plus & 1:
        out[KIND[plus]] += 1
    if cotton and bonus_level(state, seat, "cotton") == 2:
        out[COTTON] += sum(
            1
            for card in slots[base : base + SLOTS]
            if card != NO and KIND[card] == COTTON and not used >> card & 1
        )
    if state.tiles_held[EXPANSION_TILE] == seat and not state.tiles_used >> EXPANSION_TILE & 1:
        out[3] += EXPANSION_TILE_POINTS
        found = True
    if found:
        out[3] += bonus_level(state, seat, "expansion")
    return out


def face_up_cards(state: MombasaState, seat: int) -> list[tuple[int, int]]:
    """(slot, card) of the seat's face-up planned cards."""
    base = seat * SLOTS
    used = state.used[seat]
    slots = state.slots
    out = []
    for k in range(SLOTS):
        card = slots[base + k]
        if card != NO and not used >> card & 1:
            out.append((k, card))
    return out


def has_tile(state: MombasaState, seat: int, tile: int) -> bool:
    """The seat holds this bonus tile in its area, still face up."""
    return state.tiles_held[tile] == seat and not state.tiles_used >> tile & 1


def bonus_level(state: MombasaState, seat: int, bonus: str) -> int:
    """0, 1 or 2: the highest bonus of that kind the seat has unlocked before this turn."""
    for company, face in enumerate(state.faces):
        if TRACK_BONUS[face] == bonus:
            return unlocked_level(state, seat, company)
    return 0


def unlocked_level(state: MombasaState, seat: int, company: int) -> int:
    base = seat * 8 + company * 2
    level = 0
    for k in range(2):
        when = state.unlocked[base + k]
        if when != NO and when < state.turn:
            level = k + 1
    return level


def card_units(state: MombasaState, seat: int, card: int) -> int:
    """A goods card's units: its value, +1 under the "+1"-goods tile, +1 cotton (A2 bonus 2)."""
    info = CARDS[card]
    units = info.value
    if state.plus_on[seat] == card:
        units += 1
    if info.kind == COTTON and bonus_level(state, seat, "cotton") == 2:
        units += 1
    return units


def good_total(state: MombasaState, seat: int, good: int) -> int:
    """Face-up units of one good in the action area."""
    total = 0
    for _, card in face_up_cards(state, seat):
        if CARDS[card].kind == good:
            total += card_units(state, seat, card)
    return total


def expansion_total(state: MombasaState, seat: int) -> int:
    """Face-up expansion points, the expansion tile's 2 and the A-track bonus (+1/+2)
    when at least one expansion card is there."""
    total = 0
    found = False
    for _, card in face_up_cards(state, seat):
        if CARDS[card].kind == EXPANSION:
            total += CARDS[card].value
            found = True
    if has_tile(state, seat, EXPANSION_TILE):
        total += EXPANSION_TILE_POINTS
        found = True
    if found:
        total += bonus_level(state, seat, "expansion")
    return total


def has_expansion(state: MombasaState, seat: int) -> bool:
    if has_tile(state, seat, EXPANSION_TILE):
        return True
    return any(CARDS[card].kind == EXPANSION for _, card in face_up_cards(state, seat))


def sources_of(state: MombasaState, seat: int, kind: int) -> list[int]:
    """Slots (and TILE_SOURCE for the tile) with a face-up card of this kind."""
    out = [k for k, card in face_up_cards(state, seat) if CARDS[card].kind == kind]
    tile = BOOKKEEPER_TILE if kind == BOOKKEEPER else MERCHANT_TILE if kind == MERCHANT else NO
    if tile != NO and has_tile(state, seat, tile):
        out.append(SLOTS)
    return out


def majority_total(state: MombasaState, seat: int, majority: int) -> int:
    """The value a majority space compares: coffee, bananas, cotton units or expansion points."""
    return totals(state, seat)[majority]


def meets(state: MombasaState, seat: int, book: int, in_use: int) -> bool:
    """A book's requirements met by the face-up action area ("Use 1 bookkeeper card");
    ``in_use`` is the source of the bookkeeper being used, which does not count."""
    for kind, n in BOARD.books[book].requires:
        if kind == "expansion":
            have = expansion_total(state, seat)
        elif kind == "any":
            have = max(good_total(state, seat, g) for g in range(3))
        elif kind == "coffee_and_one_good":  # n coffee, and n more of one good (coffee too)
            coffee = good_total(state, seat, 0)
            rest = max(coffee - n, good_total(state, seat, 1), good_total(state, seat, 2))
            have = n if coffee >= n and rest >= n else 0
        elif kind == "merchant_or_bookkeeper":
            others = [s for s in sources_of(state, seat, BOOKKEEPER) if s != in_use]
            have = len(others) + len(sources_of(state, seat, MERCHANT))
        else:
            have = good_total(state, seat, ("coffee", "bananas", "cotton").index(kind))
        if have < n:
            return False
    return True


def refresh_totals(state: MombasaState, seat: int) -> None:
    """Keep the seat's majority values in ``state.totals`` (see ``state``)."""
    state.totals[seat * 4 : seat * 4 + 4] = totals(state, seat)
