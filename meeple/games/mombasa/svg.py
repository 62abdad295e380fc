"""Mombasa's board as SVG, drawn from a view alone (what the browser client shows).

Two layers. The board layer depends only on the game's data and the number of
players (the server draws it once per config): the map's regions with their
rewards and mines, the titles of the displays and the bonus spaces. The overlay
draws one state on top: trading posts, base columns, track markers, the card and
book displays, bonus markers, the round track, each player's board (action
slots, resting decks, diamond and bookkeeping tracks), the other players' folds
(a one-line summary that opens and closes their boards: ``data-fold``) and one's
hand, which only its owner's view contains.

The drawing is one board made of parts (the map, the company tracks, the card
display with its crate values, the book display, the bonus spaces, the header,
the hand, one board per player, one fold per other player), each drawn in its own
coordinates with text of at least 12 units; ``layout.py`` says where each
arrangement (desktop, tablet, phone) puts them.

Elements a player can point at carry ``data-target`` (a phrase: the web client
offers the legal actions whose text names it, "cairo" offers "advance cairo" and
"expand cairo") or ``data-action`` (one exact action). On another player's board
the targets are qualified by the player's name ("green deck 2"), which no action
names: they only let the last moves glow there. Everything drawn comes from the
view, so a seat sees only what its view shows: others' hands appear as a count
and their face-down plans as backs.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from html import escape

from meeple.engine import Presentation
from meeple.engine.presentation import Explanation, LegendEntry, PanelValue
from meeple.games.mombasa import controls, guide
from meeple.games.mombasa import story as told
from meeple.games.mombasa.board import BOARD, COMPANIES, GOODS
from meeple.games.mombasa.controls import Control
from meeple.games.mombasa.geography import SHAPES, centroid, edges, enclaves
from meeple.games.mombasa.layout import (
    BOOK_H,
    BOOK_PITCH,
    CARD_H,
    CARD_PITCH,
    COMPANY_PITCH,
    CRATE_ROW,
    FOLD_H,
    HAND_H,
    HAND_W,
    HEADER_LINES,
    LINE,
    MIN_FONT,
    NARROW_W,
    PART_W,
    PLAYER_H,
    SPACE_COLUMNS,
    SPACE_H,
    SPACE_PITCH,
    VIEW_W,
    ZOOM_WIDTH,
    others,
    own_seat,
    seat_first,
    stylesheet,
    view_height,
)
from meeple.games.mombasa.render import pending_words, tile_words
from meeple.games.mombasa.story import EngineEvent, event_kind, event_seat, event_text
from meeple.games.mombasa.view import (
    EngineView,
    MombasaView,
    PlayerView,
    Requirement,
    Reward,
    TrackView,
    kind_and_count,
    typed,
)

ROUND_LABEL_W = 84  # "round track" before the round spaces
BASE_W = 62
SEA = "#cfe3ea"
LAND = "#ead9b5"
DASHED = ' stroke-dasharray="3 2"'
TITLE_H = 20  # a part's title line
MAP_TOP = 0  # the map fills its part (its title lies in the sea)
CARD_W = (NARROW_W - 8) / 3
BOOK_W = (NARROW_W - 8) / 3
SPACE_W = (PART_W - 4 * (SPACE_COLUMNS - 1)) / SPACE_COLUMNS
TRACK_SPACES = 17
TRACK_X = 0  # the company tracks' first space
TRACK_STEP = PART_W / TRACK_SPACES
BAND_H = 16  # a company's band: its name, value, regions, base columns, track bonuses
TRACK_H = 28  # a track space: its shares, a capital call or a special space's pounds
MARKER_R = 5.5  # a track marker: two per row under its space, a row per two seats
MARKER_ROW = 9.5  # the second row's centre under the first's (they barely touch)
SLOT_W = (PART_W - 16) / 5
DECK_W = (PART_W - 16 - 2 * 6) / 3
DECK_LINES = 4
# A player's board, top to bottom (offsets in the board's own coordinates).
P_SLOTS_Y = 26
SLOT_H = 46
P_DECKS_Y = P_SLOTS_Y + SLOT_H + 4
DECK_H = 14 + DECK_LINES * 13 + 4
P_DIAMONDS_Y = P_DECKS_Y + DECK_H + 4
DIAMOND_LABEL_W = 70
P_GOODS_Y = P_DIAMONDS_Y + 26  # the goods buttons and the ink jar's (another's: words)
P_BOOKS_Y = P_GOODS_Y + 26  # the bookkeeping track's spaces
BOOKKEEPING_PITCH = 42  # a bookkeeping row: its points and up to two lines of needs
assert P_BOOKS_Y + 2 * BOOKKEEPING_PITCH <= PLAYER_H  # layout.py's height holds it
assert 2 * (MARKER_R + 0.05) <= TRACK_STEP / 2 + 0.1  # two markers side by side in a space
assert BAND_H + 1 + TRACK_H + 1 + 2 * MARKER_R + MARKER_ROW <= COMPANY_PITCH

ENCLAVES = enclaves()  # enclave -> the region around it
SURROUNDING = frozenset(ENCLAVES.values())
DOUBLE_BORDERS = tuple(
    (a, b)
    for a, links in enumerate(BOARD.neighbours)
    for b, points in links
    if a < b and points == 2
)

SEAT_COLOURS = ("#2f6fd0", "#2e9d4a", "#d4a20c", "#8b4fc4")
COMPANY_COLOURS = ("#b03a2e", "#2471a3", "#1e8449", "#ca6f1e")
KIND_COLOURS = {
    "coffee": "#c49a7a",
    "bananas": "#f1d44c",
    "cotton": "#f4f4f4",
    "expansion": "#d9bd8c",
    "bookkeeper": "#a9cce3",
    "merchant": "#c8b8e8",
    "share": "#d5dbdb",
}
CRATE = "#b3261e"  # the red crate values
BACKGROUND = "#f6efe0"
INK = "#1a237e"
BOARD_BONUS_SPACES = (
    "coffee majority",
    "bananas majority",
    "cotton majority",
    "expansion majority",
    "plus-one tile",
    "bookkeeper tile",
    "merchant tile",
    "expansion tile",
    "first player",
    "card purchase",
    "card removal",
)
REQUIREMENT_WORDS = {"any": "one good", "merchant_or_bookkeeper": "merchant/bookkeeper"}
SECRET_PHASES = {"draft": "choosing a tile", "resting": "resting cards", "planning": "planning"}
PHASE_WORDS = {
    "draft": "choosing starting tiles",
    "resting": "resting the starting cards",
    "planning": "planning phase",
    "action": "action phase",
    "over": "game over",
}


# ---- small drawing helpers ---------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def _attr(key: str, value: str) -> str:
    """One attribute (``font_weight`` -> ``font-weight``); the board repeats few."""
    return f' {key.rstrip("_").replace("_", "-")}="{escape(value)}"'


@functools.lru_cache(maxsize=8192)
def _escaped(words: str) -> str:
    return escape(words)


def _attrs(attrs: dict[str, str]) -> str:
    return "".join([_attr(k, v) for k, v in attrs.items()])


def _text(x: float, y: float, words: object, size: int = 13, **attrs: str) -> str:
    """Text of at least ``MIN_FONT`` units (the parts are drawn at a size where
    that is readable on a phone)."""
    size = max(size, MIN_FONT)
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{_attrs(attrs)}>'
        f"{_escaped(str(words))}</text>"
    )


# Advance widths (in ems) of Arial's metrics (Liberation Sans, which the board asks
# for first and Debian's Chromium draws; Arial and Helvetica elsewhere), as measured
# in that Chromium, for the characters the board writes; others count as ``WIDE``.
# A wider fallback font (DejaVu Sans, about a seventh wider) may overrun a squeezed
# text's box a little.
FONT_FAMILY = "Liberation Sans, Arial, Helvetica, sans-serif"
GLYPHS = (
    dict.fromkeys(" !,./:;I[]ft·ijl'|", 0.28)
    | dict.fromkeys("()-r", 0.34)
    | dict.fromkeys("Jcksvxyz▸▾", 0.5)
    | dict.fromkeys("#$0123456789?L_abdeghnopqu£–", 0.556)
    | dict.fromkeys("+<=>~×", 0.584)
    | dict.fromkeys("FTZ", 0.611)
    | dict.fromkeys("&ABEKPSVXY", 0.667)
    | dict.fromkeys("CDHNRUw", 0.722)
    | dict.fromkeys("GOQ", 0.778)
    | dict.fromkeys("Mm", 0.833)
    | dict.fromkeys("%", 0.889)
    | dict.fromkeys("W→—@", 1.0)
)
WIDE = 0.6
BOLD = 1.06  # bold glyphs are about a sixteenth wider (measured: 1.057)
SLACK = 1.02  # the estimate's margin over the measured widths


def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` is drawn at ``size`` units."""
    return _ems(text) * size * (BOLD if bold else 1.0) * SLACK


@functools.lru_cache(maxsize=8192)
def _ems(text: str) -> float:
    return sum(GLYPHS.get(c, 0.72 if c.isupper() else WIDE) for c in text)


def _fit(x: float, y: float, words: object, width: float, size: int = 13, **attrs: str) -> str:
    """Text squeezed (never shrunk in height) into ``width`` units if it is longer."""
    text = str(words)
    bold = attrs.get("font_weight") == "bold"
    if text_width(text, max(size, MIN_FONT), bold) > width:
        attrs = {**attrs, "textLength": f"{width:.0f}", "lengthAdjust": "spacingAndGlyphs"}
    return _text(x, y, text, size, **attrs)


def _rect(x: float, y: float, w: float, h: float, fill: str, **attrs: str) -> str:
    """A box with a brown outline and round corners (``attrs`` may change both)."""
    drawn = {"stroke": "#6b5b3e", "stroke_width": "1", "rx": "3", **attrs}
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}"'
        f"{_attrs(drawn)}/>"
    )


def _target(phrase: str, body: str, title: str = "") -> str:
    """A group the client offers the legal actions naming ``phrase`` for."""
    tip = f"<title>{escape(title)}</title>" if title else ""
    return f'<g data-target="{escape(phrase.lower())}">{tip}{body}</g>'


def _action(action: str, body: str) -> str:
    """A group offering exactly one action."""
    return f'<g data-action="{escape(action)}"><title>{escape(action)}</title>{body}</g>'


def _part(name: str, layer: str, body: Sequence[str], extra: str = "") -> str:
    """One part of one layer, placed by the stylesheet."""
    return f'<g class="layer {layer} part part-{name}"{extra}>{"".join(body)}</g>'


def _title(words: str, width: float = PART_W) -> str:
    return _fit(0, 15, words, width, 14, font_weight="bold")


def _card_fill(face: str | None) -> str:
    if not face:
        return "#5d4e37"  # a card's back
    return KIND_COLOURS.get(face.split()[0], "#ddd")


def _card_lines(face: str) -> tuple[str, str]:
    """A card's face on two lines: its kind and value, then its company icon
    ("expansion 2 +cape town" -> "expansion 2", "+cape town")."""
    words = face.split()
    head = 2 if len(words) > 1 and words[1].isdigit() else 1
    return " ".join(words[:head]), " ".join(words[head:])


def _seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _reward_words(reward: Reward | tuple[str, int] | None, short: bool = False) -> str:
    """A region's or a book's reward in the game's words."""
    if not reward:
        return "no reward"
    kind, n = kind_and_count(reward)
    if kind == "pounds":
        return f"£{n}"
    if kind == "bp":
        return f"BP {n}" if short else f"{n} BP"
    if kind == "diamond":
        return f"diamond +{n}" if short else _plural(n, "diamond step")
    if kind == "track":
        return f"track +{n}" if short else _plural(n, "track step")
    if kind == "remove":
        return f"remove {_plural(n, 'post')}"
    if kind == "cotton_money":
        return "cotton money"
    return f"{kind.replace('_', ' ')} {n}"


def _needs_words(requires: Sequence[Requirement]) -> list[str]:
    return [_need_words(*kind_and_count(need)) for need in requires]


def _need_lines(needs: Sequence[str], room: int) -> list[str]:
    """A book's needs on at most ``room`` short lines: "merchant/bookkeeper" as
    "merchant or", "bookkeeper"; "coffee 3+3 one good" as "coffee 3", "+3 one good";
    what does not fit joins the last line."""
    parts = [
        piece
        for need in needs
        for piece in need.replace("/", " or|", 1).replace("+", "|+", 1).split("|")
    ]
    if len(parts) <= room:
        return parts
    return [*parts[: room - 1], " & ".join(parts[room - 1 :])]


def _need_words(kind: str, n: int) -> str:
    if kind == "merchant_or_bookkeeper":
        return REQUIREMENT_WORDS[kind]
    if kind == "coffee_and_one_good":  # n coffee and n more units of one good
        return f"coffee {n}+{n} one good"
    return f"{REQUIREMENT_WORDS.get(kind, kind)} {n}"


def _qualified(view: MombasaView, seat: int, phrase: str) -> str:
    """A target on ``seat``'s board: the action's phrase on the viewer's own board,
    else qualified by the owner's name (no action names it: it only glows)."""
    if view.get("seat") == seat:
        return phrase
    players = view.get("players") or []
    name = str(players[seat].get("name", f"seat {seat + 1}")) if seat < len(players) else ""
    return f"{name.lower()} {phrase}"


# ---- the board layer -----------------------------------------------------------------


@functools.cache
def render_board(players: int) -> str:
    """The unchanging layer: the stylesheet placing the parts, the map's regions with
    their rewards and mines, the parts' titles and the card display's crate values
    (drawn once per player count: it depends on nothing else)."""
    tall = view_height(players)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_W} {tall:.0f}"'
        ' preserveAspectRatio="xMinYMin slice" class="board mombasa"'
        f' data-zoom="{ZOOM_WIDTH}px" data-zoom-name="board" role="img"'
        ' aria-label="Mombasa board"'
        f' font-family="{FONT_FAMILY}">',
        f"<style>{stylesheet(players)}</style>",
        f'<rect x="0" y="0" width="{VIEW_W}" height="{tall:.0f}" fill="{BACKGROUND}"/>',
        _part("map", "map", _regions()),
        _part("display", "frames", [_title("Card display (tap to buy)", NARROW_W), *_crates()]),
        _part("books", "frames", [_title("Book display (tap to take)", NARROW_W)]),
        _part("spaces", "frames", [_spaces_title()]),
    ]
    parts.append("</svg>")
    return "\n".join(parts)


def _crates() -> list[str]:
    """The board's red crate value above each column of the card display (a card's
    price is its own crate value plus the board's beside it)."""
    out = []
    for column in range(3):
        spaces = range((2 - column) * 4, (2 - column) * 4 + 4)  # spaces 1-4: the right column
        values = sorted({BOARD.display_crates[n] for n in spaces})
        x = column * (CARD_W + 4)
        words = "crate +" + "/".join(str(v) for v in values)
        body = _rect(x, TITLE_H, CARD_W, CRATE_ROW - 2, "#f6dcd8", stroke=CRATE)
        body += _text(x + CARD_W / 2, TITLE_H + 11.5, words, 12, fill=CRATE, text_anchor="middle")
        tip = f"the board's crate value beside these spaces: {'/'.join(map(str, values))}"
        out.append(f'<g class="crate"><title>{escape(tip)}</title>{body}</g>')
    return out


def _regions() -> list[str]:
    """The sea, the regions as the shapes file draws them (enclaves last, on top of
    the region around them), the double borders (2 points) drawn thicker, and the
    four company bases at the coast where each company starts."""
    width, height = SHAPES.frame
    out = [_rect(0, MAP_TOP, width, height, SEA, stroke="none", rx="6")]
    out.append(
        _text(
            width / 2,
            MAP_TOP + 15,
            "Africa (tap a region)",
            12,
            fill="#35617a",
            font_weight="bold",
            text_anchor="middle",
        )
    )
    out += [_region(r) for r in range(len(BOARD.regions)) if r not in ENCLAVES]
    out += [_region(r) for r in ENCLAVES]
    out += [_double_border(a, b) for a, b in DOUBLE_BORDERS]
    out += [_base(c) for c in range(len(COMPANIES))]
    return out


def _points(ring: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:.0f},{y + MAP_TOP:.0f}" for x, y in ring)


def _double_border(a: int, b: int) -> str:
    """The edges two regions share, drawn as a thick line (a border worth 2 points)."""
    shared = edges(SHAPES.rings[a]) & edges(SHAPES.rings[b])
    lines = "".join(
        f'<line x1="{p[0]:.0f}" y1="{p[1] + MAP_TOP:.0f}"'
        f' x2="{q[0]:.0f}" y2="{q[1] + MAP_TOP:.0f}"/>'
        for p, q in (sorted(edge) for edge in shared)
    )
    return (
        f'<g class="double-border" stroke="#6b5b3e" stroke-width="3.2" stroke-linecap="round">'
        f"{lines}</g>"
    )


def _name_place(region: int) -> tuple[float, float]:
    """Where a region's name goes: its shape's centre (near the top above an enclave)."""
    x, y = centroid(SHAPES.rings[region])
    return (x, y + MAP_TOP - 20) if region in SURROUNDING else (x, y + MAP_TOP)


def _mines(x: float, y: float, count: int) -> str:
    """``count`` mine triangles from ``x`` (left edge) on, base at ``y``."""
    return "".join(
        f'<polygon points="{x + 12 * m:.1f},{y:.1f} {x + 12 * m + 10:.1f},{y:.1f}'
        f' {x + 12 * m + 5:.1f},{y - 9:.1f}" fill="#444" class="mine"/>'
        for m in range(count)
    )


def _region(region: int) -> str:
    data = BOARD.regions[region]
    reward = _reward_words(data.reward, short=True)
    title = f"{data.name}: {_reward_words(data.reward)}, {_plural(data.mines, 'mine')}"
    x, y = _name_place(region)
    enclave = region in ENCLAVES
    shape = (
        f'<polygon points="{_points(SHAPES.rings[region])}" class="region"'
        f' fill="{"#f3e2b3" if enclave else LAND}" stroke="#6b5b3e" stroke-width="1"'
        f' stroke-linejoin="round"{DASHED if enclave else ""}/>'
    )
    room = 58 if enclave else 66
    body = shape + _fit(x, y - 5, data.name, room, 12, font_weight="bold", text_anchor="middle")
    if region in SURROUNDING:  # no reward, no mines: its enclave carries them
        return _target(data.name, body, title)
    body += _fit(x, y + 9, reward, room, 12, text_anchor="middle")
    body += _mines(x + 2, y + 22, data.mines)
    return _target(data.name, body, title + (" (an enclave)" if enclave else ""))


def _base(company: int) -> str:
    """A company's base on the map: its name in its colour (posts left: the overlay)."""
    x, y = SHAPES.bases[company]
    name = COMPANIES[company]
    body = _rect(x - BASE_W / 2, y + MAP_TOP - 17, BASE_W, 34, COMPANY_COLOURS[company])
    body += _fit(
        x,
        y + MAP_TOP - 4,
        name.title(),
        BASE_W - 6,
        12,
        fill="#fff",
        font_weight="bold",
        text_anchor="middle",
    )
    return _target(name, body, f"{name}'s base: advance, expand or boost")


# ---- the overlay ---------------------------------------------------------------------


def render_overlay(view: MombasaView) -> str:
    """What one state puts on the board, from ``view`` alone."""
    parts = [
        _part("header", "header", _header(view)),
        _part("map", "posts", _posts(view), ' pointer-events="none"'),
        _part("display", "display", _card_display(view)),
        _part("books", "books", _book_display(view)),
        _part("spaces", "bonus-spaces", _bonus_spaces(view)),
        _part("companies", "companies", _companies(view)),
        _part("hand", "hand", _hand(view)),
    ]
    players = view.get("players", [])
    viewer = view.get("seat")
    mine = viewer if isinstance(viewer, int) else None
    folded = set(others(len(players), mine))
    for player in players:
        seat = int(player["seat"])
        layer = f"player seat-{seat}" + (" folded" if seat in folded else "")
        parts.append(_part(f"p{seat}", layer, _player_board(view, player)))
        if seat in folded:
            parts.append(_part(f"f{seat}", "fold", [_fold(view, player)]))
    if mine is not None:
        parts.append(seat_first(len(players), mine))
    return "\n".join(parts)


def _wrap(items: Sequence[str], width: float, size: int) -> list[str]:
    """``items`` joined by " · " into lines no wider than ``width`` (estimated)."""
    lines: list[str] = []
    for item in items:
        if lines and (len(lines[-1]) + 3 + len(item)) * 0.6 * size <= width:
            lines[-1] += " · " + item
        else:
            lines.append(item)
    return lines


def _header(view: MombasaView) -> list[str]:
    names = [str(p.get("name", "")) for p in view.get("players", [])]
    first = view.get("first_player")
    who = names[first] if isinstance(first, int) and first < len(names) else "-"
    phase = str(view.get("phase"))
    stack = ", ".join(f"{k} {v}" for k, v in (view.get("stack") or {}).items())
    supply = ", ".join(f"{k} {v}" for k, v in (view.get("book_supply") or {}).items())
    # the round, the phase and the first player; the card stack and the book piles
    lines = [
        f"Round {view.get('round')} of 7 · {PHASE_WORDS.get(phase, phase)} · first player {who}",
        f"card stack: {stack} · book piles: {supply}",
    ]
    out = [_fit(0, 14 + k * LINE, line, PART_W, 13 - k) for k, line in enumerate(lines)]
    out += _round_track(view, 14 + 2 * LINE - 12)
    out[0] = out[0].replace("<text ", '<text font-weight="bold" class="header" ', 1)
    now = pending_words(view)
    if now:  # the decision being taken, on the last line
        y = 14 + (HEADER_LINES - 1) * LINE
        out.append(_fit(0, y, f"Now {now}", PART_W, 13, fill="#b35c00", font_weight="bold"))
    return out


def _round_track(view: MombasaView, y: float) -> list[str]:
    """Rounds 1 to 7 in a row, the current one dark, with the pounds lying on each
    later round's space (the view's ``round_track``: rounds 2 to 7)."""
    coins = [0, *(int(c) for c in view.get("round_track") or [])]
    now = int(view.get("round") or 0)
    out = [_text(0, y + 14, "round track", 12, fill="#555", font_weight="bold")]
    width = (PART_W - ROUND_LABEL_W) / 7
    for r, pounds in enumerate(coins[:7]):
        x = ROUND_LABEL_W + r * width
        current = r + 1 == now
        words = f"{r + 1}" + (f" £{pounds}" if pounds else "")
        box = _rect(x, y, width - 3, 19, INK if current else "#fbf7ee")
        box += _text(x + 4, y + 14, words, 12, fill="#fff" if current else "#333")
        tip = f"round {r + 1}" + (f": £{pounds} on the space" if pounds else "")
        out.append(f'<g class="round"><title>{escape(tip)}</title>{box}</g>')
    return out


def _posts(view: MombasaView) -> list[str]:
    """A trading post (the company's colour and initial) in each region a company
    holds (an enclave held is outlined in the company's colour), and the posts
    left in each company's base."""
    out = []
    for r, region in enumerate(view.get("regions", [])):
        company = region.get("company")
        if company not in COMPANIES:
            continue
        colour = COMPANY_COLOURS[COMPANIES.index(company)]
        tip = f'<g class="post"><title>{escape(str(company))} trading post</title>'
        if r in ENCLAVES:
            ring = _points(SHAPES.rings[r])
            out.append(
                f'{tip}<polygon points="{ring}" fill="none" stroke="{colour}"'
                ' stroke-width="4" stroke-linejoin="round"/></g>'
            )
            continue
        x, y = _name_place(r)
        if r in SURROUNDING:  # right of its name
            name = BOARD.regions[r].name
            px, py = x + text_width(name, 12, bold=True) / 2 + 3, y - 17
        else:  # under the reward, left of the mines
            px, py = x - 18, y + 12
        out.append(
            tip
            + _rect(px, py, 16, 16, colour, stroke="#111")
            + _text(
                px + 8, py + 12.5, str(company)[0].upper(), 12, fill="#fff", text_anchor="middle"
            )
            + "</g>"
        )
    for c, company_view in enumerate(view.get("companies", [])):
        x, y = SHAPES.bases[c]
        left = sum(int(posts) for posts in company_view.get("base_columns", []))
        out.append(
            _text(x, y + MAP_TOP + 12, f"{left} left", 12, fill="#fff", text_anchor="middle")
        )
    return out


def _card_display(view: MombasaView) -> list[str]:
    """Spaces 1-12: the right column top-down, then the middle, then the left, under
    the board's crate values; a click buys (``buy card n``). The price drawn is the
    card's crate value plus the board's."""
    out = []
    for n, space in enumerate(view.get("display", [])):
        column, row = divmod(n, 4)
        x = (2 - column) * (CARD_W + 4)
        y = TITLE_H + CRATE_ROW + row * CARD_PITCH
        if space is None:
            body = _rect(x, y, CARD_W, CARD_H, "transparent", stroke_dasharray="4 3")
            body += _text(x + 5, y + 28, f"#{n + 1} empty", 12, fill="#777")
            out.append(_target(f"card {n + 1}", body, f"card {n + 1}: empty"))
            continue
        face, price = str(space["card"]), int(space["price"])
        kind, icon = _card_lines(face)
        body = (
            _rect(x, y, CARD_W, CARD_H, _card_fill(face))
            + _fit(x + 4, y + 14, kind, CARD_W - 8, 12, font_weight="bold")
            + (_fit(x + 4, y + 28, icon, CARD_W - 8, 12) if icon else "")
            + _text(x + 4, y + CARD_H - 5, f"#{n + 1}", 12, fill="#555")
            + _text(
                x + CARD_W - 4,
                y + CARD_H - 5,
                f"£{price}",
                13,
                text_anchor="end",
                font_weight="bold",
            )
        )
        out.append(_target(f"card {n + 1}", body, f"card {n + 1}: {face}, price £{price}"))
    return out


def _book_place(n: int) -> tuple[float, float]:
    """The display's 6 columns x 2 rows drawn as two blocks of 3 columns x 2 rows."""
    column, row = divmod(n, 2)
    block, column = divmod(column, 3)
    return column * (BOOK_W + 4), TITLE_H + (2 * block + row) * BOOK_PITCH


def _book_display(view: MombasaView) -> list[str]:
    out = []
    for n, space in enumerate(view.get("book_display", [])):
        x, y = _book_place(n)
        book = space.get("book") if space else None
        coins = int(space.get("coins", 0)) if space else 0
        if not book:
            body = _rect(x, y, BOOK_W, BOOK_H, "transparent", stroke_dasharray="4 3")
            body += _text(x + 5, y + 30, f"#{n + 1} empty", 12, fill="#777")
            out.append(_target(f"book {n + 1}", body, f"book {n + 1}: empty"))
            continue
        needs = _needs_words(book.get("requires", []))
        reward = _reward_words(book.get("reward"), short=True)
        body = _rect(x, y, BOOK_W, BOOK_H, "#efe6cf")
        body += _text(x + 4, y + 12.5, f"{book['letter']} #{n + 1}", 12, font_weight="bold")
        if coins:
            body += _text(
                x + BOOK_W - 4, y + 12.5, f"+£{coins}", 12, text_anchor="end", fill="#1e6b1e"
            )
        for k, line in enumerate(_need_lines(needs, 2) or ["no needs"]):
            body += _fit(x + 4, y + 25.5 + 12.5 * k, line, BOOK_W - 8, 12)
        body += _fit(x + 4, y + 50.5, "→ " + reward, BOOK_W - 8, 12, fill="#1e6b1e")
        title = (
            f"book {n + 1} ({book['letter']}): needs {' and '.join(needs)},"
            f" gives {_reward_words(book.get('reward'))}"
        )
        title += f", {_plural(coins, 'coin')} on it" if coins else ""
        out.append(_target(f"book {n + 1}", body, title))
    return out


def _marker(x: float, y: float, seat: int, name: str) -> str:
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6.5" fill="{_seat_colour(seat)}" stroke="#111">'
        f"<title>{escape(name)}'s bonus marker</title></circle>"
    )


def _names(view: MombasaView) -> list[str]:
    return [str(p.get("name", "")) for p in view.get("players", [])]


def _spaces_title() -> str:
    """The bonus spaces' name, in the grid's first cell (the board layer's)."""
    x, y = _space_place(-1)
    return _fit(x + 4, y + 16, "Bonus spaces", SPACE_W - 8, 14, font_weight="bold")


def _space_place(n: int) -> tuple[float, float]:
    """The board's bonus spaces in rows of ``SPACE_COLUMNS``, after the part's name
    (space -1, the first cell)."""
    row, column = divmod(n + 1, SPACE_COLUMNS)
    return column * (SPACE_W + 4), row * SPACE_PITCH


def _bonus_spaces(view: MombasaView) -> list[str]:
    """The board's bonus spaces with the marker on each; a click places a marker there.
    A bonus tile's holder is written on its space."""
    spaces = view.get("bonus_spaces") or {}
    tiles = {str(t["tile"]) + " tile": t for t in view.get("bonus_tiles", [])}
    names = _names(view)
    out = []
    for n, name in enumerate(BOARD_BONUS_SPACES):
        x, y = _space_place(n)
        seat = spaces.get(name)
        tile = tiles.get(name)
        holder = tile.get("held_by") if tile else None
        words, shown, fill = name, name, "#e5d8bd"
        if isinstance(holder, int) and holder < len(names):
            used = bool(tile and tile.get("used"))
            words += f": {names[holder]}" + (" (used)" if used else "")
            # On the space, the tile's kind and holder ("bookkeeper: Purple"); a used
            # tile's space is greyed and says so.
            shown = f"{name.removesuffix(' tile')}: {names[holder]}" + (", used" if used else "")
            fill = "#cfc8b8" if used else fill
        marked = isinstance(seat, int) and seat < len(names)
        body = _rect(x, y, SPACE_W, SPACE_H, fill)
        body += _fit(x + 4, y + 16, shown, SPACE_W - (22 if marked else 8), 12)
        if isinstance(seat, int) and marked:
            body += _marker(x + SPACE_W - 9, y + SPACE_H / 2, seat, names[seat])
        out.append(_target(name, body, words + " (tap for a bonus marker)"))
    return out


def _companies(view: MombasaView) -> list[str]:
    """Per company, a band (its name, share value and regions; its three base columns
    with the posts left; its track's two bonus spaces), its company track under it
    with every player's track marker."""
    tracks = view.get("tracks", [])
    spaces = view.get("bonus_spaces") or {}
    players = view.get("players", [])
    out = []
    for c, company in enumerate(view.get("companies", [])):
        name = str(company["name"])
        y = c * COMPANY_PITCH
        track = tracks[c]  # built by build_view: a track per company
        regions = _plural(int(company["regions"]), "region")
        head = _rect(0, y, 172, BAND_H, COMPANY_COLOURS[c]) + _fit(
            4,
            y + 12.5,
            f"{name.title()}: value {company['share_value']}, {regions}",
            164,
            12,
            fill="#fff",
            font_weight="bold",
        )
        tip = f"{name}: share value {company['share_value']}, {regions}, track {track.get('face')}"
        out.append(_target(name, head, f"{tip}; tap to advance, expand or boost"))
        returning = _returning(view) == c
        for k, posts in enumerate(company.get("base_columns", [])):
            out.append(_base_column(c, k, int(posts), y, returning))
        out.extend(_track_bonuses(c, track, spaces, _names(view), y))
        out.extend(_track(c, track, players, y + BAND_H + 1))
    return out


def _returning(view: MombasaView) -> int:
    """The company whose ousted post the viewer sends home now ("return post to
    column k" names no company), or -1."""
    pending = view.get("pending")
    values = (pending.get("values") if pending else None) or []
    if pending and pending.get("decision") == "return an ousted trading post" and values:
        return int(values[0])
    return -1


def _base_column(company: int, column: int, posts: int, y: float, returning: bool) -> str:
    """A base column: five post places, filled with the posts left in it."""
    x = 176 + column * 22
    cells = _rect(x, y, 20, BAND_H, "#fbf7ee", stroke="#555", stroke_width="0.6", class_="column")
    cells += "".join(
        f'<rect x="{x + 1.5 + slot * 3.5:.1f}" y="{y + 2.5:.1f}" width="2.6" height="11"'
        f' fill="{COMPANY_COLOURS[company] if slot < posts else "#ddd"}"/>'
        for slot in range(5)
    )
    title = f"{COMPANIES[company]} column {column + 1}: {_plural(posts, 'post')} left"
    if returning:  # the ousted post's base: each column offers the post's return there
        return _action(f"return post to column {column + 1}", cells)
    return _target(f"{COMPANIES[company]} column {column + 1}", cells, title)


def _track_bonuses(
    company: int, track: TrackView, spaces: dict[str, int | None], names: list[str], y: float
) -> list[str]:
    out = []
    for k in range(2):
        space = f"{COMPANIES[company]} bonus {k + 1}"
        holder = spaces.get(space)
        x = 246 + k * 69
        box = _rect(x, y, 65, BAND_H, "#e5d8bd") + _text(x + 4, y + 12.5, f"bonus {k + 1}", 12)
        if isinstance(holder, int) and holder < len(names):
            box += _marker(x + 56, y + BAND_H / 2, holder, names[holder])
        out.append(_target(space, box, f"{space}: {track.get('bonus', '')} bonus"))
    return out


def _track(company: int, track: TrackView, players: list[PlayerView], y: float) -> list[str]:
    """The 17 spaces: shares (top), a capital call (red, "-2") or a special space's
    pounds (green, "£3") below, and each player's track marker under its space:
    seats 1 and 2 side by side, seats 3 and 4 in a second row."""
    name = COMPANIES[company]
    shares = tuple(int(s) for s in track.get("shares", []))
    calls = tuple(sorted((int(k), int(v)) for k, v in (track.get("calls") or {}).items()))
    specials = tuple((int(s), int(p)) for s, p in track.get("specials", []))
    tip = (
        f"{name} company track {track.get('face')}: shares per space, capital calls in red,"
        f" special spaces in yellow; bonus: {track.get('bonus')}"
    )
    out = [_target(name, _track_spaces(shares, calls, specials, y), tip)]
    for p in players:
        seat = int(p["seat"])
        at = int(p["tracks"][company])
        row, side = divmod(seat, 2)
        cx = TRACK_X + at * TRACK_STEP + TRACK_STEP / 4 + side * TRACK_STEP / 2
        cy = y + TRACK_H + 1 + MARKER_R + row * MARKER_ROW
        out.append(
            f'<circle class="track-marker" cx="{cx:.1f}" cy="{cy:.1f}" r="{MARKER_R}"'
            f' fill="{_seat_colour(seat)}" stroke="#111" stroke-width="0.8">'
            f"<title>{escape(str(p['name']))}'s track marker: {name} space {at}</title></circle>"
        )
    return out


def _track_spaces(
    shares: tuple[int, ...],
    call_list: tuple[tuple[int, int], ...],
    special_list: tuple[tuple[int, int], ...],
    y: float,
) -> str:
    """A company track's spaces (the same in every state of a game: drawn once)."""
    step = TRACK_STEP
    calls, specials = dict(call_list), dict(special_list)
    body = []
    for space, share in enumerate(shares):
        x = TRACK_X + space * step
        fill = "#f7e9b0" if space in specials else "#fff"
        body.append(_rect(x + 0.5, y, step - 1.5, TRACK_H, fill))
        body.append(_text(x + step / 2, y + 12, share, 12, text_anchor="middle"))
        if space in calls:
            body.append(_fit(x + 2, y + 25, f"-{calls[space]}", step - 4, 12, fill="#a00"))
        elif space in specials:
            body.append(_fit(x + 2, y + 25, f"£{specials[space]}", step - 4, 12, fill="#070"))
    return "".join(body)


# ---- a player's board ------------------------------------------------------------------


def _player_board(view: MombasaView, player: PlayerView) -> list[str]:
    """A player's board: its frame in the seat's colour; the name, pounds and bonus
    markers; the action area's five slots; the three
    resting decks; the diamond track; the goods buttons and the ink jar's (another's:
    its hand's size and where its ink jar is); the bookkeeping track."""
    seat = int(player["seat"])
    mine = view.get("seat") == seat
    status = _status(view, player)
    out = [
        _rect(0, 0, PART_W, PLAYER_H, "#fbf7ee", class_="player-board"),
        f'<rect x="0" y="0" width="{PART_W}" height="5" fill="{_seat_colour(seat)}"/>',
    ]
    heading = (
        f"{player.get('name')}{' (you)' if mine else ''} · £{player.get('cash')} · bonus"
        f" markers {player.get('bonus_markers')} of {player.get('bonus_markers_owned')}"
    )
    room = PART_W - 16 - (text_width(status, 12) + 8 if status else 0)
    out.append(_fit(8, 20, heading, room, 14, font_weight="bold"))
    if status:
        out.append(_text(PART_W - 8, 20, status, 12, text_anchor="end", fill="#b35c00"))
    out.extend(_slots(view, player, mine))
    out.extend(_decks(view, player, mine))
    out.extend(_diamond_track(view, player))
    out.extend(_goods_row(view, player, mine))
    out.extend(_bookkeeping(view, player, mine))
    return out


def _status(view: MombasaView, player: PlayerView) -> str:
    """Planned, phase ended, acting: what the player is doing now."""
    status = []
    if player.get("ready") and view.get("phase") == "planning":
        status.append("planned")
    if player.get("ended"):
        status.append("phase ended")
    if isinstance(view.get("actor"), int) and view["actor"] == int(player["seat"]):
        status.append("acting")
    return ", ".join(status)


def _fold(view: MombasaView, player: PlayerView) -> str:
    """Another player's fold: one line (the name, then pounds, cards in hand, diamond
    space, ink jar and bonus markers as far as they fit, and what the player is
    doing) that opens or closes the player's board (``data-fold``: the page toggles
    the drawing's ``open-<seat>``). Its target glows when the last moves concern
    that board."""
    seat = int(player["seat"])
    name = str(player.get("name", f"seat {seat + 1}"))
    facts = [
        f"£{player.get('cash')}",
        f"{_plural(int(player.get('hand_size', 0)), 'card')} in hand",
        f"diamond space {int(player.get('diamond', 0))}",
        f"ink jar {int(player.get('ink_jar', 0))}",
        f"bonus markers {player.get('bonus_markers')}",
    ]
    status = _status(view, player)
    y = FOLD_H / 2 + 4.5
    body = _rect(0, 0, PART_W, FOLD_H, "#fbf7ee")
    body += f'<rect x="0" y="0" width="6" height="{FOLD_H}" rx="2" fill="{_seat_colour(seat)}"/>'
    body += _text(12, y, "▸", 13, class_="opens") + _text(12, y, "▾", 13, class_="shut")
    name_w = min(text_width(name, 12, bold=True), 120.0)
    body += _fit(26, y, name, name_w, 12, font_weight="bold")
    x = 26 + name_w + 8
    room = PART_W - 6 - x - (text_width(status, 12) + 10 if status else 0)
    shown = facts[:2]
    for fact in facts[2:]:
        if text_width(" · ".join([*shown, fact]), 12) > room:
            break
        shown.append(fact)
    body += _fit(x, y, " · ".join(shown), room, 12)
    if status:
        body += _text(PART_W - 6, y, status, 12, text_anchor="end", fill="#b35c00")
    tip = f"{name}'s player board ({', '.join(facts)}): tap to show or hide it"
    return (
        f'<g class="fold" data-fold="{seat}"'
        f' data-target="{escape(_qualified(view, seat, "board"))}"'
        f' aria-label="{escape(name)}\'s player board"><title>{escape(tip)}</title>{body}</g>'
    )


def _label(x: float, y: float, words: str) -> str:
    return _text(x, y, words, 12, fill="#555", font_weight="bold")


def _slots(view: MombasaView, player: PlayerView, mine: bool) -> list[str]:
    """The five action slots of the action area; a face-down plan shows only its
    back. On one's own board a click plans a card into the slot or uses the card in
    it."""
    seat = int(player["seat"])
    out = []
    opened = player.get("slots_open") or [True] * 5
    plus = player.get("plus_one_on")
    for k, slot in enumerate(player.get("slots") or []):
        x, y = 8 + k * SLOT_W, P_SLOTS_Y
        if not opened[k]:
            body = _rect(x, y, SLOT_W - 3, SLOT_H, "#ccc", stroke_dasharray="3 3")
            body += _text(x + 5, y + 14, f"slot {k + 1}", 12, fill="#555")
            body += _text(x + 5, y + 29, "locked", 12, fill="#555")
        elif slot is None:
            body = _rect(x, y, SLOT_W - 3, SLOT_H, "transparent")
            body += _text(x + 5, y + 14, f"slot {k + 1}", 12, fill="#555")
            body += _text(x + 5, y + 29, "empty", 12, fill="#777")
        else:
            face = slot.get("card")
            used = bool(slot.get("used"))
            fill = "#9e9e9e" if used else _card_fill(face)
            ink = "#fff" if not face or used else "#111"
            kind, icon = _card_lines(str(face)) if face else ("face", "down")
            body = _rect(x, y, SLOT_W - 3, SLOT_H, fill)
            body += _text(x + 5, y + 14, f"slot {k + 1}" + (" used" if used else ""), 12, fill=ink)
            body += _fit(x + 4, y + 28, kind, SLOT_W - 10, 12, fill=ink, font_weight="bold")
            if icon:
                body += _fit(x + 4, y + 42, icon, SLOT_W - 10, 12, fill=ink)
        if plus == k + 1:
            body += _text(x + SLOT_W - 7, y + 14, "+1", 12, text_anchor="end", font_weight="bold")
        phrase = _qualified(view, seat, f"slot {k + 1}")
        out.append(_target(phrase, f'<g class="slot">{body}</g>', f"action slot {k + 1}"))
    return out


def _goods_row(view: MombasaView, player: PlayerView, mine: bool) -> list[str]:
    """On one's own board: "use coffee", "use bananas", "use cotton" (the goods
    action's first choice) and "move ink jar" (the bookkeeping track under it); on
    another's, where its ink jar is."""
    y = P_GOODS_Y
    ink = int(player.get("ink_jar", 0))
    where = "on the start space" if ink == 0 else f"on space {ink}"
    if not mine:  # the hand's size (the last moves to its hand glow here), the ink jar
        words = f"hand: {_plural(int(player.get('hand_size', 0)), 'card')} (hidden)"
        label = _label(8, y + 15, words)
        return [
            _target(_qualified(view, int(player["seat"]), "hand"), label, words),
            _text(PART_W - 8, y + 15, f"ink jar {where}", 12, text_anchor="end", fill="#555"),
        ]
    out = []
    for g, good in enumerate(GOODS):
        x = 8 + g * 90
        body = _rect(x, y, 86, 22, KIND_COLOURS[good])
        body += _text(x + 43, y + 16, f"use {good}", 12, text_anchor="middle")
        out.append(_target(f"use {good}", body, f"use {good}"))
    button = _rect(8 + 3 * 90, y, PART_W - 16 - 3 * 90, 22, "#dfe8f7")
    button += _text(
        8 + 3 * 90 + (PART_W - 16 - 3 * 90) / 2, y + 16, "move ink jar", 12, text_anchor="middle"
    )
    out.append(_action("move ink jar", button))
    return out


def _decks(view: MombasaView, player: PlayerView, mine: bool) -> list[str]:
    """The three resting decks (open: every card is named); ending one's phase picks
    one up (a click on it on one's own board)."""
    seat = int(player["seat"])
    out = []
    top = P_DECKS_Y
    for d, deck in enumerate(player.get("resting_decks") or []):
        x = 8 + d * (DECK_W + 6)
        cards = [str(c) for c in deck]
        body = _rect(x, top, DECK_W, DECK_H, "#efe6cf")
        body += _fit(x + 5, top + 14, f"resting deck {d + 1}", DECK_W - 30, 12, font_weight="bold")
        body += _text(x + DECK_W - 5, top + 14, len(cards), 12, text_anchor="end", fill="#555")
        shown = cards if len(cards) <= DECK_LINES else cards[: DECK_LINES - 1]
        for line, face in enumerate(shown):
            body += _fit(x + 5, top + 28 + line * 13, face, DECK_W - 10, 12)
        if len(shown) < len(cards):
            body += _text(
                x + 5,
                top + 28 + (DECK_LINES - 1) * 13,
                f"+{len(cards) - len(shown)} more",
                12,
                fill="#555",
            )
        phrase = _qualified(view, seat, f"deck {d + 1}")
        tip = f"resting deck {d + 1}: " + (", ".join(cards) or "empty")
        out.append(_target(phrase, body, tip))
    return out


def _diamond_track(view: MombasaView, player: PlayerView) -> list[str]:
    """The diamond track: the points of each space, the player's space marked."""
    seat = int(player["seat"])
    at = int(player.get("diamond", 0))
    y = P_DIAMONDS_Y
    out = [_label(8, y + 15, "diamonds")]
    step = (PART_W - 8 - DIAMOND_LABEL_W) / (BOARD.diamond_length + 1)
    cells = []
    for space in range(BOARD.diamond_length + 1):
        x = DIAMOND_LABEL_W + space * step
        here = space == at
        cells.append(
            _rect(
                x,
                y,
                step - 2,
                22,
                "#b3e0f2" if here else "#fff",
                stroke_width="2.5" if here else "1",
            )
        )
        cells.append(
            _text(
                x + step / 2 - 1,
                y + 15.5,
                BOARD.diamond_values[space],
                12,
                text_anchor="middle",
                font_weight="bold" if here else "normal",
            )
        )
    tip = f"diamond track: space {at} (the points each space is worth)"
    out.append(_target(_qualified(view, seat, "diamonds"), "".join(cells), tip))
    return out


def _bookkeeping(view: MombasaView, player: PlayerView, mine: bool) -> list[str]:
    """Bookkeeping spaces 1-10 (the view's list starts at space 1) with their books
    (grey: flipped), each space's points, and the ink jar (space 0: on the tile;
    its space outlined)."""
    seat = int(player["seat"])
    ink = int(player.get("ink_jar", 0))
    out = []
    width = (PART_W - 16) / 5
    for index, book in enumerate(player.get("bookkeeping") or []):
        space = index + 1
        row, column = divmod(index, 5)
        x, y = 8 + column * width, P_BOOKS_Y + row * BOOKKEEPING_PITCH
        value = BOARD.book_values[space] if space < len(BOARD.book_values) else 0
        lines: list[str] = []
        fill = "#fff"
        if book:
            fill = "#aaa" if book.get("flipped") else "#efe6cf"
            lines = _need_lines(_needs_words(book.get("requires", [])), 2) or ["start"]
            if book.get("flipped"):
                lines = ["flipped"]
        here = space == ink
        body = _rect(
            x,
            y,
            width - 3,
            BOOKKEEPING_PITCH - 2,
            fill,
            stroke=INK if here else "#6b5b3e",
            stroke_width="2.5" if here else "1",
        )
        body += _text(x + 4, y + 13, f"{space}: {value} pt", 12, fill="#555")
        if book:
            body += _text(
                x + width - 7, y + 13, book["letter"], 12, text_anchor="end", font_weight="bold"
            )
        for k, line in enumerate(lines):
            body += _fit(x + 4, y + 25.5 + k * 12.5, line, width - 11, 12)
        title = (
            f"bookkeeping track space {space}, {value} points"
            + (f": book {book['letter']}, {', '.join(lines)}" if book else "")
            + ("; the ink jar is here" if here else "")
        )
        phrase = _qualified(view, seat, f"space {space}")
        out.append(_target(phrase, body, title))
    return out


def _hand(view: MombasaView) -> list[str]:
    """The viewer's hand, a narrow column of its own: faces (with how many of each),
    a card's kind and value over its company icon; a card offers resting, planning
    or discarding it. A spectator's view holds no hand, and no view holds another
    seat's (they show a count). During the draft, the starting tiles dealt come
    first: tap one to keep it."""
    seat = view.get("seat")
    players = view.get("players") or []
    own = players[seat] if isinstance(seat, int) and seat < len(players) else None
    hand = own.get("hand") if own is not None else None
    if own is None or hand is None:
        return [_title("Hands", HAND_W)] + [
            _text(0, 34 + 15 * k, words, 12, fill="#555")
            for k, words in enumerate(("are hidden", "from", "spectators"))
        ]
    faces: dict[str, int] = {}
    for face in hand:
        faces[str(face)] = faces.get(str(face), 0) + 1
    out = [_title("Your hand", HAND_W), _text(0, 33, _plural(len(hand), "card"), 12, fill="#555")]
    y = 40.0
    for tile in own.get("dealt_tiles") or []:  # the draft: tap the tile to keep
        words = tile_words(int(tile))
        cards, _, bonus = words.partition(": ")[2].partition("; ")
        lines = [f"tile {tile}", *cards.split(", "), bonus]
        body = _rect(0, y, HAND_W, 13 * len(lines) + 6, "#f3e2b3")
        for k, line in enumerate(lines):
            bold = {"font_weight": "bold"} if k == 0 else {}
            body += _fit(4, y + 13 + 13 * k, line, HAND_W - 8, 12, **bold)
        out.append(_target(f"tile {tile}", body, f"keep starting {words}"))
        y += 13 * len(lines) + 10
    room = HAND_H - y
    pitch = min(34.0, room / max(1, len(faces)))
    for face, count in faces.items():
        kind, icon = _card_lines(face)
        words = kind + (f" ×{count}" if count > 1 else "")
        body = _rect(0, y, HAND_W, pitch - 3, _card_fill(face))
        body += _fit(4, y + 13, words, HAND_W - 8, 12, font_weight="bold")
        if icon and pitch >= 30:
            body += _fit(4, y + 26, icon, HAND_W - 8, 12)
        out.append(_target(face, body, face + (f" ×{count}" if count > 1 else "")))
        y += pitch
    return out


# ---- the last moves ----------------------------------------------------------------------

SLOT_EVENT = re.compile(r"(?:in|on) slot (\d)$")
DECK_EVENT = re.compile(r"(?:resting deck|in slot) (\d)$")
MARKER_EVENT = re.compile(r"places a bonus marker on (.+)$")
EXPAND_EVENT = re.compile(r"expands (.+) into \d+ regions?$")
GOODS_EVENT = re.compile(r"uses \d+ units? of (\w+)$")
BUY_EVENT = re.compile(r"takes (.+) from the card display(?:, (card \d+))?$")
TRACK_EVENT = re.compile(rf"the ({'|'.join(map(re.escape, COMPANIES))}) track\b")
POST_EVENT = re.compile(r"a (.+) trading post in (.+) from column (\d)$")
COLUMN_EVENT = re.compile(r"an? (?:ousted )?(.+) trading post (?:from|returns to) column (\d)$")
LEFT_EVENT = re.compile(r"an ousted (.+) trading post leaves the game$")
BOOK_DISPLAY_EVENT = re.compile(r"book display space (\d+)")
BOOKKEEPING_EVENT = re.compile(r"bookkeeping space (\d+)")
TILE_EVENT = re.compile(r"uses the (.+ tile)$")
TIER_EVENT = re.compile(r"of the (.+ majority)$")


def event_targets(view: MombasaView, event: EngineEvent) -> list[str]:
    """The board elements one logged event concerns (their ``data-target``): a slot
    planned into, used or given the +1 tile, the slots revealed, a resting deck
    rested into or picked up, a bonus space taken (or its majority's reward), an
    expanding company, a region and base column a trading post left for, a base
    column a post was removed from or returned to, a company track stepped on, a
    display book taken, a bookkeeping space, the diamond track, the slots of the
    goods used, a display card bought and the hand it went into, the hand a card
    left; and another player's fold when its board has any of these."""
    kind, text, seat = event_kind(event), event_text(event), event_seat(event)
    players = view.get("players") or []
    if not isinstance(seat, int) or seat >= len(players):
        return []
    place = _EVENT_PLACES.get(kind)
    targets = place(view, seat, text) if place is not None else []
    viewer = view.get("seat")
    on_board = _qualified(view, seat, "")  # "green ": the targets on that seat's board
    if seat != own_seat(viewer if isinstance(viewer, int) else None) and any(
        t.startswith(on_board) for t in targets
    ):
        targets.append(on_board + "board")  # its fold (the board may be folded)
    return targets


def _marker_place(view: MombasaView, seat: int, text: str) -> list[str]:
    mark = MARKER_EVENT.search(text)
    return [mark.group(1)] if mark else []


def _expand_place(view: MombasaView, seat: int, text: str) -> list[str]:
    expand = EXPAND_EVENT.search(text)
    return [expand.group(1).lower()] if expand else []


def _slot_place(view: MombasaView, seat: int, text: str) -> list[str]:
    if slot := SLOT_EVENT.search(text):
        return [_qualified(view, seat, f"slot {slot.group(1)}")]
    tile = TILE_EVENT.search(text)  # a bonus tile used: its space on the board
    return [tile.group(1)] if tile else []


def _deck_place(view: MombasaView, seat: int, text: str) -> list[str]:
    deck = DECK_EVENT.search(text)
    return [_qualified(view, seat, f"deck {deck.group(1)}")] if deck else []


def _reveal_place(view: MombasaView, seat: int, text: str) -> list[str]:
    player = (view.get("players") or [])[seat]
    filled = [k for k, s in enumerate(player.get("slots") or []) if s]
    return [_qualified(view, seat, f"slot {k + 1}") for k in filled]


def _goods_place(view: MombasaView, seat: int, text: str) -> list[str]:
    goods = GOODS_EVENT.search(text)
    if not goods:
        return []
    return _used_slots_of(view, seat, (view.get("players") or [])[seat], goods.group(1))


def _buy_place(view: MombasaView, seat: int, text: str) -> list[str]:
    """The display space the card left (if named) and the hand it went into."""
    bought = BUY_EVENT.search(text)
    if not bought:
        return []
    face, space = bought.groups()
    return ([space] if space else []) + _hand_targets(view, seat, face)


def _discard_place(view: MombasaView, seat: int, text: str) -> list[str]:
    return _hand_targets(view, seat, None)


def _track_place(view: MombasaView, seat: int, text: str) -> list[str]:
    track = TRACK_EVENT.search(text.lower())
    return [track.group(1)] if track else []


def _post_place(view: MombasaView, seat: int, text: str) -> list[str]:
    """A post entering a region: the region and the base column it left."""
    post = POST_EVENT.search(text)
    if not post:
        return []
    company, region, column = post.groups()
    return [region.lower(), f"{company.lower()} column {column}"]


def _column_place(view: MombasaView, seat: int, text: str) -> list[str]:
    """A post removed from or returned to a base column; one leaving the game: its company."""
    if column := COLUMN_EVENT.search(text.lower()):
        return [f"{column.group(1)} column {column.group(2)}"]
    left = LEFT_EVENT.search(text.lower())
    return [left.group(1)] if left else []


def _books_event_place(view: MombasaView, seat: int, text: str) -> list[str]:
    """A book taken from the display, or a space of the seat's bookkeeping track."""
    if book := BOOK_DISPLAY_EVENT.search(text):
        return [f"book {book.group(1)}"]
    space = BOOKKEEPING_EVENT.search(text)
    if space and 1 <= int(space.group(1)) <= BOARD.book_length:  # the start space is not drawn
        return [_qualified(view, seat, f"space {space.group(1)}")]
    return []


def _diamond_place(view: MombasaView, seat: int, text: str) -> list[str]:
    return [_qualified(view, seat, "diamonds")]


def _tier_place(view: MombasaView, seat: int, text: str) -> list[str]:
    tier = TIER_EVENT.search(text)
    return [tier.group(1)] if tier else []


_EVENT_PLACES = {
    "marker": _marker_place,
    "expand": _expand_place,
    "plan": _slot_place,
    "tile": _slot_place,
    "use": _slot_place,
    "rest": _deck_place,
    "end": _deck_place,
    "reveal": _reveal_place,
    "goods": _goods_place,
    "buy": _buy_place,
    "discard": _discard_place,
    "track": _track_place,
    "post": _post_place,
    "remove": _column_place,
    "return": _column_place,
    "bp": _books_event_place,
    "walk": _books_event_place,
    "shelve": _books_event_place,
    "diamond": _diamond_place,
    "tier": _tier_place,
}


def _used_slots_of(view: MombasaView, seat: int, player: PlayerView, good: str) -> list[str]:
    return [
        _qualified(view, seat, f"slot {k + 1}")
        for k, s in enumerate(player.get("slots") or [])
        if s and s.get("used") and str(s.get("card") or "").startswith(good)
    ]


def _hand_targets(view: MombasaView, seat: int, face: str | None) -> list[str]:
    """The hand a card went into (``face``: bought from the display) or left (None:
    discarded): on one's own board the card bought, on another's its hand count."""
    if view.get("seat") != seat:
        return [_qualified(view, seat, "hand")]
    hand = (view.get("players") or [])[seat].get("hand") or []
    return [face] if face is not None and face in hand else []


class MombasaPresentation(Presentation):
    """Mombasa drawn in two layers (see the module's docstring). Views differ per
    seat (hands, plans), so each seat's drawing is its own."""

    def board_layer(self, view: EngineView) -> str:
        return render_board(len(typed(view).get("players", [])))  # JSON edge

    def overlay(self, view: EngineView) -> str:
        return render_overlay(typed(view))  # JSON edge

    first_section = told.FIRST_SECTION

    def section(self, event: EngineEvent) -> str | None:
        return told.section(event)

    def phase(self, event: EngineEvent) -> str | None:
        return told.phase(event)

    def seat_colour(self, seat: int, name: str) -> str:
        """The colour the board draws the seat's pieces in."""
        return _seat_colour(seat)

    def event_targets(self, view: EngineView, event: EngineEvent) -> list[str]:
        return event_targets(typed(view), event)  # JSON edge

    def explain(self, view: EngineView) -> Explanation | None:
        return guide.explain(typed(view))  # JSON edge

    def legend(self, view: EngineView) -> list[LegendEntry]:
        return guide.legend(COMPANY_COLOURS, SEAT_COLOURS, KIND_COLOURS) + map_legend()

    def action_labels(self, view: EngineView, legal: Sequence[str]) -> dict[str, str]:
        return controls.labels(typed(view), legal)  # JSON edge

    def confirm(self, view: EngineView, action: str, legal: Sequence[str]) -> str | None:
        return controls.confirm(typed(view), action, legal)  # JSON edge

    def controls(self, view: EngineView, legal: Sequence[str]) -> list[Control]:
        return controls.controls(typed(view), legal)  # JSON edge

    def plays_itself(self, view: EngineView, action: str) -> bool:
        return controls.plays_itself(typed(view), action)  # JSON edge

    def seat_status(self, view: EngineView, seat: int, waiting: Sequence[int]) -> str:
        return seat_status(typed(view), seat, waiting)  # JSON edge

    def panel(self, view: EngineView, seat: int) -> dict[str, PanelValue]:
        return panel(typed(view), seat)  # JSON edge


def map_legend() -> list[LegendEntry]:
    """The map's own symbols: the two kinds of border, an enclave, a base."""

    def symbol(body: str) -> str:
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 34 30" width="34"'
            f' height="30" aria-hidden="true">{body}</svg>'
        )

    return [
        {
            "symbol": symbol(
                f'<polygon class="region" points="1,3 33,3 33,27 1,27" fill="{LAND}"/>'
                '<line x1="10" y1="3" x2="10" y2="27" stroke="#6b5b3e" stroke-width="1"/>'
                '<g class="double-border"><line x1="24" y1="3" x2="24" y2="27"'
                ' stroke="#6b5b3e" stroke-width="3.2"/></g>'
            ),
            "meaning": "border between regions: a thin one costs 1 expansion point to"
            " cross, a thick one 2",
        },
        {
            "symbol": symbol(
                f'<rect x="1" y="3" width="32" height="24" fill="{LAND}" stroke="#6b5b3e"/>'
                f'<rect x="7" y="10" width="20" height="13" rx="4" fill="#f3e2b3"'
                f' stroke="#6b5b3e"{DASHED}/>'
            ),
            "meaning": "enclave (dashed): a region inside another, entered only from it",
        },
        {
            "symbol": symbol(
                f'<rect x="2" y="6" width="30" height="18" rx="3" fill="{COMPANY_COLOURS[3]}"/>'
            ),
            "meaning": "a company's base on the coast, with its trading posts left; its"
            " company enters the regions beside it",
        },
        {
            "symbol": symbol(
                '<rect class="column" x="7" y="4" width="20" height="22" fill="#fbf7ee"'
                ' stroke="#555"/>'
                + "".join(
                    f'<rect x="{9 + 3.5 * k}" y="8" width="2.6" height="14"'
                    f' fill="{COMPANY_COLOURS[1] if k < 3 else "#ddd"}"/>'
                    for k in range(5)
                )
            ),
            "meaning": "a base column of a company (beside its name on the share tracks):"
            " the trading posts left in it",
        },
        {
            "symbol": symbol(
                f'<g class="crate"><rect x="2" y="8" width="30" height="14" fill="#f6dcd8"'
                f' stroke="{CRATE}"/><text x="17" y="19" font-size="11" fill="{CRATE}"'
                ' text-anchor="middle">+1</text></g>'
            ),
            "meaning": "the board's red crate value above a column of the card display: a"
            " card there costs its own crate value plus this one",
        },
        {
            "symbol": symbol(
                f'<g class="round"><rect x="2" y="6" width="14" height="18" fill="{INK}"/>'
                '<rect x="18" y="6" width="14" height="18" fill="#fbf7ee" stroke="#6b5b3e"/></g>'
            ),
            "meaning": "round track: the current round dark; the pounds on a later round's"
            " space go onto the book display when that round is prepared",
        },
    ]


def seat_status(view: MombasaView, seat: int, waiting: Sequence[int]) -> str:
    phase = view.get("phase")
    if phase == "over":
        return "finished"
    if phase in SECRET_PHASES:
        return SECRET_PHASES[str(phase)] if seat in waiting else "ready"
    players = view.get("players") or []
    if seat < len(players) and players[seat].get("ended"):
        return "phase ended"
    return "to act" if seat in waiting else "waiting"


def panel(view: MombasaView, seat: int) -> dict[str, PanelValue]:
    players = view.get("players") or []
    if seat >= len(players):
        return {}
    p = players[seat]
    shares = p.get("track_shares") or []
    return {
        "pounds": int(p.get("cash", 0)),
        "bonus markers": int(p.get("bonus_markers", 0)),
        "diamond space": int(p.get("diamond", 0)),
        "ink jar": int(p.get("ink_jar", 0)),
        "cards in hand": int(p.get("hand_size", 0)),
        "shares": {COMPANIES[c]: int(s) for c, s in enumerate(shares)},
    }


PRESENTATION = MombasaPresentation()
