"""The bot interface and the bot registry used by the terminal, simulator and server.

A bot decides for one seat from that seat's view and legal actions. It receives
the state only to clone it for search through ``Game.determinize``; it must never
read hidden parts of it directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from meeple.engine import Game, GameState, Rng


class Bot(Protocol):
    name: str

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        """Index of a legal action for ``seat``."""
        ...


BotFactory = Callable[[Game[Any], int], Bot]
"""Builds a bot for a game from a seed."""

_GENERIC: dict[str, BotFactory] = {}
_PER_GAME: dict[tuple[str, str], BotFactory] = {}


def register_bot(name: str, factory: BotFactory, game: str | None = None) -> None:
    """Register a bot name, for every game or only for ``game``."""
    if game is None:
        _GENERIC[name] = factory
    else:
        _PER_GAME[(game, name)] = factory


def bot_names(game: str) -> list[str]:
    names = set(_GENERIC) | {name for (g, name) in _PER_GAME if g == game}
    return sorted(names)


def make_bot(name: str, game: Game[Any], seed: int) -> Bot:
    factory = _PER_GAME.get((game.name, name)) or _GENERIC.get(name)
    if factory is None:
        known = ", ".join(bot_names(game.name))
        raise ValueError(f"no bot {name!r} for {game.name}; choose one of: {known}")
    return factory(game, seed)


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, game: Game[Any], seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        return self.rng.choice(game.legal_actions(state, seat))


register_bot("random", RandomBot)
