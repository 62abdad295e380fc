"""A saved policy seated as a meeple bot (``policy:<file>``), with numpy only.

A policy file is a ``.npz`` archive written by ``save_policy``: the layers of a
multilayer perceptron (``w0``, ``b0``, ``w1``, ``b1``... with tanh between
layers, the last layer giving one logit per action of the game's fixed action
space) and its metadata (``game``, ``players``, ``size``: the encoding's length).
The bot encodes its seat's view (never the state), keeps the legal actions'
logits and plays the largest, so a policy plays the same on every machine
without the library that trained it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple.ai.base import make_bot
from meeple.engine import Bot, Game, GameConfig, GameState
from meeple.rl.core import Observations, require_encoding

PREFIX = "policy:"
Matrix = npt.NDArray[np.float32]


class PolicyError(ValueError):
    """A policy file that cannot be read, or that belongs to another game or size."""


def save_policy(
    path: Path, game: Game[Any], players: int, layers: Sequence[tuple[Matrix, Matrix]]
) -> None:
    """Write ``layers`` (weight ``(outputs, inputs)``, bias ``(outputs,)`` each)."""
    config = game.make_config(players)
    arrays: dict[str, Any] = {
        "game": np.array(game.name),
        "players": np.array(players),
        "size": np.array(require_encoding(game).size(config)),
    }
    for i, (weight, bias) in enumerate(layers):
        arrays[f"w{i}"] = np.asarray(weight, np.float32)
        arrays[f"b{i}"] = np.asarray(bias, np.float32)
    with path.open("wb") as out:
        np.savez(out, **arrays)


class PolicyBot:
    """A bot that plays a saved policy's most likely legal action."""

    name = "policy"

    def __init__(self, path: Path, game: Game[Any]) -> None:
        self.path = path
        self.encoding = require_encoding(game)
        try:
            with np.load(path) as data:
                meta = {key: data[key] for key in ("game", "players", "size")}
                count = sum(1 for key in data.files if key.startswith("w"))
                self.layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(count)]
        except (OSError, KeyError, ValueError) as exc:
            raise PolicyError(f"{path} is not a policy file written by save_policy: {exc}") from exc
        if str(meta["game"]) != game.name:
            raise PolicyError(f"{path} is a policy for {meta['game']}, not {game.name}")
        self.players = int(meta["players"])
        self.size = int(meta["size"])
        outputs = self.layers[-1][0].shape[0] if self.layers else 0
        if outputs != len(game.actions) or self.layers[0][0].shape[1] != self.size:
            raise PolicyError(
                f"{path} maps {self.size} inputs to {outputs} actions; {game.name} has"
                f" {len(game.actions)} actions"
            )
        self._seen: Observations | None = None  # the observations of the config played

    def logits(self, observation: Matrix) -> Matrix:
        values = observation
        last = len(self.layers) - 1
        for i, (weight, bias) in enumerate(self.layers):
            values = weight @ values + bias
            if i < last:
                values = np.tanh(values)
        return values

    def _observations(self, game: Game[Any], config: GameConfig) -> Observations:
        """The incremental observations of the config being played (kept until a
        game of another config comes)."""
        if self._seen is None or self._seen.config != config or self._seen.game is not game:
            seen = Observations(game, self.encoding, config)
            if seen.size != self.size:
                raise PolicyError(
                    f"{self.path} reads observations of {self.size} numbers; this game's"
                    f" encoding gives {seen.size}"
                )
            self._seen = seen
        return self._seen

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        if state.config.players != self.players:
            raise PolicyError(
                f"{self.path} was trained for {self.players} players; this game has"
                f" {state.config.players}"
            )
        observation = self._observations(game, state.config).of(state, seat)
        legal = game.legal_actions(state, seat)
        scores = self.logits(observation)[legal]
        return legal[int(np.argmax(scores))]


def policy_bot(kind: str, game: Game[Any]) -> PolicyBot:
    """The bot a ``policy:<file>`` seat names."""
    path = Path(kind.removeprefix(PREFIX))
    if not path.is_file():
        raise PolicyError(f"no policy file {str(path)!r} (seat kind {kind!r})")
    return PolicyBot(path, game)


def seat_bot(kind: str, game: Game[Any], seed: int) -> Bot:
    """The bot a seat kind names: a saved policy (``policy:<file>``) or a registered
    bot; the tournament runner's ``seats`` for tournaments with policy seats."""
    if kind.startswith(PREFIX):
        return policy_bot(kind, game)
    return make_bot(kind, game, seed)
