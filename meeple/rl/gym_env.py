"""A Gymnasium environment: one seat of a meeple game against meeple bots.

The learner plays ``seat``; every other seat is a meeple bot of a chosen level
(``random``, ``heuristic``, ``easy``, ``medium``...), which plays whenever the
rules wait for it. During a simultaneous secret decision the learner decides
first when it is asked; the bots decide from their own seats' information.

Observations are the learner's view, encoded (float32 in [0, 1]); actions index
the game's fixed action space, and ``action_masks()`` gives the legal ones
(the method sb3-contrib's maskable algorithms call). The reward is 1.0 when the
game ends with the learner among the winners, else 0.0. An illegal action is
refused: nothing changes, the step gives ``illegal_reward`` and ``info`` says
why (``illegal_action``). ``info["legal_actions"]`` lists the legal actions as
text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import Bot, Game
from meeple.engine.config import OptionValue
from meeple.rl.core import Table, Vector

Info = dict[str, Any]


class MeepleGymEnv(gym.Env[Vector, np.int64]):
    """``game`` with ``players`` seats; the learner sits at ``seat``."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        game: Game[Any] | str,
        players: int,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        self.table = Table(game, players, options, seed)
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} does not exist; seats are 0..{players - 1}")
        self.seat = seat
        self.kinds = self._opponent_kinds(opponents)
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.observation_space = gym.spaces.Box(0.0, 1.0, (self.table.size,), np.float32)
        self.action_space = gym.spaces.Discrete(self.table.actions)
        self.bots: dict[int, Bot] = {}
        self._seat_bots()

    def _opponent_kinds(self, opponents: str | Sequence[str]) -> dict[int, str]:
        others = [s for s in range(self.table.players) if s != self.seat]
        kinds = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(kinds) != len(others):
            raise ValueError(
                f"{len(kinds)} opponents given; this game has {len(others)} other seats"
            )
        return dict(zip(others, kinds, strict=True))

    def _seat_bots(self) -> None:
        """Fresh bots for a new game, seeded from the game's seed (reproducible)."""
        load_bots()
        base = self.table.state.seed
        self.bots = {
            seat: make_bot(kind, self.table.game, base * 1009 + seat)
            for seat, kind in self.kinds.items()
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, Info]:
        super().reset(seed=seed)
        self.table.reset(seed)
        self._seat_bots()
        self._bots_play()
        return self.table.observation(self.seat), self._info()

    def step(self, action: np.int64 | int) -> tuple[Vector, float, bool, bool, Info]:
        refusal = self.table.step(self.seat, int(action))
        if refusal is not None:
            info = {**self._info(), "illegal_action": refusal}
            return self.table.observation(self.seat), self.illegal_reward, False, False, info
        self._bots_play()
        over = self.table.is_over()
        reward = self.table.rewards()[self.seat] if over else 0.0
        cut = not over and self.table.too_long()
        return self.table.observation(self.seat), reward, over, cut, self._info()

    def _bots_play(self) -> None:
        """Let the bots decide until the learner is asked or the game ends."""
        table = self.table
        while True:
            waiting = table.to_act()
            if not waiting or self.seat in waiting or table.too_long():
                return
            seat = waiting[0]
            choice = self.bots[seat].choose(table.game, table.state, seat)
            table.game.apply(table.state, seat, choice)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return self.table.mask(self.seat).astype(bool)

    def _info(self) -> Info:
        return {"legal_actions": self.table.legal_texts(self.seat)}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render(self.seat)
