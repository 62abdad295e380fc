"""Mombasa's table page in Debian's Chromium at a desktop width (1280 px) and a
phone's (390 px), at three points of a four-player game (planning in round 2, an
action turn with a full card display, an action turn late in the game): no
console error and no sideways scrolling, every text of the board at 11 px or
more on screen, no two parts of the board over each other, every legal action
reachable by a click, the last moves glowing on the board, the hand shown on its
owner's page only; and a move made on the phone by tapping the board.

Skips without Chromium (MEEPLE_TEST_CHROMIUM) or Playwright, like
tests/server/test_server_ui.py. Screenshots go to screenshots/mombasa-*.png
(git-ignored test artefacts).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.server_support import RELAXED_ARGS, Server, chromium, sqlite_url

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
WIDTHS = (1280, 390)
Snapshot = dict[str, Any]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # Relaxed limits: seat 0 plays many moves over HTTP to reach each position.
    srv = Server(
        sqlite_url(tmp_path_factory.mktemp("mombasa-ui")), bot_delay=0.002, args=RELAXED_ARGS
    )
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


class Table:
    """A four-seat Mombasa table (full setup): seat 0 played here by HTTP with
    random legal actions (rarely ending its phase early), three random bots."""

    def __init__(self, server: Server, seed: int) -> None:
        seats = [{"kind": "human", "name": "Ann"}, "random", "random", "random"]
        body = {
            "game": "mombasa",
            "players": 4,
            "seats": seats,
            "seed": seed,
            "options": {"setup": "full"},
        }
        r = server.http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        made = r.json()
        self.server = server
        self.id = made["id"]
        self.token = made["tokens"]["0"]
        self.link = server.base + made["links"]["0"]
        self.rng = random.Random(seed)

    def snap(self) -> Snapshot:
        r = self.server.http.get(f"/api/tables/{self.id}", params={"token": self.token})
        assert r.status_code == 200, r.text
        snap: Snapshot = r.json()
        return snap

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
            body = {"token": self.token, "action": action, "version": snap["version"]}
            r = self.server.http.post(f"/api/tables/{self.id}/actions", json=body)
            assert r.status_code == 200, r.text
        raise AssertionError("never reached")


def planning(snap: Snapshot) -> bool:
    return bool(snap["view"]["phase"] == "planning" and snap["view"]["round"] >= 2)


def full_display(snap: Snapshot) -> bool:
    view = snap["view"]
    return bool(view["phase"] == "action" and all(view["display"]) and view["round"] >= 2)


def late(snap: Snapshot) -> bool:
    return bool(snap["view"]["phase"] == "action" and snap["view"]["round"] >= 6)


class Page:
    """The seat's page at one width, recording console errors and failed requests."""

    def __init__(self, browser: Any, width: int, url: str) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on(
            "console",
            lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None,
        )
        self.page.on(
            "response",
            lambda r: self.errors.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )
        self.page.goto(url)
        self.page.wait_for_selector("#board svg")

    def at(self, version: int) -> Snapshot:
        self.page.wait_for_function(
            "() => window.meeple && window.meeple.state"
            f" && window.meeple.state.version >= {version}"
        )
        self.page.wait_for_timeout(150)  # the page draws the state it just received
        state: Snapshot = self.page.evaluate("() => window.meeple.state")
        return state

    def evaluate(self, script: str) -> Any:
        return self.page.evaluate(script)

    def close(self) -> None:
        self.context.close()


def reachable(page: Page) -> set[str]:
    """The legal actions a click reaches: a button, a list entry, or a board element."""
    found: list[str] = page.evaluate(
        """() => {
          const out = [];
          for (const b of document.querySelectorAll('#actions button[data-action-text]'))
            out.push(b.dataset.actionText);
          for (const o of document.querySelectorAll('#actions select option')) out.push(o.value);
          for (const node of document.querySelectorAll('#board .playable'))
            out.push(...window.meeple.offers(node));
          return out;
        }"""
    )
    return set(found)


def smallest_text(page: Page) -> float:
    """The smallest drawn text of the board, in CSS pixels (font size x the scale
    the drawing is shown at)."""
    size: float = page.evaluate(
        """() => Math.min(...[...document.querySelectorAll('#board svg text')]
            .filter((t) => t.getBBox().width > 0)
            .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().d))"""
    )
    return size


def overlapping_parts(page: Page) -> list[tuple[str, str]]:
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


def check_page(page: Page, snap: Snapshot, name: str) -> None:
    state = page.at(snap["version"])
    assert (
        page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        <= 0
    ), "the page scrolls sideways"
    assert smallest_text(page) >= 10.9, f"text of {smallest_text(page):.1f} px"
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
    SHOTS.mkdir(exist_ok=True)
    page.page.screenshot(path=str(SHOTS / f"mombasa-{name}.png"), full_page=True)
    assert not page.errors, page.errors


@pytest.mark.parametrize("width", WIDTHS)
def test_the_board_reads_and_plays_at_this_width(server: Server, browser: Any, width: int) -> None:
    table = Table(server, seed=5)
    glowed = 0
    for name, wanted in (("planning", planning), ("display", full_display), ("late", late)):
        snap = table.play_until(wanted)
        page = Page(browser, width, table.link)
        try:
            check_page(page, snap, f"{name}-{width}")
            glowed += bool(
                page.evaluate("() => document.querySelectorAll('#board .lastmove').length")
            )
        finally:
            page.close()
    assert glowed, "no last move ever glowed on the board"


def test_a_spectator_sees_no_hand_and_the_mover_sees_the_slot_glow(
    server: Server, browser: Any
) -> None:
    """A spectator's page draws no hand; planning a card by tapping it on the phone
    (Planning phase: cards go face down into action slots) lights that slot."""
    table = Table(server, seed=9)
    snap = table.play_until(planning)
    spectator = Page(browser, 390, f"{server.base}/t/{table.id}")
    try:
        spectator.at(snap["version"])
        assert (
            spectator.evaluate(
                "() => document.querySelectorAll('#board g.layer.hand [data-target]').length"
            )
            == 0
        )
        assert not spectator.errors, spectator.errors
    finally:
        spectator.close()
    page = Page(browser, 390, table.link)
    try:
        state = page.at(snap["version"])
        plan = next(a for a in state["legal"] if a.startswith("plan "))
        face = plan.removeprefix("plan ").rsplit(" in slot ", 1)[0]
        card = page.page.locator(f'#board g.layer.hand [data-target="{face}"]')
        card.click()
        menu = page.page.locator(".menu button", has_text=plan)
        if menu.count():
            menu.first.click()
        after = page.at(state["version"] + 1)
        slot = plan.rsplit(" ", 1)[1]
        mine = after["view"]["players"][0]["slots"][int(slot) - 1]
        assert mine and mine["card"] is not None
        page.page.wait_for_function(
            f"() => [...document.querySelectorAll('#board .lastmove')]"
            f".some((n) => n.dataset.target === 'slot {slot}')"
        )
        assert not page.errors, page.errors
    finally:
        page.close()
