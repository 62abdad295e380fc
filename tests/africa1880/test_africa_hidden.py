"""2) Writing Orders happen in secret: no seat's view, and no event it can see,
depends on what another seat writes (or has sealed) before the reveal."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.engine import Rng
from meeple.games.africa1880 import GAME
from meeple.games.africa1880.actions import TABLES
from meeple.games.africa1880.state import WRITING, AfricaState


def writing_phase(players: int, seed: int, turn: int) -> AfricaState:
    """A random game brought to the start of the writing phase of ``turn``."""
    state = GAME.new_game(GAME.make_config(players), seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        if state.phase == WRITING and state.turn == turn and state.sealed == 0:
            return state
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    raise AssertionError("the game ended first")  # pragma: no cover


def scribble(state: AfricaState, seat: int, picks: list[int], seal: bool) -> None:
    """Edit ``seat``'s sheet with the picked choices (never sealing midway)."""
    for pick in picks:
        choices = [i for i in GAME.legal_actions(state, seat) if i != TABLES.seal]
        GAME.play(state, seat, choices[pick % len(choices)])
    if seal:
        GAME.play(state, seat, "seal orders")


def seen_by(state: AfricaState, seat: int | None) -> tuple[object, ...]:
    legal = GAME.legal_actions(state, seat) if seat is not None else []
    return GAME.view(state, seat), GAME.events(state, seat), GAME.to_act(state), legal


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(3, 6),
    seed=st.integers(0, 10_000),
    turn=st.integers(0, 3),
    first=st.lists(st.integers(0, 200), max_size=25),
    second=st.lists(st.integers(0, 200), max_size=25),
    observer_picks=st.lists(st.integers(0, 200), max_size=5),
    seal=st.booleans(),
)
def test_no_view_or_visible_event_depends_on_another_seats_unsealed_orders(
    players: int,
    seed: int,
    turn: int,
    first: list[int],
    second: list[int],
    observer_picks: list[int],
    seal: bool,
) -> None:
    start = writing_phase(players, seed, turn)
    writer, observer = 0, 1
    one, two = start.clone(), start.clone()
    scribble(one, observer, observer_picks, seal=False)
    scribble(two, observer, observer_picks, seal=False)
    scribble(one, writer, first, seal)
    scribble(two, writer, second, seal)
    for seat in [None, *range(1, players)]:
        assert seen_by(one, seat) == seen_by(two, seat)
    assert one.phase == WRITING  # the observer has not sealed: nothing is revealed


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 10_000), turn=st.integers(0, 3))
def test_determinize_keeps_everything_the_seat_sees(players: int, seed: int, turn: int) -> None:
    state = writing_phase(players, seed, turn)
    scribble(state, 1, [seed, seed // 7, seed // 49], seal=True)
    for seat in range(players):
        sampled = GAME.determinize(state, seat, Rng(seed + seat))
        assert seen_by(sampled, seat) == seen_by(state, seat)
        assert all(e.private_to in (None, seat) for e in sampled.log)
