"""Africa 1880 (Francis Pacherie, 1997): secret simultaneous orders, 3 to 6 players.

Importing this package registers the game with the engine.
"""

from meeple.engine import register
from meeple.games.africa1880.game import AfricaGame

GAME = AfricaGame()
register(GAME)

__all__ = ["GAME", "AfricaGame"]
