"""Africa 1880 as SVG, drawn from a view alone (what the browser client shows).

The board as the rulebook describes it (Components; Order Sheet and Board
Reference): a map of Africa in 32 territories, each with its development squares,
and in the sea six embassy spaces, one per European country, holding the round
diplomatic markers the other countries turned to their alliance (dove) or war
(cannon) face. The shapes come from data/map.json, reconstructed (no public
source gives the printed map) and checked against the board's borders and coasts
by ``geography``. Presences are square tokens in their country's colour, big
enough to count at a glance; a colony carries a colony piece, a hatched fill and
a bold outline. Under the map, its own panel: the turn, the stocks, the seat's
secret order sheet and the orders revealed at the last reading. Every text is
drawn at SMALLEST_FONT units or more, about a pixel a unit on a desktop (the
drawing spans its card).

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
from meeple.games.africa1880.sheet_view import country_name
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
WIDTH = MAP_W  # the panel lies under the map, as wide
COLUMN_W = (WIDTH - 30) / 2  # the panel's two columns
CHAR_W = 0.56  # a letter's width in ems (sans-serif, for wrapping the panel's lines)
SEA, SHALLOWS, COAST_INK, WATER = "#cfe3f1", "#b4d2e8", "#2f6b94", "#9cc6e4"
BORDER_INK, LABEL_INK = "#7a6647", "#3b2f1e"
# Pastel fills, so that no two bordering territories look alike.
FILLS = ("#f1e2b6", "#e3d6a8", "#dfe6b8", "#f0d4b4", "#e8dcc6")
SQUARE, TILE = 11.0, "#8d6e4f"  # a development square's size; a development tile's colour
PRESENCE = 15.0  # a presence token's side
PER_ROW = 4  # presence tokens in a row
COLONY_INK = "#4a2c8a"  # a colony's outline
MARKER_R = 13.0  # a round diplomatic marker
EMBASSY_W, EMBASSY_H = 186.0, 92.0
NAME_FONT = 12.5  # a territory's name; no text of the board is smaller (SMALLEST_FONT)
SEA_NAMES = (
    ("Mediterranean Sea", 18.0, 35.6),
    ("Atlantic Ocean", -21.0, 24.0),
    ("Indian Ocean", 49.0, -3.0),
    ("Red Sea", 42.0, 20.5),
    ("Gulf of Guinea", 3.0, 2.2),
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
    height = panel.bottom + 10
    tallest = max(height, panel.phone_height)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {tallest:.0f}"'
        ' preserveAspectRatio="xMinYMin slice"'
        f' class="board africa1880" data-zoom="{ZOOM_WIDTH}px" role="img"'
        ' aria-label="Africa 1880 board: a map of'
        " Africa in 32 territories, with the six embassies in the sea, and under it"
        ' the orders" font-family="sans-serif">',
        f"<style>{ARRANGEMENT}{panel.arrangement(height)}</style>",
        _defs(),
        f'<rect x="0" y="0" width="{WIDTH:.0f}" height="{MAP_H:.0f}" fill="{SEA}"/>',
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
        f'<g class="af-orders"><rect class="af-sheet" x="4" y="{PANEL_TOP:.0f}"'
        f' width="{WIDTH - 8:.0f}" height="{height - PANEL_TOP - 4:.0f}" rx="6" fill="#fbfaf6"'
        ' stroke="#9fb7c9"/>'
    )
    parts.extend(panel.lines)
    parts.append("</g></svg>")
    return "\n".join(parts)


# ---- the drawing across its card, on a desktop as on a phone ----

SMALLEST_FONT = NAME_FONT  # units: the smallest text drawn (the panel's and the map's)
READABLE = 11.0  # px: the smallest text the enlarged board shows
ZOOM_WIDTH = math.ceil(WIDTH * READABLE / SMALLEST_FONT)  # data-zoom, px
NARROW_MAX_W = 860  # px: a tablet's board, its order sheet within two screens
PHONE_QUERY = "(max-width: 760px)"  # the table page's phone breakpoint
PANEL_TOP = MAP_H + 6  # where the panel under the map begins
# On a phone's fitted board the panel's two columns stand one under the other, each
# as wide as the map (its 12.5-unit text at about 10 px on a 390 px phone).
PHONE_SCALE = (WIDTH - 24) / COLUMN_W
# The drawing spans its card (on a desktop about a pixel a unit: its text at 12 px
# or more), as tall as it needs: the page's height cap is lifted. On a tablet, whose
# page puts the decision above the board, no wider than NARROW_MAX_W.
ARRANGEMENT = (
    "svg.africa1880{display:block;margin:0 auto;width:100%!important;"
    "height:auto!important;max-height:none!important}"
    f"@media (max-width:1100px){{svg.africa1880{{max-width:{NARROW_MAX_W}px}}}}"
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
            f'<text x="{x:.0f}" y="{y:.0f}" font-size="{NAME_FONT}" font-style="italic"'
            ' fill="#5d88a8"'
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
        f' stroke="{COLONY_INK if colony else BORDER_INK}"'
        f' stroke-width="{3 if colony else 0.9}" stroke-linejoin="round"/></g>'
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
        f'<text x="{x:.1f}" y="{y - 5:.1f}" font-size="{NAME_FONT}" font-weight="bold"'
        f' text-anchor="middle" fill="{LABEL_INK}" stroke="#fffdf5" stroke-width="3"'
        f' paint-order="stroke">{escape(label)}</text>',
    ]
    step = SQUARE + 2
    left = x - (squares * step - 2) / 2
    for k in range(squares):
        built = k < dev
        out.append(
            f'<rect class="square{" developed" if built else ""}" x="{left + k * step:.1f}"'
            f' y="{y - 1:.1f}" width="{SQUARE}" height="{SQUARE}" rx="1"'
            f' fill="{TILE if built else "#fffdf5"}" stroke="{TILE}" stroke-width="1"/>'
        )
        if built:  # the construction symbol: a little building
            bx = left + k * step + 3
            out.append(f'<path d="M{bx:.1f},{y + 8:.1f} v-4 l2.5,-2 l2.5,2 v4 z" fill="#f3e6cf"/>')
    if colony:
        out.append(_colony_piece(left - 11, y + 4))
    out.extend(_presences(view, x, y + 13, view["presences"][t]))
    out.append("</g>")
    return "".join(out)


def _colony_piece(x: float, y: float) -> str:
    """A colony piece (a ceramic figure): a white house with a flagpole, centred on
    (x, y), about 14 units wide and 20 tall."""
    return (
        f'<path class="colony-piece" d="M{x - 7:.1f},{y + 7:.1f} v-8 l7,-6 l7,6 v8 z'
        f' M{x:.1f},{y - 7:.1f} v-6 h6 v3 h-6"'
        f' fill="#fff" stroke="{COLONY_INK}" stroke-width="1.6" stroke-linejoin="round"/>'
    )


def _presences(view: AfricaView, x: float, top: float, seats: Sequence[int]) -> list[str]:
    """Square presence tokens in their countries' colours, PER_ROW to a row, each
    PRESENCE units wide: a territory's presences counted at a glance."""
    out = []
    gap = 3.0
    for k, seat in enumerate(seats):
        row, col = divmod(k, PER_ROW)
        in_row = min(PER_ROW, len(seats) - row * PER_ROW)
        px = x - (in_row * (PRESENCE + gap) - gap) / 2 + col * (PRESENCE + gap)
        py = top + row * (PRESENCE + gap)
        out.append(
            f'<rect class="presence" x="{px:.1f}" y="{py:.1f}" width="{PRESENCE}"'
            f' height="{PRESENCE}" rx="2.5" fill="{colour(view, seat)}" stroke="{LABEL_INK}"'
            f' stroke-width="1.2"/>'
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
        f'<text x="{x0:.0f}" y="{y0 - 26:.0f}" font-size="15" font-weight="bold"'
        ' fill="#2a4d66">Embassies</text>'
        f'<text x="{x0:.0f}" y="{y0 - 8:.0f}" font-size="{NAME_FONT}" fill="#2a4d66">'
        "each alliance in yours scores 1 point at the end</text>"
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
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{EMBASSY_W:.0f}" height="20" rx="6"'
        f' fill="{ink if playing else "#c5d3dd"}"/>'
        f'<text x="{x + EMBASSY_W / 2:.0f}" y="{y + 15:.0f}" font-size="{NAME_FONT}"'
        ' font-weight="bold" text-anchor="middle"'
        f' fill="{ON_COLOUR.get(ink, "#fff") if playing else "#556"}">'
        f"{COUNTRY_NAMES[k]}</text>"
    ]
    if playing:
        others = [s for s in range(len(view["country_ids"])) if s != seat]
        for slot, other in enumerate(others):
            cx = x + 22 + slot * 35.5
            out.append(_marker(view, other, cx, y + 44, shown))
    else:
        out.append(
            f'<text x="{x + EMBASSY_W / 2:.0f}" y="{y + 56:.0f}" font-size="{NAME_FONT}"'
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
            f'<use href="#face-{face}" transform="translate({cx:.1f},{cy:.1f}) scale(10)"'
            f' fill="{ink}" stroke="{ink}" stroke-width="0.08"/>'
        )
    # The face's symbol says alliance or war; under the marker, its owner.
    out.append(
        f'<text x="{cx:.1f}" y="{cy + 29:.1f}" font-size="{NAME_FONT}" text-anchor="middle"'
        f' font-weight="bold" fill="#333">{escape(short)}</text></g>'
    )
    return "".join(out)


def _legend() -> list[str]:
    """What the pieces mean, in the Indian Ocean: three rows of symbols."""
    x, y = xy(36.5, -28.0)
    f = NAME_FONT

    def word(dx: float, dy: float, text: str) -> str:
        return f'<text x="{x + dx:.0f}" y="{y + dy:.0f}" font-size="{f}">{text}</text>'

    def marker(dx: float, fill: str, face: str) -> str:
        return (
            f'<circle cx="{x + dx:.0f}" cy="{y + 67:.0f}" r="9" fill="{fill}"/>'
            f'<use href="#face-{face}" transform="translate({x + dx:.0f},{y + 67:.0f})'
            ' scale(7)" fill="#fff" stroke="#fff" stroke-width="0.08"/>'
        )

    return [
        '<g class="legend" pointer-events="none">'
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{(EAST - 36.8) * SCALE:.0f}" height="82" rx="5"'
        ' fill="#f7fbfe" stroke="#9fb7c9"/>',
        f'<rect x="{x + 8:.0f}" y="{y + 9:.0f}" width="{SQUARE}" height="{SQUARE}"'
        f' fill="#fffdf5" stroke="{TILE}"/>'
        f'<rect x="{x + 21:.0f}" y="{y + 9:.0f}" width="{SQUARE}" height="{SQUARE}"'
        f' fill="{TILE}" stroke="{TILE}"/>',
        word(38, 19, "square: empty, built"),
        f'<rect x="{x + 8:.0f}" y="{y + 31:.0f}" width="{PRESENCE}" height="{PRESENCE}"'
        f' rx="2.5" fill="#1565c0" stroke="{LABEL_INK}" stroke-width="1.2"/>',
        word(28, 43, "presence"),
        _colony_piece(x + 105, y + 40),
        word(118, 43, "colony"),
        marker(16, "#2e7d32", "alliance"),
        word(30, 71, "alliance"),
        marker(100, "#c62828", "war"),
        word(114, 71, "war"),
        "</g>",
    ]


class _Column:
    """One column of the panel under the map: its SVG lines and where they end."""

    def __init__(self, x: float, top: float) -> None:
        self.lines: list[str] = []
        self.x = x
        self.bottom = top

    def text(self, words: str, size: float = NAME_FONT, indent: float = 0, **style: str) -> None:
        extra = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in style.items())
        width = int((COLUMN_W - indent - 12) / (size * CHAR_W))
        for k, line in enumerate(_wrap(words, width)):
            pad = indent if k == 0 else indent + 12
            self.lines.append(
                f'<text x="{self.x + pad:.0f}" y="{self.bottom:.0f}" font-size="{size}"{extra}>'
                f"{escape(line)}</text>"
            )
            self.bottom += size + 5

    def swatch(self, fill: str, radius: float) -> None:
        """A country's colour in front of the next line of text."""
        self.lines.append(
            f'<circle cx="{self.x + radius:.0f}" cy="{self.bottom - radius + 1:.0f}"'
            f' r="{radius:.0f}" fill="{fill}" stroke="#333" stroke-width="0.6"/>'
        )

    def gap(self, space: float = 8) -> None:
        self.bottom += space


class _Panel:
    """The panel under the map, in two columns: the game and one's own sheet on
    the left, what the last reading did and revealed on the right."""

    def __init__(self) -> None:
        top = MAP_H + 32
        self.left = _Column(16, top)
        self.right = _Column(16 + COLUMN_W + 14, top)
        self.notes: list[str] = []

    @property
    def bottom(self) -> float:
        return max(self.left.bottom, self.right.bottom) + 22 * len(self.notes)

    def _tall(self, column: _Column) -> float:
        """A column's height from the panel's top (nothing for an empty column)."""
        return column.bottom - PANEL_TOP if column.lines else 0.0

    @property
    def phone_height(self) -> float:
        """The drawing's height on a phone: the map, then the columns enlarged."""
        return PANEL_TOP + PHONE_SCALE * (self._tall(self.left) + self._tall(self.right)) + 10

    def arrangement(self, height: float) -> str:
        """The drawing's stylesheet for its two arrangements: as drawn (the whole
        drawing, the viewBox's top ``height`` units shown from its top left, "slice"),
        and on a phone's fitted board (its card not ``.zoomed``) the columns one under
        the other, each enlarged to the map's width, the sheet's frame and the notes
        left out (the page says the map is reconstructed under the board)."""
        phone = ":not(.zoomed)>svg.africa1880"
        k = PHONE_SCALE
        right_top = PANEL_TOP + k * self._tall(self.left)

        def place(css: str, x0: float, top: float) -> str:
            tx, ty = 12 - k * x0, top - k * PANEL_TOP
            return f"{phone} {css}{{transform:translate({tx:.1f}px,{ty:.1f}px) scale({k:.4f})}}"

        return (
            f"svg.africa1880{{aspect-ratio:{WIDTH:.0f}/{height:.0f}}}"
            "svg.africa1880 .af-col{transform-origin:0 0}"
            f"@media {PHONE_QUERY}{{{phone}{{aspect-ratio:{WIDTH:.0f}/{self.phone_height:.0f}}}"
            + place(".af-left", self.left.x, PANEL_TOP)
            + place(".af-right", self.right.x, right_top)
            + f"{phone} .af-sheet,{phone} .af-notes{{display:none}}}}"
        )

    @property
    def lines(self) -> list[str]:
        y = max(self.left.bottom, self.right.bottom) + 6
        notes = [
            f'<text x="16" y="{y + 22 * k:.0f}" font-size="{NAME_FONT}" fill="#38566b"'
            f' font-style="italic">{escape(note)}</text>'
            for k, note in enumerate(self.notes)
        ]
        return [
            '<g class="af-col af-left">',
            *self.left.lines,
            '</g><g class="af-col af-right">',
            *self.right.lines,
            '</g><g class="af-notes">',
            *notes,
            "</g>",
        ]


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
    side = panel.left
    sheet = view["sheet"]
    if sheet is not None:  # first: a tablet's page shows it within two screens
        side.text("Your order sheet (secret)", size=15, font_weight="bold")
        for line in _sheet_lines(view, sheet):
            side.text(line, indent=10)
        side.gap(10)
    year = f"{view['year']}: turn {view['turn']} of {view['turns']}"
    side.text(year, size=17, font_weight="bold")
    side.text(f"phase: {view['phase']}")
    side.text(f"colonies: {view['colonies']} of {view['colony_pieces']} pieces")
    side.gap()
    countries = view["countries"]
    stock = view["stock"]
    for seat, name in enumerate(countries):
        side.swatch(colour(view, seat), 6)
        side.text(f"{name}: {stock[seat]} markers in stock", indent=18)
    other = panel.right
    _limits(view, other)
    _last_phases(view, other)
    revealed = view["revealed"]
    if revealed is not None:
        other.text("Orders revealed at the last reading", size=15, font_weight="bold")
        for shown in revealed:
            seat = shown["seat"]
            other.swatch(colour(view, seat), 6)
            other.text(countries[seat], indent=16, font_weight="bold")
            for line in _sheet_lines(view, shown):
                other.text(line, indent=10)
            other.gap(4)
    return panel


def _limits(view: AfricaView, panel: _Column) -> None:
    """3.1 note: which explorations were carried out, in which alphabetical order."""
    limits = view["last_marker_limit"]
    if not limits:
        return
    labels = _sheet_labels(view)
    countries = view["countries"]
    panel.text("Marker limit at the last reading (3.1 note)", size=15, font_weight="bold")
    panel.text(
        "Explorations carried out in the alphabetical order of the territories explored"
        " into, as the order sheet prints them:"
    )
    for limit in limits:
        seat = limit["seat"]
        who = countries[seat]
        done = limit["carried_out"]
        steps = [
            f"{k + 1}. {labels.get(t, t)} {'carried out' if k < len(done) else 'void'}"
            for k, t in enumerate(limit["order"])
        ]
        panel.swatch(colour(view, seat), 6)
        panel.text(f"{who}: " + ", ".join(steps), indent=16)
    panel.gap()


def _sheet_labels(view: AfricaView) -> dict[str, str]:
    """Each territory by its name on the order sheet, with its English name if different."""
    out = {}
    for tid, sheet_name, name in zip(
        view["territories"], view["sheet_names"], view["names"], strict=True
    ):
        out[tid] = sheet_name if sheet_name == name else f"{sheet_name} ({name})"
    return out


def _last_phases(view: AfricaView, panel: _Column) -> None:
    countries = view["countries"]
    gone = removed(view)
    built = view["last_colonies"]
    if gone:
        who = [f"{countries[s]} from {territory_name(view, t)}" for t, s in gone]
        panel.text("Removed in the last conflicts: " + "; ".join(who))
    if built:
        panel.text("New colonies: " + ", ".join(territory_name(view, t) for t in built))
    if gone or built:
        panel.gap()


def territory_name(view: AfricaView, territory: str) -> str:
    """A territory's name, or the id itself if the board has none such."""
    ids = view["territories"]
    return view["names"][ids.index(territory)] if territory in ids else territory


def order_words(view: AfricaView, order: str) -> str:
    """ "explore egypt" becomes "explore Egypt"; develop and nothing stay."""
    verb, _, target = order.partition(" ")
    return f"{verb} {territory_name(view, target)}" if target else verb


def _sheet_lines(view: AfricaView, sheet: SheetView) -> list[str]:
    """An order sheet in the game's names: one line of orders, the landing, the
    relations."""
    orders = [
        f"{territory_name(view, t)}: {order_words(view, order)}"
        for t, order in sheet["orders"].items()
    ]
    lines = ["; ".join(orders) if orders else "no orders"]
    relations = sheet["relations"]
    wars = [country_name(view, c) for c, word in relations.items() if word == "war"]
    allied = [country_name(view, c) for c, word in relations.items() if word != "war"]
    landing = sheet["landing"]
    lines.append(f"landing: {territory_name(view, landing) if landing else 'none'}")
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
        f'<rect class="presence" x="9" y="7" width="{PRESENCE}" height="{PRESENCE}" rx="2.5"'
        f' fill="#1565c0" stroke="{LABEL_INK}" stroke-width="1.2"/>'
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
