"""The Gymnasium adapter: one seat against meeple bots, checked by Gymnasium's own
environment checker, played to the end, refusing illegal actions."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from meeple.ai.base import bot_names
from meeple.engine import Game, Rng, get_game
from meeple.rl.gym_env import MeepleGymEnv
from tests.rl.support import GAMES

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("game", GAMES)
def test_gym_env_passes_gymnasiums_checker(game: Game[Any]) -> None:
    check_env(MeepleGymEnv(game, game.min_players, seat=1, opponents="random"))


def a_thinking_bot(game: Game[Any]) -> str:
    """The game's heuristic bot, else its easy one (New World has levels), else random."""
    offered = bot_names(game)
    return next((name for name in ("heuristic", "easy") if name in offered), "random")


@pytest.mark.parametrize("game", GAMES)
def test_a_masked_random_learner_plays_whole_games_against_bots(game: Game[Any]) -> None:
    env = MeepleGymEnv(game, game.min_players, opponents=a_thinking_bot(game))
    rng = Rng(8)
    for episode in range(2):
        observation, info = env.reset(seed=episode)
        done, reward = False, 0.0
        while not done:
            assert env.observation_space.contains(observation)
            mask = env.action_masks()
            legal = list(np.flatnonzero(mask))
            assert [game.actions[i].text for i in legal] == info["legal_actions"]
            assert 0 in game.to_act(env.table.state)  # the learner is asked
            observation, reward, terminated, truncated, info = env.step(rng.choice(legal))
            done = terminated or truncated
        assert terminated, "a game ends by its rules, not by truncation"
        assert reward == (1.0 if 0 in game.result(env.table.state).winners else 0.0)


def test_the_same_seed_gives_the_same_game_bots_included() -> None:
    game = get_game("goofspiel")
    runs = []
    for _ in range(2):
        env = MeepleGymEnv(game, 3, seat=2, opponents=["heuristic", "random"])
        env.reset(seed=42)
        while not env.table.is_over():
            env.step(int(np.flatnonzero(env.action_masks())[0]))
        runs.append(game.snapshot(env.table.state))
    assert runs[0] == runs[1]


def test_an_illegal_action_is_refused_and_explained() -> None:
    """Goofspiel README, Bidding: a card already spent cannot be bid again."""
    game = get_game("goofspiel")
    env = MeepleGymEnv(game, 2, opponents="random", illegal_reward=-2.0)
    env.reset(seed=1)
    env.step(game.actions.index("bid", 7))
    before = game.snapshot(env.table.state)
    _, reward, terminated, truncated, info = env.step(game.actions.index("bid", 7))
    assert game.snapshot(env.table.state) == before
    assert (reward, terminated, truncated) == (-2.0, False, False)
    assert "[Bidding]" in info["illegal_action"]


def test_bad_seats_and_opponent_lists_are_refused() -> None:
    with pytest.raises(ValueError, match=r"seats are 0\.\.1"):
        MeepleGymEnv("goofspiel", 2, seat=2)
    with pytest.raises(ValueError, match="2 opponents given; this game has 1 other seats"):
        MeepleGymEnv("goofspiel", 2, opponents=["random", "random"])
    with pytest.raises(ValueError, match="no bot 'genius'"):
        MeepleGymEnv("goofspiel", 2, opponents="genius")


def test_a_game_past_its_decision_bound_is_truncated() -> None:
    env = MeepleGymEnv("goofspiel", 2, opponents="random")
    env.reset(seed=2)
    env.table.max_decisions = 4
    _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert not terminated and not truncated  # two decisions so far
    _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert truncated and not terminated


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_vector_environments_run_copies_here_and_in_worker_processes(kind: str) -> None:
    """Gymnasium's vector environments (issue 14: a vectorised run on both cores):
    two copies, in this process or one worker process each; the masks come through
    ``call("action_masks")`` and the legal actions' texts through the infos (from a
    worker they arrive pickled, as plain lists)."""
    game = get_game("namibia")
    makers = [lambda seat=seat: MeepleGymEnv("namibia", 3, seat=seat) for seat in range(2)]
    envs = (
        gym.vector.AsyncVectorEnv(makers) if kind == "async" else gym.vector.SyncVectorEnv(makers)
    )
    try:
        observations, infos = envs.reset(seed=3)
        assert observations.shape == (2, game.encoding().size(game.make_config(3)))  # type: ignore[union-attr]
        rng, finished = np.random.default_rng(4), 0
        for _ in range(400):
            masks = envs.call("action_masks")
            for i, mask in enumerate(masks):
                texts = [game.actions[int(a)].text for a in np.flatnonzero(mask)]
                assert list(infos["legal_actions"][i]) == texts
            actions = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]
            observations, _, terminated, truncated, infos = envs.step(np.array(actions))
            finished += int(terminated.sum() + truncated.sum())
        assert finished >= 1, "400 learner steps should finish a Namibia game"
    finally:
        envs.close()
