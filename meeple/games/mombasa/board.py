"""Mombasa's components: cards, books, the map, the track faces and the player board.

Everything here is read once from ``data/*.json`` and validated at load; a file
that breaks a constraint of the rulebook raises ``BoardDataError`` naming it.
Most values are reconstructed (the rulebook printed them as icons): each file
says so in its one ``provenance`` field (``meeple.engine.provenance`` validates it), and
docs/games/mombasa.md lists the choices.

Numbering used by the whole game (ints, so states stay flat and cheap):
companies 0 Mombasa, 1 Cape Town, 2 Saint-Louis, 3 Cairo; goods 0 coffee,
1 bananas, 2 cotton; cards 0-43 the action cards (stack order A..E), 44-79 the
starting cards (9 per colour, colour ``s`` at ``44 + 9 * s``), 80-83 the
"1"-expansion cards (seat order); books 0-71 the book tiles, 72-81 the books
printed on the ten starting tiles (tile ``t``'s at ``72 + t``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from meeple.engine.provenance import Provenance, read_provenance

COMPANIES = ("mombasa", "cape town", "saint-louis", "cairo")
GOODS = ("coffee", "bananas", "cotton")
KINDS = ("coffee", "bananas", "cotton", "expansion", "bookkeeper", "merchant", "share")
COFFEE, BANANAS, COTTON, EXPANSION, BOOKKEEPER, MERCHANT, SHARE = range(7)
LETTERS = "ABCDE"
BOOK_LETTERS = "ABC"
NO = -1

ACTION_CARDS = 44
STARTING_PER_COLOUR = 9
FIRST_STARTING = 44
FIRST_ONE_EXPANSION = 80
CARD_COUNT = 84
BOOK_COUNT = 72
STARTING_BOOK = 72
LETTER_COUNTS = {"A": 9, "B": 16, "C": 11, "D": 4, "E": 4}
REGION_COUNT = 24
BASE_COLUMNS = 3
COLUMN_SPACES = 5
POSTS_PER_COMPANY = BASE_COLUMNS * COLUMN_SPACES
TRACK_FACES = ("A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2")
PERMANENT_BONUSES = ("expansion", "cotton", "bananas", "markers")
EXTRA_BONUSES = ("purchase", "removal", "books", "tracks")
REWARD_KINDS = ("pounds", "diamond", "track", "bp")
BOOK_REWARDS = ("pounds", "diamond", "bp", "remove", "cotton_money")
REQUIREMENTS = (
    "coffee",
    "bananas",
    "cotton",
    "expansion",
    "any",
    "coffee_and_one_good",
    "merchant_or_bookkeeper",
)


class BoardDataError(ValueError):
    """A data file breaks a constraint of the rulebook or of its schema."""


@dataclass(frozen=True)
class Card:
    kind: int  # index into KINDS
    value: int  # goods units, expansion points, bookkeeping points (1 for merchants, shares)
    crate: int  # the red crate value
    share: int  # company of an additional share, or NO
    company: int  # a company diamond merchant's company, or NO (the plain merchant)
    letter: str  # A-E for action cards, "" otherwise
    face: str  # the card in words; equal faces are interchangeable cards


@dataclass(frozen=True)
class Book:
    letter: str
    requires: tuple[tuple[str, int], ...]
    reward: tuple[str, int]


@dataclass(frozen=True)
class TrackFace:
    name: str
    length: int  # the last space; the start is space 0
    shares: tuple[int, ...]  # shares owned at each space 0..length
    specials: tuple[tuple[int, int], ...]  # (space, pounds), the first unlocks bonus 1
    calls: dict[int, int]  # space -> pounds to enter it (a capital call)
    bonus: str


@dataclass(frozen=True)
class Region:
    name: str
    reward: tuple[str, int] | None
    mines: int
    at: tuple[float, float]


@dataclass(frozen=True)
class Tile:
    cards: tuple[str, ...]  # the three starting-card faces sent to the resting slots
    bonus: tuple[tuple[int, int], ...]  # (company or DIAMOND_TRACK, steps)
    book: Book  # the tile's own book, first on the ink jar's way (never covered)


DIAMOND_TRACK = 4


@dataclass(frozen=True)
class Majority:
    company: int
    tiers: tuple[tuple[int, int, str, int], ...]  # (at least, steps, extra kind, extra n)


@dataclass(frozen=True)
class Components:
    cards: tuple[Card, ...]
    books: tuple[Book, ...]
    faces: dict[str, TrackFace]
    track_cards: tuple[tuple[str, str], ...]
    extra_space_costs: tuple[int, int]
    regions: tuple[Region, ...]
    # neighbours[r]: (other region, border points); base_borders[c]: (region, points)
    neighbours: tuple[tuple[tuple[int, int], ...], ...]
    base_borders: tuple[tuple[tuple[int, int], ...], ...]
    base_coins: tuple[int, ...]
    diamond_length: int
    diamond_values: tuple[int, ...]  # per space, the value scored when it is the last passed
    book_length: int
    book_values: tuple[int, ...]
    no_a_spaces: frozenset[int]
    diamond_slot_space: int
    book_slot_space: int
    slot_decks: tuple[int, ...]  # per action slot 0..4, its resting deck 0..2
    tiles: tuple[Tile, ...]
    first_game_tiles: tuple[int, ...]
    majorities: tuple[Majority, ...]  # coffee, bananas, cotton, expansion
    tile_costs: tuple[int, int, int, int]  # plus-one, bookkeeper, merchant, expansion
    round_coins: dict[int, tuple[int, ...]]
    display_crates: tuple[int, ...]  # display space 0-11: right column top down, middle, left
    faces_by_name: dict[str, int]  # card face -> the lowest card id with it

    def face_cards(self, face: str) -> list[int]:
        """The ids of the cards with this face, lowest first."""
        if not _FACES:
            for i, card in enumerate(self.cards):
                _FACES[card.face] = (*_FACES.get(card.face, ()), i)
        return list(_FACES.get(face, ()))


_FACES: dict[str, tuple[int, ...]] = {}  # card face -> card ids (one card list per process)


DATA_FILES = ("cards.json", "books.json", "map.json", "tracks.json", "boards.json", "shapes.json")


def _text(name: str) -> str:
    return resources.files("meeple.games.mombasa").joinpath("data").joinpath(name).read_text()


def _read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_text(name))
    read_provenance(data, name, BoardDataError)
    return data


@cache
def provenances() -> dict[str, Provenance]:
    """Every data file's provenance, by file name."""
    return {
        name: read_provenance(json.loads(_text(name)), name, BoardDataError) for name in DATA_FILES
    }


def _company(name: str, where: str) -> int:
    if name not in COMPANIES:
        raise BoardDataError(f"{where}: unknown company {name!r}; one of {COMPANIES}")
    return COMPANIES.index(name)


def face_name(kind: str, value: int, share: str | None, company: str | None) -> str:
    """A card in words: 'coffee 2', 'cotton 3 +cairo', 'merchant cairo', 'share mombasa'."""
    if kind == "merchant":
        return f"merchant {company}" if company else "merchant"
    if kind == "share":
        return f"share {share}"
    return f"{kind} {value}" + (f" +{share}" if share else "")


def _card(raw: dict[str, Any], where: str) -> Card:
    kind = raw["kind"]
    if kind not in KINDS:
        raise BoardDataError(f"{where}: kind {kind!r} is not one of {KINDS}")
    share = raw.get("share")
    company = raw.get("company")
    return Card(
        KINDS.index(kind),
        int(raw["value"]),
        int(raw["crate"]),
        _company(share, where) if share else NO,
        _company(company, where) if company else NO,
        raw.get("letter", ""),
        face_name(kind, int(raw["value"]), share, company),
    )


def _load_cards() -> tuple[Card, ...]:
    data = _read("cards.json")
    action = [_card(raw, f"action card {i}") for i, raw in enumerate(data["action_cards"])]
    starting = [_card(raw, f"starting card {i}") for i, raw in enumerate(data["starting_cards"])]
    ones = [_card(raw, f"1-expansion {i}") for i, raw in enumerate(data["one_expansion"])]
    _check_cards(action, starting, ones)
    return tuple(action + starting * 4 + ones)


def _check_cards(action: list[Card], starting: list[Card], ones: list[Card]) -> None:
    if len(action) != ACTION_CARDS:
        raise BoardDataError(f"cards: {len(action)} action cards, the rulebook has 44")
    letters = "".join(card.letter for card in action)
    if letters != "".join(letter * n for letter, n in LETTER_COUNTS.items()):
        raise BoardDataError(
            "cards: the action cards must be A 9, B 16, C 11, D 4, E 4 in that order"
        )
    if any(card.kind != SHARE for card in action[-8:]) or any(c.kind == SHARE for c in action[:-8]):
        raise BoardDataError("cards: exactly the last 8 action cards are single-share cards")
    merchants = [card for card in action if card.kind == MERCHANT]
    if sorted(card.company for card in merchants) != [NO, 0, 1, 2, 3]:
        raise BoardDataError("cards: 5 diamond merchants, one plain and one per company")
    if len(starting) != STARTING_PER_COLOUR or any(card.kind == MERCHANT for card in starting):
        raise BoardDataError("cards: 9 starting cards per colour, no diamond merchant among them")
    if len(ones) != 4 or any(card.face != "expansion 1" for card in ones):
        raise BoardDataError("cards: four '1'-expansion cards of 1 expansion point")
    crates: dict[str, int] = {}
    for card in action + starting + ones:
        if crates.setdefault(card.face, card.crate) != card.crate:
            raise BoardDataError(f"cards: two '{card.face}' cards with different crate values")
        _check_range(card)


def _check_range(card: Card) -> None:
    limits = {COFFEE: 4, BANANAS: 4, COTTON: 4, EXPANSION: 3, BOOKKEEPER: 3, MERCHANT: 2, SHARE: 1}
    if not 1 <= card.value <= limits[card.kind] or card.crate < 0:
        raise BoardDataError(f"cards: '{card.face}' has a value outside the rulebook's range")


def _load_books() -> tuple[Book, ...]:
    data = _read("books.json")
    books = [_book(raw, f"book {i}") for i, raw in enumerate(data["books"])]
    for letter in BOOK_LETTERS:
        if sum(1 for book in books if book.letter == letter) != 24:
            raise BoardDataError(f"books: there must be 24 {letter}-books")
    return tuple(books)


def _book(raw: dict[str, Any], where: str) -> Book:
    requires = tuple((str(kind), int(n)) for kind, n in raw["requires"])
    reward = (str(raw["reward"][0]), int(raw["reward"][1]))
    if any(kind not in REQUIREMENTS or n < 1 for kind, n in requires):
        raise BoardDataError(f"{where}: a requirement must be one of {REQUIREMENTS}, at least 1")
    if not 1 <= len(requires) <= 2:  # "Each book shows in its upper half 1 or 2 requirements"
        raise BoardDataError(f"{where}: a book shows 1 or 2 requirements")
    if reward[0] not in BOOK_REWARDS:
        raise BoardDataError(f"{where}: the reward must be one of {BOOK_REWARDS}")
    if raw["letter"] not in BOOK_LETTERS:
        raise BoardDataError(f"{where}: letter must be A, B or C")
    return Book(raw["letter"], requires, reward)


def _load_tracks() -> tuple[dict[str, TrackFace], tuple[tuple[str, str], ...], tuple[int, int]]:
    data = _read("tracks.json")
    faces = {raw["face"]: _face(raw) for raw in data["faces"]}
    if tuple(sorted(faces)) != TRACK_FACES:
        raise BoardDataError(f"tracks: the faces must be exactly {TRACK_FACES}")
    cards = tuple((str(a), str(b)) for a, b in data["track_cards"])
    if sorted(face for pair in cards for face in pair) != list(TRACK_FACES):
        raise BoardDataError("tracks: the 4 track cards must name every face once")
    costs = data["extra_space_costs"]
    return faces, cards, (int(costs["1"]), int(costs["2"]))


def _face(raw: dict[str, Any]) -> TrackFace:
    name = raw["face"]
    length = int(raw["length"])
    marks = {int(space): int(n) for space, n in raw["shares"].items()}
    shares = []
    owned = 0
    for space in range(length + 1):
        owned = marks.get(space, owned)
        shares.append(owned)
    specials = tuple((int(s), int(p)) for s, p in raw["specials"])
    calls = {int(s): int(p) for s, p in raw["calls"]}
    bonus = raw["bonus"]
    _check_face(name, length, shares, specials, calls, bonus)
    return TrackFace(name, length, tuple(shares), specials, calls, bonus)


def _check_face(
    name: str,
    length: int,
    shares: list[int],
    specials: tuple[tuple[int, int], ...],
    calls: dict[int, int],
    bonus: str,
) -> None:
    if shares != sorted(shares) or shares[0] != 0 or shares[-1] < 5:
        raise BoardDataError(f"track {name}: share icons must rise from 0 to at least 5")
    if len(specials) != 2 or any(p not in (1, 2) for _, p in specials):
        raise BoardDataError(f"track {name}: 2 special spaces paying 1 or 2 pounds")
    if not 1 <= len(calls) <= 2 or any(not 0 < s <= length for s in calls):
        raise BoardDataError(f"track {name}: 1 or 2 capital calls on the track")
    if any(not 0 < s <= length for s, _ in specials) or specials[0][0] >= specials[1][0]:
        raise BoardDataError(f"track {name}: special spaces in order on the track")
    wanted = PERMANENT_BONUSES if name[0] in "AB" else EXTRA_BONUSES
    if bonus not in wanted:
        raise BoardDataError(f"track {name}: its bonus must be one of {wanted}")
    if (name == "B2") != (bonus == "markers") or (name == "D2") != (bonus == "tracks"):
        raise BoardDataError("tracks: B2 carries the bonus markers, D2 the two-tracks spaces")


def _load_map() -> dict[str, Any]:
    data = _read("map.json")
    regions = tuple(
        Region(
            raw["name"],
            (str(raw["reward"][0]), int(raw["reward"][1])) if raw["reward"] else None,
            int(raw["mines"]),
            (float(raw["at"][0]), float(raw["at"][1])),
        )
        for raw in data["regions"]
    )
    links: list[list[tuple[int, int]]] = [[] for _ in regions]
    for a, b, points in data["borders"]:
        if points not in (1, 2) or a == b:
            raise BoardDataError(f"map: border {a}-{b} must join two regions at 1 or 2 points")
        links[a].append((b, points))
        links[b].append((a, points))
    bases = tuple(tuple((int(r), int(p)) for r, p in data["bases"][name]) for name in COMPANIES)
    _check_map(regions, links, bases)
    return {
        "regions": regions,
        "neighbours": tuple(tuple(sorted(link)) for link in links),
        "base_borders": bases,
        "base_coins": tuple(int(c) for c in data["base_coins"]),
    }


def _check_map(
    regions: tuple[Region, ...],
    links: list[list[tuple[int, int]]],
    bases: tuple[tuple[tuple[int, int], ...], ...],
) -> None:
    if len(regions) != REGION_COUNT:
        raise BoardDataError("map: the rulebook's map has 24 regions")
    enclaves = [r for r, link in enumerate(links) if len(link) == 1]
    if len(enclaves) != 2:
        raise BoardDataError("map: exactly 2 enclaves, each touching only its surrounding region")
    surrounding = {links[e][0][0] for e in enclaves}
    rewardless = {r for r, region in enumerate(regions) if region.reward is None}
    if rewardless != surrounding:
        raise BoardDataError("map: the 2 surrounding regions are the only ones without reward")
    for _r, region in enumerate(regions):
        if region.reward and (region.reward[0] not in REWARD_KINDS or region.reward[1] < 1):
            raise BoardDataError(
                f"map: region {region.name}'s reward must be one of {REWARD_KINDS}"
            )
    for c, touching in enumerate(bases):
        if _reached(links, [r for r, _ in touching]) != set(range(REGION_COUNT)):
            raise BoardDataError(f"map: every region must be reachable from {COMPANIES[c]}")
        if any(r in enclaves or p not in (1, 2) for r, p in touching):
            raise BoardDataError(f"map: {COMPANIES[c]} touches an enclave or has a bad border")


def _reached(links: list[list[tuple[int, int]]], start: list[int]) -> set[int]:
    seen = set(start)
    todo = list(start)
    while todo:
        for other, _ in links[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _values(raw: dict[str, Any], length: int, what: str) -> tuple[int, ...]:
    marks = {int(space): int(v) for space, v in raw.items()}
    if max(marks) != length or sorted(marks.values()) != [marks[k] for k in sorted(marks)]:
        raise BoardDataError(f"boards: {what} values must rise up to the final space")
    out = []
    value = 0
    for space in range(length + 1):
        value = marks.get(space, value)
        out.append(value)
    return tuple(out)


def _load_boards() -> dict[str, Any]:
    data = _read("boards.json")
    tiles = tuple(
        Tile(
            tuple(raw["cards"]),
            tuple(
                (DIAMOND_TRACK if t == "diamond" else _company(t, "tile"), int(n))
                for t, n in raw["bonus"]
            ),
            _book({"letter": "A", **raw["book"]}, f"starting tile {i + 1}'s book"),
        )
        for i, raw in enumerate(data["starting_tiles"])
    )
    majorities = tuple(
        Majority(
            _company(data["majorities"][key]["company"], key),
            tuple(
                (int(a), int(s), str(k), int(n)) for a, s, k, n in data["majorities"][key]["tiers"]
            ),
        )
        for key in ("coffee", "bananas", "cotton", "expansion")
    )
    costs = data["tile_costs"]
    return {
        "diamond_length": int(data["diamond_length"]),
        "diamond_values": _values(data["diamond_values"], int(data["diamond_length"]), "diamond"),
        "book_length": int(data["book_length"]),
        "book_values": _values(data["book_values"], int(data["book_length"]), "bookkeeping"),
        "no_a_spaces": frozenset(int(s) for s in data["no_a_spaces"]),
        "diamond_slot_space": int(data["diamond_slot_space"]),
        "book_slot_space": int(data["book_slot_space"]),
        "slot_decks": tuple(int(d) - 1 for d in data["slot_decks"]),
        "tiles": tiles,
        "first_game_tiles": tuple(int(t) for t in data["first_game_tiles"]),
        "majorities": majorities,
        "tile_costs": (
            int(costs["plus-one"]),
            int(costs["bookkeeper"]),
            int(costs["merchant"]),
            int(costs["expansion"]),
        ),
        "display_crates": tuple(int(c) for c in data["display_crates"]),
        "round_coins": {int(k): tuple(int(c) for c in v) for k, v in data["round_coins"].items()},
    }


def _check_boards(boards: dict[str, Any], cards: tuple[Card, ...]) -> None:
    tiles: tuple[Tile, ...] = boards["tiles"]
    starting = [card.face for card in cards[FIRST_STARTING : FIRST_STARTING + STARTING_PER_COLOUR]]
    if len(tiles) != 10:
        raise BoardDataError("boards: there are 10 starting tiles")
    for i, tile in enumerate(tiles):
        rest = list(starting)
        for face in tile.cards:
            if face not in rest:
                raise BoardDataError(f"tile {i}: '{face}' is not a starting card left to rest")
            rest.remove(face)
        if not 1 <= len(tile.bonus) <= 2 or len(tile.cards) != 3:
            raise BoardDataError(f"tile {i}: 3 cards and a bonus on 1 or 2 tracks")
    for players, coins in boards["round_coins"].items():
        if len(coins) != 6 or sum(coins) != 3 * players:
            raise BoardDataError(f"boards: {players} players put {3 * players} coins on spaces 2-7")
    crates = boards["display_crates"]
    if len(crates) != 12 or any(c < 0 for c in crates):
        raise BoardDataError("boards: 12 display spaces with crate values of at least 0")
    for majority in boards["majorities"]:
        if [t[0] for t in majority.tiers] != sorted({t[0] for t in majority.tiers}):
            raise BoardDataError("boards: majority tiers must rise")


@cache
def components() -> Components:
    cards = _load_cards()
    faces, track_cards, extra_costs = _load_tracks()
    boards = _load_boards()
    _check_boards(boards, cards)
    by_face: dict[str, int] = {}
    for i, card in enumerate(cards):
        by_face.setdefault(card.face, i)
    return Components(
        cards=cards,
        books=(*_load_books(), *(tile.book for tile in boards["tiles"])),
        faces=faces,
        track_cards=track_cards,
        extra_space_costs=extra_costs,
        faces_by_name=by_face,
        **_load_map(),
        **boards,
    )


BOARD = components()
