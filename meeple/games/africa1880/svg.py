"""Africa 1880 as SVG, drawn from a view alone (what the browser client shows).

The rulebook publishes no map geometry, so territories are drawn as a schematic
network over a rough outline of the continent: each territory at the place the
board data gives it (longitude, latitude, reconstructed), linked to the
territories it borders. Coastal territories have a blue rim; islands have no land
link. The six embassies stand in the sea, as on the printed board, with the
markers the other countries have turned there. Each territory carries
``data-target`` = its id, so the generic web client offers the orders, landings
and placements that name it.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from meeple.engine import Presentation
from meeple.engine.presentation import PanelValue
from meeple.games.africa1880.board import BOARD

JSON = dict[str, Any]

# Setup: the colour of each country's markers, as the rulebook gives them.
COUNTRY_COLOURS = {
    "great britain": "#c62828",  # red
    "france": "#1565c0",  # blue
    "germany": "#111111",  # black
    "italy": "#2e7d32",  # green
    "netherlands": "#f2cf1d",  # yellow
    "belgium": "#7a4a24",  # brown
}
# A rough outline of the continent and of Madagascar, (longitude, latitude): a
# drawing aid only, clockwise from Tangier.
AFRICA = (
    (-6, 36), (-1, 35.6), (3, 36.8), (10, 37.3), (11, 33.5), (15, 32.4), (20, 30.8),
    (20.5, 32.6), (25, 31.7), (30, 31.6), (32.4, 31.3), (32.6, 29.8), (34, 27.5),
    (35.6, 24), (37.2, 19.6), (39.5, 15.6), (42.7, 12.6), (43.4, 11.4), (45, 10.5),
    (51.3, 11.8), (51, 10.4), (49, 6), (45.3, 2), (42, -1), (39.7, -4), (39.3, -6.8),
    (40.5, -10.5), (40.7, -15), (36.9, -17.9), (35, -20), (35.5, -24), (32.6, -26),
    (31, -29.9), (27.9, -33), (25.6, -34), (20, -34.8), (18.4, -34), (18, -32),
    (15, -27), (14.5, -22.9), (11.8, -17.3), (12.3, -13), (13.2, -8.8), (12.2, -6),
    (9.5, -2), (9.4, 0.4), (9.7, 4), (8.5, 4.5), (6, 4.3), (3.4, 6.4), (1.2, 6.1),
    (-2, 4.8), (-4, 5.3), (-7.5, 4.4), (-10.8, 6.3), (-13.2, 8.5), (-15, 10.8),
    (-16.8, 13), (-17.5, 14.7), (-16.5, 19.4), (-17, 21), (-15, 24), (-13, 27.2),
    (-9.8, 29.5), (-9.6, 32), (-6.8, 34), (-5.9, 35.8),
)  # fmt: skip
MADAGASCAR = (
    (49.3, -12), (50.5, -15.5), (49.5, -17), (47.3, -25), (45, -25.5), (43.7, -22),
    (44.3, -17), (46.3, -15.7), (48.3, -13.5),
)  # fmt: skip
SCALE = 11.0
LEFT = 20.0  # degrees west of Greenwich at the left edge of the map
TOP = 37.0  # degrees north at the top edge
MAP_W = (52 + LEFT) * SCALE + 60
MAP_H = (TOP + 36) * SCALE + 60
PANEL_W = 360.0
R = 19.0
EMBASSY_W, EMBASSY_H = 150.0, 88.0
LAND, SEA = "#efe3c2", "#dcebf5"
WRAP = 58  # characters per line in the side panel


def point(territory: str) -> tuple[float, float]:
    """The drawing position of a territory (the board data's longitude, latitude)."""
    t = BOARD.ids.index(territory) if territory in BOARD.ids else -1
    lon, lat = BOARD.places[t] if t >= 0 else (10.0, 0.0)
    return _xy(lon, lat)


def _xy(lon: float, lat: float) -> tuple[float, float]:
    return 30 + (lon + LEFT) * SCALE, 30 + (TOP - lat) * SCALE


def colour(view: JSON, seat: int) -> str:
    ids: list[str] = view.get("country_ids", [])
    country = ids[seat] if seat < len(ids) else ""
    return COUNTRY_COLOURS.get(country, "#777")


def render_svg(view: JSON) -> str:
    panel = _panel(view)
    height = max(MAP_H, panel.bottom + 20)
    width = MAP_W + PANEL_W
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}"'
        ' class="board africa1880" role="img" aria-label="Africa 1880 board"'
        ' font-family="sans-serif">',
        f'<rect x="0" y="0" width="100%" height="100%" fill="{SEA}"/>',
        _outline(AFRICA),
        _outline(MADAGASCAR),
    ]
    ids = [str(t) for t in view.get("territories", BOARD.ids)]
    for t, name in enumerate(ids):
        x1, y1 = point(name)
        for u in BOARD.borders[t] if t < len(BOARD.borders) else ():
            if u > t:
                x2, y2 = point(BOARD.ids[u])
                parts.append(
                    f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}"'
                    ' stroke="#a8926a" stroke-width="2"/>'
                )
    for t, name in enumerate(ids):
        parts.append(_territory(view, t, name))
    parts.extend(_embassies(view))
    parts.extend(panel.lines)
    parts.append("</svg>")
    return "\n".join(parts)


def _outline(points: Sequence[tuple[float, float]]) -> str:
    pts = " ".join(f"{x:.0f},{y:.0f}" for x, y in (_xy(lon, lat) for lon, lat in points))
    return f'<polygon points="{pts}" fill="{LAND}" stroke="#9fb7c9" stroke-width="2"/>'


def _territory(view: JSON, t: int, tid: str) -> str:
    x, y = point(tid)
    names = view.get("names", [])
    label = str(names[t]) if t < len(names) else tid
    colony = bool(_at(view, "colony", t, False))
    coastal = bool(_at(view, "coastal", t, False))
    squares = int(_at(view, "squares", t, 0))
    dev = int(_at(view, "development", t, 0))
    fill = "#b9d7a8" if colony else "#fbf6e8"
    stroke = "#2a6f97" if coastal else "#8a7a5a"
    out = [
        f'<g class="territory" data-target="{escape(tid)}">',
        f'<polygon points="{_octagon(x, y)}" fill="{fill}" stroke="{stroke}"'
        f' stroke-width="{3 if coastal else 1.5}"/>',
        f'<text x="{x:.0f}" y="{y - 5:.0f}" font-size="8.5" text-anchor="middle">'
        f"{escape(label)}</text>",
        f'<text x="{x:.0f}" y="{y + 5:.0f}" font-size="7.5" text-anchor="middle" fill="#444">'
        f"{'COLONY' if colony else f'dev {dev}/{squares}'}</text>",
    ]
    presences = _at(view, "presences", t, [])
    for k, seat in enumerate(presences):
        px = x - 4.5 * (len(presences) - 1) + 9 * k
        out.append(
            f'<circle cx="{px:.1f}" cy="{y + 12:.1f}" r="4" fill="{colour(view, int(seat))}"'
            ' stroke="#333" stroke-width="0.7" class="presence"/>'
        )
    out.append("</g>")
    return "".join(out)


def _octagon(x: float, y: float) -> str:
    w, h = R * 1.45, R
    pts = [(-w, -h / 2), (-w / 2, -h), (w / 2, -h), (w, -h / 2)]
    pts += [(w, h / 2), (w / 2, h), (-w / 2, h), (-w, h / 2)]
    return " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in pts)


def _at(view: JSON, key: str, index: int, default: Any) -> Any:
    values = view.get(key)
    if isinstance(values, list) and index < len(values):
        return values[index]
    return default


def _embassies(view: JSON) -> list[str]:
    """The embassy of each country in the game, in the South Atlantic: the markers
    the others turned there (alliance: 1 point at the end of the game; war)."""
    countries = view.get("countries", [])
    ids = view.get("country_ids", [])
    markers = view.get("embassy_markers")
    x0, y0 = 36.0, 470.0
    out = [
        f'<text x="{x0:.0f}" y="{y0 - 8:.0f}" font-size="11" font-weight="bold" fill="#2a4d66">'
        "Embassies (each alliance = 1 point at the end)</text>"
    ]
    for seat, name in enumerate(countries):
        x = x0 + (seat % 2) * (EMBASSY_W + 8)
        y = y0 + (seat // 2) * (EMBASSY_H + 8)
        out.append(
            f'<g class="embassy"><rect x="{x:.0f}" y="{y:.0f}" width="{EMBASSY_W:.0f}"'
            f' height="{EMBASSY_H:.0f}" rx="5" fill="#f7fbfe" stroke="{colour(view, seat)}"'
            ' stroke-width="2"/>'
            f'<text x="{x + 6:.0f}" y="{y + 14:.0f}" font-size="10" font-weight="bold">'
            f"Embassy of {escape(str(name))}</text>"
        )
        shown = markers[seat] if isinstance(markers, list) and seat < len(markers) else {}
        others = [o for o in range(len(countries)) if o != seat]
        for row, other in enumerate(others):
            word = shown.get(ids[other], "not turned") if other < len(ids) else "not turned"
            ink = {"alliance": "#2e6b2e", "war": "#b71c1c"}.get(word, "#777")
            ty = y + 28 + row * 12
            out.append(
                f'<circle cx="{x + 12:.0f}" cy="{ty - 3:.0f}" r="4" fill="{colour(view, other)}"'
                ' stroke="#333" stroke-width="0.6"/>'
                f'<text x="{x + 20:.0f}" y="{ty:.0f}" font-size="9">'
                f'{escape(str(countries[other]))}: <tspan fill="{ink}" font-weight="bold">'
                f"{escape(word)}</tspan></text>"
            )
        out.append("</g>")
    return out


class _Panel:
    """The side panel's SVG lines and where they end."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.x = MAP_W + 10
        self.bottom = 40.0

    def text(self, words: str, size: float = 10.5, indent: float = 0, **style: str) -> None:
        extra = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in style.items())
        for k, line in enumerate(_wrap(words, WRAP - int(indent / 5))):
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


def _panel(view: JSON) -> _Panel:
    panel = _Panel()
    panel.text(
        f"{view.get('year', '')}: turn {view.get('turn', '')} of {view.get('turns', '')}",
        size=15,
        font_weight="bold",
    )
    panel.text(f"phase: {view.get('phase', '')}", size=12)
    panel.text(
        f"colonies: {view.get('colonies', 0)} of {view.get('colony_pieces', 22)} pieces",
        size=12,
    )
    panel.gap()
    countries = view.get("countries", [])
    stock = view.get("stock", [])
    for seat, name in enumerate(countries):
        markers = stock[seat] if seat < len(stock) else "?"
        panel.swatch(colour(view, seat), 6)
        panel.text(f"{name}: {markers} markers in stock", size=12, indent=18)
    panel.gap(8)
    sheet = view.get("sheet")
    if isinstance(sheet, dict):
        panel.text("Your order sheet (secret)", size=12, font_weight="bold")
        for line in _sheet_lines(sheet):
            panel.text(line, indent=8)
        panel.gap(8)
    _limits(view, panel)
    _last_phases(view, panel)
    revealed = view.get("revealed")
    if isinstance(revealed, list):
        panel.text("Orders revealed at the last reading", size=12, font_weight="bold")
        for shown in revealed:
            seat = int(shown.get("seat", 0))
            who = countries[seat] if seat < len(countries) else str(seat)
            panel.swatch(colour(view, seat), 5)
            panel.text(str(who), size=11, indent=14, font_weight="bold")
            for line in _sheet_lines(shown):
                panel.text(line, size=10, indent=8)
    return panel


def _limits(view: JSON, panel: _Panel) -> None:
    """3.1 note: which explorations were carried out, in which alphabetical order."""
    limits = view.get("last_marker_limit") or []
    if not limits:
        return
    labels = _sheet_labels(view)
    countries = view.get("countries", [])
    panel.text("Marker limit at the last reading (3.1 note)", size=12, font_weight="bold")
    panel.text(
        "Explorations carried out in the alphabetical order of the territories explored"
        " into, as the order sheet prints them:",
        size=10,
    )
    for limit in limits:
        seat = int(limit.get("seat", 0))
        who = countries[seat] if seat < len(countries) else str(seat)
        done = list(limit.get("carried_out", []))
        steps = [
            f"{k + 1}. {labels.get(t, t)} {'carried out' if k < len(done) else 'void'}"
            for k, t in enumerate(limit.get("order", []))
        ]
        panel.swatch(colour(view, seat), 5)
        panel.text(f"{who}: " + ", ".join(steps), size=10, indent=14)
    panel.gap(8)


def _sheet_labels(view: JSON) -> dict[str, str]:
    """Each territory by its name on the order sheet, with its English name if different."""
    ids = view.get("territories", [])
    printed = view.get("sheet_names", [])
    names = view.get("names", [])
    out = {}
    for t, tid in enumerate(ids):
        sheet_name = str(printed[t]) if t < len(printed) else tid
        name = str(names[t]) if t < len(names) else tid
        out[tid] = sheet_name if sheet_name == name else f"{sheet_name} ({name})"
    return out


def _last_phases(view: JSON, panel: _Panel) -> None:
    countries = view.get("countries", [])
    removed = view.get("last_removed") or []
    built = view.get("last_colonies") or []
    if removed:
        who = [f"{countries[s] if s < len(countries) else s} from {t}" for t, s in removed]
        panel.text("Removed in the last conflicts: " + "; ".join(who), size=10)
    if built:
        panel.text("New colonies: " + ", ".join(built), size=10)
    if removed or built:
        panel.gap(8)


def _sheet_lines(sheet: JSON) -> list[str]:
    orders = [f"{t}: {order}" for t, order in dict(sheet.get("orders", {})).items()]
    lines = ["; ".join(orders) if orders else "no orders"]
    relations = dict(sheet.get("relations", {}))
    wars = [country for country, word in relations.items() if word == "war"]
    allied = [country for country, word in relations.items() if word != "war"]
    lines.append(f"landing: {sheet.get('landing') or 'none'}")
    if wars:
        lines.append(f"war on {', '.join(wars)}")
    if allied:
        lines.append(f"alliance with {', '.join(allied)}")
    return lines


class AfricaPresentation(Presentation):
    """Africa 1880 drawn in one layer (the map and the sheets depend on the seat)."""

    def overlay(self, view: JSON) -> str:
        return render_svg(view)

    def seat_status(self, view: JSON, seat: int, waiting: Sequence[int]) -> str:
        return seat_status(view, seat, seat in waiting)

    def panel(self, view: JSON, seat: int) -> dict[str, PanelValue]:
        """Markers in stock, and the alliance markers in the seat's own embassy (what
        scores 1 point each at the end of the game)."""
        stock = view.get("stock", [])
        markers = view.get("embassy_markers")
        out: dict[str, PanelValue] = {}
        if seat < len(stock):
            out["markers in stock"] = int(stock[seat])
        if isinstance(markers, list) and seat < len(markers):
            out["alliances in its embassy"] = sum(
                1 for word in markers[seat].values() if word == "alliance"
            )
        return out


PRESENTATION = AfricaPresentation()


def seat_status(view: JSON, seat: int, deciding: bool) -> str:
    """What a seat is doing, in the words of the rulebook's phases."""
    phase = view.get("phase")
    if phase == "diplomacy":
        return "negotiating" if deciding else "ready"
    if phase == "writing":
        return "writing orders" if deciding else "sealed"
    if phase == "setup":
        return "placing a presence" if deciding else "waiting"
    return "finished" if phase == "over" else "waiting"
