"""Issue 26 (Mombasa): the rulebook read to the letter, and every choice it gives a
player asked of that player. Each test names its rulebook passage (mombasa.txt or
the supplement) and failed on the code before the issue."""

from __future__ import annotations

import pytest

from meeple.games.mombasa.board import BOARD, NO, STARTING_BOOK, TRACK_FACES, BoardDataError, _book
from meeple.games.mombasa.positions import build
from meeple.games.mombasa.rules import tasks
from meeple.games.mombasa.state import MombasaState
from tests.mombasa.helpers import legal, pending, play

MOMBASA, CAPE_TOWN, SAINT_LOUIS, CAIRO = range(4)


def faces(state: MombasaState, *names: str) -> None:
    state.faces = tuple(TRACK_FACES.index(name) for name in names)


def unlock(state: MombasaState, seat: int, company: int, level: int) -> None:
    """The seat unlocked the track's bonus 1 (and 2) on an earlier turn."""
    for k in range(level):
        state.unlocked[seat * 8 + company * 2 + k] = 0
    state.turn = max(state.turn, 1)


def only_display(state: MombasaState, space: int, face: str) -> None:
    """Empty the card display but for one card of ``face`` on ``space`` (1-12)."""
    card = next(c for c in BOARD.face_cards(face) if c in state.stack or c in state.display)
    if card in state.stack:
        state.stack.remove(card)
    state.discard += [c for c in state.display if c not in (NO, card)]
    state.display = [NO] * 12
    state.display[space - 1] = card


# ---- 2. the second banana bonus mixes goods types only to pay for a card -------------------


def test_b1_second_bonus_mixes_types_only_to_pay_for_a_card() -> None:
    """Company tracks (supplement), bananas bonus 2: "buying with any goods costs 1 less
    and goods types may be mixed": mixing is for the card's payment; leftover units go
    to the tracks, but a mixed total cannot only advance."""
    state = build(2, slots={0: ["coffee 1", "bananas 1", "cotton 1"]})
    only_display(state, 6, "coffee 2")  # crate 1 + space 1 = 2, 1 with the bonus
    unlock(state, 0, CAPE_TOWN, 2)
    play(state, 0, "use coffee", "add slot 1", "add slot 2", "add slot 3", "total units")
    assert state.tasks[-1][1] == 3
    assert legal(state, 0) == ["buy card 6"]  # no "advance ..." before a card is bought
    play(state, 0, "buy card 6")
    assert [a for a in legal(state, 0) if a.startswith("advance")]  # 2 units left to tracks


def test_b1_second_bonus_no_mixing_when_no_card_can_be_bought() -> None:
    """Bananas bonus 2: with no display card the mixed units could pay for, a card of
    another type does not join; one type still advances on the tracks."""
    state = build(2, slots={0: ["coffee 1", "bananas 1"]})
    only_display(state, 12, "coffee 4")
    unlock(state, 0, CAPE_TOWN, 2)
    play(state, 0, "use coffee", "add slot 1")
    assert legal(state, 0) == ["total units"]  # bananas 1 may not join: nothing to buy
    play(state, 0, "total units")
    assert "advance cairo" in legal(state, 0)


# ---- 3. discounts of different tracks add up -------------------------------------------------


def test_discounts_of_different_tracks_add_up() -> None:
    """Company tracks (supplement): cotton buys for 1 less (A2 bonus 1) and any goods
    for 1 less (B1 bonus 2): a cotton purchase costs 2 less; one track's first and
    second bonus never both (B1 bonus 1 and 2 give 1, not 2)."""
    state = build(2, slots={0: ["cotton 1"]})
    faces(state, "A2", "B1", "C1", "D1")
    only_display(state, 6, "coffee 3")  # crate + 1
    unlock(state, 0, MOMBASA, 1)
    unlock(state, 0, CAPE_TOWN, 2)
    play(state, 0, "use cotton", "add slot 1", "total units")
    assert state.tasks[-1][3] == 2
    state = build(2, slots={0: ["bananas 1"]})
    unlock(state, 0, CAPE_TOWN, 2)
    play(state, 0, "use bananas", "add slot 1", "total units")
    assert state.tasks[-1][3] == 1


# ---- 4. one book "3 coffee and 3 further units of one good" ------------------------------------


def test_book_requirements_are_validated_by_the_schema() -> None:
    """Bookkeeping: "Each book shows in its upper half 1 or 2 requirements"; the kinds
    are the schema's (coffee_and_one_good among them)."""
    assert _book(
        {"letter": "C", "requires": [["coffee_and_one_good", 3]], "reward": ["bp", 3]}, "x"
    )
    with pytest.raises(BoardDataError, match="1 or 2 requirements"):
        _book({"letter": "A", "requires": [], "reward": ["pounds", 1]}, "x")
    with pytest.raises(BoardDataError, match="requirement must be one of"):
        _book({"letter": "A", "requires": [["coffee_and_bananas", 3]], "reward": ["bp", 1]}, "x")


# ---- 5. the starting book on the starting tile -----------------------------------------------


def test_the_starting_book_lies_on_the_tile_and_is_never_covered() -> None:
    """Setup 14 and Bookkeeping: "Each player already starts with 1 book on his starting
    tile", and every book shows 1 or 2 requirements: the tile's book is entered like any
    book, and no book from the display is placed on it."""
    state = build(2, slots={0: ["bookkeeper 1", "bananas 2"]})
    tile = state.chosen[0]
    assert state.shelf[1] == STARTING_BOOK + tile  # position 1: the tile's book
    assert BOARD.books[STARTING_BOOK + tile].requires  # tile 1's book: coffee 1
    play(state, 0, "use bookkeeper in slot 1")
    assert "move ink jar" not in legal(state, 0)  # no coffee face up
    state = build(2, slots={0: ["expansion 1"]})
    play(state, 0, "expand cape town", "enter barotse from column 1")  # 1 BP
    play(state, 0, "take book 5")  # a B-book
    assert pending(state) == "place books"
    assert "shelve book on space 1" not in legal(state, 0)
    assert "shelve book on space 2" in legal(state, 0)
    assert tasks.SHELF_SPACES[0] == 2


# ---- 1. the regions' rewards in the order the player likes ------------------------------------


def test_region_rewards_in_any_order_a_bp_pound_pays_the_capital_call() -> None:
    """Expansion, step 1 after entering: "Take the rewards in any order you like": a
    bookkeeping point taken as a pound pays the capital call the track steps reach. The
    old order (pounds, diamond steps, track steps, BP) is the first choice."""
    state = build(2, slots={0: ["expansion 2"]}, tracks={0: {"cairo": 5}}, cash={0: 1})
    call = BOARD.faces["D1"].calls[6]
    assert call == 2
    play(state, 0, "expand cairo", "enter darfur from column 1", "enter kordofan from column 1")
    assert pending(state) == "rewards: which first"  # Darfur 1 BP, Kordofan 2 track steps
    assert legal(state, 0) == ["collect track steps", "collect bookkeeping points"]
    play(state, 0, "collect bookkeeping points", "take pound")
    assert state.cash[0] == 2
    assert pending(state) == "capital call"
    play(state, 0, "pay capital call")
    assert state.track[CAIRO] == 7 and state.cash[0] == 0


def test_region_rewards_old_order_first_loses_the_steps_at_the_call() -> None:
    """The first choice keeps the old order: the steps first, stopped by the unpaid call."""
    state = build(2, slots={0: ["expansion 2"]}, tracks={0: {"cairo": 5}}, cash={0: 1})
    play(state, 0, "expand cairo", "enter darfur from column 1", "enter kordofan from column 1")
    play(state, 0, legal(state, 0)[0])
    assert state.track[CAIRO] == 5  # cannot pay £2: the steps are lost
    assert pending(state) == "bookkeeping points"


def test_region_rewards_not_asked_when_no_call_is_in_reach() -> None:
    """Where no capital call lies in the steps' reach every order ends alike: no question."""
    state = build(2, slots={0: ["expansion 2"]}, tracks={0: {"cairo": 0}}, cash={0: 1})
    play(state, 0, "expand cairo", "enter darfur from column 1", "enter kordofan from column 1")
    assert pending(state) == "bookkeeping points"
    assert state.track[CAIRO] == 2


# ---- 5. a majority reward's steps and its extra; D2's second bonus -------------------------------


def test_majority_extra_pound_may_come_before_the_steps() -> None:
    """Majority Bonus Spaces: the reward is track steps and an extra (cotton 4+: a
    pound); the text orders neither, so the player does (old order: steps first)."""
    state = build(
        2, slots={0: ["cotton 2", "cotton 4"]}, tracks={0: {"saint-louis": 5}}, cash={0: 1}
    )
    assert BOARD.faces["C1"].calls[7] == 2
    play(state, 0, "place marker on cotton majority", "take tier 2")
    assert legal(state, 0) == ["collect track steps", "collect pounds"]
    play(state, 0, "collect pounds")
    assert state.cash[0] == 2
    play(state, 0, "pay capital call")
    assert state.track[SAINT_LOUIS] == 8 and state.cash[0] == 0


def test_d2_second_bonus_tracks_in_the_players_order() -> None:
    """Company tracks (supplement), D2's second bonus: 2 steps on each of the other 3
    tracks. No order is printed: the player moves them one by one; Cape Town's special
    space (2 pounds) first pays Mombasa's capital call. Old order: lowest company first."""
    state = build(2, slots={0: ["coffee 1"]}, tracks={0: {"mombasa": 6, "cape town": 3}})
    faces(state, "A1", "B1", "C1", "D2")
    unlock(state, 0, CAIRO, 2)
    state.cash[0] = BOARD.extra_space_costs[1]
    play(state, 0, "place marker on cairo bonus 2")
    assert pending(state) == "move on each other track"
    assert legal(state, 0) == ["boost mombasa", "boost cape town", "boost saint-louis"]
    play(state, 0, "boost cape town")
    assert state.track[CAPE_TOWN] == 5 and state.cash[0] == 2
    play(state, 0, "boost mombasa", "pay capital call")
    assert state.track[MOMBASA] == 8
    assert state.track[SAINT_LOUIS] == 2  # the last track follows by itself


# ---- 5. share cards and the removal space; an empty resting deck -----------------------------


def test_share_cards_stay_in_the_hand_till_the_final_scoring() -> None:
    """ "Once acquired, a single share card remains in the hand of its player till the
    final scoring phase": the card removal space takes every card but a share card."""
    state = build(2, slots={0: ["coffee 1"]}, hands={0: ["share cairo", "coffee 2"]})
    play(state, 0, "place marker on card removal")
    assert legal(state, 0) == ["discard coffee 2"]
    state = build(2, slots={0: ["coffee 1"]}, hands={0: ["share cairo"]})
    assert "place marker on card removal" not in legal(state, 0)


def test_an_empty_resting_deck_may_be_picked_up() -> None:
    """6. End your own action phase: "pick up exactly 1 of your resting decks"; a
    resting deck may hold no card ("If there are already cards in the respective
    resting deck"), so an empty one may be chosen, after the decks with cards."""
    state = build(2, slots={0: ["coffee 1"]})
    state.decks[0:3] = [state.decks[0], (), ()]
    ends = [a for a in legal(state, 0) if a.startswith("end")]
    assert ends == ["end taking deck 1", "end taking deck 2", "end taking deck 3"]
    hand = state.hands[0]
    play(state, 0, "end taking deck 3")
    assert state.hands[0] == hand and state.decks[0]  # nothing taken back


# ---- the new decisions in the browser's words and the guide's ---------------------------------


def test_the_new_decisions_have_words_controls_and_explanations() -> None:
    """The rewards' order and D2's tracks read in the game's words, the old order's
    action first (the browser pre-selects the first option), and the guide explains
    every decision of the stack."""
    from meeple.engine.controls import contract_problems
    from meeple.games.mombasa import GAME, guide

    presentation = GAME.presentation()
    state = build(2, slots={0: ["expansion 2"]}, tracks={0: {"cairo": 5}}, cash={0: 1})
    play(state, 0, "expand cairo", "enter darfur from column 1", "enter kordofan from column 1")
    view = GAME.view(state, 0)
    actions = legal(state, 0)
    words = presentation.action_labels(view, actions)
    assert words == {
        "collect track steps": "Take 2 steps on the Cairo track first",
        "collect bookkeeping points": "Take 1 bookkeeping point first",
    }
    entries = presentation.controls(view, actions)
    assert not contract_problems(entries, actions)
    assert entries[0]["options"][0]["action"] == "collect track steps"
    assert "order you like" in str((presentation.explain(view) or {})["decision"])
    state = build(2, slots={0: ["coffee 1"]}, tracks={0: {"mombasa": 6}})
    faces(state, "A1", "B1", "C1", "D2")
    unlock(state, 0, CAIRO, 2)
    play(state, 0, "place marker on cairo bonus 2")
    view = GAME.view(state, 0)
    words = presentation.action_labels(view, legal(state, 0))
    assert words["boost cape town"] == "2 steps on the Cape Town track first"
    assert "order you choose" in str((presentation.explain(view) or {})["decision"])
    assert set(tasks.TASK_NAMES) <= set(guide.DECISIONS)


def test_c1_diamond_steps_come_before_the_purchase() -> None:
    """Company tracks (supplement), C1's extra spaces: "a display card at full price in
    pounds and/or 1 diamond step". No order is printed; on the diamond track's final
    space the step pays 2 pounds, which the purchase may then use (every other case
    ends alike), so the step comes first."""
    state = build(2, slots={0: ["coffee 1"]}, cash={0: 1}, diamond={0: BOARD.diamond_length})
    unlock(state, 0, SAINT_LOUIS, 1)  # C1 lies at Saint-Louis in the first game
    play(state, 0, "place marker on saint-louis bonus 1")
    assert state.cash[0] == 2  # paid £1, then £2 for the step past the final space
    assert any(a.startswith("buy card") for a in legal(state, 0))
