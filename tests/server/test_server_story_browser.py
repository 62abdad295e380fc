"""The story on the table page, in Debian's Chromium: a 4-player Namibia (Ann and
three random bots, 1280 px). Once the first round is over, the "since your last
decision" panel holds every event the server shows Ann since her own last decision,
the three other seats' moves among them, grouped by seat; it still does after the
socket drops and the page reconnects (the whole log sent again). The log is grouped
by round under collapsible headings, each event numbered by its index in the log and
drawn in its seat's colour. Then the same seat at 390 px: nothing sideways.

Screenshots: screenshots/story-namibia-1280.png and story-namibia-390.png.
"""

from __future__ import annotations

import random
from typing import Any

from tests.server.server_support import ANN_AND_THREE_BOTS, BrowserPage, Pages, Server, new_table

# Ann plays her forced steps herself: every decision of hers is one the test makes.
NO_AUTOPLAY = "localStorage.setItem('meeple.autoplay', JSON.stringify('off'))"

# What the page shows of the story, read in one turn of its script.
READ_STORY = """() => {
  const fold = document.querySelector('#lastmove .story-fold');
  return {
    moves: window.meeple.lastMoves().map((e) => e.i),
    panel: [...document.querySelectorAll('#lastmove .story-event')].map((n) => Number(n.dataset.i)),
    groups: [...document.querySelectorAll('#lastmove .story-group')].map((g) => g.dataset.seat),
    folded: Boolean(fold) && fold.getAttribute('aria-expanded') === 'false',
    version: window.meeple.state.version,
  };
}"""
READ_LOG = """() => ({
  headings: [...document.querySelectorAll('#log .story-part > summary .story-heading')]
    .map((n) => n.textContent),
  open: [...document.querySelectorAll('#log .story-part')].map((d) => d.open),
  events: [...document.querySelectorAll('#log .story-event')].map((n) => ({
    i: Number(n.dataset.i), n: n.querySelector('.story-n').textContent,
    seat: n.style.getPropertyValue('--seat').trim(),
  })),
  colours: window.meeple.state.colours,
})"""


def seat_events(server: Server, table: str, token: str) -> list[dict[str, Any]]:
    """Every event the server shows the seat, from the start."""
    r = server.http.get(f"/api/tables/{table}", params={"token": token})
    assert r.status_code == 200, r.text
    events: list[dict[str, Any]] = r.json()["events"]
    return events


def play_into_round_two(page: BrowserPage, rng: random.Random) -> int:
    """Ann's decisions (random legal ones) until the log shows round 2 and the others
    have all moved since her last one: the log's length at that last decision."""
    decided = -1
    for _ in range(80):
        snap = page.state("window.meeple.state.legal.length > 0 || window.meeple.state.over")
        assert not snap["over"]
        since = f"() => window.meeple.lastMoves().filter((e) => e.i >= {decided})"
        seats = set(page.evaluate(since + ".map((e) => e.seat)"))
        after_round_one = page.evaluate(
            "() => [...document.querySelectorAll('#log .story-heading')]"
            ".some((n) => n.textContent === 'Round 2')"
        )
        if decided >= 0 and after_round_one and {1, 2, 3} <= seats:
            return decided
        decided = snap["log_to"]
        page.evaluate("(a) => window.meeple.play(a)", rng.choice(snap["legal"]))
        page.state(f"window.meeple.state.version > {snap['version']}")
    raise AssertionError("round 2 never came with all three others moving")


def check_panel(page: BrowserPage, server: Server, made: dict[str, Any], decided: int) -> None:
    """The panel holds exactly the events the server shows Ann since her decision."""
    story = page.evaluate(READ_STORY)
    if story["folded"]:
        page.page.click("#lastmove .story-fold")
        story = page.evaluate(READ_STORY)
    events = seat_events(server, made["id"], made["tokens"]["0"])
    wanted = [e["i"] for e in events if e["i"] >= decided]
    # Bots may have moved since the page read; what it holds is a prefix of now.
    assert story["moves"] == wanted[: len(story["moves"])] and len(story["moves"]) >= 4
    assert sorted(story["panel"]) == story["moves"]
    others = {e["seat"] for e in events if e["i"] in set(story["moves"]) and e.get("seat")}
    assert others >= {1, 2, 3}, others
    # One group per seat, in the order the seats first appear.
    first_seen = []
    for e in events:
        if e["i"] in set(story["moves"]):
            key = str(e["seat"]) if "seat" in e else ""
            if key not in first_seen:
                first_seen.append(key)
    assert story["groups"] == first_seen


def test_the_story_holds_every_move_since_ones_decision_and_the_log_its_rounds(
    server: Server, pages: Pages
) -> None:
    made = new_table(server, "namibia", ANN_AND_THREE_BOTS, seed=5)
    page = pages(1280, 800)
    page.page.add_init_script(NO_AUTOPLAY)
    page.page.goto(server.base + made["links"]["0"])
    decided = play_into_round_two(page, random.Random(5))
    page.drawn_state()
    check_panel(page, server, made, decided)
    page.shot("story-namibia-1280")

    # The socket drops and comes back: the whole log again, nothing lost.
    version = page.state()["version"]
    page.evaluate("() => window.meeple.drop()")
    page.page.wait_for_function("() => document.getElementById('conn').textContent === 'live'")
    page.drawn_state(f"window.meeple.state.version >= {version}")
    check_panel(page, server, made, decided)

    # The log: the setup and each round under its heading, the latest open; every event
    # numbered by its index in the log, those of a seat in that seat's colour.
    log = page.evaluate(READ_LOG)
    events = seat_events(server, made["id"], made["tokens"]["0"])
    assert log["headings"][:3] == ["Setup", "Round 1", "Round 2"]
    assert log["open"][-1] and not any(log["open"][:-1])
    shown = {e["i"]: e for e in log["events"]}
    assert set(shown) >= {e["i"] for e in events[:-3]}  # bots may have moved since
    for e in events:
        if e["i"] in shown:
            assert shown[e["i"]]["n"] == str(e["i"] + 1)
            colour = log["colours"][e["seat"]] if "seat" in e else ""
            assert shown[e["i"]]["seat"] == colour, e
    assert not page.errors, page.errors

    # The same seat on a phone: the panel and the log fit its width.
    phone = pages(390, 844)
    phone.page.goto(server.base + made["links"]["0"])
    phone.drawn_state("window.meeple.state.events.length > 0")
    assert phone.overflow() <= 0, f"{phone.overflow()} px of sideways scrolling"
    assert phone.evaluate("() => !document.getElementById('lastmove').hidden")
    phone.shot("story-namibia-390")
    assert not phone.errors, phone.errors
