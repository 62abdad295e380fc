"""New World (Avalon Hill, 1990): exploration, colonisation and gold in the
Americas, 2-6 players. Found by the engine through its ``meeple.games`` entry
point."""

from meeple.games.newworld.game import NewWorldGame

GAME = NewWorldGame()

__all__ = ["GAME", "NewWorldGame"]
