"""Goofspiel runs meeple's public testing kit as an outside game does in its own
repository: its golden playthroughs live in golden/ beside this file (written by
``python -m meeple.testing.write_goldens tests/example_game/golden goofspiel``), and a table
is played through the server's HTTP API. The kit's other parts (conformance,
no peeking, learning) already run over every registered game in meeple's own
tests/test_conformance.py, tests/ai and tests/rl, so they are not repeated here; an
outside repository subclasses ``GameTests`` for all of them at once."""

from __future__ import annotations

from meeple_goofspiel import GAME

from meeple.testing import GoldenTests, ServerTests


class TestGoofspiel(GoldenTests, ServerTests):
    game = GAME
