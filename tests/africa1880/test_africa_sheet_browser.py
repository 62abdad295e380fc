"""Africa 1880's order sheet in Debian's Chromium: at 1280 px a person writes two
lines, goes back to line 1 by clicking it, changes it, and seals through the
confirmation (line 2 kept); at 390 px the sheet is drawn and nothing scrolls
sideways. Screenshots: screenshots/africa1880-sheet-*.png."""

from __future__ import annotations

import time

import pytest

from meeple.games.africa1880.sheet_view import sheet_lines
from tests.server import server_support as web
from tests.server.server_support import Pages, Server

CURRENT = "(document.querySelector('.draft-sheet li.current') || {dataset: {}}).dataset.line"
SEATS = [{"kind": "human", "name": "Ann"}, "heuristic", "heuristic"]


def writing_table(server: Server, seed: int) -> web.SeatAtTable:
    """Seat 0 at its first writing phase (its placement and 'ready' played by HTTP)."""
    table = web.SeatAtTable(server, "africa1880", SEATS, seed)
    for _ in range(400):
        snap = table.snap()
        if snap["view"]["phase"] == "writing" and snap["legal"]:
            return table
        if snap["legal"]:
            assert table.act(snap["legal"][0], snap["version"]).status_code == 200
        else:
            time.sleep(0.02)
    raise AssertionError("no writing phase")


def choose_first_value(page: web.BrowserPage) -> str:
    """Click the first value of the line being written; its action text."""
    button = page.page.locator(".control-choice button[data-action-text]").first
    action = str(button.get_attribute("data-action-text"))
    version = page.state()["version"]
    button.click()
    page.drawn_state(f"window.meeple.state.version > {version}")
    return action


@pytest.mark.parametrize("width", web.WIDTHS)
def test_the_sheet_is_edited_line_by_line_and_sealed_after_the_question(
    server: Server, pages: Pages, width: int
) -> None:
    table = writing_table(server, 11)
    page = pages(width)
    page.page.goto(table.link)
    page.drawn_state("window.meeple.state.view.phase === 'writing'")
    sheet = page.page.locator(".draft-sheet")
    assert sheet.locator("li.current").get_attribute("data-line") == "1"
    assert page.overflow() <= 0, "the page scrolls sideways"
    if width < 1000:
        sheet.scroll_into_view_if_needed()
        page.shot("africa1880-sheet-390")
        assert not page.errors, page.errors
        return
    choose_first_value(page)  # line 1
    line2 = choose_first_value(page)  # line 2
    page.state(f"{CURRENT} === '3'")
    page.page.locator('.draft-sheet li[data-line="1"] button').click()
    page.drawn_state(f"{CURRENT} === '1'")
    # line 1 again: its second value this time
    second = page.page.locator(".control-choice button[data-action-text]").nth(1)
    changed = str(second.get_attribute("data-action-text"))
    version = page.state()["version"]
    second.click()
    page.drawn_state(f"window.meeple.state.version > {version}")
    page.shot("africa1880-sheet-1280")
    before = page.state()["view"]
    lines = sheet_lines(before)
    assert lines[0].action == changed and lines[1].action == line2  # line 2 kept
    # seal orders: the last choice, asked first
    last = "() => [...document.querySelectorAll('#actions button[data-action-text]')]"
    assert page.evaluate(f"{last}.pop().dataset.actionText") == "seal orders"
    page.page.locator('button[data-action-text="seal orders"]').click()
    question = page.page.locator("#confirm-question").text_content() or ""
    assert question.startswith("Seal your 1880 orders? Once sealed they cannot be changed.")
    page.page.locator("#confirm-yes").click()
    after = page.state("window.meeple.state.view.revealed !== null")["view"]
    shown = next(s for s in after["revealed"] if s["seat"] == 0)
    given = {t: order for t, order in before["sheet"]["orders"].items() if order != "nothing"}
    assert shown["orders"] == given and shown["landing"] == before["sheet"]["landing"]
    assert shown["relations"] == before["sheet"]["relations"]
    assert not page.errors, page.errors
