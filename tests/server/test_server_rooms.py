"""The server stays in rooms of one purpose (docs/server.md, "The server's rooms"):
no class of ``meeple.server`` has more than ``MAX_METHODS`` methods, no constructor
takes more than ``MAX_COLLABORATORS`` collaborators, and no line silences mypy with
``type: ignore``; and no room calls back into the ``Hub`` facade (only its users, the
app, the routes and the review jobs, import it). Read from the source with ``ast``:
nothing is imported or run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import meeple.server

SERVER = Path(meeple.server.__file__).parent
MAX_METHODS = 20
MAX_COLLABORATORS = 6
# The facade's users: everything else is a room the facade wires, and never imports it.
HUB_USERS = {"app.py", "review_jobs.py", "routes"}


def modules() -> list[Path]:
    return sorted(SERVER.rglob("*.py"))


def classes(path: Path) -> list[ast.ClassDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]


def methods(cls: ast.ClassDef) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function defined in the class's body (properties and static ones too)."""
    return [n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def collaborators(cls: ast.ClassDef) -> int:
    """The parameters of the class's own ``__init__`` but ``self`` (0 without one)."""
    for method in methods(cls):
        if method.name == "__init__":
            args = method.args
            named = len(args.posonlyargs) + len(args.args) + len(args.kwonlyargs) - 1
            return named + (args.vararg is not None) + (args.kwarg is not None)
    return 0


def where(path: Path, cls: ast.ClassDef) -> str:
    return f"{path.relative_to(SERVER.parent.parent)}:{cls.lineno} {cls.name}"


def test_the_scan_finds_the_servers_classes() -> None:
    names = {cls.name for path in modules() for cls in classes(path)}
    assert {"Hub", "Seats", "Store", "Views", "Table"} <= names


def test_no_server_class_has_more_than_twenty_methods() -> None:
    big = [
        f"{where(path, cls)}: {len(methods(cls))} methods"
        for path in modules()
        for cls in classes(path)
        if len(methods(cls)) > MAX_METHODS
    ]
    assert not big, f"over {MAX_METHODS} methods: {big}"


def test_no_server_constructor_takes_more_than_six_collaborators() -> None:
    wide = [
        f"{where(path, cls)}: {collaborators(cls)} collaborators"
        for path in modules()
        for cls in classes(path)
        if collaborators(cls) > MAX_COLLABORATORS
    ]
    assert not wide, f"constructors over {MAX_COLLABORATORS} collaborators: {wide}"


def test_no_type_ignore_in_the_server() -> None:
    silenced = [
        f"{path.relative_to(SERVER.parent.parent)}:{number}"
        for path in modules()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore" in line
    ]
    assert not silenced, f"type: ignore in the server: {silenced}"


def imported(path: Path) -> set[str]:
    """The modules ``path`` imports (``from meeple.server import hub``: as
    ``meeple.server.hub``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def imports_hub(path: Path) -> bool:
    return "meeple.server.hub" in imported(path)


def test_no_room_imports_the_hub() -> None:
    rooms = [p for p in modules() if p.relative_to(SERVER).parts[0] not in HUB_USERS]
    assert any(p.name == "moves.py" for p in rooms)
    calling_back = [str(p.relative_to(SERVER)) for p in rooms if imports_hub(p)]
    assert not calling_back, f"rooms importing the Hub facade: {calling_back}"
