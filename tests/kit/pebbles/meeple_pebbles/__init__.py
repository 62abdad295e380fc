"""Pebbles, a tiny outside game written by following docs/adding-a-game.md: the
registry entry."""

from meeple_pebbles.game import PebblesGame

GAME = PebblesGame()
