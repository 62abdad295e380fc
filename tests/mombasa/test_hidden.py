"""Hidden information: hands, face-down plans, the draft, the order of the stack and
of the book piles. No seat's view depends on what is hidden from it, and
``determinize`` re-deals only that."""

from __future__ import annotations

import json

from meeple.engine import Rng
from meeple.games.mombasa import GAME
from meeple.games.mombasa.board import BOARD
from meeple.games.mombasa.positions import build
from meeple.games.mombasa.rules import flow, order
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


def test_determinize_marks_the_stack_and_book_piles_to_be_drawn_at_random() -> None:
    """Setup steps 4 and 8: the stack's order within a letter and the book piles'
    order are hidden; a sample draws from them at random (``rules.order``)."""
    state = build(2)
    assert state.unordered == 0  # a real game knows its orders
    twins = [GAME.determinize(state, 0, Rng(seed)) for seed in range(8)]
    assert all(t.unordered == order.EVERY_ORDER for t in twins)
    assert all(GAME.view(t, 0) == GAME.view(state, 0) for t in twins)
    top_letter = BOARD.cards[state.stack[-1]].letter
    for twin in twins:
        drawn = [order.draw_card(twin) for _ in range(len(twin.stack))]
        assert sorted(drawn) == sorted(state.stack)  # every card, once
        letters = [BOARD.cards[c].letter for c in drawn]
        assert letters == [BOARD.cards[c].letter for c in reversed(state.stack)]
    firsts = {order.draw_card(GAME.determinize(state, 0, Rng(seed))) for seed in range(8)}
    assert len(firsts) > 1 and all(BOARD.cards[c].letter == top_letter for c in firsts)
    for letter in range(3):
        drawn_books = {order.draw_book(t, letter) for t in twins}
        assert drawn_books <= set(state.book_supply[letter]) and len(drawn_books) > 1
    real = state.clone()
    assert order.draw_card(real) == state.stack[-1]  # a real game draws the top
    assert order.draw_book(real, 1) == state.book_supply[1][-1]


def test_a_sample_draws_each_card_of_the_top_letter_about_equally_often() -> None:
    """The lazily drawn order is uniform: the top card is each card of the top
    letter equally often (20 letter-B cards, 2,000 samples, each 100 expected)."""
    state = build(2)
    top_letter = BOARD.cards[state.stack[-1]].letter
    group = [c for c in state.stack if BOARD.cards[c].letter == top_letter]
    rng = Rng(3)
    counts = dict.fromkeys(group, 0)
    draws = 100 * len(group)
    for _ in range(draws):
        counts[order.draw_card(GAME.determinize(state, 0, rng))] += 1
    expected = draws / len(group)
    assert all(abs(n - expected) < 0.45 * expected for n in counts.values()), counts


def test_the_preparation_phase_of_a_sample_refills_from_the_redrawn_stack() -> None:
    """III. Preparation phase: the display refills from the stack; in a sample the
    cards come at random from the top letter, and the stack keeps its letters."""
    state = build(2, phase="action")
    play(state, 0, "end taking deck 1")
    twin = GAME.determinize(state, 1, Rng(11))
    assert twin.unordered & order.STACK
    letters_before = [BOARD.cards[c].letter for c in twin.stack]
    play(twin, 1, "end taking deck 1")  # the round ends: the display shifts and refills
    assert twin.round == 2
    drawn = len(letters_before) - len(twin.stack)
    assert drawn > 0
    assert [BOARD.cards[c].letter for c in twin.stack] == letters_before[: len(twin.stack)]
    GAME.validate(twin)


def test_private_events_lie_only_where_determinize_filters_them() -> None:
    """Only the draft's keep is private (``flow.PRIVATE_EVENTS_PER_SEAT``)."""
    for seed in range(4):
        state = GAME.new_game(GAME.make_config(4, {"setup": "full"}), seed)
        rng = Rng(seed)
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        head = flow.PRIVATE_EVENTS_PER_SEAT * 4
        assert any(e.private_to is not None for e in state.log[:head])
        assert all(e.private_to is None for e in state.log[head:])


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
