"""Where the parts of Mombasa's board drawing go (``svg.py`` draws them).

The drawing is made of parts, each drawn in its own coordinates with text of at
least 12 units: the map of Africa, the company tracks, the card display with its
crate values, the book display, the bonus spaces, the header (round track, card
stack, book piles), one's hand, one board per player (action area, resting decks,
diamond track, bookkeeping track) and, for each other player, a fold: a one-line
summary (pounds, cards in hand, diamond space, ink jar) that opens and closes
that player's board. No part is wider than the phone's column (``PART_W``). A
stylesheet places the parts in one of three arrangements, chosen by the page's
width:

- desktop (a board card of about 890 px or more): the map with the company tracks
  under it (left); the header and one's own board, one's hand right of both,
  then the card display beside the book display and the bonus spaces (middle
  and right). A unit is then about one pixel, so 12-unit text reads at 12 px or
  more, and all of it lies on a 1280x800 screen. The other players' folds follow
  below, in two columns.
- tablet (a narrower card beside or above the side panel): two columns at half
  size, as wide as two parts.
- phone (at most 760 px, the table page's breakpoint): one column at full size.

A fold is open while the drawing's root has the class ``open-<seat>`` (the page
toggles it: ``data-fold``); the stylesheet then shows that player's board under
its fold and moves what follows down, through the custom property ``--o<seat>``
(1 when open). The root ``<svg>``'s viewBox is as wide as the phone's column and
as tall as the tallest arrangement with every fold open; its aspect ratio (set by
the stylesheet, counting the open folds) shows exactly the arrangement in use
(``preserveAspectRatio`` "slice" anchored top left).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Collection
from dataclasses import dataclass

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

HEADER_LINES = 4  # the round, phase and first player; card stack and book piles; the
# round track; the decision being taken
LINE = 17
HEADER_H = HEADER_LINES * LINE + 4
MAP_H = 436  # the shapes file's frame (checked in the tests)
HAND_W = 104  # the hand's column
NARROW_W = (PART_W + HAND_W) / 2  # the card display's and the book display's width
CARD_H = 46
CARD_PITCH = CARD_H + 4
CRATE_ROW = 16
DISPLAY_H = 20 + CRATE_ROW + 4 * CARD_PITCH
BOOK_H = 53  # four lines: letter and space, two lines of needs, the reward
BOOK_PITCH = BOOK_H + 3
BOOKS_H = 20 + 4 * BOOK_PITCH
SPACE_H = 22
SPACE_PITCH = SPACE_H + 2
SPACE_COLUMNS = 3
SPACES_H = 4 * SPACE_PITCH - 2  # 11 spaces and the part's name in 3 columns of 4
COMPANY_PITCH = 68  # a company: its band, its track, its track markers (two rows)
COMPANIES_H = 4 * COMPANY_PITCH
PLAYER_H = 290  # a player's board (svg.py's rows end there)
FOLD_H = 24  # another player's fold: one line
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
    """A part's width and height in its own units (a player's board: ``p<seat>``,
    another player's fold: ``f<seat>``)."""
    if part.startswith("f"):
        return (PART_W, FOLD_H)
    return PART_SIZES.get(part, (PART_W, PLAYER_H))


@dataclass(frozen=True)
class Spot:
    """Where a part goes: (x, y) with every fold in ``after`` closed; each open one
    moves it down by an opened board (``OPENED``)."""

    x: float
    y: float
    after: tuple[int, ...] = ()


OPENED = PLAYER_H + GAP  # how far an open fold moves what is under it
Spots = dict[str, Spot]
Places = dict[str, tuple[float, float]]


def own_seat(mine: int | None) -> int:
    """The seat whose board is drawn open beside the header (a spectator: the first)."""
    return mine if mine is not None else 0


def others(players: int, mine: int | None) -> list[int]:
    """The other players' seats, in seat order: their boards fold."""
    return [seat for seat in range(players) if seat != own_seat(mine)]


def _stack(spots: Spots, x: float, y: float, parts: list[str]) -> float:
    """``parts`` one under the other from (x, y); the y under the last."""
    for part in parts:
        spots[part] = Spot(x, y)
        y += size(part)[1] + GAP
    return y


def _bottom(spots: Spots) -> float:
    """The lowest edge of the parts placed (folds closed)."""
    return max(spot.y + size(part)[1] for part, spot in spots.items())


def _folds(spots: Spots, columns: list[float], y: float, seats: list[int]) -> list[list[int]]:
    """The other players' folds from ``y`` on, taking turns in the ``columns`` (their
    x), each board under its fold; the seats in each column."""
    held: list[list[int]] = [[] for _ in columns]
    for k, seat in enumerate(seats):
        column = k % len(columns)
        above = tuple(held[column])
        top = y + len(above) * (FOLD_H + GAP)
        spots[f"f{seat}"] = Spot(columns[column], top, above)
        spots[f"p{seat}"] = Spot(columns[column], top + FOLD_H + GAP, above)
        held[column].append(seat)
    return held


@dataclass(frozen=True)
class Arrangement:
    """One arrangement's spots, its folds' columns (each a start and its seats) and
    the scale it is shown at."""

    spots: Spots
    start: float  # where the folds begin
    columns: list[list[int]]
    scale: float

    def places(self, opened: Collection[int] = ()) -> Places:
        """Each part shown with the folds of ``opened`` open (closed folds' boards
        are not shown)."""
        out: Places = {}
        for part, spot in self.spots.items():
            if part.startswith("p") and part.removeprefix("p") != "" and self.folded(part, opened):
                continue
            out[part] = (spot.x, spot.y + OPENED * sum(s in opened for s in spot.after))
        return out

    def folded(self, part: str, opened: Collection[int]) -> bool:
        seat = int(part[1:])
        return any(seat in column for column in self.columns) and seat not in opened

    def height(self, opened: Collection[int] = ()) -> float:
        """The arrangement's height in viewBox units with ``opened`` open."""
        tall = self.start - GAP
        for column in self.columns:
            if column:
                bottom = self.start + len(column) * (FOLD_H + GAP) - GAP
                tall = max(tall, bottom + OPENED * sum(s in opened for s in column))
        return (tall + MARGIN) * self.scale


DESKTOP_W = MARGIN + PART_W + GAP + PART_W + GAP + HAND_W + MARGIN
DESKTOP_SCALE = VIEW_W / DESKTOP_W
TABLET_W = MARGIN + PART_W + GAP + PART_W + MARGIN
TABLET_SCALE = VIEW_W / TABLET_W


def _hand_and_displays(spots: Spots, x: float, y: float) -> float:
    """One's hand, and beside it the card display over the book display."""
    spots["hand"] = Spot(x, y)
    bottom = _stack(spots, x + HAND_W + GAP, y, ["display", "books"])
    return max(bottom, y + HAND_H + GAP)


def desktop(players: int, mine: int | None = None) -> Arrangement:
    """The desktop's arrangement (see the module's docstring)."""
    left, middle = float(MARGIN), MARGIN + PART_W + GAP
    spots: Spots = {}
    _stack(spots, left, MARGIN, ["map", "companies"])
    y = _stack(spots, middle, MARGIN, ["header", f"p{own_seat(mine)}"])
    spots["hand"] = Spot(middle + PART_W + GAP, MARGIN)
    spots["display"] = Spot(middle, y)
    spots["books"] = Spot(middle + NARROW_W + GAP, y)
    _stack(spots, middle, y + max(DISPLAY_H, BOOKS_H) + GAP, ["spaces"])
    start = _bottom(spots) + GAP
    held = _folds(spots, [left, middle], start, others(players, mine))
    return Arrangement(spots, start, held, DESKTOP_SCALE)


def tablet(players: int, mine: int | None = None) -> Arrangement:
    """Two columns: the hand with the displays beside it, then the map (left); the
    header, one's own board, the company tracks and the bonus spaces (right)."""
    left, right = float(MARGIN), MARGIN + PART_W + GAP
    spots: Spots = {}
    _stack(spots, left, _hand_and_displays(spots, left, MARGIN), ["map"])
    _stack(spots, right, MARGIN, ["header", f"p{own_seat(mine)}", "companies", "spaces"])
    start = _bottom(spots) + GAP
    held = _folds(spots, [left, right], start, others(players, mine))
    return Arrangement(spots, start, held, TABLET_SCALE)


def phone(players: int, mine: int | None = None) -> Arrangement:
    """One column: the header; one's hand beside the displays; one's own board (its
    action slots are the plan); the map, the company tracks, the bonus spaces, the
    other players' folds."""
    spots: Spots = {}
    y = _stack(spots, MARGIN, MARGIN, ["header"])
    y = _hand_and_displays(spots, MARGIN, y)
    y = _stack(spots, MARGIN, y, [f"p{own_seat(mine)}", "map", "companies", "spaces"])
    held = _folds(spots, [float(MARGIN)], y, others(players, mine))
    return Arrangement(spots, y, held, 1.0)


def desktop_places(players: int, mine: int | None = None, opened: Collection[int] = ()) -> Places:
    return desktop(players, mine).places(opened)


def tablet_places(players: int, mine: int | None = None, opened: Collection[int] = ()) -> Places:
    return tablet(players, mine).places(opened)


def phone_places(players: int, mine: int | None = None, opened: Collection[int] = ()) -> Places:
    return phone(players, mine).places(opened)


Arrange = Callable[[int, int | None], Arrangement]
ARRANGEMENTS: tuple[tuple[str, str, Arrange], ...] = (
    # (name, media query or "" for the default, arrangement)
    ("desktop", "", desktop),
    ("tablet", TABLET_QUERY, tablet),
    ("phone", PHONE_QUERY, phone),
)


def heights(players: int, opened: Collection[int] = ()) -> dict[str, float]:
    """Each arrangement's height in viewBox units (a spectator's: the first seat's
    board open, the others' folds as ``opened`` says)."""
    return {name: arrange(players, None).height(opened) for name, _, arrange in ARRANGEMENTS}


def view_height(players: int) -> float:
    """The viewBox's height: the tallest arrangement with every fold open."""
    return max(
        arrange(players, mine).height(range(players))
        for _, _, arrange in ARRANGEMENTS
        for mine in (None, *range(players))
    )


# ---- the stylesheet ------------------------------------------------------------------


def _moved(y: float, after: tuple[int, ...], scale: float) -> str:
    """A length in px: ``y`` plus an opened board for each open fold of ``after``."""
    if not after:
        return f"{y * scale:.2f}px"
    terms = "".join(f" + var(--o{seat},0)*{OPENED * scale:.2f}px" for seat in after)
    return f"calc({y * scale:.2f}px{terms})"


def _rules(arrangement: Arrangement) -> str:
    scale = arrangement.scale
    zoom = "" if scale == 1.0 else f" scale({scale:.4f})"
    return "".join(
        f"svg.mombasa .part-{part}{{transform:translate({spot.x * scale:.2f}px,"
        f"{_moved(spot.y, spot.after, scale)}){zoom}}}"
        for part, spot in arrangement.spots.items()
    )


def _aspect(arrangement: Arrangement) -> str:
    """The drawing's aspect ratio, counting the open folds' boards."""
    scale = arrangement.scale
    bottoms = [f"{(arrangement.start - GAP + MARGIN) * scale:.2f}"]
    for column in arrangement.columns:
        if column:
            bottom = arrangement.start + len(column) * (FOLD_H + GAP) - GAP + MARGIN
            terms = "".join(f" + var(--o{seat},0)*{OPENED * scale:.2f}" for seat in column)
            bottoms.append(f"calc({bottom * scale:.2f}{terms})")
    tall = bottoms[0] if len(bottoms) == 1 else f"max({', '.join(bottoms)})"
    return f"svg.mombasa{{aspect-ratio:{VIEW_W}/{tall}}}"


def _arranged(query: str, rules: str) -> str:
    return f"@media {query}{{{rules}}}" if query else rules


def _seat_rules(players: int, mine: int | None) -> str:
    return "".join(
        _arranged(query, _aspect(arrange(players, mine)) + _rules(arrange(players, mine)))
        for _, query, arrange in ARRANGEMENTS
    )


def stylesheet(players: int) -> str:
    """Where the parts go in each arrangement (a spectator's order: the first seat's
    board open), and the folds: another player's board is shown while its fold is
    open. Only elements of ``svg.mombasa`` are styled; the drawing's box takes the
    aspect of the arrangement shown (the page's height cap would shrink its
    text)."""
    out = [
        "svg.mombasa{width:100%;height:auto;max-height:none!important}",
        "svg.mombasa .part{transform-origin:0 0}",
        # what a click reaches now (the page marks it "playable") gets a pink outline
        "svg.mombasa g.playable rect{stroke:#e0007a;stroke-width:2.5}",
        "svg.mombasa g.playable:hover rect{stroke:#000}",
        "svg.mombasa .part.folded,svg.mombasa .fold .shut{display:none}",
        "svg.mombasa [data-fold]{cursor:pointer}",
        "svg.mombasa [data-fold]:focus-visible rect{stroke:#000;stroke-width:2.5}",
    ]
    for seat in range(players):
        out.append(
            f"svg.mombasa.open-{seat}{{--o{seat}:1}}"
            f"svg.mombasa.open-{seat} .part-p{seat}.folded{{display:inline}}"
            f"svg.mombasa.open-{seat} .part-f{seat} .shut{{display:inline}}"
            f"svg.mombasa.open-{seat} .part-f{seat} .opens{{display:none}}"
        )
    out.append(_seat_rules(players, None))
    return "".join(out)


@functools.cache
def seat_first(players: int, seat: int) -> str:
    """The overlay's own rules, after the board layer's: the parts placed for one
    seat (its own board beside the header; on a phone under its hand; the others'
    folds below)."""
    return f"<style>{_seat_rules(players, seat)}</style>"
