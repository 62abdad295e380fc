"""Mombasa's secret plan in Debian's Chromium: at 1280 px a person puts two cards
into slots, rearranges them (nothing is sent meanwhile), and presses Ready: the
page asks (a slot stays empty) and then sends the plan as legal actions, the
arranged cards landing in the arranged slots; at 390 px the draft is drawn and
nothing scrolls sideways. Screenshots: screenshots/mombasa-plan-*.png."""

from __future__ import annotations

import time

import pytest

from tests.server import server_support as web
from tests.server.server_support import Pages, Server

SEATS = [{"kind": "human", "name": "Ann"}, "heuristic", "heuristic"]


def planning_table(server: Server, seed: int) -> web.SeatAtTable:
    """Seat 0 at its first planning phase (its starting cards rested by HTTP)."""
    table = web.SeatAtTable(server, "mombasa", SEATS, seed)
    deadline = time.time() + 60
    while time.time() < deadline:
        snap = table.snap()
        if snap["view"]["phase"] == "planning" and snap["legal"]:
            return table
        if snap["legal"]:
            assert table.act(snap["legal"][0], snap["version"]).status_code == 200
        else:
            time.sleep(0.02)
    raise AssertionError("no planning phase")


@pytest.mark.parametrize("width", web.WIDTHS)
def test_the_plan_is_drafted_rearranged_and_sent_on_ready(
    server: Server, pages: Pages, width: int
) -> None:
    table = planning_table(server, 21)
    page = pages(width)
    page.page.goto(table.link)
    page.drawn_state("window.meeple.state.view.phase === 'planning'")
    picks = page.page.locator(".draft-plan select")
    assert picks.count() == 3
    assert page.overflow() <= 0, "the page scrolls sideways"
    faces = page.evaluate(
        "() => [...document.querySelectorAll('.draft-plan select')[0].options].map((o) => o.value)"
    )[1:]
    first, second = faces[0], faces[1]
    picks.nth(0).select_option(first)
    page.page.locator(".draft-plan select").nth(1).select_option(second)
    if width < 1000:
        page.page.locator(".draft-plan").scroll_into_view_if_needed()
        page.shot("mombasa-plan-390")
        assert not page.errors, page.errors
        return
    version = page.state()["version"]
    # rearranged: the first card moves from slot 1 to slot 3
    page.page.locator(".draft-plan select").nth(0).select_option("")
    page.page.locator(".draft-plan select").nth(2).select_option(first)
    page.shot("mombasa-plan-1280")
    assert page.state()["version"] == version  # nothing sent while drafting
    page.page.locator('.draft-plan button[data-action-text="ready"]').click()
    question = page.page.locator("#confirm-question").text_content() or ""
    assert question.startswith("Ready with slot 1 empty?")
    page.page.locator("#confirm-yes").click()
    snap = page.state("window.meeple.state.view.players[0].ready !== false")
    slots = snap["view"]["players"][0]["slots"]
    assert [s and s["card"] for s in slots[:3]] == [None, second, first]
    assert not page.errors, page.errors
