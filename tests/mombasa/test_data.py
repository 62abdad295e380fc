"""Components: every constraint the rulebook and its supplement state about the
reconstructed data ("Components", "Setup", supplement "Reconstructing what is unknown")."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from meeple.engine.provenance import read_provenance
from meeple.games.mombasa import GAME
from meeple.games.mombasa.board import (
    BANANAS,
    BOARD,
    COFFEE,
    COTTON,
    DATA_FILES,
    EXPANSION,
    FIRST_STARTING,
    MERCHANT,
    NO,
    SHARE,
    STARTING_PER_COLOUR,
    BoardDataError,
    provenances,
)
from meeple.games.mombasa.rules.tracks import FACES

ACTION = BOARD.cards[:44]
STARTING = BOARD.cards[FIRST_STARTING : FIRST_STARTING + STARTING_PER_COLOUR]


@pytest.mark.parametrize("name", DATA_FILES)
def test_every_data_file_says_where_its_facts_come_from(name: str) -> None:
    """One ``provenance`` field per file, and no older marker beside it; every file
    is reconstructed, so the game says so (``Game.reconstructed``)."""
    raw = json.loads(
        resources.files("meeple.games.mombasa").joinpath("data").joinpath(name).read_text()
    )
    assert not {"reconstructed", "printed", "schema"} & set(raw)
    assert provenances()[name] == read_provenance(raw, name, BoardDataError)
    assert provenances()[name].kind == "reconstructed" and GAME.reconstructed


@pytest.mark.parametrize(
    ("provenance", "complaint"),
    [
        (None, "must be an object"),
        ({"kind": "guessed", "source": "us"}, "not one of"),
        ({"kind": "printed", "source": " "}, "needs a 'source'"),
        ({"kind": "printed", "source": "the box", "notes": "one"}, "list of texts"),
        ({"kind": "printed", "source": "the box", "printed": []}, "unknown provenance"),
    ],
)
def test_a_malformed_provenance_is_refused(provenance: object, complaint: str) -> None:
    with pytest.raises(BoardDataError, match=complaint):
        read_provenance({"provenance": provenance}, "cards.json", BoardDataError)


def test_components_44_action_cards_by_letter() -> None:
    """Setup step 4: A 9, B 16, C 11, D 4, E 4."""
    letters = [card.letter for card in ACTION]
    assert {letter: letters.count(letter) for letter in "ABCDE"} == {
        "A": 9,
        "B": 16,
        "C": 11,
        "D": 4,
        "E": 4,
    }


def test_the_last_8_cards_are_single_share_cards() -> None:
    """Preparation phase: "The last 8 cards of the action card stack are single share cards"."""
    assert all(card.kind == SHARE and card.share != NO for card in ACTION[-8:])
    assert sorted(card.share for card in ACTION[-8:]) == [0, 0, 1, 1, 2, 2, 3, 3]
    assert not any(card.kind == SHARE for card in ACTION[:-8])


def test_five_diamond_merchants_one_per_company_and_none_in_starting_hands() -> None:
    """4. Use 1 diamond merchant: 5 in total, one like the Cairo merchant per company."""
    merchants = [card for card in BOARD.cards if card.kind == MERCHANT]
    assert sorted(card.company for card in merchants) == [NO, 0, 1, 2, 3]
    assert not any(card.kind == MERCHANT for card in STARTING)


def test_starting_hand_is_9_cards_plus_the_1_expansion_card() -> None:
    """Setup steps 10 and 12 (supplement): 9 starting cards + the "1"-expansion card = 10."""
    assert len(STARTING) == 9
    ones = BOARD.cards[80:84]
    assert all(card.kind == EXPANSION and card.value == 1 for card in ones)


def test_card_values_in_the_rulebooks_ranges() -> None:
    """Cards (supplement): goods 1-4 units, expansion 1-3 points."""
    for card in BOARD.cards:
        if card.kind in (COFFEE, BANANAS, COTTON):
            assert 1 <= card.value <= 4
        if card.kind == EXPANSION:
            assert 1 <= card.value <= 3
        assert card.crate >= 0


def test_the_1_unit_coffee_starting_card_has_crate_value_1() -> None:
    """Supplement, Cards: the 1-unit coffee starting card has red crate value 1."""
    coffee = [card for card in STARTING if card.kind == COFFEE and card.value == 1]
    assert coffee and coffee[0].crate == 1


def test_worked_price_a_2_unit_banana_card_costs_3_in_the_middle_column() -> None:
    """Supplement worked price: a 2-unit banana card whose price is 3; a 2-unit coffee
    card cost 3 in the display (crate value + the board's crate value beside it)."""
    for face in ("bananas 2", "coffee 2"):
        crate = BOARD.cards[BOARD.faces_by_name[face]].crate
        assert crate + BOARD.display_crates[5] == 3


def test_72_books_24_per_letter_with_the_printed_kinds() -> None:
    books = BOARD.books[:72]
    assert [b.letter for b in books].count("A") == 24
    assert [b.letter for b in books].count("B") == 24
    assert [b.letter for b in books].count("C") == 24
    kinds = {kind for book in books for kind, _ in book.requires}
    assert kinds == {
        "coffee",
        "bananas",
        "cotton",
        "expansion",
        "any",
        "coffee_and_one_good",
        "merchant_or_bookkeeper",
    }
    assert all(1 <= len(book.requires) <= 2 for book in BOARD.books)  # the tiles' books too
    assert {book.reward[0] for book in books} == {
        "pounds",
        "diamond",
        "bp",
        "remove",
        "cotton_money",
    }


def test_book_requirements_rise_from_a_to_c() -> None:
    """Supplement: costs rising A to C."""

    def mean(letter: str) -> float:
        chosen = [b for b in BOARD.books[:72] if b.letter == letter]
        return sum(n for b in chosen for _, n in b.requires) / len(chosen)

    assert mean("A") < mean("B") < mean("C")


def test_map_24_regions_2_enclaves_inside_rewardless_regions() -> None:
    """2. Use all expansion cards: 24 regions; 2 enclaves each entirely surrounded by a
    region; the 2 surrounding regions are the only ones without rewards."""
    assert len(BOARD.regions) == 24
    enclaves = [r for r, link in enumerate(BOARD.neighbours) if len(link) == 1]
    assert len(enclaves) == 2
    surrounding = {BOARD.neighbours[e][0][0] for e in enclaves}
    assert {r for r, region in enumerate(BOARD.regions) if region.reward is None} == surrounding
    rewards = {region.reward[0] for region in BOARD.regions if region.reward}
    assert rewards == {"pounds", "diamond", "track", "bp"}


def test_borders_are_single_or_double_and_symmetric() -> None:
    for r, link in enumerate(BOARD.neighbours):
        for other, points in link:
            assert points in (1, 2)
            assert (r, points) in BOARD.neighbours[other]


def test_every_company_reaches_every_region() -> None:
    for touching in BOARD.base_borders:
        seen = {r for r, _ in touching}
        todo = list(seen)
        while todo:
            for other, _ in BOARD.neighbours[todo.pop()]:
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        assert seen == set(range(24))


def test_base_columns_final_space_shows_2_coins() -> None:
    """ "In each column of a company base, the final space ... shows 2 coin icons"."""
    assert len(BOARD.base_coins) == 5 and BOARD.base_coins[4] == 2


def test_track_faces_share_icons_specials_and_calls() -> None:
    """Company tracks (supplement): 2 special spaces of 1 or 2 pounds, 1 or 2 capital calls;
    A/B faces permanent bonuses, C/D extra spaces; B2 bonus markers, D2 two tracks."""
    assert [face.name for face in FACES] == ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2"]
    for face in FACES:
        assert len(face.specials) == 2 and all(p in (1, 2) for _, p in face.specials)
        assert 1 <= len(face.calls) <= 2
        assert list(face.shares) == sorted(face.shares) and face.shares[0] == 0
    assert {f.name: f.bonus for f in FACES}["B2"] == "markers"
    assert {f.name: f.bonus for f in FACES}["D2"] == "tracks"
    assert {f.bonus for f in FACES[:4]} == {"expansion", "cotton", "bananas", "markers"}
    assert {f.bonus for f in FACES[4:]} == {"purchase", "removal", "books", "tracks"}


def test_track_cards_give_every_edge_one_of_the_four_tracks() -> None:
    assert sorted(face for pair in BOARD.track_cards for face in pair) == [f.name for f in FACES]
    assert all(a[0] == b[0] for a, b in BOARD.track_cards)


def test_ten_starting_tiles_each_resting_three_starting_cards() -> None:
    """Starting tiles (supplement): three starting cards, a bonus on 1 or 2 tracks; the
    printed examples (3 Mombasa; 1 diamond and 1 Saint-Louis) are among them."""
    assert len(BOARD.tiles) == 10
    faces = [card.face for card in STARTING]
    for tile in BOARD.tiles:
        assert len(tile.cards) == 3 and all(face in faces for face in tile.cards)
        assert 1 <= len(tile.bonus) <= 2
    bonuses = {tile.bonus for tile in BOARD.tiles}
    assert ((0, 3),) in bonuses
    assert ((4, 1), (2, 1)) in bonuses


def test_round_track_coins_per_player_count() -> None:
    """Setup step 7: 6, 9 or 12 coins on spaces 2-7."""
    assert BOARD.round_coins[2] == (1, 1, 1, 1, 1, 1)
    assert BOARD.round_coins[3] == (2, 1, 2, 1, 2, 1)
    assert BOARD.round_coins[4] == (2, 2, 2, 2, 2, 2)


def test_coffee_majority_tiers_as_printed() -> None:
    """Majority Bonus Spaces: 1-2 coffee Cairo +2, 3-4 Cairo +3, 5+ Cairo +4 and remove a post."""
    coffee = BOARD.majorities[0]
    assert coffee.company == 3
    assert coffee.tiers == ((1, 2, "", 0), (3, 3, "", 0), (5, 4, "remove", 1))
    cotton = [t[0] for t in BOARD.majorities[2].tiers]
    assert 4 in cotton and 6 in cotton
    assert BOARD.majorities[1].company == 1  # bananas move Cape Town


def test_slot_spaces_and_bookkeeping_rules_data() -> None:
    assert 0 < BOARD.diamond_slot_space < BOARD.diamond_length
    assert 0 < BOARD.book_slot_space < BOARD.book_length
    assert BOARD.no_a_spaces and max(BOARD.no_a_spaces) <= BOARD.book_length
    assert len(BOARD.slot_decks) == 5 and BOARD.slot_decks[:3] == (0, 1, 2)
