"""The table page on a phone (390x844), a tablet (768x1024), a small desktop or a
tablet held sideways (1024x768) and a desktop (1280x800), for every game, as a person
meets it with bots at the table (issue 25, point 7; issue 30, point 5).

One table per game, seen at the three sizes one after the other while its person
plays decisions through the page (its own socket: ``window.meeple.play``). At every
size: the page never scrolls sideways, however long the person's name; the board
lies within the window, fitted to its card. On a phone or a tablet the button
before the board enlarges it to its ``data-zoom`` width, where its smallest text
reads at 11 px or more, and the enlarged board scrolls inside its card, not the
page; the button fits it back. Where the fitted board is that wide already no
button is offered and its text reads at 11 px already. On a phone, a board element
of the enlarged board is clicked to decide. The seat's own secret (Africa 1880's
order sheet, Mombasa's hand, New World's Planning Sheet: the board's text "Your
...") lies in the window's width within the first two screens. On a desktop the
board and the decision start on the first screen, the decision's question and its
first choice on it. The final scores, the replay page and the lobby never scroll
sideways on a phone or a tablet either.

Issue 30, point 5, at every size: no two text labels of the board overlap (their
boxes on the screen, beyond a small tolerance); the last moves glow (the board
elements the game says they concern carry ``lastmove`` and its drop shadow, those
and no others). On a desktop (1280 px) the fitted board's smallest text reads at
12 px or more, measured through transforms like the 11 px of an enlarged board.
A check a game still fails is listed in KNOWN_FAILURES with the issue that fixes
it: the test then xfails, and fails once the check passes (remove the entry).

Screenshots: screenshots/layout-<game>-<width>.png (the whole page); with
MEEPLE_DOCS_SHOTS=1 also docs/screenshots/<game>-<width>.png at every width (the
first two screens up to a tablet's width, the first screen of a desktop), the ones
the docs show (Mombasa's: its own browser test, mid-game at four seats).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from meeple.engine.registry import all_games
from tests.server.server_support import (
    SHOTS,
    BrowserPage,
    Pages,
    Server,
    new_table,
    wait_for,
)

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

GAMES = ("namibia", "mombasa", "newworld", "africa1880")
SCREENS = ((390, 844), (768, 1024), (1024, 768), (1280, 800))
NARROW_MAX = 1100  # px: up to this width a phone's or a tablet's page (style.css)
READABLE = 11.0  # px: the smallest text an enlarged (or already wide) board shows
DESKTOP_READABLE = 12.0  # px: the smallest text of a desktop's fitted board
OVERLAP_TOLERANCE = 2.0  # px two text boxes may share, each way, before they overlap
# Checks a game fails today: (game, check) -> the issue and point that fix it. The
# checks: "desktop text" (12 px at 1280), "overlap" (text labels apart).
KNOWN_FAILURES: dict[tuple[str, str], str] = {}
# No space to break at: the header, the panels and the chat must wrap it.
LONG_NAME = "Maximiliane-Konstantinopoulou-Wiesenthal"[:36]
# Decisions played at the first size (a phone): two, and in a game with a secret
# more until it is drawn (Africa 1880: a presence, "ready", then an order written;
# Mombasa: two cards rested, then a card planned; New World: the colonists, a bid,
# perhaps a landfall, then planning), at most MOST; one at each other size.
SECRET_GAMES = {"mombasa", "newworld", "africa1880"}
MOST = 8
SECRET_JS = """[...document.querySelectorAll('#board svg text')]
  .some((t) => t.textContent.startsWith('Your '))"""
DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
# Games whose docs screenshots another test takes (a position richer than these
# tables' first decisions).
DOCS_SHOTS_ELSEWHERE = {"mombasa": "tests/mombasa/test_mombasa_browser.py: mid-game, 4 seats"}

# Everything a check reads, in one turn of the page's script (bots move meanwhile).
READ_JS = """() => {
  const de = document.documentElement;
  const box = (node) => {
    if (!node || node.hidden || !node.getClientRects().length) return null;
    const r = node.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY,
             width: r.width, height: r.height };
  };
  const board = document.getElementById('board');
  const svg = board.querySelector('svg');
  const shown = [...svg.querySelectorAll('text')].filter((t) => t.getBBox().width > 0);
  const sizes = shown.map((t) => {
    const m = t.getScreenCTM();
    return Math.hypot(m.a, m.b) * parseFloat(getComputedStyle(t).fontSize);
  });
  const secret = shown.find((t) => t.textContent.startsWith('Your '));
  const labels = shown.filter((t) => t.textContent.trim())
    .map((t) => [t.textContent.trim().slice(0, 40), t.getBoundingClientRect()]);
  const overlaps = [];
  const tol = ${TOL};
  for (let i = 0; i < labels.length && overlaps.length < 6; i++) {
    for (let j = i + 1; j < labels.length && overlaps.length < 6; j++) {
      const [a, ra] = labels[i], [b, rb] = labels[j];
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > tol && h > tol) overlaps.push([a, b]);
    }
  }
  const moves = window.meeple && window.meeple.lastMoves ? window.meeple.lastMoves() : [];
  const glowing = [...board.querySelectorAll('.lastmove')];
  const button = board.querySelector(':scope > button.zoom');
  const decision = document.getElementById('decision');
  const first = decision && decision.querySelector('#actions button, #actions input, select');
  return {
    overflow: de.scrollWidth - de.clientWidth,
    clientWidth: de.clientWidth,
    innerHeight: window.innerHeight,
    scrollY: window.scrollY,
    board: box(board),
    svg: box(svg),
    boardScroll: board.scrollWidth - board.clientWidth,
    zoom: parseFloat(svg.dataset.zoom || '0'),
    button: button && box(button) ? button.textContent : null,
    smallest: Math.min(...sizes),
    secret: secret ? { text: secret.textContent, ...box(secret) } : null,
    decision: box(decision),
    prompt: box(document.getElementById('prompt')),
    first: box(first),
    legal: window.meeple && window.meeple.state ? window.meeple.state.legal.length : 0,
    overlaps,
    glowWanted: [...new Set(moves.flatMap((e) => e.targets || []))].sort(),
    glowing: [...new Set(glowing.map((n) => n.dataset.target))].sort(),
    unlit: glowing.filter((n) => !getComputedStyle(n).filter.includes('drop-shadow')).length,
  };
}""".replace("${TOL}", str(OVERLAP_TOLERANCE))


def min_players(game: str) -> int:
    return next(g.min_players for g in all_games() if g.name == game)


def decide(page: BrowserPage, count: int, secret: bool = False) -> None:
    """``count`` decisions of the seat through the page (with ``secret``, more until
    the seat's secret is drawn, at most MOST): the first legal action that does not
    seal a sheet (sealing would end the secret being checked). A step with one legal
    action the page may play for the seat: it is given a moment first."""
    for k in range(MOST):
        if k >= count and not (secret and not page.evaluate(f"() => {SECRET_JS}")):
            break
        snap = page.state("window.meeple.state.over || window.meeple.state.legal.length > 0")
        if snap["over"]:
            break
        legal: list[str] = snap["legal"]
        moved = f"window.meeple.state.version > {snap['version']}"
        if len(legal) == 1:
            try:
                page.page.wait_for_function(f"() => {moved}", timeout=1500)
                continue
            except PlaywrightTimeout:  # the page did not play it: the test does
                pass
        action = next((a for a in legal if not a.startswith("seal")), legal[0])
        page.evaluate("(a) => window.meeple.play(a)", action)
        page.state(moved)
    page.drawn_state()


def click_the_enlarged_board(page: BrowserPage) -> None:
    """A decision by clicking an element of the enlarged board (scrolled to inside its
    card), and the first entry of the menu it may open."""
    snap = page.state()
    playable = page.page.locator("#board .playable")
    for k in range(min(playable.count(), 4)):
        try:
            playable.nth(k).click(timeout=2000)
        except PlaywrightTimeout:  # covered by the button, or moved: the next one
            continue
        menu = page.page.locator(".menu button")
        if menu.count():
            menu.first.click()
        page.state(f"window.meeple.state.version > {snap['version']}")
        page.drawn_state()
        return


class Checks:
    """The checks of one game, KNOWN_FAILURES among them counted, not raised."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.failed: dict[str, str] = {}  # a known failing check -> its first failure

    def expect(self, check: str, ok: bool, message: str) -> None:
        why = KNOWN_FAILURES.get((self.game, check))
        if why is None:
            assert ok, message
        elif not ok:
            self.failed.setdefault(check, f"{message} ({why})")

    def finish(self) -> None:
        """Xfail on the known failures seen; fail if a known one no longer fails."""
        fixed = {c for g, c in KNOWN_FAILURES if g == self.game} - set(self.failed)
        assert not fixed, f"{self.game} passes {sorted(fixed)}: remove it from KNOWN_FAILURES"
        if self.failed:
            pytest.xfail("; ".join(self.failed.values()))


def check_labels_and_glow(checks: Checks, seen: dict[str, Any], where: str) -> None:
    """No two text labels of the board overlap; the last moves' elements glow."""
    checks.expect(
        "overlap", not seen["overlaps"], f"overlap: {where}: labels overlap: {seen['overlaps']}"
    )
    assert seen["glowing"] == seen["glowWanted"], (
        f"{where}: glowing {seen['glowing']}, the last moves name {seen['glowWanted']}"
    )
    assert seen["unlit"] == 0, f"{where}: {seen['unlit']} last-move elements without a glow"


def check_desktop_text(checks: Checks, seen: dict[str, Any], where: str) -> None:
    checks.expect(
        "desktop text",
        seen["smallest"] >= DESKTOP_READABLE - 0.05,
        f"desktop text: {where}: the fitted board's text at {seen['smallest']:.1f} px",
    )


def check_fitted(seen: dict[str, Any], where: str) -> None:
    """No sideways scrolling; the board and its drawing within the window."""
    assert seen["overflow"] <= 0, f"{where}: the page scrolls {seen['overflow']} px sideways"
    board, svg = seen["board"], seen["svg"]
    assert board["left"] >= 0 and board["right"] <= seen["clientWidth"] + 0.5, where
    assert board["left"] <= svg["left"] + 0.5 and svg["right"] <= board["right"] + 0.5, (
        f"{where}: the fitted board is wider than its card"
    )
    assert seen["boardScroll"] <= 0, f"{where}: the fitted board scrolls in its card"


def check_enlarging(page: BrowserPage, seen: dict[str, Any], where: str) -> None:
    """A phone's or a tablet's board: enlarged by its button to ``data-zoom`` (text at
    11 px or more, scrolling in its card, not the page) and fitted back; no button
    where the fitted board is that wide already (and reads at 11 px)."""
    zoom = seen["zoom"]
    assert zoom > 0, f"{where}: the board's root names no data-zoom width"
    if seen["svg"]["width"] >= 0.98 * zoom:
        assert seen["button"] is None, f"{where}: a button enlarges a board that wide already"
        assert seen["smallest"] >= READABLE - 0.05, f"{where}: text at {seen['smallest']:.1f} px"
        return
    assert seen["button"] and seen["button"].startswith("enlarge the "), where
    button = page.page.locator("#board > button.zoom")
    button.click()
    enlarged = page.evaluate(READ_JS)
    assert enlarged["button"].startswith("fit the "), where
    assert abs(enlarged["svg"]["width"] - zoom) <= 1, f"{where}: enlarged to {enlarged['svg']}"
    assert enlarged["smallest"] >= READABLE - 0.05, (
        f"{where}: enlarged, its text at {enlarged['smallest']:.1f} px"
    )
    assert enlarged["smallest"] > seen["smallest"], f"{where}: enlarging did not enlarge"
    assert enlarged["boardScroll"] > 0 or zoom <= enlarged["board"]["width"], (
        f"{where}: the enlarged board, wider than its card, does not scroll in it"
    )
    assert enlarged["overflow"] <= 0, f"{where}: the page, not the card, scrolls sideways"
    if seen["clientWidth"] < 760 and enlarged["legal"]:
        click_the_enlarged_board(page)
        enlarged = page.evaluate(READ_JS)
        assert abs(enlarged["svg"]["width"] - zoom) <= 1, f"{where}: no longer enlarged"
        assert enlarged["overflow"] <= 0, f"{where}: sideways scrolling after a click"
    page.page.locator("#board > button.zoom").click()
    again = page.evaluate(READ_JS)
    assert again["button"] and again["button"].startswith("enlarge the "), where
    check_fitted(again, f"{where}, fitted again")


def check_secret(game: str, seen: dict[str, Any], where: str, phone: bool) -> None:
    """The seat's own secret within the window's width and the first two screens."""
    secret = seen["secret"]
    if secret is None:
        assert not (phone and game in SECRET_GAMES), f"{where}: no secret sheet or hand drawn"
        return
    assert secret["left"] >= 0 and secret["right"] <= seen["clientWidth"] + 0.5, (
        f"{where}: {secret['text']!r} off the screen sideways"
    )
    assert secret["top"] >= seen["board"]["top"], where
    assert secret["top"] <= 2 * seen["innerHeight"], (
        f"{where}: {secret['text']!r} at {secret['top']:.0f} px, past the second screen"
    )


def check_desktop(seen: dict[str, Any], where: str) -> None:
    """The board and the decision start on the first screen, the decision's question
    and first choice on it; no button enlarges a desktop's board."""
    screen = seen["scrollY"] + seen["innerHeight"]
    assert seen["button"] is None, f"{where}: a desktop offers to enlarge the board"
    assert seen["board"]["top"] < seen["scrollY"] + seen["innerHeight"] / 2, where
    assert seen["decision"]["top"] < seen["scrollY"] + seen["innerHeight"] / 2, where
    assert seen["prompt"]["bottom"] <= screen, f"{where}: the decision's question off screen"
    if seen["first"]:
        assert seen["first"]["bottom"] <= screen, f"{where}: the first choice off screen"
    visible = min(seen["board"]["bottom"], screen) - seen["board"]["top"]
    assert visible >= min(seen["board"]["height"], seen["innerHeight"] / 2), (
        f"{where}: only {visible:.0f} px of the board on the first screen"
    )


def shoot(page: BrowserPage, game: str, width: int, height: int) -> None:
    page.shot(f"layout-{game}-{width}")
    if os.environ.get("MEEPLE_DOCS_SHOTS") and game not in DOCS_SHOTS_ELSEWHERE:
        docs_shot(page, game, width, height)


def docs_shot(page: BrowserPage, game: str, width: int, height: int) -> None:
    """docs/screenshots/<game>-<width>.png: the first two screens up to a tablet's
    width, the first screen of a desktop."""
    DOCS_SHOTS.mkdir(parents=True, exist_ok=True)
    page.page.evaluate("() => window.scrollTo(0, 0)")
    tall = 2 * height if width <= NARROW_MAX else height
    clip = {"x": 0, "y": 0, "width": width, "height": tall}
    page.page.screenshot(path=str(DOCS_SHOTS / f"{game}-{width}.png"), clip=clip, full_page=True)


@pytest.mark.parametrize("game", GAMES)
def test_the_table_fits_a_phone_a_tablet_and_a_desktop(
    server: Server, pages: Pages, game: str
) -> None:
    seats: list[Any] = [{"kind": "human", "name": LONG_NAME}]
    made = new_table(server, game, seats + ["random"] * (min_players(game) - 1))
    checks = Checks(game)
    for k, (width, height) in enumerate(SCREENS):
        where = f"{game} at {width}x{height}"
        page = pages(width, height)
        page.page.goto(server.base + made["links"]["0"])
        page.page.wait_for_selector("#board svg")
        decide(page, 2 if k == 0 else 1, secret=k == 0 and game in SECRET_GAMES)
        seen = page.evaluate(READ_JS)
        shoot(page, game, width, height)
        check_fitted(seen, where)
        check_labels_and_glow(checks, seen, where)
        check_secret(game, seen, where, phone=k == 0)
        if width <= NARROW_MAX:
            check_enlarging(page, seen, where)
        else:
            check_desktop(seen, where)
            check_desktop_text(checks, seen, where)
        assert LONG_NAME in page.evaluate("() => document.getElementById('seats').innerText")
        assert not page.errors, page.errors
        page.close()
    assert SHOTS.exists()
    checks.finish()


def test_the_scores_the_replay_and_the_lobby_fit_a_phone_and_a_tablet(
    server: Server, pages: Pages
) -> None:
    """A finished game of bots (Africa 1880: the quickest to finish, its board the
    widest): its table page with the final scores, its replay page (the board fitted
    to its card), and the lobby, at 390 and 768 px."""
    made = new_table(server, "africa1880", ["random"] * 3, diplomacy_seconds=1)
    table = f"/api/tables/{made['id']}"
    wait_for(lambda: server.http.get(table).json()["over"], 60)
    for width, height in SCREENS[:2]:
        page = pages(width, height)
        page.page.goto(f"{server.base}/t/{made['id']}")
        page.page.wait_for_selector("#result:not([hidden]) table")
        page.page.wait_for_selector("#board svg")
        seen = page.evaluate(READ_JS)
        check_fitted(seen, f"final scores at {width}")
        page.page.goto(f"{server.base}/t/{made['id']}/replay")
        page.page.wait_for_selector("#board svg")
        page.page.wait_for_timeout(150)
        check_fitted(page.evaluate(READ_JS), f"replay at {width}")
        page.shot(f"layout-replay-{width}")
        page.page.goto(server.base + "/")
        page.page.wait_for_selector("#game option", state="attached")
        assert page.overflow() <= 0, f"the lobby scrolls sideways at {width}"
        assert not page.errors, page.errors
