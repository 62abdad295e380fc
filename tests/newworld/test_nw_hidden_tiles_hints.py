"""Hints read only what a seat may know: the face-down tiles of the Exploration version.

16.2: the Area tiles are dealt face down at random; until a tile is flipped (16.4,
16.5) nobody knows which Climate lies where, only which Climates are still face down.
Two states that differ only in where two face-down tiles lie must give a seat the
same hints for the same seed, at the optional Exploration setup (16.5: which coastal
tile to flip) and at the decisions before it.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import GameState, Rng, get_game
from meeple.games.newworld.state import NewWorldState
from meeple.review import hints

GAME: Any = get_game("newworld")
EXPLORING = {"version": "exploration", "exploration_setup": True}


def swapped_tiles(state: NewWorldState) -> NewWorldState:
    """``state`` with two face-down tiles of different Climates exchanged."""
    twin = state.clone()
    hidden = [a for a, shown in enumerate(twin.explored) if not shown]
    first = hidden[0]
    second = next(a for a in hidden if twin.tile_climate[a] != twin.tile_climate[first])
    climates = twin.tile_climate
    climates[first], climates[second] = climates[second], climates[first]
    return twin


def decisions_to_exploration_setup() -> list[tuple[NewWorldState, int]]:
    """The first decisions of a seeded game, up to and with the first 16.5 choice."""
    state: NewWorldState = GAME.new_game(GAME.make_config(2, EXPLORING), 9)
    found: list[tuple[NewWorldState, int]] = []
    for _ in range(50):
        seat = GAME.to_act(state)[0]
        found.append((state.clone(), seat))
        if GAME.view(state, seat)["phase"] == "exploration setup":
            return found
        GAME.play(state, seat, GAME.legal(state, seat)[0].text)
    raise AssertionError("no Exploration setup (16.5) reached")


def snapshot(state: GameState) -> Any:
    return GAME.snapshot(state)


def test_16_2_hidden_tiles_reach_neither_determinize_nor_hints() -> None:
    decisions = decisions_to_exploration_setup()
    assert GAME.view(decisions[-1][0], decisions[-1][1])["phase"] == "exploration setup"
    for state, seat in decisions:
        other = swapped_tiles(state)
        assert GAME.view(state, seat) == GAME.view(other, seat), "the seat cannot tell them apart"
        assert snapshot(state) != snapshot(other)
        for draw in (3, 8):
            first = GAME.determinize(state, seat, Rng(draw))
            second = GAME.determinize(other, seat, Rng(draw))
            assert snapshot(first) == snapshot(second), "the sample depends on hidden tiles"
    state, seat = decisions[-1]
    other = swapped_tiles(state)
    assert hints(GAME, state, seat, 40, seed=4) == hints(GAME, other, seat, 40, seed=4)
