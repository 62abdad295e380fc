"""Mombasa's table page in Debian's Chromium at a desktop width (1280 px) and a
phone's (390 px), at three points of a four-player game (planning in round 2, an
action turn with a full card display, an action turn late in the game): no
console error and no sideways scrolling, every text of the board at 11 px or
more on screen, no two parts of the board over each other, every legal action
reachable by a click, the last moves glowing on the board, the hand shown on its
owner's page only; and a move made on the phone by tapping the board.

Screenshots: screenshots/mombasa-*.png. The server, the browser and the pages come
from tests/conftest.py.
"""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

from meeple.games.mombasa.board import COMPANIES
from tests.server import server_support as web
from tests.server.server_support import BrowserPage, Pages, Server, Snapshot
from tests.server.test_table_layout import READ_JS, SCREENS, docs_shot


class Table(web.SeatAtTable):
    """A Mombasa table (full setup, four seats unless told): seat 0 played here by
    HTTP with random legal actions (rarely ending its phase early), random bots."""

    def __init__(self, server: Server, seed: int, players: int = 4) -> None:
        seats = web.ANN_AND_THREE_BOTS[:players]
        super().__init__(server, "mombasa", seats, seed, setup="full")

    def mine(self) -> Snapshot:
        """The next state in which seat 0 has a decision (or the game is over)."""
        deadline = time.time() + 60
        while time.time() < deadline:
            snap = self.snap()
            if snap["legal"] or snap["over"]:
                return snap
            time.sleep(0.02)
        raise AssertionError("seat 0 never got a decision")

    def play_until(self, wanted: Any) -> Snapshot:
        """Random legal moves for seat 0 until ``wanted(snapshot)`` holds."""
        for _ in range(3000):
            snap = self.mine()
            if wanted(snap):
                return snap
            assert not snap["over"], "the game ended first"
            legal = snap["legal"]
            others = [a for a in legal if not a.startswith("end ")]
            action = self.rng.choice(others if others and self.rng.random() < 0.85 else legal)
            r = self.act(action, snap["version"])
            assert r.status_code == 200, r.text
        raise AssertionError("never reached")


def planning(snap: Snapshot) -> bool:
    return bool(snap["view"]["phase"] == "planning" and snap["view"]["round"] >= 2)


def full_display(snap: Snapshot) -> bool:
    view = snap["view"]
    return bool(view["phase"] == "action" and all(view["display"]) and view["round"] >= 2)


def late(snap: Snapshot) -> bool:
    return bool(snap["view"]["phase"] == "action" and snap["view"]["round"] >= 6)


def open_page(pages: Pages, width: int, url: str) -> BrowserPage:
    page = pages(width)
    page.page.goto(url)
    page.page.wait_for_selector("#board svg")
    return page


def at(page: BrowserPage, version: int) -> Snapshot:
    """The page's state once it holds ``version`` or a later one, drawn."""
    state: Snapshot = page.drawn_state(f"window.meeple.state.version >= {version}")
    return state


def reachable(page: BrowserPage) -> set[str]:
    """The legal actions a click reaches: a button, a list entry, or a board element."""
    found: list[str] = page.evaluate(f"() => {web.REACHABLE_JS}")
    return set(found)


def smallest_text(page: BrowserPage) -> float:
    """The smallest drawn text of the board, in CSS pixels (font size x the scale
    the drawing is shown at)."""
    size: float = page.evaluate(
        """() => Math.min(...[...document.querySelectorAll('#board svg text')]
            .filter((t) => t.getBBox().width > 0)
            .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().d))"""
    )
    return size


def overlapping_parts(page: BrowserPage) -> list[tuple[str, str]]:
    """Pairs of board parts (map, displays, companies, each player's board, ...)
    whose boxes on screen cross each other."""
    boxes: dict[str, list[float]] = page.evaluate(
        """() => {
          const out = {};
          for (const g of document.querySelectorAll('#board svg g.part')) {
            const name = [...g.classList].find((c) => c.startsWith('part-'));
            const r = g.getBoundingClientRect();
            if (r.width === 0) continue;
            const b = out[name] || [r.left, r.top, r.right, r.bottom];
            out[name] = [Math.min(b[0], r.left), Math.min(b[1], r.top),
                         Math.max(b[2], r.right), Math.max(b[3], r.bottom)];
          }
          return out;
        }"""
    )
    names = sorted(boxes)
    return [
        (a, b)
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        if boxes[a][0] < boxes[b][2] - 1
        and boxes[b][0] < boxes[a][2] - 1
        and boxes[a][1] < boxes[b][3] - 1
        and boxes[b][1] < boxes[a][3] - 1
    ]


# On a desktop's first screen (1280x800): the map, the company tracks, the header with
# the round track, one's own board, one's hand, the card display, the book display
# and the bonus spaces.
FIRST_SCREEN_PARTS = ("map", "companies", "header", "p0", "hand", "display", "books", "spaces")


def part_bottoms(page: BrowserPage) -> dict[str, float]:
    """Each board part's bottom edge, in CSS pixels from the top of the page."""
    bottoms: dict[str, float] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board svg g.part')]
            .map((g) => [[...g.classList].find((c) => c.startsWith('part-')).slice(5),
                         g.getBoundingClientRect().bottom + scrollY]))"""
    )
    return bottoms


def check_first_screen(page: BrowserPage) -> None:
    """At 1280x800 the board and one's own board are seen without scrolling, their
    text at 12 px or more; the whole page is well under the stacked panels' 2,830 px."""
    assert smallest_text(page) >= 12, f"text of {smallest_text(page):.1f} px at 1280"
    bottoms = part_bottoms(page)
    low = {part: round(bottoms[part]) for part in FIRST_SCREEN_PARTS if bottoms[part] > 800}
    assert not low, f"below the first screen: {low}"
    height: float = page.evaluate("() => document.documentElement.scrollHeight")
    assert height < 2000, height


def check_page(page: BrowserPage, snap: Snapshot, name: str) -> None:
    state = at(page, snap["version"])
    assert page.overflow() <= 0, "the page scrolls sideways"
    assert smallest_text(page) >= 10.9, f"text of {smallest_text(page):.1f} px"
    if name.endswith("-1280"):
        check_first_screen(page)
    assert not overlapping_parts(page), overlapping_parts(page)
    missing = set(state["legal"]) - reachable(page)
    assert not missing, f"legal actions no click reaches: {sorted(missing)[:10]}"
    # The last moves: exactly the elements their events name glow (read at once: the
    # bots may still be moving in a simultaneous phase).
    moves, glowing = page.evaluate(
        """() => [window.meeple.lastMoves(), [...document.querySelectorAll('#board .lastmove')]
                  .map((n) => n.dataset.target)]"""
    )
    assert set(glowing) == {t for e in moves for t in e["targets"]}
    # The hand: the seat's own faces, drawn in the hand part.
    hand = state["view"]["players"][0]["hand"]
    drawn = set(
        page.evaluate(
            "() => [...document.querySelectorAll('#board g.layer.hand [data-target]')]"
            ".map((n) => n.dataset.target)"
        )
    )
    assert {t for t in drawn if not t.startswith("tile ")} == set(hand)
    page.shot(f"mombasa-{name}")
    assert not page.errors, page.errors


@pytest.mark.parametrize("width", web.WIDTHS)
def test_the_board_reads_and_plays_at_this_width(
    relaxed_server: Server, pages: Pages, width: int
) -> None:
    table = Table(relaxed_server, seed=5)
    glowed = 0
    for name, wanted in (("planning", planning), ("display", full_display), ("late", late)):
        snap = table.play_until(wanted)
        page = open_page(pages, width, table.link)
        check_page(page, snap, f"{name}-{width}")
        glowed += bool(page.evaluate("() => document.querySelectorAll('#board .lastmove').length"))
        page.close()
    assert glowed, "no last move ever glowed on the board"


def test_a_spectator_sees_no_hand_and_the_mover_sees_the_slot_glow(
    relaxed_server: Server, pages: Pages
) -> None:
    """A spectator's page draws no hand; planning a card by tapping it on the phone
    (Planning phase: cards go face down into action slots) lights that slot."""
    table = Table(relaxed_server, seed=9)
    snap = table.play_until(planning)
    spectator = open_page(pages, 390, f"{relaxed_server.base}/t/{table.id}")
    at(spectator, snap["version"])
    hand = "() => document.querySelectorAll('#board g.layer.hand [data-target]').length"
    assert spectator.evaluate(hand) == 0
    assert not spectator.errors, spectator.errors
    spectator.close()
    page = open_page(pages, 390, table.link)
    state = at(page, snap["version"])
    plan = next(a for a in state["legal"] if a.startswith("plan "))
    face = plan.removeprefix("plan ").rsplit(" in slot ", 1)[0]
    card = page.page.locator(f'#board g.layer.hand [data-target="{face}"]')
    card.click()
    menu = page.page.locator(f'.menu button[data-action-text="{plan}"]')
    if menu.count():
        menu.first.click()
    after = at(page, state["version"] + 1)
    slot = plan.rsplit(" ", 1)[1]
    mine = after["view"]["players"][0]["slots"][int(slot) - 1]
    assert mine and mine["card"] is not None
    page.page.wait_for_function(
        f"() => [...document.querySelectorAll('#board .lastmove')]"
        f".some((n) => n.dataset.target === 'slot {slot}')"
    )
    assert not page.errors, page.errors


def has_action(prefix: str) -> Any:
    def wanted(snap: Snapshot) -> bool:
        return any(a.startswith(prefix) for a in snap["legal"])

    return wanted


def click_and_glow(page: BrowserPage, snap: Snapshot, action: str, target: str) -> Snapshot:
    """Play ``action`` by clicking the board element ``target`` (and the menu entry
    if the click offers several actions); the move's element then glows."""
    state = at(page, snap["version"])
    page.page.locator(f'#board [data-target="{target}"]').first.click()
    menu = page.page.locator(f'.menu button[data-action-text="{action}"]')
    if menu.count():
        menu.first.click()
    after = at(page, state["version"] + 1)
    page.page.wait_for_function(
        f"() => [...document.querySelectorAll('#board .lastmove')]"
        f".some((n) => n.dataset.target === '{target}')"
    )
    return after


def test_a_track_step_and_a_trading_post_glow_where_they_happened(
    relaxed_server: Server, pages: Pages
) -> None:
    """Advancing on a company track (Goods: "advance ... on a company track") lights
    that company's track; entering a region with an expansion (Expansion: a trading
    post from a base column into a region) lights the region and the column."""
    table = Table(relaxed_server, seed=9)
    snap = table.play_until(has_action("advance "))
    page = open_page(pages, 1280, table.link)
    advance = next(a for a in snap["legal"] if a.startswith("advance "))
    company = advance.removeprefix("advance ")
    c = COMPANIES.index(company)
    after = click_and_glow(page, snap, advance, company)
    assert after["view"]["players"][0]["tracks"][c] == snap["view"]["players"][0]["tracks"][c] + 1
    page.shot("mombasa-glow-track-1280")
    page.close()
    snap = table.play_until(has_action("enter "))
    page = open_page(pages, 1280, table.link)
    enter = next(a for a in snap["legal"] if a.startswith("enter "))
    region = enter.removeprefix("enter ").rsplit(" from column ", 1)[0]
    click_and_glow(page, snap, enter, region)
    company = COMPANIES[snap["view"]["pending"]["values"][0]]  # the expanding company
    column = f"{company} column {enter.rsplit(' ', 1)[1]}"
    glowing = page.evaluate(
        "() => [...document.querySelectorAll('#board .lastmove')].map((n) => n.dataset.target)"
    )
    assert region in glowing and column in glowing, glowing
    page.shot("mombasa-glow-post-1280")
    assert not page.errors, page.errors


# ---- every seat count: the first screen, the track markers, the folds ---------------------

MARKER_PX = 10.0  # the smallest track marker on screen, at every width
# Each board part's box on the screen (page coordinates), the track markers' sizes and
# fills, and the folds (their seat, whether open, and the box of the board they open).
PARTS_JS = """() => {
  const box = (n) => { const r = n.getBoundingClientRect();
    return [r.left, r.top + scrollY, r.right, r.bottom + scrollY, r.width]; };
  const parts = {};
  for (const g of document.querySelectorAll('#board svg g.part')) {
    const name = [...g.classList].find((c) => c.startsWith('part-')).slice(5);
    if (g.getBoundingClientRect().width > 0) parts[name] = box(g);
  }
  const markers = [...document.querySelectorAll('#board svg .track-marker')]
    .map((c) => [c.getBoundingClientRect().width, c.getAttribute('fill')]);
  const folds = [...document.querySelectorAll('#board svg [data-fold]')]
    .map((f) => [f.dataset.fold, f.getAttribute('aria-expanded'), f.getAttribute('role')]);
  return { parts, markers, folds, height: document.documentElement.scrollHeight };
}"""


def mid_game(snap: Snapshot) -> bool:
    return bool(snap["view"]["phase"] == "action" and snap["view"]["round"] >= 2)


def readable(page: BrowserPage, width: int) -> dict[str, Any]:
    """The page read as test_table_layout reads it; on a phone or a tablet with its
    board enlarged first when the page offers it (its text at 11 px then)."""
    seen: dict[str, Any] = page.evaluate(READ_JS)
    if width < 1101 and seen["button"]:
        page.page.locator("#board > button.zoom").click()
        seen = page.evaluate(READ_JS)
    return seen


def check_markers(found: dict[str, Any], players: int, where: str) -> None:
    """Every player's four track markers (one per company track) at MARKER_PX or more,
    each seat's in one colour, the seats' colours apart."""
    sizes = [w for w, _ in found["markers"]]
    fills = [fill for _, fill in found["markers"]]
    assert len(sizes) == 4 * players, where
    assert min(sizes) >= MARKER_PX - 0.05, f"{where}: a track marker of {min(sizes):.1f} px"
    assert len(set(fills)) == players and all(fills.count(f) == 4 for f in fills), where


def check_first_screen_parts(found: dict[str, Any], own: str, where: str) -> None:
    """The board drawing and the seat's own board wholly on the 1280x800 screen."""
    for part in (*FIRST_SCREEN_PARTS, own):
        left, top, right, bottom, _ = found["parts"][part]
        assert left >= 0 and right <= 1280 and top >= 0 and bottom <= 800, (
            f"{where}: {part} at {[round(v) for v in (left, top, right, bottom)]}"
        )


def check_folds(page: BrowserPage, players: int, where: str, least: float) -> None:
    """The other players' boards are folded: a fold per other player (a button, not
    expanded) and no board of theirs shown. A click opens one under its fold (the
    page grows, nothing overlaps) and it stays open when the page is reloaded; Enter
    on the focused fold closes it again."""
    found = page.evaluate(PARTS_JS)
    folds = found["folds"]
    assert len(folds) == players - 1, where
    assert all(open_ == "false" and role == "button" for _, open_, role in folds), folds
    assert {p for p in found["parts"] if p[0] == "p"} == {"p0"}, where
    seat = folds[-1][0]
    fold = page.page.locator(f'#board [data-fold="{seat}"]')
    fold.click()
    opened = page.evaluate(PARTS_JS)
    board, strip = opened["parts"][f"p{seat}"], opened["parts"][f"f{seat}"]
    assert board[1] >= strip[3] - 0.5 and board[4] > 300, f"{where}: {board} under {strip}"
    assert opened["height"] > found["height"], where
    assert "true" in [o for s, o, _ in opened["folds"] if s == seat], opened["folds"]
    assert not overlapping_parts(page), overlapping_parts(page)
    seen = page.evaluate(READ_JS)
    assert not seen["overlaps"], f"{where}, a fold open: labels overlap: {seen['overlaps']}"
    assert seen["smallest"] >= least - 0.05, where
    page.page.reload()
    page.page.wait_for_selector("#board svg")
    reloaded = page.evaluate(PARTS_JS)
    assert f"p{seat}" in reloaded["parts"], f"{where}: the open fold closed on reload"
    fold.focus()
    page.page.keyboard.press("Enter")
    closed = page.evaluate(PARTS_JS)
    assert f"p{seat}" not in closed["parts"] and closed["height"] == found["height"], where


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_count_fits_reads_and_folds_the_other_boards(
    relaxed_server: Server, pages: Pages, players: int
) -> None:
    """Mid-game (the action phase of round 2 or later) at 2, 3 and 4 seats, at
    390x844, 768x1024, 1024x768 and 1280x800: no sideways scrolling, no two text
    labels over each other, text at 12 px or more at 1024 and 1280 and at 11 px or
    more at 390 and 768 (enlarged where the page offers it), every track marker at
    10 px or more in its seat's own colour, the last moves glowing. At 1280x800 the
    board drawing (map, company tracks, header with the round track, card display,
    book display, bonus spaces) and the seat's own board with its hand lie wholly on
    the first screen; the other players' boards are folded, and open and close (at
    390 and 1280).
    With MEEPLE_DOCS_SHOTS=1, the four-seat pages are docs/screenshots/mombasa-*.png."""
    table = Table(relaxed_server, seed=11, players=players)
    snap = table.play_until(mid_game)
    for width, height in SCREENS:
        where = f"{players} seats at {width}x{height}"
        page = pages(width, height)
        page.page.goto(table.link)
        page.page.wait_for_selector("#board svg")
        at(page, snap["version"])
        if players == 4 and os.environ.get("MEEPLE_DOCS_SHOTS"):
            docs_shot(page, "mombasa", width, height)  # fitted, as the page opens
        assert page.overflow() <= 0, f"{where}: the page scrolls sideways"
        seen = readable(page, width)
        least = 12.0 if width >= 1024 else 11.0
        assert seen["smallest"] >= least - 0.05, f"{where}: text at {seen['smallest']:.1f} px"
        assert not seen["overlaps"], f"{where}: labels overlap: {seen['overlaps']}"
        assert seen["glowing"] == seen["glowWanted"], where
        found = page.evaluate(PARTS_JS)
        check_markers(found, players, where)
        if width == 1280:
            check_first_screen_parts(found, "p0", where)
            page.page.screenshot(path=str(web.SHOTS / f"mombasa-{players}p-{width}.png"))
        if width in (390, 1280):
            check_folds(page, players, where, least)
        assert not page.errors, page.errors
        page.close()
