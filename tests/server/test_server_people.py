"""People stay people: a seat handed to a bot keeps its player's name.

``meeple.server.people``: whether its person left or another player handed it over,
the seat keeps ``player`` (the person's name) and ``bot_since`` (the game's heading
at the hand-over, ``Presentation.section``); taking it back restores the person;
the final record names the people. Another player may hand an absent seat over once
``Limits.absent_after`` has passed, and every snapshot says when (``handover_at``).
"""

from __future__ import annotations

import dataclasses
import random
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from server_support import RELAXED, act, create, sqlite_url, state, wait_for

from meeple.engine import get_game
from meeple.server import render
from meeple.server.app import create_app

GRACE = 1.5  # seconds a seat must be absent before another player may hand it over


def play_to_a_heading(c: TestClient, tid: str, tokens: dict[int, str]) -> str:
    """Random moves until the public log has a heading ("Round 2"); the last one."""
    rng = random.Random(5)
    game = get_game(state(c, tid)["game"])
    for _ in range(300):
        seat = state(c, tid)["to_act"][0]
        mine = state(c, tid, tokens[seat])
        assert act(c, tid, tokens[seat], rng.choice(mine["legal"])).status_code == 200
        headings = [render.section(game, e) for e in state(c, tid)["events"]]
        if any(headings):
            return [h for h in headings if h][-1]
    raise AssertionError("no heading in 300 moves")


def to_bot(c: TestClient, tid: str, seat: int, token: str) -> Any:
    return c.post(f"/api/tables/{tid}/seats/{seat}/bot", json={"token": token, "level": "random"})


def test_a_seat_left_to_a_bot_keeps_its_persons_name(tmp_path: Path) -> None:
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED)) as c:
        people = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        tid, tokens = create(c, "mombasa", people, seed=4)
        words = play_to_a_heading(c, tid, tokens)
        assert to_bot(c, tid, 0, tokens[0]).status_code == 200  # Ann leaves
        ann = state(c, tid, tokens[1])["seats"][0]
        assert (ann["player"], ann["kind"], ann["bot_since"]) == ("Ann", "random", words)
        assert ann["played_by"] == f"Ann, played by the random bot since {words}"
        assert ann["handover_at"] is None  # a bot plays it: nothing to hand over
        back = c.post(f"/api/tables/{tid}/seats/0/back", json={"token": tokens[0]})
        assert back.status_code == 200
        ann = state(c, tid)["seats"][0]
        assert (ann["player"], ann["kind"], ann["bot_since"], ann["played_by"]) == (
            "Ann",
            "human",
            None,
            "Ann",
        )
        # Both seats to bots: the game plays out; the record and the replay name Ann.
        assert to_bot(c, tid, 0, tokens[0]).status_code == 200
        assert to_bot(c, tid, 1, tokens[1]).status_code == 200
        wait_for(lambda: state(c, tid)["over"], timeout=60)
        record = c.get(f"/api/tables/{tid}/record").json()
        assert [p["player"] for p in record["people"]] == ["Ann", "Bob"]
        assert record["people"][0]["played_by"].startswith("Ann, played by the random bot since")
        replay = c.get(f"/api/tables/{tid}/replay").json()
        assert [s["player"] for s in replay["seats"]] == ["Ann", "Bob"]


def test_another_player_may_hand_an_absent_seat_over_when_the_snapshot_says(
    tmp_path: Path,
) -> None:
    limits = dataclasses.replace(RELAXED, absent_after=GRACE)
    with TestClient(create_app(sqlite_url(tmp_path), limits=limits)) as c:
        people = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        tid, tokens = create(c, "mombasa", people, seed=4)
        with c.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws:
            ws.receive_json()  # Ann at the table, then gone
            assert state(c, tid, tokens[1])["seats"][0]["handover_at"] is None
        seen = time.time()
        at = wait_for(lambda: state(c, tid, tokens[1])["seats"][0]["handover_at"])
        assert seen - 0.5 <= at - GRACE <= seen
        early = to_bot(c, tid, 0, tokens[1])
        assert early.status_code == 403 and "hand it to a bot" in early.json()["detail"]
        assert state(c, tid, tokens[1])["seats"][0]["kind"] == "human"
        time.sleep(max(0.0, at - time.time()) + 0.1)
        assert to_bot(c, tid, 0, tokens[1]).status_code == 200
        ann = state(c, tid, tokens[1])["seats"][0]
        assert ann["player"] == "Ann" and ann["bot_since"] == "the start"


def test_seat_words_for_every_kind_of_seat() -> None:
    """What a row says, including a seat handed over before the hand-over point was
    kept (a stored row without ``since_words``)."""
    from meeple.server.people import bot_since, played_by

    handed = {"kind": "medium", "name": "medium bot", "player": "Ann", "since_words": "Round 4"}
    assert played_by(handed) == "Ann, played by the medium bot since Round 4"
    older = {"kind": "medium", "name": "medium bot", "player": "Ann"}
    assert (played_by(older), bot_since(older)) == ("Ann, played by the medium bot", None)
    assert played_by({"kind": "hard", "name": "hard bot"}) == "the hard bot"
    assert played_by({"kind": "human", "name": None, "claimed": False}) == "free seat"
    assert played_by({"kind": "human", "name": None, "claimed": True}) == "a person, not named yet"
    assert played_by({"kind": "human", "name": "Bob", "claimed": True}) == "Bob"
