"""Namibia: registered with the engine on import."""

from meeple.engine import register
from meeple.games.namibia.game import NamibiaGame

GAME = NamibiaGame()
register(GAME)

__all__ = ["GAME", "NamibiaGame"]
