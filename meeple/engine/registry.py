"""Registry of games by name, filled from the ``meeple.games`` entry-point group.

A game is a plugin: a package declares in its packaging metadata an entry point
``<name> = "<module>:<Game instance or Game class>"`` in the group ``meeple.games``
(meeple's own games in its pyproject.toml), and is found when first asked for.
``register`` adds a game by hand (tests, notebooks).
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from meeple.engine.errors import BadConfig
from meeple.engine.game import Game

ENTRY_POINT_GROUP = "meeple.games"

_GAMES: dict[str, Game[Any]] = {}
_discovered = False


def register(game: Game[Any]) -> None:
    """Add ``game``; registering the same object twice is harmless, another game
    under a taken name is refused."""
    known = _GAMES.get(game.name)
    if known is game:
        return
    if known is not None:
        raise ValueError(f"game {game.name!r} is already registered")
    _GAMES[game.name] = game


def discover() -> None:
    """Load every game declared in the ``meeple.games`` entry-point group (once)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for point in entry_points(group=ENTRY_POINT_GROUP):
        loaded = point.load()
        game = loaded() if isinstance(loaded, type) else loaded
        if not isinstance(game, Game):
            raise TypeError(f"entry point {point.name!r} ({point.value}) is not a meeple Game")
        if game.name != point.name:
            raise ValueError(f"entry point {point.name!r} names a game called {game.name!r}")
        register(game)


def get_game(name: str) -> Game[Any]:
    discover()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise BadConfig(f"unknown game {name!r}; registered games: {known}") from None


def all_games() -> list[Game[Any]]:
    discover()
    return [_GAMES[name] for name in sorted(_GAMES)]
