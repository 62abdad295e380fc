"""Positions in the game's words, for rule tests and analysis, and ``validate``.

``build`` starts from a real setup (so every component is somewhere) and moves
components to where the description puts them; ``validate`` checks that every
component is in exactly one place (cards, books, trading posts, bonus markers,
bonus tiles) and that the phase and the decision stack agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.engine import GameConfig, InvalidState
from meeple.games.mombasa.board import (
    BOARD,
    COMPANIES,
    FIRST_ONE_EXPANSION,
    FIRST_STARTING,
    NO,
    POSTS_PER_COMPANY,
    STARTING_BOOK,
    STARTING_PER_COLOUR,
)
from meeple.games.mombasa.rules import area, flow
from meeple.games.mombasa.rules import tasks as K
from meeple.games.mombasa.setup import set_up
from meeple.games.mombasa.state import ACT, DECKS, PHASES, PLAN, REST, SLOTS, TILES, MombasaState

CARDS = BOARD.cards
SHELF = BOARD.book_length + 1
REGION_INDEX = {region.name.lower(): r for r, region in enumerate(BOARD.regions)}


def company(name: str) -> int:
    return COMPANIES.index(name.lower())


def region(name: str) -> int:
    return REGION_INDEX[name.lower()]


def build(
    players: int = 2,
    *,
    setup: str = "first",
    seed: int = 1,
    phase: str = "action",
    actor: int = 0,
    round: int = 1,
    cash: Mapping[int, int] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    slots: Mapping[int, Sequence[str | None]] | None = None,
    tracks: Mapping[int, Mapping[str, int]] | None = None,
    diamond: Mapping[int, int] | None = None,
    ink: Mapping[int, int] | None = None,
    books: Mapping[int, Mapping[int, int]] | None = None,
    regions: Mapping[str, str] | None = None,
    bases: Mapping[str, Sequence[int]] | None = None,
    display: Mapping[int, str] | None = None,
) -> MombasaState:
    """A position: ``hands`` and ``slots`` name card faces ("coffee 2"), ``display``
    maps spaces 1-12 to faces, ``books`` maps a seat's bookkeeping spaces to book ids,
    ``regions`` maps region names to companies, ``bases`` company to posts per column
    (the posts missing from the base stand in its regions or are out of the game)."""
    state = MombasaState.begin(GameConfig(players, {"setup": setup}), seed)
    set_up(state)  # what the game's new_game does (this module is below the game's)
    if state.phase == REST:  # the tiles' cards rest in the tile's order
        for seat in range(players):
            while flow.to_rest(state, seat):
                flow.rest_card(state, seat, flow.to_rest(state, seat)[0])
    state.phase = PHASES.index(phase)
    state.actor = actor
    state.round = round
    for seat, pounds in (cash or {}).items():
        state.cash[seat] = pounds
    for seat, faces in (hands or {}).items():
        _clear_hand(state, seat)
        taken = [_take(state, face, seat) for face in faces]  # the hand is empty meanwhile
        for card in taken:
            state.hands[seat] |= 1 << card
    for seat, planned in (slots or {}).items():
        for k, name in enumerate(planned):
            if name is not None:
                state.slots[seat * SLOTS + k] = _take(state, name, seat)
    for seat, moves in (tracks or {}).items():
        for name, space in moves.items():
            state.track[seat * 4 + company(name)] = space
    for seat, space in (diamond or {}).items():
        state.diamond[seat] = space
    for seat, space in (ink or {}).items():
        state.ink[seat] = space
    for seat, shelf in (books or {}).items():
        for space, book in shelf.items():
            _place_book(state, seat, space, book)
    _map(state, regions or {}, bases or {})
    for space, face in (display or {}).items():
        card = _take(state, face, NO)  # may empty this or another display space
        old = state.display[space - 1]
        if old != NO:
            state.stack.append(old)
        state.display[space - 1] = card
    for seat in range(players):
        area.refresh_totals(state, seat)
    validate(state)
    return state


def _clear_hand(state: MombasaState, seat: int) -> None:
    """The seat's hand goes back to the box (the discard pile, out of play)."""
    for card in range(len(CARDS)):
        if state.hands[seat] >> card & 1:
            state.discard.append(card)
    state.hands[seat] = 0


def _take(state: MombasaState, face: str, seat: int) -> int:
    """A card of this face, removed from where it was: the seat's own hand first, then
    the stack, the discard pile, the display, the resting decks, the other hands."""
    wanted = BOARD.face_cards(face)
    if not wanted:
        raise ValueError(f"no card is '{face}'")
    if seat != NO:
        for card in wanted:
            if state.hands[seat] >> card & 1:
                state.hands[seat] &= ~(1 << card)
                return card
    for pile in (state.stack, state.discard):
        for card in pile:
            if card in wanted:
                pile.remove(card)
                return card
    for space, card in enumerate(state.display):
        if card in wanted:
            state.display[space] = NO
            return card
    for index, deck in enumerate(state.decks):
        for card in deck:
            if card in wanted:
                state.decks[index] = tuple(c for c in deck if c != card)
                return card
    for other in range(state.players):
        for card in wanted:
            if state.hands[other] >> card & 1:
                state.hands[other] &= ~(1 << card)
                return card
    raise ValueError(f"every '{face}' card is already placed")


def _place_book(state: MombasaState, seat: int, space: int, book: int) -> None:
    if space == flow.TILE_BOOK:
        raise ValueError("the starting tile's book lies on the tile: no book goes there")
    for pile in state.book_supply:
        if book in pile:
            pile.remove(book)
    if book in state.book_display:
        state.book_display[state.book_display.index(book)] = NO
    old = state.shelf[seat * SHELF + space]
    if old != NO:
        state.covered.append(old)
    state.shelf[seat * SHELF + space] = book


def _map(
    state: MombasaState, regions: Mapping[str, str], bases: Mapping[str, Sequence[int]]
) -> None:
    for name, owner in regions.items():
        state.owner[region(name)] = company(owner)
    for name, columns in bases.items():
        c = company(name)
        for k, posts in enumerate(columns):
            state.base[c * 3 + k] = posts
            if posts < 5:
                state.lost |= (1 << (c * 3 + k)) if posts == 0 else 0
        placed = sum(1 for owner in state.owner if owner == c)
        state.out[c] = POSTS_PER_COMPANY - sum(columns) - placed
    for c in range(4):
        placed = sum(1 for owner in state.owner if owner == c)
        state.out[c] = POSTS_PER_COMPANY - sum(state.base[c * 3 : c * 3 + 3]) - placed


class Position:
    """A Mombasa position in the game's words, built by chained calls:
    ``Position(2).plan(0, "coffee 1", "coffee 3").display(6, "bananas 2").build()``.
    Seats are 0..players-1 (Blue, Green, Yellow, Purple); companies "mombasa", "cape
    town", "saint-louis", "cairo"; regions by name; cards by face ("cotton 3 +mombasa");
    display spaces 1-12 (right column top-down, then middle, then left). Unless
    described otherwise: the first game's setup, tiles rested in their order, round 1,
    the action phase with seat 0 to act."""

    def __init__(self, players: int = 2, seed: int = 1, setup: str = "first") -> None:
        self.players = players
        self._args: dict[str, Any] = {"setup": setup, "seed": seed}
        self._maps: dict[str, dict[Any, Any]] = {}
        self._after: list[Any] = []

    def _put(self, key: str, at: Any, value: Any) -> Position:
        self._maps.setdefault(key, {})[at] = value
        return self

    def phase(self, name: str, actor: int = 0, round: int = 1) -> Position:
        """ "planning" or "action" (with the seat to act) in a given round."""
        self._args.update(phase=name, actor=actor, round=round)
        return self

    def hand(self, seat: int, *faces: str) -> Position:
        """The seat holds exactly these cards."""
        return self._put("hands", seat, list(faces))

    def plan(self, seat: int, *faces: str | None) -> Position:
        """Cards in the seat's action slots 1, 2, ... (None: an empty slot)."""
        return self._put("slots", seat, list(faces))

    def cash(self, seat: int, pounds: int) -> Position:
        return self._put("cash", seat, pounds)

    def track(self, seat: int, company_name: str, space: int) -> Position:
        self._maps.setdefault("tracks", {}).setdefault(seat, {})[company_name] = space
        return self

    def diamond(self, seat: int, space: int) -> Position:
        return self._put("diamond", seat, space)

    def ink(self, seat: int, space: int) -> Position:
        return self._put("ink", seat, space)

    def book(self, seat: int, space: int, book: int) -> Position:
        """Book ``book`` (an id of data/books.json) on the seat's bookkeeping space."""
        self._maps.setdefault("books", {}).setdefault(seat, {})[space] = book
        return self

    def post(self, region_name: str, company_name: str) -> Position:
        """A trading post of the company stands in the region."""
        return self._put("regions", region_name, company_name)

    def base(self, company_name: str, *columns: int) -> Position:
        """Posts left in the company's three base columns."""
        return self._put("bases", company_name, list(columns))

    def display(self, space: int, face: str) -> Position:
        return self._put("display", space, face)

    def bonus_tile(self, tile: str, seat: int) -> Position:
        """The seat holds this bonus tile ("plus-one", "bookkeeper", "merchant",
        "expansion") in its action area this round."""
        self._after.append(("tile", TILES.index(tile), seat))
        return self

    def unlocked(self, seat: int, company_name: str, level: int) -> Position:
        """The seat reached the track's first (and second) special space earlier."""
        self._after.append(("unlock", seat, company(company_name), level))
        return self

    def build(self) -> MombasaState:
        options: dict[str, Any] = {**self._args, **self._maps}
        state = build(self.players, **options)
        for item in self._after:
            if item[0] == "tile":
                state.tiles_held[item[1]] = item[2]
            else:
                _, seat, c, level = item
                for k in range(level):
                    state.unlocked[seat * 8 + c * 2 + k] = 0
                state.turn = max(state.turn, 1)
        for seat in range(self.players):
            area.refresh_totals(state, seat)
        validate(state)
        return state


# ---- invariants ---------------------------------------------------------------------


def validate(state: MombasaState) -> None:
    problems = _cards(state) + _books(state) + _posts(state) + _markers(state) + _phase(state)
    if problems:
        raise InvalidState("mombasa", problems)


def _cards(state: MombasaState) -> list[str]:
    seen: dict[int, str] = {}
    problems: list[str] = []

    def put(card: int, where: str) -> None:
        if card in seen:
            problems.append(f"card {card} ({CARDS[card].face}) is both {seen[card]} and {where}")
        seen[card] = where

    for card in state.stack:
        put(card, "in the stack")
    for card in state.display:
        if card != NO:
            put(card, "in the display")
    for card in state.discard:
        put(card, "discarded")
    for seat in range(state.players):
        for card in range(len(CARDS)):
            if state.hands[seat] >> card & 1:
                put(card, f"in hand {seat}")
        for k in range(SLOTS):
            card = state.slots[seat * SLOTS + k]
            if card != NO:
                put(card, f"in slot {k + 1} of {seat}")
        for d in range(DECKS):
            for card in state.decks[seat * DECKS + d]:
                put(card, f"in resting deck {d + 1} of {seat}")
    for seat in range(state.players, 4):
        for card in range(
            FIRST_STARTING + STARTING_PER_COLOUR * seat,
            FIRST_STARTING + STARTING_PER_COLOUR * (seat + 1),
        ):
            put(card, "in the box")
        put(FIRST_ONE_EXPANSION + seat, "in the box")
    missing = set(range(len(CARDS))) - set(seen)
    if missing:
        problems.append(f"cards nowhere: {sorted(missing)}")
    return problems


def _books(state: MombasaState) -> list[str]:
    places = [b for b in state.book_display if b != NO]
    for pile in state.book_supply:
        places += pile
    places += state.covered + state.acquired
    places += [b for b in state.shelf if b != NO]
    tile_books = range(STARTING_BOOK, len(BOARD.books))
    places += [b for b in tile_books if b not in state.shelf]  # the other tiles' are boxed
    if sorted(places) != list(range(len(BOARD.books))):
        return ["books are lost or doubled"]
    return []


def _posts(state: MombasaState) -> list[str]:
    problems = []
    in_flight = [0] * 4
    for task in state.tasks:
        if task[0] == K.EXPAND:
            in_flight[task[1]] += bin(task[3]).count("1")
        elif task[0] == K.RETURN:
            in_flight[task[1]] += 1
    for c in range(4):
        total = sum(state.base[c * 3 : c * 3 + 3]) + state.out[c] + in_flight[c]
        total += sum(1 for owner in state.owner if owner == c)
        if total != POSTS_PER_COMPANY:
            problems.append(f"{COMPANIES[c]} has {total} trading posts, not 15")
        for k in range(3):
            column = c * 3 + k
            if not 0 <= state.base[column] <= (4 if state.lost >> column & 1 else 5):
                problems.append(f"{COMPANIES[c]} column {k + 1} holds {state.base[column]} posts")
    return problems


def _markers(state: MombasaState) -> list[str]:
    problems = []
    for seat in range(state.players):
        placed = sum(1 for s in state.spaces if s == seat)
        if placed + state.markers[seat] != state.marker_total[seat]:
            problems.append(f"seat {seat}'s bonus markers do not add up")
    return problems


def _phase(state: MombasaState) -> list[str]:
    if state.phase == ACT and not state.tasks:
        for seat in range(state.players):
            if state.totals[seat * 4 : seat * 4 + 4] != area.totals(state, seat):
                return [f"seat {seat}'s kept majority totals are out of date"]
    if state.tasks and state.phase != ACT:
        return ["pending decisions outside the action phase"]
    if state.phase == PLAN and any(state.used):
        return ["cards flipped during planning"]
    if state.phase == REST:
        for seat in range(state.players):
            if flow.still_resting(state, seat) != bool(flow.to_rest(state, seat)):
                return [f"seat {seat}'s resting slots disagree with its tile's cards"]
    return []


def describe(state: MombasaState) -> dict[str, Any]:
    """A short summary of a position, for bug reports."""
    return {
        "round": state.round,
        "phase": PHASES[state.phase],
        "actor": state.actor,
        "cash": state.cash,
    }
