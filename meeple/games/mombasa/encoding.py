"""Mombasa's observation encoding: a seat's view as numbers for the learning adapters.

Read from the view only (whole, or one part at a time in the fast path, each part
built by the view's own builder), so during planning a seat's observation holds its own
face-down cards and, of the others, only which slots are filled; the others'
hands count only by their size, and the stack and book piles only by how many
cards or books they hold. Seats are numbered from the viewer (0 = the viewer),
so a learned policy means "me" in every seat; companies, regions and card faces
keep their fixed order.

Cards are counted by face: the rulebook's 84 cards show 38 faces, and a group
of cards (a hand, a resting deck, the discard pile) becomes per face its number
of cards divided by the copies of that face, so every value stays in [0, 1].
Counts with a rulebook limit are divided by it (7 rounds, the diamond track's
and the bookkeeping track's lengths, a company track's length); open-ended
amounts by a generous ceiling (pounds 30, a price 10, points 40), clipped.

Layout (4 seat slots whatever the player count; a missing seat is all zeros):

* round, phase (one-hot), who is asked, the first player, the next first
  player and the actor (per relative seat);
* per company: its track's face (one-hot), its trading posts left per column,
  the final spaces uncovered, the share value, the posts out of the game and
  the regions it holds; per region the company holding it;
* the display (per space: the card's face, its price), the stack (cards per
  letter), the discard pile (per face), the book display (per space: the book,
  the coins on it), the book piles (books per letter), the coins on the round
  track, who holds each bonus space, each bonus tile (held, reserved, used);
* per seat: pounds, bonus markers, track positions, shares, bonus levels,
  diamond track and ink jar, the bookkeeping shelf (per space the book and
  whether flipped), the resting decks, the hand (own only) and its size, share
  cards, open slots and the cards in them, the plus-one tile, ready and ended,
  the starting tile, the tile's cards to rest, the dealt tiles (own, drafting),
  and at the end the score per category;
* the pending decision (one-hot) and the books waiting to be shelved.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable
from typing import TypeAlias, TypeVar

from meeple.engine import GameConfig
from meeple.engine.encoding import (
    Layout,
    Section,
    SectionedEncoding,
    hot,
    index_of,
    put,
    relative_seats,
    seat_hot,
)
from meeple.games.mombasa import view as parts
from meeple.games.mombasa.actions import space_name
from meeple.games.mombasa.board import BOARD, COMPANIES, TRACK_FACES
from meeple.games.mombasa.rules.tasks import TASK_NAMES
from meeple.games.mombasa.state import DECKS, OVER, PHASES, SLOTS, SPACE_COUNT, TILES, MombasaState

Vector: TypeAlias = "array[float]"  # 32-bit floats, from Layout.zeros()

SEATS = 4  # the most players Mombasa takes
ROUNDS = 7  # the game ends after round 7
FACES = sorted({card.face for card in BOARD.cards})
FACE_AT = {face: i for i, face in enumerate(FACES)}
COPIES = Counter(card.face for card in BOARD.cards)
SHARE_OF_FACE = {face: 1.0 / copies for face, copies in COPIES.items()}  # one card's part
F = len(FACES)
C = len(COMPANIES)
COMPANY_AT: dict[str | None, int] = {name: c for c, name in enumerate(COMPANIES)}
REGIONS = len(BOARD.regions)
DISPLAY_SPACES = 12
BOOK_SPACES = 12
LETTERS = "ABCDE"  # action card letters
BOOK_LETTERS = "ABC"
SHELF = BOARD.book_length  # bookkeeping track spaces 1..book_length
BONUS_SPACES = [space_name(s) for s in range(SPACE_COUNT)]
STARTING_TILES = len(BOARD.tiles)
COLUMNS = 3  # trading post columns per company
SHARES = sorted({card.face for card in BOARD.cards if card.face.startswith("share ")})
STACK_CARDS = Counter(card.letter for card in BOARD.cards)
BOOK_CARDS = Counter(book.letter for book in BOARD.books)
FINAL = parts.SCORE_KEYS  # cash, the companies, diamonds, bookkeeping, total
REQUIRES = (
    "any",
    "bananas",
    "coffee",
    "cotton",
    "expansion",
    "merchant_or_bookkeeper",
    "coffee_and_one_good",
)
REWARDS = ("bp", "cotton_money", "diamond", "pounds", "remove")
MAX_DECISIONS = 3000  # random games last about 130-310 decisions, the longest seen 309

POUND_CEILING = 30.0
PRICE_CEILING = 10.0
MARKER_CEILING = 6.0
POST_CEILING = 8.0
SHARE_CEILING = 6.0  # the most shares a track space gives
VALUE_CEILING = 10.0
COIN_CEILING = 4.0
HAND_CEILING = 20.0
POINT_CEILING = 40.0
BOOK_NEED_CEILING = 6.0
BOOK_REWARD_CEILING = 5.0
BONUS_LEVELS = 2.0

# A book: its letter, what it requires (per kind, a count) and its reward (kind, amount).
BOOK = len(BOOK_LETTERS) + len(REQUIRES) + len(REWARDS)
# A slot: filled, face down, used, the card's face.
SLOT = 3 + F

# Per seat (offsets from the seat's base).
_seat = Layout()
CASH = _seat.block(1)
MARKERS = _seat.block(1)
MARKERS_OWNED = _seat.block(1)
TRACKS = _seat.block(C)
TRACK_SHARES = _seat.block(C)
UNLOCKED = _seat.block(C)
DIAMOND = _seat.block(1)
INK = _seat.block(1)
SHELF_BLOCK = _seat.block(SHELF * (2 + BOOK))
RESTING = _seat.block(DECKS * F)
HAND_SIZE = _seat.block(1)
HAND = _seat.block(F)
SHARE_CARDS = _seat.block(len(SHARES))
SLOTS_OPEN = _seat.block(SLOTS)
SLOT_BLOCK = _seat.block(SLOTS * SLOT)
PLUS_ONE = _seat.block(SLOTS)
READY = _seat.block(1)
ENDED = _seat.block(1)
STARTING = _seat.block(STARTING_TILES)
TO_REST = _seat.block(F)
DEALT = _seat.block(STARTING_TILES)
SCORES = _seat.block(len(FINAL))
PER_SEAT = _seat.size

LAYOUT = Layout()
ROUND = LAYOUT.block(1)
PHASE = LAYOUT.block(len(PHASES))
ASKED = LAYOUT.block(SEATS)
FIRST = LAYOUT.block(SEATS)
NEXT_FIRST = LAYOUT.block(SEATS)
ACTOR = LAYOUT.block(SEATS)
TRACK_FACE = LAYOUT.block(C * len(TRACK_FACES))
COMPANY_BLOCK = LAYOUT.block(C * (2 * COLUMNS + 3))
REGION_BLOCK = LAYOUT.block(REGIONS * C)
DISPLAY = LAYOUT.block(DISPLAY_SPACES * (F + 1))
STACK = LAYOUT.block(len(LETTERS))
DISCARD = LAYOUT.block(F)
BOOK_DISPLAY = LAYOUT.block(BOOK_SPACES * (BOOK + 1))
BOOK_SUPPLY = LAYOUT.block(len(BOOK_LETTERS))
ROUND_TRACK = LAYOUT.block(ROUNDS - 1)
BONUS = LAYOUT.block(len(BONUS_SPACES) * SEATS)
TILE_BLOCK = LAYOUT.block(len(TILES) * (2 * SEATS + 1))
PLAYERS = LAYOUT.block(SEATS * PER_SEAT)
PENDING = LAYOUT.block(1 + len(TASK_NAMES))
BOOKS_TO_PLACE = LAYOUT.block(1)


class MombasaEncoding(SectionedEncoding):
    """The encoded view, whole (``encode``) or in sections (``sections``): each section
    reads one part of the seat's view, built by the very function ``build_view``
    builds it with (``meeple.games.mombasa.view``), and only when the facts that part
    is built from (as the seat sees them) changed since the section's last read; a
    part that did not change is not written again."""

    def encode(self, view: parts.EngineView, config: GameConfig) -> Vector:
        return encode_view(parts.typed(view), config)  # JSON edge

    def sections(self, config: GameConfig, seat: int) -> list[Section]:
        """Blocks of the layout, each read from its part of ``seat``'s view; the parts
        every seat sees alike (the companies, the market, the pending decision) are
        shared."""
        relative = relative_seats(seat, config.players)

        def relatively(
            write: Callable[[Vector, V, list[int]], None],
        ) -> Callable[[Vector, V], None]:
            return lambda out, seen: write(out, seen, relative)

        sections = [
            Section.block(ROUND, TRACK_FACE, parts.moment, relatively(general)),
            Section.block(
                TRACK_FACE,
                DISPLAY,
                part(parts.companies_facts, parts.companies),
                in_part(companies),
                shared=True,
            ),
            Section.block(
                DISPLAY,
                BOOK_DISPLAY,
                part(parts.card_market_facts, parts.card_market),
                in_part(card_market),
                shared=True,
            ),
            Section.block(
                BOOK_DISPLAY,
                ROUND_TRACK,
                part(parts.book_market_facts, parts.book_market),
                in_part(book_market),
                shared=True,
            ),
            Section.block(ROUND_TRACK, BONUS, parts.round_track, round_track, shared=True),
            Section.block(
                BONUS,
                PLAYERS,
                part(parts.bonuses_facts, parts.bonuses),
                in_part(relatively(bonuses)),
            ),
            Section.block(
                PENDING,
                LAYOUT.size,
                part(parts.pending_facts, parts.pending),
                in_part(pending),
                shared=True,
            ),
        ]
        for p in range(config.players):
            sections += seat_sections(p, seat, PLAYERS + relative[p] * PER_SEAT)
        return sections


def encode_view(view: parts.MombasaView, config: GameConfig) -> Vector:
    """The whole view, encoded."""
    out = LAYOUT.zeros()
    relative = relative_seats(view["seat"], len(view["players"]))
    general(out, view, relative)
    companies(out, view)
    market(out, view)
    bonuses(out, view, relative)
    final = view.get("final")
    lengths = [track["length"] for track in view["tracks"]]
    for seat, entry in enumerate(view["players"]):
        base = PLAYERS + relative[seat] * PER_SEAT
        position(out, base, (entry, lengths))
        shelf(out, base, entry["bookkeeping"])
        cards(out, base, entry)
        slots(out, base, entry)
        standing(out, base, entry)
        score(out, base, None if final is None else final[seat])
    pending(out, view.get("pending"))
    return out


P = TypeVar("P")
V = TypeVar("V")
Read = Callable[[MombasaState], object]
"""A part's facts (``meeple.games.mombasa.view``: every field its part is built from)."""


def part(
    facts: Read, build: Callable[[MombasaState], P]
) -> Callable[[MombasaState], tuple[object, P]]:
    """A section's read: one part of the view, built (``build(state)``) only when its
    facts (``facts(state)``, see ``meeple.games.mombasa.view``) differ from those of
    the last read. It returns ``(facts, part)``, the same pair while the facts stay
    equal, so the encoder compares facts, never the part; equal facts give equal
    parts, so the pair compares as the part would. The part is built fresh by the
    view's builders and shares nothing with the state."""
    last: tuple[object, P] | None = None  # None: no read yet

    def read(state: MombasaState) -> tuple[object, P]:
        nonlocal last
        seen, kept = facts(state), last  # ``kept``: another thread may replace ``last``
        if kept is None or seen != kept[0]:
            kept = last = (seen, build(state))
        return kept

    return read


def in_part(write: Callable[[Vector, P], None]) -> Callable[[Vector, tuple[object, P]], None]:
    """A writer of a part, given the ``(facts, part)`` pair a ``part`` reads."""
    return lambda out, seen: write(out, seen[1])


def seat_sections(p: int, viewer: int, base: int) -> list[Section]:
    """Seat ``p``'s entry as ``viewer`` sees it, at ``base``: its parts (its position,
    bookkeeping track, cards, action slots, and its standing with the final score),
    each a section of its own, since a decision changes one or two of them."""

    def block(
        start: int,
        stop: int,
        facts: Read,
        build: Callable[[MombasaState], P],
        write: Callable[[Vector, int, P], None],
    ) -> Section:
        return Section.block(
            base + start,
            base + stop,
            part(facts, build),
            lambda out, seen: write(out, base, seen[1]),
        )

    def mine(read: Callable[[MombasaState, int], P]) -> Callable[[MombasaState], P]:
        return lambda state: read(state, p)

    def seen(read: Callable[[MombasaState, int, int | None], P]) -> Callable[[MombasaState], P]:
        return lambda state: read(state, p, viewer)

    def placed(state: MombasaState) -> tuple[parts.Position, list[int]]:
        lengths = [parts.track_length(state, c) for c in range(C)]
        return parts.position(state, p), lengths

    def standing_facts(state: MombasaState) -> object:
        if state.phase == OVER:  # equal to nothing: at the end, always built again
            return object()
        return parts.standing_facts(state, p, viewer)

    def standing_and_score(state: MombasaState) -> tuple[parts.Standing, parts.FinalRow | None]:
        final = parts.final(state, p) if state.phase == OVER else None
        return parts.standing(state, p, viewer), final

    return [
        block(CASH, SHELF_BLOCK, mine(parts.position_facts), placed, position),
        block(
            SHELF_BLOCK,
            RESTING,
            mine(parts.shelf_facts),
            mine(parts.shelf),
            shelf,
        ),
        block(
            RESTING,
            SLOTS_OPEN,
            seen(parts.cards_facts),
            seen(parts.cards),
            cards,
        ),
        block(
            SLOTS_OPEN,
            READY,
            seen(parts.planned_facts),
            seen(parts.planned),
            slots,
        ),
        block(READY, PER_SEAT, standing_facts, standing_and_score, standing_scored),
    ]


def pending(out: Vector, pending: parts.Pending | None) -> None:
    """The decision pending and the books waiting to be shelved."""
    if pending is not None:
        out[PENDING] = 1.0
        hot(out, PENDING + 1, index_of(pending["decision"], TASK_NAMES), len(TASK_NAMES))
        put(out, BOOKS_TO_PLACE, len(pending["books_to_place"]), SHELF)


def general(out: Vector, view: parts.Moment, relative: list[int]) -> None:
    put(out, ROUND, view["round"], ROUNDS)
    hot(out, PHASE, index_of(view["phase"], PHASES), len(PHASES))
    for seat in view["to_act"]:
        seat_hot(out, ASKED, seat, relative)
    seat_hot(out, FIRST, view["first_player"], relative)
    seat_hot(out, NEXT_FIRST, view["next_first_player"], relative)
    seat_hot(out, ACTOR, view["actor"], relative)


def companies(out: Vector, view: parts.Companies) -> None:
    """Per company its track face and trading posts; per region who holds it."""
    for c, track in enumerate(view["tracks"]):
        hot(
            out,
            TRACK_FACE + c * len(TRACK_FACES),
            index_of(track["face"], TRACK_FACES),
            len(TRACK_FACES),
        )
    per_company = 2 * COLUMNS + 3
    for c, company in enumerate(view["companies"]):
        base = COMPANY_BLOCK + c * per_company
        for k, posts in enumerate(company["base_columns"]):
            put(out, base + k, posts, POST_CEILING)
        for k, uncovered in enumerate(company["final_space_uncovered"]):
            if uncovered:
                out[base + COLUMNS + k] = 1.0
        put(out, base + 2 * COLUMNS, company["share_value"], VALUE_CEILING)
        put(out, base + 2 * COLUMNS + 1, company["posts_out_of_game"], POST_CEILING)
        put(out, base + 2 * COLUMNS + 2, company["regions"], REGIONS)
    for r, region in enumerate(view["regions"]):
        hot(out, REGION_BLOCK + r * C, COMPANY_AT.get(region["company"]), C)


def counted(out: Vector, offset: int, faces: list[str] | None) -> None:
    """Per face, the cards of ``faces`` showing it over the copies of that face."""
    for face in faces or ():
        out[offset + FACE_AT[face]] += SHARE_OF_FACE[face]


def book(out: Vector, offset: int, entry: parts.BookView) -> None:
    """A book's letter, its requirements (per kind) and its reward."""
    hot(out, offset, index_of(entry["letter"], BOOK_LETTERS), len(BOOK_LETTERS))
    for need in entry["requires"]:
        kind, count = parts.kind_and_count(need)
        put(out, offset + 3 + REQUIRES.index(kind), count, BOOK_NEED_CEILING)
    kind, amount = parts.kind_and_count(entry["reward"])
    put(out, offset + 3 + len(REQUIRES) + REWARDS.index(kind), amount, BOOK_REWARD_CEILING)


def market(out: Vector, view: parts.Market) -> None:
    """The display, the stack, the discard pile, the books and the round track."""
    card_market(out, view)
    book_market(out, view)
    round_track(out, view)


def card_market(out: Vector, view: parts.CardMarket) -> None:
    """The display (per space the card's face and price), the stack, the discard pile."""
    for n, entry in enumerate(view["display"]):
        if entry is not None:
            base = DISPLAY + n * (F + 1)
            out[base + FACE_AT[entry["card"]]] = 1.0
            put(out, base + F, entry["price"], PRICE_CEILING)
    for k, letter in enumerate(LETTERS):
        put(out, STACK + k, view["stack"][letter], STACK_CARDS[letter])
    counted(out, DISCARD, view["discard"])


def book_market(out: Vector, view: parts.BookMarket) -> None:
    """The book display (per space the book and the coins under it), the piles."""
    for n, space in enumerate(view["book_display"]):
        base = BOOK_DISPLAY + n * (BOOK + 1)
        if space["book"] is not None:
            book(out, base, space["book"])
        put(out, base + BOOK, space["coins"], COIN_CEILING)
    for k, letter in enumerate(BOOK_LETTERS):
        put(out, BOOK_SUPPLY + k, view["book_supply"][letter], BOOK_CARDS[letter])


def round_track(out: Vector, view: parts.RoundTrack) -> None:
    for k, coins in enumerate(view["round_track"]):
        put(out, ROUND_TRACK + k, coins, COIN_CEILING)


def bonuses(out: Vector, view: parts.Bonuses, relative: list[int]) -> None:
    """Who holds each bonus space; each bonus tile's holder, reservation and use."""
    for n, name in enumerate(BONUS_SPACES):
        seat_hot(out, BONUS + n * SEATS, view["bonus_spaces"][name], relative)
    for t, tile in enumerate(view["bonus_tiles"]):
        base = TILE_BLOCK + t * (2 * SEATS + 1)
        seat_hot(out, base, tile["held_by"], relative)
        seat_hot(out, base + SEATS, tile["reserved_by"], relative)
        if tile["used"]:
            out[base + 2 * SEATS] = 1.0


def position(out: Vector, base: int, placed: tuple[parts.Position, list[int]]) -> None:
    """Pounds, bonus markers, track positions (over the tracks' lengths), shares,
    bonus levels, diamond track and ink jar."""
    p, lengths = placed
    put(out, base + CASH, p["cash"], POUND_CEILING)
    put(out, base + MARKERS, p["bonus_markers"], MARKER_CEILING)
    put(out, base + MARKERS_OWNED, p["bonus_markers_owned"], MARKER_CEILING)
    for c in range(C):
        put(out, base + TRACKS + c, p["tracks"][c], lengths[c])
        put(out, base + TRACK_SHARES + c, p["track_shares"][c], SHARE_CEILING)
        put(out, base + UNLOCKED + c, p["bonuses_unlocked"][c], BONUS_LEVELS)
    put(out, base + DIAMOND, p["diamond"], BOARD.diamond_length)
    put(out, base + INK, p["ink_jar"], SHELF)


def shelf(out: Vector, base: int, bookkeeping: list[parts.ShelvedBook | None]) -> None:
    """Per bookkeeping space: a book there, flipped or not, and the book."""
    for s, shelved in enumerate(bookkeeping):
        if shelved is not None:
            offset = base + SHELF_BLOCK + s * (2 + BOOK)
            out[offset] = 1.0
            if shelved["flipped"]:
                out[offset + 1] = 1.0
            book(out, offset + 2, shelved)


def cards(out: Vector, base: int, p: parts.Cards) -> None:
    """The resting decks, the hand's size and (own only) the hand, the share cards."""
    for d, deck in enumerate(p["resting_decks"]):
        counted(out, base + RESTING + d * F, deck)
    put(out, base + HAND_SIZE, p["hand_size"], HAND_CEILING)
    counted(out, base + HAND, p["hand"])
    for face in p["share_cards"] or ():
        out[base + SHARE_CARDS + SHARES.index(face)] += SHARE_OF_FACE[face]


def standing_scored(
    out: Vector, base: int, seen: tuple[parts.Standing, parts.FinalRow | None]
) -> None:
    """The seat's standing, and at the end its score."""
    standing(out, base, seen[0])
    score(out, base, seen[1])


def standing(out: Vector, base: int, p: parts.Standing) -> None:
    """Ready, ended, the starting tile, its cards to rest, the dealt tiles."""
    if p["ready"]:
        out[base + READY] = 1.0
    if p["ended"]:
        out[base + ENDED] = 1.0
    tile = p["starting_tile"]
    hot(out, base + STARTING, None if tile is None else tile - 1, STARTING_TILES)
    counted(out, base + TO_REST, p["tile_cards_to_rest"])
    for dealt in p["dealt_tiles"] or ():
        hot(out, base + DEALT, dealt - 1, STARTING_TILES)


def slots(out: Vector, base: int, p: parts.Planned) -> None:
    """Open slots, the cards in them (a face only when the view shows it), plus-one."""
    for k, (open_, slot) in enumerate(zip(p["slots_open"], p["slots"], strict=True)):
        if open_:
            out[base + SLOTS_OPEN + k] = 1.0
        if slot is None:
            continue
        offset = base + SLOT_BLOCK + k * SLOT
        out[offset] = 1.0
        if slot["face_down"]:
            out[offset + 1] = 1.0
        if slot["used"]:
            out[offset + 2] = 1.0
        if slot["card"] is not None:
            out[offset + 3 + FACE_AT[slot["card"]]] = 1.0
    plus = p["plus_one_on"]
    hot(out, base + PLUS_ONE, None if plus is None else plus - 1, SLOTS)


def score(out: Vector, base: int, final: parts.FinalRow | None) -> None:
    """At the end: the score per category (Scoring) and the total."""
    if final is not None:
        for k, category in enumerate(FINAL):
            put(out, base + SCORES + k, final[category], POINT_CEILING)


ENCODING = MombasaEncoding(LAYOUT, MAX_DECISIONS)
