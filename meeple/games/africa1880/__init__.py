"""Africa 1880 (Francis Pacherie, 1997): secret simultaneous orders, 3 to 6 players.
Found by the engine through its ``meeple.games`` entry point."""

from meeple.games.africa1880.game import AfricaGame

GAME = AfricaGame()

__all__ = ["GAME", "AfricaGame"]
