"""No import cycles between the modules of meeple (issue 29, point 4).

The graph is read from the source with ``ast`` (nothing is imported): a node is a
module of meeple/ or of the example game's package, meeple_goofspiel (a package is
its ``__init__``), and an edge A -> B means A's code
imports B when it runs, at module level or inside a function. Imports under
``if TYPE_CHECKING:`` do not count: they never run, so they cannot make an import
order matter, and a contract and its parts may name each other's types (the engine's
``Game`` returns a ``BotKit`` and a ``Bot`` receives a ``Game``). ``from P import x``
is an edge to ``P.x`` when that is a module, else to ``P``. Importing ``P.x`` also runs
``P``'s ``__init__``, but that implicit edge is left out (with it, every package whose
``__init__`` re-exports its modules would be a cycle).

Besides modules, the top-level rooms (meeple.engine, meeple.ai, meeple.rl, each game
package, ...) must not import each other in a circle either: tournament -> rl -> tournament
is a cycle even when no single module pair is.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = (ROOT / "meeple", ROOT / "tests/example_game/meeple_goofspiel")

Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    package = next(p for p in PACKAGES if p in path.parents)
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {
    module_name(path): path for package in PACKAGES for path in sorted(package.rglob("*.py"))
}


def is_type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", "")
    return name == "TYPE_CHECKING"


def runtime_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of a module that can run, skipping TYPE_CHECKING blocks."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and is_type_checking(node.test):
            for other in node.orelse:
                yield from runtime_imports(ast.Module(body=[other], type_ignores=[]))
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        yield from runtime_imports(node)


def base_of(module: str, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` names (relative levels resolved)."""
    if not node.level:
        return node.module or ""
    is_package = MODULES[module].name == "__init__.py"
    parts = module.split(".")
    anchor = parts[: len(parts) - node.level + (1 if is_package else 0)]
    return ".".join([*anchor, *([node.module] if node.module else [])])


def owning_module(name: str) -> str | None:
    """The longest prefix of a dotted name that is a module of meeple."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in MODULES:
            return candidate
    return None


def targets(module: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            found = owning_module(alias.name)
            if found:
                yield found
        return
    base = base_of(module, node)
    for alias in node.names:
        found = owning_module(f"{base}.{alias.name}") or owning_module(base)
        if found:
            yield found


def import_graph() -> Graph:
    graph: Graph = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        edges = {t for node in runtime_imports(tree) for t in targets(module, node)}
        graph[module] = edges - {module}
    return graph


def room_of(module: str) -> str:
    """The top-level room of a module: meeple.<part>, meeple.games.<game>, or an
    outside game's package."""
    parts = module.split(".")
    if parts[0] != "meeple":
        return parts[0]
    return ".".join(parts[:3] if parts[1:2] == ["games"] and len(parts) > 2 else parts[:2])


def room_graph(graph: Graph) -> Graph:
    rooms: Graph = {}
    for module, edges in graph.items():
        here = room_of(module)
        rooms.setdefault(here, set()).update(room_of(t) for t in edges if room_of(t) != here)
    return rooms


def cycles(graph: Graph) -> list[list[str]]:
    """One shortest cycle through each tangle, sorted; empty: the graph has no cycle."""
    return sorted(one_cycle(graph, set(tangle)) for tangle in tangles(graph))


def tangles(graph: Graph) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan), sorted:
    every module of one can reach every other through imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def one_cycle(graph: Graph, component: set[str]) -> list[str]:
    """A shortest cycle through the first member of a strongly connected component."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        step = []
        for node in frontier:
            for other in sorted(graph[node] & component):
                if other == start:
                    return paths[node] + [start]
                if other not in paths:
                    paths[other] = paths[node] + [other]
                    step.append(other)
        frontier = step
    raise AssertionError(f"{sorted(component)} is not strongly connected")


def describe(graph: Graph, found: list[list[str]]) -> str:
    """Each cycle, and every module tangled with it when there are more."""
    lines = ["import cycles:"]
    for cycle in found:
        lines.append("  " + " -> ".join(cycle))
        tangle = next(t for t in tangles(graph) if cycle[0] in t)
        if len(tangle) > len(cycle) - 1:
            lines.append(f"    ({len(tangle)} modules reach each other: {', '.join(tangle)})")
    return "\n".join(lines)


GRAPH = import_graph()


def test_the_graph_sees_function_level_and_relative_imports() -> None:
    assert "meeple.engine.actions" in GRAPH["meeple.engine.game"]
    assert "meeple.engine.game" not in GRAPH["meeple.engine.bots"]  # TYPE_CHECKING only
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert tangles({"a": {"b"}, "b": {"a", "c"}, "c": {"b"}}) == [["a", "b", "c"]]
    assert room_of("meeple.games.namibia.rules.apply") == "meeple.games.namibia"
    assert room_of("meeple.rl.policy") == "meeple.rl"
    assert room_of("meeple_goofspiel.rules.apply") == "meeple_goofspiel"
    assert "meeple_goofspiel.rules.bidding" in GRAPH["meeple_goofspiel.rules.apply"]


def test_no_module_imports_itself_in_a_circle() -> None:
    found = cycles(GRAPH)
    assert not found, describe(GRAPH, found)


def test_no_room_imports_itself_in_a_circle() -> None:
    rooms = room_graph(GRAPH)
    found = cycles(rooms)
    assert not found, describe(rooms, found)
