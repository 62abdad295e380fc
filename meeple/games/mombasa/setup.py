"""Setup (rulebook "Setup" steps 1-14, and "Setup of subsequent games").

The first game (option ``setup="first"``) places tracks A1-D1 and deals the fixed
starting tiles; the full game (``setup="full"``) draws the track cards and deals
each player two starting tiles to keep one (decided in the draft phase).
"""

from __future__ import annotations

from meeple.games.mombasa.board import (
    BOARD,
    BOOK_COUNT,
    FIRST_ONE_EXPANSION,
    FIRST_STARTING,
    LETTERS,
    NO,
    STARTING_PER_COLOUR,
    TRACK_FACES,
)
from meeple.games.mombasa.rules.flow import start_with_tiles
from meeple.games.mombasa.state import DECKS, DRAFT, SLOTS, SPACE_COUNT, MombasaState

FIRST_GAME = "first"
FULL_GAME = "full"


def set_up(state: MombasaState) -> None:
    """Up to the first decision: the first game reveals its fixed tiles at once (the
    resting of their cards comes next); the full game waits for the draft."""
    deal(state)
    if state.config.options.get("setup", FIRST_GAME) == FIRST_GAME:
        start_with_tiles(state)
    else:
        state.ready = 0


def deal(state: MombasaState) -> None:
    """Every component in its place; the state waits for planning or the draft."""
    players = state.players
    full = state.config.options.get("setup", FIRST_GAME) == FULL_GAME
    state.faces = _draw_tracks(state) if full else tuple(TRACK_FACES.index(f"{x}1") for x in "ABCD")
    state.base = [5] * 12  # step 3: every base space covered
    state.lost = 0
    state.out = [0] * 4
    state.owner = [NO] * len(BOARD.regions)
    state.stack = _action_stack(state)  # step 4
    state.discard = []
    state.unordered = 0  # a real game knows every order (see rules.order)
    state.covered = []
    state.display = [state.stack.pop() for _ in range(12)]  # step 5: right, middle, left
    state.round_track = [0, *BOARD.round_coins[players]]  # step 7
    _books(state)  # step 8
    state.tiles_held = [NO] * 4  # step 9
    state.tiles_reserved = [NO] * 4
    state.tiles_used = 0
    _players(state)  # steps 10-12
    state.phase = DRAFT
    state.round = 1
    state.turn = 0
    state.first = 0  # step 11: seat 1 is the first player (the seats are already in order)
    state.next_first = NO
    state.actor = 0
    state.ended = state.started = state.ready = 0
    state.acquired = []
    state.tasks = []
    state.dealt = [NO] * (2 * players)
    state.chosen = [NO] * players
    if full:  # step 13 (subsequent games): two tiles each, keep one
        tiles = list(range(len(BOARD.tiles)))
        state.rng.shuffle(tiles)
        state.dealt = tiles[: 2 * players]
    else:
        state.chosen = list(BOARD.first_game_tiles[:players])


def _draw_tracks(state: MombasaState) -> tuple[int, ...]:
    """Step 2 (subsequent games): a random track card per edge, a random half towards it."""
    cards = list(BOARD.track_cards)
    state.rng.shuffle(cards)
    return tuple(TRACK_FACES.index(pair[state.rng.below(2)]) for pair in cards)


def _action_stack(state: MombasaState) -> list[int]:
    """E shuffled at the bottom, then D, C, B and A on top (the top is the list's end)."""
    stack: list[int] = []
    for letter in reversed(LETTERS):
        cards = [i for i in range(44) if BOARD.cards[i].letter == letter]
        state.rng.shuffle(cards)
        stack.extend(cards)
    return stack


def _books(state: MombasaState) -> None:
    piles = []
    for letter in "ABC":
        pile = [b for b in range(BOOK_COUNT) if BOARD.books[b].letter == letter]
        state.rng.shuffle(pile)
        piles.append(pile)
    state.book_supply = piles
    state.book_display = [piles[_book_letter(space)].pop() for space in range(12)]
    state.book_coins = [0] * 12


def _book_letter(space: int) -> int:
    """Book display columns 2-3 hold A-books, 4-5 B-books, 6-7 C-books."""
    return space // 4


def _players(state: MombasaState) -> None:
    players = state.players
    length = BOARD.book_length + 1
    state.hands = []
    for seat in range(players):
        start = FIRST_STARTING + STARTING_PER_COLOUR * seat
        hand = sum(1 << card for card in range(start, start + STARTING_PER_COLOUR))
        state.hands.append(hand | 1 << (FIRST_ONE_EXPANSION + seat))  # step 12
    state.slots = [NO] * (SLOTS * players)
    state.used = [0] * players
    state.decks = [()] * (DECKS * players)
    state.plus_on = [NO] * players
    state.totals = [0] * (4 * players)
    markers = 3 if players == 2 else 2
    state.markers = [markers] * players
    state.marker_total = [markers] * players
    state.spaces = [NO] * SPACE_COUNT
    state.track = [0] * (4 * players)
    state.unlocked = [NO] * (8 * players)
    state.diamond = [0] * players
    state.ink = [0] * players
    state.shelf = [NO] * (length * players)  # the tile's book joins with the tile (flow)
    state.flipped = [0] * players
    state.cash = [1] * players
