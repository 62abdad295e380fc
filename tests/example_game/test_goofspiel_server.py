"""The outside example game (tests/example_game, Goofspiel) on the server, which never
names it: a table created through the HTTP API and played to the end, its SVG table,
its secret bids, its clock; and, with Chromium, the table page in a real browser.
Only the public kit's helpers (``meeple.testing.server``) are used, as an outside
game's own repository would."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from meeple_goofspiel import GAME

from meeple.engine import GameRecord, get_game, verify
from meeple.testing.server import act, app_client, chromium, live_server
from meeple.testing.server import create_table as create
from meeple.testing.server import table_state as state

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
SCREENSHOT = Path(os.environ.get("MEEPLE_GOOFSPIEL_SHOT", "/tmp/goofspiel.png"))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(GAME, tmp_path) as c:
        yield c


def wait_for(predicate: Any, timeout: float = 20.0) -> Any:
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("condition not reached in time")


def svg_state(c: TestClient, tid: str, token: str | None = None) -> dict[str, Any]:
    params: dict[str, Any] = {"svg": "true"}
    if token:
        params["token"] = token
    r = c.get(f"/api/tables/{tid}", params=params)
    assert r.status_code == 200, r.text
    return dict(r.json())


def people_or_end(c: TestClient, tid: str) -> dict[str, Any] | None:
    """The table's state once a person must bid or the game is over (bots play alone)."""
    snap = state(c, tid)
    return snap if snap["over"] or set(snap["to_act"]) & {0, 1} else None


def test_games_lists_goofspiel_with_its_options_and_bots(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    info = games["goofspiel"]
    assert (info["min_players"], info["max_players"]) == (2, 4)
    assert info["seat_names"]["3"] == ["Spades", "Hearts", "Clubs"]
    assert {o["name"] for o in info["options"]} == {"cards", "bid_seconds"}
    assert {"heuristic", "random", "medium"} <= set(info["bots"])


def test_a_table_is_played_to_the_end_with_its_svg(client: TestClient) -> None:
    tid, tokens = create(client, "goofspiel", [*HUMANS, "heuristic"], seed=3, cards=6)
    assert set(tokens) == {0, 1}
    rounds = 0
    while True:
        snap = wait_for(lambda: people_or_end(client, tid))
        if snap["over"]:
            break
        for seat in sorted(set(snap["to_act"]) & {0, 1}):
            mine = svg_state(client, tid, tokens[seat])
            svg = mine["svg"]
            assert svg.startswith("<svg") and 'class="board goofspiel"' in svg
            for text in mine["legal"]:  # each legal card can be clicked
                assert f'data-action="{text}"' in svg
            assert mine["seats"][seat]["status"] == "choosing a card"
            assert set(mine["seats"][seat]["panel"]) == {"points", "prizes_won", "cards_left"}
            r = act(client, tid, tokens[seat], mine["legal"][-1], mine["version"])
            assert r.status_code == 200, r.text
        rounds += 1
        assert rounds <= 6
    assert rounds == 6
    end = svg_state(client, tid)
    assert end["result"] is not None and "Game over" in end["svg"]
    assert all(s["status"] == "finished" for s in end["seats"])
    record = GameRecord.from_json(client.get(f"/api/tables/{tid}/record").json())
    assert record.game == "goofspiel" and len(record.moves) == 3 * 6
    verify(get_game("goofspiel"), record)


def test_a_sealed_bid_stays_secret_until_the_reveal(client: TestClient) -> None:
    tid, tokens = create(client, "goofspiel", HUMANS, seed=11, cards=5)
    before = svg_state(client, tid, tokens[1])
    assert act(client, tid, tokens[0], "bid 4").status_code == 200
    own = svg_state(client, tid, tokens[0])
    assert own["view"]["players"][0]["bid"] == 4 and own["legal"] == []
    assert own["seats"][0]["status"] == "card sealed"
    other = svg_state(client, tid, tokens[1])
    assert other["view"]["players"][0] == {**before["view"]["players"][0], "sealed": True}
    assert "Spades has sealed a bid" in other["svg"]  # a card back, not the card
    assert not any("bids the 4" in e["text"] for e in other["events"])
    spectator = svg_state(client, tid)
    assert spectator["view"]["players"][0]["bid"] is None and "data-action" not in spectator["svg"]
    assert act(client, tid, tokens[1], "bid 2").status_code == 200
    revealed = state(client, tid, tokens[1])
    assert revealed["view"]["tricks"][0]["bids"] == [4, 2]
    assert any("Spades wins" in e["text"] for e in revealed["events"])


def test_a_bid_out_of_hand_is_refused_with_the_rule(client: TestClient) -> None:
    tid, tokens = create(client, "goofspiel", HUMANS, seed=2, cards=5)
    r = act(client, tid, tokens[0], "bid 9")
    assert r.status_code == 422 and r.json()["rule"] == "Bidding"
    assert act(client, tid, tokens[0], "bid 1").status_code == 200
    r = act(client, tid, tokens[0], "bid 2")
    assert r.status_code == 422 and r.json()["rule"] == "Turn order"


def test_bid_seconds_puts_the_bidding_on_the_clock(client: TestClient) -> None:
    tid, _ = create(client, "goofspiel", HUMANS, seed=2, cards=5, bid_seconds=30)
    snap = state(client, tid)
    assert snap["deadline"] is not None and 25 < snap["deadline"] - time.time() <= 30


def test_when_time_is_up_a_seat_still_choosing_bids_its_lowest_card(client: TestClient) -> None:
    tid, tokens = create(client, "goofspiel", HUMANS, seed=2, cards=5, bid_seconds=1)
    assert act(client, tid, tokens[0], "bid 5").status_code == 200
    done = wait_for(lambda: (s := state(client, tid))["view"]["tricks"] and s, timeout=5)
    assert done["view"]["tricks"][0]["bids"] == [5, 1], "Hearts ran out of time: its lowest card"
    assert done["deadline"] is not None, "the next round has a clock of its own"


# ---- in a real browser ------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a live server in this process."""
    with live_server(GAME, tmp_path_factory.mktemp("goofspiel")) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def wait_state(page: Any, condition: str) -> Any:
    page.wait_for_function(
        f"() => window.meeple && window.meeple.state && ({condition})", timeout=30_000
    )
    return page.evaluate("() => window.meeple.state")


def test_the_table_page_shows_the_cards_and_plays_by_clicking(server: str, browser: Any) -> None:
    made = httpx.post(
        server + "/api/tables",
        json={
            "game": "goofspiel",
            "players": 3,
            "seats": [{"kind": "human", "name": "Ann"}, "heuristic", "random"],
            "seed": 7,
            "options": {"cards": 8},
        },
    ).json()
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + made["links"]["0"])
    page.wait_for_selector("#board svg.goofspiel")
    clicks = 0
    while True:
        snap = wait_state(page, "window.meeple.state.legal.length > 0 || window.meeple.state.over")
        if snap["over"]:
            break
        cards = page.locator("#board g.card.playable")
        assert cards.count() == len(snap["legal"]), "every legal card is highlighted"
        if clicks == 3:  # mid-game, the player's turn: the picture kept for the docs
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOT), full_page=True)
        cards.last.click()  # the highest card left
        clicks += 1
        wait_state(page, f"window.meeple.state.version > {snap['version']}")
        assert clicks <= 8
    assert clicks == 8
    page.wait_for_selector("#result:not([hidden])")
    assert "Game over" in page.locator("#board svg").inner_html()
    assert not errors
