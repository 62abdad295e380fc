"""Namibia's board as SVG, drawn from a view alone (what the browser client shows).

Spaces are pointy-top hexes in odd-r offset rows (odd rows shifted half a space
east), as the board data describes them. Elements a player can point at carry a
``data-target`` attribute: a space's label ("c4") or a rail edge ("c4-c5"); the
generic web client offers the legal actions whose text names that target.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from html import escape
from operator import itemgetter
from typing import TypedDict

from meeple.engine import Presentation
from meeple.engine.presentation import Explanation, LegendEntry, PanelValue, compose
from meeple.games.namibia import controls as decision
from meeple.games.namibia import guide
from meeple.games.namibia import story as told
from meeple.games.namibia.board import BOARD
from meeple.games.namibia.controls import Control, position_costs
from meeple.games.namibia.rules.flow import LAST_SEAT_TURNS
from meeple.games.namibia.story import EngineEvent, event_int
from meeple.games.namibia.texts import SEAT_NAMES
from meeple.games.namibia.view import EngineView, NamibiaView, SpaceView, typed

R = 26.0
W = math.sqrt(3) * R
MARGIN = 30.0
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e")
COMMODITY_COLOURS = {
    "diamond": "#e8f4ff",
    "gold": "#f2c12e",
    "silver": "#b9bec4",
    "copper": "#b8733a",
}
KIND_FILL = {"land": "#ead9b5", "port": "#9cc7e8", "expansion": "#cfcfcf"}
_EVEN = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
_ODD = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))


def centre(row: int, col: int) -> tuple[float, float]:
    return MARGIN + W * (col + 0.5 * (row & 1)) + W / 2, MARGIN + 1.5 * R * row + R


def hex_points(x: float, y: float) -> str:
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        corners.append(f"{x + R * math.cos(angle):.1f},{y + R * math.sin(angle):.1f}")
    return " ".join(corners)


class Place(TypedDict):
    """Where a space is drawn (every ``SpaceView`` is one)."""

    label: str
    row: int
    col: int


def edges(spaces: Sequence[Place]) -> list[tuple[int, int]]:
    """Pairs (i, j), i < j, of neighbouring spaces, in the view's space order."""
    where = {(s["row"], s["col"]): i for i, s in enumerate(spaces)}
    out = []
    for i, s in enumerate(spaces):
        steps = _ODD if s["row"] & 1 else _EVEN
        for dr, dc in steps:
            j = where.get((s["row"] + dr, s["col"] + dc))
            if j is not None and j > i:
                out.append((i, j))
    return out


def shared_side(a: Place, b: Place) -> tuple[float, float, float, float]:
    x1, y1 = centre(a["row"], a["col"])
    x2, y2 = centre(b["row"], b["col"])
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    length = math.hypot(x2 - x1, y2 - y1)
    px, py = -(y2 - y1) / length, (x2 - x1) / length
    half = R / 2
    return mx - px * half, my - py * half, mx + px * half, my + py * half


def render_board(view: NamibiaView) -> str:
    """The unchanging board layer: background, hexes with labels and the click areas
    of the rail edges and the ports. It depends only on the board (the same for
    every table), so the server draws it once and the client receives it once."""
    return _board(_geometry(view["spaces"]), _port_places(view))


PortPlace = tuple[str, str, str]  # space label, action word, name


def _port_places(view: NamibiaView) -> tuple[PortPlace, ...]:
    return tuple((p["label"], p["word"] or p["key"], p["name"]) for p in view["ports"])


def render_overlay(view: NamibiaView) -> str:
    """What a state draws on top of the board: cubes, mines, rails, trucks, ports, the
    market and the players. Pieces on a space let clicks through to the space."""
    spaces = view["spaces"]
    geometry = _geometry(spaces)
    # Pieces use the board layer's <defs>. Only the cube's and the mine's fill take
    # the pointer: pointing at them shows what the space holds, clicking them is
    # clicking the space; the rest (and the middle of the hex) lets clicks through.
    parts = ['<g class="pieces" pointer-events="none" font-size="11" text-anchor="middle">']
    linked = linked_ports(tuple(view["rails"]))
    parts.extend(p for p in (_pieces(s, linked.get(s["label"], ())) for s in spaces) if p)
    parts.append("</g>")
    parts.extend(_rails(view, geometry))
    parts.extend(_trucks(view, spaces))
    parts.extend(_ports(view, spaces))
    parts.extend(_market(view, _board_width(geometry)))
    return "\n".join(parts)


Geometry = tuple[tuple[str, int, int, str], ...]

MINE_X, MINE_Y, MINE_R = 8.0, 0.0, 8.5  # the mine head's centre and radius in its space

# The pieces' shapes, drawn by the overlay with <use> relative to a space's centre
# (fill and stroke come from the <use>).
DEFS = (
    "<defs>"
    # Only the fills of cubes and mines take the pointer (for their tooltips).
    '<rect id="nb-cube" x="-17" y="-6" width="12" height="12" stroke="#333" stroke-width="0.8"'
    ' pointer-events="visibleFill"/>'
    f'<circle id="nb-mine" cx="{MINE_X}" cy="{MINE_Y}" r="{MINE_R}" stroke-width="2.5"'
    ' pointer-events="visibleFill"/>'
    '<path id="nb-abandoned" d="M-6,8 l12,8 m0,-8 l-12,8" stroke="#444" stroke-width="2"/>'
    "</defs>"
)


_PLACE = itemgetter("label", "row", "col", "kind")


def _geometry(spaces: list[SpaceView]) -> Geometry:
    return tuple(map(_PLACE, spaces))


@lru_cache(maxsize=8)
def _board_width(geometry: Geometry) -> float:
    cols = max(col for _, _, col, _ in geometry) + 1
    return MARGIN * 2 + W * (cols + 0.5)


@lru_cache(maxsize=8)
def _board(geometry: Geometry, ports: tuple[PortPlace, ...]) -> str:
    rows = max(row for _, row, _, _ in geometry) + 1
    board_w = _board_width(geometry)
    height = MARGIN * 2 + 1.5 * R * rows + R
    width = board_w + 300
    phone_h = height + PHONE_MARKET_H
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {phone_h:.0f}"'
        ' preserveAspectRatio="xMinYMin slice"'
        f' class="board namibia" data-zoom="{zoom_width(width)}px" role="img"'
        ' aria-label="Namibia board">',
        f"<style>{_arrangements(board_w, width, height)}</style>",
        '<rect x="0" y="0" width="100%" height="100%" fill="#f7f1e3"/>',
        DEFS,
    ]
    parts.extend(_space_head(*space) + "</g>" for space in geometry)
    parts.extend(hit for _, _, hit in _edge_parts(tuple(g[:3] for g in geometry)))
    parts.extend(_port_areas(geometry, ports))
    parts.append("</svg>")
    return "\n".join(parts)


# ---- the two arrangements: the market beside the map, or under it on a phone ----

SMALLEST_FONT = 11.0  # the board's smallest text: labels, cube counts, Etosha, the market
READABLE = 11.0  # px: the smallest text the enlarged board shows
PHONE_QUERY = "(max-width: 760px)"  # the table page's phone breakpoint
PHONE_MARKET_SCALE = 1.6  # the market under a phone's map: its text at 11 px or more
MARKET_TOP = 26.0  # the market's top (its first line at y 40, 13 units high)
MARKET_BOTTOM = 420.0  # below the turn-order track and its bidders
PHONE_MARKET_H = (MARKET_BOTTOM - MARKET_TOP) * PHONE_MARKET_SCALE - 14


FINGER = 28.0  # px: a mine head or a truck on the enlarged board, to be hit by a finger


def zoom_width(width: float) -> int:
    """The board's width in px at which its smallest text reads at ``READABLE`` and
    a mine head (``MINE_R``, with its stroke) is a finger wide (``data-zoom``: the
    page may enlarge the board to it)."""
    mine = 2 * MINE_R + 2.5
    return math.ceil(width * max(READABLE / SMALLEST_FONT, FINGER / mine))


def _arrangements(board_w: float, width: float, height: float) -> str:
    """Where the market goes (the drawing's own stylesheet; ``svg.namibia`` only).
    As drawn, beside the map: the whole drawing, no taller than the page's
    ``--board-height`` on a desktop. On a phone's fitted board, the map alone
    across it and the market (with the players) under it, enlarged to be read;
    the enlarged board (its card ``.zoomed``) is the whole drawing again. The
    viewBox is as tall as the phone's arrangement and as wide as the other; the
    aspect ratio shows the one in use from the top left ("slice")."""
    tx = 10 - PHONE_MARKET_SCALE * board_w
    ty = height - 14 - PHONE_MARKET_SCALE * MARKET_TOP
    phone_h = height + PHONE_MARKET_H
    phone = ":not(.zoomed)>svg.namibia"
    return (
        f"svg.namibia{{display:block;margin:0 auto;aspect-ratio:{width:.0f}/{height:.0f};"
        "height:auto!important;max-height:none!important}"
        "svg.namibia .market{transform-origin:0 0}"
        f"@media (min-width:1101px){{svg.namibia{{width:min(100%,"
        f"calc(var(--board-height,78vh)*{width:.0f}/{height:.0f}))!important}}}}"
        f"@media {PHONE_QUERY}{{{phone}{{aspect-ratio:{board_w:.0f}/{phone_h:.0f}}}"
        f"{phone} .market{{transform:translate({tx:.1f}px,{ty:.1f}px)"
        f" scale({PHONE_MARKET_SCALE})}}}}"
    )


@lru_cache(maxsize=1024)
def _space_head(label: str, row: int, col: int, kind: str) -> str:
    """The unchanging part of a space (its hex and label), drawn once per board."""
    x, y = centre(row, col)
    text = escape(label)
    fill = KIND_FILL.get(kind, "#eee")
    return (
        f'<g class="space" data-target="{text.lower()}" data-kind="{escape(kind)}">'
        f"<title>{escape(space_title(label, kind))}</title>"
        f'<polygon points="{hex_points(x, y)}" fill="{fill}" stroke="#8a7a5a" stroke-width="1"/>'
        f'<text x="{x:.1f}" y="{y - R * 0.5:.1f}" font-size="11" text-anchor="middle"'
        f' fill="#555">{text}{_etosha_name(label)}</text>{_space_mark(label, x, y)}'
    )


SPACE_WORDS = {
    "land": "mining space",
    "port": "port",
    "expansion": "possible-expansion space (unused: no cubes, no mines)",
}


def space_title(label: str, kind: str) -> str:
    """The tooltip of a space of the board layer: its label and what kind it is."""
    index = BOARD.labels.index(label) if label in BOARD.labels else -1
    words = SPACE_WORDS.get(kind, kind)
    if index == BOARD.etosha:
        words = "Etosha National Park, a mining space (two rails with three players)"
    elif index in BOARD.initial_spaces:
        words = "initial placement space (a mining space)"
    return f"{label}: {words}"


def _etosha_name(label: str) -> str:
    """Etosha's name after its space's label (within the label's line: the space's
    middle holds cubes and a mine like any mining space)."""
    if label not in BOARD.labels or BOARD.labels.index(label) != BOARD.etosha:
        return ""
    return ' <tspan class="etosha" fill="#4a6b2a" font-style="italic">Etosha</tspan>'


def _space_mark(label: str, x: float, y: float) -> str:
    """An initial placement's outlined square on its space."""
    index = BOARD.labels.index(label) if label in BOARD.labels else -1
    if index in BOARD.initial_spaces:
        return guide.initial_mark(x, y - R * 0.05)
    return ""


def _pieces(s: SpaceView, ports: tuple[int, ...]) -> str:
    """A space's cubes, mine and abandoned marker ("" if none), as one group; a
    mine's ring per port its space is joined to by rail (the ``ports``)."""
    cubes, mine, abandoned = s["cubes"], s["mine"], s["abandoned"]
    if not (cubes or mine or abandoned):
        return ""
    return _pieces_of(
        s["label"],
        s["row"],
        s["col"],
        str(s["commodity"]),
        cubes,
        None if not mine else mine["owner"],
        bool(mine and mine["complete"]),
        abandoned,
        ports if mine else (),
    )


@lru_cache(maxsize=4096)
def _pieces_of(
    label: str,
    row: int,
    col: int,
    commodity: str,
    cubes: int,
    owner: int | None,
    complete: bool,
    abandoned: bool,
    ports: tuple[int, ...],
) -> str:
    x, y = centre(row, col)
    title = _pieces_title(label, commodity, cubes, owner, complete, abandoned)
    if ports:
        title += "; by rail to " + ", ".join(BOARD.port_names[p] for p in ports)
    out = [
        f'<g data-target="{escape(label.lower())}" transform="translate({x:.1f},{y:.1f})">'
        f"<title>{escape(title)}</title>"
    ]
    if cubes:
        colour = COMMODITY_COLOURS.get(commodity, "#888")
        out.append(
            f'<use href="#nb-cube" class="cube" fill="{colour}"/><text x="-11" y="4">{cubes}</text>'
        )
    if owner is not None:
        colour = SEAT_COLOURS[owner % len(SEAT_COLOURS)]
        fill = colour if complete else "white"
        state = "mine complete" if complete else "mine"
        out.extend(_port_ring(k, port) for k, port in enumerate(ports))
        out.append(f'<use href="#nb-mine" class="{state}" fill="{fill}" stroke="{colour}"/>')
    if abandoned:
        out.append('<use href="#nb-abandoned" class="abandoned"/>')
    out.append("</g>")
    return "".join(out)


def _port_ring(k: int, port: int) -> str:
    """The ``k``-th ring around a mine head: joined by rail to ``port``."""
    r = MINE_R + 2.6 + 2.6 * k
    return (
        f'<circle class="port-link port-{escape(BOARD.port_keys[port])}" data-port="{port}"'
        f' cx="{MINE_X}" cy="{MINE_Y}" r="{r:.1f}" fill="none" stroke="{PORT_COLOURS[port]}"'
        f' stroke-width="2.2" stroke-dasharray="{PORT_DASHES[port]}"/>'
    )


def _pieces_title(
    label: str,
    commodity: str,
    cubes: int,
    owner: int | None,
    complete: bool,
    abandoned: bool,
) -> str:
    """What a space holds, in words (the tooltip of its pieces)."""
    parts = []
    if cubes:
        parts.append(f"{cubes} {commodity} cube{'s' if cubes != 1 else ''}")
    if owner is not None:
        who = SEAT_NAMES[owner] if owner < len(SEAT_NAMES) else f"seat {owner}"
        parts.append(f"{who}'s mine ({'complete' if complete else 'under construction'})")
    if abandoned:
        parts.append("abandoned mine marker")
    return f"{label}: {'; '.join(parts)}"


# Each port's rail network in its own colour and dash (the dash tells the networks
# apart without colour), in the board's port order: Möwe Bay, Walvis Bay, Lüderitz,
# Oranjemund. None of them is a seat's colour.
PORT_COLOURS = ("#8e44ad", "#00a0a0", "#e0609e", "#9a7b1c")
PORT_DASHES = ("none", "7,3", "2.5,2.5", "8,2.5,2,2.5")
_EDGE_OF = {BOARD.edge_label(e).lower(): e for e in range(len(BOARD.edges))}


@lru_cache(maxsize=64)
def port_networks(rails: tuple[str, ...]) -> tuple[frozenset[int], ...]:
    """Per port (board order), the railed edges of its network: those joined, rail
    to rail through shared corners, to a railed side of the port (as 3. Shipping
    reads a mine's link: rules.geometry.linked_mask on the state)."""
    railed = {_EDGE_OF[r.lower()] for r in rails if r.lower() in _EDGE_OF}
    out = []
    for port in BOARD.ports:
        frontier = [e for e in BOARD.space_edges[port] if e in railed]
        reached = set(frontier)
        while frontier:
            for other in BOARD.edge_neighbors[frontier.pop()]:
                if other in railed and other not in reached:
                    reached.add(other)
                    frontier.append(other)
        out.append(frozenset(reached))
    return tuple(out)


@lru_cache(maxsize=64)
def linked_ports(rails: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """Per space label, the ports (board order) a railed side of it joins."""
    out: dict[str, list[int]] = {}
    for port, network in enumerate(port_networks(rails)):
        for e in network:
            for space in BOARD.edges[e]:
                joined = out.setdefault(BOARD.labels[space], [])
                if port not in joined:
                    joined.append(port)
    return {label: tuple(sorted(ports)) for label, ports in out.items()}


def _rails(view: NamibiaView, geometry: Geometry) -> list[str]:
    """The rails built, above the edges' click areas (which are on the board layer)
    and transparent to clicks: a dark bed under every rail, then each port's network
    in its colour and dash; a rail in several networks (they joined) shows a strip
    of each, side by side."""
    rails = tuple(view["rails"])
    if not rails:
        return []
    return [_rails_drawn(rails, geometry)]


@lru_cache(maxsize=64)
def _rails_drawn(rails: tuple[str, ...], geometry: Geometry) -> str:
    drawn = _rail_ends(geometry)
    networks = port_networks(rails)
    beds: dict[int, list[str]] = {}
    strips: list[list[str]] = [[] for _ in networks]
    for name in (r.lower() for r in rails):
        ends = drawn.get(name)
        if ends is None:
            continue
        edge = _EDGE_OF.get(name, -1)
        ports = [p for p, network in enumerate(networks) if edge in network]
        beds.setdefault(len(ports), []).append(_segment(ends, 0.0))
        for k, port in enumerate(ports):
            offset = (k - (len(ports) - 1) / 2) * RAIL_STRIP
            strips[port].append(_segment(ends, offset))
    out = ['<g class="rails" pointer-events="none" stroke-linecap="butt" fill="none">']
    for count, paths in sorted(beds.items()):
        width = RAIL_STRIP * max(count, 1) + 2
        out.append(
            f'<path class="rail-bed" d="{"".join(paths)}" stroke="#222"'
            f' stroke-width="{width:.1f}" stroke-linecap="round"/>'
        )
    for port, paths in enumerate(strips):
        if paths:
            key = escape(BOARD.port_keys[port])
            out.append(
                f'<path class="rail-net port-{key}" data-port="{port}" d="{"".join(paths)}"'
                f' stroke="{PORT_COLOURS[port]}" stroke-width="{RAIL_STRIP:.1f}"'
                f' stroke-dasharray="{PORT_DASHES[port]}"/>'
            )
    out.append("</g>")
    return "".join(out)


def rail_sample(port: int, x1: float, y1: float, x2: float, y2: float) -> str:
    """A short rail of the port's network (beside the port's name, in the legend)."""
    d = f"M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}"
    return (
        f'<g class="rails rail-sample" fill="none">'
        f'<path class="rail-bed" d="{d}" stroke="#222" stroke-width="{RAIL_STRIP + 2:.1f}"/>'
        f'<path class="rail-net port-{escape(BOARD.port_keys[port])}" d="{d}"'
        f' stroke="{PORT_COLOURS[port]}" stroke-width="{RAIL_STRIP:.1f}"'
        f' stroke-dasharray="{PORT_DASHES[port]}"/></g>'
    )


RAIL_STRIP = 3.2  # the width of one network's colour along a rail
Ends = tuple[float, float, float, float]


def _segment(ends: Ends, offset: float) -> str:
    """A rail's line as path data, moved ``offset`` across itself."""
    x1, y1, x2, y2 = ends
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ox, oy = -(y2 - y1) / length * offset, (x2 - x1) / length * offset
    return f"M{x1 + ox:.1f},{y1 + oy:.1f}L{x2 + ox:.1f},{y2 + oy:.1f}"


@lru_cache(maxsize=8)
def _rail_ends(geometry: Geometry) -> dict[str, Ends]:
    """Per edge, the ends of its rail (the side the two spaces share)."""
    spaces: list[Place] = [{"label": lab, "row": row, "col": col} for lab, row, col, _ in geometry]
    return {
        f"{spaces[i]['label']}-{spaces[j]['label']}".lower(): shared_side(spaces[i], spaces[j])
        for i, j in edges(spaces)
    }


@lru_cache(maxsize=8)
def _edge_parts(geometry: tuple[tuple[str, int, int], ...]) -> tuple[tuple[str, str, str], ...]:
    """Per edge between neighbouring spaces: its name, its rail and its click area."""
    spaces: list[Place] = [{"label": lab, "row": row, "col": col} for lab, row, col in geometry]
    out = []
    for i, j in edges(spaces):
        a, b = spaces[i], spaces[j]
        name = f"{a['label']}-{b['label']}".lower()
        x1, y1, x2, y2 = shared_side(a, b)
        rail = (
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#222"'
            f' stroke-width="4" stroke-linecap="round" class="rail" pointer-events="none"/>'
        )
        ax, ay = centre(a["row"], a["col"])
        bx, by = centre(b["row"], b["col"])
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        near = 0.3
        quad = [
            (x1, y1),
            (mx + (ax - mx) * near, my + (ay - my) * near),
            (x2, y2),
            (mx + (bx - mx) * near, my + (by - my) * near),
        ]
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in quad)
        hit = (
            f'<polygon points="{points}" fill="transparent" class="edge"'
            f' data-target="{escape(name)}"><title>side {escape(a["label"])}-'
            f"{escape(b['label'])}: a rail may lie here</title></polygon>"
        )
        out.append((name, rail, hit))
    return tuple(out)


def _trucks(view: NamibiaView, spaces: list[SpaceView]) -> list[str]:
    """Each truck on its space, below the mine head (a truck stands only on its
    owner's completed mine, so one truck a space); clicking it clicks the space."""
    where = {s["label"]: s for s in spaces}
    out = []
    for p in view["players"]:
        s = where.get(str(p["truck"]))
        if s is None:
            continue
        x, y = centre(s["row"], s["col"])
        colour = SEAT_COLOURS[p["seat"] % len(SEAT_COLOURS)]
        out.append(
            f'<g class="truck" data-target="{escape(s["label"].lower())}"'
            f' transform="translate({x:.1f},{y:.1f})"><title>truck of {escape(p["name"])}'
            f" on {escape(s['label'])}</title>{TRUCK_HIT}{truck_shape(colour)}</g>"
        )
    return out


# The truck's pointer area: 20 x 20 units, a finger wide on the enlarged board.
TRUCK_HIT = '<rect x="-15" y="3" width="20" height="20" fill="transparent"/>'


def truck_shape(colour: str) -> str:
    """A truck (load bed and cab, on two wheels) about its space's centre."""
    return (
        f'<path d="M-14,8h12v9h-12z M-1,11h4l2,3v3h-6z" fill="{colour}" stroke="#111"'
        ' stroke-width="1"/><circle cx="-10" cy="18" r="2" fill="#111"/>'
        '<circle cx="1" cy="18" r="2" fill="#111"/>'
    )


def _port_areas(geometry: Geometry, ports: tuple[PortPlace, ...]) -> list[str]:
    """Each port clickable by the word the ship actions use for it ("ship gold
    walvis bay"), over its hex."""
    where = {label: (row, col) for label, row, col, _ in geometry}
    out = []
    for label, word, name in ports:
        if label not in where:
            continue
        x, y = centre(*where[label])
        out.append(
            f'<g class="port" data-target="{escape(word)}"><title>port of {escape(name)}'
            f" ({escape(label)})</title>"
            f'<polygon points="{hex_points(x, y)}" fill="transparent" stroke="none"/></g>'
        )
    return out


def _ports(view: NamibiaView, spaces: list[SpaceView]) -> list[str]:
    """Each port's name beside it, bold when chosen this round."""
    where = {s["label"]: s for s in spaces}
    out = []
    for port in view["ports"]:
        s = where.get(port["label"])
        if s is None:
            continue
        x, y = centre(s["row"], s["col"])
        weight = "bold" if port["selected"] else "normal"
        index = BOARD.ports.index(BOARD.space(port["label"]))
        out.append(
            f'<text x="{x - R - 2:.1f}" y="{y + 1:.1f}" font-size="11" text-anchor="end"'
            f' font-weight="{weight}" fill="#134">{escape(port["name"])}</text>'
            + rail_sample(index, x - R - 38, y + 7, x - R - 2, y + 7)
        )
    return out


def _market(view: NamibiaView, left: float) -> list[str]:
    """The Commodity Index: price (disc), demand (pawn) and, while a commodity is
    shipped this round, its supply (the oil barrel, from 0); then the cubes left in
    the general supply (Setup; 2.1 and 2.3 take cubes from it)."""
    x = left + 10
    cubes_left = view["supply"]["cubes"]
    out = [
        f'<g class="market"><text x="{x:.0f}" y="40" font-size="13" font-weight="bold">'
        f"Round {view['round']}</text>",
        f'<text x="{x:.0f}" y="54" font-size="11">{escape(view["phase"])}</text>',
        f'<text x="{x:.0f}" y="76" font-size="12" font-weight="bold">Market</text>',
        f'<text x="{x + 62:.0f}" y="76" font-size="11">price</text>',
        f'<text x="{x + 98:.0f}" y="76" font-size="11">demand</text>',
        f'<text x="{x + 154:.0f}" y="76" font-size="11">supply</text>',
        f'<text x="{x + 204:.0f}" y="76" font-size="11">cubes left</text>',
    ]
    for row, (name, info) in enumerate(view["market"].items()):
        y = 96 + 20 * row
        colour = COMMODITY_COLOURS.get(name, "#888")
        barrel = info["supply"]
        shipped = "–" if barrel is None else str(barrel)
        left_over = cubes_left.get(name)
        out.append(
            f'<rect x="{x:.0f}" y="{y - 10}" width="11" height="11" fill="{colour}" stroke="#333"/>'
            f'<text x="{x + 16:.0f}" y="{y}" font-size="11">{escape(name)}</text>'
            f'<text x="{x + 68:.0f}" y="{y}" font-size="11">{info["price"]}</text>'
            f'<text x="{x + 112:.0f}" y="{y}" font-size="11">{info["demand"]}</text>'
            f'<text x="{x + 166:.0f}" y="{y}" font-size="11">{shipped}</text>'
            f'<text x="{x + 222:.0f}" y="{y}" font-size="11">'
            f"{'' if left_over is None else left_over}</text>"
        )
    y = 96 + 20 * 4 + 16
    out.append(f'<text x="{x:.0f}" y="{y}" font-size="12" font-weight="bold">Players</text>')
    for p in view["players"]:
        y += 18
        colour = SEAT_COLOURS[p["seat"] % len(SEAT_COLOURS)]
        out.append(
            f'<circle cx="{x + 5:.0f}" cy="{y - 4}" r="5" fill="{colour}"/>'
            f'<text x="{x + 14:.0f}" y="{y}" font-size="11">{escape(p["name"])}:'
            f" {p['money']} GM, reputation {p['reputation']}</text>"
        )
    y += 24
    out.append(
        f'<text x="{x:.0f}" y="{y}" font-size="11">rails in supply:'
        f" {view['supply']['rails']}</text>"
    )
    out.extend(turn_order_track(view, x, TRACK_TOP))
    out.append("</g>")
    return out


TRACK_TOP = 306.0  # the turn-order track's heading, under the players and the rails
TRACK_BOX = 72.0  # a position's width on the track


def turn_order_track(view: NamibiaView, x: float, top: float) -> list[str]:
    """1. Bribe Colonial Officials: the turn-order track, each position with what it
    costs and gives (the rules' own figures: rules.auction.POSITION_COSTS through
    controls.position_costs, rules.flow.LAST_SEAT_TURNS), the seats on their
    positions and, during the auction, the bidders with their bids."""
    costs = position_costs(view)
    standing = _standing(view, len(costs))
    out = [
        f'<g class="turn-track"><text x="{x:.0f}" y="{top:.0f}" font-size="12"'
        f' font-weight="bold">Turn order</text>'
        f'<text x="{x + 84:.0f}" y="{top:.0f}" font-size="11">bribe at least'
        f" {view['round']} GM</text>"
    ]
    for k, (lost, rails) in enumerate(costs):
        out.append(_track_position(view, x + k * TRACK_BOX, top + 8, k + 1, lost, rails, standing))
    auction = view["auction"]
    if auction is not None and auction["bidders"]:
        y = top + 104
        out.append(f'<text x="{x:.0f}" y="{y:.0f}" font-size="11">bidding:</text>')
        for k, seat in enumerate(auction["bidders"]):
            bx = x + 52 + k * 58
            out.append(
                _seat_disc(view, seat, bx + 6, y - 4)
                + f'<text x="{bx + 15:.0f}" y="{y:.0f}" font-size="11">'
                f"{auction['bids'][seat]} GM</text>"
            )
    out.append("</g>")
    return out


def _standing(view: NamibiaView, places: int) -> dict[int, int]:
    """Position (1-based) -> the seat on it: the order outside the auction; during
    it, the passers on the last free positions (the first to pass on the last)."""
    auction = view["auction"]
    if auction is not None:
        return {places - k: seat for k, seat in enumerate(auction["placed"])}
    active = [seat for seat in view["order"] if not view["players"][seat]["eliminated"]]
    return {k + 1: seat for k, seat in enumerate(active)}


def _track_position(
    view: NamibiaView,
    x: float,
    y: float,
    position: int,
    lost: int,
    rails: int,
    standing: dict[int, int],
) -> str:
    last = position == len(position_costs(view))
    if last:
        lines = ("no cost", f"{LAST_SEAT_TURNS} mines", f"{LAST_SEAT_TURNS} prospects")
        words = (
            f"position {position}: loses no reputation, takes no rails; starts"
            f" {LAST_SEAT_TURNS} mines and prospects {LAST_SEAT_TURNS} times"
        )
    else:
        lines = (f"−{lost} rep", f"+{rails} rail{'s' if rails != 1 else ''}", "")
        words = f"position {position}: loses {lost} reputation, takes {rails} rails"
    seat = standing.get(position)
    if seat is not None:
        words += f"; {view['players'][seat]['name']} stands on it"
    texts = "".join(
        f'<text x="{x + 6:.0f}" y="{y + 30 + 14 * i:.0f}" font-size="11">{escape(line)}</text>'
        for i, line in enumerate(lines)
        if line
    )
    disc = _seat_disc(view, seat, x + TRACK_BOX - 16, y + 13) if seat is not None else ""
    return (
        f'<g class="track-position" data-position="{position}"'
        f' data-seat="{"" if seat is None else seat}"><title>{escape(words)}</title>'
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{TRACK_BOX - 4:.0f}" height="78" rx="4"'
        f' fill="#fffaf0" stroke="#8a7a5a"/>'
        f'<text x="{x + 6:.0f}" y="{y + 16:.0f}" font-size="13" font-weight="bold">'
        f"{position}</text>{texts}{disc}</g>"
    )


def _seat_disc(view: NamibiaView, seat: int, cx: float, cy: float) -> str:
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    name = escape(view["players"][seat]["name"])
    return (
        f'<circle class="seat" data-seat="{seat}" cx="{cx:.0f}" cy="{cy:.0f}" r="8"'
        f' fill="{colour}" stroke="#111"><title>{name}</title></circle>'
    )


class NamibiaPresentation(Presentation):
    """Namibia drawn in two layers. Namibia hides nothing (view.py): every seat's view
    is the spectator's with its own "seat", so one view and drawing serve all seats."""

    public_view = True

    def board_layer(self, view: EngineView) -> str:
        return render_board(typed(view))  # JSON edge

    def overlay(self, view: EngineView) -> str:
        return render_overlay(typed(view))  # JSON edge

    def explain(self, view: EngineView) -> Explanation | None:
        return guide.explain(typed(view))  # JSON edge

    def legend(self, view: EngineView) -> list[LegendEntry]:
        return legend()

    def section(self, event: EngineEvent) -> str | None:
        return told.section(event)

    def phase(self, event: EngineEvent) -> str | None:
        return told.phase(event)

    def seat_colour(self, seat: int, name: str) -> str:
        """The colour the board draws the seat's pieces in."""
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    def event_targets(self, view: EngineView, event: EngineEvent) -> list[str]:
        return event_targets(typed(view), event)  # JSON edge

    def action_labels(self, view: EngineView, legal: Sequence[str]) -> dict[str, str]:
        return decision.labels(typed(view), legal)  # JSON edge

    def controls(self, view: EngineView, legal: Sequence[str]) -> list[Control]:
        return decision.controls(typed(view), legal)  # JSON edge

    def confirm(self, view: EngineView, action: str, legal: Sequence[str]) -> str | None:
        return decision.confirm(typed(view), action, legal)  # JSON edge

    def panel(self, view: EngineView, seat: int) -> dict[str, PanelValue]:
        return panel(typed(view), seat)  # JSON edge


def legend() -> list[LegendEntry]:
    """Every symbol of the board: guide's, with the truck, each port's rails and the
    rings of a mine joined to ports drawn by the board's own functions."""
    out = guide.legend(KIND_FILL, COMMODITY_COLOURS)
    red = SEAT_COLOURS[0]
    out.append(
        {
            "symbol": _symbol(
                f'<g class="truck" transform="translate(24,4)">{truck_shape(red)}</g>'
            ),
            "meaning": "truck, in its owner's colour, on the completed mine it carries one"
            " cube from",
        }
    )
    for port, name in enumerate(BOARD.port_names):
        out.append(
            {
                "symbol": _symbol(rail_sample(port, 4, 15, 36, 15)),
                "meaning": f"rails of {name}'s network, in its colour and dash (ports start"
                " with printed rails); networks that joined show a strip of each",
            }
        )
    lone = (
        '<g class="rails"><path class="rail-bed" d="M4,15L36,15" stroke="#222"'
        ' stroke-width="5.2"/></g>'
    )
    out.append(
        {
            "symbol": _symbol(lone),
            "meaning": "black rail: joined to no port yet (Etosha's rails at first)",
        }
    )
    rings = "".join(_port_ring(k, port) for k, port in enumerate((1, 2)))
    out.append(
        {
            "symbol": _symbol(
                f'<g transform="translate(12,15)">{rings}<circle cx="{MINE_X}" cy="{MINE_Y}"'
                f' r="{MINE_R}" fill="{red}" stroke="{red}" stroke-width="2.5"/></g>'
            ),
            "meaning": "rings around a mine: one per port its space is joined to by rail"
            f" (here {BOARD.port_names[1]} and {BOARD.port_names[2]}), so it may ship there",
        }
    )
    out.append(
        {
            "symbol": _symbol(
                '<g class="turn-track"><g class="track-position"><rect x="3" y="2" width="34"'
                ' height="26" rx="3" fill="#fffaf0" stroke="#8a7a5a"/><text x="7" y="14"'
                ' font-size="11" font-weight="bold">1</text>'
                f'<circle class="seat" cx="28" cy="10" r="6" fill="{red}" stroke="#111"/></g></g>'
            ),
            "meaning": "turn-order track: each position's reputation cost and rails (the"
            " last: no cost, two mines, prospects twice), the seat standing on it",
        }
    )
    return out


def _symbol(body: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30" width="40" height="30"'
        f' aria-hidden="true">{body}</svg>'
    )


def event_targets(view: NamibiaView, event: EngineEvent) -> list[str]:
    """The space, rail or port an event names by index in its data."""
    spaces, ports = view["spaces"], view["ports"]
    space, edge, port = (event_int(event, key) for key in ("space", "edge", "port"))
    out = []
    if space is not None and space < len(spaces):
        out.append(spaces[space]["label"].lower())
    if edge is not None:
        out.append(BOARD.edge_label(edge).lower())
    if port is not None and port < len(ports):
        out.append(ports[port]["word"])
    return out


def panel(view: NamibiaView, seat: int) -> dict[str, PanelValue]:
    """A seat's money, reputation and pieces in the rulebook's words; what a seat
    does not have (no cubes in hand, no rails to place) is left out."""
    players = view["players"]
    if seat >= len(players):
        return {}
    p = players[seat]
    out: dict[str, PanelValue] = {
        "money": f"{p['money']} GM",
        "reputation": p["reputation"],
        "player summary card": f"{p['card']} (no {p['excluded']})",
        "mine heads left": p["mine_heads"],
    }
    if p["rails_to_place"]:
        out["rails to place"] = p["rails_to_place"]
    cubes: dict[str, int] = {kind: n for kind, n in p["cubes_in_hand"].items() if n}
    if cubes:
        out["cubes in hand"] = cubes
    if p["eliminated"]:
        out["out of the game"] = True
    return out


PRESENTATION = NamibiaPresentation()


def render_svg(view: EngineView) -> str:
    """The whole board: the unchanging board with the state's overlay on top."""
    shown = typed(view)  # JSON edge
    return compose(render_board(shown), render_overlay(shown))
