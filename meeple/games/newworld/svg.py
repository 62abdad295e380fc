"""New World as SVG, drawn from a seat's view alone (what the browser shows).

Two layers. The board layer never changes: the sea zones with their numbers and
the sea-zone lines between them, the unplayable lands beyond the Areas and the
Unplayable Areas Display (2.; its contents are RECONSTRUCTED, like the map,
see data/map.json). The overlay is what a state draws over it: the 26 Areas as
shapes of the Americas (data/shapes.json, checked against the map by
``geography``) coloured by Climate, grey while a tile lies face down (16.), dark
while unplayable; on each, its letter and Climate (2.21), name, Natives, City,
Gold Sites and Mines, double Resources, the Political Control marker, and every
seat's forces there in that seat's colour. Each coastal Area's Anchorage dot
carries its letter, the Fleets standing there and the units embarked or waiting
offshore. Beside the map, a panel per seat: cash only for one's own seat (13.3),
Ships, Soldiers at home, the Replacement Box, and during planning one's own
Planning Sheet, never another's (4.1), and the key.

Two arrangements (the drawing's own stylesheet picks one by the window's width):
on a wide screen the panel beside the map; on a phone or a tablet (up to 1100 px,
where the first would show the map's text under 11 px) the map alone across the
drawing, the panel under it. The root's ``data-zoom`` names the width the page
may enlarge the map to on a phone or a tablet.

Clicking: each playable Area's shape and its Anchorage dot carry
``data-target`` = the Area's letter in lower case, the word every action naming
that Area uses ("land at h", "move 2 soldiers h k", "attack natives at n with 3"),
so the web client offers exactly those actions.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from functools import cache, cached_property, lru_cache
from html import escape

import numpy as np
import numpy.typing as npt

from meeple.engine import Presentation
from meeple.engine.presentation import DiceRoll, Explanation, LegendEntry, PanelValue
from meeple.games.newworld import guide
from meeple.games.newworld import story as told
from meeple.games.newworld.board import LETTERS, load_map
from meeple.games.newworld.controls import Control, labels
from meeple.games.newworld.controls import confirm as confirm_question
from meeple.games.newworld.controls import controls as decision_controls
from meeple.games.newworld.geography import Point, coast_edges, geography, sea_lines, seas_at
from meeple.games.newworld.render import arrangement_line, losses_line, question_lines
from meeple.games.newworld.texts import amount
from meeple.games.newworld.view import (
    AreaView,
    ForceView,
    NewWorldView,
    PlayerView,
    own_player,
    typed,
)

# What the engine hands a presentation: a view or an event, as plain mappings.
Raw = Mapping[str, object]

SCALE = 0.9  # drawing units of data/shapes.json -> SVG units
MAP_W = 660 * SCALE
PANEL_X = MAP_W + 10
WIDTH, HEIGHT = 1000.0, 820.0  # the map and the panel beside it on a wide screen
FONT = 15.0  # the smallest text: 11 px or more on a wide screen, a tablet, an enlarged map
READABLE = 11.0  # px: the smallest text a tablet's fitted map may show
# The two arrangements (see ``_stylesheet``): the viewBox is taller than either
# and the stylesheet's aspect-ratio shows the one in use from its top left.
VIEW_H = 4000.0
PHONE_QUERY = "(max-width: 760px)"  # the table page's breakpoint
# Up to this width (tablets: 768 and 1024 px) the map beside its panel would show
# its text under READABLE: the map goes alone across the card, as on a phone.
NARROW_MAX = 1100  # px
NARROW_QUERY = f"(max-width: {NARROW_MAX}px)"
TABLET_QUERY = f"(min-width: 761px) and {NARROW_QUERY}"
MAP_VH = 85  # a tablet's fitted map stands in this share of the window's height
PHONE_MAP_W = 600.0  # the map's own width, shown across a phone or a tablet
PHONE_MAP_SCALE = WIDTH / PHONE_MAP_W
PANEL_W = WIDTH - PANEL_X - 4
# On a narrow screen the panel goes under the map, across it: its text larger than the map's
SIDE_SCALE = (PHONE_MAP_W - 6) / PANEL_W
ZOOM_WIDTH = f"{PHONE_MAP_W:.0f}px"  # an enlarged map: one pixel per map unit
LINE = 18.0  # the height of a line of text
SEAT_COLOURS = ("#c62828", "#1f5fbf", "#e0a800", "#2e7d32", "#e66a00", "#7b3fa0")
ON_COLOUR = ("#fff", "#fff", "#222", "#fff", "#222", "#fff")
SEAT_SHORT = ("En", "Fr", "Sp", "Po", "Ne", "Sw")
CLIMATE_FILL = ("#e3d9a6", "#d6dfa5", "#c3da98", "#acd28b", "#93c47c")
UNKNOWN_FILL, UNPLAYABLE_FILL = "#c9c2b3", "#5b5850"
SEA, SEA_ALT, SEA_LINE, COAST = "#a9cde8", "#bcd9ee", "#ffffff", "#3c6f93"
OUTLAND_FILL, INK, MUTED = "#dcd5c2", "#2b2417", "#4f6b80"
PHASE_TITLES = {
    "colonists": "Colonists (5.1)",
    "exclusive landfall bids": "Exclusive Landfall bids (5.41)",
    "exclusive landfall choice": "Exclusive Landfall choice (5.41)",
    "planning": "Planning (5.2-5.4)",
    "land movement": "Land Movement (8.2)",
    "combat vs players": "Combat against players (8.3)",
    "combat vs natives": "Combat against Natives (8.33)",
    "outbound naval movement": "Outbound Naval Movement (6.)",
    "homebound naval movement": "Homebound Naval Movement (12.)",
    "game over": "Game over",
    "exploration setup": "Exploration setup (16.5)",
    "native uprisings": "Native Uprisings (9.)",
    "survival": "Survival (10.)",
}


def xy(point: Point) -> tuple[float, float]:
    """A point of the shapes file in SVG units."""
    return point[0] * SCALE, point[1] * SCALE


def _points(ring: Sequence[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in map(xy, ring))


def _text(x: float, y: float, words: str, size: float = FONT, **style: str) -> str:
    return _text_of(x, y, words, size, tuple(style.items()))


@lru_cache(maxsize=8192)
def _text_of(
    x: float, y: float, words: str, size: float, style: tuple[tuple[str, str], ...]
) -> str:
    """``_text``, made once for the same text in the same place (most of a drawing's
    text stands where it stood in the last one)."""
    attrs = _attributes(style)
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}"{attrs}>{escape(words)}</text>'


@lru_cache(maxsize=256)
def _attributes(style: tuple[tuple[str, str], ...]) -> str:
    """SVG attributes from keywords (``font_weight`` -> ``font-weight``)."""
    return "".join(f' {k.replace("_", "-")}="{v}"' for k, v in style)


def _halo(x: float, y: float, words: str, size: float = FONT, **style: str) -> str:
    """Text with a pale outline, readable over any fill and over the sea."""
    return _text(
        x, y, words, size, paint_order="stroke", stroke="#fffdf4", stroke_width="3.5", **style
    )


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


# ---- the board layer: sea, sea-zone lines, outlands, legend, Unplayable Areas ----


@cache
def board_svg() -> str:
    drawing = geography()
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {VIEW_H:.0f}"'
        ' preserveAspectRatio="xMinYMin slice"'
        f' class="board newworld" data-zoom="{ZOOM_WIDTH}" role="img"'
        ' aria-label="New World: the map of the Americas in 26 Areas A to Z, with the sea'
        ' zones"'
        ' font-family="system-ui,sans-serif">',
        f"<style>{_stylesheet()}</style>",
        '<defs><pattern id="nw-unplayable" width="10" height="10" patternUnits="userSpaceOnUse"'
        ' patternTransform="rotate(45)"><rect width="10" height="10" fill="#5b5850"/>'
        '<line x1="0" y1="0" x2="0" y2="10" stroke="#77736a" stroke-width="4"/></pattern></defs>',
        f'<rect width="{WIDTH:.0f}" height="{VIEW_H:.0f}" fill="{SEA}"/>',
        '<g class="nw-map">',
    ]
    world = load_map()
    for k, sea in enumerate(drawing.seas):
        parts.append(
            f'<polygon class="sea" points="{_points(sea.ring)}"'
            f' fill="{SEA if k % 2 else SEA_ALT}" stroke="none"/>'
        )
    for edges in sea_lines(drawing).values():
        for edge in edges:
            (x1, y1), (x2, y2) = (xy(p) for p in sorted(edge))
            parts.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
                f' stroke="{SEA_LINE}" stroke-width="3.5"/>'
            )
    for outland in drawing.outlands:
        parts.append(
            f'<polygon class="outland" points="{_points(outland.ring)}" fill="{OUTLAND_FILL}"'
            f' stroke="{COAST}" stroke-width="1.2"><title>{escape(outland.name)}:'
            " unplayable land</title></polygon>"
        )
    for sea in drawing.seas:
        zone = next(z for z in world.seas if z.key == sea.key)
        parts.append(_sea_label(sea.label, zone.number, zone.name, sea.upright))
    parts.extend(_unplayable_display())
    parts.append("</g></svg>")
    return "".join(parts)


# ---- the two arrangements: map and panel side by side, or the panel under the map ----


def _stylesheet() -> str:
    """The board layer's rules, for elements of ``svg.newworld`` only. A wide screen
    shows the drawing as drawn (the map, the panel beside it), no taller than the
    page's height cap; a narrow one (a phone or a tablet, NARROW_QUERY) shows the
    map alone across the drawing and the panel under it (``_side_place``). A
    phone's drawing fills its card; a tablet's is as wide as ``_tablet_width``.
    The overlay's own rules (``_side``) give each arrangement its height. The page
    may enlarge a narrow screen's map to ``data-zoom``."""
    tx, ty, scale = _side_place()
    return (
        "svg.newworld .nw-map,svg.newworld .nw-onmap,svg.newworld .nw-side,"
        "svg.newworld .nw-legend{transform-origin:0 0}"
        f"@media not all and {NARROW_QUERY}{{svg.newworld{{display:block;margin:0 auto;"
        "height:auto!important;max-height:none!important}}"
        f"@media {NARROW_QUERY}{{svg.newworld{{display:block;height:auto;max-height:none}}"
        f"svg.newworld .nw-map,svg.newworld .nw-onmap{{transform:scale({PHONE_MAP_SCALE:.4f})}}"
        f"svg.newworld .nw-side{{transform:translate({tx:.1f}px,{ty:.1f}px) scale({scale:.4f})}}}}"
        f"@media {TABLET_QUERY}{{svg.newworld{{margin:0 auto;"
        f"width:{_tablet_width()}!important;height:auto!important;max-height:none!important}}}}"
    )


def _tablet_width() -> str:
    """A tablet's fitted drawing, as a CSS width: the whole map in MAP_VH of the
    window's height, never so narrow that its text falls under READABLE (then the
    window scrolls to its foot), never wider than the enlarged map (``data-zoom``)
    nor than the card."""
    readable = PHONE_MAP_W * READABLE / FONT
    in_view = MAP_VH * PHONE_MAP_W / HEIGHT  # vh: the map's height is HEIGHT per PHONE_MAP_W
    return f"min(100%,max({readable:.0f}px,{in_view:.2f}vh),{ZOOM_WIDTH})"


def _side_place() -> tuple[float, float, float]:
    """Where a narrow screen draws the panel: the translation and scale taking it from
    beside the map (its top left at PANEL_X, 4) to under it, at the map's left."""
    scale = PHONE_MAP_SCALE * SIDE_SCALE
    return 3 * PHONE_MAP_SCALE - scale * PANEL_X, HEIGHT * PHONE_MAP_SCALE - scale * 4, scale


# A sea zone's name under its number: clear of the number's descent (2 px of a
# browser's text boxes used to overlap at 18)
SEA_NAME_DROP = 22.0
SEA_NUMBER = 30.0  # a sea zone's number's font size


def _sea_label(at: Point, number: int, name: str, upright: bool) -> str:
    x, y = xy(at)
    if upright:  # a narrow zone: its name runs down the coast
        return (
            f'<g transform="rotate(90 {x:.1f} {y:.1f})">'
            + _text(x, y, f"{number} {name}", FONT, fill=MUTED, text_anchor="middle")
            + "</g>"
        )
    return _text(
        x, y, str(number), SEA_NUMBER, fill=MUTED, text_anchor="middle", font_weight="bold"
    ) + (
        _text(
            x, y + SEA_NAME_DROP, name, FONT, fill=MUTED, text_anchor="middle", font_style="italic"
        )
    )


DISPLAY_X, DISPLAY_Y = 8.0, 648.0  # the Unplayable Areas Display's first line


def _unplayable_display() -> list[str]:
    """The Unplayable Areas Display: the Areas covered per number of players (2.)."""
    world = load_map()
    x, y = DISPLAY_X, DISPLAY_Y
    out = [
        f'<rect x="{x - 4:.0f}" y="{y - 18:.0f}" width="250" height="120" rx="5"'
        ' fill="#f6f2e6" stroke="#8a7f66" opacity="0.95"/>',
        _text(x, y, "Unplayable Areas", FONT, font_weight="bold", fill=INK),
    ]
    for k, players in enumerate(sorted(world.unplayable)):
        covered = "".join(sorted(LETTERS[a] for a in world.unplayable[players])) or "none"
        out.append(_text(x, y + 19 * (k + 1), f"{players} players: {covered}", FONT, fill=INK))
    return out


LEGEND_LINES = 5  # the key's lines of text


def _legend(y: float) -> list[str]:
    """The key, its first line's baseline at ``y``."""
    x = PANEL_X + 10
    lines = (
        "Key: S Soldiers, C Colonists, P Prospectors,",
        "M Miners, G Gold Bars, n Natives, x2 City,",
        "$$ double Resources, PC Political Control,",
    )
    out = [
        f'<line x1="{x:.0f}" y1="{y - LINE:.0f}" x2="{WIDTH - 14:.0f}" y2="{y - LINE:.0f}"'
        ' stroke="#c9c0a8"/>'
    ]
    out += [_text(x, y + LINE * k, line, FONT, fill=MUTED) for k, line in enumerate(lines)]
    last = y + LINE * len(lines)
    out.append(f'<circle cx="{x + 9:.1f}" cy="{last - 5:.1f}" r="8" fill="#111"/>')
    out.append(_text(x + 22, last, "Anchorage dot,", FONT, fill=MUTED))
    out.append(_ship(x + 150, last - 5, "#555"))
    out.append(_text(x + 164, last, "a Fleet and its Ships", FONT, fill=MUTED))
    out.append(_retreated_tag(x, last + LINE, "2S", MUTED))
    out.append(_text(x + 34, last + LINE, "white: retreated this turn (8.32)", FONT, fill=MUTED))
    return out


def _ship(x: float, y: float, colour: str) -> str:
    """A Fleet marker: a hull and a sail, centred on (x, y)."""
    return (
        f'<path d="M{x - 10:.1f},{y + 1:.1f} L{x + 10:.1f},{y + 1:.1f} L{x + 6:.1f},{y + 7:.1f}'
        f" L{x - 6:.1f},{y + 7:.1f} Z M{x - 1:.1f},{y - 12:.1f} L{x - 1:.1f},{y:.1f}"
        f" L{x - 9:.1f},{y:.1f} Z M{x + 1:.1f},{y - 10:.1f} L{x + 1:.1f},{y:.1f}"
        f' L{x + 8:.1f},{y:.1f} Z" fill="{colour}" stroke="#fff" stroke-width="1"/>'
    )


# ---- the overlay: Areas, their contents, Anchorages, Fleets, the panel ----


def overlay_svg(view: NewWorldView) -> str:
    """What one state draws: over the map, then the panel beside it (or under it)."""
    return f'<g class="nw-onmap">{_on_map(view)}{"".join(_plan_marks(view))}</g>{_side(view)}'


def _on_map(view: NewWorldView) -> str:
    areas = view["areas"]
    parts = [_area_shape(view, area) for area in areas]
    parts += [_control_outline(area) for area in areas]
    layouts, written = _layouts(view)
    parts += [_area_contents(layout) for layout in layouts]
    taken = [line for lines in written for line in lines] + _board_boxes()
    parts += [_anchorage(view, area, taken) for area in areas]
    parts += _battle_marks(view)
    parts += _battle_dice(view, taken)
    return "".join(parts)


DICE_A_ROW = 6  # dice drawn side by side; more go on the next row
DIE = 18.0  # a die's side


def _battle_dice(view: NewWorldView, taken: list[Obstacle]) -> list[str]:
    """The turn's latest battle's dice (8.3, 8.33), drawn as white dice outlined in
    the attacker's colour in a column near the Area's name, clear of what is written
    there (``_lay_out``)."""
    battle = view["last_battle"]
    if not battle or not battle["dice"]:
        return []
    dice, colour = battle["dice"], seat_colour(battle["seat"])
    rows = [dice[k : k + DICE_A_ROW] for k in range(0, len(dice), DICE_A_ROW)]
    chips = [(len(row) * (DIE + 2) - 2, _dice_row(row, colour)) for row in rows]
    x, y = xy(geography().labels[LETTERS.index(battle["area"])])
    name = view["players"][battle["seat"]]["name"] if battle["seat"] < len(view["players"]) else ""
    title = f"Last battle in {battle['area']}, {name} attacking: dice {' '.join(map(str, dice))}"
    return [
        f'<g class="battle-dice" pointer-events="none"><title>{escape(title)}</title>',
        *_lay_out(chips, x, y, "south", taken),
        "</g>",
    ]


def _dice_row(row: list[int], colour: str) -> str:
    """Dice side by side from (0, 0), their numbers' baseline at 0."""
    out = []
    for k, face in enumerate(row):
        left = k * (DIE + 2)
        out.append(
            f'<rect x="{left:.0f}" y="-14" width="{DIE:.0f}" height="{DIE:.0f}" rx="3"'
            f' fill="#fff" stroke="{colour}" stroke-width="2.5"/>'
            + _text(
                left + DIE / 2,
                0,
                str(face),
                FONT,
                text_anchor="middle",
                fill=INK,
                font_weight="bold",
            )
        )
    return "".join(out)


def _battle_marks(view: NewWorldView) -> list[str]:
    """A red ring round the Area of a declared attack or of losses still to be
    chosen (8.3), in the attacker's colour for an attack."""
    out = []
    for pending in (view["pending_attack"], view["pending_losses"]):
        if not pending:
            continue
        x, y = xy(geography().labels[LETTERS.index(pending["area"])])
        attacker = pending["attacker"]
        colour = seat_colour(attacker) if attacker is not None else "#b00020"
        out.append(
            f'<ellipse class="battle" cx="{x:.1f}" cy="{y:.1f}" rx="52" ry="34" fill="none"'
            f' stroke="{colour}" stroke-width="4" stroke-dasharray="10 4"'
            ' pointer-events="none"/>'
        )
    return out


def _area_fill(area: AreaView) -> str:
    if not area["playable"]:
        return "url(#nw-unplayable)"
    if area["climate"] is None:
        return UNKNOWN_FILL
    return CLIMATE_FILL[int(area["climate"]) - 1]


def _area_shape(view: NewWorldView, area: AreaView) -> str:
    index = LETTERS.index(area["letter"])
    polygon = (
        f'<polygon points="{_area_points(index)}" fill="{_area_fill(area)}"'
        f' stroke="{COAST}" stroke-width="1.3"/>'
    )
    if not area["playable"]:
        return f'<g class="area unplayable">{polygon}<title>{_tooltip(view, area)}</title></g>'
    return (
        f'<g class="area" data-target="{area["letter"].lower()}">{polygon}'
        f"<title>{_tooltip(view, area)}</title></g>"
    )


def _control_outline(area: AreaView) -> str:
    """Political Control (11.): the Area outlined in the controlling seat's colour,
    drawn over every shape so no neighbour's border hides it."""
    pc = area["political_control"]
    if pc is None:
        return ""
    return (
        f'<polygon class="control" points="{_area_points(LETTERS.index(area["letter"]))}"'
        f' fill="none" stroke="{seat_colour(pc)}" stroke-width="4" stroke-linejoin="round"'
        ' pointer-events="none"/>'
    )


def _tooltip(view: NewWorldView, area: AreaView) -> str:
    printed = load_map().area(area["letter"])
    words = [f"{area['letter']} {printed.name}"]
    if not area["playable"]:
        return escape(words[0] + ": unplayable in this game")
    if area["climate"] is not None:
        words.append(f"Climate {area['climate']}")
    if printed.coastal:
        words.append(f"Anchorage in Sea Zone {load_map().sea_of(printed.index).number}")
    words += [_force_words(view, f) for f in area["forces"]]
    return escape("; ".join(words))


def _force_words(view: NewWorldView, force: ForceView) -> str:
    name = view["players"][force["seat"]]["name"]
    words = f"{name}: " + " ".join(_force_counts(force))
    retreated = [
        amount(n, unit)
        for n, unit in ((force["retreated_soldiers"], "Soldier"), (force["retreated"], "Colonist"))
        if n
    ]
    if retreated:  # 8.32: they neither control nor earn this turn
        words += f" ({' and '.join(retreated)} retreated here this turn)"
    return words


def _force_counts(force: ForceView) -> list[str]:
    """A force on land as counts: S Soldiers (P of them Prospectors), C Colonists
    (M of them Miners), G Gold Bars; "loot" if its Soldier loots the City."""
    out = []
    if force["soldiers"]:
        out.append(f"{force['soldiers']}S")
    if force["prospectors"]:
        out.append(f"{force['prospectors']}P")
    if force["looter"]:
        out.append("loot")
    if force["colonists"]:
        out.append(f"{force['colonists']}C")
    if force["miners"]:
        out.append(f"{force['miners']}M")
    if force["gold"]:
        out.append(f"{force['gold']}G")
    return out


Box = tuple[float, float, float, float]  # left, top, right, bottom (SVG units)
Obstacle = tuple[Box, float]  # a box chips keep clear of, and how much covering it costs
# How much covering a box costs: an Area's name; its other lines, a dot, the
# Unplayable Areas Display, a chip, a sea zone's label (a chip on "4" of the
# Caribbean Sea hid the number)
NAME_WEIGHT, WRITTEN = 100.0, 40.0
SEA_WORDS = WRITTEN


def _line_box(x: float, y: float, width: float) -> Box:
    """The box of a line of text (or a chip) centred on x, with its baseline at y."""
    return (x - width / 2, y - 14, x + width / 2, y + 5)


FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

TITLE, HEAD, MARKER, FORCE = "title", "head", "marker", "force"  # kinds of line on an Area
Line = tuple[str, str, ForceView | None, float]  # kind, words, a chip's force, width
Placed = tuple[Line, float, float]  # a line with its centre x and baseline y


def _area_lines(area: AreaView) -> list[Line]:
    """The lines written on an Area, top to bottom when its forces go last: letter
    and Climate with the name (over one to three lines), the markers, one chip per
    force."""
    climate = "?" if area["climate"] is None else str(area["climate"])
    markers = _markers(area) if area["playable"] else ""
    forces = [f for f in area["forces"] if _force_counts(f)]
    return [*_written_lines(area["letter"], climate, markers)] + [
        _line(FORCE, _chip_words(f), f) for f in forces
    ]


@lru_cache(maxsize=1024)
def _written_lines(letter: str, climate: str, markers: str) -> tuple[Line, ...]:
    """An Area's lines of words: its identity and name fitted to its shape, then its
    markers wrapped to it."""
    index = LETTERS.index(letter)
    _, y = xy(geography().labels[index])
    room = _room(index, y)
    head = _fit(f"{letter}{climate} {load_map().area(letter).name}", room)
    marker_lines = _wrap(markers, room + 12, FONT) if markers else ()
    return tuple(
        [_line(TITLE if k == 0 else HEAD, words, None) for k, words in enumerate(head)]
        + [_line(MARKER, words, None) for words in marker_lines]
    )


def _line(kind: str, words: str, force: ForceView | None) -> Line:
    """A line with its width, measured once (the layout weighs it many times)."""
    return kind, words, force, _line_width(kind, words, force)


def _line_width(kind: str, words: str, force: ForceView | None) -> float:
    if force is not None:
        return _chip_width(force)
    return text_width(words, bold=kind == TITLE)


FORCE_PLACES = ("below", "above", "right", "left")  # an Area's forces beside its name


# How far an Area's whole block may move down (or up) from its label point when
# that keeps it off a neighbour's writing (Q2 New Granada's name met Central
# America's); no move first, so a block that covers nothing stays centred, and
# quarter-line nudges last, for a crowded Area whose every other place covers
# something (New Granada's forces met Anchorage G's letter).
SHIFTS = (0.0, LINE / 2, -LINE / 2, LINE, -LINE, LINE / 4, -LINE / 4)


Sizes = tuple[tuple[str, float], ...]  # an Area's lines' kinds and widths, in order
At = tuple[tuple[int, float, float], ...]  # each line (its index) with its centre x, baseline y


def _stacked(letter: str, sizes: Sizes, place: str, shift: float = 0.0) -> At:
    """Each line (by its index among the Area's) with its centre x and baseline y:
    the block centred on the Area's label point (moved ``shift`` down), its forces
    below the name and markers, above them, or in a column to their right or left."""
    x, y = xy(geography().labels[LETTERS.index(letter)])
    y += shift
    forces = [k for k, (kind, _) in enumerate(sizes) if kind == FORCE]
    words = [k for k, (kind, _) in enumerate(sizes) if kind != FORCE]
    if place == "below":  # the whole block centred, as an Area without neighbours has it
        ordered = words + forces
        top = y - LINE * (len(ordered) - 1) / 2 + 5
        return tuple((line, x, top + LINE * k) for k, line in enumerate(ordered))
    top = y - LINE * (len(words) - 1) / 2 + 5  # the name and markers stay centred
    if place == "above":
        first = top - LINE * len(forces)
        return tuple((line, x, first + LINE * k) for k, line in enumerate(forces + words))
    half = max((sizes[k][1] for k in words), default=0) / 2 + 6
    out = [(line, x, top + LINE * k) for k, line in enumerate(words)]
    for k, line in enumerate(forces):
        shift = half + sizes[line][1] / 2
        out.append((line, x + shift if place == "right" else x - shift, top + LINE * k))
    return tuple(out)


class _Place:
    """One place of an Area's lines (``_stacked``): where each goes and their boxes;
    when first wanted, the box holding them, what of the board layer's obstacles
    meets that, their boxes as obstacles to the other Areas' lines (widened by
    CLEARANCE: its name weighs most) and the box holding those."""

    def __init__(self, sizes: Sizes, at: At) -> None:
        self.sizes, self.at = sizes, at
        self.boxes = [
            (x - width / 2, y - 14, x + width / 2, y + 5)  # _line_box
            for k, x, y in at
            for width in (sizes[k][1],)
        ]

    @cached_property
    def bounds(self) -> Box:
        return _bounds(self.boxes) if self.boxes else (0.0, 0.0, 0.0, 0.0)

    @cached_property
    def board(self) -> list[Obstacle]:
        return _board_within(self.bounds)

    @cached_property
    def written(self) -> list[Obstacle]:
        sizes = self.sizes
        return [
            (
                _line_box(x, y, sizes[k][1] + 2 * CLEARANCE),
                NAME_WEIGHT if sizes[k][0] in (TITLE, HEAD) else WRITTEN,
            )
            for k, x, y in self.at
        ]

    @cached_property
    def held(self) -> Box:
        return _bounds([b for b, _ in self.written]) if self.at else (0.0, 0.0, 0.0, 0.0)


class _AreaPlaces:
    """An Area's places for lines of the given sizes, built once per Area and sizes
    (the layout weighs them every drawing): centred, and the places in order of
    preference, each built when first wanted."""

    def __init__(self, letter: str, sizes: Sizes) -> None:
        self.letter, self.sizes = letter, sizes
        self.centred = _Place(sizes, _stacked(letter, sizes, "below"))
        self.ways = FORCE_PLACES if any(kind == FORCE for kind, _ in sizes) else ("below",)
        self._built: list[list[_Place]] = []  # the places at each shift so far
        self._reach: tuple[Box, list[Obstacle]] | None = None
        self._least: dict[tuple[Obstacle, ...], _Place] = {}

    def options(self) -> Iterator[list[_Place]]:
        """The places in order of preference, a shift at a time: each way at the
        Area's label point, then each way moved by the next shift."""
        ways = self.ways
        for shift in range(len(SHIFTS)):
            if shift == len(self._built):
                self._built.append(
                    [
                        _Place(self.sizes, _stacked(self.letter, self.sizes, way, SHIFTS[shift]))
                        for way in ways
                    ]
                )
            yield self._built[shift]

    def least_covering(self, near: list[Obstacle]) -> _Place:
        """``_least_covering`` of the places among ``near``, kept for the next
        drawing that finds the same writing about the Area (the last few kept)."""
        key = tuple(near)
        found = self._least.get(key)
        if found is None:
            if len(self._least) >= KEPT_NEIGHBOURHOODS:
                self._least.clear()
            found = self._least[key] = _least_covering(self.options(), near)
        return found

    def reach(self) -> tuple[Box, list[Obstacle]]:
        """A box every place lies in: the unmoved places' box, widened by the most a
        place moves and a unit's margin; and the board layer's obstacles that meet
        it."""
        if self._reach is None:
            unmoved = [box for place in next(self.options()) for box in place.boxes]
            left, top, right, bottom = _bounds(unmoved)
            moved = max(abs(shift) for shift in SHIFTS) + 1
            reach = (left - 1, top - moved, right + 1, bottom + moved)
            self._reach = reach, _board_within(reach)
        return self._reach


KEPT_NEIGHBOURHOODS = 64  # an Area's places' choices kept, each for the writing about it


@lru_cache(maxsize=4096)
def _area_places(letter: str, sizes: Sizes) -> _AreaPlaces:
    return _AreaPlaces(letter, sizes)


def _layouts(view: NewWorldView) -> tuple[list[list[Placed]], list[list[Obstacle]]]:
    """Every Area's lines placed, and as obstacles (``_Place.written``), as
    ``_chosen`` places them."""
    areas = view["areas"]
    lines = [_area_lines(area) for area in areas]
    chosen = _chosen(
        tuple(
            (area["letter"], tuple((ln[0], ln[3]) for ln in area_lines))
            for area, area_lines in zip(areas, lines, strict=True)
        )
    )
    layouts = [
        [(area_lines[k], x, y) for k, x, y in place.at]
        for area_lines, place in zip(lines, chosen, strict=True)
    ]
    return layouts, [place.written for place in chosen]


@lru_cache(maxsize=256)
def _chosen(sizes: tuple[tuple[str, Sizes], ...]) -> tuple[_Place, ...]:
    """Each Area's place (by its letter and its lines' sizes): an Area's forces go
    below its name, or where they cover less of the other Areas' writing (above
    it, to its right or left: Yucatan's forces used to reach Central America's
    name). Two rounds, each Area choosing against the others' latest places. A
    pure function of the sizes: a map whose writing did not change (every seat's
    drawing of a state, a turn at sea) is placed once."""
    places = [_area_places(letter, area_sizes) for letter, area_sizes in sizes]
    chosen = [place.centred for place in places]
    # The second round looks again only at an Area some other Area's change since
    # its first choice may concern: with the same writing about it, it would
    # choose as it did (a place that covers nothing stays; else the same least).
    changes: list[tuple[int, _Place, _Place]] = []  # an Area, its place before and after
    seen = [0] * len(places)  # the changes made when each Area chose
    looked: list[Box] = [place.centred.bounds for place in places]
    written = [k for k, (_, area_sizes) in enumerate(sizes) if area_sizes]
    for second in (False, True):
        for k in written:
            if second and not _concerned(looked[k], k, changes[seen[k] :]):
                continue
            seen[k] = len(changes)
            before = chosen[k]
            chosen[k], looked[k] = _choose(places[k], before, chosen, k)
            if chosen[k] is not before:
                changes.append((k, before, chosen[k]))
    return tuple(chosen)


def _choose(places: _AreaPlaces, now: _Place, chosen: list[_Place], k: int) -> tuple[_Place, Box]:
    """The place of Area ``k`` (now at ``now``) against the others' ``chosen``, and
    the box within which the others' writing was looked at."""
    centred = places.centred
    if not _cover(centred.boxes, centred.board + _others_within(centred.bounds, chosen, k)):
        return centred, centred.bounds  # the first option, and it covers nothing
    reach, board = places.reach()
    if now is not centred and not _cover(
        now.boxes, now.board + _others_within(now.bounds, chosen, k)
    ):
        return now, reach  # the second round keeps a place that still covers nothing
    # only what lies within the reach of one of the Area's places can be covered
    return places.least_covering(board + _others_within(reach, chosen, k)), reach


def _concerned(looked: Box, k: int, changes: list[tuple[int, _Place, _Place]]) -> bool:
    """Whether another Area's writing within ``looked`` (Area ``k``'s) changed."""
    left, top, right, bottom = looked
    return any(
        other != k
        and place.written
        and place.held[0] < right
        and place.held[2] > left
        and place.held[1] < bottom
        and place.held[3] > top
        for other, before, after in changes
        for place in (before, after)
    )


def _others_within(reach: Box, chosen: list[_Place], skip: int) -> list[Obstacle]:
    """The other Areas' written lines (in the Areas' order) that meet ``reach``:
    an Area's are looked at only if the box holding them does."""
    left, top, right, bottom = reach
    out: list[Obstacle] = []
    for k, place in enumerate(chosen):
        held = place.held
        if (
            k == skip
            or not place.written
            or not (held[0] < right and held[2] > left and held[1] < bottom and held[3] > top)
        ):
            continue
        out += [
            obstacle
            for obstacle in place.written
            if obstacle[0][0] < right
            and obstacle[0][2] > left
            and obstacle[0][1] < bottom
            and obstacle[0][3] > top
        ]
    return out


CELL = 60.0  # the side of a cell of the board layer's obstacles' index


@cache
def _board_cells() -> dict[tuple[int, int], list[int]]:
    """Which of the board layer's obstacles (by their place in ``_board_boxes``)
    meet each cell of a grid of CELL units over the map."""
    cells: dict[tuple[int, int], list[int]] = {}
    for k, ((left, top, right, bottom), _) in enumerate(_board_boxes()):
        for column in range(int(left // CELL), int(right // CELL) + 1):
            for row in range(int(top // CELL), int(bottom // CELL) + 1):
                cells.setdefault((column, row), []).append(k)
    return cells


def _board_within(reach: Box) -> list[Obstacle]:
    """The board layer's obstacles (in order) that meet ``reach``: only those in
    the cells it meets are looked at."""
    left, top, right, bottom = reach
    cells = _board_cells()
    found: set[int] = set()
    for column in range(int(left // CELL), int(right // CELL) + 1):
        for row in range(int(top // CELL), int(bottom // CELL) + 1):
            found.update(cells.get((column, row), ()))
    board = _board_boxes()
    return _within(reach, [[board[k] for k in sorted(found)]])


def _within(reach: Box, groups: list[list[Obstacle]]) -> list[Obstacle]:
    """The obstacles of ``groups`` (in order) that meet ``reach``."""
    left, top, right, bottom = reach
    return [
        obstacle
        for obstacles in groups
        for obstacle in obstacles
        if obstacle[0][0] < right
        and obstacle[0][2] > left
        and obstacle[0][1] < bottom
        and obstacle[0][3] > top
    ]


def _least_covering(options: Iterator[list[_Place]], near: list[Obstacle]) -> _Place:
    """The first of the options covering least of ``near``: the first that covers
    nothing, as soon as it is found. An option's boxes are weighed against what
    meets the box holding them alone (the rest they cannot cover), found among
    what meets the box holding its shift's options."""
    best: _Place | None = None
    least = math.inf
    for shifted in options:
        around = _within(_bounds([option.bounds for option in shifted]), [near])
        for option in shifted:
            cover = _cover(option.boxes, _within(option.bounds, [around]), least)
            if cover == 0:
                return option
            if best is None or cover < least:
                best, least = option, cover
    assert best is not None, "an Area has a place"
    return best


def _bounds(boxes: list[Box]) -> Box:
    """The smallest box holding every one of ``boxes``."""
    lefts, tops, rights, bottoms = zip(*boxes, strict=True)
    return min(lefts), min(tops), max(rights), max(bottoms)


# Units an Area's line keeps clear of another's each side: ``text_width`` is an
# average, and a browser's "Q2 New" (bold capitals, a w) is wider than it
CLEARANCE = 5.0


def _cover(boxes: list[Box], others: list[Obstacle], enough: float = math.inf) -> float:
    """The weighed area of ``others`` the boxes (of a layout's lines) cover; once
    it reaches ``enough`` (a better option's), any figure from there on."""
    total = 0.0
    for left, top, right, bottom in boxes:
        for (b_left, b_top, b_right, b_bottom), weight in others:
            if b_left < right and b_right > left and b_top < bottom and b_bottom > top:
                total += (
                    (min(right, b_right) - max(left, b_left))
                    * (min(bottom, b_bottom) - max(top, b_top))
                    * weight
                )
        if total >= enough:
            return total
    return total


def _area_contents(layout: list[Placed]) -> str:
    """Letter and Climate, name, the Area's markers and every force, as laid out by
    ``_layouts``; none of it takes clicks (the shape under it does)."""
    out: list[str] = []
    for (kind, words, force, _), x, row in layout:
        if force is not None:
            out.append(_chip(x, row, force))
        else:
            style = {"font_weight": "bold"} if kind == TITLE else {}
            fill = "#5a3b12" if kind == MARKER else INK
            out.append(_halo(x, row, words, FONT, text_anchor="middle", fill=fill, **style))
    return f'<g class="contents" pointer-events="none">{"".join(out)}</g>'


def text_width(words: str, size: float = FONT, bold: bool = False) -> float:
    """About how wide a line of sans-serif text is drawn (DejaVu Sans, Debian's
    system-ui, averages 0.56 of its size a letter, 0.64 in bold)."""
    return (0.64 if bold else 0.56) * size * len(words)


@cache
def _area_points(index: int) -> str:
    return _points(geography().rings[index])


@cache
def _room(index: int, y: float) -> float:
    """How wide the Area's shape is along the row at ``y`` (SVG units)."""
    ring = [xy(p) for p in geography().rings[index]]
    crossings = sorted(
        x1 + (y - y1) * (x2 - x1) / (y2 - y1)
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True)
        if (y1 > y) != (y2 > y)
    )
    return crossings[-1] - crossings[0] if len(crossings) >= 2 else 0.0


def _fit(words: str, room: float) -> list[str]:
    """The Area's identity and name on one line if it fits its shape, else the
    identity first and the name below it, split where a word ends if need be."""
    if text_width(words) <= room:
        return [words]
    ident, name = words.split(" ", 1)
    if text_width(name) <= room or " " not in name:
        return [ident, name]
    first, rest = name.rsplit(" ", 1)
    return (
        [f"{ident} {first}", rest]
        if text_width(f"{ident} {first}") <= room
        else [
            ident,
            first,
            rest,
        ]
    )


def _markers(area: AreaView) -> str:
    """Natives, City, Gold Sites (G) and Mines (M) with their holder, resources."""
    words = []
    if area["natives"]:
        words.append(f"n{area['natives']}")
    if area["city"]:
        looted = area["city_looter"]
        words.append(f"x{area['city']}" + (f"({SEAT_SHORT[looted]})" if looted is not None else ""))
    for site in area["sites"]:
        mark = "M" if site["kind"] == "mine" else "G"
        words.append(mark + (SEAT_SHORT[site["holder"]] if site["holder"] is not None else ""))
    if area["resources"] == 2:
        words.append("$$")
    if area["loose_gold"]:
        words.append(f"{area['loose_gold']}G\u00a0loose")
    if area["political_control"] is not None:
        words.append(f"PC {SEAT_SHORT[area['political_control']]}")
    return " ".join(words)


def _standing(force: ForceView) -> ForceView:
    """The force without its units that retreated here this turn (8.32), which
    the table shows apart, as the rulebook's flipped counters stand apart."""
    standing: ForceView = {
        **force,
        "soldiers": force["soldiers"] - force["retreated_soldiers"],
        "colonists": force["colonists"] - force["retreated"],
    }
    return standing


def _chip_words(force: ForceView) -> str:
    """The seat and its units on their coloured side: all but the retreated."""
    return " ".join([SEAT_SHORT[int(force["seat"])], *_force_counts(_standing(force))])


def _retreated_words(force: ForceView) -> str:
    """The units that retreated here this turn (8.32) as counts ("2S 1C"), or ""."""
    counts = ((force["retreated_soldiers"], "S"), (force["retreated"], "C"))
    return " ".join(f"{n}{unit}" for n, unit in counts if n)


def _words_width(words: str) -> float:
    """The width of a chip (or a chip's part) holding ``words``."""
    return 8.6 * len(words) + 8


def _chip_width(force: ForceView) -> float:
    retreated = _retreated_words(force)
    return _words_width(_chip_words(force)) + (_words_width(retreated) if retreated else 0)


def _chip(x: float, y: float, force: ForceView) -> str:
    """A force's chip centred on x: its units in the seat's colour, then those that
    retreated here this turn on a white tag outlined in that colour, as a player
    flips them to their white side (8.32)."""
    return _chip_drawn(x, y, int(force["seat"]), _chip_words(force), _retreated_words(force))


@lru_cache(maxsize=2048)
def _chip_drawn(x: float, y: float, seat: int, words: str, retreated: str) -> str:
    """``_chip`` of a seat's force showing ``words``, with ``retreated`` units."""
    width = _words_width(words)
    left = x - (width + (_words_width(retreated) if retreated else 0)) / 2
    out = (
        f'<rect x="{left:.1f}" y="{y - 14:.1f}" width="{width:.1f}" height="18"'
        f' rx="4" fill="{seat_colour(seat)}" stroke="#fff" stroke-width="1"/>'
        + _text(left + width / 2, y, words, FONT, text_anchor="middle", fill=ON_COLOUR[seat])
    )
    if retreated:
        out += _retreated_tag(left + width, y, retreated, seat_colour(seat))
    return out


def _retreated_tag(left: float, y: float, words: str, colour: str) -> str:
    """A white tag outlined in ``colour`` from ``left``, baseline ``y``: units that
    retreated this turn (8.32)."""
    width = _words_width(words)
    return (
        f'<g class="retreated"><rect x="{left + 1.5:.1f}" y="{y - 12.5:.1f}"'
        f' width="{width - 3:.1f}" height="15" rx="3" fill="#fff" stroke="{colour}"'
        f' stroke-width="3"/>'
        + _text(left + width / 2, y, words, FONT, text_anchor="middle", fill=INK)
        + "</g>"
    )


DOT_R = 11.0  # the Anchorage dot's radius


@cache
def _board_boxes() -> list[Obstacle]:
    """What the board layer writes that chips keep clear of: the Anchorage dots and
    the Unplayable Areas Display, and (covering them costs less) the sea zones'
    numbers and names."""
    out: list[Obstacle] = [
        ((x - DOT_R, y - DOT_R, x + DOT_R, y + DOT_R), WRITTEN)
        for x, y in (xy(dot) for dot in geography().dots if dot is not None)
    ]
    world = load_map()
    for sea in geography().seas:
        zone = next(z for z in world.seas if z.key == sea.key)
        x, y = xy(sea.label)
        if sea.upright:  # written down the coast (``_sea_label``)
            half = text_width(f"{zone.number} {zone.name}") / 2
            out.append(((x - 5, y - half, x + 14, y + half), SEA_WORDS))
        else:
            half = text_width(str(zone.number), SEA_NUMBER, bold=True) / 2
            number = (x - half, y - 0.93 * SEA_NUMBER, x + half, y + 0.27 * SEA_NUMBER)
            out.append((number, SEA_WORDS))  # its font's ascent and descent
            out.append((_line_box(x, y + SEA_NAME_DROP, text_width(zone.name)), SEA_WORDS))
    display = (DISPLAY_X - 4, DISPLAY_Y - 18, DISPLAY_X + 246, DISPLAY_Y + 102)
    out.append((display, WRITTEN))
    return out


def _anchorage(view: NewWorldView, area: AreaView, taken: list[Obstacle]) -> str:
    """The Anchorage dot with the Area's letter, white dashes to its coast, and the
    Fleets, embarked and offshore units standing there, laid out clear of the
    boxes ``taken`` (Area names and contents, dots, earlier chips), which it
    extends with its own. Its dashes and leader line let clicks through to the Area
    they cross."""
    index = LETTERS.index(area["letter"])
    dot = geography().dots[index]
    if dot is None:
        return ""
    x, y = xy(dot)
    cx, cy = xy(_landing_point(index))
    target = f' data-target="{area["letter"].lower()}"' if area["playable"] else ""
    parts = [
        f'<g class="anchorage"{target}><title>Anchorage of {escape(area["letter"])}'
        f"{_anchorage_words(view, area)}</title>",
        f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{cx:.1f}" y2="{cy:.1f}" stroke="#fff"'
        ' stroke-width="2.5" stroke-dasharray="4 3" pointer-events="none"/>',
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{DOT_R:g}" fill="#111"/>',
        _text(
            x, y + 5, area["letter"], FONT, text_anchor="middle", fill="#fff", font_weight="bold"
        ),
    ]
    parts += _at_anchorage(view, area, x, y, taken)
    parts.append("</g>")
    return "".join(parts)


@cache
def _landing_point(index: int) -> Point:
    """The middle of the Area's coast in its Anchorage's sea zone."""
    drawing = geography()
    key = load_map().sea_of(index).key
    coast = [e for e in coast_edges(drawing, index) if seas_at(drawing, _mid(e)) == [key]]
    dot = drawing.dots[index]
    assert dot is not None, "only a coastal Area has a landing point"
    return min((_mid(e) for e in coast), key=lambda p: (p[0] - dot[0]) ** 2 + (p[1] - dot[1]) ** 2)


def _mid(edge: frozenset[Point]) -> Point:
    (x1, y1), (x2, y2) = sorted(edge)
    return (x1 + x2) / 2, (y1 + y2) / 2


def _at_anchorage(
    view: NewWorldView, area: AreaView, x: float, y: float, taken: list[Obstacle]
) -> list[str]:
    words: list[tuple[int, str]] = []
    for player in view["players"]:
        fleet = player["fleet"]
        if fleet["at"] == area["letter"] and fleet["ships"]:
            aboard = _counts(
                (fleet["soldiers"], "S"), (fleet["colonists"], "C"), (fleet["gold"], "G")
            )
            words.append(
                (
                    player["seat"],
                    f"Fleet {fleet['ships']}" + (": " + " ".join(aboard) if aboard else ""),
                )
            )
        elif view["turn"] <= 1 and player["landfall"] == area["letter"]:
            words.append((player["seat"], "Landfall"))  # 5.41: no one else lands here
    for force in area["forces"]:
        aboard = _counts(
            (force["embarked_soldiers"], "S"),
            (force["embarked_colonists"], "C"),
            (force["embarked_gold"], "G"),
        )
        offshore = _counts((force["offshore_soldiers"], "S"), (force["offshore_colonists"], "C"))
        if aboard:
            words.append((force["seat"], "aboard " + " ".join(aboard)))
        if offshore:
            words.append((force["seat"], "offshore " + " ".join(offshore)))
    chips = [_anchorage_chip(seat, text) for seat, text in words]
    way = geography().chips[LETTERS.index(area["letter"])] or _seaward(area["letter"], x, y)
    return _lay_out(chips, x, y, way, taken)


def _counts(*counts: tuple[int, str]) -> list[str]:
    """The counts that are not zero, each followed by its letter ("2S")."""
    return [f"{n}{letter}" for n, letter in counts if n]


def _anchorage_chip(seat: int, text: str) -> tuple[float, str]:
    """A chip in the seat's colour at (0, 0) (its left end, baseline): a Fleet shows
    a ship before its words. Returns its width and its SVG."""
    fleet = text.startswith("Fleet ")
    words = (
        f"{SEAT_SHORT[seat]} {text.removeprefix('Fleet ')}"
        if fleet
        else (f"{SEAT_SHORT[seat]} {text}")
    )
    icon = 20.0 if fleet else 0.0
    width = text_width(words) + 10 + icon
    parts = [
        f'<rect x="0" y="-14" width="{width:.1f}" height="19" rx="4"'
        f' fill="{seat_colour(seat)}" stroke="#fff" stroke-width="1"/>'
    ]
    if fleet:
        parts.append(_ship(12, -5, ON_COLOUR[seat]))
    parts.append(_text(5 + icon, 0, words, FONT, fill=ON_COLOUR[seat]))
    return width, "".join(parts)


def _seaward(letter: str, x: float, y: float) -> str:
    """Which way the open sea lies from an Anchorage dot: away from its coast."""
    cx, cy = xy(_landing_point(LETTERS.index(letter)))
    dx, dy = x - cx, y - cy
    if abs(dy) >= abs(dx):
        return "south" if dy > 0 else "north"
    return "east" if dx > 0 else "west"


CHIP_TALL = LINE + 2  # one chip under the next in a column
REACH = 170.0  # how far from its dot a column may stand
NEAR_REACH = 80.0  # the near grid tried first (REACH - NEAR_REACH a whole number of STEPs)
STEP = 10.0  # the grid of places tried for a column
SIDE_BIAS = 12.0  # a column off its sea side counts as this much further away
# Among places covering no more writing: what a place costs per unit of distance
# from the dot and per box its line to the dot runs through (a sea zone's label
# costs SEA_WORDS per unit of area covered)
DISTANCE_COST, CROSSING_COST = 6.0, 2500.0


def _lay_out(
    chips: list[tuple[float, str]], x: float, y: float, way: str, taken: list[Obstacle]
) -> list[str]:
    """The chips in a column near the dot: of the places on a grid round it, one
    that covers least of what is written (Area names most, then their contents,
    dots, the Unplayable Areas Display, earlier columns); among those, the one
    that costs least for the sea zones' labels it covers, its distance from the
    dot (more off the dot's sea side, ``way``) and the writing its line to the
    dot runs through. A column standing apart is joined to its dot by a line.
    Its box joins ``taken``."""
    if not chips:
        return []
    widest = max(width for width, _ in chips)
    tall = CHIP_TALL * len(chips) - 1
    box = _best_place(x, y, way, widest, tall, taken)
    taken.append((box, WRITTEN))
    left, top = box[0], box[1]
    out = []
    near_x, near_y = _nearest(x, y, box)
    if abs(near_x - x) + abs(near_y - y) > DOT_R + 12:
        out.append(
            f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{near_x:.1f}" y2="{near_y:.1f}"'
            ' stroke="#111" stroke-width="1.5" pointer-events="none"/>'
        )
    for k, (_, chip) in enumerate(chips):
        out.append(
            f'<g transform="translate({left:.1f} {top + 14 + CHIP_TALL * k:.1f})">{chip}</g>'
        )
    return out


def _best_place(
    x: float, y: float, way: str, width: float, tall: float, taken: list[Obstacle]
) -> Box:
    left, right = x - REACH - width, x + REACH + width
    top, bottom = y - REACH - tall, y + REACH + tall
    near = tuple(
        [
            o
            for o in taken
            if o[0][2] > left and o[0][0] < right and o[0][3] > top and o[0][1] < bottom
        ]
    )
    return _best_place_among(x, y, way, width, tall, near)


@lru_cache(maxsize=4096)
def _best_place_among(
    x: float, y: float, way: str, width: float, tall: float, near: tuple[Obstacle, ...]
) -> Box:
    """``_best_place`` once the obstacles near the dot are known: a pure function of
    its arguments, so the same column among the same obstacles (the same fleets from
    one state to the next, every seat's drawing of one state) is placed once.

    Of the grid's boxes, those covering least writing (weighed) are kept; among them
    the one of least cost wins, the first in the grid's order on a tie. A box's
    overlap with an obstacle is its overlap across times its overlap down, so the
    writing covered is summed per column and row of the grid, not per box; the
    lines to the dot (the dearest part of a cost) are followed only for boxes whose
    other costs could still beat the best found.

    The grid within NEAR_REACH of the dot is tried first: every box of the whole
    grid outside it lies further than NEAR_REACH from the dot (or is one of its
    boxes again, where the map's edge stops both), so costs more than
    DISTANCE_COST * NEAR_REACH; a box of the near grid that covers no writing and
    costs less is the whole grid's answer too."""
    obstacles = _Obstacles(x, y, near)
    found = _place_in_grid(
        x, y, way, width, tall, obstacles, NEAR_REACH, DISTANCE_COST * NEAR_REACH
    )
    if found is not None:
        return found
    found = _place_in_grid(x, y, way, width, tall, obstacles, REACH)
    assert found is not None, "the whole grid has a best box"
    return found


class _Obstacles:
    """A column's obstacles as arrays, built once for both of its grids: every box
    (left, top, right, bottom columns), the writing (weighing WRITTEN or more)
    first, then the lighter sea zones' labels, each in ``near``'s order, with their
    weights; and what the lines from the dot need of each box: its sides' offsets
    from the dot, and whether the dot lies within its columns (rows)."""

    def __init__(self, x: float, y: float, near: tuple[Obstacle, ...]) -> None:
        heavy = [o for o in near if o[1] >= WRITTEN]
        ordered = heavy + [o for o in near if o[1] < WRITTEN]
        self.heavy = len(heavy)
        self.edges: FloatArray = np.array(
            [side for box, _ in ordered for side in box], dtype=float
        ).reshape(-1, 4)
        self.weights: FloatArray = np.array([w for _, w in ordered], dtype=float)
        # per axis (across, down) and box: its sides' offsets from the dot, and for
        # a line with no run along the axis, where it enters the box's span: at
        # once if the dot lies within it, else never
        offsets = self.edges - np.array((x, y, x, y))
        self.low, self.high = offsets[:, :2].T, offsets[:, 2:].T
        inside = (self.low <= 0.0) & (self.high >= 0.0)
        self.along = np.where(inside, 0.0, 2.0)
        self.x, self.y = x, y

    def close(self) -> npt.NDArray[np.intp]:
        """The boxes within CLOSE of the dot both ways."""
        left, top, right, bottom = self.edges.T
        x, y = self.x, self.y
        return np.flatnonzero(
            (left < x + CLOSE) & (right > x - CLOSE) & (top < y + CLOSE) & (bottom > y - CLOSE)
        )

    def covered(
        self, lefts: FloatArray, rights: FloatArray, tops: FloatArray, bottoms: FloatArray
    ) -> tuple[FloatArray, FloatArray]:
        """For each column i and row j of the grid (its boxes' sides), the weighed
        area the box there covers of the writing, and of the lighter labels: its
        overlap with one box is its overlap across times its overlap down, so the sum
        over boxes is one matrix product."""
        edges = self.edges
        wide = np.maximum(
            np.minimum(rights[None, :], edges[:, 2:3]) - np.maximum(lefts[None, :], edges[:, 0:1]),
            0.0,
        )
        high = (
            np.maximum(
                np.minimum(bottoms[None, :], edges[:, 3:4])
                - np.maximum(tops[None, :], edges[:, 1:2]),
                0.0,
            )
            * self.weights[:, None]
        )
        heavy = self.heavy
        written: FloatArray = wide[:heavy].T @ high[:heavy]
        light: FloatArray = wide[heavy:].T @ high[heavy:]
        return written, light

    def lines(self, dx: FloatArray, dy: FloatArray) -> _Lines:
        """The lines from the dot to the boxes of a grid whose nearest points lie
        ``dx`` across (per column) and ``dy`` down (per row) from it: for each
        column (row) and box, where its line enters and leaves the box's span
        across (down), as parts of the line, both axes worked out at once."""
        delta = np.concatenate((dx, dy))
        axis = _axes(len(dx), len(dy))
        flat = (np.abs(delta) < 1e-12)[:, None]
        safe = np.where(flat, 1.0, delta[:, None])
        t0, t1 = self.low[axis] / safe, self.high[axis] / safe
        enter = np.where(flat, self.along[axis], np.minimum(t0, t1))
        leave = np.minimum(np.where(flat, 1.0, np.maximum(t0, t1)), 1.0)  # it stops at its end
        return _Lines(dx, dy, enter, leave)


@lru_cache(maxsize=64)
def _axes(across: int, down: int) -> npt.NDArray[np.intp]:
    """0 for each of ``across`` columns, then 1 for each of ``down`` rows."""
    return np.repeat(np.array([0, 1], dtype=np.intp), [across, down])


class _Lines:
    """Lines from the dot, each clipped to each box: the part of it, from 0 at the
    dot to 1 at its end, inside the box's columns and inside its rows. A line's run
    across depends on its box's column alone, its run down on its row alone, so
    each part is worked out per column (row) and box, not per line and box."""

    def __init__(
        self, dx: FloatArray, dy: FloatArray, enter: FloatArray, leave: FloatArray
    ) -> None:
        columns = len(dx)
        self.dx, self.dy = dx, dy
        self.enter_x, self.enter_y = enter[:columns], enter[columns:]
        self.leave_x, self.leave_y = leave[:columns], leave[columns:]

    def crossed(
        self,
        columns: npt.NDArray[np.intp],
        rows: npt.NDArray[np.intp],
        boxes: npt.NDArray[np.intp] | None = None,
    ) -> FloatArray:
        """For the line to each box of the grid (its column, row), how many of the
        obstacles (of ``boxes`` alone, if given) it runs through outside the dot; a
        line that ends within the dot's reach crosses nothing."""
        enter_x, leave_x, enter_y, leave_y = self.enter_x, self.leave_x, self.enter_y, self.leave_y
        if boxes is not None:
            enter_x, leave_x = enter_x[:, boxes], leave_x[:, boxes]
            enter_y, leave_y = enter_y[:, boxes], leave_y[:, boxes]
        ends_x, ends_y = self.dx[columns], self.dy[rows]
        counted = np.abs(ends_x) + np.abs(ends_y) > DOT_R + 12
        length = np.hypot(ends_x, ends_y)
        low = (DOT_R / np.maximum(length, 1e-9))[:, None]  # where it leaves the dot
        enter = np.maximum(np.maximum(low, enter_x[columns]), enter_y[rows])
        leave = np.minimum(leave_x[columns], leave_y[rows])
        crossed: FloatArray = (enter <= leave).sum(axis=1) * counted
        return crossed


def _place_in_grid(
    x: float,
    y: float,
    way: str,
    width: float,
    tall: float,
    obstacles: _Obstacles,
    reach: float,
    under: float = math.inf,
) -> Box | None:
    """The best box of the grid within ``reach`` of the dot: of the boxes covering
    least writing, the one of least cost, the first in the grid's order on a tie.
    None unless that box covers no writing and costs less than ``under`` (found
    out as soon as the writing covered, or the least cost's floor, tells)."""
    steps = int(2 * reach // STEP) + 1
    lefts = np.minimum(
        np.maximum(x - reach - width + STEP * np.arange(steps + int(width // STEP)), 2.0),
        MAP_W - width - 2,
    )
    tops = np.minimum(
        np.maximum(y - reach - tall + STEP * np.arange(steps + int(tall // STEP)), 2.0),
        HEIGHT - tall - 2,
    )
    rights, bottoms = lefts + width, tops + tall
    written, light = obstacles.covered(lefts, rights, tops, bottoms)
    # kept: the boxes covering least writing (sums of exact zeros stay zero), in
    # the grid's order
    least = float(written.min())
    if under < math.inf and least != 0:
        return None
    # a box's nearest point to the dot, and which side of it the box lies, are
    # a matter of its left alone across and of its top alone down
    dx = np.minimum(np.maximum(x, lefts), rights) - x
    dy = np.minimum(np.maximum(y, tops), bottoms) - y
    far = np.abs(dx)[:, None] + np.abs(dy)[None, :]
    bounds = light + DISTANCE_COST * (far + _aside(way, lefts, tops, width, tall, x, y))
    kept_i, kept_j = np.nonzero(written <= least + 1e-6)
    bound = bounds[kept_i, kept_j]
    if under < math.inf and bound.min() >= under:  # a cost is its bound or more
        return None
    lines = obstacles.lines(dx, dy)
    if len(bound) * len(obstacles.edges) <= AT_ONCE:  # every box followed at once
        costs = bound + CROSSING_COST * lines.crossed(kept_i, kept_j)
        pick = int(np.argmin(costs))  # the first of least cost
        best = (float(costs[pick]), pick)
    else:
        best = _least_cost(bound, kept_i, kept_j, lines, obstacles.close())
    cost, pick = best
    if cost >= under:
        return None
    left, top = float(lefts[kept_i[pick]]), float(tops[kept_j[pick]])
    return left, top, left + width, top + tall


def _least_cost(
    bound: FloatArray,
    columns: npt.NDArray[np.intp],
    rows: npt.NDArray[np.intp],
    lines: _Lines,
    close: npt.NDArray[np.intp],
) -> tuple[float, int]:
    """Of many boxes (their bounds, columns and rows in the grid's order), the
    least cost and the first box of it: the boxes of least floor (the bound and
    the line's crossings of the boxes ``close`` to the dot) followed in full first,
    then at once every other box whose floor does not exceed the best cost found (a
    box left out costs more)."""
    floor = bound + CROSSING_COST * lines.crossed(columns, rows, close)
    ranked = np.argsort(floor, kind="stable")  # by floor, then the grid's order
    best = (math.inf, 0)
    for boxes in (ranked[:CHUNK], ranked[CHUNK:]):
        boxes = boxes[floor[boxes] <= best[0]]
        if len(boxes):
            costs = bound[boxes] + CROSSING_COST * lines.crossed(columns[boxes], rows[boxes])
            pick = np.lexsort((boxes, costs))[0]
            best = min(best, (float(costs[pick]), int(boxes[pick])))
    return best


# The boxes about the dot (its own among them), which most lines from it run
# through: their crossings alone give a floor under a line's cost
CLOSE = 40.0
CHUNK = 128  # the boxes of least floor whose lines to the dot are followed first
AT_ONCE = 32768  # lines times obstacles up to which every box's line is followed at once


def _aside(
    way: str, lefts: FloatArray, tops: FloatArray, width: float, tall: float, x: float, y: float
) -> FloatArray | float:
    """SIDE_BIAS for each box of the grid whose centre does not lie on the ``way``
    side of the dot, else 0: per column (a column of the array) for a way across,
    per row for a way down."""
    if way in ("east", "west"):
        across = lefts + width / 2 - x
        on_side = across > 0 if way == "east" else across < 0
        return np.where(on_side, 0.0, SIDE_BIAS)[:, None]
    if way in ("south", "north"):
        down = tops + tall / 2 - y
        on_side = down > 0 if way == "south" else down < 0
        return np.where(on_side, 0.0, SIDE_BIAS)[None, :]
    return 0.0


def _nearest(x: float, y: float, box: Box) -> tuple[float, float]:
    """The point of ``box`` nearest to (x, y): where a column's line to its dot ends."""
    return min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])


def _overlap(a: Box, b: Box) -> float:
    """The area two boxes share."""
    wide = min(a[2], b[2]) - max(a[0], b[0])
    high = min(a[3], b[3]) - max(a[1], b[1])
    return wide * high if wide > 0 and high > 0 else 0.0


# ---- the panel beside the map ----


class _Panel:
    """The panel's SVG lines and where the next one goes."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.y = 26.0
        self.x = PANEL_X + 10

    def text(self, words: str, size: float = FONT, indent: float = 0, **style: str) -> None:
        """One line of text, wrapped where words end to the panel's width."""
        room = WIDTH - 14 - self.x - indent
        for k, line in enumerate(_wrap(words, room, size)):
            hang = 0 if k == 0 else 12
            self.lines.append(
                _text(self.x + indent + hang, self.y, line, size, **{"fill": INK, **style})
            )
            self.y += size + 4

    def swatch(self, colour: str) -> None:
        self.lines.append(
            f'<rect x="{self.x:.0f}" y="{self.y - 13:.0f}" width="14" height="14" rx="2"'
            f' fill="{colour}"/>'
        )

    def gap(self, space: float = 6) -> None:
        self.y += space


@lru_cache(maxsize=1024)
def _wrap(words: str, room: float, size: float) -> tuple[str, ...]:
    """The words in lines no wider than ``room`` (less a margin), broken where a
    word ends."""
    lines: list[str] = []
    for word in words.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size) <= room - 12:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return tuple(lines)


def _side(view: NewWorldView) -> str:
    """The panel and the key: beside the map, the key at the panel's foot unless
    the panel reaches it (the drawing then grows taller); on a phone or a tablet,
    under the map, the key right under the panel. Its ``<style>`` gives each arrangement
    the height it needs."""
    panel = _panel(view)
    under = panel.y + LINE + 4  # the key's first baseline, right under the panel
    foot = max(HEIGHT - 14 - (LEGEND_LINES - 1) * LINE, under)
    tall = max(HEIGHT, foot + (LEGEND_LINES - 1) * LINE + 14)
    phone_rect = under + (LEGEND_LINES - 1) * LINE + 6
    _, _, scale = _side_place()
    phone_tall = HEIGHT * PHONE_MAP_SCALE + scale * phone_rect + 3 * PHONE_MAP_SCALE
    rules = (
        f"@media not all and {NARROW_QUERY}{{svg.newworld{{aspect-ratio:{WIDTH:.0f}/{tall:.0f};"
        "width:100%!important}}"
        f"@media {NARROW_QUERY}{{svg.newworld{{aspect-ratio:{WIDTH:.0f}/{phone_tall:.0f}}}"
        f"svg.newworld .nw-legend{{transform:translateY({under - foot:.1f}px)}}"
        f"svg.newworld .nw-side>rect{{height:{phone_rect:.0f}px}}}}"
    )
    return (
        f'<g class="nw-side"><style>{rules}</style>'
        f'<rect x="{PANEL_X:.0f}" y="4" width="{PANEL_W:.0f}"'
        f' height="{tall - 8:.0f}" rx="6" fill="#fbfaf5" stroke="#9fb7c9"/>'
        f'<g class="panel">{"".join(panel.lines)}</g>'
        f'<g class="nw-legend">{"".join(_legend(foot))}</g></g>'
    )


def _panel(view: NewWorldView) -> _Panel:
    """The panel's lines: the turn, the seats, one's own Planning Sheet."""
    panel = _Panel()
    phase = view["phase"]
    panel.text(
        f"Turn {view['turn']} of {view['last_turn']}: {PHASE_TITLES.get(phase, phase)}",
        17,
        font_weight="bold",
    )
    panel.text(f"Political Control pays ${view['pc_value']}, Resources ${view['resource_value']}")
    names = [p["name"] for p in view["players"]]
    if view["turn"] >= 1 and view["initiative"]:
        panel.text("Initiative: " + ", ".join(names[s] for s in view["initiative"]))
    if view["leader"] is not None and view["leader"] >= 0:
        panel.text(f"Game Leader: {names[view['leader']]}")
    _pending_lines(view, panel, names)
    panel.gap()
    for player in view["players"]:
        _seat_lines(view, player, panel)
    plan = _own_plan(view)
    if plan:
        panel.gap()
        panel.text("Your Planning Sheet (secret)", font_weight="bold")
        for line in plan:
            panel.text(line, indent=8)
    if view["result"]:
        panel.gap()
        panel.text("Game over: " + view["result"]["note"], font_weight="bold")
    return panel


def _pending_lines(view: NewWorldView, panel: _Panel, names: list[str]) -> None:
    attack = view["pending_attack"]
    if attack:
        panel.text(
            f"{names[attack['attacker']]} attacks {names[attack['defender']]} in"
            f" {attack['area']} with {attack['soldiers']}",
            font_weight="bold",
            fill="#8b0000",
        )
    losses = view["pending_losses"]
    if losses:
        panel.text(losses_line(losses, names), font_weight="bold")
    card = arrangement_line(view, names)
    if card:
        panel.text(card, font_weight="bold")
    for line in question_lines(view, names):
        panel.text(line, font_weight="bold")


def _seat_lines(view: NewWorldView, player: PlayerView, panel: _Panel) -> None:
    seat = player["seat"]
    own = seat == view["seat"]
    panel.swatch(seat_colour(seat))
    cash = f"${player['cash']}" if player["cash"] is not None else "cash secret"
    pc = player["political_control"]
    panel.text(
        f"{player['name']}{' (you)' if own else ''}: {cash}, {pc} Political Control",
        indent=20,
        font_weight="bold" if own else "normal",
    )
    fleet = player["fleet"]
    at = f", Fleet at {fleet['at']}" if fleet["at"] else ""
    panel.text(
        f"{amount(player['ships'], 'Ship')}{at}; {amount(player['home_soldiers'], 'Soldier')}"
        " at home,"
        f" pool {player['soldier_pool']}",
        indent=20,
    )
    extra = _seat_extras(view, player)
    if extra:
        panel.text(extra, indent=20)


def _seat_extras(view: NewWorldView, player: PlayerView) -> str:
    words = []
    if player["replacement_box"]:
        boxed = sorted((int(t), n) for t, n in player["replacement_box"].items())
        box = ", ".join(f"turn {t}: {n}" for t, n in boxed)
        words.append(f"Replacement Box {box}")
    if player["new_colonists"] is not None and view["phase"] in ("colonists", "planning"):
        words.append(amount(player["new_colonists"], "new Colonist"))
    if view["turn"] == 1 and view["phase"] in (
        "exclusive landfall bids",
        "exclusive landfall choice",
    ):
        if player["bid"] is not None:
            words.append(f"bid ${player['bid']}")
        elif player["bid_sealed"]:
            words.append("bid sealed")
    if player["landfall"] and view["turn"] <= 1:
        words.append(f"Exclusive Landfall {player['landfall']}")
    if player["plan_sealed"]:
        words.append("sheet sealed")
    return "; ".join(words)


def _own_plan(view: NewWorldView) -> list[str]:
    """One's own Planning Sheet, only in one's own view (others' are None there)."""
    me = own_player(view)
    plan = me["plan"] if me else None
    if not plan:
        return []
    lines = [
        f"maintain {amount(plan['maintain'], 'Ship')}, build {plan['build']},"
        f" buy {amount(plan['buy'], 'Soldier')}"
    ]
    for row in plan["landings"]:
        lines.append(
            f"land at {row['area']}: {amount(row['soldiers'], 'Soldier')},"
            f" {amount(row['colonists'], 'Colonist')}"
        )
    if not plan["landings"]:
        lines.append("no landing yet")
    if plan["pirates"]:
        enemy = plan["enemy"] or "no enemy yet"
        lines.append(f"{plan['pirates']} Pirate Ships (22) against {enemy}")
    return lines


def _plan_marks(view: NewWorldView) -> list[str]:
    """One's own planned landings, ringed on the map (one's own view only)."""
    me = own_player(view)
    plan = me["plan"] if me else None
    if me is None or not plan:
        return []
    seat = me["seat"]
    out = []
    for row in plan["landings"]:
        dot = geography().dots[LETTERS.index(row["area"])]
        if dot is None:
            continue
        x, y = xy(dot)
        out.append(
            f'<circle class="plan" cx="{x:.1f}" cy="{y:.1f}" r="16" fill="none"'
            f' stroke="{seat_colour(seat)}" stroke-width="3" stroke-dasharray="5 3"/>'
        )
    return out


def _anchorage_words(view: NewWorldView, area: AreaView) -> str:
    """What stands at an Anchorage, for its tooltip: the Fleets and the units aboard
    or offshore there (short: the overlay is drawn per state)."""
    fleets = [p["name"] for p in view["players"] if p["fleet"]["at"] == area["letter"]]
    waiting = []
    for force in area["forces"]:
        units = (
            force["embarked_soldiers"]
            + force["embarked_colonists"]
            + force["offshore_soldiers"]
            + force["offshore_colonists"]
        )
        if units:
            waiting.append(f"{units} of {SEAT_SHORT[force['seat']]}")
    parts = [f"Fleet of {', '.join(fleets)}"] if fleets else []
    if waiting:
        parts.append("units waiting: " + ", ".join(waiting))
    return (": " + "; ".join(parts)) if parts else ""


def legend_shapes() -> dict[str, str]:
    """The map's own drawings of the legend's symbols (see ``guide.legend``)."""
    chip: ForceView = {
        "seat": 0,
        "soldiers": 2,
        "colonists": 3,
        "prospectors": 0,
        "miners": 0,
        "looter": False,
        "gold": 0,
        "embarked_soldiers": 0,
        "embarked_colonists": 0,
        "embarked_gold": 0,
        "offshore_soldiers": 0,
        "offshore_colonists": 0,
        "retreated": 0,
        "retreated_soldiers": 0,
    }
    words = _chip_words(chip)
    width = _chip_width(chip) + 8
    tag = _retreated_tag(2, 20, "2S", seat_colour(0))
    return {
        "unknown": UNKNOWN_FILL,
        "sea": SEA,
        "ship": _ship(17, 17, seat_colour(0)),
        "chip": f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} 26"'
        f' width="{width:.0f}" height="26" aria-hidden="true">{_chip(width / 2, 18, chip)}</svg>',
        "chip_words": f"a country's units in an Area, in its colour: {words} is"
        f" {SEAT_SHORT[0]} with 2 Soldiers and 3 Colonists (P Prospectors, M Miners, G Gold"
        " Bars, loot: its Soldier loots the City)",
        "retreated": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 34 26" width="34"'
        f' height="26" aria-hidden="true">{tag}</svg>',
    }


class NewWorldPresentation(Presentation):
    """The map in two layers; the overlay depends on the seat (cash, own sheet).
    The engine hands its methods plain views and events (``Raw``): each view is
    typed once, here, as it enters (``view.typed``)."""

    def board_layer(self, view: Raw) -> str:  # JSON edge
        return board_svg()

    def overlay(self, view: Raw) -> str:  # JSON edge
        return overlay_svg(typed(view))

    def seat_status(self, view: Raw, seat: int, waiting: Sequence[int]) -> str:  # JSON edge
        return seat_status(typed(view), seat, waiting)

    def section(self, event: Raw) -> str | None:  # JSON edge
        return told.section(event)

    def phase(self, event: Raw) -> str | None:  # JSON edge
        return told.phase(event)

    def event_dice(self, event: Raw) -> list[DiceRoll]:  # JSON edge
        return told.event_dice(event)

    def seat_colour(self, seat: int, name: str) -> str:
        """The colour the map draws the country's pieces in."""
        return seat_colour(seat)

    def explain(self, view: Raw) -> Explanation | None:  # JSON edge
        return guide.explain(typed(view))

    def legend(self, view: Raw) -> list[LegendEntry]:  # JSON edge
        return guide.legend(legend_shapes(), CLIMATE_FILL)

    def event_targets(self, view: Raw, event: Raw) -> list[str]:  # JSON edge
        """The Areas an event concerns: those its data names (area, from, to) and
        those its text names as "<letter> (<name>)"."""
        playable = {a["letter"].lower() for a in typed(view)["areas"] if a["playable"]}
        return [t for t in event_areas(event) if t in playable]

    def action_labels(self, view: Raw, legal: Sequence[str]) -> dict[str, str]:  # JSON edge
        return labels(legal)

    def controls(self, view: Raw, legal: Sequence[str]) -> list[Control]:  # JSON edge
        return decision_controls(typed(view), legal)

    def confirm(self, view: Raw, action: str, legal: Sequence[str]) -> str | None:  # JSON edge
        return confirm_question(typed(view), action, legal)

    def panel(self, view: Raw, seat: int) -> dict[str, PanelValue]:  # JSON edge
        return panel_values(typed(view), seat)


def seat_status(view: NewWorldView, seat: int, waiting: Sequence[int]) -> str:
    """A seat's word beside its name: finished, its sheet or bid sealed, or whether
    the table waits for it."""
    phase, players = view["phase"], view["players"]
    if phase == "game over":
        return "finished"
    if phase == "planning" and seat < len(players) and players[seat]["plan_sealed"]:
        return "sheet sealed"
    bidding = phase == "exclusive landfall bids"
    if bidding and seat < len(players) and players[seat]["bid_sealed"]:
        return "bid sealed"
    return "to decide" if seat in waiting else "waiting"


def panel_values(view: NewWorldView, seat: int) -> dict[str, PanelValue]:
    """The seat's figures for the table's side panel (cash only where the view shows it)."""
    players = view["players"]
    if seat >= len(players):
        return {}
    p = players[seat]
    out: dict[str, PanelValue] = {"ships": p["ships"], "soldiers at home": p["home_soldiers"]}
    if p["cash"] is not None:
        out["cash"] = f"${p['cash']}"
    out["political control"] = p["political_control"]
    return out


def event_areas(event: Raw) -> list[str]:
    """The Areas (lower-case letters) an event names: the Area indexes of its data's
    ``area``, ``from`` and ``to``, and the "<letter> (<name>)" of its text."""
    data = told.event_data(event)
    found: list[str] = []
    for key in ("area", "from", "to"):
        value = data.get(key)
        if isinstance(value, int) and 0 <= value < len(LETTERS):
            found.append(LETTERS[value].lower())
    text = str(event.get("text", ""))
    for area in load_map().areas:
        if f"{area.letter} ({area.name})" in text:
            found.append(area.letter.lower())
    return list(dict.fromkeys(found))


PRESENTATION = NewWorldPresentation()
