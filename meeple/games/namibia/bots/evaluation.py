"""A Namibia position read from a seat's view: rail links, and each seat's worth.

Everything here is computed from ``Game.view`` data plus the public, static board
geometry (``meeple.games.namibia.board.BOARD``); nothing reads a game state.

``worth(view)`` estimates each seat's final reputation: reputation now, money at
the end-of-game rate, and the cubes its mines can still turn into money, weighted
by how well each mine reaches the ports (rulebook hints: spread over commodities,
keep access to ports, balance cash against the rising prices).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from meeple.games.namibia.board import BOARD, COMMODITIES
from meeple.games.namibia.view import NamibiaView, SpaceView

ROUNDS = 6
END_GM_PER_POINT = 5
SHIPPING_PHASES = ("setup", "bribe", "construction", "shipping")


@cache
def _edge_by_label() -> dict[str, int]:
    return {BOARD.edge_label(e): e for e in range(len(BOARD.edges))}


@cache
def _space_by_label() -> dict[str, int]:
    return {label: i for i, label in enumerate(BOARD.labels)}


def space_index(label: str) -> int:
    return _space_by_label()[label]


def railed_edges(view: NamibiaView) -> frozenset[int]:
    table = _edge_by_label()
    return frozenset(table[label] for label in view["rails"])


@cache
def _edge_neighbors() -> tuple[tuple[int, ...], ...]:
    """Per edge, the edges that share a corner with it (where a rail may continue)."""
    return tuple(
        tuple(sorted({o for c in BOARD.edge_corners[e] for o in BOARD.corner_edges[c] if o != e}))
        for e in range(len(BOARD.edges))
    )


def port_reach(rails: frozenset[int]) -> tuple[frozenset[int], ...]:
    """Per port, the spaces with a railed side in that port's rail network."""
    near = _edge_neighbors()
    reach = []
    for port_space in BOARD.ports:
        seen = {e for e in BOARD.space_edges[port_space] if e in rails}
        frontier = list(seen)
        while frontier:
            for other in near[frontier.pop()]:
                if other in rails and other not in seen:
                    seen.add(other)
                    frontier.append(other)
        reach.append(frozenset(space for e in seen for space in BOARD.edges[e]))
    return tuple(reach)


def rail_distance(rails: frozenset[int], linked: frozenset[int]) -> dict[int, int]:
    """Per space: how many more rails join one of its sides to a port network.

    A breadth-first search over edges in layers, from every railed edge touching a
    linked space: entering a railed edge costs nothing, an empty one a rail to lay.
    Spaces no edge reaches are absent.
    """
    near = _edge_neighbors()
    railed = [False] * len(near)
    for edge in rails:
        railed[edge] = True
    dist = [-1] * len(near)
    layer = [e for e in rails if any(s in linked for s in BOARD.edges[e])]
    for edge in layer:
        dist[edge] = 0
    cost = 0
    while layer:
        _spread_along_rails(layer, near, railed, dist, cost)
        cost += 1
        layer = _next_layer(layer, near, dist, cost)
    return _nearest_per_space(dist)


def _spread_along_rails(
    layer: list[int],
    near: tuple[tuple[int, ...], ...],
    railed: list[bool],
    dist: list[int],
    cost: int,
) -> None:
    """Add to ``layer`` every railed edge reachable from it at no further cost."""
    stack = list(layer)
    while stack:
        for other in near[stack.pop()]:
            if railed[other] and dist[other] < 0:
                dist[other] = cost
                stack.append(other)
                layer.append(other)


def _next_layer(
    layer: list[int], near: tuple[tuple[int, ...], ...], dist: list[int], cost: int
) -> list[int]:
    """The unreached edges next to ``layer``: one rail more away."""
    found = []
    for edge in layer:
        for other in near[edge]:
            if dist[other] < 0:
                dist[other] = cost
                found.append(other)
    return found


def _nearest_per_space(dist: list[int]) -> dict[int, int]:
    result: dict[int, int] = {}
    for edge, d in enumerate(dist):
        if d < 0:
            continue
        for space in BOARD.edges[edge]:
            if d < result.get(space, 99):
                result[space] = d
    return result


@dataclass(frozen=True)
class Links:
    """How each space reaches the ports through the rail network."""

    ports: tuple[frozenset[int], ...]
    distance: dict[int, int]

    def count(self, space: int) -> int:
        return sum(space in reach for reach in self.ports)


def links(view: NamibiaView) -> Links:
    return _links(railed_edges(view))


@lru_cache(maxsize=4096)
def _links(rails: frozenset[int]) -> Links:
    ports = port_reach(rails)
    linked = frozenset().union(*ports)
    return Links(ports, rail_distance(rails, linked))


def rounds_of_shipping_left(view: NamibiaView) -> int:
    """Shipping phases still to come, this round's included if not yet past."""
    phase: str = view["phase"]
    later = ROUNDS - int(view["round"])
    if phase.startswith(SHIPPING_PHASES):
        return later + 1
    return later


def reach_factor(links: Links, space: int) -> float:
    """Share of a mine's cubes we expect to sell, by its access to ports."""
    linked = links.count(space)
    if linked >= 2:
        return 0.85
    if linked == 1:
        return 0.7
    gap = links.distance.get(space, 99)
    return max(0.2, 0.5 - 0.05 * gap)


def mine_worth(view: NamibiaView, links: Links, space: SpaceView, shipping_left: int) -> float:
    """Expected GM a mine will still earn its owner."""
    commodity, mine = space["commodity"], space["mine"]
    price = view["market"][commodity]["price"] if commodity else 0
    cubes = space["cubes"]
    index = space_index(space["label"])
    if not (mine and mine["complete"]):
        if shipping_left <= 1:
            return float(cubes * max(1, price - 1))  # paid at the end of the game
        cubes += 1
        shipping_left -= 1
    if shipping_left <= 0:
        return 0.0
    factor = reach_factor(links, index)
    if shipping_left == 1:
        factor *= 0.8
    return float(cubes * price * factor)


def prospect_worth(view: NamibiaView, links: Links, seat: int) -> float:
    """Worth of the best free seam the seat may still mine, discounted for rivals."""
    shipping_left = rounds_of_shipping_left(view)
    if shipping_left < 2 or view["players"][seat]["mine_heads"] == 0:
        return 0.0
    banned = view["players"][seat]["excluded"]
    best = 0.0
    for space in view["spaces"]:
        kind = space["commodity"]
        if not kind or kind == banned or space["mine"] is not None:
            continue
        price = view["market"][kind]["price"]
        value = (space["cubes"] + 1) * price * reach_factor(links, space_index(space["label"]))
        best = max(best, value)
    return 0.3 * best


def truck_worth(view: NamibiaView, links: Links, seat: int) -> float:
    label = view["players"][seat]["truck"]
    if not label or rounds_of_shipping_left(view) == 0:
        return 0.0
    space = view["spaces"][space_index(label)]
    if not space["cubes"] or not space["commodity"]:
        return 0.0
    price = view["market"][space["commodity"]]["price"]
    return float(price) * (0.25 if links.count(space_index(label)) else 0.6)


def money_rate(view: NamibiaView) -> float:
    """GM per reputation point the seat can still convert at."""
    return 4.0 if view["round"] <= 3 else 4.5 if view["round"] <= 5 else END_GM_PER_POINT


def spread_bonus(kinds: Sequence[str]) -> float:
    """Hint: do not concentrate on one commodity; a small bonus per extra kind."""
    return 0.6 * max(0, len(set(kinds)) - 1)


def worth(view: NamibiaView, link: Links | None = None) -> list[float]:
    """Estimated final reputation of every seat (eliminated seats: -100)."""
    link = link or links(view)
    shipping_left = rounds_of_shipping_left(view)
    rate = money_rate(view)
    result = []
    for player in view["players"]:
        seat = player["seat"]
        if player["eliminated"]:
            result.append(-100.0)
            continue
        gm = float(player["money"])
        kinds = []
        for space in view["spaces"]:
            if space["mine"] and space["mine"]["owner"] == seat:
                gm += mine_worth(view, link, space, shipping_left)
                if space["commodity"]:
                    kinds.append(space["commodity"])
        gm += prospect_worth(view, link, seat) + truck_worth(view, link, seat)
        value = player["reputation"] + gm / rate
        if shipping_left >= 2:
            value += spread_bonus(kinds)
        result.append(value)
    return result


def relative(values: Sequence[float], seat: int) -> float:
    """A seat's lead: its worth against the best and the average rival."""
    others = [v for i, v in enumerate(values) if i != seat]
    if not others:
        return values[seat]
    return values[seat] - 0.6 * max(others) - 0.4 * sum(others) / len(others)


def win_chances(values: Sequence[float], view: NamibiaView) -> list[float]:
    """Softmax of worth: the less game is left, the sharper the estimate."""
    spread = 1.5 + 1.2 * rounds_of_shipping_left(view)
    top = max(values)
    weights = [math.exp((v - top) / spread) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def commodity_index(name: str) -> int:
    return COMMODITIES.index(name)
