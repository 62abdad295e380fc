"""meeple's public testing kit: what a game, inside meeple or in its own repository,
runs with pytest to show it meets the contract. Nothing in it names a game.

In a game's test file::

    from meeple.testing import GameTests
    from my_game import GAME

    class TestMyGame(GameTests):
        game = GAME      # registered by the kit if no entry point declares it

That is the conformance battery at every player count, the bots' no-peeking check,
the learning adapters' checks (with an ``encoding()``), the golden playthroughs in
``golden/`` beside the test file, and a table played over the server's HTTP API.
Each part is also a class of its own (``ConformanceTests``, ``NoPeekingTests``,
``LearningTests``, ``GoldenTests``, ``ServerTests``). Write the goldens with
``python -m meeple.testing.write_goldens <folder> <module>:GAME``.

``meeple.testing.server`` has the helpers of a game's own server and browser tests
(an in-process app with the game registered, a live server in a thread, Chromium
pages); ``meeple.testing.golden`` the playthrough format; ``meeple.testing.peeking``
and ``meeple.testing.learning`` the checks as plain functions. Needs pytest (and
httpx for the server, meeple's ``rl`` extra for the learning checks, Playwright and
Chromium for the browser): ``pip install meeple[testing]``.
"""

from __future__ import annotations

from meeple.engine.conformance import check_random_game, random_playout
from meeple.testing.golden import check_golden, write_goldens
from meeple.testing.suite import (
    ConformanceTests,
    GameTests,
    GoldenTests,
    LearningTests,
    NoPeekingTests,
    ServerTests,
    classes_for,
)

__all__ = [
    "ConformanceTests",
    "GameTests",
    "GoldenTests",
    "LearningTests",
    "NoPeekingTests",
    "ServerTests",
    "check_golden",
    "check_random_game",
    "classes_for",
    "random_playout",
    "write_goldens",
]
