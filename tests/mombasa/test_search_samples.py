"""Search samples stay playable: a seat in ``to_act`` always has a legal action.

IS-MCTS plays ``determinize``d samples out with random or knowledge-guided
choices, reaching positions real games seldom reach. Two searches once met a
sample whose seat had to place an A-book with no space it may go on ("Use 1
bookkeeper card" / books: an A-book never on a crossed-out A nor on a B- or
C-book); the fuzz below found that position within a few games before the fix,
and the regression test rebuilds it.
"""

from __future__ import annotations

import pytest

from meeple.engine import Rng
from meeple.games.mombasa import GAME
from meeple.games.mombasa.board import BOARD
from meeple.games.mombasa.bots.heuristic import MombasaKnowledge
from meeple.games.mombasa.positions import build
from meeple.games.mombasa.state import MombasaState
from tests.mombasa.helpers import legal, pending, play

KNOWLEDGE = MombasaKnowledge()


def play_sample_out(sample: MombasaState, rng: Rng, guided: bool) -> int:
    """Play a sample to the end, checking every step; returns the decisions made."""
    steps = 0
    while not GAME.is_over(sample):
        for seat in GAME.to_act(sample):
            assert GAME.legal_actions(sample, seat), f"seat {seat} must act but cannot"
        seat = GAME.to_act(sample)[0]
        options = GAME.legal_actions(sample, seat)
        if guided:
            action = KNOWLEDGE.rollout(GAME, sample, seat, options, rng)
        else:
            action = rng.choice(options)
        GAME.apply(sample, seat, action)
        steps += 1
        if steps % 5 == 0:
            GAME.validate(sample)
    GAME.validate(sample)
    return steps


@pytest.mark.parametrize(
    ("players", "setup", "seed", "every"),
    [(2, "first", 4, 8), (3, "full", 1, 16), (3, "first", 5, 16), (4, "first", 7, 30)],
)
def test_every_seat_to_act_in_a_played_out_sample_has_a_legal_action(
    players: int, setup: str, seed: int, every: int
) -> None:
    """From every ``every``-th decision of a random game, each seat's sample is played
    to the end (even seats' with the search's rollout policy, odd seats' uniformly).
    Each of these four cases met the unplaceable A-book before the fix."""
    state = GAME.new_game(GAME.make_config(players, {"setup": setup}), seed)
    rng = Rng(seed)
    decisions = played = 0
    while not GAME.is_over(state):
        if decisions % every == 0:
            for seat in range(players):
                sample = GAME.determinize(state, seat, rng)
                GAME.validate(sample)
                assert GAME.view(sample, seat) == GAME.view(state, seat)
                played += play_sample_out(sample, rng, guided=seat % 2 == 0)
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        decisions += 1
    assert played > decisions  # the samples were played out, not skipped


def test_a_b_book_taken_first_cannot_block_the_a_book_of_the_same_reward() -> None:
    """Books, "Place the acquired books": an A-book never covers a B- or C-book nor
    goes on a crossed-out A space. With one space left where an A-book may go, a
    B-book and then an A-book taken with the same reward must both find a place:
    the A-book is placed first (our reading, docs/games/mombasa.md), so the seat is
    never left with a book it cannot place."""
    b_books = [i for i, b in enumerate(BOARD.books[:72]) if b.letter == "B"]
    free = [s for s in range(2, BOARD.book_length + 1) if s not in BOARD.no_a_spaces]
    last_room = free[-1]
    shelf = dict(zip(free[:-1], b_books, strict=False))  # every A space but one covered
    state = build(2, slots={0: ["bookkeeper 2"]}, books={0: shelf})
    play(state, 0, "use bookkeeper in slot 1", "stop ink jar")  # 2 BP to spend
    assert pending(state) == "bookkeeping points"
    display = state.book_display
    a_space = next(n for n in range(4) if BOARD.books[display[n]].letter == "A")
    b_space = next(n for n in range(4, 8) if BOARD.books[display[n]].letter == "B")
    play(state, 0, f"take book {b_space + 1}", f"take book {a_space + 1}")
    assert pending(state) == "place books"
    assert BOARD.books[state.acquired[0]].letter == "A"
    assert legal(state, 0) == [f"shelve book on space {last_room}"]
    play(state, 0, f"shelve book on space {last_room}")
    assert legal(state, 0)  # the B-book goes anywhere
    play(state, 0, legal(state, 0)[0])
    assert pending(state) is None and state.actor == 1
    GAME.validate(state)


def test_with_every_resting_deck_empty_the_phase_ends_taking_an_empty_deck() -> None:
    """Action 6, end one's action phase by picking up a resting deck: a seat whose
    three resting decks are empty (samples reach this) still has that action, taking
    any of the three and picking up nothing (an empty resting deck may be chosen:
    issue 26, docs/games/mombasa.md)."""
    state = build(2, slots={0: ["coffee 2"]})
    for deck in range(3):
        state.discard.extend(state.decks[deck])
        state.decks[deck] = ()
    hand = state.hands[0]
    GAME.validate(state)
    ends = [a for a in legal(state, 0) if a.startswith("end")]
    assert ends == ["end taking deck 1", "end taking deck 2", "end taking deck 3"]
    play(state, 0, "end taking deck 1")
    assert state.hands[0] == hand and state.actor == 1
    GAME.validate(state)


def test_an_empty_hand_can_still_finish_planning() -> None:
    """Planning phase: cards are placed from the hand; with none left, the seat can
    only declare itself ready."""
    state = build(2, phase="planning", hands={0: []})
    assert legal(state, 0) == ["ready"]
    play(state, 0, "ready")
    assert 0 not in GAME.to_act(state)
