"""Acceptance test of the table's controls (issue 25, point 3), for every game at a
desktop's width (1280 px) and a phone's (390 px), in Debian's Chromium.

One seeded game per game and width: seat 0 (Ann) is played through the page, by
clicking the control that offers the chosen action (a button of a choice, a list
entry of a board choice, or the number of an amount typed and Enter), the other
seats over HTTP with the same random generator, so the game is the same at both
widths. On every one of Ann's decisions the page must show no list of more than 12
options and no row of more than 12 buttons (the board's menu either), and reach
every legal action; a step the server marks forced must play itself, with the line
saying so; an action the game asks about must open the in-page question, answered
by the keyboard. The seeds are chosen so that Namibia and New World meet both a
forced step and a question within their decisions (checked: the test cannot pass
without them); the other games are checked wherever they meet one.

Screenshots go to screenshots/controls-*.png (git-ignored test artefacts).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.server_support import REACHABLE_JS, WIDTHS, BrowserPage, Pages, Server, new_table

# Per game: the seed, and how many of Ann's decisions are played (kept small: the
# whole file runs in about a minute).
PLAYS = {
    "namibia": (30, 8),  # a forced step at Ann's 3rd decision, the all-money bribe at her 8th
    "newworld": (5, 6),  # the all-money bid at her 2nd decision, a forced step at her 6th
    "mombasa": (0, 2),
    "africa1880": (0, 2),
}
MUST_MEET = {"namibia", "newworld"}  # both a forced step and a question
LIMIT = 12

# Lists and rows over the limit anywhere on the page (the decision, the board's menu).
OVER_LIMIT_JS = f"""() => {{
  const over = [];
  for (const s of document.querySelectorAll('select')) {{
    if (s.options.length > {LIMIT}) over.push(`a list of ${{s.options.length}}`);
  }}
  for (const n of document.querySelectorAll('#actions, #actions *, .menu, .menu *')) {{
    const buttons = [...n.children].filter((c) => c.tagName === 'BUTTON').length;
    if (buttons > {LIMIT}) over.push(`a row of ${{buttons}} buttons in ${{n.className}}`);
  }}
  return over;
}}"""

# Where the page offers one action: a choice's button (opening the folded lists it
# is in) or an amount (its template and the number), else null.
FIND_JS = """(action) => {
  const button = [...document.querySelectorAll('#actions .choices button[data-action-text]')]
    .find((b) => b.dataset.actionText === action);
  if (button) {
    for (let d = button.closest('details'); d; d = d.parentElement.closest('details')) {
      d.open = true;
    }
    return { kind: 'button' };
  }
  for (const n of document.querySelectorAll('#actions [data-amount-template]')) {
    const value = JSON.parse(n.dataset.values)
      .find((v) => n.dataset.amountTemplate.replace('{n}', v) === action);
    if (value !== undefined) return { kind: 'amount', template: n.dataset.amountTemplate, value };
  }
  return null;
}"""


class Table:
    """A table of three people: Ann through the page, the others over HTTP."""

    def __init__(self, server: Server, game: str, seed: int) -> None:
        people = [{"kind": "human", "name": name} for name in ("Ann", "Bo", "Cy")]
        made = new_table(server, game, people, seed)
        self.server = server
        self.id = made["id"]
        self.tokens = {int(k): v for k, v in made["tokens"].items()}
        self.link = server.base + made["links"]["0"]

    def snap(self, seat: int) -> dict[str, Any]:
        r = self.server.http.get(f"/api/tables/{self.id}", params={"token": self.tokens[seat]})
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def act(self, seat: int, action: str) -> None:
        body = {"token": self.tokens[seat], "action": action}
        r = self.server.http.post(f"/api/tables/{self.id}/actions", json=body)
        assert r.status_code == 200, r.text


class Met:
    forced = 0
    asked = 0


def check_limits(page: BrowserPage, snap: dict[str, Any]) -> None:
    over = page.evaluate(OVER_LIMIT_JS)
    assert not over, (snap["legal"][:5], over)
    missing = set(snap["legal"]) - set(page.evaluate("() => " + REACHABLE_JS))
    assert not missing, f"legal actions the page does not offer: {sorted(missing)[:5]}"


def check_a_menu(page: BrowserPage, snap: dict[str, Any]) -> bool:
    """Open the board's menu of the element offering most (if it offers two or more),
    check its limits, close it; True if one was opened."""
    index = page.evaluate(
        """() => {
          const nodes = [...document.querySelectorAll('#board .playable')];
          const counts = nodes.map((n) => window.meeple.offers(n).length);
          const most = Math.max(0, ...counts);
          return most > 1 ? counts.indexOf(most) : -1;
        }"""
    )
    if index < 0:
        return False
    page.page.locator("#board .playable").nth(index).click()
    page.page.wait_for_selector(".menu")
    check_limits(page, snap)
    page.page.locator("#prompt").click()  # a click elsewhere closes it
    assert page.page.locator(".menu").count() == 0
    return True


def play_forced(page: BrowserPage, snap: dict[str, Any]) -> None:
    """The page plays the only action itself and says what it played."""
    page.state(f"window.meeple.state.version > {snap['version']}", timeout=10_000)
    said = page.page.locator("#playedforyou").inner_text()
    label = snap["labels"].get(snap["forced"], snap["forced"])
    assert label in said, (said, label)


def play_through_page(page: BrowserPage, snap: dict[str, Any], action: str) -> None:
    """Ann plays ``action`` by its control; a question the game asks is answered yes
    with the keyboard."""
    where = page.evaluate(FIND_JS, action)
    assert where, f"no control offers {action!r}"
    if where["kind"] == "button":
        selector = f'#actions .choices button[data-action-text="{action}"]'
        page.page.locator(selector).first.click()
    else:
        box = page.page.locator(
            f'#actions [data-amount-template="{where["template"]}"] input.amount-number'
        )
        box.fill(str(where["value"]))
        box.press("Enter")
    question = (snap.get("confirm") or {}).get(action)
    if question:
        dialog = page.page.locator("#confirm-dialog[open]")
        dialog.wait_for(timeout=5_000)
        assert dialog.locator("#confirm-question").inner_text() == question
        if page.page.viewport_size["width"] > 1000:
            page.shot(f"controls-question-{snap['game']}")
        assert page.state("window.meeple.state.version")["version"] == snap["version"]
        page.page.keyboard.press("Enter")  # the play button has the focus
    page.state(f"window.meeple.state.version > {snap['version']}", timeout=10_000)


def play_ann(page: BrowserPage, snap: dict[str, Any], rng: random.Random, met: Met) -> None:
    pick = rng.choice(snap["legal"])
    page.state(f"window.meeple.state.version >= {snap['version']}")
    page.page.wait_for_timeout(60)  # drawn
    check_limits(page, snap)
    if snap.get("forced"):
        assert snap["legal"] == [snap["forced"]]
        play_forced(page, snap)
        met.forced += 1
        return
    asked = [a for a in snap["legal"] if a in (snap.get("confirm") or {})]
    if asked and not met.asked:
        pick = asked[0]
        met.asked += 1
    play_through_page(page, snap, pick)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("game", sorted(PLAYS))
def test_every_decision_has_controls_made_for_it(
    server: Server, pages: Pages, game: str, width: int
) -> None:
    seed, decisions = PLAYS[game]
    table = Table(server, game, seed)
    page = pages(width)
    page.page.goto(table.link)
    page.state()
    rng = random.Random(seed)
    met = Met()
    menu_checked = False
    played = 0
    while played < decisions:
        spectator = table.server.http.get(f"/api/tables/{table.id}").json()
        if spectator["over"]:
            break
        to_act = spectator["to_act"]
        seat = 0 if 0 in to_act else min(to_act)
        snap = table.snap(seat)
        if seat != 0:
            table.act(seat, rng.choice(snap["legal"]))
            continue
        if not menu_checked:
            page.state(f"window.meeple.state.version >= {snap['version']}")
            menu_checked = check_a_menu(page, snap)
        play_ann(page, snap, rng, met)
        played += 1
    page.shot(f"controls-{game}-{width}")
    if game in MUST_MEET:
        assert met.forced and met.asked, (met.forced, met.asked)
    assert not page.errors, page.errors
