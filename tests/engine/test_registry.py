"""Games are plugins found through the ``meeple.games`` entry-point group."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import EntryPoint
from typing import Any

import pytest

from meeple.engine import BadConfig, all_games, get_game, registry


def test_meeples_own_games_are_found_through_their_entry_points() -> None:
    declared = {p.name for p in registry.entry_points(group=registry.ENTRY_POINT_GROUP)}
    assert {"namibia", "africa1880"} <= declared
    assert {g.name for g in all_games()} >= declared - set(registry.broken_games())


def test_a_broken_plugin_is_left_out_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    group = registry.ENTRY_POINT_GROUP
    points = [
        EntryPoint("namibia", "meeple.games.namibia:GAME", group),
        EntryPoint("ghost", "meeple.games.no_such_game:GAME", group),
        EntryPoint("liar", "meeple.games.namibia:GAME", group),
    ]
    monkeypatch.setattr(registry, "entry_points", lambda group: points)
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_BROKEN", {})
    monkeypatch.setattr(registry, "_discovered", False)
    with pytest.warns(RuntimeWarning) as caught:
        assert [g.name for g in all_games()] == ["namibia"]
    assert sorted(str(w.message).split("'")[1] for w in caught) == ["ghost", "liar"]
    broken = registry.broken_games()
    assert set(broken) == {"ghost", "liar"}
    assert "ModuleNotFoundError" in broken["ghost"]
    assert "names a game called 'namibia'" in broken["liar"]
    with pytest.raises(BadConfig, match="installed but did not load"):
        get_game("ghost")
    with pytest.raises(BadConfig, match="unknown game 'chess'; registered games: namibia"):
        get_game("chess")


def test_threads_asking_at_once_all_see_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server's threads may ask for games while the first one is still loading the
    plugins: none may see a partial list (it would answer "unknown game")."""
    group = registry.ENTRY_POINT_GROUP
    points = [
        EntryPoint("namibia", "meeple.games.namibia:GAME", group),
        EntryPoint("africa1880", "meeple.games.africa1880:GAME", group),
    ]
    slow_load = registry._load

    def load_slowly(point: EntryPoint) -> Any:
        time.sleep(0.05)
        return slow_load(point)

    monkeypatch.setattr(registry, "entry_points", lambda group: points)
    monkeypatch.setattr(registry, "_load", load_slowly)
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_BROKEN", {})
    monkeypatch.setattr(registry, "_discovered", False)
    with ThreadPoolExecutor(max_workers=8) as pool:
        seen = list(pool.map(lambda _: sorted(g.name for g in all_games()), range(8)))
    assert seen == [["africa1880", "namibia"]] * 8


def test_a_game_named_in_meeple_games_is_found_without_an_entry_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """MEEPLE_GAMES: ``module:object`` entries, comma separated, loaded like entry
    points named after their game; a broken one is left out with its reason."""
    monkeypatch.setenv(registry.ENV_GAMES, "tests.engine.toy:ToyGame , tests.engine.no_such:GAME")
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_BROKEN", {})
    monkeypatch.setattr(registry, "_discovered", False)
    with pytest.warns(RuntimeWarning, match="no_such"):
        assert [g.name for g in all_games()] == ["toy"]
    assert list(registry.broken_games()) == ["tests.engine.no_such:GAME"]
