"""A plain SVG drawing of a New World view: the hex Areas of the reconstructed
map in their rows, coloured by Climate (grey while a tile is face down, dark when
unplayable), with each Area's letter, Natives, City, Gold markers, Political
Control and the forces of every seat. One layer, drawn from the view alone; each
playable Area carries ``data-target="<letter>"`` so the web client offers the
actions naming it. (A fuller map of the Americas is left to the presentation
work that follows.)
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from meeple.engine import Presentation
from meeple.games.newworld.board import load_map

JSON = dict[str, Any]
R = 46  # hex radius
W = math.sqrt(3) * R
MARGIN = 20
CLIMATE_FILL = ("#cfe3a3", "#b9d98b", "#e7d9a0", "#d9e8c9", "#f1ead0")
SEAT_COLOURS = ("#c0392b", "#2e5fb8", "#d4a017", "#1e8449", "#e67e22", "#7d3c98")
SHORT = ("En", "Fr", "Sp", "Po", "Ne", "Sw")


def _centre(row: int, col: int) -> tuple[float, float]:
    x = MARGIN + W / 2 + col * W + (W / 2 if row % 2 else 0)
    y = MARGIN + R + row * 1.5 * R
    return x, y


def _hexagon(x: float, y: float) -> str:
    points = " ".join(
        f"{x + R * math.cos(math.radians(60 * k - 30)):.1f},"
        f"{y + R * math.sin(math.radians(60 * k - 30)):.1f}"
        for k in range(6)
    )
    return points


def _area(area: JSON) -> str:
    printed = load_map().area(area["letter"])
    x, y = _centre(*printed.hex)
    if not area["playable"]:
        fill = "#555"
    elif area["climate"] is None:
        fill = "#bbb"
    else:
        fill = CLIMATE_FILL[area["climate"] - 1]
    pc = area["political_control"]
    stroke = SEAT_COLOURS[pc] if pc is not None else "#333"
    width = 4 if pc is not None else 1
    target = f' data-target="{area["letter"].lower()}"' if area["playable"] else ""
    parts = [
        f'<g class="area"{target}>',
        f'<polygon points="{_hexagon(x, y)}" fill="{fill}" stroke="{stroke}"'
        f' stroke-width="{width}"/>',
        f'<text x="{x:.1f}" y="{y - R + 16:.1f}" text-anchor="middle" font-size="13"'
        f' font-weight="bold">{escape(area["letter"])}'
        f"{'' if area['climate'] is None else area['climate']}</text>",
    ]
    facts = []
    if area["natives"]:
        facts.append(f"N{area['natives']}")
    if area["city"]:
        facts.append(f"x{area['city']}")
    facts += ["M" if s["kind"] == "mine" else "G" for s in area["sites"]]
    if facts:
        parts.append(
            f'<text x="{x:.1f}" y="{y - 4:.1f}" text-anchor="middle" font-size="10">'
            f"{escape(' '.join(facts))}</text>"
        )
    for k, force in enumerate(area["forces"][:3]):
        words = f"{SHORT[force['seat']]} {force['soldiers']}S {force['colonists']}C"
        parts.append(
            f'<text x="{x:.1f}" y="{y + 10 + 11 * k:.1f}" text-anchor="middle" font-size="10"'
            f' fill="{SEAT_COLOURS[force["seat"]]}">{escape(words)}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


class NewWorldPresentation(Presentation):
    def overlay(self, view: JSON) -> str | None:
        rows = max(a.hex[0] for a in load_map().areas) + 1
        cols = max(a.hex[1] for a in load_map().areas) + 1
        width = 2 * MARGIN + (cols + 0.5) * W
        height = 2 * MARGIN + (rows - 1) * 1.5 * R + 2 * R + 30
        title = f"New World - turn {view['turn']} - {escape(view['phase'])}"
        body = "".join(_area(area) for area in view["areas"])
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}"'
            f' class="newworld" font-family="system-ui,sans-serif">'
            f'<rect width="100%" height="100%" fill="#9cc3e6"/>'
            f'<text x="{MARGIN}" y="{height - 10:.0f}" font-size="14">{title}</text>'
            f"{body}</svg>"
        )


PRESENTATION = NewWorldPresentation()
