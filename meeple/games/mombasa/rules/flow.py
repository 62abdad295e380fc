"""The round: draft (full game), planning, reveal, the action phase's turn order,
the preparation phase and the end of the game ("Game Play", "III. Preparation
Phase", "End of the Game")."""

from __future__ import annotations

from meeple.games.mombasa.board import BOARD, DIAMOND_TRACK, NO, STARTING_BOOK
from meeple.games.mombasa.rules import area, order
from meeple.games.mombasa.rules import tracks as T
from meeple.games.mombasa.state import ACT, DECKS, OVER, PLAN, REST, SLOTS, MombasaState
from meeple.games.mombasa.texts import say

ROUNDS = 7
TILE_BOOK = 1
"""The ink jar's position on the starting tile's book: no book is shelved there."""
PRIVATE_EVENTS_PER_SEAT = 2
"""The log's private events are only the draft's: a seat's keep is logged publicly
and privately, before any other event, so they lie among the first 2 per seat."""


def all_seats(state: MombasaState) -> int:
    return (1 << state.players) - 1


def slot_open(state: MombasaState, seat: int, slot: int) -> bool:
    if slot < 3:
        return True
    if slot == 3:
        return state.diamond[seat] >= BOARD.diamond_slot_space
    return state.ink[seat] >= BOARD.book_slot_space


# ---- draft and starting tiles ------------------------------------------------------


def keep_tile(state: MombasaState, seat: int, tile: int) -> None:
    state.chosen[seat] = tile
    say(state, "draft", "{p} keeps a starting tile", seat=seat)
    say(state, "draft", "{p} keeps starting tile {t}", seat=seat, private=True, t=tile + 1)
    if all(t != NO for t in state.chosen):
        start_with_tiles(state)


def start_with_tiles(state: MombasaState) -> None:
    """Setup step 14: the tiles are revealed together and give their starting bonus;
    then each player puts the tile's 3 cards into the resting slots in any order.
    The tile's book (on the tile, "Each player already starts with 1 book on his
    starting tile") is the first the ink jar enters: position ``TILE_BOOK``."""
    for seat in range(state.players):
        tile = BOARD.tiles[state.chosen[seat]]
        shelf = seat * (BOARD.book_length + 1)
        state.shelf[shelf + TILE_BOOK] = STARTING_BOOK + state.chosen[seat]
        for track, steps in tile.bonus:
            if track == DIAMOND_TRACK:
                T.diamond_steps(state, seat, steps)
            else:
                for _ in range(steps):
                    if T.free_step(state, seat, track):
                        T.step(state, seat, track)
        say(
            state,
            "tile",
            "{p} starts with tile {t}",
            seat=seat,
            reveals=True,
            t=state.chosen[seat] + 1,
        )
    state.dealt = [NO] * len(state.dealt)
    state.phase = REST


def to_rest(state: MombasaState, seat: int) -> list[str]:
    """The faces of the seat's starting tile not yet in a resting slot."""
    left = list(BOARD.tiles[state.chosen[seat]].cards)
    for deck in range(DECKS):
        for card in state.decks[seat * DECKS + deck]:
            if BOARD.cards[card].face in left:
                left.remove(BOARD.cards[card].face)
    return left


def rest_card(state: MombasaState, seat: int, face: str) -> None:
    """Setup step 14.3: one tile card into the next empty resting slot; the last of the
    three follows by itself. When everyone is done, planning begins."""
    _rest(state, seat, face)
    if len(to_rest(state, seat)) == 1:
        _rest(state, seat, to_rest(state, seat)[0])
    if not any(still_resting(state, s) for s in range(state.players)):
        begin_planning(state)


def still_resting(state: MombasaState, seat: int) -> bool:
    """The seat has tile cards to rest: its last resting slot is still empty (the
    three cards fill the slots in order, and nothing else is there before them)."""
    return not state.decks[seat * DECKS + DECKS - 1]


def _rest(state: MombasaState, seat: int, face: str) -> None:
    card = tile_card(state, seat, face)
    state.hands[seat] &= ~(1 << card)
    deck = next(d for d in range(DECKS) if not state.decks[seat * DECKS + d])
    state.decks[seat * DECKS + deck] = (card,)
    say(state, "rest", "{p} rests {c} in slot {d}", seat=seat, c=face, d=deck + 1)


def tile_card(state: MombasaState, seat: int, face: str) -> int:
    """The seat's card of this face still in hand (a starting tile names faces)."""
    for card in BOARD.face_cards(face):
        if state.hands[seat] >> card & 1:
            return card
    raise ValueError(f"seat {seat} holds no '{face}'")


def begin_planning(state: MombasaState) -> None:
    state.phase = PLAN
    state.ready = 0


# ---- planning and reveal -----------------------------------------------------------


def mark_ready(state: MombasaState, seat: int) -> None:
    state.ready |= 1 << seat
    say(state, "plan", "{p} has placed their cards", seat=seat)
    if state.ready == all_seats(state):
        reveal(state)


def reveal(state: MombasaState) -> None:
    """ "Turn cards face up", then the first player begins the action phase."""
    for seat in range(state.players):
        faces = [
            BOARD.cards[state.slots[seat * SLOTS + k]].face
            for k in range(SLOTS)
            if state.slots[seat * SLOTS + k] != NO
        ]
        say(
            state,
            "reveal",
            "{p} reveals {f}",
            seat=seat,
            reveals=True,
            f=", ".join(faces) or "nothing",
        )
    for seat in range(state.players):
        area.refresh_totals(state, seat)
    state.phase = ACT
    state.actor = state.first
    state.ended = 0
    state.started = 0


# ---- the action phase's turn order ---------------------------------------------------


def next_actor(state: MombasaState) -> None:
    """Clockwise to the next seat still in the action phase; none left ends the round."""
    if state.ended == all_seats(state):
        end_round(state)
        return
    seat = state.actor
    while True:
        seat = (seat + 1) % state.players
        if not state.ended >> seat & 1:
            state.actor = seat
            return


def end_own_phase(state: MombasaState, seat: int, deck: int) -> None:
    """Action 6: pick up one resting deck, then move the action area up to the resting
    decks and return any bonus tiles."""
    index = seat * DECKS + deck
    for card in state.decks[index]:
        state.hands[seat] |= 1 << card
    state.decks[index] = ()
    for k in range(SLOTS):
        card = state.slots[seat * SLOTS + k]
        if card != NO:
            target = seat * DECKS + BOARD.slot_decks[k]
            state.decks[target] = (*state.decks[target], card)
            state.slots[seat * SLOTS + k] = NO
    state.used[seat] = 0
    state.plus_on[seat] = NO
    for tile in range(4):
        if state.tiles_held[tile] == seat:
            state.tiles_held[tile] = NO
            state.tiles_used &= ~(1 << tile)
    state.ended |= 1 << seat
    say(state, "end", "{p} ends their action phase, taking resting deck {d}", seat=seat, d=deck + 1)


def end_round(state: MombasaState) -> None:
    if state.round == ROUNDS:
        final_pickup(state)
        state.phase = OVER
        say(state, "over", "The game ends after round 7", seat=0)
        return
    prepare(state)


def prepare(state: MombasaState) -> None:
    """III. Preparation phase: round-track coins to the book display, the card display
    shifted and refilled, bonus markers (and reserved tiles) back."""
    space = state.round  # round space index r holds the stack for round r + 1
    coins = state.round_track[space]
    column = space - 1
    for row in range(coins):
        state.book_coins[column * 2 + row] += 1
    state.round_track[space] = 0
    _shift_display(state)
    for seat in range(state.players):
        state.markers[seat] = state.marker_total[seat]
    state.spaces = [NO] * len(state.spaces)
    for tile in range(4):
        if state.tiles_reserved[tile] != NO:
            state.tiles_held[tile] = state.tiles_reserved[tile]
            state.tiles_reserved[tile] = NO
    state.tiles_used = 0
    state.round += 1
    if state.next_first != NO:
        state.first = state.next_first
        state.next_first = NO
    say(state, "round", "Round {r} begins", seat=state.first, reveals=True, r=state.round)
    begin_planning(state)


def _shift_display(state: MombasaState) -> None:
    """Right column discarded, each row pushed right, then refilled from the stack:
    right column top to bottom, then middle, then left."""
    display = state.display
    for row in range(4):
        if display[row] != NO:
            state.discard.append(display[row])
        kept = [display[col * 4 + row] for col in (1, 2) if display[col * 4 + row] != NO]
        for col in range(3):
            display[col * 4 + row] = kept[col] if col < len(kept) else NO
    for space in range(12):
        if display[space] == NO and state.stack:
            display[space] = order.draw_card(state)


def final_pickup(state: MombasaState) -> None:
    """ "End of the Game": every player picks up all resting decks."""
    for seat in range(state.players):
        for deck in range(DECKS):
            for card in state.decks[seat * DECKS + deck]:
                state.hands[seat] |= 1 << card
            state.decks[seat * DECKS + deck] = ()
