"""Namibia (Brian Robson, 2010), the reference game: every other game has the same
files in the same roles. Found by the engine through its ``meeple.games`` entry point."""

from meeple.games.namibia.game import NamibiaGame

GAME = NamibiaGame()

__all__ = ["GAME", "NamibiaGame"]
