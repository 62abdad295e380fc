"""What the learning libraries' own cycles cost, with a game that does nothing.

The adapters' goal (docs/learning.md, Throughput) is an own cost below half the
engine's time per decision. Part of every adapter's time is the library's own
cycle, which no adapter can avoid. This benchmark measures that part alone: for
every encoded game it builds environments of the game's sizes (its fixed action
space, its observation length, its fewest players) whose rules do nothing at
all (the observation and the mask are constants, a step only passes the turn),
and times, per decision:

* ``pettingzoo-aec``: PettingZoo's ``last()`` and ``step`` of such an AEC env;
* ``gymnasium``: ``step`` of such a Gymnasium env;
* ``openspiel``: pyspiel's ``legal_actions`` and ``apply_action`` of such a
  Python game, as OpenSpiel's algorithms call them;
* ``openspiel+tensor``: the same plus ``observation_tensor`` of the player to
  act (pyspiel copies the tensor through C++ into a new Python list).

Each is shown beside the engine's own time per decision (the loop of
``rl_throughput.py``) as a multiple of it: a floor that is already above 0.5
means no adapter code, however fast, meets the goal through that library.
CPU time of this process, best of ``--rounds`` short runs taken in turns.

    .venv/bin/python benchmarks/rl_floors.py
    .venv/bin/python benchmarks/rl_floors.py --games namibia --seconds 2
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel
from gymnasium import Env, spaces
from pettingzoo import AECEnv
from rl_throughput import Loop, best_rates, clock, engine_loop

from meeple.engine import Game, all_games

Observation = dict[str, npt.NDArray[Any]]
FIRST_LEGAL = 5  # the do-nothing games offer their first five actions


class Sizes:
    """The shapes a real game's adapters have: seats, actions, observation length."""

    def __init__(self, game: Game[Any]) -> None:
        encoding = game.encoding()
        assert encoding is not None
        self.players = game.min_players
        self.actions = len(game.actions)
        self.size = encoding.size(game.make_config(self.players))
        self.observation = np.zeros(self.size, dtype=np.float32)
        self.mask = np.zeros(self.actions, dtype=np.int8)
        self.mask[:FIRST_LEGAL] = 1


class NothingAEC(AECEnv[str, Observation, int | None]):  # type: ignore[misc]
    """An AEC env keeping PettingZoo's dictionaries, whose rules do nothing."""

    metadata: dict[str, Any] = {"name": "nothing_aec_v0"}  # noqa: RUF012

    def __init__(self, sizes: Sizes) -> None:
        super().__init__()
        self.sizes = sizes
        self.possible_agents = [f"seat_{s}" for s in range(sizes.players)]
        box = spaces.Box(0.0, 1.0, (sizes.size,), np.float32)
        mask = spaces.Box(0, 1, (sizes.actions,), np.int8)
        self._space = spaces.Dict({"observation": box, "action_mask": mask})
        self._actions = spaces.Discrete(sizes.actions)
        self.turn = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._actions

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self.turn = 0

    def observe(self, agent: str) -> Observation:
        return {"observation": self.sizes.observation, "action_mask": self.sizes.mask}

    def step(self, action: int | None) -> None:
        self.turn = (self.turn + 1) % len(self.agents)
        self.agent_selection = self.agents[self.turn]


Step = tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]


class NothingGym(Env[npt.NDArray[np.float32], np.int64]):
    """A Gymnasium env of the game's shapes whose rules do nothing."""

    def __init__(self, sizes: Sizes) -> None:
        self.sizes = sizes
        self.observation_space = spaces.Box(0.0, 1.0, (sizes.size,), np.float32)
        self.action_space = spaces.Discrete(sizes.actions)

    def step(self, action: np.int64) -> Step:
        return self.sizes.observation, 0.0, False, False, {}


def register_nothing(game: Game[Any], sizes: Sizes) -> str:
    """A pyspiel Python game of the game's shapes whose rules do nothing; its name."""
    name = f"nothing_{game.name}"
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"nothing shaped like {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=sizes.players,
        min_num_players=sizes.players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=sizes.actions,
        max_chance_outcomes=0,
        num_players=sizes.players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=None,
        max_game_length=10**9,
    )

    class Observer:
        def __init__(self) -> None:
            self.tensor = sizes.observation.copy()
            self.dict = {"observation": self.tensor}

        def set_from(self, state: Any, player: int) -> None:
            """The constant observation is already in ``tensor``."""

        def string_from(self, state: Any, player: int) -> str:
            return ""

    class NothingState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, spiel: Any) -> None:
            super().__init__(spiel)
            self.turn = 0

        def current_player(self) -> int:
            return self.turn % sizes.players

        def _legal_actions(self, player: int) -> list[int]:
            return list(range(FIRST_LEGAL))

        def _apply_action(self, action: int) -> None:
            self.turn += 1

        def is_terminal(self) -> bool:
            return False

        def returns(self) -> list[float]:
            return [0.0] * sizes.players

    class NothingGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> NothingState:
            return NothingState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            return Observer()

    pyspiel.register_game(game_type, NothingGame)
    return name


def aec_floor(sizes: Sizes) -> Loop:
    env = NothingAEC(sizes)

    def loop(deadline: float) -> int:
        env.reset()
        count = 0
        while clock() < deadline:
            env.last()
            env.step(0)
            count += 1
        return count

    return loop


def gym_floor(sizes: Sizes) -> Loop:
    env = NothingGym(sizes)

    def loop(deadline: float) -> int:
        count = 0
        while clock() < deadline:
            env.step(np.int64(0))
            count += 1
        return count

    return loop


def spiel_floor(name: str, tensor: bool) -> Loop:
    spiel = pyspiel.load_game(name)

    def loop(deadline: float) -> int:
        state, count = spiel.new_initial_state(), 0
        while clock() < deadline:
            if tensor:
                state.observation_tensor(state.current_player())
            state.apply_action(state.legal_actions()[0])
            count += 1
        return count

    return loop


def main() -> None:
    parser = argparse.ArgumentParser(description="the libraries' own cycles vs the engine")
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=4, help="turns the time is split into")
    args = parser.parse_args()
    chosen = {g for g in args.games.split(",") if g}
    for game in all_games():
        if game.encoding() is None or (chosen and game.name not in chosen):
            continue
        sizes = Sizes(game)
        name = register_nothing(game, sizes)
        loops = {
            "engine": engine_loop(game, sizes.players, with_view=False),
            "pettingzoo-aec": aec_floor(sizes),
            "gymnasium": gym_floor(sizes),
            "openspiel": spiel_floor(name, tensor=False),
            "openspiel+tensor": spiel_floor(name, tensor=True),
        }
        print(
            f"{game.name} ({sizes.players} players, {sizes.actions} actions,"
            f" observation {sizes.size}), time per decision (best of {args.rounds}):"
        )
        rates = best_rates(loops, args.seconds, args.rounds)
        engine = 1e6 / rates["engine"]
        for label, measured in rates.items():
            cost = 1e6 / measured
            print(f"  {label:<18}{cost:>8.2f} us   {cost / engine:5.2f} x engine")


if __name__ == "__main__":
    main()
