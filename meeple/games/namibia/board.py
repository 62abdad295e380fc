"""The Namibia board: a validated hex map with its rail edges and their corners.

The board data (data/board.json, data/cards.json) is reconstructed, as each file's
``provenance`` field says (``meeple.engine.provenance`` checks it); see docs/games/namibia.md
for the schema. ``load_board`` validates every constraint the rulebook states, and
that rail can join every mining space to a port, and raises ``BoardDataError``
naming the one that fails.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

from meeple.engine.provenance import Provenance, read_provenance

Commodity = Literal["diamond", "gold", "silver", "copper"]
COMMODITIES: tuple[Commodity, ...] = ("diamond", "gold", "silver", "copper")
KINDS = len(COMMODITIES)
COMMODITY_SYMBOLS = ("C", "Au", "Ag", "Cu")
ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

SpaceKind = Literal["land", "port", "expansion"]
LAND: SpaceKind = "land"
PORT: SpaceKind = "port"
EXPANSION: SpaceKind = "expansion"

# Axial directions of a pointy-top hex grid, in counter-clockwise order:
# east, north-east, north-west, west, south-west, south-east.
_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class BoardDataError(ValueError):
    """The board or card data breaks a constraint of the rulebook or the schema."""


DATA_FILES = ("board.json", "cards.json")


def data_provenance() -> dict[str, Provenance]:
    """Each data file's provenance, by file name (``Game.reconstructed`` says so
    while any of them is reconstructed)."""
    return {name: read_provenance(_read(name), name, BoardDataError) for name in DATA_FILES}


@dataclass(frozen=True)
class Board:
    """Immutable geometry shared by every Namibia state."""

    labels: tuple[str, ...]
    positions: tuple[tuple[int, int], ...]
    kinds: tuple[SpaceKind, ...]
    usable: tuple[bool, ...]
    neighbors: tuple[tuple[int, ...], ...]
    ports: tuple[int, ...]
    port_keys: tuple[str, ...]
    port_names: tuple[str, ...]
    initial_spaces: tuple[int, ...]
    etosha: int
    edges: tuple[tuple[int, int], ...]
    edge_corners: tuple[tuple[int, int], ...]
    corner_edges: tuple[tuple[int, ...], ...]
    space_edges: tuple[tuple[int, ...], ...]
    edge_neighbors: tuple[tuple[int, ...], ...]
    preprinted_rails: tuple[int, ...]
    etosha_rails: tuple[int, ...]
    card_excludes: dict[int, tuple[int, ...]]

    def space(self, label: str) -> int:
        return self.labels.index(label.upper())

    def edge(self, a: int, b: int) -> int:
        pair = (min(a, b), max(a, b))
        return self.edges.index(pair)

    def edge_label(self, edge: int) -> str:
        a, b = self.edges[edge]
        return f"{self.labels[a]}-{self.labels[b]}"


def _axial(row: int, col: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def _read(name: str) -> dict[str, Any]:
    """A data file, its ``provenance`` checked."""
    text = resources.files("meeple.games.namibia").joinpath("data", name).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    read_provenance(data, name, BoardDataError)
    return data


@cache
def load_board() -> Board:
    return build_board(_read("board.json"), _read("cards.json"))


def build_board(data: dict[str, Any], cards: dict[str, Any]) -> Board:
    """Turn the data files into a Board, checking the rulebook's constraints."""
    board = assemble_board(data, cards)
    validate(board)
    return board


def assemble_board(data: dict[str, Any], cards: dict[str, Any]) -> Board:
    """Turn the data files into a Board without checking the rulebook's constraints
    (``build_board`` checks them); for tools and tests that inspect broken data."""
    cells = _parse_map(data["map"])
    labels = tuple(label for label, _, _ in cells)
    positions = tuple(pos for _, pos, _ in cells)
    symbols = tuple(symbol for _, _, symbol in cells)
    at = {_axial(*pos): i for i, pos in enumerate(positions)}
    neighbors = tuple(_neighbors_of(positions[i], at) for i in range(len(cells)))
    kinds = tuple(_KIND_OF[s] for s in symbols)
    ports, keys, names = _ports(data["ports"], labels, kinds)
    edges, edge_corners, corner_edges, space_edges = _rail_geometry(positions, at)
    board = Board(
        labels=labels,
        positions=positions,
        kinds=kinds,
        usable=tuple(k == LAND for k in kinds),
        neighbors=neighbors,
        ports=ports,
        port_keys=keys,
        port_names=names,
        initial_spaces=tuple(i for i, s in enumerate(symbols) if s == "I"),
        etosha=_single(symbols, "E", "Etosha National Park"),
        edges=edges,
        edge_corners=edge_corners,
        corner_edges=corner_edges,
        space_edges=space_edges,
        edge_neighbors=tuple(
            tuple(sorted({f for c in corners for f in corner_edges[c]} - {e}))
            for e, corners in enumerate(edge_corners)
        ),
        preprinted_rails=(),
        etosha_rails=(),
        card_excludes=_cards(cards),
    )
    return _with_rails(board, data["etosha_rails"])


_KIND_OF: dict[str, SpaceKind] = {".": LAND, "I": LAND, "E": LAND, "X": EXPANSION, "P": PORT}


def _parse_map(rows: list[str]) -> list[tuple[str, tuple[int, int], str]]:
    cells = []
    for r, row in enumerate(rows):
        for c, symbol in enumerate(row):
            if symbol == "-":
                continue
            if symbol not in _KIND_OF:
                raise BoardDataError(f"map row {r + 1} has unknown symbol {symbol!r}")
            cells.append((f"{ROW_LETTERS[r]}{c + 1}", (r, c), symbol))
    return cells


def _neighbors_of(pos: tuple[int, int], at: dict[tuple[int, int], int]) -> tuple[int, ...]:
    q, r = _axial(*pos)
    found = (at.get((q + dq, r + dr)) for dq, dr in _DIRECTIONS)
    return tuple(n for n in found if n is not None)


def _single(symbols: tuple[str, ...], symbol: str, what: str) -> int:
    found = [i for i, s in enumerate(symbols) if s == symbol]
    if len(found) != 1:
        raise BoardDataError(f"the board needs exactly one {what} space, found {len(found)}")
    return found[0]


def _ports(
    raw: dict[str, dict[str, str]], labels: tuple[str, ...], kinds: tuple[SpaceKind, ...]
) -> tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...]]:
    port_cells = [i for i, k in enumerate(kinds) if k == PORT]
    named = sorted(labels.index(label) for label in raw if label in labels)
    if named != port_cells or len(raw) != len(port_cells):
        raise BoardDataError("every port space on the map needs exactly one entry in 'ports'")
    ports = tuple(port_cells)
    keys = tuple(raw[labels[i]]["key"] for i in ports)
    names = tuple(raw[labels[i]]["name"] for i in ports)
    return ports, keys, names


def _rail_geometry(
    positions: tuple[tuple[int, int], ...], at: dict[tuple[int, int], int]
) -> tuple[
    tuple[tuple[int, int], ...],
    tuple[tuple[int, int], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
]:
    """Rail edges are the sides shared by two board spaces; rails meet at corners.

    A corner is named by the three hexes (on or off the board) that meet there.
    """
    edges: list[tuple[int, int]] = []
    corners_of_edge: list[tuple[frozenset[tuple[int, int]], ...]] = []
    for i, pos in enumerate(positions):
        q, r = _axial(*pos)
        for d, (dq, dr) in enumerate(_DIRECTIONS):
            j = at.get((q + dq, r + dr))
            if j is None or j < i:
                continue
            before, after = _DIRECTIONS[d - 1], _DIRECTIONS[(d + 1) % 6]
            here, there = (q, r), (q + dq, r + dr)
            corner_a = frozenset({here, there, (q + before[0], r + before[1])})
            corner_b = frozenset({here, there, (q + after[0], r + after[1])})
            edges.append((i, j))
            corners_of_edge.append((corner_a, corner_b))
    corner_ids: dict[frozenset[tuple[int, int]], int] = {}
    edge_corners = []
    for first, second in corners_of_edge:
        ids = tuple(corner_ids.setdefault(c, len(corner_ids)) for c in (first, second))
        edge_corners.append((ids[0], ids[1]))
    corner_edges: list[list[int]] = [[] for _ in corner_ids]
    space_edges: list[list[int]] = [[] for _ in positions]
    for e, ((a, b), (ca, cb)) in enumerate(zip(edges, edge_corners, strict=True)):
        corner_edges[ca].append(e)
        corner_edges[cb].append(e)
        space_edges[a].append(e)
        space_edges[b].append(e)
    return (
        tuple(edges),
        tuple(edge_corners),
        tuple(tuple(c) for c in corner_edges),
        tuple(tuple(s) for s in space_edges),
    )


def _cards(raw: dict[str, Any]) -> dict[int, tuple[int, ...]]:
    """Excluded commodity per card, indexed by player count (3 or 4)."""
    result: dict[int, tuple[int, ...]] = {}
    for count, key in ((4, "four_players_excludes"), (3, "three_players_excludes")):
        try:
            result[count] = tuple(COMMODITIES.index(card[key]) for card in raw["cards"])
        except ValueError as exc:
            raise BoardDataError(f"cards.json: {key} must name a commodity: {exc}") from exc
    return result


def _with_rails(board: Board, etosha_pairs: list[list[str]]) -> Board:
    preprinted = tuple(board.edge(port, n) for port in board.ports for n in board.neighbors[port])
    etosha = tuple(board.edge(board.space(a), board.space(b)) for a, b in etosha_pairs)
    return Board(**{**board.__dict__, "preprinted_rails": preprinted, "etosha_rails": etosha})


def validate(board: Board) -> None:
    """Check the rulebook's constraints on the board ("The Game Board", "Getting Started")."""
    _require(len(board.ports) == 4, "the board has four ports")
    _require("Lüderitz" in board.port_names, "one of the ports is Lüderitz")
    for port in board.ports:
        land = [n for n in board.neighbors[port] if board.kinds[n] == LAND]
        _require(
            len(land) == len(board.neighbors[port]) == 3,
            f"port {board.labels[port]} has three land-facing sides with pre-printed rails",
        )
        row, col = board.positions[port]
        _require(
            all(
                i == port or board.positions[i][0] != row or board.positions[i][1] > col
                for i in range(len(board.labels))
            ),
            f"port {board.labels[port]} is on the coast (westernmost space of its row)",
        )
    _require(len(board.initial_spaces) == 4, "there are four initial placement spaces")
    _require(
        all(board.usable[i] for i in board.initial_spaces),
        "initial placement spaces are mining spaces",
    )
    expansions = [i for i, k in enumerate(board.kinds) if k == EXPANSION]
    _require(len(expansions) == 3, "there are three possible-expansion spaces")
    _require(len(board.etosha_rails) == 2, "the three-player game puts two rails on Etosha")
    _require(
        all(board.etosha in board.edges[e] for e in board.etosha_rails),
        "the Etosha rails lie along sides of the Etosha space",
    )
    _require(
        set(board.edge_corners[board.etosha_rails[0]])
        & set(board.edge_corners[board.etosha_rails[1]])
        != set(),
        "the two Etosha rails touch, forming one small network",
    )
    _require(_connected(board), "every space of the board is reachable from every other")
    stranded = [board.labels[i] for i in stranded_spaces(board)]
    _require(
        not stranded,
        "every mining space can be joined to a port by rail (2.4 Place Rails: rails lie"
        " along sides shared by two spaces and connect to an existing rail); stranded: "
        + ", ".join(stranded),
    )
    for count in (3, 4):
        _require(len(board.card_excludes[count]) == 4, "there are four player summary cards")


def railable_edges(board: Board) -> frozenset[int]:
    """The sides that can ever take a rail: those joined, corner to corner through
    other sides, to a port's pre-printed rails. Rails lie along sides shared by two
    spaces, and a new rail must connect to an existing one (2.4 Place Rails), so a
    side whose corners touch no other such side, or only sides cut off from the
    ports, never carries a rail that reaches a port."""
    seen = set(board.preprinted_rails)
    frontier = list(seen)
    while frontier:
        for other in board.edge_neighbors[frontier.pop()]:
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    return frozenset(seen)


def stranded_spaces(board: Board) -> tuple[int, ...]:
    """Mining spaces with no side that rail can ever join to a port: a mine there
    could ship by truck only, one cube a round."""
    railable = railable_edges(board)
    return tuple(
        i
        for i in range(len(board.labels))
        if board.usable[i] and not railable.intersection(board.space_edges[i])
    )


def _connected(board: Board) -> bool:
    seen = {0}
    frontier = [0]
    while frontier:
        for n in board.neighbors[frontier.pop()]:
            if n not in seen:
                seen.add(n)
                frontier.append(n)
    return len(seen) == len(board.labels)


def _require(condition: bool, rule: str) -> None:
    if not condition:
        raise BoardDataError(f"board data breaks the rule: {rule}")


BOARD = load_board()
"""The board every state shares, read and validated once at import."""
