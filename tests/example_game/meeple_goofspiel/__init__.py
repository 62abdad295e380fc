"""Goofspiel (the game of pure strategy), an outside plugin game for meeple.

Found by the engine through the ``meeple.games`` entry point this package
declares in its pyproject.toml (``goofspiel = "meeple_goofspiel:GAME"``); it
uses only the public engine contract, ``meeple.engine``."""

from meeple_goofspiel.game import GoofspielGame

GAME = GoofspielGame()

__all__ = ["GAME", "GoofspielGame"]
