"""Goofspiel is a plugin: found through its entry point, built on the engine contract only."""

from __future__ import annotations

import ast
from importlib.metadata import entry_points
from pathlib import Path

import meeple_goofspiel

from meeple.engine import all_games, get_game
from meeple.engine.registry import ENTRY_POINT_GROUP

PACKAGE = Path(meeple_goofspiel.__file__).parent
MEEPLE = Path(__file__).resolve().parents[2] / "meeple"


def test_the_entry_point_is_declared_by_the_installed_package() -> None:
    points = {p.name: p for p in entry_points(group=ENTRY_POINT_GROUP)}
    assert "goofspiel" in points, "run: .venv/bin/pip install -e tests/example_game"
    point = points["goofspiel"]
    assert point.value == "meeple_goofspiel:GAME"
    assert point.dist is not None and point.dist.name == "meeple-goofspiel"


def test_the_registry_finds_it_like_meeples_own_games() -> None:
    names = [game.name for game in all_games()]
    assert {"goofspiel", "namibia", "africa1880"} <= set(names)
    game = get_game("goofspiel")
    assert game is meeple_goofspiel.GAME
    assert (game.min_players, game.max_players) == (2, 4)
    assert game.seat_names(game.make_config(4)) == ("Spades", "Hearts", "Clubs", "Stars")


def test_the_package_is_the_example_folder_outside_meeple() -> None:
    here = Path(__file__).resolve().parent
    assert here / "meeple_goofspiel" == PACKAGE
    assert not PACKAGE.is_relative_to(MEEPLE)


def test_it_imports_nothing_of_meeple_but_the_engine_contract() -> None:
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            modules: list[str] = []
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            for module in modules:
                if module.split(".")[0] == "meeple":
                    assert module.startswith("meeple.engine"), f"{path.name} imports {module}"


def test_meeple_itself_never_names_the_example_game() -> None:
    for path in MEEPLE.rglob("*"):
        if path.is_file() and path.suffix in (".py", ".js", ".html", ".toml"):
            assert "goofspiel" not in path.read_text().lower(), path


def test_its_data_file_ships_as_package_data() -> None:
    assert (PACKAGE / "data" / "cards.json").is_file()
    assert (PACKAGE / "py.typed").is_file()
    pyproject = (PACKAGE.parent / "pyproject.toml").read_text()
    assert '"*" = ["data/*.json", "py.typed"]' in pyproject
    assert 'goofspiel = "meeple_goofspiel:GAME"' in pyproject
