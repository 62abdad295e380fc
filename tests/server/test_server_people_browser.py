"""In the browser: undo says why it is not available, and people stay people.

One Mombasa table, Ann at 1280 px and Bob at 390 px, a server whose absent players
may be handed over after ``GRACE`` seconds (``--limit absent_after``):

* undo (docs/server.md, "Undo"): disabled before Ann's first decision, with the
  reason as its title and in a line under it; enabled after one;
* "hand to a bot" counts down for an absent Ann, disabled until the server allows
  it, then hands her seat over; her row, her chat message, the final results and
  the replay still name Ann.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from server_support import RELAXED_ARGS, SHOTS, new_table, served, wait_for

from meeple.engine.undo import NO_DECISION

GRACE = 2  # seconds


def part(page: Any, selector: str, name: str) -> None:
    """A screenshot of one part of the page, screenshots/<name>.png."""
    SHOTS.mkdir(exist_ok=True)
    page.page.locator(selector).screenshot(path=str(SHOTS / f"{name}.png"))


def test_undo_reason_and_a_handed_over_seat_keeps_its_name(pages: Any, tmp_path: Path) -> None:
    with served(tmp_path, (*RELAXED_ARGS, f"--limit=absent_after={GRACE}")) as server:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        made = new_table(server, "mombasa", seats, seed=4)
        tid, tokens = made["id"], made["tokens"]
        ann = pages(1280, 800)
        ann.page.goto(server.base + made["links"]["0"])
        ann.drawn_state()
        undo = ann.page.locator("#undo")
        assert undo.is_disabled() and undo.get_attribute("title") == NO_DECISION
        ann.page.locator(".undo-wrap").hover()
        note = ann.page.locator("#undonote")
        assert note.is_visible() and note.inner_text() == f"You cannot undo now. {NO_DECISION}"
        first = ann.state()["legal"][0]
        ann.evaluate("(a) => window.meeple.play(a)", first)
        ann.drawn_state("window.meeple.state.undo.available")
        assert undo.is_enabled() and not note.is_visible()
        part(ann, "#decision", "people-undo-1280")
        said = {"token": tokens["0"], "text": "back in a minute"}
        assert server.http.post(f"/api/tables/{tid}/chat", json=said).status_code == 200

        bob = pages(390, 844)
        bob.page.goto(server.base + made["links"]["1"])
        bob.drawn_state()
        ann.close()  # Ann goes away: Bob may hand her seat over once GRACE has passed
        button = bob.page.locator("#seats [data-seat='0'] button.handover")
        button.wait_for()
        assert button.is_disabled()
        # GRACE seconds, give or take the second the clock offset (the snapshot's
        # "now" against the page's clock) may be off on a busy machine.
        assert re.fullmatch(r"hand to a bot in 0:0[1-3]", button.inner_text()), button.inner_text()
        part(bob, "#seatscard", "people-countdown-390")
        bob.page.wait_for_function(
            "() => !document.querySelector(\"#seats [data-seat='0'] button.handover\").disabled",
            timeout=(GRACE + 3) * 1000,
        )
        button.click()
        bob.drawn_state("window.meeple.state.seats[0].kind !== 'human'")
        row = bob.page.locator("#seats [data-seat='0']").inner_text()
        assert "Ann, played by the medium bot since" in row, row
        assert "Blue (Ann): back in a minute" in bob.page.locator("#chatlog").inner_text()
        part(bob, "#seatscard", "people-handed-over-390")
        assert not ann.errors and not bob.errors, (ann.errors, bob.errors)

        # The game plays out with quick bots (no page open: none redraws every move);
        # the results and the replay still name Ann.
        bob.close()
        for seat in ("0", "1"):
            if seat == "0":
                back = {"token": tokens["0"]}
                assert server.http.post(f"/api/tables/{tid}/seats/0/back", json=back).is_success
            body = {"token": tokens[seat], "level": "random"}
            assert server.http.post(f"/api/tables/{tid}/seats/{seat}/bot", json=body).is_success
        wait_for(lambda: server.http.get(f"/api/tables/{tid}").json()["over"], timeout=60)
        bob = pages(390, 844)
        bob.page.goto(server.base + made["links"]["1"])
        bob.drawn_state("window.meeple.state.over")
        scores = bob.page.locator("#scores").inner_text()
        assert "Blue (Ann)" in scores and "played by the random bot since" in scores, scores
        part(bob, "#result", "people-results-390")
        bob.page.goto(f"{server.base}/t/{tid}/replay")
        bob.page.wait_for_function("() => document.body.innerText.includes('Ann')")
        assert not bob.errors, bob.errors
