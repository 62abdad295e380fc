"""Mombasa (Alexander Pfister, 2015): shares, trading posts, books and diamonds.
Found by the engine through its ``meeple.games`` entry point."""

from meeple.games.mombasa.game import MombasaGame

GAME = MombasaGame()

__all__ = ["GAME", "MombasaGame"]
