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

import time
from typing import Any

import pytest

from meeple.games.mombasa.board import COMPANIES
from tests.server import server_support as web
from tests.server.server_support import BrowserPage, Pages, Server, Snapshot


class Table(web.SeatAtTable):
    """A four-seat Mombasa table (full setup): seat 0 played here by HTTP with
    random legal actions (rarely ending its phase early), three random bots."""

    def __init__(self, server: Server, seed: int) -> None:
        super().__init__(server, "mombasa", web.ANN_AND_THREE_BOTS, seed, setup="full")

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


# On a desktop's first screen (1280x800): the map, the share tracks, the header with
# the round track, one's own board, one's hand, the card display and the book display.
FIRST_SCREEN_PARTS = ("map", "companies", "header", "p0", "hand", "display", "books")


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
