"""Registry of games by name, filled from the ``meeple.games`` entry-point group.

A game is a plugin: a package declares in its packaging metadata an entry point
``<name> = "<module>:<Game instance or Game class>"`` in the group ``meeple.games``
(meeple's own games in its pyproject.toml), and is found when first asked for.
``register`` adds a game by hand (tests, notebooks). The environment variable
``MEEPLE_GAMES`` names more games as ``module:object`` separated by commas (a game
of a package on ``sys.path`` that is not installed: ``MEEPLE_GAMES=my_game:GAME
meeple play my_game``); they load like entry points named after the game. A
declared game that fails to load is left out, with its error kept: the other games
stay playable, and asking for the broken one says why it is missing
(``broken_games``).
"""

from __future__ import annotations

import os
import threading
import warnings
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from meeple.engine.errors import BadConfig
from meeple.engine.game import Game

ENTRY_POINT_GROUP = "meeple.games"
ENV_GAMES = "MEEPLE_GAMES"

_GAMES: dict[str, Game[Any]] = {}
_BROKEN: dict[str, str] = {}  # entry-point name -> why it did not load
_discovered = False
_loading = False
_DISCOVERY_LOCK = threading.RLock()


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
    global _discovered, _loading
    if _discovered:
        return
    # Threads asking at once (a server's worker threads) wait for the one loading, and
    # "discovered" is set only once every plugin is in: no caller sees a partial list.
    # A plugin that asks the registry while it loads (same thread) is not blocked.
    with _DISCOVERY_LOCK:
        if _discovered or _loading:
            return
        _loading = True
        try:
            for point in [*entry_points(group=ENTRY_POINT_GROUP), *_named_in_environment()]:
                _load_declared(point)
        finally:
            _loading = False
            _discovered = True


def _named_in_environment() -> list[EntryPoint]:
    """``MEEPLE_GAMES``'s ``module:object`` entries, as entry points named by their
    object's game (the name is checked once loaded)."""
    values = [v.strip() for v in os.environ.get(ENV_GAMES, "").split(",") if v.strip()]
    return [EntryPoint("", value, ENTRY_POINT_GROUP) for value in values]


def _load_declared(point: EntryPoint) -> None:
    try:
        register(_load(point))
    except Exception as exc:  # a broken plugin must not take the others down
        _BROKEN[point.name or point.value] = f"{type(exc).__name__}: {exc}"
        warnings.warn(
            f"game plugin {point.name!r} ({point.value}) did not load: {exc}",
            RuntimeWarning,
            stacklevel=4,
        )


def _load(point: EntryPoint) -> Game[Any]:
    loaded = point.load()
    game = loaded() if isinstance(loaded, type) else loaded
    if not isinstance(game, Game):
        raise TypeError(f"entry point {point.name!r} ({point.value}) is not a meeple Game")
    if point.name and game.name != point.name:
        raise ValueError(f"entry point {point.name!r} names a game called {game.name!r}")
    return game


def broken_games() -> dict[str, str]:
    """Declared games that did not load, with the reason."""
    discover()
    return dict(_BROKEN)


def get_game(name: str) -> Game[Any]:
    discover()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        if name in _BROKEN:
            raise BadConfig(
                f"game {name!r} is installed but did not load ({_BROKEN[name]})"
                f"; playable games: {known}"
            ) from None
        raise BadConfig(f"unknown game {name!r}; registered games: {known}") from None


def all_games() -> list[Game[Any]]:
    discover()
    return [_GAMES[name] for name in sorted(_GAMES)]
