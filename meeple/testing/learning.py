"""The learning adapters over one game: observations keep the encoding's contract and
leak nothing, PettingZoo's own API and seed tests pass, masks are the legal actions,
an illegal action is refused without change, and a finished game rewards its
winners. Needs meeple's ``rl`` extra (numpy, PettingZoo); the kit's tests skip
without it, and for a game whose ``encoding()`` is None."""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from meeple.engine import Game, Rng
from meeple.rl.core import Table
from meeple.rl.pettingzoo_env import MeepleAECEnv, MeepleParallelEnv

CYCLES = 150  # PettingZoo's test cycles per check


def check_pettingzoo_api(game: Game[Any]) -> None:
    """PettingZoo's ``api_test``, ``parallel_api_test`` and seed tests."""
    players = game.min_players
    api_test(MeepleAECEnv(game, players, render_mode="ansi"), num_cycles=CYCLES)
    parallel_api_test(MeepleParallelEnv(game, players), num_cycles=CYCLES)
    seed_test(lambda: MeepleAECEnv(game, players), num_cycles=CYCLES)
    parallel_seed_test(lambda: MeepleParallelEnv(game, players), num_cycles=CYCLES)


def random_walk(game: Game[Any], players: int, seed: int) -> list[Table]:
    """Tables at every 5th decision of one random game (each its own copy) and at its end."""
    table = Table(game, players, seed=seed)
    rng = Rng(seed)
    snapshots = []
    while not table.is_over():
        if table.state.version % 5 == 0:
            copy = Table(game, players, seed=seed)
            copy.state = table.state.clone()
            snapshots.append(copy)
        seat = table.to_act()[0]
        assert table.step(seat, rng.choice(game.legal_actions(table.state, seat))) is None
    snapshots.append(table)
    return snapshots


def check_observations(game: Game[Any]) -> None:
    """Every observation has the promised length, values in [0, 1], and is equal for
    the real state and for any state the seat cannot tell from it (``determinize``)."""
    for players in (game.min_players, game.max_players):
        for table in random_walk(game, players, seed=players):
            for seat in range(players):
                seen = table.observation(seat)
                assert seen.shape == (table.size,) and seen.dtype == np.float32
                assert float(seen.min()) >= 0.0 and float(seen.max()) <= 1.0
                twin = Table(game, players)
                twin.state = game.determinize(table.state, seat, Rng(seat + 99))
                assert np.array_equal(twin.observation(seat), seen), (game.name, seat)


def check_masks(game: Game[Any], decisions: int = 60) -> None:
    """The AEC environment's mask and ``info["legal_actions"]`` are the legal actions."""
    env = MeepleAECEnv(game, game.min_players, seed=5)
    env.reset(seed=5)
    rng = Rng(5)
    for _ in range(decisions):
        if not env.agents:
            break
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(env.agent_selection.split("_")[1])
        legal = sorted(game.legal_actions(env.table.state, seat))
        assert list(np.flatnonzero(observation["action_mask"])) == legal
        assert info["legal_actions"] == [game.actions[i].text for i in legal]
        assert seat in game.to_act(env.table.state)
        env.step(rng.choice(legal))


def seat_with_an_illegal_action(env: MeepleAECEnv, seed: int) -> int | None:
    """Plays random legal actions until the seat to act has an action it may not
    take, and returns that seat; None when every action stayed legal to the end."""
    game = env.table.game
    rng = Rng(seed)
    while not env.table.is_over():
        seat = int(env.agent_selection.split("_")[1])
        legal = game.legal_actions(env.table.state, seat)
        if len(legal) < len(game.actions):
            return seat
        env.step(rng.choice(sorted(legal)))
    return None


def check_illegal_action_refused(game: Game[Any], seed: int = 3) -> bool:
    """An illegal action is refused, changes nothing, costs the illegal reward and says
    why (the rule's name in brackets). False when the game never offers one: every
    action stayed legal for a whole game, so there was nothing to refuse."""
    env = MeepleAECEnv(game, game.min_players, seed=seed, illegal_reward=-0.5)
    env.reset(seed=seed)
    seat = seat_with_an_illegal_action(env, seed)
    if seat is None:
        return False
    agent = env.agent_selection
    legal = set(game.legal_actions(env.table.state, seat))
    wrong = next(i for i in range(len(game.actions)) if i not in legal)
    before = game.snapshot(env.table.state)
    env.step(wrong)
    assert game.snapshot(env.table.state) == before, "a refused action changed the state"
    assert env.rewards[agent] == -0.5
    assert env.agent_selection == agent
    explanation = env.infos[agent]["illegal_action"]
    assert "[" in explanation and "]" in explanation, f"no rule named: {explanation}"
    return True


def check_winners_rewarded(game: Game[Any], seed: int = 11) -> None:
    """A whole random game in the AEC environment: each winner's rewards add up to 1,
    everyone else's to 0."""
    env = MeepleAECEnv(game, game.min_players, seed=seed)
    env.reset(seed=seed)
    rng = Rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        observation, reward, terminated, truncated, _ = env.last()
        totals[env.agent_selection] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
    winners = set(game.result(env.table.state).winners)
    expected = {f"seat_{s}": 1.0 if s in winners else 0.0 for s in range(game.min_players)}
    assert totals == expected


def check_render(game: Game[Any]) -> None:
    """``render()`` is the spectator's terminal text (and None without a render mode)."""
    env = MeepleAECEnv(game, game.min_players, render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == game.render_text(game.view(env.table.state, None))
    assert MeepleAECEnv(game, game.min_players).render() is None
