"""Mombasa's game state: flat lists of ints, cheap to clone.

``totals`` keeps each seat's majority values (``rules.area.totals``) from the
reveal on: a seat's action area changes only during its own decisions, so the
rules refresh the acting seat after each of them, and ``validate`` checks the
kept values against a fresh count.

Sets of cards are bit masks over card ids (see ``board``). One ``phase`` says
where the round is; inside the action phase the pending decisions of the actor
form a stack of small tuples (``tasks``, top last), so every decision is atomic
and no flag can disagree with the phase. docs/games/mombasa.md lists every field.
"""

from __future__ import annotations

from typing import Self

from meeple.engine import GameState

DRAFT, PLAN, ACT, OVER, REST = range(5)
PHASES = ("draft", "planning", "action", "over", "resting")
SLOTS = 5  # 3 coloured action slots, slot 4 (diamond track), slot 5 (bookkeeping track)
DECKS = 3
TILES = ("plus-one", "bookkeeper", "merchant", "expansion")
PLUS_ONE, BOOKKEEPER_TILE, MERCHANT_TILE, EXPANSION_TILE = range(4)
TILE_SOURCE = SLOTS  # the source index of "the bonus tile" beside the slots
# Board bonus spaces 0-10, then the company tracks' extra bonus spaces 11-18
# (company c, bonus k at 11 + 2c + k).
BOARD_SPACES = (
    "coffee majority",
    "bananas majority",
    "cotton majority",
    "expansion majority",
    "plus-one tile",
    "bookkeeper tile",
    "merchant tile",
    "expansion tile",
    "first player",
    "card purchase",
    "card removal",
)
FIRST_EXTRA_SPACE = len(BOARD_SPACES)
SPACE_COUNT = FIRST_EXTRA_SPACE + 8
FIRST_PLAYER_SPACE, PURCHASE_SPACE, REMOVAL_SPACE = 8, 9, 10


class MombasaState(GameState):
    __slots__ = (
        "acquired",
        "actor",
        "base",
        "book_coins",
        "book_display",
        "book_supply",
        "cash",
        "chosen",
        "covered",
        "dealt",
        "decks",
        "diamond",
        "discard",
        "display",
        "ended",
        "faces",
        "first",
        "flipped",
        "hands",
        "ink",
        "lost",
        "marker_total",
        "markers",
        "next_first",
        "out",
        "owner",
        "phase",
        "plus_on",
        "ready",
        "round",
        "round_track",
        "shelf",
        "slots",
        "spaces",
        "stack",
        "started",
        "tasks",
        "tiles_held",
        "tiles_reserved",
        "tiles_used",
        "totals",
        "track",
        "turn",
        "unlocked",
        "unordered",
        "used",
    )

    phase: int  # DRAFT, REST (starting cards to resting slots), PLAN, ACT or OVER
    round: int  # 1..7
    turn: int  # turns finished in the game so far (a track bonus works from a later turn)
    first: int  # the first player of this round
    next_first: int  # who took the first-player space this round (first next round), or -1
    actor: int  # whose turn it is in the action phase
    ended: int  # mask of seats that ended their action phase this round
    started: int  # mask of seats that have had a turn this round
    ready: int  # mask of seats that finished planning (or drafting)
    faces: tuple[int, ...]  # per company, the index of its track face in TRACK_FACES
    dealt: list[int]  # seat * 2 + i: starting tiles dealt in the draft (hidden), -1 none
    chosen: list[int]  # per seat, the starting tile kept (hidden until all have chosen)
    hands: list[int]  # per seat, a mask of the cards in hand (hidden from the others)
    slots: list[int]  # seat * SLOTS + k: the card in action slot k, or -1
    used: list[int]  # per seat, a mask of the action-area cards flipped face down
    decks: list[tuple[int, ...]]  # seat * DECKS + d: the resting deck, oldest first
    tiles_held: list[int]  # per bonus tile, the seat that has it this round, or -1
    tiles_reserved: list[int]  # per bonus tile, the seat that reserved it for next round
    tiles_used: int  # mask of bonus tiles used (flipped) this round
    totals: list[int]  # seat * 4 + m: face-up coffee, bananas, cotton, expansion (see below)
    plus_on: list[int]  # per seat, the card the "+1"-goods tile lies on, or -1
    markers: list[int]  # per seat, bonus markers beside the board
    marker_total: list[int]  # per seat, bonus markers owned
    spaces: list[int]  # per bonus space, the seat whose marker is on it, or -1
    track: list[int]  # seat * 4 + company: the track marker's space
    unlocked: list[int]  # seat * 8 + company * 2 + k: the turn bonus k was unlocked, or -1
    diamond: list[int]  # per seat, the diamond marker's space
    ink: list[int]  # per seat, the ink jar's space (0: the starting tile)
    shelf: list[int]  # seat * (book_length + 1) + space: the book on it, or -1
    flipped: list[int]  # per seat, a mask of bookkeeping spaces whose book is face down
    cash: list[int]  # per seat, pounds (open information)
    base: list[int]  # company * 3 + column: trading posts in that base column
    lost: int  # mask of base columns (company * 3 + column) whose final space is uncovered
    out: list[int]  # per company, trading posts out of the game
    owner: list[int]  # per region, the company whose trading post stands there, or -1
    display: list[int]  # card display spaces 0-11 (right column, middle, left), -1 empty
    stack: list[int]  # the action card stack, top last (hidden order within a letter)
    discard: list[int]  # the discard pile (cards out of the game)
    book_display: list[int]  # book display spaces 0-11 (column * 2 + row), -1 empty
    book_supply: list[list[int]]  # per letter A, B, C: face-down books, top last (hidden)
    covered: list[int]  # books covered by a later book on a bookkeeping track (out of play)
    unordered: int  # hidden orders a search sample draws at first use (see rules.order)
    book_coins: list[int]  # coins on the wooden space under each book display space
    round_track: list[int]  # coins on round spaces 1-7
    acquired: list[int]  # books the actor took this turn, shelved at the end of the turn
    tasks: list[tuple[int, ...]]  # the actor's pending decisions, top last (see rules.tasks)

    def clone(self) -> Self:
        """A total copy sharing no mutable part (tuples and ints are shared)."""
        twin = self.__class__.__new__(self.__class__)
        self._copy_common(twin)
        twin.phase = self.phase
        twin.round = self.round
        twin.turn = self.turn
        twin.first = self.first
        twin.next_first = self.next_first
        twin.actor = self.actor
        twin.ended = self.ended
        twin.started = self.started
        twin.ready = self.ready
        twin.faces = self.faces
        twin.tiles_used = self.tiles_used
        twin.lost = self.lost
        twin.unordered = self.unordered
        twin.dealt = self.dealt.copy()
        twin.chosen = self.chosen.copy()
        twin.hands = self.hands.copy()
        twin.slots = self.slots.copy()
        twin.used = self.used.copy()
        twin.decks = self.decks.copy()
        twin.tiles_held = self.tiles_held.copy()
        twin.tiles_reserved = self.tiles_reserved.copy()
        twin.plus_on = self.plus_on.copy()
        twin.totals = self.totals.copy()
        twin.markers = self.markers.copy()
        twin.marker_total = self.marker_total.copy()
        twin.spaces = self.spaces.copy()
        twin.track = self.track.copy()
        twin.unlocked = self.unlocked.copy()
        twin.diamond = self.diamond.copy()
        twin.ink = self.ink.copy()
        twin.shelf = self.shelf.copy()
        twin.flipped = self.flipped.copy()
        twin.cash = self.cash.copy()
        twin.base = self.base.copy()
        twin.out = self.out.copy()
        twin.owner = self.owner.copy()
        twin.display = self.display.copy()
        twin.stack = self.stack.copy()
        twin.discard = self.discard.copy()
        twin.covered = self.covered.copy()
        twin.book_display = self.book_display.copy()
        twin.book_coins = self.book_coins.copy()
        twin.round_track = self.round_track.copy()
        twin.acquired = self.acquired.copy()
        twin.tasks = self.tasks.copy()
        twin.book_supply = [pile.copy() for pile in self.book_supply]
        return twin

    @property
    def players(self) -> int:
        return self.config.players


def bits(mask: int) -> list[int]:
    """The set bits of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
