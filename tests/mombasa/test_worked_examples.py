"""Every worked example of the rulebook and its supplement, reproduced exactly."""

from __future__ import annotations

from meeple.games.mombasa.board import BOARD, STARTING_BOOK
from meeple.games.mombasa.positions import build, company, region
from meeple.games.mombasa.rules import tracks
from meeple.games.mombasa.scoring import breakdown, shares_held
from meeple.games.mombasa.state import SLOTS
from tests.mombasa.helpers import legal, pending, play

CAIRO, CAPE_TOWN, MOMBASA = company("cairo"), company("cape town"), company("mombasa")


def hand_faces(state, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(BOARD.cards[c].face for c in range(84) if state.hands[seat] >> c & 1)


def test_card_price_1_plus_3_coffee_buy_a_3_priced_banana_card_and_move_one_space() -> None:
    """Acquire 1 card from the card display (supplement's worked price): 1 + 3 coffee
    units buy a 2-unit banana card of price 3; the unit left moves one marker one space."""
    state = build(2, slots={0: ["coffee 1", "coffee 3"]}, display={6: "bananas 2"}, hands={0: []})
    assert BOARD.cards[state.display[5]].face == "bananas 2"
    play(state, 0, "use coffee", "add slot 1", "add slot 2", "total units")
    assert state.tasks[-1][1] == 4  # total unit value
    assert "buy card 6" in legal(state, 0)
    before = state.track[CAIRO]
    play(state, 0, "buy card 6")
    assert state.tasks[-1][1] == 1  # one unit left
    play(state, 0, "advance cairo")
    assert state.track[CAIRO] == before + 1
    assert "bananas 2" in hand_faces(state, 0)
    assert state.used[0] == (1 << state.slots[0]) | (1 << state.slots[1])  # both flipped
    assert state.actor == 1  # the turn ended


def test_expansion_1_plus_1_plus_2_plus_1_is_5_points() -> None:
    """To Enter A Region: single borders cost 1, a double border 2, +1 where another
    company's post stands (supplement: 1 + 1 + (2 + 1) = 5)."""
    state = build(
        2,
        slots={0: ["expansion 2", "expansion 3"]},
        regions={"sahel": "saint-louis"},
        bases={"saint-louis": [4, 5, 5]},
    )
    play(state, 0, "expand cairo")
    assert state.tasks[-1][2] == 5
    play(state, 0, "enter tibesti from column 1")
    assert state.tasks[-1][2] == 4
    play(state, 0, "enter darfur from column 1")
    assert state.tasks[-1][2] == 3
    cash = state.cash[0]
    play(state, 0, "enter sahel from column 1")  # 2 (double border from Darfur) + 1
    # rewards: Tibesti 2 pounds, Darfur 1 BP (to spend), Sahel none
    assert pending(state) == "bookkeeping points"
    play(state, 0, "take pound")
    assert state.cash[0] == cash + 2 + 1
    assert [state.owner[region(n)] for n in ("tibesti", "darfur", "sahel")] == [CAIRO] * 3
    assert state.base[2 * 3] == 5  # the ousted Saint-Louis post went home
    assert state.base[CAIRO * 3] == 2


def test_pooled_bp_three_regions_buy_two_a_books_and_a_pound() -> None:
    """Expansion rewards (supplement): 3 regions x 1 BP are pooled: two A-books at 1 BP
    and 1 pound; the books go onto the track at the end of the turn, then the display
    refills from the A pile."""
    state = build(2, slots={0: ["expansion 3"]})
    play(state, 0, "expand cape town")
    play(
        state,
        0,
        "enter barotse from column 1",
        "enter ovambo from column 2",
        "enter sofala from column 3",
    )
    assert state.tasks[-1] == (7, 3)  # one pooled reward of 3 BP
    pile = len(state.book_supply[0])
    first, second = state.book_display[0], state.book_display[1]
    cash = state.cash[0]
    play(state, 0, "take book 1", "take book 2", "take pound")
    assert state.cash[0] == cash + 1
    assert pending(state) == "place books"
    play(state, 0, "shelve book on space 2", "shelve book on space 3")
    shelf = BOARD.book_length + 1
    assert state.shelf[2:4] == [first, second] and shelf == 11
    assert len(state.book_supply[0]) == pile - 2
    assert BOARD.books[state.book_display[0]].letter == "A"
    assert state.actor == 1


def _book(letter: str, requires: tuple[tuple[str, int], ...], reward: tuple[str, int]) -> int:
    for i, book in enumerate(BOARD.books[:72]):
        if book.letter == letter and book.requires == requires and book.reward == reward:
            return i
    raise AssertionError("no such book")


def test_bookkeeper_walk_flip_for_2_pounds_stop_on_the_4th_book() -> None:
    """3. Use 1 bookkeeper card (supplement's worked walk): pay 2 pounds to flip a book
    requiring expansion value 2, walk on, stop on the 4th book, take its 2 BP first,
    then use the bookkeeper card's own BP as a separate step."""
    flipped = _book("A", (("expansion", 2),), ("diamond", 1))
    third = _book("A", (("coffee", 1),), ("pounds", 1))
    fourth = _book("B", (("bananas", 2),), ("bp", 2))
    state = build(
        2,
        slots={0: ["bookkeeper 1", "bananas 2", "coffee 1"]},
        books={0: {2: flipped, 3: third, 4: fourth}},
        cash={0: 3},
    )
    play(state, 0, "use bookkeeper in slot 1")
    assert "move ink jar" in legal(state, 0)  # the starting book has no requirement
    play(state, 0, "move ink jar")
    assert "move ink jar" not in legal(state, 0)  # no expansion card: book 2 is closed
    assert "flip book on space 2" not in legal(state, 0)  # flipping only before moving
    state = build(
        2,
        slots={0: ["bookkeeper 1", "bananas 2", "coffee 1"]},
        books={0: {2: flipped, 3: third, 4: fourth}},
        cash={0: 3},
    )
    play(state, 0, "use bookkeeper in slot 1", "flip book on space 2")
    assert state.cash[0] == 1
    play(state, 0, "move ink jar", "move ink jar", "move ink jar", "move ink jar")
    assert state.ink[0] == 4 and "move ink jar" not in legal(state, 0)
    play(state, 0, "stop ink jar")
    assert state.tasks[-1] == (7, 2)  # the book's 2 BP first
    play(state, 0, "take pound", "take pound")
    assert state.tasks[-1] == (7, 1)  # then the bookkeeper's 1 BP
    play(state, 0, "take pound")
    assert state.cash[0] == 4


def test_cairo_merchant_2_steps_1_pound_plus_half_the_mines() -> None:
    """4. Use 1 diamond merchant (supplement): 2 steps + 1 pound, plus floor(mines / 2):
    3 mines give 1 more step, 4 mines 2 more."""
    three = {"tibesti": "cairo", "darfur": "cairo"}  # 1 + 2 mines
    four = {**three, "nubia": "cairo"}  # + 1 mine
    for regions, mines, steps in ((three, 3, 2 + 1), (four, 4, 2 + 2)):
        state = build(2, slots={0: ["merchant cairo"]}, regions=regions, diamond={0: 0})
        assert tracks.mines_of(state, CAIRO) == mines
        cash = state.cash[0]
        play(state, 0, "use merchant in slot 1")
        assert state.diamond[0] == steps
        assert state.cash[0] == cash + 1


def test_plain_merchant_one_step_and_2_pounds() -> None:
    state = build(2, slots={0: ["merchant"]}, diamond={0: 0})
    cash = state.cash[0]
    play(state, 0, "use merchant in slot 1")
    assert (state.diamond[0], state.cash[0]) == (1, cash + 2)


def test_share_value_7_shares_times_6_coins_is_42() -> None:
    """Final scoring (supplement): 7 shares (5 from the track, 2 from cards) x 6 visible
    coin icons = 42 pounds."""
    state = build(
        2,
        tracks={0: {"mombasa": 14}},
        hands={0: ["share mombasa", "share mombasa"]},
        bases={"mombasa": [0, 3, 5]},
    )
    assert tracks.coins_revealed(state, MOMBASA) == 6
    row = breakdown(state, 0)
    assert shares_held(state, 0)["mombasa"] == 7
    assert row["mombasa"] == 42


def test_remove_card_space_pays_crate_value_plus_2() -> None:
    """Card removal space (supplement): a hand card leaves the game face up for its red
    crate value + 2 pounds: the 1-unit coffee card gives 1 + 2 = 3."""
    state = build(2, hands={0: ["coffee 1"]}, slots={0: ["bananas 1"]})
    cash = state.cash[0]
    play(state, 0, "place marker on card removal", "discard coffee 1")
    assert state.cash[0] == cash + 3
    assert BOARD.cards[state.discard[-1]].face == "coffee 1"


def test_two_player_banana_majority_5_bananas_3_cape_town_and_1_diamond() -> None:
    """Majority Bonus Spaces (supplement, 2 players): 5 bananas gave 3 Cape Town steps
    and 1 diamond step; a lower tier may be taken instead."""
    state = build(
        2, slots={0: ["bananas 2", "bananas 3"]}, tracks={0: {"cape town": 0}}, diamond={0: 0}
    )
    play(state, 0, "place marker on bananas majority")
    assert legal(state, 0) == ["take tier 1", "take tier 2"]
    play(state, 0, "take tier 2")
    assert state.track[CAPE_TOWN] == 3
    assert state.diamond[0] == 1
    assert state.used[0] == 0  # the cards are not used up


def test_coffee_majority_tiers_and_the_5_coffee_post_removal() -> None:
    """Majority Bonus Spaces: 1-2 coffee Cairo +2, 3-4 +3, 5+ +4 and remove a trading
    post (the foremost of its column, out of the game)."""
    for planned, tier, steps in (
        (["coffee 2"], 1, 2),
        (["coffee 3"], 2, 3),
        (["coffee 2", "coffee 3"], 3, 4),
    ):
        state = build(2, slots={0: planned}, tracks={0: {"cairo": 0}})
        play(state, 0, "place marker on coffee majority", f"take tier {tier}")
        if tier == 3:
            assert pending(state) == "remove trading posts"
            play(state, 0, "remove post from cape town column 2")
            assert state.base[CAPE_TOWN * 3 + 1] == 4 and state.out[CAPE_TOWN] == 1
        assert state.track[CAIRO] == steps


def test_plus_one_tile_makes_a_2_unit_coffee_card_3_units() -> None:
    """The "+1"-goods tile (supplement): on a 2-unit coffee card it counts 3 units."""
    state = build(2, slots={0: ["coffee 2"]})
    state.tiles_held[0] = 0
    play(state, 0, "attach plus-one to slot 1")
    assert state.actor == 0  # placing the tile is not an action
    play(state, 0, "use coffee", "add slot 1", "total units")
    assert state.tasks[-1][1] == 3
    assert state.tiles_used & 1


def test_two_unit_coffee_card_costs_3_pounds_at_the_purchase_space() -> None:
    """Card purchase space (supplement): pay 1 pound, then the card's full price in
    pounds: a 2-unit coffee card in the middle column cost 3."""
    state = build(2, slots={0: ["bananas 1"]}, display={6: "coffee 2"}, cash={0: 4})
    play(state, 0, "place marker on card purchase", "buy card 6")
    assert state.cash[0] == 0
    assert "coffee 2" in hand_faces(state, 0)
    assert state.slots[0 * SLOTS] != -1


def test_blue_may_not_use_a_resting_bookkeeper() -> None:
    """II. General Action Phase, example: a bookkeeper in a resting deck is inactive."""
    state = build(2, actor=1, slots={1: ["coffee 2"]})
    resting = [BOARD.cards[c].face for d in range(3, 6) for c in state.decks[d]]
    assert "bookkeeper 1" in resting  # Green's starting tile rests a bookkeeper
    assert not any(t.startswith("use bookkeeper") for t in legal(state, 1))


def test_blue_flips_the_used_merchant() -> None:
    """4. Use 1 diamond merchant, example: after use the card is flipped face down."""
    state = build(2, slots={0: ["merchant"]})
    play(state, 0, "use merchant in slot 1")
    assert state.used[0] >> state.slots[0] & 1


def test_six_cotton_may_take_the_4_plus_reward() -> None:
    """Majority Bonus Spaces: "even if you have 6 units of cotton ... you still may take
    the 4+ cotton reward instead of the 6+"."""
    state = build(2, slots={0: ["cotton 2", "cotton 4"]}, tracks={0: {"saint-louis": 0}})
    play(state, 0, "place marker on cotton majority")
    assert legal(state, 0) == ["take tier 1", "take tier 2", "take tier 3"]
    cash = state.cash[0]
    play(state, 0, "take tier 2")
    assert state.track[2] == 3 and state.cash[0] == cash + 1


def _meets(slots: list[str], requires: tuple[tuple[str, int], ...]) -> bool:
    from meeple.games.mombasa.rules import area

    state = build(2, slots={0: slots})
    book = next(i for i, b in enumerate(BOARD.books) if b.requires == requires)
    return area.meets(state, 0, book, -1)


def test_book_requirement_3_coffee_and_3_more_of_one_good() -> None:
    """Book requirements (supplement): the one book "at least 3 coffee and at least 3
    more units of one good" is met by 3 + 3 cotton, 3 + 3 bananas or 6 coffee (issue 26,
    Mombasa 4: one book, not three narrower ones)."""
    book = (("coffee_and_one_good", 3),)
    assert _meets(["coffee 3", "cotton 3"], book)
    assert _meets(["coffee 3", "bananas 3"], book)
    assert _meets(["coffee 3", "coffee 3"], book)
    assert _meets(["coffee 4", "bananas 3"], book)
    assert not _meets(["coffee 3", "cotton 2"], book)
    assert not _meets(["coffee 3", "coffee 2"], book)
    assert not _meets(["coffee 2", "bananas 4", "cotton 4"], book)
    assert not _meets(["coffee 3", "bananas 2", "cotton 2"], book)  # one good, not two
    narrower = {(("coffee", 3), ("cotton", 3)), (("coffee", 3), ("bananas", 3)), (("coffee", 6),)}
    assert not narrower & {b.requires for b in BOARD.books}


def test_book_requirement_a_merchant_or_another_bookkeeper() -> None:
    """Book requirements: a diamond merchant or a further bookkeeper face up; the
    bookkeeper being used does not count."""
    book = next(
        i for i, b in enumerate(BOARD.books) if b.requires == (("merchant_or_bookkeeper", 1),)
    )
    cases = (
        (["bookkeeper 2"], False),
        (["bookkeeper 2", "merchant"], True),
        (["bookkeeper 2", "bookkeeper 1"], True),
    )
    opener = BOARD.books[STARTING_BOOK + BOARD.first_game_tiles[0]].requires[0]
    assert opener == ("coffee", 1)  # the starting tile's book: the first one entered
    for planned, opens in cases:
        state = build(2, slots={0: [*planned, "coffee 1"]}, books={0: {2: book}})
        play(state, 0, "use bookkeeper in slot 1", "move ink jar")
        assert ("move ink jar" in legal(state, 0)) == opens


def test_cotton_money_is_face_up_cotton_units_minus_1() -> None:
    """Book rewards (supplement): "cotton money", pounds = face-up cotton units - 1."""
    book = next(i for i, b in enumerate(BOARD.books) if b.reward[0] == "cotton_money")
    state = build(
        2, slots={0: ["bookkeeper 1", "cotton 3", "coffee 4", "bananas 4"]}, books={0: {2: book}}
    )
    from meeple.games.mombasa.rules import area

    assert area.meets(state, 0, book, -1), BOARD.books[book].requires
    cash = state.cash[0]
    play(state, 0, "use bookkeeper in slot 1", "move ink jar", "move ink jar", "stop ink jar")
    assert state.cash[0] == cash + (3 - 1)
