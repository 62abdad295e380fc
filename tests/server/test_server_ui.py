"""The table page as players meet it, for every registered game, in Debian's Chromium
at a desktop width (1280 px) and a phone's (390 px): no console error, no sideways
scrolling, the last moves said above the board and highlighted on it, every legal
action of a sampled position reachable by clicking; the lobby in the games' words, a
name asked of a person who came by a seat link, the final table, the favicon.

Screenshots go to screenshots/ui-*.png (git-ignored test artefacts).
"""

from __future__ import annotations

import html
import random
import re
import time
from typing import Any

import pytest

from meeple.engine.config import OptionSpec
from meeple.engine.registry import all_games, get_game
from tests.server.server_support import (
    REACHABLE_JS,
    WIDTHS,
    Pages,
    Server,
    click_a_decision,
    new_table,
)

GAMES = sorted(game.name for game in all_games())
# Games whose event texts name the board elements they concern (a space, a
# territory): the last move must then glow on the board, not only in the line.
NAMING_BOARDS = {"namibia", "africa1880"}


def min_players(game: str) -> int:
    return next(g.min_players for g in all_games() if g.name == game)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("game", GAMES)
def test_a_table_is_playable_by_clicking_at_this_width(
    server: Server, pages: Pages, game: str, width: int
) -> None:
    n = min_players(game)
    made = new_table(server, game, [{"kind": "human", "name": "Ann"}] + ["random"] * (n - 1))
    page = pages(width)
    page.page.goto(server.base + made["links"]["0"])
    page.page.wait_for_selector("#board svg, #board pre")
    # A decision by clicking, the bots answering: a sampled position.
    for _ in range(1):
        snap = page.state("window.meeple.state.legal.length > 0 || window.meeple.state.over")
        if snap["over"]:
            break
        click_a_decision(page.page)
        page.state(f"window.meeple.state.version > {snap['version']}")
    page.drawn_state("window.meeple.state.legal.length > 0 || window.meeple.state.over")
    # Read in one turn of the page's script: the bots may move meanwhile, and the
    # state, what clicks reach, the last moves and what glows must be of one moment.
    now = page.evaluate(
        """() => {
          const line = document.getElementById('lastmove');
          return {
            snap: window.meeple.state,
            reach: """
        + REACHABLE_JS
        + """,
            moves: window.meeple.lastMoves(),
            said: line ? line.innerText : '',
            shown: !!line && line.offsetParent !== null,
            glowing: [...document.querySelectorAll('#board .lastmove')]
              .map((n) => n.dataset.target),
          };
        }"""
    )
    snap = now["snap"]
    missing = set(snap["legal"]) - set(now["reach"])
    assert not missing, f"legal actions no click reaches: {sorted(missing)[:10]}"
    # What happened since the seat's last decision: told above the board, and the board
    # elements the game says it concerns glowing, those and no others.
    moves = now["moves"]
    assert moves, "no last move after a decision"
    said = now["said"]
    assert now["shown"]
    assert said.startswith("Since your last decision") and moves[-1]["text"] in said
    assert moves[-1] == snap["events"][-1] or snap["events"] == []
    wanted = {t for e in moves for t in e["targets"]}
    assert set(now["glowing"]) == wanted
    if game in NAMING_BOARDS:
        assert wanted, f"the first moves name no board element: {said}"
    assert page.overflow() <= 0, f"{page.overflow()} px of sideways scrolling"
    page.shot(f"ui-{game}-{width}")
    assert not page.errors, page.errors


def test_the_lobby_speaks_the_games_words_and_picks_countries(server: Server, pages: Pages) -> None:
    for width in WIDTHS:
        page = pages(width)
        page.page.goto(server.base + "/")
        page.page.wait_for_selector("#game option[value=africa1880]", state="attached")
        page.page.select_option("#game", "africa1880")
        page.page.select_option("#players", "3")
        options = page.page.locator("#options").inner_text()
        # Labels, not field names; the description without a stray "1)".
        for raw in ("diplomacy_seconds", "historical_placement", "1)"):
            assert raw not in options
        assert "Negotiation time (seconds)" in options
        # Countries: one picker per seat, no free text box.
        picks = page.page.locator("#opt-countries select")
        assert picks.count() == 3
        assert page.overflow() <= 0, f"{page.overflow()} px of sideways scrolling at {width}"
        page.shot(f"ui-lobby-{width}")
        assert not page.errors, page.errors
    tab = page.page  # the phone's page
    for seat, country in enumerate(("germany", "france", "belgium")):
        tab.select_option(f"#opt-countries select[data-pick='{seat}']", country)
    for seat in (1, 2):
        tab.select_option(f"#seat{seat}", "random")
    tab.click("#createbtn")
    tab.wait_for_url("**/t/**")
    snap = page.state()
    assert [s["name"] for s in snap["seats"]] == ["Germany", "France", "Belgium"]
    # The lobby lists open tables by their games' titles.
    tab.goto(server.base + "/")
    tab.wait_for_selector("#open .seat")
    listed = tab.locator("#open").inner_text()
    assert "Africa 1880 · 3 players" in listed
    assert "africa1880" not in listed


def test_a_person_who_joins_by_a_seat_link_is_asked_for_a_name(
    server: Server, pages: Pages
) -> None:
    made = new_table(server, "namibia", ["human", "random", "random"])
    page = pages(390)
    page.page.goto(server.base + made["links"]["0"])
    page.state()
    form = page.page.locator("#nameform")
    assert form.is_visible()
    page.page.click("#nameform button")  # an empty name: refused, with a reason
    assert "type a name" in page.page.locator("#error").inner_text()
    page.page.fill("#nametext", "Zoë <b>")
    page.page.click("#nameform button")
    snap = page.state("window.meeple.state.seats[0].player === 'Zoë <b>'")
    assert snap["seats"][0]["player"] == "Zoë <b>"
    assert not form.is_visible()
    assert "Zoë <b>" in page.page.locator("#seats").inner_text()
    # Stored as the seat's player: the API says it too, and another token may not rename it.
    table = server.http.get(f"/api/tables/{made['id']}").json()
    assert table["seats"][0]["player"] == "Zoë <b>"
    r = server.http.post(
        f"/api/tables/{made['id']}/seats/1/name", json={"token": made["tokens"]["0"], "name": "X"}
    )
    assert r.status_code == 403 and "seat 0, not seat 1" in r.json()["detail"]
    assert not page.errors, page.errors


def test_the_final_table_ranks_and_names_the_winner_once(server: Server, pages: Pages) -> None:
    made = new_table(server, "namibia", ["random"] * 3, seed=3)
    page = pages(390)
    page.page.goto(f"{server.base}/t/{made['id']}")
    snap = page.state("window.meeple.state.over", timeout=120_000)
    page.page.wait_for_selector("#result:not([hidden])")
    result = snap["result"]
    scores = page.page.locator("#scores")
    line = scores.locator("p.winner").inner_text()
    names = [snap["seats"][s]["name"] for s in result["winners"]]
    if names:
        assert all(name in line for name in names)
    else:
        assert line == "No winner: tie for first."
    rows = scores.locator("tr")
    assert rows.count() == 1 + len(result["scores"])
    header = [cell.strip() for cell in rows.nth(0).inner_text().lower().split("\t")]
    # No column repeats the score for every seat.
    for key, _ in result["breakdown"][0].items():
        if all(b[key] == s for b, s in zip(result["breakdown"], result["scores"], strict=True)):
            assert key.replace("_", " ") not in header
    first = rows.nth(1).inner_text()
    assert first.startswith("winner") or first.startswith("tied for first")
    assert page.overflow() <= 0
    page.shot("ui-final-390")
    assert not page.errors, page.errors


def test_the_favicon_is_served_on_every_page(server: Server, pages: Pages) -> None:
    assert server.http.get("/favicon.ico").status_code == 200
    assert server.http.get("/static/favicon.svg").headers["content-type"].startswith("image/svg")
    made = new_table(server, "namibia", ["random"] * 3, seed=9)
    # The replay (and its review) open once the game is over: wait for the bots.
    deadline = time.monotonic() + 120
    while not server.http.get(f"/api/tables/{made['id']}").json().get("over"):
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    page = pages(1280)
    for path in ("/", f"/t/{made['id']}", f"/t/{made['id']}/replay"):
        page.page.goto(server.base + path)
        page.page.wait_for_load_state("networkidle")
    assert not page.errors, page.errors


# ---- the words and targets the pages get, without a browser ----


def finished_random_game(name: str, seed: int) -> Any:
    game = get_game(name)
    state = game.new_game(game.make_config(max(game.min_players, min(3, game.max_players))), seed)
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal(state, seat)).index)
    return game, state


@pytest.mark.parametrize("name", sorted(NAMING_BOARDS))
def test_every_event_target_is_an_element_of_the_drawn_board(name: str) -> None:
    """The targets a game names for its events are data-targets of its board (else
    nothing would glow), and a finished random game names some."""
    game, state = finished_random_game(name, 2)
    presentation = game.presentation()
    view = game.view(state, None)
    drawn = set(re.findall(r'data-target="([^"]+)"', presentation.svg(view) or ""))
    named = [t for e in state.log for t in presentation.event_targets(view, e.to_json())]
    assert named
    assert set(named) <= {html.unescape(t) for t in drawn}


def test_a_game_without_the_hook_names_no_targets() -> None:
    """The default: the line alone (the example game, Goofspiel, has no hook)."""
    if "goofspiel" not in GAMES:
        pytest.skip("the example game is not installed")
    game, state = finished_random_game("goofspiel", 1)
    view = game.view(state, None)
    assert all(game.presentation().event_targets(view, e.to_json()) == [] for e in state.log)


def test_namibias_panel_leaves_out_what_a_seat_has_not() -> None:
    game = get_game("namibia")
    view = game.view(game.new_game(game.make_config(3), 1), None)
    player = view["players"][0]
    player.update(cubes_in_hand={"gold": 0, "copper": 2}, eliminated=False, rails_to_place=0)
    panel = game.presentation().panel(view, 0)
    assert panel["cubes in hand"] == {"copper": 2}
    assert "rails to place" not in panel and "out of the game" not in panel
    assert panel["money"] == f"{player['money']} GM"
    player.update(cubes_in_hand={}, eliminated=True, rails_to_place=2)
    panel = game.presentation().panel(view, 0)
    assert "cubes in hand" not in panel
    assert panel["out of the game"] is True and panel["rails to place"] == 2


def test_the_lobby_gets_each_options_label_and_per_seat_picks(server: Server) -> None:
    games = {g["name"]: g for g in server.http.get("/api/games").json()}
    africa = {o["name"]: o for o in games["africa1880"]["options"]}
    assert africa["diplomacy_seconds"]["label"] == "Negotiation time (seconds)"
    assert not africa["diplomacy_seconds"]["description"].startswith("1)")
    assert africa["countries"]["per_seat"][:2] == ["great britain", "france"]
    for game in games.values():
        for option in game["options"]:
            assert option["label"] and "_" not in option["label"]
    assert OptionSpec("bid_seconds", 0, "clock").title == "Bid seconds"


def test_africas_revealed_orders_panel_shows_whole_sheets() -> None:
    """Issue 12: the "Orders revealed" panel once cut each sheet at 12 lines; a long
    sheet is drawn whole and the drawing grows to hold it."""
    game, state = finished_random_game("africa1880", 3)
    view = game.view(state, 0)
    orders = {f"territory{k}": "develops" for k in range(30)}
    view["revealed"] = [
        {"seat": s, "orders": orders, "relations": {}, "landing": None} for s in (0, 1, 2)
    ]
    svg = game.presentation().svg(view) or ""
    for k in range(30):
        assert svg.count(f"territory{k}:") == 3
    height = float(re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
    lowest = max(float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)"', svg))
    assert lowest < height


def test_africas_order_sheet_groups_no_landing_with_the_landings(
    server: Server, pages: Pages
) -> None:
    """Africa 1880, 2) Writing Orders: a sheet names at most one landing or none;
    "no landing" is offered beside the landings, not in a row labelled "no"."""
    made = new_table(server, "africa1880", [{"kind": "human", "name": "Ann"}, "random", "random"])
    page = pages(390)
    page.page.goto(server.base + made["links"]["0"])
    # Setup and diplomacy by clicking; then the sheet's presence lines, up to its landing.
    for _ in range(12):
        snap = page.state("window.meeple.state.legal.length > 0")
        if "no landing" in snap["legal"]:
            break
        if snap["view"]["phase"] == "writing":
            order = next(a for a in snap["legal"] if a != "seal orders")
            page.page.locator(f"#actions button[data-action-text='{order}']").click()
        else:
            click_a_decision(page.page)
        page.state(f"window.meeple.state.version > {snap['version']}")
    assert "no landing" in snap["legal"], snap["legal"]
    page.page.wait_for_timeout(150)
    landings = {a for a in snap["legal"] if a.startswith("land ")}
    assert landings
    groups: list[list[str]] = page.page.evaluate(
        """() => [...document.querySelectorAll('#actions .control')].map((g) => [
          ...[...g.querySelectorAll('[data-action-text]')].map((b) => b.dataset.actionText),
          ...[...g.querySelectorAll('option')].map((o) => o.value)])"""
    )
    # "no landing" beside the landings: in their control or in the one right after it.
    at = next(i for i, g in enumerate(groups) if "no landing" in g)
    beside = set(groups[at]) | (set(groups[at - 1]) if at else set())
    assert landings | {"no landing"} <= beside
    labels = page.page.locator("#actions .control-heading").all_inner_texts()
    assert "no" not in labels
    assert page.overflow() <= 0
    page.shot("ui-africa-writing-390")
    assert not page.errors, page.errors
