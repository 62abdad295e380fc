"""Registry of games by name. Games register themselves when meeple.games loads."""

from __future__ import annotations

from typing import Any

from meeple.engine.errors import BadConfig
from meeple.engine.game import Game

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> None:
    if game.name in _GAMES:
        raise ValueError(f"game {game.name!r} is already registered")
    _GAMES[game.name] = game


def get_game(name: str) -> Game[Any]:
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise BadConfig(f"unknown game {name!r}; registered games: {known}") from None


def all_games() -> list[Game[Any]]:
    return [_GAMES[name] for name in sorted(_GAMES)]
