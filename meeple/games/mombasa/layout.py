"""Where the parts of Mombasa's board drawing go (``svg.py`` draws them).

The drawing is made of parts, each drawn in its own coordinates with text of at
least 12 units: the map of Africa, the company tracks (share tracks), the card
display with its crate values, the book display, the bonus spaces, the header
(round track, card stack, book piles), one's hand, and one board per player
(action area, resting decks, diamond track, bookkeeping track). No part is wider
than the phone's column (``PART_W``). A stylesheet places the parts in one of
three arrangements, chosen by the page's width:

- desktop (a board card of about 880 px or more): the map with the share tracks
  and the bonus spaces under it (left); the header, one's own board and, under
  it, the card display beside the book display (middle); one's hand in a narrow
  column (right); the other players' boards below. A unit is then about one
  pixel, so 12-unit text reads at 12 px or more.
- tablet (a narrower card beside or above the side panel): two columns at half
  size, as wide as two parts.
- phone (at most 760 px, the table page's breakpoint): one column at full size.

The root ``<svg>``'s viewBox is as wide as the phone's column and as tall as the
tallest arrangement; its aspect ratio (set by the stylesheet) shows exactly the
arrangement in use (``preserveAspectRatio`` "slice" anchored top left).
"""

from __future__ import annotations

import math

PART_W = 384  # the widest part's width: the phone's column
MARGIN = 4
GAP = 8
VIEW_W = MARGIN + PART_W + MARGIN  # the viewBox width (the phone column)
MIN_FONT = 12
READABLE = 11.0  # px: the smallest text the enlarged board shows
# data-zoom: a phone's board (one column of parts, VIEW_W wide) with its text at READABLE
ZOOM_WIDTH = math.ceil(VIEW_W * READABLE / MIN_FONT)

# Media queries of the three arrangements (the table page: one column up to 1100 px,
# else the board in three quarters of the width beside the side panel).
PHONE_QUERY = "(max-width: 760px)"
TABLET_QUERY = (
    "(min-width: 761px) and (max-width: 959px), (min-width: 1101px) and (max-width: 1259px)"
)

# ---- the parts' sizes ----------------------------------------------------------------

HEADER_LINES = 5
LINE = 17
HEADER_H = HEADER_LINES * LINE + 4
MAP_H = 436  # the shapes file's frame (checked in the tests)
HAND_W = 88  # the hand's column
NARROW_W = (PART_W + HAND_W) / 2  # the card display's and the book display's width
CARD_H = 46
CARD_PITCH = CARD_H + 4
CRATE_ROW = 16
DISPLAY_H = 20 + CRATE_ROW + 4 * CARD_PITCH
BOOK_H = 56
BOOK_PITCH = BOOK_H + 4
BOOKS_H = 20 + 4 * BOOK_PITCH
SPACE_H = 22
SPACE_PITCH = SPACE_H + 3
SPACES_H = 20 + 6 * SPACE_PITCH
COMPANY_PITCH = 56
COMPANIES_H = 18 + 4 * COMPANY_PITCH
PLAYER_H = 352  # a player's board (svg.py's rows end there)
HAND_H = HEADER_H + GAP + PLAYER_H  # beside the header and one's own board

PART_SIZES: dict[str, tuple[float, float]] = {
    "header": (PART_W, HEADER_H),
    "map": (PART_W, MAP_H),
    "companies": (PART_W, COMPANIES_H),
    "spaces": (PART_W, SPACES_H),
    "display": (NARROW_W, DISPLAY_H),
    "books": (NARROW_W, BOOKS_H),
    "hand": (HAND_W, HAND_H),
}


def size(part: str) -> tuple[float, float]:
    """A part's width and height in its own units (a player's board: ``p<seat>``)."""
    return PART_SIZES.get(part, (PART_W, PLAYER_H))


Places = dict[str, tuple[float, float]]


def _seats(players: int, mine: int | None) -> list[int]:
    """The player boards' order: one's own first (``mine``), then the others."""
    return sorted(range(players), key=lambda seat: seat != mine)


def _stack(places: Places, x: float, y: float, parts: list[str]) -> float:
    """``parts`` one under the other from (x, y); the y under the last."""
    for part in parts:
        places[part] = (x, y)
        y += size(part)[1] + GAP
    return y


def _flow(places: Places, columns: list[tuple[float, float]], parts: list[str]) -> None:
    """Each of ``parts`` under the shorter of ``columns`` ((x, bottom) pairs)."""
    for part in parts:
        k = min(range(len(columns)), key=lambda c: columns[c][1])
        x, y = columns[k]
        columns[k] = (x, _stack(places, x, y, [part]))


def _hand_and_displays(places: Places, x: float, y: float) -> float:
    """One's hand, and beside it the card display over the book display."""
    places["hand"] = (x, y)
    beside = x + HAND_W + GAP
    bottom = _stack(places, beside, y, ["display", "books"])
    return max(bottom, y + HAND_H + GAP)


DESKTOP_W = MARGIN + PART_W + GAP + PART_W + GAP + HAND_W + MARGIN
DESKTOP_SCALE = VIEW_W / DESKTOP_W
TABLET_W = MARGIN + PART_W + GAP + PART_W + MARGIN
TABLET_SCALE = VIEW_W / TABLET_W


def desktop_places(players: int, mine: int | None = None) -> Places:
    """The desktop's arrangement (see the module's docstring); a spectator's own
    board is the first seat's."""
    seats = _seats(players, mine)
    left, middle = float(MARGIN), MARGIN + PART_W + GAP
    places: Places = {}
    left_y = _stack(places, left, MARGIN, ["map", "companies", "spaces"])
    y = _stack(places, middle, MARGIN, ["header", f"p{seats[0]}"])
    places["hand"] = (middle + PART_W + GAP, MARGIN)
    places["display"] = (middle, y)
    places["books"] = (middle + NARROW_W + GAP, y)
    middle_y = y + max(DISPLAY_H, BOOKS_H) + GAP
    _flow(places, [(left, left_y), (middle, middle_y)], [f"p{s}" for s in seats[1:]])
    return places


def tablet_places(players: int, mine: int | None = None) -> Places:
    """Two columns: the hand with the displays beside it, then the map (left); the
    header, one's own board, the share tracks and the bonus spaces (right)."""
    seats = _seats(players, mine)
    left, right = float(MARGIN), MARGIN + PART_W + GAP
    places: Places = {}
    left_y = _stack(places, left, _hand_and_displays(places, left, MARGIN), ["map"])
    right_y = _stack(places, right, MARGIN, ["header", f"p{seats[0]}", "companies", "spaces"])
    _flow(places, [(left, left_y), (right, right_y)], [f"p{s}" for s in seats[1:]])
    return places


def phone_places(players: int, mine: int | None = None) -> Places:
    """One column: the header; one's hand beside the displays; one's own board (its
    action slots are the plan); the map, the share tracks, the bonus spaces, the
    other players' boards."""
    seats = _seats(players, mine)
    places: Places = {}
    y = _stack(places, MARGIN, MARGIN, ["header"])
    y = _hand_and_displays(places, MARGIN, y)
    _stack(places, MARGIN, y, [*(f"p{s}" for s in seats[:1]), "map", "companies", "spaces"])
    _stack(places, MARGIN, _bottom(places) + GAP - MARGIN, [f"p{s}" for s in seats[1:]])
    return places


ARRANGEMENTS = (
    # (name, media query or "" for the default, places, scale)
    ("desktop", "", desktop_places, DESKTOP_SCALE),
    ("tablet", TABLET_QUERY, tablet_places, TABLET_SCALE),
    ("phone", PHONE_QUERY, phone_places, 1.0),
)


def _bottom(places: Places) -> float:
    return max(y + size(part)[1] for part, (_, y) in places.items()) + MARGIN


def heights(players: int) -> dict[str, float]:
    """Each arrangement's height in viewBox units."""
    return {name: _bottom(places(players)) * scale for name, _, places, scale in ARRANGEMENTS}


def view_height(players: int) -> float:
    return max(heights(players).values())


def _rules(places: Places, scale: float) -> str:
    if scale == 1.0:
        return "".join(
            f"svg.mombasa .part-{part}{{transform:translate({x:.0f}px,{y:.0f}px)}}"
            for part, (x, y) in places.items()
        )
    return "".join(
        f"svg.mombasa .part-{part}{{transform:translate({x * scale:.2f}px,"
        f"{y * scale:.2f}px) scale({scale:.4f})}}"
        for part, (x, y) in places.items()
    )


def _arranged(query: str, rules: str) -> str:
    return f"@media {query}{{{rules}}}" if query else rules


def stylesheet(players: int) -> str:
    """Where the parts go in each arrangement. Only elements of ``svg.mombasa`` are
    styled; the drawing's box takes the aspect of the arrangement shown (the page's
    height cap would shrink its text)."""
    tall = heights(players)
    out = [
        "svg.mombasa{width:100%;height:auto;max-height:none!important}",
        "svg.mombasa .part{transform-origin:0 0}",
        # what a click reaches now (the page marks it "playable") gets a pink outline
        "svg.mombasa g.playable rect{stroke:#e0007a;stroke-width:2.5}",
        "svg.mombasa g.playable:hover rect{stroke:#000}",
    ]
    for name, query, places, scale in ARRANGEMENTS:
        aspect = f"svg.mombasa{{aspect-ratio:{VIEW_W}/{tall[name]:.0f}}}"
        out.append(_arranged(query, aspect + _rules(places(players), scale)))
    return "".join(out)


def seat_first(players: int, seat: int) -> str:
    """The overlay's own rules, after the board layer's: the parts placed for one
    seat (its own board beside the header; on a phone under its hand)."""
    rules = "".join(
        _arranged(query, _rules(places(players, seat), scale))
        for _, query, places, scale in ARRANGEMENTS
    )
    return f"<style>{rules}</style>"
