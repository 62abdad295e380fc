"""Level 1: the conformance battery over every registered game and player count.

The checks are the public kit's (``meeple.testing.ConformanceTests``, over
``meeple.engine.conformance``), one class per registered game: per player count,
4 seeded random games checked at every decision and 100 more at every 17th."""

from __future__ import annotations

from meeple.engine import all_games
from meeple.testing import ConformanceTests, classes_for

globals().update(classes_for(ConformanceTests, all_games()))
