"""The web client in a real browser (Debian's Chromium through Playwright).

Screenshots go to screenshots/ (git-ignored).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_support import CHROMIUM, Server, chromium, sqlite_url

pytest.importorskip("playwright.sync_api")
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"

if not Path(CHROMIUM).exists():
    pytest.skip(
        f"no Chromium at {CHROMIUM}: apt-get install chromium (.ci/run does)",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(sqlite_url(tmp_path_factory.mktemp("browser")), bot_delay=0.002)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def wait_state(page: Any, condition: str, timeout: float = 30_000) -> Any:
    page.wait_for_function(
        f"() => window.meeple && window.meeple.state && ({condition})", timeout=timeout
    )
    return page.evaluate("() => window.meeple.state")


def click_a_decision(page: Any) -> None:
    """Decide by clicking: a highlighted board element first, else a button or list."""
    playable = page.locator("#board .playable")
    if playable.count():
        playable.first.click()
        menu = page.locator(".menu button")
        if menu.count():
            menu.first.click()
        return
    buttons = page.locator("#actions button[data-action-text]")
    if buttons.count():
        buttons.first.click()
        return
    page.locator("#actions .group button.primary").first.click()


def test_namibia_one_person_three_bots_first_round_by_clicking(
    server: Server, browser: Any
) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.wait_for_selector("#game option[value=namibia]", state="attached")
    page.select_option("#game", "namibia")
    page.select_option("#players", "4")
    page.fill("#myname", "Ann & <Bob>")
    for seat in (1, 2, 3):
        page.select_option(f"#seat{seat}", "random")
    page.fill("#seed", "12")
    shot(page, "lobby")
    page.click("#createbtn")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#board svg")
    shot(page, "namibia-start")
    clicks = 0
    while True:
        snap = wait_state(page, "window.meeple.state.legal.length > 0 || window.meeple.state.over")
        if snap["view"]["round"] >= 2 or snap["over"]:
            break
        click_a_decision(page)
        clicks += 1
        wait_state(page, f"window.meeple.state.version > {snap['version']}")
        assert clicks < 400, "the first round did not end"
    shot(page, "namibia-round-2")
    assert clicks > 3
    assert page.locator(".seat.me").inner_text().startswith("Red")
    # The player's name is shown as text, never as markup.
    assert "Ann & <Bob>" in page.locator("#seats").inner_text()
    # Chat is escaped where it is shown.
    page.fill("#chattext", "<img src=x onerror=alert(1)>hi")
    page.click("#chatform button")
    page.wait_for_function("() => document.querySelector('#chatlog').innerText.includes('hi')")
    assert "<img src=x" in page.locator("#chatlog").inner_text()
    assert page.locator("#chatlog img").count() == 0
    assert not errors


def test_africa_two_people_write_and_seal_orders(server: Server, browser: Any) -> None:
    r = server.http.post(
        "/api/tables",
        json={
            "game": "africa1880",
            "players": 3,
            "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}, "random"],
            "seed": 5,
        },
    )
    assert r.status_code == 201, r.text
    made = r.json()
    pages = []
    for seat in ("0", "1"):
        context = browser.new_context(viewport={"width": 1300, "height": 950})
        page = context.new_page()
        page.goto(server.base + made["links"][seat])
        pages.append(page)
    for page in pages:
        wait_state(page, "true")
    # Setup and diplomacy: each person decides by clicking until orders are written.
    for _ in range(40):
        phases = [wait_state(p, "true")["view"]["phase"] for p in pages]
        if all(ph == "writing" for ph in phases):
            break
        for page in pages:
            snap = page.evaluate("() => window.meeple.state")
            if snap["legal"] and snap["view"]["phase"] != "writing":
                click_a_decision(page)
                wait_state(page, f"window.meeple.state.version > {snap['version']}")
    first, second = pages
    snap = wait_state(first, "window.meeple.state.view.phase === 'writing'")
    shot(first, "africa-writing")
    # The first writes an order and seals; the second sees "sealed", never the orders.
    seen = wait_state(second, "window.meeple.state.view.phase === 'writing'")
    hidden = seen["view"]
    order = next(a for a in snap["legal"] if ":" in a)
    first.locator(f"#actions button[data-action-text='{order}']").click()
    wait_state(first, f"window.meeple.state.version > {snap['version']}")
    second.wait_for_timeout(300)
    after = second.evaluate("() => window.meeple.state")
    assert after["view"] == hidden, "another seat's draft changed nothing the second sees"
    assert after["version"] == seen["version"], "nor was the second told that it happened"
    first.locator("#actions button[data-action-text='seal orders']").click()
    other = wait_state(second, "window.meeple.state.view.sealed[0] === true")
    assert other["seats"][0]["status"] == "sealed"
    assert other["view"]["revealed"] is None
    changed = {k for k in hidden if hidden[k] != other["view"][k]}
    assert changed <= {"sealed", "to_act"}, changed
    shot(second, "africa-sealed")
    # The second seals too: the orders are revealed to both.
    second.locator("#actions button[data-action-text='seal orders']").click()
    wait_state(second, "window.meeple.state.view.phase !== 'writing'")
    shot(second, "africa-revealed")


def test_replay_viewer_steps_through_a_finished_game(server: Server, browser: Any) -> None:
    made = server.http.post(
        "/api/tables",
        json={"game": "namibia", "players": 3, "seats": ["random"] * 3, "seed": 3},
    ).json()
    tid = made["id"]
    page = browser.new_page(viewport={"width": 1300, "height": 950})
    page.goto(f"{server.base}/t/{tid}")
    wait_state(page, "window.meeple.state.over", timeout=120_000)
    page.click("text=step through the replay")
    page.wait_for_selector("#board svg")
    assert page.locator("#where").inner_text().startswith("move 0 of")
    for _ in range(3):
        page.click("#next")
    page.wait_for_function("() => document.querySelector('#where').innerText.startsWith('move 3')")
    assert page.locator("#move").inner_text()
    shot(page, "replay-move-3")
    page.click("#last")
    page.wait_for_selector("#result:not([hidden])")
    shot(page, "replay-end")


def test_a_dropped_connection_resyncs_without_a_reload(server: Server, browser: Any) -> None:
    made = server.http.post(
        "/api/tables", json={"game": "namibia", "players": 3, "seats": ["human"] * 3, "seed": 8}
    ).json()
    page = browser.new_page()
    page.goto(server.base + made["links"]["0"])
    snap = wait_state(page, "true")
    page.evaluate("() => { window.notReloaded = true; window.meeple.drop(); }")
    # Meanwhile the game goes on (seat by seat, through the HTTP API).
    for _ in range(3):
        now = server.http.get(f"/api/tables/{made['id']}").json()
        seat = str(now["to_act"][0])
        mine = server.http.get(
            f"/api/tables/{made['id']}", params={"token": made["tokens"][seat]}
        ).json()
        body = {"token": made["tokens"][seat], "action": mine["legal"][0]}
        assert server.http.post(f"/api/tables/{made['id']}/actions", json=body).status_code == 200
    wait_state(page, f"window.meeple.state.version >= {snap['version'] + 3}")
    assert page.evaluate("() => window.notReloaded") is True
    assert page.locator("#conn").inner_text() == "live"


def test_take_a_free_seat_in_the_lobby_and_find_the_table_again(
    server: Server, browser: Any
) -> None:
    made = server.http.post(
        "/api/tables",
        json={
            "game": "namibia",
            "players": 3,
            "seats": [{"kind": "human", "name": "Host"}, "human", "random"],
        },
    ).json()
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.base + "/")
    page.fill("#myname", "Guest")
    page.locator(f"button.take[data-table='{made['id']}']").click()
    page.wait_for_url(f"**/t/{made['id']}#token=*")
    snap = wait_state(page, "true")
    assert snap["seat"] == 1
    assert snap["seats"][1]["player"] == "Guest"
    # After closing the tab, the lobby lists the table among "My tables".
    page.goto(server.base + "/")
    page.wait_for_selector(f"#mylist a[href^='/t/{made['id']}']")
    shot(page, "lobby-my-tables")


def test_private_talk_to_a_group_of_seats_from_the_chat_box(server: Server, browser: Any) -> None:
    """Private talk may include any set of other seats (Africa 1880's "between two players
    or among more of them"); the chat box offers one tick per seat, none meaning all."""
    made = server.http.post(
        "/api/tables", json={"game": "namibia", "players": 4, "seats": ["human"] * 4, "seed": 4}
    ).json()
    page = browser.new_page(viewport={"width": 1300, "height": 950})
    page.goto(server.base + made["links"]["0"])
    snap = wait_state(page, "true")
    names = [s["name"] for s in snap["seats"]]
    page.locator(f"#chatto label:has-text('{names[1]}') input").check()
    page.locator(f"#chatto label:has-text('{names[2]}') input").check()
    page.fill("#chattext", "just the three of us")
    page.click("#chatform button")
    page.wait_for_function(
        "() => document.querySelector('#chatlog').innerText.includes('three of us')"
    )
    assert f"→ {names[1]}, {names[2]}" in page.locator("#chatlog").inner_text()

    def chat_of(seat: str) -> list[Any]:
        got = server.http.get(
            f"/api/tables/{made['id']}", params={"token": made["tokens"][seat]}
        ).json()
        return [m["text"] for m in got["chat"]]

    assert "just the three of us" in chat_of("1")
    assert "just the three of us" in chat_of("2")
    assert "just the three of us" not in chat_of("3")
    # With nothing ticked the next message goes to everyone.
    page.locator("#chatto input:checked").first.uncheck()
    page.locator("#chatto input:checked").first.uncheck()
    page.fill("#chattext", "hello all")
    page.click("#chatform button")
    page.wait_for_function(
        "() => document.querySelector('#chatlog').innerText.includes('hello all')"
    )
    assert "hello all" in chat_of("3")
