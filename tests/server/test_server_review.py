"""Reviews of finished tables and hints at live ones, through the HTTP API, and the
replay viewer's review in a real browser (Chromium through Playwright).

Small games (Goofspiel, the outside example plugin, with 5 cards) and tiny budgets
keep these fast; the review's own figures are tested in tests/review."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_support import (
    RELAXED,
    Server,
    act,
    chromium,
    create,
    play_random,
    sqlite_url,
    state,
    wait_for,
)

from meeple.engine import GameRecord, get_game
from meeple.review import REVIEW_VERSION, review_record
from meeple.server import review_jobs
from meeple.server.app import create_app
from meeple.server.review_jobs import ReviewSettings
from meeple.server.store import StoredReview

BOTS = ["random", "random"]
PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
TINY = ReviewSettings(iterations=8, hint_iterations=8)


@contextmanager
def serving(db_url: str, settings: ReviewSettings = TINY) -> Iterator[tuple[TestClient, Any]]:
    """A client of a fresh app over ``db_url`` (a restart each time), and its reviews."""
    app = create_app(db_url, limits=RELAXED)
    app.state.reviews.settings = settings
    with TestClient(app) as c:
        yield c, app.state.reviews


def finished_table(c: TestClient, seed: int = 3, cards: int = 5) -> str:
    tid, _ = create(c, "goofspiel", BOTS, seed=seed, cards=cards)
    wait_for(lambda: state(c, tid)["over"])
    return tid


def review_status(c: TestClient, tid: str, start: bool = False) -> dict[str, Any]:
    r = c.post(f"/api/tables/{tid}/review") if start else c.get(f"/api/tables/{tid}/review")
    assert r.status_code == 200, r.text
    return dict(r.json())


def finished_review(c: TestClient, tid: str) -> dict[str, Any]:
    def done() -> dict[str, Any] | None:
        answer = review_status(c, tid)
        assert answer["status"] != "failed", answer
        return answer if answer["status"] == "done" else None

    result: dict[str, Any] = wait_for(done, timeout=120)
    return result


def record_of(c: TestClient, tid: str) -> GameRecord:
    return GameRecord.from_json(c.get(f"/api/tables/{tid}/record").json())


def searched_decisions(record: GameRecord) -> int:
    """Decisions of ``record`` with more than one legal action (a review searches them)."""
    game = get_game(record.game)
    state_ = game.new_game(record.config, record.seed)
    count = 0
    for seat, text in record.moves:
        count += len(game.legal_actions(state_, seat)) > 1
        game.play(state_, seat, text)
    return count


# ---- reviews ---------------------------------------------------------------------------


def test_a_review_runs_once_is_stored_and_survives_a_restart(db_url: str) -> None:
    with serving(db_url) as (c, reviews):
        tid = finished_table(c)
        assert review_status(c, tid) == {"status": "none", "done": 0, "total": 0}
        started = review_status(c, tid, start=True)
        assert started["status"] in ("queued", "running", "done")
        again = review_status(c, tid, start=True)  # a second start joins the same job
        assert again["total"] == started["total"]
        answer = finished_review(c, tid)
        record = record_of(c, tid)
        assert answer["done"] == answer["total"] == len(record.moves)
        assert reviews.searched == searched_decisions(record)
        # The stored review is the one `meeple review` makes with the same seed and budget.
        expected = review_record(
            get_game("goofspiel"), record, 8, seed=0, people=[None, None]
        ).to_json()
        assert answer["review"] == expected
        assert review_status(c, tid, start=True)["review"] == expected
        assert reviews.searched == searched_decisions(record)  # computed once
    with serving(db_url) as (c, reviews):
        assert review_status(c, tid)["review"] == expected
        assert review_status(c, tid, start=True)["status"] == "done"
        assert reviews.searched == 0


def test_progress_is_visible_and_a_job_cut_by_a_restart_resumes(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(review_jobs, "SAVE_EVERY", 1)
    slow = ReviewSettings(iterations=150, hint_iterations=8)
    with serving(db_url, slow) as (c, reviews):
        tid = finished_table(c, seed=4, cards=9)
        review_status(c, tid, start=True)
        midway = wait_for(
            lambda: (lambda a: a if 2 <= a["done"] < a["total"] else None)(review_status(c, tid))
        )
        assert midway["status"] == "running" and "review" not in midway
        record = record_of(c, tid)
    with serving(db_url, slow) as (c, reviews):
        resumed = review_status(c, tid)
        assert resumed["status"] in ("queued", "running")
        assert resumed["done"] >= midway["done"]
        answer = finished_review(c, tid)
        assert 0 < reviews.searched < searched_decisions(record)  # only what was left
    expected = review_record(
        get_game("goofspiel"), record, 150, seed=0, people=[None, None]
    ).to_json()
    assert answer["review"] == expected


def test_a_review_of_a_persons_game_judges_the_person_and_the_bots_when_asked(
    db_url: str,
) -> None:
    """Issue 28, point 3: the review is about the person. Ann played Spades against a
    bot: her decisions are judged and summarised first, the bot's only when asked
    (``bots=true``), which extends the review to the one `meeple review` makes."""
    with serving(db_url) as (c, reviews):
        seats = [{"kind": "random"}, {"kind": "human", "name": "Ann"}]
        tid, tokens = create(c, "goofspiel", seats, seed=3, cards=5)
        assert play_random(c, tid, tokens, 40)["over"]
        record = record_of(c, tid)
        started = review_status(c, tid, start=True)
        assert started["total"] == sum(seat == 1 for seat, _ in record.moves)
        mine = finished_review(c, tid)["review"]
        assert mine["people"] == [None, "Ann"] and mine["bots"] is False
        assert {d["seat"] for d in mine["decisions"]} == {1}
        assert [row["person"] for row in mine["summary"]] == ["Ann", None]
        game = get_game("goofspiel")
        alone = review_record(game, record, 8, seed=0, people=[None, "Ann"])
        assert mine == alone.to_json()
        assert reviews.searched < searched_decisions(record)  # the bot's not yet
        r = c.post(f"/api/tables/{tid}/review", params={"bots": "true"})
        assert r.status_code == 200 and r.json()["status"] in ("queued", "running", "done")
        both = finished_review(c, tid)["review"]
        full = review_record(game, record, 8, seed=0, people=[None, "Ann"], bots=True)
        assert both == full.to_json() and both["bots"] is True
        assert reviews.searched == searched_decisions(record)  # each decision searched once


def test_a_review_waits_for_the_end_of_the_game(client: TestClient) -> None:
    tid, _ = create(client, "goofspiel", PEOPLE, seed=3, cards=5)
    r = client.post(f"/api/tables/{tid}/review")
    assert r.status_code == 409
    assert "over" in r.json()["detail"]
    assert client.get(f"/api/tables/{tid}/review").status_code == 409


# ---- hints -----------------------------------------------------------------------------


def hint(c: TestClient, tid: str, token: str) -> Any:
    return c.post(f"/api/tables/{tid}/hints", json={"token": token})


def deciding_or_over(c: TestClient, tid: str, token: str) -> dict[str, Any] | None:
    mine = state(c, tid, token)
    return mine if mine["over"] or mine["legal"] else None


def hints_info(c: TestClient, tid: str) -> dict[str, Any]:
    r = c.get(f"/api/tables/{tid}/hints")
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_hints_are_refused_at_a_table_of_people_without_the_option(db_url: str) -> None:
    with serving(db_url) as (c, _):
        tid, tokens = create(c, "goofspiel", PEOPLE, seed=3, cards=5)
        r = hint(c, tid, tokens[0])
        assert r.status_code == 403
        assert "when the table is created" in r.json()["detail"]
        assert hints_info(c, tid)["used"] == [0, 0]
        assert hints_info(c, tid)["allowed"] == [False, False]
        assert hint(c, tid, "not-a-token").status_code == 403


def test_hints_with_only_bots_around_are_allowed_counted_and_stored(db_url: str) -> None:
    with serving(db_url) as (c, _):
        tid, tokens = create(c, "goofspiel", [PEOPLE[0], "random"], seed=3, cards=5)
        assert hints_info(c, tid)["allowed"] == [True, False]
        mine = state(c, tid, tokens[0])
        r, asked = hint(c, tid, tokens[0]), 1
        assert r.status_code == 200, r.text
        choices = r.json()["choices"]
        assert 1 <= len(choices) <= 3
        assert {ch["action"] for ch in choices} <= set(mine["legal"])
        assert all(ch["win"] is None or 0 <= ch["win"] <= 1 for ch in choices)
        assert r.json()["used"] == asked == 1
        while True:
            mine = wait_for(lambda: deciding_or_over(c, tid, tokens[0]))
            if mine["over"]:
                break
            assert hint(c, tid, tokens[0]).status_code == 200
            asked += 1
            assert act(c, tid, tokens[0], mine["legal"][0]).status_code == 200
        assert hints_info(c, tid)["used"] == [asked, 0]
        r = hint(c, tid, tokens[0])
        assert r.status_code == 409 and "over" in r.json()["detail"]
    with serving(db_url) as (c, _):  # stored with the table
        assert hints_info(c, tid)["used"] == [asked, 0]


def test_the_option_allows_hints_among_people_and_only_when_deciding(db_url: str) -> None:
    with serving(db_url) as (c, _):
        r = c.post(
            "/api/tables",
            json={
                "game": "goofspiel",
                "players": 2,
                "seats": PEOPLE,
                "seed": 3,
                "options": {"cards": 5},
                "hints": True,
            },
        )
        assert r.status_code == 201 and r.json()["hints"] is True
        tid, tokens = r.json()["id"], {int(k): v for k, v in r.json()["tokens"].items()}
        assert hints_info(c, tid)["allowed"] == [True, True]
        assert hint(c, tid, tokens[1]).status_code == 200
        bid = state(c, tid, tokens[1])["legal"][0]
        assert act(c, tid, tokens[1], bid).status_code == 200
        r = hint(c, tid, tokens[1])  # seat 1 has bid: no decision until seat 0 bids
        assert r.status_code == 422 and "no decision" in r.json()["detail"]
        assert hints_info(c, tid)["used"] == [0, 1]


def test_a_hint_never_depends_on_another_seats_secret_bid(db_url: str) -> None:
    """Goofspiel's bids are secret until both are in (tests/example_game rules): seat 0's
    hint is the same whatever seat 1 bid in secret, though that bid decides the prize."""
    answers = []
    with serving(db_url, ReviewSettings(iterations=8, hint_iterations=96)) as (c, _):
        for secret in ("bid 1", "bid 5"):
            r = c.post(
                "/api/tables",
                json={
                    "game": "goofspiel",
                    "players": 2,
                    "seats": PEOPLE,
                    "seed": 11,
                    "options": {"cards": 5},
                    "hints": True,
                },
            )
            tid, tokens = r.json()["id"], {int(k): v for k, v in r.json()["tokens"].items()}
            assert act(c, tid, tokens[1], secret).status_code == 200
            r = hint(c, tid, tokens[0])
            assert r.status_code == 200, r.text
            answers.append(r.json()["choices"])
    assert answers[0] == answers[1]
    assert any(ch["win"] is not None for ch in answers[0])


# ---- the replay viewer in a browser ----------------------------------------------------


@pytest.fixture(scope="module")
def browser_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MEEPLE_REVIEW_ITERATIONS", "32")  # the server process reads them
        patch.setenv("MEEPLE_HINT_ITERATIONS", "16")
        srv = Server(sqlite_url(tmp_path_factory.mktemp("review")), bot_delay=0.002)
        srv.start()
    yield srv
    srv.stop()


def test_the_replay_viewer_draws_the_review_and_a_point_jumps_to_its_move(
    browser_server: Server,
) -> None:
    srv = browser_server
    made = srv.http.post(
        "/api/tables",
        json={"game": "goofspiel", "players": 2, "seats": BOTS, "seed": 2, "options": {"cards": 5}},
    ).json()
    tid = made["id"]
    wait_for(lambda: srv.http.get(f"/api/tables/{tid}").json()["over"])
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1300, "height": 950})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{srv.base}/t/{tid}/replay")
        page.wait_for_selector("#startreview:not([hidden])")
        page.click("#startreview")
        page.wait_for_selector("#curve svg", timeout=60_000)
        review = page.evaluate("() => window.meepleReplay.review")
        assert len(page.locator("#curve polyline.seatline").all()) == 2
        marked = [d for d in review["decisions"] if d["grade"]]
        assert marked, "seed 2 at 32 iterations has marked decisions"
        points = page.locator("#curve circle.mark")
        assert points.count() == len(marked)
        target = marked[-1]
        page.locator(f"#curve circle.mark[data-move='{target['move']}']").dispatch_event("click")
        page.wait_for_function(
            f"() => document.querySelector('#where').innerText.startsWith('move {target['move']} ')"
        )
        name = review["seat_names"][target["seat"]]
        assert name in page.locator("#move").inner_text()  # its action said if not secret
        verdict = page.locator("#verdict").inner_text()
        assert target["grade"] in verdict and "preferred" in verdict
        assert not errors
        page.close()


def test_the_replay_says_who_the_person_was_and_judges_the_bots_when_asked(
    browser_server: Server,
) -> None:
    """Issue 28, point 3: the review card names the person's seat and its marks
    first; the bot's decisions wait for the button that asks for them."""
    srv = browser_server
    seats = [{"kind": "random"}, {"kind": "human", "name": "Ann"}]
    body = {"game": "goofspiel", "players": 2, "seats": seats, "options": {"cards": 5}}
    made = srv.http.post("/api/tables", json=body).json()
    tid, tokens = made["id"], {int(k): v for k, v in made["tokens"].items()}
    assert play_random(srv.http, tid, tokens, 40)["over"]  # type: ignore[arg-type]
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{srv.base}/t/{tid}/replay")
        assert "person" in page.locator("#people [data-seat='1']").inner_text()
        page.click("#startreview")
        page.wait_for_selector("#summary tr[data-seat]", timeout=60_000)
        rows = page.locator("#summary tr[data-seat]")
        assert rows.first.get_attribute("data-seat") == "1"  # the person first
        assert "a person: Ann" in rows.first.inner_text()
        assert "no" in rows.nth(1).inner_text() and "Ann" in page.inner_text("#reviewstatus")
        page.click("#botsreview")
        page.wait_for_function("() => window.meepleReplay.review.bots === true", timeout=60_000)
        assert page.locator("#botsreview").is_hidden()
        review = page.evaluate("() => window.meepleReplay.review")
        assert {d["seat"] for d in review["decisions"]} == {0, 1}
        assert not errors
        page.close()


def test_the_hint_button_shows_three_choices_that_play_when_clicked(
    browser_server: Server,
) -> None:
    srv = browser_server
    made = srv.http.post(
        "/api/tables",
        json={
            "game": "goofspiel",
            "players": 2,
            "seats": [PEOPLE[0], "random"],
            "seed": 2,
            "options": {"cards": 5},
        },
    ).json()
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1300, "height": 950})
        page.goto(f"{srv.base}/t/{made['id']}#token={made['tokens']['0']}")
        page.wait_for_selector("#hint:not([disabled])")
        page.click("#hint")
        page.wait_for_selector("#hintlist li button.hintchoice")
        choices = page.locator("#hintlist button.hintchoice")
        assert 1 <= choices.count() <= 3
        first = choices.first.get_attribute("data-action-text")
        legal = page.evaluate("() => window.meeple.state.legal")
        assert first in legal
        assert "you used 1" in page.locator("#hintnote").inner_text()
        choices.first.click()
        page.wait_for_function(  # played: that bid's card is spent
            f"() => !window.meeple.state.legal.includes({json.dumps(first)})"
        )
        page.close()


def test_a_review_stored_in_an_older_format_is_computed_again(db_url: str) -> None:
    with serving(db_url) as (c, reviews):
        tid = finished_table(c)
        review_status(c, tid, start=True)
        current = finished_review(c, tid)["review"]
        old = StoredReview("done", 1, 1, {**current, "version": REVIEW_VERSION - 1}, None)
        reviews.hub.store.reviews.save_review(tid, old, 0.0)
    with serving(db_url) as (c, reviews):
        assert review_status(c, tid)["status"] == "none"
        review_status(c, tid, start=True)
        assert finished_review(c, tid)["review"] == current
        assert reviews.searched > 0
