"""Pebbles (pebbles/, an outside game's repository) imported in meeple's own test
process, for the tests of the kit's checks that need a game with hidden cards, no
simultaneous decision and every action legal at every decision. Not registered:
meeple's registry, and the tests iterating over it, never see it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from meeple.engine import Game

REPOSITORY = Path(__file__).parent / "pebbles"


def pebbles() -> Game[Any]:
    if str(REPOSITORY) not in sys.path:
        sys.path.append(str(REPOSITORY))
    from meeple_pebbles import GAME

    game: Game[Any] = GAME
    return game
