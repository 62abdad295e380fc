"""The part of a game state every game shares, and its JSON snapshot codec."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Self

from meeple.engine.config import GameConfig
from meeple.engine.events import Event
from meeple.engine.rng import Rng


class GameState(ABC):
    """Mutable game state owned by one game; a rules object never keeps state.

    Contract: ``clone()`` is a total copy that shares no mutable part with the
    original; all randomness comes from ``rng``; ``log`` only grows; ``version``
    counts the decisions applied so far.
    """

    __slots__ = ("config", "log", "rng", "seed", "version")

    config: GameConfig
    seed: int
    rng: Rng
    log: list[Event]
    version: int

    @classmethod
    def begin(cls, config: GameConfig, seed: int) -> Self:
        """A state with only its common fields set: ``config``, ``seed``, a generator
        seeded with it, an empty log and version 0 (the game's ``setup`` does the rest)."""
        state = cls.__new__(cls)
        state.config = config
        state.seed = seed
        state.rng = Rng(seed)
        state.log = []
        state.version = 0
        return state

    def _copy_common(self, twin: GameState) -> None:
        twin.config = self.config
        twin.seed = self.seed
        twin.rng = self.rng.clone()
        twin.log = self.log.copy()
        twin.version = self.version

    @abstractmethod
    def clone(self) -> Self:
        """A total copy of this state."""

    def snapshot_fields(self) -> dict[str, Any]:
        """Every field in JSON form, as ``Game.snapshot`` writes them: ``encode`` of each.

        A game's state may override this and ``restore_fields`` together to write some
        field in a form of its own (a long log as compact rows, say); the contract is
        that ``restore_fields`` of what this returns, after a JSON round trip, gives an
        equal state."""
        return snapshot_fields(self)

    def restore_fields(self, data: dict[str, Any]) -> None:
        """Set every field from ``snapshot_fields``' document (``Game.restore``)."""
        restore_fields(self, data)

    def fields(self) -> tuple[str, ...]:
        """Every slot of this state, base and game-specific, in a fixed order."""
        names: list[str] = []
        for klass in reversed(type(self).__mro__):
            names.extend(getattr(klass, "__slots__", ()))
        return tuple(names)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GameState)
        return all(
            _comparable(getattr(self, name)) == _comparable(getattr(other, name))
            for name in self.fields()
        )

    __hash__ = None  # type: ignore[assignment]


def _comparable(value: Any) -> Any:
    if isinstance(value, Rng):
        return ("rng", value.state)
    return value


def encode(value: Any) -> Any:
    """A JSON-safe form of a state field that ``decode`` turns back exactly."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, Event):
        return {"__event__": value.to_json()}
    if isinstance(value, tuple):
        return {"__tuple__": [encode(v) for v in value]}
    if isinstance(value, bytearray):
        return {"__bytes__": value.hex()}
    if isinstance(value, dict):
        return {"__dict__": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, Rng):
        return {"__rng__": value.state}
    if isinstance(value, GameConfig):
        return {"__config__": value.to_json()}
    raise TypeError(f"cannot snapshot a {type(value).__name__}")


def decode(value: Any) -> Any:
    if isinstance(value, list):
        return [decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "__tuple__" in value:
        return tuple(decode(v) for v in value["__tuple__"])
    if "__bytes__" in value:
        return bytearray.fromhex(value["__bytes__"])
    if "__dict__" in value:
        return {decode(k): decode(v) for k, v in value["__dict__"]}
    if "__rng__" in value:
        rng = Rng(0)
        rng.state = value["__rng__"]
        return rng
    if "__config__" in value:
        return GameConfig.from_json(value["__config__"])
    if "__event__" in value:
        return Event.from_json(value["__event__"])
    raise ValueError(f"not a snapshot value: {value!r}")


def snapshot_fields(state: GameState) -> dict[str, Any]:
    return {name: encode(getattr(state, name)) for name in state.fields()}


def restore_fields(state: GameState, data: dict[str, Any]) -> None:
    missing = [name for name in state.fields() if name not in data]
    if missing:
        raise ValueError(f"snapshot lacks fields {missing}")
    for name in state.fields():
        setattr(state, name, decode(data[name]))
