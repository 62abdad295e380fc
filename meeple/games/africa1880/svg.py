"""Africa 1880 as SVG, drawn from a view alone (what the browser client shows).

The rulebook publishes no map geometry, so territories are drawn as a schematic
network at their approximate geographic place (longitude, latitude below, chosen
by the meeple project), linked by the borders of the board data. Each territory
carries ``data-target`` = its id, so the generic web client offers the orders,
landings and placements that name it.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from meeple.engine import Presentation
from meeple.games.africa1880.board import BOARD

JSON = dict[str, Any]

# Approximate (longitude, latitude) of each territory's centre: a drawing aid only.
PLACES: dict[str, tuple[float, float]] = {
    "abyssinia": (39, 9),
    "alexandria": (29, 31),
    "algiers": (3, 34),
    "angola": (16, -12),
    "bangui": (20, 4),
    "cameroon": (11, 4),
    "cape town": (20, -33),
    "congo": (13, -4),
    "dahomey": (2, 8),
    "dakar": (-16, 14),
    "djibouti": (44, 12),
    "egypt": (31, 24),
    "fashoda": (31, 9),
    "kenya": (38, 0),
    "khartoum": (34, 17),
    "kuruman": (24, -27),
    "lake nyassa": (35, -14),
    "lake tanganyika": (28, -7),
    "lake chad": (16, 13),
    "lake victoria": (32, -1),
    "libya": (18, 28),
    "madagascar": (47, -20),
    "mogadishu": (45, 3),
    "namibia": (15, -21),
    "nigeria": (7, 7),
    "ougadougou": (-2, 11),
    "rhodesia": (28, -18),
    "sahara": (-13, 24),
    "tamanrasset": (5, 23),
    "tenere": (11, 19),
    "timbuktu": (-4, 17),
    "zanzibar": (41, -7),
}
COUNTRY_COLOURS = {
    "great britain": "#c62828",
    "france": "#1565c0",
    "germany": "#424242",
    "italy": "#2e7d32",
    "netherlands": "#ef6c00",
    "belgium": "#f9a825",
}
SCALE = 11.0
LEFT = 20.0
TOP = 37.0
MAP_W = (52 + LEFT) * SCALE + 60
PANEL_W = 330.0
R = 19.0


def point(territory: str) -> tuple[float, float]:
    lon, lat = PLACES.get(territory, (10.0, 0.0))
    return 30 + (lon + LEFT) * SCALE, 30 + (TOP - lat) * SCALE


def colour(view: JSON, seat: int) -> str:
    ids: list[str] = view.get("country_ids", [])
    country = ids[seat] if seat < len(ids) else ""
    return COUNTRY_COLOURS.get(country, "#777")


def render_svg(view: JSON) -> str:
    height = (TOP + 36) * SCALE + 60
    width = MAP_W + PANEL_W
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}"'
        ' class="board africa1880" role="img" aria-label="Africa 1880 board">',
        '<rect x="0" y="0" width="100%" height="100%" fill="#e6f0f7"/>',
    ]
    ids = [str(t) for t in view.get("territories", BOARD.ids)]
    for t, name in enumerate(ids):
        x1, y1 = point(name)
        for u in BOARD.borders[t] if t < len(BOARD.borders) else ():
            if u > t:
                x2, y2 = point(BOARD.ids[u])
                parts.append(
                    f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}"'
                    ' stroke="#b9a77f" stroke-width="2"/>'
                )
    for t, name in enumerate(ids):
        parts.append(_territory(view, t, name))
    parts.extend(_panel(view))
    parts.append("</svg>")
    return "\n".join(parts)


def _territory(view: JSON, t: int, tid: str) -> str:
    x, y = point(tid)
    names = view.get("names", [])
    label = str(names[t]) if t < len(names) else tid
    colony = bool(_at(view, "colony", t, False))
    coastal = bool(_at(view, "coastal", t, False))
    squares = int(_at(view, "squares", t, 0))
    dev = int(_at(view, "development", t, 0))
    fill = "#f2c94c" if colony else "#f3e6c4"
    stroke = "#2a6f97" if coastal else "#8a7a5a"
    out = [
        f'<g class="territory" data-target="{escape(tid)}">',
        f'<polygon points="{_octagon(x, y)}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>',
        f'<text x="{x:.0f}" y="{y - 4:.0f}" font-size="8.5" text-anchor="middle">'
        f"{escape(label)}</text>",
        f'<text x="{x:.0f}" y="{y + 6:.0f}" font-size="7.5" text-anchor="middle" fill="#555">'
        f"{'colony' if colony else f'dev {dev}/{squares}'}</text>",
    ]
    presences = _at(view, "presences", t, [])
    for k, seat in enumerate(presences):
        px = x - 4.5 * (len(presences) - 1) + 9 * k
        out.append(
            f'<circle cx="{px:.1f}" cy="{y + 13:.1f}" r="4" fill="{colour(view, int(seat))}"'
            ' stroke="#fff" stroke-width="1" class="presence"/>'
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


def _panel(view: JSON) -> list[str]:
    x = MAP_W + 10
    y = 40.0
    out = [
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="15" font-weight="bold">'
        f"{escape(str(view.get('year', '')))}: turn {escape(str(view.get('turn', '')))}"
        f" of {escape(str(view.get('turns', '')))}</text>",
        f'<text x="{x:.0f}" y="{y + 18:.0f}" font-size="12">phase:'
        f" {escape(str(view.get('phase', '')))}</text>",
    ]
    y += 44
    countries = view.get("countries", [])
    stock = view.get("stock", [])
    for seat, name in enumerate(countries):
        markers = stock[seat] if seat < len(stock) else "?"
        out.append(
            f'<circle cx="{x + 6:.0f}" cy="{y - 4:.0f}" r="6" fill="{colour(view, seat)}"/>'
            f'<text x="{x + 18:.0f}" y="{y:.0f}" font-size="12">{escape(str(name))}:'
            f" {escape(str(markers))} markers in stock</text>"
        )
        y += 18
    y += 10
    sheet = view.get("sheet")
    if isinstance(sheet, dict):
        out.append(
            f'<text x="{x:.0f}" y="{y:.0f}" font-size="12" font-weight="bold">'
            "Your order sheet (secret)</text>"
        )
        y += 16
        for line in _sheet_lines(sheet):
            out.append(f'<text x="{x:.0f}" y="{y:.0f}" font-size="10.5">{escape(line)}</text>')
            y += 14
        y += 8
    revealed = view.get("revealed")
    if isinstance(revealed, list):
        out.append(
            f'<text x="{x:.0f}" y="{y:.0f}" font-size="12" font-weight="bold">'
            "Orders revealed this turn</text>"
        )
        y += 16
        for shown in revealed:
            seat = int(shown.get("seat", 0))
            who = countries[seat] if seat < len(countries) else str(seat)
            out.append(
                f'<text x="{x:.0f}" y="{y:.0f}" font-size="11" fill="{colour(view, seat)}"'
                f' font-weight="bold">{escape(str(who))}</text>'
            )
            y += 14
            for line in _sheet_lines(shown)[:12]:
                out.append(
                    f'<text x="{x + 8:.0f}" y="{y:.0f}" font-size="10">{escape(line)}</text>'
                )
                y += 13
    return out


def _sheet_lines(sheet: JSON) -> list[str]:
    lines = [f"{t}: {order}" for t, order in dict(sheet.get("orders", {})).items()]
    lines.append(f"landing: {sheet.get('landing') or 'none'}")
    for country, word in dict(sheet.get("relations", {})).items():
        lines.append(f"{word} {'with' if word == 'alliance' else 'on'} {country}")
    return lines


class AfricaPresentation(Presentation):
    """Africa 1880 drawn in one layer (the map and the sheets depend on the seat)."""

    def overlay(self, view: JSON) -> str:
        return render_svg(view)

    def seat_status(self, view: JSON, seat: int, waiting: Sequence[int]) -> str:
        return seat_status(view, seat, seat in waiting)


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
