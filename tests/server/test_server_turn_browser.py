"""Your turn, in a real browser (issue 25, points 1 and 9): the tab's title and
favicon change while a decision waits for the page's seat and go back once it is
played; a decision that starts waiting chimes; the lobby's "My tables" says where it
is your turn, and the lobby describes the game and lists its bots weakest first.

Screenshots go to screenshots/ (git-ignored)."""

from __future__ import annotations

import random
from typing import Any

from tests.server.server_support import SHOTS, Pages, Server, new_table

MARK = "● Your turn · "
ICON_JS = "() => document.querySelector(\"link[rel~='icon']\").getAttribute('href')"


def others_play_until_seat_0_acts(server: Server, made: dict[str, Any], rng: random.Random) -> int:
    """Seats 1 and 2 (people played over HTTP) decide until seat 0 must; moves made."""
    moves = 0
    while True:
        table = server.http.get(f"/api/tables/{made['id']}").json()
        if 0 in table["to_act"] or table["over"]:
            return moves
        seat = table["to_act"][0]
        token = made["tokens"][str(seat)]
        mine = server.http.get(f"/api/tables/{made['id']}", params={"token": token}).json()
        body = {"token": token, "action": rng.choice(mine["legal"]), "version": mine["version"]}
        assert server.http.post(f"/api/tables/{made['id']}/actions", json=body).status_code == 200
        moves += 1
        assert moves < 200


def test_the_tab_says_your_turn_and_the_lobby_knows(server: Server, pages: Pages) -> None:
    people = [{"kind": "human", "name": name} for name in ("Ann", "Bob", "Cy")]
    made = new_table(server, "namibia", people, seed=4)
    rng = random.Random(3)
    view = pages(1280, 800)
    page = view.page
    page.goto(f"{server.base}/t/{made['id']}#token={made['tokens']['0']}")
    snap = view.drawn_state()
    if snap["legal"]:  # Ann opens the page at her turn: it never chimes on arrival
        assert page.title().startswith(MARK)
        while view.state()["legal"]:
            before = view.state()["version"]
            page.evaluate("(a) => window.meeple.play(a)", view.state()["legal"][0])
            view.state(f"window.meeple.state.version > {before}")
    # Not her turn: no marker, the usual icon.
    view.drawn_state("window.meeple.state.legal.length === 0")
    assert not page.title().startswith(MARK)
    assert page.evaluate(ICON_JS) == "/static/favicon.svg"
    chimes = page.evaluate("() => window.meepleTurn.chimes")

    # The others decide until Ann must: marker, favicon, one chime.
    assert others_play_until_seat_0_acts(server, made, rng) > 0
    view.drawn_state("window.meeple.state.legal.length > 0")
    assert page.title() == f"{MARK}meeple: Namibia"
    assert page.evaluate(ICON_JS) == "/static/favicon-turn.svg"
    page.wait_for_function(f"() => window.meepleTurn.chimes === {chimes + 1}")
    assert page.locator("#turnsound").inner_text() == "turn sound: on"
    view.shot("turn-waiting-1280")

    # The lobby, in another tab of the same browser: "My tables" says it is her turn.
    tab = view.context.new_page()  # the same localStorage: the seats Ann holds
    failures: list[str] = []
    tab.on("pageerror", lambda e: failures.append(str(e)))
    tab.goto(server.base + "/")
    row = tab.locator(f"#mylist .seat[data-table='{made['id']}']")
    row.locator(".status.yourturn").wait_for()
    assert row.locator(".status").inner_text() == "your turn"
    # The chosen game described, a "how to play" link, bots weakest first.
    tab.select_option("#game", "namibia")
    info = tab.locator("#gameinfo")
    assert "3-4 players" in info.inner_text() and "reputation" in info.inner_text()
    assert info.locator("a#howtoplay").get_attribute("href") == "/games/namibia/help"
    levels = tab.locator("#levels li").evaluate_all("(lis) => lis.map((l) => l.dataset.level)")
    assert levels == ["random", "easy", "heuristic", "medium", "hard"]
    tab.screenshot(path=str(SHOTS / "turn-lobby-1280.png"), full_page=True)
    tab.close()
    assert not failures, failures

    # Ann plays her decision(s): the marker and the icon go back.
    while view.state()["legal"]:
        before = view.state()["version"]
        page.evaluate("(a) => window.meeple.play(a)", view.state()["legal"][0])
        view.state(f"window.meeple.state.version > {before}")
    view.drawn_state("window.meeple.state.legal.length === 0")
    assert page.title() == "meeple: Namibia"
    assert page.evaluate(ICON_JS) == "/static/favicon.svg"
    assert not view.errors, view.errors


def test_the_lobby_fits_a_phone(server: Server, pages: Pages) -> None:
    phone = pages(390, 844)
    phone.page.goto(server.base + "/")
    phone.page.wait_for_selector("#game option[value=newworld]", state="attached")
    phone.page.select_option("#game", "newworld")
    phone.page.select_option("#players", "3")
    options = phone.page.locator("#options").inner_text()
    assert "Two player version" not in options and "Turns" in options
    phone.page.select_option("#players", "2")
    assert "Two player version" in phone.page.locator("#options").inner_text()
    assert phone.overflow() <= 0
    phone.shot("turn-lobby-390")
    assert not phone.errors, phone.errors
