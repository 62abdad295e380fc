"""The web client in a real browser (Debian's Chromium through Playwright).

Screenshots go to screenshots/ (git-ignored).
"""

from __future__ import annotations

from typing import Any

from tests.server.server_support import Pages, Server, answer_yes, click_a_decision, wait_for


def test_namibia_one_person_three_bots_first_round_by_clicking(
    server: Server, pages: Pages
) -> None:
    view = pages(1400, 1000)
    page = view.page
    page.goto(server.base + "/")
    page.wait_for_selector("#game option[value=namibia]", state="attached")
    page.select_option("#game", "namibia")
    page.select_option("#players", "4")
    page.fill("#myname", "Ann & <Bob>")
    for seat in (1, 2, 3):
        page.select_option(f"#seat{seat}", "random")
    page.fill("#seed", "12")
    view.shot("lobby")
    page.click("#createbtn")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#board svg")
    view.shot("namibia-start")
    clicks = 0
    while True:
        snap = view.state("window.meeple.state.legal.length > 0 || window.meeple.state.over")
        if snap["view"]["round"] >= 2 or snap["over"]:
            break
        click_a_decision(page)
        clicks += 1
        view.state(f"window.meeple.state.version > {snap['version']}")
        assert clicks < 400, "the first round did not end"
    view.shot("namibia-round-2")
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
    assert not view.errors, view.errors


def test_africa_two_people_write_and_seal_orders(server: Server, pages: Pages) -> None:
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
    people = [pages(1300, 950) for _ in range(2)]
    for person, seat in zip(people, ("0", "1"), strict=True):
        person.page.goto(server.base + made["links"][seat])
    for person in people:
        person.state()
    # Setup and diplomacy: each person decides by clicking until orders are written.
    for _ in range(40):
        phases = [person.state()["view"]["phase"] for person in people]
        if all(ph == "writing" for ph in phases):
            break
        for person in people:
            snap = person.evaluate("() => window.meeple.state")
            if snap["legal"] and snap["view"]["phase"] != "writing":
                click_a_decision(person.page)
                person.state(f"window.meeple.state.version > {snap['version']}")
    first, second = people
    snap = first.state("window.meeple.state.view.phase === 'writing'")
    first.shot("africa-writing")
    # The first writes an order and seals; the second sees "sealed", never the orders.
    seen = second.state("window.meeple.state.view.phase === 'writing'")
    hidden = seen["view"]
    order = next(a for a in snap["legal"] if ":" in a)
    first.page.locator(f"#actions button[data-action-text='{order}']").click()
    first.state(f"window.meeple.state.version > {snap['version']}")
    second.page.wait_for_timeout(300)
    after = second.evaluate("() => window.meeple.state")
    assert after["view"] == hidden, "another seat's draft changed nothing the second sees"
    assert after["version"] == seen["version"], "nor was the second told that it happened"
    first.page.locator("#actions button[data-action-text='seal orders']").click()
    answer_yes(first.page)  # sealing asks first
    other = second.state("window.meeple.state.view.sealed[0] === true")
    assert other["seats"][0]["status"] == "sealed"
    assert other["view"]["revealed"] is None
    changed = {k for k in hidden if hidden[k] != other["view"][k]}
    assert changed <= {"sealed", "to_act"}, changed
    second.shot("africa-sealed")
    # The second seals too: the orders are revealed to both.
    second.page.locator("#actions button[data-action-text='seal orders']").click()
    answer_yes(second.page)
    second.state("window.meeple.state.view.phase !== 'writing'")
    second.shot("africa-revealed")


def test_replay_page_plays_pauses_jumps_and_names_the_players(server: Server, pages: Pages) -> None:
    http = server.http
    made = http.post(
        "/api/tables",
        json={
            "game": "namibia",
            "players": 3,
            "seats": [{"kind": "human", "name": "Ann"}, "random", "random"],
            "seed": 4,
            "talk": "free",
        },
    ).json()
    tid, token = made["id"], made["tokens"]["0"]
    assert http.post(f"/api/tables/{tid}/chat", json={"token": token, "text": "hi all"}).is_success
    http.post(f"/api/tables/{tid}/seats/0/bot", json={"token": token, "level": "random"})
    wait_for(lambda: http.get(f"/api/tables/{tid}").json()["over"], timeout=120)
    view = pages(1280, 800)
    page = view.page
    page.goto(f"{server.base}/t/{tid}")
    page.click("text=step through the replay")
    page.wait_for_selector("#board svg")
    assert "Ann (Red), played by the random bot" in page.locator("#people").inner_text()
    assert "Ann (Red): hi all" in (page.locator("#chat").text_content() or "")
    # Autoplay at 4 steps a second: it advances, then stays where it was paused.
    page.select_option("#speed", "4")
    page.keyboard.press("Space")
    page.wait_for_function("() => window.meepleReplay.ply >= 3")
    page.click("#play")
    paused = page.evaluate("() => window.meepleReplay.ply")
    assert not page.evaluate("() => window.meepleReplay.playing")
    page.wait_for_timeout(600)
    assert page.evaluate("() => window.meepleReplay.ply") == paused
    # Jump to round 2: the first step showing its heading.
    outline = page.evaluate("() => window.meepleReplay.outline")
    round2 = next(s for s in outline["sections"] if s["heading"] == "Round 2")
    page.select_option("#part", label="Round 2")
    page.wait_for_function(f"() => window.meepleReplay.ply === {round2['ply']}")
    assert page.locator("#where").inner_text().startswith(f"move {round2['ply']} of")
    assert "Round 2" in page.locator("#section").inner_text()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => window.meepleReplay.ply === {round2['ply'] + 1}")
    assert page.locator("#move .who").first.inner_text() in {s["label"] for s in outline["seats"]}
    view.shot("replay-namibia-1280")
    # Played from the step before the end, it stops at the end with the final scores.
    steps = outline["steps"]
    page.evaluate(f"() => window.meepleReplay.show({steps[-2]})")
    page.wait_for_function(f"() => window.meepleReplay.ply === {steps[-2]}")
    page.click("#play")
    page.wait_for_function(
        f"() => window.meepleReplay.ply === {steps[-1]} && !window.meepleReplay.playing"
    )
    page.wait_for_selector("#result:not([hidden])")
    assert "Ann (Red)" in page.locator("#scores").inner_text()
    phone = pages(390, 844)
    phone.page.goto(f"{server.base}/t/{tid}/replay#ply={round2['ply']}")
    phone.page.wait_for_selector("#board svg")
    assert phone.overflow() == 0
    phone.shot("replay-namibia-390")
    assert not view.errors and not phone.errors, (view.errors, phone.errors)


def test_a_dropped_connection_resyncs_without_a_reload(server: Server, pages: Pages) -> None:
    made = server.http.post(
        "/api/tables", json={"game": "namibia", "players": 3, "seats": ["human"] * 3, "seed": 8}
    ).json()
    view = pages(1280, 720)
    page = view.page
    page.goto(server.base + made["links"]["0"])
    snap = view.state()
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
    view.state(f"window.meeple.state.version >= {snap['version'] + 3}")
    assert page.evaluate("() => window.notReloaded") is True
    assert page.locator("#conn").inner_text() == "live"


def test_take_a_free_seat_in_the_lobby_and_find_the_table_again(
    server: Server, pages: Pages
) -> None:
    made = server.http.post(
        "/api/tables",
        json={
            "game": "namibia",
            "players": 3,
            "seats": [{"kind": "human", "name": "Host"}, "human", "random"],
        },
    ).json()
    view = pages(1280, 720)
    page = view.page
    page.goto(server.base + "/")
    page.fill("#myname", "Guest")
    page.locator(f"button.take[data-table='{made['id']}']").click()
    page.wait_for_url(f"**/t/{made['id']}#token=*")
    snap = view.state()
    assert snap["seat"] == 1
    assert snap["seats"][1]["player"] == "Guest"
    # After closing the tab, the lobby lists the table among "My tables".
    page.goto(server.base + "/")
    page.wait_for_selector(f"#mylist a[href^='/t/{made['id']}']")
    view.shot("lobby-my-tables")


def test_private_talk_to_a_group_of_seats_from_the_chat_box(server: Server, pages: Pages) -> None:
    """Private talk may include any set of other seats (Africa 1880's "between two players
    or among more of them"); the chat box offers one tick per seat, none meaning all."""
    made = server.http.post(
        "/api/tables", json={"game": "namibia", "players": 4, "seats": ["human"] * 4, "seed": 4}
    ).json()
    view = pages(1300, 950)
    page = view.page
    page.goto(server.base + made["links"]["0"])
    snap = view.state()
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


def test_a_page_records_script_errors_console_errors_and_failed_requests(
    server: Server, pages: Pages
) -> None:
    """The watchers every browser test ends on (``assert not page.errors``) do see
    each kind of fault, so those assertions can fail."""
    view = pages(1280, 720)
    view.page.goto(server.base + "/")
    view.page.wait_for_selector("#game option", state="attached")
    assert view.errors == []
    view.evaluate("() => console.error('a console error')")
    view.evaluate("() => { setTimeout(() => { throw new Error('a thrown error'); }); }")
    view.evaluate("() => fetch('/api/tables/no-such-table')")
    view.page.wait_for_timeout(300)
    assert any("a console error" in e for e in view.errors), view.errors
    assert any("a thrown error" in e for e in view.errors), view.errors
    assert any(e.startswith("404 ") and "no-such-table" in e for e in view.errors), view.errors
