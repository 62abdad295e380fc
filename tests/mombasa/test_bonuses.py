"""Track bonuses, extra bonus spaces, bonus tiles and book placement (supplement
"Company tracks", rulebook "The Bonus Tiles" and "Bookkeeping points")."""

from __future__ import annotations

from meeple.games.mombasa.board import BOARD, TRACK_FACES
from meeple.games.mombasa.positions import build
from meeple.games.mombasa.rules import area, tracks
from meeple.games.mombasa.state import MombasaState
from tests.mombasa.helpers import legal, pending, play

MOMBASA, CAPE_TOWN, SAINT_LOUIS, CAIRO = range(4)


def faces(state: MombasaState, *names: str) -> None:
    state.faces = tuple(TRACK_FACES.index(name) for name in names)


def unlock(state: MombasaState, seat: int, company_: int, level: int) -> None:
    """The seat unlocked the track's bonus 1 (and 2) on an earlier turn."""
    for k in range(level):
        state.unlocked[seat * 8 + company_ * 2 + k] = 0
    state.turn = max(state.turn, 1)


def test_b2_special_space_gives_a_bonus_marker_up_to_the_cap() -> None:
    state = build(2, slots={0: ["coffee 1"]})
    faces(state, "A1", "B2", "C1", "D1")
    special = tracks.FACES[TRACK_FACES.index("B2")].specials[0][0]
    state.track[CAPE_TOWN] = special - 1
    play(state, 0, "use coffee", "add slot 1", "total units", "advance cape town")
    assert state.marker_total[0] == 4 and state.markers[0] == 4


def test_a_bonus_works_from_the_next_turn_only() -> None:
    state = build(2, slots={0: ["coffee 1", "expansion 2"]})
    special = tracks.FACES[0].specials[0][0]  # A1: expansion +1
    state.track[MOMBASA] = special - 1
    play(state, 0, "use coffee", "add slot 1", "total units", "advance mombasa")
    assert area.expansion_total(state, 0) == 3  # unlocked, and this turn is over
    assert area.bonus_level(state, 0, "expansion") == 1


def test_a1_expansion_bonus_only_with_an_expansion_card() -> None:
    state = build(2, slots={0: ["expansion 2"]})
    unlock(state, 0, MOMBASA, 2)
    assert area.expansion_total(state, 0) == 4
    state = build(2, slots={0: ["coffee 1"]})
    unlock(state, 0, MOMBASA, 2)
    assert area.expansion_total(state, 0) == 0


def test_b1_bananas_buy_for_one_less() -> None:
    state = build(2, slots={0: ["bananas 2"]}, display={6: "coffee 3"})  # price 3 + 1 = 4
    unlock(state, 0, CAPE_TOWN, 1)
    play(state, 0, "use bananas", "add slot 1", "total units")
    assert "buy card 6" not in legal(state, 0)  # 2 units, price 4 - 1 = 3
    state = build(2, slots={0: ["bananas 2"]}, display={6: "coffee 2"})
    unlock(state, 0, CAPE_TOWN, 1)
    play(state, 0, "use bananas", "add slot 1", "total units", "buy card 6")
    assert state.tasks == [] and state.actor == 1  # 3 - 1 = 2 units: all spent


def test_b1_second_bonus_mixes_goods_types() -> None:
    state = build(2, slots={0: ["coffee 1", "bananas 1", "cotton 1"]})
    unlock(state, 0, CAPE_TOWN, 2)
    play(state, 0, "use coffee", "add slot 1", "add slot 2", "add slot 3", "total units")
    assert state.tasks[-1][1] == 3


def test_a2_cotton_second_bonus_adds_a_unit_per_cotton_card() -> None:
    state = build(2, slots={0: ["cotton 2", "cotton 1"]})
    faces(state, "A2", "B1", "C1", "D1")
    unlock(state, 0, MOMBASA, 2)
    assert area.good_total(state, 0, 2) == 5


def test_c1_purchase_space_optional_card_and_a_diamond_step() -> None:
    state = build(2, slots={0: ["coffee 1"]}, cash={0: 1}, diamond={0: 0})
    unlock(state, 0, SAINT_LOUIS, 1)  # C1 lies at Saint-Louis in the first game
    assert "place marker on saint-louis bonus 2" not in legal(state, 0)  # not unlocked
    play(state, 0, "place marker on saint-louis bonus 1")
    assert state.cash[0] == 0 and "skip purchase" in legal(state, 0)
    play(state, 0, "skip purchase")
    assert state.diamond[0] == 1


def test_one_of_a_tracks_two_extra_spaces_per_round() -> None:
    state = build(2, slots={0: ["coffee 1"]}, cash={0: 5}, diamond={0: 0})
    unlock(state, 0, SAINT_LOUIS, 2)
    state.marker_total[0] = state.markers[0] = 3
    play(state, 0, "place marker on saint-louis bonus 2", "skip purchase")
    play(state, 1, "end taking deck 2")
    assert "place marker on saint-louis bonus 1" not in legal(state, 0)


def test_d1_books_space_bp_and_diamond_choice() -> None:
    state = build(2, slots={0: ["coffee 1"]}, cash={0: 1}, diamond={0: 0})
    unlock(state, 0, CAIRO, 1)
    play(state, 0, "place marker on cairo bonus 1", "take 1 bp and 2 diamond steps", "take pound")
    assert state.diamond[0] == 2 and state.cash[0] == 1


def test_d2_two_different_other_tracks_two_spaces_each() -> None:
    state = build(
        2, slots={0: ["coffee 1"]}, cash={0: 1}, tracks={0: {"mombasa": 0, "cape town": 0}}
    )
    faces(state, "A1", "B1", "C1", "D2")
    unlock(state, 0, CAIRO, 1)
    play(state, 0, "place marker on cairo bonus 1")
    assert "boost cairo" not in legal(state, 0)
    play(state, 0, "boost mombasa")
    assert "boost mombasa" not in legal(state, 0)
    play(state, 0, "boost cape town")
    assert state.track[MOMBASA] == 2 and state.track[CAPE_TOWN] == 2


def test_c2_second_removal_space_a_coffee_card_for_crate_plus_8() -> None:
    state = build(2, slots={0: ["bananas 1"]}, hands={0: ["coffee 2", "cotton 1"]}, cash={0: 0})
    faces(state, "A1", "B1", "C2", "D1")
    unlock(state, 0, SAINT_LOUIS, 2)
    play(state, 0, "place marker on saint-louis bonus 2")
    assert legal(state, 0) == ["discard coffee 2"]
    play(state, 0, "discard coffee 2")
    assert state.cash[0] == 2 + 8


def test_bonus_tile_reserved_now_received_next_round() -> None:
    """Bonus Tile Spaces: pay the cost, reserve the tile; it comes in the preparation
    phase and goes back when its holder ends the action phase."""
    state = build(2, slots={0: ["coffee 1"]}, cash={0: 1})
    play(state, 0, "place marker on bookkeeper tile")
    assert state.cash[0] == 0 and state.tiles_held[1] == -1 and state.tiles_reserved[1] == 0
    play(state, 1, "end taking deck 2")
    play(state, 0, "end taking deck 2")
    assert state.round == 2 and state.tiles_held[1] == 0


def test_bookkeeper_tile_gives_1_bp() -> None:
    state = build(2, slots={0: ["coffee 1"]})
    state.tiles_held[1] = 0
    play(state, 0, "use bookkeeper tile", "stop ink jar")
    assert state.tasks[-1] == (7, 1)


def test_merchant_tile_two_steps_plus_one_per_other_merchant() -> None:
    state = build(2, slots={0: ["merchant", "merchant cairo"]}, diamond={0: 0})
    state.tiles_held[2] = 0
    play(state, 0, "use merchant tile")
    assert state.diamond[0] == 4


def test_expansion_tile_counts_2_points() -> None:
    state = build(2, slots={0: ["coffee 1"]})
    state.tiles_held[3] = 0
    assert "expand cairo" in legal(state, 0)
    play(state, 0, "expand cairo")
    assert state.tasks[-1][2] == 2 and state.tiles_used & 8


def _bp_state(book_space: int) -> MombasaState:
    state = build(2, slots={0: ["expansion 1"]})
    play(state, 0, "expand cape town", "enter ovambo from column 1")
    play(state, 0, f"take book {book_space}")
    return state


def test_a_book_never_on_a_crossed_out_a_space() -> None:
    state = _bp_state(1)
    assert pending(state) == "place books"
    spaces = [int(t.split()[-1]) for t in legal(state, 0)]
    assert not set(spaces) & BOARD.no_a_spaces


def test_a_book_never_covers_a_b_book() -> None:
    b_book = next(i for i, b in enumerate(BOARD.books) if b.letter == "B")
    state = build(2, slots={0: ["expansion 1"]}, books={0: {3: b_book}})
    play(state, 0, "expand cape town", "enter ovambo from column 1", "take book 1")
    assert "shelve book on space 3" not in legal(state, 0)
    assert "shelve book on space 2" in legal(state, 0)


def test_a_coin_under_a_book_goes_with_it() -> None:
    state = build(2, slots={0: ["expansion 1"]})
    state.book_coins[0] = 1
    cash = state.cash[0]
    play(state, 0, "expand cape town", "enter ovambo from column 1", "take book 1")
    assert state.cash[0] == cash + 1 and state.book_coins[0] == 0


def test_shares_on_resting_cards_count_at_the_end() -> None:
    """End of the Game: all resting decks are picked up; share icons on cards count."""
    from meeple.games.mombasa.scoring import shares_held

    state = build(2, tracks={0: {"cairo": 0}}, slots={0: ["coffee 3 +cairo"]})
    assert shares_held(state, 0)["cairo"] == 0  # in the action area
    play(state, 0, "end taking deck 2")
    assert shares_held(state, 0)["cairo"] == 1  # now in resting deck 1


def test_an_a_book_needs_a_space_it_may_go_on() -> None:
    """Bookkeeping points: an A-book never on a crossed-out A space nor on a B- or
    C-book; with no such space left, A-books cannot be taken (our reading)."""
    b_books = [i for i, b in enumerate(BOARD.books[:72]) if b.letter == "B"]
    free = [s for s in range(2, BOARD.book_length + 1) if s not in BOARD.no_a_spaces]
    shelf = dict(zip(free, b_books, strict=False))
    state = build(2, slots={0: ["expansion 1"]}, books={0: shelf})
    play(state, 0, "expand cape town", "enter ovambo from column 1")
    assert pending(state) == "bookkeeping points"
    a_spaces = [n + 1 for n in range(12) if BOARD.books[state.book_display[n]].letter == "A"]
    assert a_spaces and not any(f"take book {n}" in legal(state, 0) for n in a_spaces)
    assert "take book 5" in legal(state, 0)  # a B-book
