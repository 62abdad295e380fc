"""What a seat may see, and ``determinize``.

Hidden: each hand (others see its size), the cards placed face down until the
reveal, the starting tiles dealt in the draft (and the one kept, until all have
chosen), the order of the action card stack within each letter (its backs show
the letters) and of each book pile. Everything else is public: the board, the
resting decks, money, the tracks. docs/games/mombasa.md lists every key.

Hands are hidden from the others but follow from public history (every card
entering or leaving a hand does so in view: starting cards, resting decks
picked up, display cards bought, cards discarded face up), so ``determinize``
keeps them and re-deals only the face-down plans, the draft, the stack and the
book piles.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, TypedDict, cast

from meeple.engine import Rng
from meeple.games.mombasa.actions import space_name
from meeple.games.mombasa.board import BOARD, COMPANIES, NO, SHARE, TRACK_FACES
from meeple.games.mombasa.rules import area, flow, order, tasks
from meeple.games.mombasa.rules import tracks as T
from meeple.games.mombasa.rules.apply import to_act
from meeple.games.mombasa.scoring import breakdown, shares_held
from meeple.games.mombasa.state import (
    ACT,
    DECKS,
    DRAFT,
    OVER,
    PHASES,
    PLAN,
    REST,
    SLOTS,
    SPACE_COUNT,
    TILES,
    MombasaState,
    bits,
)
from meeple.games.mombasa.texts import SEAT_NAMES

CARDS = BOARD.cards
SPACE_NAMES = tuple(space_name(s) for s in range(SPACE_COUNT))
SHARE_MASK = sum(1 << c for c, card in enumerate(CARDS) if card.kind == SHARE)  # a mask
# per card id, the letter on its back ("-": a starting card, which has none)
LETTER_OF = "".join(card.letter or "-" for card in CARDS)
SHELF = BOARD.book_length + 1


# ---- the view's types (plain dicts at run time, built only here) -----------------

Phase = Literal["draft", "planning", "action", "over", "resting"]
PHASE_NAMES: tuple[Phase, ...] = ("draft", "planning", "action", "over", "resting")
assert PHASE_NAMES == PHASES  # the state's phases, by number
Requirement = list[str | int]
"""A book's need, ``[kind, n]`` (kinds in ``board.REQUIREMENTS``)."""
Reward = list[str | int]
"""A reward, ``[kind, n]`` (a book's: ``board.BOOK_REWARDS``; a region's: ``REWARD_KINDS``)."""


def kind_and_count(pair: Sequence[str | int]) -> tuple[str, int]:
    """A ``[kind, n]`` pair of the view (a need or a reward) as its two typed parts."""
    kind, n = pair
    return str(kind), int(n)


class Moment(TypedDict):
    round: int
    phase: Phase
    to_act: list[int]
    first_player: int
    next_first_player: int | None
    actor: int | None  # in the action phase only


class TrackView(TypedDict):
    company: str
    face: str
    length: int
    shares: list[int]  # per space
    specials: list[list[int]]  # [space, pounds]
    calls: dict[str, int]  # space (as text) -> pounds
    bonus: str


class CompanyView(TypedDict):
    name: str
    base_columns: list[int]  # posts left per column
    final_space_uncovered: list[bool]
    share_value: int
    posts_out_of_game: int
    regions: int  # regions holding one of its posts


class RegionView(TypedDict):
    name: str
    company: str | None
    reward: Reward | None
    mines: int


class Companies(TypedDict):
    tracks: list[TrackView]
    companies: list[CompanyView]
    regions: list[RegionView]


class DisplayCard(TypedDict):
    card: str
    price: int


class CardMarket(TypedDict):
    display: list[DisplayCard | None]
    stack: dict[str, int]  # cards per letter
    discard: list[str]


class BookView(TypedDict):
    letter: str
    requires: list[Requirement]
    reward: Reward


class ShelvedBook(BookView):
    flipped: bool


class BookSpace(TypedDict):
    book: BookView | None
    coins: int
    column: int
    row: int


class BookMarket(TypedDict):
    book_display: list[BookSpace]
    book_supply: dict[str, int]  # books per letter


class RoundTrack(TypedDict):
    round_track: list[int]  # coins on spaces 2-7


class Market(CardMarket, BookMarket, RoundTrack):
    pass


class TileView(TypedDict):
    tile: str
    held_by: int | None
    reserved_by: int | None
    used: bool


class Bonuses(TypedDict):
    bonus_spaces: dict[str, int | None]  # space name -> the seat whose marker is there
    bonus_tiles: list[TileView]


class SlotView(TypedDict):
    card: str | None  # None: face down to this viewer
    face_down: bool
    used: bool


class Position(TypedDict):
    seat: int
    name: str
    cash: int
    bonus_markers: int
    bonus_markers_owned: int
    tracks: list[int]  # space per company
    track_shares: list[int]
    bonuses_unlocked: list[int]
    diamond: int
    ink_jar: int


class Cards(TypedDict):
    resting_decks: list[list[str]]
    hand_size: int
    hand: list[str] | None  # the seat's own only
    share_cards: list[str] | None


class Planned(TypedDict):
    slots_open: list[bool]
    slots: list[SlotView | None]
    plus_one_on: int | None  # the slot (from 1) under the +1 goods tile


class Standing(TypedDict):
    ready: bool | None
    ended: bool | None
    starting_tile: int | None  # from 1
    tile_cards_to_rest: list[str] | None
    dealt_tiles: list[int] | None


class PlayerView(Position, Cards, Planned, Standing):
    bookkeeping: list[ShelvedBook | None]  # bookkeeping spaces 1..


class Pending(TypedDict):
    decision: str  # one of ``rules.tasks.TASK_NAMES``
    values: list[int]
    books_to_place: list[BookView]


ScoreKey = Literal[
    "cash", "mombasa", "cape town", "saint-louis", "cairo", "diamonds", "bookkeeping", "total"
]
SCORE_KEYS: tuple[ScoreKey, ...] = (
    "cash",
    "mombasa",
    "cape town",
    "saint-louis",
    "cairo",
    "diamonds",
    "bookkeeping",
    "total",
)
FinalRow = TypedDict(
    "FinalRow",
    {
        "cash": int,
        "mombasa": int,
        "cape town": int,
        "saint-louis": int,
        "cairo": int,
        "diamonds": int,
        "bookkeeping": int,
        "total": int,
        "shares": dict[str, int],  # per company
    },
)


class MombasaView(Moment, Companies, Market, Bonuses):
    game: Literal["mombasa"]
    seat: int | None  # None: a spectator
    players: list[PlayerView]
    pending: Pending | None  # the actor's decision in the middle of an action
    final: list[FinalRow] | None  # once the game is over


EngineView = Mapping[str, object]
"""A view as the engine's interfaces pass it (``typed`` makes it a MombasaView)."""


def typed(view: EngineView) -> MombasaView:
    """A view as the engine hands it back, as the type ``build_view`` built it with
    (views are built only by ``build_view``; nothing is checked or copied)."""
    return cast(MombasaView, view)  # JSON edge


def untyped(view: MombasaView) -> dict[str, object]:
    """A typed view as the engine's interfaces take it (the same dict)."""
    return cast(dict[str, object], view)  # JSON edge


def _faces(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [CARDS[c].face for c in cards]


def _mask_faces(mask: int) -> list[str]:
    return sorted([CARDS[c].face for c in bits(mask)])


def _book(book: int) -> BookView:
    info = BOARD.books[book]
    return {
        "letter": info.letter,
        "requires": [[kind, n] for kind, n in info.requires],
        "reward": list(info.reward),
    }


def build_view(state: MombasaState, seat: int | None) -> MombasaView:
    """The whole view, made of the parts below; the learning encoding reads the same
    parts one by one (``meeple.games.mombasa.encoding``), so both show one thing."""
    return {
        "game": "mombasa",
        "seat": seat,
        **moment(state),
        **companies(state),
        **market(state),
        **bonuses(state),
        "players": [player(state, p, seat) for p in range(state.players)],
        "pending": pending(state),
        "final": finals(state),
    }


# ---- the view's parts, and the facts each is built from ------------------------------
#
# Contract of every ``*_facts(state, ...)``: a tuple (numbers, tuples, None) holding
# every field of the state its part is built from, as the seat may see it, so two
# states with equal facts give equal parts; it shares nothing mutable with the state
# and holds nothing the seat's view hides. The encoding rebuilds a part only when its
# facts changed.


def moment(state: MombasaState) -> Moment:
    """The round, the phase and who is asked, first, next first and acting."""
    return {
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "to_act": _to_act(state),
        "first_player": state.first,
        "next_first_player": None if state.next_first == NO else state.next_first,
        "actor": state.actor if state.phase == ACT else None,
    }


def companies(state: MombasaState) -> Companies:
    """The companies' tracks, their trading posts and share values, the regions."""
    return {
        "tracks": [_track(state, c) for c in range(4)],
        "companies": [_company(state, c) for c in range(4)],
        "regions": [_region(state, r) for r in range(len(BOARD.regions))],
    }


def companies_facts(state: MombasaState) -> tuple[object, ...]:
    return (state.faces, state.lost, tuple(state.base), tuple(state.out), tuple(state.owner))


def market(state: MombasaState) -> Market:
    """The card market, the book market and the round track."""
    return {**card_market(state), **book_market(state), **round_track(state)}


def card_market(state: MombasaState) -> CardMarket:
    """The card display (faces and prices), the stack (cards per letter), the discard
    pile."""
    return {
        "display": [_display(state, n) for n in range(12)],
        "stack": stack_counts(state),
        "discard": _faces(state.discard),
    }


def card_market_facts(state: MombasaState) -> tuple[object, ...]:
    """A display card's price follows from its space and its card (``tasks.price``
    with no discount); of the stack only its count per letter shows."""
    return (tuple(state.display), tuple(stack_counts(state).values()), tuple(state.discard))


def book_market(state: MombasaState) -> BookMarket:
    """The book display (books and the coins under them), the piles' sizes per letter."""
    return {
        "book_display": [_book_space(state, n) for n in range(12)],
        "book_supply": {letter: len(state.book_supply[i]) for i, letter in enumerate("ABC")},
    }


def book_market_facts(state: MombasaState) -> tuple[object, ...]:
    """Of the book piles only their sizes show."""
    return (
        tuple(state.book_display),
        tuple(state.book_coins),
        tuple(len(pile) for pile in state.book_supply),
    )


def round_track(state: MombasaState) -> RoundTrack:
    """The coins on the round track's spaces 2-7."""
    return {"round_track": state.round_track[1:]}


def bonuses(state: MombasaState) -> Bonuses:
    """Who holds each bonus space, and each bonus tile's holder, reservation and use."""
    return {
        "bonus_spaces": {name: _seat(state.spaces[s]) for s, name in enumerate(SPACE_NAMES)},
        "bonus_tiles": [_tile(state, t) for t in range(4)],
    }


def bonuses_facts(state: MombasaState) -> tuple[object, ...]:
    return (
        tuple(state.spaces),
        tuple(state.tiles_held),
        tuple(state.tiles_reserved),
        state.tiles_used,
    )


def finals(state: MombasaState) -> list[FinalRow] | None:
    """At the end, each seat's score per category and its shares; before, None."""
    if state.phase != OVER:
        return None
    return [final(state, p) for p in range(state.players)]


def final(state: MombasaState, seat: int) -> FinalRow:
    score = breakdown(state, seat)  # the scoring pad's categories, in SCORE_KEYS' order
    return {
        "cash": score["cash"],
        "mombasa": score["mombasa"],
        "cape town": score["cape town"],
        "saint-louis": score["saint-louis"],
        "cairo": score["cairo"],
        "diamonds": score["diamonds"],
        "bookkeeping": score["bookkeeping"],
        "total": score["total"],
        "shares": shares_held(state, seat),
    }


def track_length(state: MombasaState, company: int) -> int:
    """The spaces of the company's track (its face's)."""
    return T.FACES[state.faces[company]].length


def _to_act(state: MombasaState) -> list[int]:
    return list(to_act(state))


def _seat(value: int) -> int | None:
    return None if value == NO else value


def _track(state: MombasaState, company: int) -> TrackView:
    face = T.FACES[state.faces[company]]
    return {
        "company": COMPANIES[company],
        "face": TRACK_FACES[state.faces[company]],
        "length": track_length(state, company),
        "shares": list(face.shares),
        "specials": [list(s) for s in face.specials],
        "calls": {str(s): p for s, p in sorted(face.calls.items())},
        "bonus": face.bonus,
    }


def _company(state: MombasaState, company: int) -> CompanyView:
    columns = range(company * 3, company * 3 + 3)
    return {
        "name": COMPANIES[company],
        "base_columns": [state.base[k] for k in columns],
        "final_space_uncovered": [bool(state.lost >> k & 1) for k in columns],
        "share_value": T.coins_revealed(state, company),
        "posts_out_of_game": state.out[company],
        "regions": T.posts_in_regions(state, company),
    }


def _region(state: MombasaState, region: int) -> RegionView:
    info = BOARD.regions[region]
    owner = state.owner[region]
    return {
        "name": info.name,
        "company": None if owner == NO else COMPANIES[owner],
        "reward": list(info.reward) if info.reward else None,
        "mines": info.mines,
    }


def _display(state: MombasaState, space: int) -> DisplayCard | None:
    card = state.display[space]
    if card == NO:
        return None
    return {"card": CARDS[card].face, "price": tasks.price(state, space, 0)}


def stack_counts(state: MombasaState) -> dict[str, int]:
    """The stack's cards per letter (their backs show it), not their order."""
    letters = "".join([LETTER_OF[card] for card in state.stack])
    return {letter: letters.count(letter) for letter in "ABCDE"}


def _book_space(state: MombasaState, space: int) -> BookSpace:
    book = state.book_display[space]
    return {
        "book": None if book == NO else _book(book),
        "coins": state.book_coins[space],
        "column": space // 2 + 2,
        "row": space % 2 + 1,
    }


def _tile(state: MombasaState, tile: int) -> TileView:
    return {
        "tile": TILES[tile],
        "held_by": _seat(state.tiles_held[tile]),
        "reserved_by": _seat(state.tiles_reserved[tile]),
        "used": bool(state.tiles_used >> tile & 1),
    }


def _slots(state: MombasaState, p: int, viewer: int | None) -> list[SlotView | None]:
    hidden = state.phase == PLAN and viewer != p
    out: list[SlotView | None] = []
    for k in range(SLOTS):
        card = state.slots[p * SLOTS + k]
        if card == NO:
            out.append(None)
        elif hidden:
            out.append({"card": None, "face_down": True, "used": False})
        else:
            used = bool(state.used[p] >> card & 1)
            out.append({"card": CARDS[card].face, "face_down": used, "used": used})
    return out


def player(state: MombasaState, p: int, viewer: int | None) -> PlayerView:
    """Seat ``p``'s entry as ``viewer`` sees it, in five parts (below)."""
    return {
        **position(state, p),
        "bookkeeping": shelf(state, p),
        **cards(state, p, viewer),
        **planned(state, p, viewer),
        **standing(state, p, viewer),
    }


def position(state: MombasaState, p: int) -> Position:
    """Seat ``p``'s pounds, bonus markers, track markers (with the shares their spaces
    give), bonus levels, diamond marker and ink jar."""
    return {
        "seat": p,
        "name": SEAT_NAMES[p],
        "cash": state.cash[p],
        "bonus_markers": state.markers[p],
        "bonus_markers_owned": state.marker_total[p],
        "tracks": [state.track[p * 4 + c] for c in range(4)],
        "track_shares": [T.FACES[state.faces[c]].shares[state.track[p * 4 + c]] for c in range(4)],
        "bonuses_unlocked": [area.unlocked_level(state, p, c) for c in range(4)],
        "diamond": state.diamond[p],
        "ink_jar": state.ink[p],
    }


def position_facts(state: MombasaState, p: int) -> tuple[object, ...]:
    """A bonus counts from the turn after it was unlocked (``area.unlocked_level``):
    the turn matters only while one was unlocked in this turn or later."""
    unlocked = state.unlocked[p * 8 : p * 8 + 8]
    turn = state.turn if max(unlocked) >= state.turn else None
    return (
        state.faces,
        state.cash[p],
        state.markers[p],
        state.marker_total[p],
        tuple(state.track[p * 4 : p * 4 + 4]),
        tuple(unlocked),
        turn,
        state.diamond[p],
        state.ink[p],
    )


def shelf(state: MombasaState, p: int) -> list[ShelvedBook | None]:
    """Seat ``p``'s bookkeeping track: per space its book, face up or not."""
    return [_shelf(state, p, s) for s in range(1, SHELF)]


def shelf_facts(state: MombasaState, p: int) -> tuple[object, ...]:
    return (tuple(state.shelf[p * SHELF : p * SHELF + SHELF]), state.flipped[p])


def cards(state: MombasaState, p: int, viewer: int | None) -> Cards:
    """Seat ``p``'s resting decks; its hand only to itself (the others count it); its
    share cards to itself, and to all at the end (they score)."""
    own = viewer == p
    hand = state.hands[p]
    return {
        "resting_decks": [_faces(state.decks[p * DECKS + d]) for d in range(DECKS)],
        "hand_size": bin(hand).count("1"),
        "hand": _mask_faces(hand) if own else None,
        "share_cards": _share_cards(hand) if own or state.phase == OVER else None,
    }


def cards_facts(state: MombasaState, p: int, viewer: int | None) -> tuple[object, ...]:
    """Of the others' hands only their size. At the end (their share cards show) a
    new object each time, equal to nothing: the part is then built at every read."""
    if state.phase == OVER:
        return (object(),)
    hand = state.hands[p]
    seen = hand if viewer == p else hand.bit_count()
    return (tuple(state.decks[p * DECKS : p * DECKS + DECKS]), seen)


def planned(state: MombasaState, p: int, viewer: int | None) -> Planned:
    """Seat ``p``'s action slots: which are open, the cards in them (face down to the
    others while planning), the slot under the +1 tile."""
    return {
        "slots_open": [flow.slot_open(state, p, k) for k in range(SLOTS)],
        "slots": _slots(state, p, viewer),
        "plus_one_on": _plus_slot(state, p),
    }


def planned_facts(state: MombasaState, p: int, viewer: int | None) -> tuple[object, ...]:
    cards = state.slots[p * SLOTS : p * SLOTS + SLOTS]
    hidden = state.phase == PLAN and viewer != p
    if hidden:  # face down: which slots are filled, not with what
        return (state.diamond[p], state.ink[p], tuple(map(NO.__ne__, cards)), _plus_slot(state, p))
    # the flipped cards (``used``) all lie in the slots: the mask is cleared at cleanup
    return (state.diamond[p], state.ink[p], tuple(cards), state.used[p], _plus_slot(state, p))


def standing(state: MombasaState, p: int, viewer: int | None) -> Standing:
    """Seat ``p``'s readiness, its starting tile (to the others once all have chosen),
    the tile's cards left to rest, its dealt tiles (its own, while drafting)."""
    own = viewer == p
    phase = state.phase
    return {
        "ready": bool(state.ready >> p & 1) if phase in (PLAN, DRAFT) else None,
        "ended": bool(state.ended >> p & 1) if phase == ACT else None,
        "starting_tile": state.chosen[p] + 1
        if state.chosen[p] != NO and (phase != DRAFT or own)
        else None,
        "tile_cards_to_rest": flow.to_rest(state, p) if phase == REST else None,
        "dealt_tiles": [t + 1 for t in state.dealt[p * 2 : p * 2 + 2]]
        if own and phase == DRAFT
        else None,
    }


def standing_facts(state: MombasaState, p: int, viewer: int | None) -> tuple[object, ...]:
    """The cards left to rest follow from the kept tile and the resting decks."""
    own = viewer == p
    phase = state.phase
    return (
        phase,
        state.ready >> p & 1,
        state.ended >> p & 1,
        state.chosen[p] if phase != DRAFT or own else None,
        tuple(state.decks[p * DECKS : p * DECKS + DECKS]) if phase == REST else None,
        tuple(state.dealt[p * 2 : p * 2 + 2]) if own and phase == DRAFT else None,
    )


def _share_cards(hand: int) -> list[str]:
    return _mask_faces(hand & SHARE_MASK)


def _plus_slot(state: MombasaState, p: int) -> int | None:
    card = state.plus_on[p]
    if card == NO:
        return None
    return state.slots[p * SLOTS : p * SLOTS + SLOTS].index(card) + 1


def _shelf(state: MombasaState, p: int, space: int) -> ShelvedBook | None:
    book = state.shelf[p * SHELF + space]
    if book == NO:
        return None
    return {**_book(book), "flipped": bool(state.flipped[p] >> space & 1)}


def pending(state: MombasaState) -> Pending | None:
    """The actor's decision on top of its stack, and the books waiting to be shelved."""
    if state.phase != ACT or not state.tasks:
        return None
    task = state.tasks[-1]
    return {
        "decision": tasks.TASK_NAMES[task[0]],
        "values": list(task[1:]),
        "books_to_place": [_book(b) for b in state.acquired],
    }


def pending_facts(state: MombasaState) -> tuple[object, ...] | None:
    if state.phase != ACT or not state.tasks:
        return None
    return (state.tasks[-1], tuple(state.acquired))


# ---- determinize ---------------------------------------------------------------------


def determinize(state: MombasaState, seat: int, rng: Rng) -> MombasaState:
    """A state ``seat`` cannot tell from the real one: the others' face-down plans and
    draft re-dealt; the order of the stack within each letter and of the book piles
    re-drawn at their first use in the sample (``rules.order``)."""
    twin = state.clone()
    twin.rng = rng.fork()
    if twin.phase == PLAN:
        for other in range(twin.players):
            if other != seat:
                _replan(twin, other, rng)
    if twin.phase == DRAFT:
        _redeal_tiles(twin, seat, rng)
    twin.unordered = order.EVERY_ORDER
    head = flow.PRIVATE_EVENTS_PER_SEAT * twin.players  # private events lie only here
    twin.log[:head] = [e for e in twin.log[:head] if e.private_to in (None, seat)]
    return twin


def _replan(state: MombasaState, seat: int, rng: Rng) -> None:
    """The seat's planned cards drawn again from those cards and its hand: as many
    cards as slots filled, uniformly, each into one of those slots."""
    base = seat * SLOTS
    filled = [k for k in range(SLOTS) if state.slots[base + k] != NO]
    if not filled:
        return
    hand = state.hands[seat]
    for k in filled:
        hand |= 1 << state.slots[base + k]
    pool = [c for c in bits(hand) if CARDS[c].kind != SHARE]
    for i, k in enumerate(filled):  # a partial Fisher-Yates shuffle: only the slots' draws
        j = i + rng.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
        state.slots[base + k] = pool[i]
        hand &= ~(1 << pool[i])
    state.hands[seat] = hand


def _redeal_tiles(state: MombasaState, seat: int, rng: Rng) -> None:
    mine = state.dealt[seat * 2 : seat * 2 + 2]
    pool = [t for t in range(len(BOARD.tiles)) if t not in mine]
    rng.shuffle(pool)
    for other in range(state.players):
        if other == seat:
            continue
        pair = [pool.pop(), pool.pop()]
        state.dealt[other * 2 : other * 2 + 2] = pair
        if state.chosen[other] != NO:
            state.chosen[other] = rng.choice(pair)
