"""Africa 1880 as SVG, drawn from a view alone (what the browser client shows).

The board as the rulebook describes it (Components; Order Sheet and Board
Reference): a map of Africa in 32 territories, each with its development squares,
and in the sea six embassy spaces, one per European country, holding the round
diplomatic markers the other countries turned to their alliance (dove) or war
(cannon) face. The shapes come from data/map.json, reconstructed (no public
source gives the printed map) and checked against the board's borders and coasts
by ``geography``. Presences are rectangular markers in their country's colour; a
colony carries a colony piece and a hatched fill.

Clicking: every territory's shape carries ``data-target`` = its id (its pieces,
drawn over it, let the pointer through), and every embassy ``data-target`` = its
country's id, so the web client offers the actions that name them: placements,
orders, explorations and landings on a territory; "alliance with ..." and "war
on ..." on the embassy where that marker would turn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from html import escape

from meeple.engine import Presentation
from meeple.engine.presentation import Explanation, LegendEntry, PanelValue
from meeple.games.africa1880 import controls, guide
from meeple.games.africa1880 import story as told
from meeple.games.africa1880.board import BOARD, COUNTRY_IDS, COUNTRY_NAMES, COUNTRY_SHORT
from meeple.games.africa1880.geography import Point, coast_outline, geography
from meeple.games.africa1880.view import (
    AfricaView,
    EngineView,
    Relations,
    SheetView,
    removed,
    typed,
)

# Setup: the colour of each country's markers, as the rulebook gives them.
COUNTRY_COLOURS = {
    "great britain": "#c62828",  # red
    "france": "#1565c0",  # blue
    "germany": "#111111",  # black
    "italy": "#2e7d32",  # green
    "netherlands": "#f2cf1d",  # yellow
    "belgium": "#7a4a24",  # brown
}
# The ink drawn on a marker of each colour (light ink on dark markers).
ON_COLOUR = {"#f2cf1d": "#222"}

SCALE = 11.0  # pixels per degree
WEST, EAST, NORTH, SOUTH = -27.0, 55.0, 38.5, -37.0  # the map's edges in degrees
MAP_W = (EAST - WEST) * SCALE
MAP_H = (NORTH - SOUTH) * SCALE
PANEL_W = 262.0  # the panel beside the map, in the Indian Ocean
WRAP = 44  # characters per line in the panel
SEA, SHALLOWS, COAST_INK, WATER = "#cfe3f1", "#b4d2e8", "#2f6b94", "#9cc6e4"
BORDER_INK, LABEL_INK = "#7a6647", "#3b2f1e"
# Pastel fills, so that no two bordering territories look alike.
FILLS = ("#f1e2b6", "#e3d6a8", "#dfe6b8", "#f0d4b4", "#e8dcc6")
SQUARE, TILE = 9.0, "#8d6e4f"  # a development square's size; a development tile's colour
PRESENCE_W, PRESENCE_H = 8.0, 11.0  # a rectangular presence marker
MARKER_R = 11.0  # a round diplomatic marker
EMBASSY_W, EMBASSY_H = 176.0, 92.0
SEA_NAMES = (
    ("Mediterranean Sea", 18.0, 35.6),
    ("Atlantic Ocean", -21.0, 24.0),
    ("Indian Ocean", 49.0, -3.0),
    ("Red Sea", 42.0, 20.5),
    ("Gulf of Guinea", 3.0, 2.2),
)
RECONSTRUCTED_NOTE = (
    "Map reconstructed: no public source gives the printed board's shapes, so these"
    " borders, coasts and squares follow the board data, drawn from Africa in 1880."
)


def xy(lon: float, lat: float) -> tuple[float, float]:
    """A (longitude, latitude) point in the drawing's pixels."""
    return (lon - WEST) * SCALE, (NORTH - lat) * SCALE


def point(territory: str) -> tuple[float, float]:
    """Where a territory's name and pieces are drawn."""
    return xy(*geography().labels[BOARD.index(territory)])


def _points(ring: Sequence[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(lon, lat) for lon, lat in ring))


@cache
def _territory_points(t: int) -> str:
    return _points(geography().rings[t])


def colour(view: AfricaView, seat: int) -> str:
    ids = view["country_ids"]
    country = ids[seat] if seat < len(ids) else ""
    return COUNTRY_COLOURS.get(country, "#777")


@cache
def fills() -> tuple[str, ...]:
    """A fill per territory, different from every bordering territory's: the first
    colouring found, trying territories with the most borders first."""
    order = sorted(range(len(BOARD.ids)), key=lambda t: -len(BOARD.borders[t]))
    chosen: dict[int, str] = {}

    def colour_from(k: int) -> bool:
        if k == len(order):
            return True
        t = order[k]
        for fill in FILLS:
            if all(chosen.get(u) != fill for u in BOARD.borders[t]):
                chosen[t] = fill
                if colour_from(k + 1):
                    return True
        chosen.pop(t, None)
        return False

    if not colour_from(0):
        raise ValueError("the board's borders need more fill colours than FILLS gives")
    return tuple(chosen[t] for t in range(len(BOARD.ids)))


def render_svg(view: AfricaView) -> str:
    panel = _panel(view)
    height = max(MAP_H, panel.bottom + 12)
    width = MAP_W + PANEL_W
    phone_h = _phone_height(panel)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {phone_h:.0f}"'
        ' preserveAspectRatio="xMinYMin slice"'
        f' class="board africa1880" data-zoom="{ZOOM_WIDTH}px" role="img"'
        ' aria-label="Africa 1880 board: a map of'
        ' Africa in 32 territories, with the six embassies in the sea"'
        ' font-family="sans-serif">',
        f"<style>{_arrangements(panel, height)}</style>",
        _defs(),
        f'<rect x="0" y="0" width="{width:.0f}" height="{phone_h:.0f}" fill="{SEA}"/>',
        *_sea_names(),
        _coast(stroke=SHALLOWS, width=9),
    ]
    ids = view["territories"]
    parts.extend(_territory_shape(view, t, tid) for t, tid in enumerate(ids))
    parts.append(_coast(stroke=COAST_INK, width=1.6))
    parts.extend(_lakes())
    parts.extend(_territory_pieces(view, t, tid) for t, tid in enumerate(ids))
    parts.extend(_embassies(view))
    parts.extend(_legend())
    parts.append(
        f'<text x="8" y="{MAP_H - 8:.0f}" font-size="9" fill="#38566b" font-style="italic">'
        f"{escape(RECONSTRUCTED_NOTE)}</text>"
    )
    parts.append(
        f'<g class="af-side"><rect class="af-sheet" x="{MAP_W:.0f}" y="8"'
        f' width="{PANEL_W - 8:.0f}" height="{height - 16:.0f}" rx="6" fill="#fbfaf6"'
        ' stroke="#9fb7c9"/>'
    )
    parts.extend(panel.lines)
    parts.append("</g></svg>")
    return "\n".join(parts)


# ---- the two arrangements: the panel beside the map, or under it on a phone ----

SMALLEST_FONT = 7.5  # a diplomatic marker's face word
READABLE = 11.0  # px: the smallest text the enlarged board shows
ZOOM_WIDTH = math.ceil((MAP_W + PANEL_W) * READABLE / SMALLEST_FONT)  # data-zoom, px
PHONE_QUERY = "(max-width: 760px)"  # the table page's phone breakpoint
# Under a phone's map the panel (the seat's own order sheet among it) spans the map's
# width: its 10.5-unit text at about 14 px on a 390 px phone.
PHONE_SIDE_SCALE = (MAP_W - 16) / (PANEL_W - 8)


def _phone_height(panel: _Panel) -> float:
    """The drawing's height on a phone: the map, then the panel as tall as its lines."""
    return MAP_H + PHONE_SIDE_SCALE * (panel.bottom - 4) + 8


def _arrangements(panel: _Panel, height: float) -> str:
    """Where the panel goes (the drawing's own stylesheet; ``svg.africa1880`` only).
    As drawn, beside the map: the whole drawing, no taller than the page's
    ``--board-height`` on a desktop. On a phone's fitted board, the map alone
    across it and the panel (with the seat's secret order sheet) under it, enlarged
    to be read; the enlarged board (its card ``.zoomed``) is the whole drawing
    again. The viewBox is as tall as the phone's arrangement and as wide as the
    other; the aspect ratio shows the one in use from the top left ("slice")."""
    width = MAP_W + PANEL_W
    scale = PHONE_SIDE_SCALE
    tx, ty = 8 - scale * MAP_W, MAP_H - scale * 8
    phone = ":not(.zoomed)>svg.africa1880"
    return (
        f"svg.africa1880{{display:block;margin:0 auto;aspect-ratio:{width:.0f}/{height:.0f};"
        "height:auto!important;max-height:none!important}"
        "svg.africa1880 .af-side{transform-origin:0 0}"
        f"@media (min-width:1101px){{svg.africa1880{{width:min(100%,"
        f"calc(var(--board-height,78vh)*{width:.0f}/{height:.0f}))!important}}}}"
        f"@media {PHONE_QUERY}{{{phone}{{aspect-ratio:{MAP_W:.0f}/{_phone_height(panel):.0f}}}"
        f"{phone} .af-side{{transform:translate({tx:.1f}px,{ty:.1f}px) scale({scale:.4f})}}"
        f"{phone} .af-sheet{{height:{panel.bottom - 12:.0f}px}}}}"
    )


def _defs() -> str:
    """The colony hatching, and the two faces of a diplomatic marker (drawn in a
    box from -1 to 1, scaled to the marker)."""
    return (
        "<defs>"
        '<pattern id="colony-hatch" width="8" height="8" patternUnits="userSpaceOnUse"'
        ' patternTransform="rotate(45)">'
        '<rect width="8" height="8" fill="#d8c9ef"/>'
        '<line x1="0" y1="0" x2="0" y2="8" stroke="#8e7cc3" stroke-width="3"/></pattern>'
        # The dove: body and tail, a raised wing, an olive branch in its beak.
        '<g id="face-alliance">'
        '<path d="M-0.95,0.3 L-0.5,0.08 C-0.3,-0.08 0.05,-0.02 0.3,-0.22'
        " C0.42,-0.34 0.6,-0.32 0.66,-0.2 L0.88,-0.14 L0.66,-0.06"
        ' C0.6,0.25 0.15,0.42 -0.25,0.34 Z"/>'
        '<path d="M-0.3,0.02 C-0.45,-0.45 -0.15,-0.8 0.2,-0.88'
        ' C0.05,-0.55 0.1,-0.3 0.18,-0.12 Z"/>'
        '<path d="M0.8,-0.12 Q0.85,0.25 0.62,0.55" fill="none" stroke-width="0.09"/>'
        '<ellipse cx="0.9" cy="0.2" rx="0.11" ry="0.06"/>'
        '<ellipse cx="0.6" cy="0.3" rx="0.11" ry="0.06"/>'
        "</g>"
        # The cannon: a barrel on a wheel.
        '<g id="face-war">'
        '<path d="M-0.8,0.05 L0.55,-0.45 L0.7,-0.15 L-0.65,0.35 Z"/>'
        '<circle cx="-0.2" cy="0.35" r="0.3"/>'
        "</g>"
        "</defs>"
    )


def _sea_names() -> list[str]:
    out = []
    for name, lon, lat in SEA_NAMES:
        x, y = xy(lon, lat)
        out.append(
            f'<text x="{x:.0f}" y="{y:.0f}" font-size="12" font-style="italic" fill="#5d88a8"'
            f' text-anchor="middle" letter-spacing="1">{escape(name)}</text>'
        )
    return out


@cache
def _coast(stroke: str, width: float) -> str:
    """The mainland's coast and Madagascar's, as one line each."""
    geo = geography()
    lines: list[Sequence[Point]] = [coast_outline(geo)]
    lines.extend(geo.rings[t] for t in range(len(BOARD.ids)) if BOARD.island[t])
    d = " ".join(f"M{_points(line).replace(' ', ' L')} Z" for line in lines)
    return (
        f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{width}"'
        ' stroke-linejoin="round" pointer-events="none"/>'
    )


def _lakes() -> list[str]:
    """Lake Turkana between its shores, and the great lakes as scenery."""
    return [
        f'<polygon points="{_points(lake.ring)}" fill="{WATER}" stroke="{COAST_INK}"'
        ' stroke-width="0.8" pointer-events="none"><title>'
        f"{escape(lake.name)}</title></polygon>"
        for lake in geography().lakes
    ]


def _territory_shape(view: AfricaView, t: int, tid: str) -> str:
    """The territory's shape (the part the client outlines when it is playable)."""
    colony = view["colony"][t]
    fill = "url(#colony-hatch)" if colony else fills()[t]
    return (
        f'<g class="territory" data-target="{escape(tid)}">'
        f"<title>{escape(_tooltip(view, t, tid))}</title>"
        f'<polygon points="{_territory_points(t)}" fill="{fill}"'
        f' stroke="{BORDER_INK}" stroke-width="{1.6 if colony else 0.9}"'
        ' stroke-linejoin="round"/></g>'
    )


def _tooltip(view: AfricaView, t: int, tid: str) -> str:
    name = view["names"][t]
    squares = view["squares"][t]
    dev = view["development"][t]
    countries = view["countries"]
    present = [countries[s] for s in view["presences"][t]]
    kind = "island" if BOARD.island[t] else "coastal" if BOARD.coastal[t] else "landlocked"
    parts = [
        f"{name} ({kind})",
        "a colony" if view["colony"][t] else f"developed {dev} of {squares}",
        f"presences: {', '.join(present) if present else 'none'}",
    ]
    if BOARD.borders[t]:
        parts.append("borders " + ", ".join(BOARD.names[u] for u in BOARD.borders[t]))
    return "; ".join(parts)


def _territory_pieces(view: AfricaView, t: int, tid: str) -> str:
    """Name, development squares, colony piece and presences, centred on the
    territory's label point. They let the pointer through to the territory's
    shape beneath, whose tooltip says what they show and whose click they are."""
    x, y = point(tid)
    label = view["names"][t]
    colony = view["colony"][t]
    squares = view["squares"][t]
    dev = view["development"][t]
    out = [
        f'<g class="pieces" data-territory="{escape(tid)}" pointer-events="none">',
        f'<text x="{x:.1f}" y="{y - 6:.1f}" font-size="9.5" font-weight="bold"'
        f' text-anchor="middle" fill="{LABEL_INK}" stroke="#fffdf5" stroke-width="2.5"'
        f' paint-order="stroke">{escape(label)}</text>',
    ]
    left = x - (squares * (SQUARE + 2) - 2) / 2
    for k in range(squares):
        built = k < dev
        out.append(
            f'<rect class="square{" developed" if built else ""}" x="{left + k * (SQUARE + 2):.1f}"'
            f' y="{y - 2:.1f}" width="{SQUARE}" height="{SQUARE}" rx="1"'
            f' fill="{TILE if built else "#fffdf5"}" stroke="{TILE}" stroke-width="1"/>'
        )
        if built:  # the construction symbol: a little building
            bx = left + k * (SQUARE + 2) + 2.5
            out.append(
                f'<path d="M{bx:.1f},{y + 5:.1f} v-3.5 l2,-1.6 l2,1.6 v3.5 z" fill="#f3e6cf"/>'
            )
    if colony:
        out.append(_colony_piece(left - 9, y + 2.5))
    out.extend(_presences(view, x, y + 10, view["presences"][t]))
    out.append("</g>")
    return "".join(out)


def _colony_piece(x: float, y: float) -> str:
    """A colony piece (a ceramic figure): a white house with a flagpole."""
    return (
        f'<path class="colony-piece" d="M{x - 5:.1f},{y + 5:.1f} v-6 l5,-4.5 l5,4.5 v6 z'
        f' M{x:.1f},{y - 5.5:.1f} v-5 h4 v2 h-4"'
        ' fill="#fff" stroke="#3b2f1e" stroke-width="1.1"/>'
    )


def _presences(view: AfricaView, x: float, top: float, seats: Sequence[int]) -> list[str]:
    """Rectangular presence markers, at most four to a row."""
    out = []
    for k, seat in enumerate(seats):
        row, col = divmod(k, 4)
        in_row = min(4, len(seats) - row * 4)
        px = x - (in_row * (PRESENCE_W + 2) - 2) / 2 + col * (PRESENCE_W + 2)
        py = top + row * (PRESENCE_H + 2)
        out.append(
            f'<rect class="presence" x="{px:.1f}" y="{py:.1f}" width="{PRESENCE_W}"'
            f' height="{PRESENCE_H}" rx="1" fill="{colour(view, seat)}" stroke="#fff"'
            f' stroke-width="1"/>'
        )
    return out


def _embassies(view: AfricaView) -> list[str]:
    """The six embassy spaces in the South Atlantic, one per country in the
    rulebook's order, each holding the markers the other countries in the game
    placed there: round, in the owner's colour, turned to the dove (alliance) or
    the cannon (war) at each reading; an embassy of a country not in the game
    stays empty."""
    ids = view["country_ids"]
    markers = view["embassy_markers"]
    x0, y0 = xy(-26.0, -5.5)
    out = [
        f'<text x="{x0:.0f}" y="{y0 - 8:.0f}" font-size="12" font-weight="bold"'
        ' fill="#2a4d66">Embassies: each alliance in yours scores 1 point at the end</text>'
    ]
    for k, country in enumerate(COUNTRY_IDS):
        x = x0 + (k % 2) * (EMBASSY_W + 8)
        y = y0 + (k // 2) * (EMBASSY_H + 8)
        seat = ids.index(country) if country in ids else None
        shown = markers[seat] if markers is not None and seat is not None else None
        out.append(_embassy(view, k, x, y, seat, shown))
    return out


def _embassy(
    view: AfricaView, k: int, x: float, y: float, seat: int | None, shown: Relations | None
) -> str:
    country = COUNTRY_IDS[k]
    ink = COUNTRY_COLOURS[country]
    playing = seat is not None
    out = [
        f'<g class="embassy" data-target="{escape(country)}">'
        f"<title>Embassy of {COUNTRY_NAMES[k]}"
        f"{'' if playing else ' (not in this game)'}</title>"
        # The frame is a polygon: the web client outlines an embassy it can click.
        f'<polygon points="{x:.0f},{y:.0f} {x + EMBASSY_W:.0f},{y:.0f}'
        f' {x + EMBASSY_W:.0f},{y + EMBASSY_H:.0f} {x:.0f},{y + EMBASSY_H:.0f}"'
        f' fill="{"#f7fbfe" if playing else "#e3edf4"}" stroke="{ink}"'
        f' stroke-width="{2.5 if playing else 1}"/>'
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{EMBASSY_W:.0f}" height="17" rx="6"'
        f' fill="{ink if playing else "#c5d3dd"}"/>'
        f'<text x="{x + EMBASSY_W / 2:.0f}" y="{y + 13:.0f}" font-size="11" font-weight="bold"'
        f' text-anchor="middle" fill="{ON_COLOUR.get(ink, "#fff") if playing else "#556"}">'
        f"Embassy · {COUNTRY_NAMES[k]}</text>"
    ]
    if playing:
        others = [s for s in range(len(view["country_ids"])) if s != seat]
        for slot, other in enumerate(others):
            cx = x + 18 + slot * 35
            out.append(_marker(view, other, cx, y + 42, shown))
    else:
        out.append(
            f'<text x="{x + EMBASSY_W / 2:.0f}" y="{y + 52:.0f}" font-size="10"'
            ' text-anchor="middle" fill="#667">not in this game</text>'
        )
    out.append("</g>")
    return "".join(out)


def _marker(view: AfricaView, seat: int, cx: float, cy: float, shown: Relations | None) -> str:
    """One country's diplomatic marker, face up as last turned (or not yet turned)."""
    owner = view["country_ids"][seat]
    face: str = shown.get(owner, "") if shown else ""
    fill = colour(view, seat)
    ink = ON_COLOUR.get(fill, "#fff")
    word = {"alliance": "alliance", "war": "war"}.get(face, "not turned yet")
    short = COUNTRY_SHORT[COUNTRY_IDS.index(owner)] if owner in COUNTRY_IDS else "?"
    out = [
        f'<g class="marker {escape(face or "unturned")}"><title>{escape(short)} marker:'
        f" {escape(word)}</title>"
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{MARKER_R}" fill="{fill}"'
        ' stroke="#fff" stroke-width="1.5"/>'
    ]
    if face in ("alliance", "war"):
        out.append(
            f'<use href="#face-{face}" transform="translate({cx:.1f},{cy:.1f}) scale(8)"'
            f' fill="{ink}" stroke="{ink}" stroke-width="0.08"/>'
        )
    tint = {"alliance": "#2e6b2e", "war": "#b71c1c"}.get(face, "#778")
    out.append(
        f'<text x="{cx:.1f}" y="{cy + 22:.1f}" font-size="8.5" text-anchor="middle"'
        f' fill="#333">{escape(short)}</text>'
        f'<text x="{cx:.1f}" y="{cy + 32:.1f}" font-size="7.5" text-anchor="middle"'
        f' font-weight="bold" fill="{tint}">{escape(face or "·")}</text></g>'
    )
    return "".join(out)


def _legend() -> list[str]:
    """What the pieces mean, in the Indian Ocean."""
    x, y = xy(37.0, -28.5)
    rows = [
        '<g class="legend" pointer-events="none">'
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{(EAST - 37.5) * SCALE:.0f}" height="86" rx="5"'
        ' fill="#f7fbfe" stroke="#9fb7c9"/>',
        f'<rect x="{x + 8:.0f}" y="{y + 8:.0f}" width="{SQUARE}" height="{SQUARE}"'
        f' fill="#fffdf5" stroke="{TILE}"/>'
        f'<rect x="{x + 19:.0f}" y="{y + 8:.0f}" width="{SQUARE}" height="{SQUARE}"'
        f' fill="{TILE}" stroke="{TILE}"/>',
        f'<text x="{x + 34:.0f}" y="{y + 16:.0f}" font-size="9">development square:'
        " empty, developed</text>",
        f'<rect x="{x + 10:.0f}" y="{y + 23:.0f}" width="{PRESENCE_W}" height="{PRESENCE_H}"'
        ' fill="#1565c0"/>',
        f'<text x="{x + 34:.0f}" y="{y + 32:.0f}" font-size="9">presence (country colour)</text>',
        _colony_piece(x + 15, y + 47),
        f'<text x="{x + 34:.0f}" y="{y + 48:.0f}" font-size="9">colony (hatched)</text>',
        f'<circle cx="{x + 14:.0f}" cy="{y + 66:.0f}" r="8" fill="#2e7d32"/>'
        f'<use href="#face-alliance" transform="translate({x + 14:.0f},{y + 66:.0f}) scale(6)"'
        ' fill="#fff" stroke="#fff" stroke-width="0.08"/>'
        f'<text x="{x + 26:.0f}" y="{y + 69:.0f}" font-size="9">alliance</text>'
        f'<circle cx="{x + 80:.0f}" cy="{y + 66:.0f}" r="8" fill="#c62828"/>'
        f'<use href="#face-war" transform="translate({x + 80:.0f},{y + 66:.0f}) scale(6)"'
        ' fill="#fff" stroke="#fff" stroke-width="0.08"/>'
        f'<text x="{x + 92:.0f}" y="{y + 69:.0f}" font-size="9">war</text>',
    ]
    return [*rows, "</g>"]


class _Panel:
    """The panel's SVG lines (beside the map, in the sea) and where they end."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.x = MAP_W + 10
        self.bottom = 32.0

    def text(self, words: str, size: float = 10.5, indent: float = 0, **style: str) -> None:
        extra = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in style.items())
        for k, line in enumerate(_wrap(words, int((WRAP - indent / 5) * 10.5 / size))):
            pad = indent if k == 0 else indent + 10
            self.lines.append(
                f'<text x="{self.x + pad:.0f}" y="{self.bottom:.0f}" font-size="{size}"{extra}>'
                f"{escape(line)}</text>"
            )
            self.bottom += size + 3.5

    def swatch(self, fill: str, radius: float) -> None:
        """A country's colour in front of the next line of text."""
        self.lines.append(
            f'<circle cx="{self.x + radius:.0f}" cy="{self.bottom - radius + 2:.0f}"'
            f' r="{radius:.0f}" fill="{fill}" stroke="#333" stroke-width="0.6"/>'
        )

    def gap(self, space: float = 6) -> None:
        self.bottom += space


def _wrap(words: str, width: int) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in words.split(" "):
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    return [*lines, current]


def _panel(view: AfricaView) -> _Panel:
    panel = _Panel()
    panel.text(
        f"{view['year']}: turn {view['turn']} of {view['turns']}", size=15, font_weight="bold"
    )
    panel.text(f"phase: {view['phase']}", size=12)
    panel.text(f"colonies: {view['colonies']} of {view['colony_pieces']} pieces", size=12)
    panel.gap()
    countries = view["countries"]
    stock = view["stock"]
    for seat, name in enumerate(countries):
        panel.swatch(colour(view, seat), 6)
        panel.text(f"{name}: {stock[seat]} markers in stock", size=12, indent=18)
    panel.gap(8)
    sheet = view["sheet"]
    if sheet is not None:
        panel.text("Your order sheet (secret)", size=12, font_weight="bold")
        for line in _sheet_lines(sheet):
            panel.text(line, indent=8)
        panel.gap(8)
    _limits(view, panel)
    _last_phases(view, panel)
    revealed = view["revealed"]
    if revealed is not None:
        panel.text("Orders revealed at the last reading", size=12, font_weight="bold")
        for shown in revealed:
            seat = shown["seat"]
            panel.swatch(colour(view, seat), 5)
            panel.text(countries[seat], size=11, indent=14, font_weight="bold")
            for line in _sheet_lines(shown):
                panel.text(line, size=10, indent=8)
    return panel


def _limits(view: AfricaView, panel: _Panel) -> None:
    """3.1 note: which explorations were carried out, in which alphabetical order."""
    limits = view["last_marker_limit"]
    if not limits:
        return
    labels = _sheet_labels(view)
    countries = view["countries"]
    panel.text("Marker limit at the last reading (3.1 note)", size=12, font_weight="bold")
    panel.text(
        "Explorations carried out in the alphabetical order of the territories explored"
        " into, as the order sheet prints them:",
        size=10,
    )
    for limit in limits:
        seat = limit["seat"]
        who = countries[seat]
        done = limit["carried_out"]
        steps = [
            f"{k + 1}. {labels.get(t, t)} {'carried out' if k < len(done) else 'void'}"
            for k, t in enumerate(limit["order"])
        ]
        panel.swatch(colour(view, seat), 5)
        panel.text(f"{who}: " + ", ".join(steps), size=10, indent=14)
    panel.gap(8)


def _sheet_labels(view: AfricaView) -> dict[str, str]:
    """Each territory by its name on the order sheet, with its English name if different."""
    out = {}
    for tid, sheet_name, name in zip(
        view["territories"], view["sheet_names"], view["names"], strict=True
    ):
        out[tid] = sheet_name if sheet_name == name else f"{sheet_name} ({name})"
    return out


def _last_phases(view: AfricaView, panel: _Panel) -> None:
    countries = view["countries"]
    gone = removed(view)
    built = view["last_colonies"]
    if gone:
        who = [f"{countries[s]} from {t}" for t, s in gone]
        panel.text("Removed in the last conflicts: " + "; ".join(who), size=10)
    if built:
        panel.text("New colonies: " + ", ".join(built), size=10)
    if gone or built:
        panel.gap(8)


def _sheet_lines(sheet: SheetView) -> list[str]:
    orders = [f"{t}: {order}" for t, order in sheet["orders"].items()]
    lines = ["; ".join(orders) if orders else "no orders"]
    relations = sheet["relations"]
    wars = [country for country, word in relations.items() if word == "war"]
    allied = [country for country, word in relations.items() if word != "war"]
    lines.append(f"landing: {sheet['landing'] or 'none'}")
    if wars:
        lines.append(f"war on {', '.join(wars)}")
    if allied:
        lines.append(f"alliance with {', '.join(allied)}")
    return lines


def _symbol(body: str, width: int = 34, height: int = 30) -> str:
    """A legend symbol: a small SVG document of its own."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' width="{width}" height="{height}" aria-hidden="true">{body}</svg>'
    )


def _face(face: str) -> str:
    """The shapes of a diplomatic marker's face, as ``_defs`` draws them."""
    return _defs().split(f'<g id="face-{face}">')[1].split("</g>")[0]


def _legend_marker(face: str, fill: str) -> str:
    inner = ""
    if face != "unturned":
        inner = (
            f'<g transform="translate(17,15) scale(9)" fill="#fff" stroke="#fff"'
            f' stroke-width="0.08">{_face(face)}</g>'
        )
    return _symbol(
        f'<g class="marker {face}"><circle cx="17" cy="15" r="12" fill="{fill}" stroke="#fff"'
        f' stroke-width="1.5"/>{inner}</g>'
    )


def legend_entries(view: AfricaView) -> list[LegendEntry]:
    """Every symbol of the board, drawn with the board's shapes and classes."""
    territory = '<g class="territory"><polygon points="3,5 31,3 29,27 5,25" fill="{}"'
    territory += f' stroke="{BORDER_INK}"/></g>'
    square = (
        f'<rect class="square" x="12" y="10" width="{SQUARE}" height="{SQUARE}" rx="1"'
        f' fill="#fffdf5" stroke="{TILE}"/>'
    )
    developed = (
        f'<rect class="square developed" x="12" y="10" width="{SQUARE}" height="{SQUARE}"'
        f' rx="1" fill="{TILE}" stroke="{TILE}"/><path d="M14.5,17 v-3.5 l2,-1.6 l2,1.6 v3.5 z"'
        ' fill="#f3e6cf"/>'
    )
    presence = (
        f'<rect class="presence" x="13" y="9" width="{PRESENCE_W}" height="{PRESENCE_H}" rx="1"'
        ' fill="#1565c0" stroke="#fff"/>'
    )
    embassy = (
        '<g class="embassy"><polygon points="2,4 32,4 32,26 2,26" fill="#f7fbfe"'
        ' stroke="#1565c0" stroke-width="2"/><rect x="2" y="4" width="30" height="6"'
        ' fill="#1565c0"/></g>'
    )
    return [
        {
            "symbol": _symbol(territory.format(fills()[0])),
            "meaning": "territory: its name, development squares and presences; click it"
            " when an order, exploration or landing can name it",
        },
        {"symbol": _symbol(square), "meaning": "development square still empty"},
        {
            "symbol": _symbol(developed),
            "meaning": "developed square (a development tile); all full: a colony may form",
        },
        {
            "symbol": _symbol(presence),
            "meaning": "presence of a country, in its colour (red Great Britain, blue"
            " France, black Germany, green Italy, yellow Netherlands, brown Belgium)",
        },
        {
            "symbol": _symbol(territory.format("#d8c9ef") + _colony_piece(17, 17)),
            "meaning": "colony (hatched, with its colony piece): permanent, scores 8 a"
            " presence alone on it, 3 if shared; nobody may explore into it",
        },
        {
            "symbol": _symbol(embassy),
            "meaning": "embassy of a country, in the sea: holds the other countries'"
            " diplomatic markers",
        },
        {
            "symbol": _legend_marker("alliance", "#2e7d32"),
            "meaning": "marker turned to the dove: that country declared alliance with the"
            " embassy's country (1 point to it at the end)",
        },
        {
            "symbol": _legend_marker("war", "#c62828"),
            "meaning": "marker turned to the cannon: that country declared war on the"
            " embassy's country",
        },
        {
            "symbol": _legend_marker("unturned", "#777"),
            "meaning": "marker not turned yet (before the first reading)",
        },
    ]


class AfricaPresentation(Presentation):
    """Africa 1880 drawn in one layer (the map and the sheets depend on the seat)."""

    def explain(self, view: EngineView) -> Explanation | None:
        return guide.explain(typed(view))  # JSON edge

    def legend(self, view: EngineView) -> list[LegendEntry]:
        return legend_entries(typed(view))  # JSON edge

    def overlay(self, view: EngineView) -> str:
        return render_svg(typed(view))  # JSON edge

    def seat_status(self, view: EngineView, seat: int, waiting: Sequence[int]) -> str:
        return seat_status(typed(view), seat, seat in waiting)  # JSON edge

    def section(self, event: told.EngineEvent) -> str | None:
        return told.section(event)

    def phase(self, event: told.EngineEvent) -> str | None:
        return told.phase(event)

    def seat_colour(self, seat: int, name: str) -> str:
        """The colour of the country's markers (its setup colour)."""
        return COUNTRY_COLOURS.get(name.lower(), super().seat_colour(seat, name))

    def action_labels(self, view: EngineView, legal: Sequence[str]) -> dict[str, str]:
        return controls.labels(typed(view), legal)  # JSON edge

    def confirm(self, view: EngineView, action: str, legal: Sequence[str]) -> str | None:
        return controls.confirm(typed(view), action)  # JSON edge

    def controls(self, view: EngineView, legal: Sequence[str]) -> list[controls.Control]:
        return controls.controls(typed(view), legal)  # JSON edge

    def plays_itself(self, view: EngineView, action: str) -> bool:
        return controls.plays_itself(typed(view), action)  # JSON edge

    def event_targets(self, view: EngineView, event: told.EngineEvent) -> list[str]:
        """The territory an event concerns (a presence placed, explored into, landed
        in or removed, a development, a colony): its shape's ``data-target``."""
        territory = told.event_str(event, "territory")
        return [] if territory is None else [territory]

    def panel(self, view: EngineView, seat: int) -> dict[str, PanelValue]:
        return panel(typed(view), seat)  # JSON edge


PRESENTATION = AfricaPresentation()


def panel(view: AfricaView, seat: int) -> dict[str, PanelValue]:
    """Markers in stock, and the alliance markers in the seat's own embassy (what
    scores 1 point each at the end of the game)."""
    stock = view["stock"]
    markers = view["embassy_markers"]
    out: dict[str, PanelValue] = {}
    if seat < len(stock):
        out["markers in stock"] = stock[seat]
    if markers is not None and seat < len(markers):
        out["alliances in its embassy"] = sum(
            1 for word in markers[seat].values() if word == "alliance"
        )
    return out


def seat_status(view: AfricaView, seat: int, deciding: bool) -> str:
    """What a seat is doing, in the words of the rulebook's phases."""
    phase = view["phase"]
    if phase == "diplomacy":
        return "negotiating" if deciding else "ready"
    if phase == "writing":
        return "writing orders" if deciding else "sealed"
    if phase == "setup":
        return "placing a presence" if deciding else "waiting"
    return "finished" if phase == "over" else "waiting"
