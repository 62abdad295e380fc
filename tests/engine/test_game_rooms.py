"""Every game lives in the same rooms (issue 29, point 2; docs/architecture.md has the
table): the same file for the same role in the four games and the example, Goofspiel.

Read from the folders with ``ast`` and ``tokenize`` (nothing is imported): the files
each role needs, the names that are gone, the dispatcher ``rules/apply.py``, a
``game.py`` that only delegates, one ``provenance`` field in every data file, a
page per game in docs/games/, and typed views: no ``Any`` or ``JSON`` in the modules
that read views, except on lines marked ``# JSON edge``.
"""

from __future__ import annotations

import ast
import io
import json
import tokenize
from pathlib import Path

import pytest

from meeple.engine.provenance import read_provenance

ROOT = Path(__file__).resolve().parents[2]
GAMES = {
    "namibia": ROOT / "meeple/games/namibia",
    "mombasa": ROOT / "meeple/games/mombasa",
    "newworld": ROOT / "meeple/games/newworld",
    "africa1880": ROOT / "meeple/games/africa1880",
    "goofspiel": ROOT / "tests/example_game/meeple_goofspiel",
}
THE_FOUR = [name for name in GAMES if name != "goofspiel"]

# role -> file, for every game and the example.
EVERY_GAME = {
    "registry entry (GAME)": "__init__.py",
    "the engine's adapter": "game.py",
    "the state class and phase constants": "state.py",
    "action space / codec": "actions.py",
    "everything before the first decision": "setup.py",
    "components": "board.py",
    "the dispatcher": "rules/apply.py",
    "why an action is refused": "rules/explain.py",
    "the words": "texts.py",
    "typed views, build_view, determinize": "view.py",
    "final scores, result": "scoring.py",
    "the board drawing, PRESENTATION": "svg.py",
    "terminal text, render_text": "render.py",
    "learning encoding": "encoding.py",
    "positions for tests, validate": "positions.py",
    "the heuristic bot": "bots/heuristic.py",
}
# roles the example does not play (no browser controls, replay story or help page).
THE_FOUR_ONLY = {
    "decisions as browser controls": "controls.py",
    "the story of a game": "story.py",
    "help": "guide.py",
    "the help page": "help.md",
}
GONE = {
    "common.py": "the words are texts.py",
    "choices.py": "browser controls are controls.py",
    "wording.py": "the words are texts.py (a control's words controls.py)",
    "rules/setup.py": "setup is one module, setup.py",
    "rules/log.py": "the words are texts.py",
}
NOT_THE_DISPATCHER = ("rules/turn.py", "rules/decisions.py")  # may stay as phase modules
DISPATCHER = {"to_act": 1, "legal_actions": 2, "apply_action": 3}  # name -> parameters
OLD_MARKERS = ("reconstructed", "printed", "schema")
VIEW_READERS = (
    "view.py",
    "render.py",
    "svg.py",
    "encoding.py",
    "controls.py",
    "story.py",
    "guide.py",
)
UNTYPED = {"Any", "JSON"}
EDGE = "# JSON edge"
CONTROL_FLOW = (ast.If, ast.For, ast.While, ast.Try, ast.With, ast.Match)

games = pytest.mark.parametrize("name", list(GAMES))


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def required(name: str) -> dict[str, str]:
    return {**EVERY_GAME, **(THE_FOUR_ONLY if name in THE_FOUR else {})}


@games
def test_every_role_has_its_file(name: str) -> None:
    folder = GAMES[name]
    missing = [f"{file} ({role})" for role, file in required(name).items()]
    missing = [m for m in missing if not (folder / m.split(" ")[0]).is_file()]
    assert not missing, f"{name}: no file for " + "; ".join(missing)
    assert sorted((folder / "data").glob("*.json")), f"{name}: board.py's data/*.json is missing"


@games
def test_retired_names_are_gone(name: str) -> None:
    folder = GAMES[name]
    left = [f"{file} ({why})" for file, why in GONE.items() if (folder / file).exists()]
    for file in NOT_THE_DISPATCHER:
        path = folder / file
        if path.is_file() and set(DISPATCHER) & top_level_functions(parse(path)):
            left.append(f"{file} defines the dispatcher's functions (rules/apply.py does)")
    assert not left, f"{name}: " + "; ".join(left)


def top_level_functions(tree: ast.Module) -> set[str]:
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def exported(tree: ast.Module) -> dict[str, int | None]:
    """Top-level names a module defines or imports: a function's parameter count,
    None for an imported name (its signature is its own module's)."""
    names: dict[str, int | None] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names[node.name] = len(node.args.posonlyargs) + len(node.args.args)
        elif isinstance(node, ast.ImportFrom):
            names.update({alias.asname or alias.name: None for alias in node.names})
    return names


@games
def test_rules_apply_is_the_dispatcher(name: str) -> None:
    path = GAMES[name] / "rules/apply.py"
    assert path.is_file(), f"{name}: rules/apply.py (the dispatcher) is missing"
    names = exported(parse(path))
    wrong = [
        f"{function}({count} parameters)"
        for function, count in DISPATCHER.items()
        if function not in names or names[function] not in (None, count)
    ]
    assert not wrong, f"{name}: rules/apply.py needs " + ", ".join(wrong)


@games
def test_game_py_only_delegates(name: str) -> None:
    tree = parse(GAMES[name] / "game.py")
    logic = [
        f"{cls.name}.{method.name} (line {flow.lineno})"
        for cls in tree.body
        if isinstance(cls, ast.ClassDef)
        for method in cls.body
        if isinstance(method, ast.FunctionDef)
        for flow in ast.walk(method)
        if isinstance(flow, CONTROL_FLOW)
    ]
    assert not logic, f"{name}: game.py decides things its modules should: " + ", ".join(logic)


@games
def test_every_data_file_says_where_its_facts_come_from(name: str) -> None:
    problems = []
    for path in sorted((GAMES[name] / "data").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        problems += [f"data/{path.name}: {p}" for p in provenance_problems(json.loads(text))]
    assert not problems, f"{name}: " + "; ".join(problems)


def provenance_problems(data: object) -> list[str]:
    """What is wrong with a data file's provenance, as the engine's reader says it."""
    if not isinstance(data, dict):
        return ["the file is not an object, so it has no provenance field"]
    problems = [f"old marker {key!r} (now provenance)" for key in OLD_MARKERS if key in data]
    try:
        read_provenance(data, "the file")
    except ValueError as fault:
        problems.append(str(fault))
    return problems


@pytest.mark.parametrize("name", THE_FOUR)
def test_every_game_has_its_page_in_docs_games(name: str) -> None:
    assert (ROOT / "docs/games" / f"{name}.md").is_file(), f"docs/games/{name}.md is missing"
    assert not (ROOT / "docs" / f"{name}.md").exists(), f"docs/{name}.md moves to docs/games/"


def untyped_uses(source: str) -> list[int]:
    """Lines that name ``Any`` or ``JSON`` (as code, not in strings or comments)
    without the ``# JSON edge`` mark."""
    lines = source.splitlines()
    return sorted(
        {
            token.start[0]
            for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type == tokenize.NAME
            and token.string in UNTYPED
            and EDGE not in lines[token.start[0] - 1]
        }
    )


def view_readers(folder: Path) -> list[Path]:
    found = [folder / file for file in VIEW_READERS if (folder / file).is_file()]
    return found + sorted((folder / "bots").glob("*.py"))


@games
def test_view_readers_name_no_any_or_json_but_at_the_edge(name: str) -> None:
    folder = GAMES[name]
    found = []
    for path in view_readers(folder):
        lines = untyped_uses(path.read_text(encoding="utf-8"))
        if lines:
            shown = ", ".join(str(n) for n in lines[:8]) + (" ..." if len(lines) > 8 else "")
            found.append(f"{path.relative_to(folder)} lines {shown}")
    assert not found, f"{name}: Any/JSON outside '{EDGE}' lines: " + "; ".join(found)


def test_the_checks_see_what_they_look_for() -> None:
    source = (
        "from typing import Any\n"
        "x: dict[str, Any] = {}  # JSON edge\n"
        "'''Any JSON in a docstring'''\n"
        "y: JSON  # a comment naming Any\n"
    )
    assert untyped_uses(source) == [1, 4]
    assert provenance_problems({"provenance": {"kind": "printed", "source": "the box"}}) == []
    assert provenance_problems({"schema": "x"}) == [
        "old marker 'schema' (now provenance)",
        "the file: 'provenance' must be an object with 'kind' and 'source'",
    ]
    tree = ast.parse("from m import to_act\ndef legal_actions(s, seat): ...\n")
    assert exported(tree) == {"to_act": None, "legal_actions": 2}
