"""The encodings' fast path: ``encode_state(state, seat)`` must give exactly the
numbers of ``encode(view(state, seat))`` for every state and seat, so it can
never show a seat what its view hides. Checked on every position of random
games at every player count, and on states a seat cannot tell from the real one
(``determinize``): there the fast path must not change either."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from meeple.engine import Game, Rng, all_games

GAMES_PER_COUNT = 3


def offering(game: Game[Any]) -> Any:
    encoding = game.encoding()
    config = game.make_config(game.min_players)
    offered = encoding is not None and (
        encoding.encode_state(game.new_game(config, 0), 0, config) is not None
    )
    reason = f"{game.name}'s encoding offers no encode_state (the adapters use its views)"
    marks = [] if offered else [pytest.mark.skip(reason=reason)]
    return pytest.param(game, id=game.name, marks=marks)


OFFERING = [offering(game) for game in all_games()]


def both_ways(game: Game[Any], state: Any, seat: int) -> tuple[Any, Any]:
    encoding = game.encoding()
    assert encoding is not None
    fast = encoding.encode_state(state, seat, state.config)
    assert fast is not None
    slow = encoding.encode(game.view(state, seat), state.config)
    return np.asarray(fast, dtype=np.float32), np.asarray(slow, dtype=np.float32)


@pytest.mark.parametrize("game", OFFERING)
def test_the_fast_path_equals_the_encoded_view_everywhere(game: Game[Any]) -> None:
    positions = 0
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(GAMES_PER_COUNT):
            state = game.new_game(game.make_config(players), seed)
            rng = Rng(100 + seed)
            while True:
                for seat in range(players):
                    fast, slow = both_ways(game, state, seat)
                    differ = np.flatnonzero(fast != slow)
                    assert not differ.size, (
                        f"{players} players, seed {seed}, decision {state.version}, seat {seat}:"
                        f" places {differ[:10].tolist()} differ"
                    )
                positions += 1
                if game.is_over(state):
                    break
                seat = game.to_act(state)[0]
                game.play(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert positions > 100 * (game.max_players - game.min_players + 1)


@pytest.mark.parametrize("game", OFFERING)
def test_the_fast_path_cannot_tell_determinized_states_apart(game: Game[Any]) -> None:
    rng = Rng(7)
    for players in (game.min_players, game.max_players):
        state = game.new_game(game.make_config(players), 7)
        while not game.is_over(state):
            for seat in range(players):
                twin = game.determinize(state, seat, rng)
                assert np.array_equal(
                    both_ways(game, twin, seat)[0], both_ways(game, state, seat)[0]
                )
            seat = game.to_act(state)[0]
            game.play(state, seat, rng.choice(game.legal_actions(state, seat)))
