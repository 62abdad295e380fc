"""The whole of meeple's testing kit on Pebbles, as its own repository runs it."""

from meeple_pebbles import GAME

from meeple.testing import GameTests


class TestPebbles(GameTests):
    game = GAME
