"""Hidden information: hands, face-down plans, the draft, the order of the stack and
of the book piles. No seat's view depends on what is hidden from it, and
``determinize`` re-deals only that."""

from __future__ import annotations

import json

from meeple.engine import Rng
from meeple.games.mombasa import GAME
from meeple.games.mombasa.board import BOARD
from meeple.games.mombasa.positions import build
from tests.mombasa.helpers import play


def test_others_hands_are_hidden_but_their_size_is_not() -> None:
    state = build(3, phase="planning")
    view = GAME.view(state, 0)
    assert view["players"][0]["hand"] is not None
    assert view["players"][1]["hand"] is None and view["players"][1]["hand_size"] == 7
    assert GAME.view(state, None)["players"][0]["hand"] is None


def test_stack_and_book_piles_show_only_counts_per_letter() -> None:
    state = build(2)
    view = GAME.view(state, 0)
    assert view["stack"] == {"A": 0, "B": 13, "C": 11, "D": 4, "E": 4}
    assert view["book_supply"] == {"A": 20, "B": 20, "C": 20}
    text = json.dumps(view)
    top = BOARD.cards[state.stack[-1]].face
    assert view["stack"]["B"] and isinstance(top, str)
    assert "stack_order" not in text


def test_determinize_shuffles_the_stack_within_letters_and_the_book_piles() -> None:
    state = build(2)
    twins = [GAME.determinize(state, 0, Rng(seed)) for seed in range(6)]
    letters = [BOARD.cards[c].letter for c in state.stack]
    assert all([BOARD.cards[c].letter for c in t.stack] == letters for t in twins)
    assert any(t.stack != state.stack for t in twins)
    assert all(sorted(t.stack) == sorted(state.stack) for t in twins)
    assert any(t.book_supply != state.book_supply for t in twins)
    assert all(GAME.view(t, 0) == GAME.view(state, 0) for t in twins)


def test_determinize_redeals_the_others_draft_but_keeps_mine() -> None:
    state = GAME.new_game(GAME.make_config(3, {"setup": "full"}), 9)
    mine = state.dealt[0:2]
    play(state, 1, f"keep tile {state.dealt[2] + 1}")
    for seed in range(6):
        twin = GAME.determinize(state, 0, Rng(seed))
        assert twin.dealt[0:2] == mine
        assert not set(twin.dealt[2:]) & set(mine)
        assert twin.chosen[1] in twin.dealt[2:4]
        assert GAME.view(twin, 0) == GAME.view(state, 0)
        assert GAME.events(twin, 0) == GAME.events(state, 0)


def test_a_seats_planned_cards_are_never_in_anothers_events() -> None:
    state = build(2, phase="planning")
    start = len(state.log)
    play(state, 1, "plan coffee 2 in slot 1")
    words = " ".join(event.text for event in GAME.events(state, 0, start))
    assert "coffee" not in words and "slot 1" in words
