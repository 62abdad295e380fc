"""Throughput of the learning adapters against the engine alone, per game.

For every registered game with an encoding it plays random legal decisions for
``--seconds`` per measurement and prints decisions per second:

* ``engine``: the engine's own loop (``to_act``, ``legal_actions``, a random
  choice, ``apply``): what any program playing the game pays;
* ``engine+view``: the same, plus the acting seat's view, which every fair
  player (bot, client, adapter) reads;
* ``aec``, ``parallel``: the PettingZoo environments (observation, mask, info
  texts and the checked path each step);
* ``gym``: the Gymnasium environment against random bots (a step is one of the
  learner's decisions; the bots' decisions count too);
* ``openspiel``: the pyspiel state (legal actions, ``apply_action``, the
  observation tensor of the player to act).

For each it prints the time per decision and the adapter's own cost: its time
per decision beyond the engine's, as a multiple of the engine's time per
decision (``(adapter - engine) / engine``; the goal is below 0.5). An adapter's
time holds everything it does beyond the engine's loop: the observation (the
encoding's fast path from the state where the game offers one, else the view
and its encoding), the mask, the info texts, the checked path of ``play``.
``engine+view`` is shown for reference: what reading one view per decision
costs any fair player. Times are this
process's CPU time, and each figure is the best of ``--rounds`` short runs taken
in turns, so other work on a shared machine disturbs them little. Then a
Gymnasium vector environment runs ``--envs`` copies, in this process (``sync``)
and in worker processes (``async``, one per core), timed by the wall clock.

    .venv/bin/python benchmarks/rl_throughput.py
    .venv/bin/python benchmarks/rl_throughput.py --games namibia --seconds 5
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np
import pyspiel

from meeple.engine import Game, Rng, all_games
from meeple.rl.gym_env import MeepleGymEnv
from meeple.rl.openspiel_game import register_games, short_name
from meeple.rl.pettingzoo_env import MeepleAECEnv, MeepleParallelEnv

Loop = Callable[[float], int]  # plays until the deadline; returns decisions made

# This process's CPU time: other work on a shared machine does not count against
# a loop (the vector environments, which use several processes, take wall time).
clock = time.process_time


def engine_loop(game: Game[Any], players: int, with_view: bool) -> Loop:
    def loop(deadline: float) -> int:
        rng, count, seed = Rng(1), 0, 0
        while clock() < deadline:
            state = game.new_game(game.make_config(players), seed)
            seed += 1
            while not game.is_over(state) and clock() < deadline:
                seat = game.to_act(state)[0]
                if with_view:
                    game.view(state, seat)
                game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
                count += 1
        return count

    return loop


def aec_loop(game: Game[Any], players: int) -> Loop:
    env = MeepleAECEnv(game, players)

    def loop(deadline: float) -> int:
        rng, count = Rng(2), 0
        env.reset(seed=0)
        while clock() < deadline:
            if not env.agents:
                env.reset()
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            count += 1
        return count

    return loop


def parallel_loop(game: Game[Any], players: int) -> Loop:
    env = MeepleParallelEnv(game, players)

    def loop(deadline: float) -> int:
        rng, count = Rng(3), 0
        observations, _ = env.reset(seed=0)
        while clock() < deadline:
            if not env.agents:
                observations, _ = env.reset()
            actions: dict[str, int] = {}
            for seat in env.table.to_act():
                mask = observations[f"seat_{seat}"]["action_mask"]
                actions[f"seat_{seat}"] = rng.choice(np.flatnonzero(mask).tolist())
            observations, *_ = env.step(actions)
            count += len(actions)
        return count

    return loop


def gym_loop(game: Game[Any], players: int) -> Loop:
    env = MeepleGymEnv(game, players, opponents="random")

    def loop(deadline: float) -> int:
        rng, count = Rng(4), 0
        env.reset(seed=0)
        while clock() < deadline:
            before = env.table.state.version
            _, _, terminated, truncated, _ = env.step(
                rng.choice(np.flatnonzero(env.action_masks()).tolist())
            )
            count += env.table.state.version - before
            if terminated or truncated:
                env.reset()
        return count

    return loop


def openspiel_loop(game: Game[Any], players: int) -> Loop:
    spiel = pyspiel.load_game(f"{short_name(game)}(players={players})")

    def loop(deadline: float) -> int:
        rng, count = Rng(5), 0
        state = spiel.new_initial_state()
        while clock() < deadline:
            if state.is_terminal():
                state = spiel.new_initial_state()
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            count += 1
        return count

    return loop


def rate(loop: Loop, seconds: float) -> float:
    start = clock()
    count = loop(start + seconds)
    return count / (clock() - start)


def vector_rate(game: Game[Any], players: int, envs: int, kind: str, seconds: float) -> float:
    """Learner decisions per second of a Gymnasium vector environment."""
    makers = [
        (lambda seat=i: MeepleGymEnv(game.name, players, seat=seat % players)) for i in range(envs)
    ]
    vector: gym.vector.SyncVectorEnv | gym.vector.AsyncVectorEnv = (
        gym.vector.AsyncVectorEnv(makers) if kind == "async" else gym.vector.SyncVectorEnv(makers)
    )
    rng = np.random.default_rng(6)
    vector.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = vector.call("action_masks")
        # a game that just ended has no legal action: its next step starts a new game
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        vector.step(actions)
        steps += envs
    elapsed = time.perf_counter() - start
    vector.close()
    return steps / elapsed


def best_rates(loops: dict[str, Loop], seconds: float, rounds: int) -> dict[str, float]:
    """Each loop's best rate over ``rounds`` short runs, taken in turns, so that a
    busy moment of a shared machine hits every loop alike and the best run shows
    what the code costs."""
    best = dict.fromkeys(loops, 0.0)
    for _ in range(rounds):
        for name, loop in loops.items():
            best[name] = max(best[name], rate(loop, seconds / rounds))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description="decisions per second, adapters vs engine")
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="turns the time is split into")
    parser.add_argument("--envs", type=int, default=2, help="copies in the vector environment")
    args = parser.parse_args()
    register_games()
    chosen = {g for g in args.games.split(",") if g}
    for game in all_games():
        if game.encoding() is None or (chosen and game.name not in chosen):
            continue
        players = game.min_players
        print(f"{game.name} ({players} players), decisions per second (best of {args.rounds}):")
        loops = {
            "engine": engine_loop(game, players, with_view=False),
            "engine+view": engine_loop(game, players, with_view=True),
            "aec": aec_loop(game, players),
            "parallel": parallel_loop(game, players),
            "gym": gym_loop(game, players),
            "openspiel": openspiel_loop(game, players),
        }
        rates = best_rates(loops, args.seconds, args.rounds)
        engine = 1e6 / rates["engine"]
        for name, measured in rates.items():
            cost = 1e6 / measured
            own = (cost - engine) / engine
            print(f"  {name:<12}{measured:>9.0f}/s {cost:>8.1f} us   own cost: {own:5.2f} x engine")
        for kind in ("sync", "async"):
            measured = vector_rate(game, players, args.envs, kind, args.seconds)
            print(f"  {'vector-' + kind:<12}{measured:>9.0f}/s learner steps, {args.envs} envs")


if __name__ == "__main__":
    main()
