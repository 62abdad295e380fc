"""Games for the adapter tests: every registered game, skipped (with the reason)
when it gives no observation encoding yet."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.engine import Game, all_games


def encoded(game: Game[Any]) -> Any:
    marks = []
    if game.encoding() is None:
        reason = f"{game.name} gives no encoding() yet (docs/adding-a-game.md, section 7)"
        marks.append(pytest.mark.skip(reason=reason))
    return pytest.param(game, id=game.name, marks=marks)


GAMES = [encoded(game) for game in all_games()]
