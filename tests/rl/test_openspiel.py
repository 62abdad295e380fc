"""The OpenSpiel adapter: every encoded game registered as a pyspiel Python game,
run through OpenSpiel's random-simulation test and its IS-MCTS bot."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from meeple.engine import Game, IllegalAction
from meeple.rl.openspiel_game import register_games, short_name
from tests.rl.support import GAMES

REGISTERED = register_games()
ISMCTS_SIMULATIONS = 8  # per decision of the searching seat


def load(game: Game[Any], players: int, seed: int = 0) -> Any:
    return pyspiel.load_game(f"{short_name(game)}(players={players},seed={seed})")


@pytest.mark.parametrize("game", GAMES)
def test_it_is_registered_with_the_games_shape(game: Game[Any]) -> None:
    assert short_name(game) in REGISTERED
    spiel = load(game, game.max_players)
    kind = spiel.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert spiel.num_players() == game.max_players
    assert spiel.num_distinct_actions() == len(game.actions)
    config = game.make_config(game.max_players)
    size = game.encoding().size(config)  # type: ignore[union-attr]
    assert spiel.observation_tensor_shape() == [size]
    assert spiel.information_state_tensor_shape() == [size + len(game.actions)]


@pytest.mark.parametrize("game", GAMES)
def test_openspiels_random_simulation_test_passes(game: Game[Any]) -> None:
    pyspiel.random_sim_test(
        load(game, game.min_players, seed=3), num_sims=2, serialize=False, verbose=False
    )


@pytest.mark.parametrize("game", GAMES)
def test_tensors_and_strings_come_from_the_players_view(game: Game[Any]) -> None:
    spiel = load(game, game.min_players, seed=5)
    state = spiel.new_initial_state()
    rng = np.random.RandomState(5)
    size = game.encoding().size(game.make_config(game.min_players))  # type: ignore[union-attr]
    mine: list[list[int]] = [[] for _ in range(game.min_players)]
    for _ in range(25):
        if state.is_terminal():
            break
        player = state.current_player()
        position = state.meeple_state
        view = game.view(position, player)
        expected = game.encoding().encode(view, position.config)  # type: ignore[union-attr]
        assert np.allclose(state.observation_tensor(player), expected)
        information = np.array(state.information_state_tensor(player))
        assert np.allclose(information[:size], expected)
        taken = np.bincount(mine[player], minlength=len(game.actions))
        assert np.allclose(information[size:], taken / (taken + 1))
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert np.array_equal(world.information_state_tensor(player), information)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.legal_actions() == state.legal_actions()
        action = rng.choice(state.legal_actions())
        mine[player].append(action)
        state.apply_action(action)


def test_the_information_state_adds_the_players_own_past_decisions() -> None:
    """Africa 1880 (Order sheets): a country's past orders are not in its view once
    the next turn's sheets are written, but its information state still counts
    them; another seat's decisions never enter it."""
    spiel = pyspiel.load_game("meeple_africa1880(players=3,seed=2)")
    state = spiel.new_initial_state()
    size = spiel.observation_tensor_shape()[0]
    assert spiel.information_state_tensor_shape() == [size + spiel.num_distinct_actions()]
    rng = np.random.RandomState(2)
    played: dict[int, list[int]] = {0: [], 1: [], 2: []}
    while len(played[1]) < 40 and not state.is_terminal():
        player = state.current_player()
        action = rng.choice(state.legal_actions())
        played[player].append(action)
        state.apply_action(action)
    for player in range(3):
        own = np.array(state.information_state_tensor(player))[size:]
        assert set(np.flatnonzero(own)) == set(played[player])
        assert own.max() < 1.0 and own.min() >= 0.0


def test_the_seed_parameter_fixes_the_draws() -> None:
    game = next(p.values[0] for p in GAMES if not p.marks)
    first, second = (load(game, game.min_players, seed=9).new_initial_state() for _ in range(2))
    assert str(first) == str(second)
    assert first.information_state_string(0) == second.information_state_string(0)


@pytest.mark.parametrize("game", GAMES)
def test_openspiels_ismcts_bot_plays_a_whole_game(game: Game[Any]) -> None:
    spiel = load(game, game.min_players, seed=1)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        spiel,
        evaluator,
        2.0,
        max_simulations=ISMCTS_SIMULATIONS,
        random_state=np.random.RandomState(2),
    )
    rng = np.random.RandomState(3)
    state = spiel.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    returns = state.returns()
    winners = game.result(state.meeple_state).winners
    assert returns == [1.0 if s in winners else 0.0 for s in range(game.min_players)]


@pytest.mark.parametrize("game", GAMES)
def test_the_simultaneous_form_passes_the_random_simulation_test(game: Game[Any]) -> None:
    spiel = pyspiel.load_game(f"{short_name(game, simultaneous=True)}(players={game.min_players})")
    assert spiel.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    pyspiel.random_sim_test(spiel, num_sims=2, serialize=False, verbose=False)


def test_the_simultaneous_form_takes_a_goofspiel_round_in_one_joint_step() -> None:
    """Goofspiel README, Bidding and Reveal: every player bids at the same time;
    the last sealed bid reveals them all."""
    spiel = pyspiel.load_game("meeple_goofspiel_simultaneous(players=3,seed=4)")
    state = spiel.new_initial_state()
    assert state.is_simultaneous_node()
    assert all(state.legal_actions(p) == list(range(13)) for p in range(3))
    state.apply_actions([12, 0, 5])  # bid 13, bid 1, bid 6
    view = state.meeple_game.view(state.meeple_state, None)
    assert view["round"] == 2 and view["tricks"][0]["bids"] == [13, 1, 6]
    assert view["tricks"][0]["winner"] == 0
    assert state.is_simultaneous_node() and 12 not in state.legal_actions(0)


def truth(game: Game[Any], state: Any, player: int) -> Any:
    """``player``'s observation computed afresh from the meeple state: the view, encoded."""
    position = state.meeple_state
    return game.encoding().encode(game.view(position, player), position.config)  # type: ignore[union-attr]


@pytest.mark.parametrize("game", GAMES)
def test_no_kept_answer_or_shared_state_leaks_between_states(game: Game[Any]) -> None:
    """The adapter keeps answers per state object and version and lets new states
    share the initial meeple state until their first decision: playing one state,
    its clone or the meeple state handed out changes no other state's answers."""
    spiel = load(game, game.min_players, seed=6)
    fresh = str(load(game, game.min_players, seed=6).new_initial_state())
    state, untouched = spiel.new_initial_state(), spiel.new_initial_state()
    rng = np.random.RandomState(6)
    for _ in range(12):
        if state.is_terminal():
            break
        state.observation_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
    assert str(untouched) == str(spiel.new_initial_state()) == fresh
    assert untouched.meeple_state.version == 0 and untouched.history() == []
    if state.is_terminal():
        return
    player = state.current_player()
    legal, seen = state.legal_actions(), state.observation_tensor(player)
    known = state.information_state_tensor(player)
    twin = state.clone()
    for _ in range(3):
        if twin.is_terminal():
            break
        twin.observation_tensor(twin.current_player())
        twin.information_state_tensor(twin.current_player())
        twin.apply_action(rng.choice(twin.legal_actions()))
    assert state.current_player() == player and state.legal_actions() == legal
    assert state.observation_tensor(player) == seen
    assert np.allclose(seen, truth(game, state, player))
    assert state.information_state_tensor(player) == known
    if not twin.is_terminal():
        other = twin.current_player()
        assert np.allclose(twin.observation_tensor(other), truth(game, twin, other))


@pytest.mark.parametrize("game", GAMES)
def test_the_meeple_state_handed_out_is_the_states_own(game: Game[Any]) -> None:
    """A decision taken on ``meeple_state`` through meeple's own ``play`` is what the
    OpenSpiel state answers after it; a new state still starts from the setup."""
    spiel = load(game, game.min_players, seed=8)
    state = spiel.new_initial_state()
    before = state.legal_actions()
    position = state.meeple_state
    seat = game.to_act(position)[0]
    game.play(position, seat, before[0])
    if game.is_over(position):
        assert state.is_terminal()
    else:
        assert state.current_player() == game.to_act(position)[0]
        assert state.legal_actions() == sorted(game.legal_actions(position, state.current_player()))
    again = spiel.new_initial_state()
    assert again.meeple_state.version == 0 and again.legal_actions() == before


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    """Namibia, Getting Started: a player places only the cubes they hold, so with no
    diamond cube 'place diamond a2' is refused, by meeple's own error, whether or
    not the legal actions were asked for first."""
    spiel = pyspiel.load_game("meeple_namibia(players=3)")
    for ask_first in (True, False):
        state = spiel.new_initial_state()
        legal = state.legal_actions() if ask_first else spiel.new_initial_state().legal_actions()
        action = state.meeple_game.actions.parse("place diamond a2").index
        assert action not in legal
        with pytest.raises(IllegalAction, match="no diamond cube"):
            state.apply_action(action)
        assert state.meeple_state.version == 0 and state.legal_actions() == legal
