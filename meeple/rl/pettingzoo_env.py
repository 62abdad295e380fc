"""PettingZoo environments for every registered game that has an encoding.

* ``MeepleAECEnv``: the agent environment cycle. The agent to act is the first seat
  the rules wait for; during a simultaneous secret decision (Africa 1880's order
  sheets) the waiting seats are asked one after another, and
  none sees another's choice before the rules reveal it, since observations
  come from views.
* ``MeepleParallelEnv``: every seat the rules wait for decides at once; an action
  given for a seat that is not asked is ignored. Meant for games whose seats
  decide at the same time; it runs any game (a turn-based phase simply asks one
  seat per step).

Agents are named by seat (``seat_0``...). An observation is a dict: ``observation``,
the seat's view encoded (float32 in [0, 1]), and ``action_mask``, 1 for the legal
actions of the game's fixed action space. ``info`` holds the legal actions as
text (``legal_actions``; in the AEC cycle, empty for every agent but the one
asked now), the seat's name and, after a refused action, why it was
refused (``illegal_action``: nothing changed, and the seat got ``illegal_reward``).
``render`` returns the spectator's terminal text.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from meeple.engine import Game
from meeple.engine.config import OptionValue
from meeple.rl.core import Table, agent_name, seat_of

Observation = dict[str, Any]
Info = dict[str, Any]


def observation_space(table: Table) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (table.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (table.actions,), np.int8),
        }
    )


def observe(table: Table, seat: int) -> Observation:
    return {"observation": table.observation(seat), "action_mask": table.mask(seat)}


def seat_info(table: Table, seat: int) -> Info:
    return {"legal_actions": table.legal_texts(seat), "seat_name": table.seat_names[seat]}


def waiting_info(table: Table, seat: int) -> Info:
    """The info of an agent the AEC cycle is not asking now: nothing to choose."""
    return {"legal_actions": [], "seat_name": table.seat_names[seat]}


class MeepleAECEnv(AECEnv[str, Observation, int | None]):
    """One meeple game as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's class attribute)
        "render_modes": ["ansi"],
        "name": "meeple_aec_v0",
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game: Game[Any] | str,
        players: int,
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        super().__init__()
        self.table = Table(game, players, options, seed)
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.possible_agents = [agent_name(s) for s in range(players)]
        self._space = observation_space(self.table)
        self._actions = spaces.Discrete(self.table.actions)
        self.metadata = {**self.metadata, "name": f"meeple_{self.table.game.name}_aec_v0"}
        self._begin()

    @functools.cache  # noqa: B019 (PettingZoo wants the same object)
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        seat_of(agent)
        return self._space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        seat_of(agent)
        return self._actions

    def _begin(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._rewarded: list[str] = []  # the agents whose last reward is not 0
        self._waiting = {a: waiting_info(self.table, seat_of(a)) for a in self.agents}
        self.agent_selection = self._next_agent()
        self.infos = {a: self._info(a) for a in self.agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self._begin()

    def observe(self, agent: str) -> Observation:
        return observe(self.table, seat_of(agent))

    def _next_agent(self) -> str:
        waiting = self.table.to_act()
        return agent_name(waiting[0]) if waiting else self.agents[0]

    def step(self, action: int | None) -> None:
        """PettingZoo's cycle, keeping its dictionaries as its generic helpers
        (``_clear_rewards``, ``_accumulate_rewards``) would, but touching only the
        entries a step can change: rewards are 0 except after a refusal (the agent
        asked) and at the end of a game, and only the agent asked before and the one
        asked now can have other infos than a waiting agent's."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act now: give an action index, not None")
        rewards = self.rewards
        for rewarded in self._rewarded:  # the last step's rewards end with it
            rewards[rewarded] = 0.0
        self._rewarded = []
        self._cumulative_rewards[agent] = 0.0
        seat = seat_of(agent)
        refusal = self.table.step(seat, action)
        if refusal is not None:
            self._reward({agent: self.illegal_reward})
            self.infos[agent] = {**seat_info(self.table, seat), "illegal_action": refusal}
        else:
            self._after_play()

    def _reward(self, given: dict[str, float]) -> None:
        """This step's rewards, added to the agents' cumulative rewards."""
        cumulative = self._cumulative_rewards
        for agent, reward in given.items():
            self.rewards[agent] = reward
            cumulative[agent] += reward
            if reward:
                self._rewarded.append(agent)

    def _after_play(self) -> None:
        over = self.table.is_over()
        cut = not over and self.table.too_long()
        if over:
            self._reward(dict(zip(self.agents, self.table.rewards(), strict=True)))
        asked_before = self.agent_selection
        self.agent_selection = self._next_agent()
        if over or cut:
            for agent in self.agents:
                self.terminations[agent] = over
                self.truncations[agent] = cut
                self.infos[agent] = self._info(agent)
        else:
            infos = self.infos
            infos[asked_before] = self._waiting[asked_before]
            infos[self.agent_selection] = self._info(self.agent_selection)

    def _info(self, agent: str) -> Info:
        """The legal actions as text for the agent asked now; [] for the others."""
        if agent == self.agent_selection:
            return seat_info(self.table, seat_of(agent))
        return self._waiting[agent]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render(None)

    def close(self) -> None:
        """Nothing to release."""


class MeepleParallelEnv(ParallelEnv[str, Observation, int]):
    """One meeple game as a PettingZoo Parallel environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi"],
        "name": "meeple_parallel_v0",
    }

    def __init__(
        self,
        game: Game[Any] | str,
        players: int,
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        self.table = Table(game, players, options, seed)
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.possible_agents = [agent_name(s) for s in range(players)]
        self.agents = self.possible_agents[:]
        self._space = observation_space(self.table)
        self._actions = spaces.Discrete(self.table.actions)
        self.metadata = {**self.metadata, "name": f"meeple_{self.table.game.name}_parallel_v0"}

    @functools.cache  # noqa: B019
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        seat_of(agent)
        return self._space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        seat_of(agent)
        return self._actions

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, Info]]:
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos({})

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, Info],
    ]:
        refusals: dict[str, str] = {}
        for seat in self.table.to_act():  # fixed before anyone acts: one decision each
            agent = agent_name(seat)
            if agent in actions and seat in self.table.to_act():
                refusal = self.table.step(seat, actions[agent])
                if refusal is not None:
                    refusals[agent] = refusal
        over = self.table.is_over()
        cut = not over and self.table.too_long()
        final = self.table.rewards()
        rewards = {
            a: self.illegal_reward if a in refusals else final[seat_of(a)] for a in self.agents
        }
        observations, infos = self._observations(), self._infos(refusals)
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Observation]:
        return {a: observe(self.table, seat_of(a)) for a in self.agents}

    def _infos(self, refusals: dict[str, str]) -> dict[str, Info]:
        infos = {a: seat_info(self.table, seat_of(a)) for a in self.agents}
        for agent, refusal in refusals.items():
            infos[agent]["illegal_action"] = refusal
        return infos

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render(None)

    def close(self) -> None:
        """Nothing to release."""
