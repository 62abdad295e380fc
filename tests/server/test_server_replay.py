"""The replay API (issue 25, point 8): seats named by their players, the public chat
placed among the moves (private messages never), the sections of a real finished
game of each game with the steps they begin at, and simultaneous decisions stepped
over as the table saw them (Africa 1880's order sheets: no step shows a line before
the reveal). The replay page in a browser: test_server_browser.py."""

from __future__ import annotations

import bisect
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from fastapi.testclient import TestClient
from server_support import (
    RELAXED,
    act,
    create,
    pg_url_or_skip,
    sqlite_url,
    state,
    wait_for,
)

from meeple.engine import GameRecord, get_game
from meeple.server.app import create_app
from meeple.server.store import normalize_url
from meeple.server.tables import dumps

GAMES = {"namibia": 3, "mombasa": 3, "newworld": 3, "africa1880": 3}


def play_people(c: TestClient, tid: str, tokens: dict[int, str], moves: int, seed: int) -> None:
    """Up to ``moves`` random legal actions for the seats whose tokens we hold."""
    rng = random.Random(seed)
    for _ in range(moves * 4):
        snap = state(c, tid)
        seats = [s for s in snap["to_act"] if s in tokens]
        if snap["over"] or not seats or moves <= 0:
            return
        mine = state(c, tid, tokens[seats[0]])
        if mine["legal"]:
            assert act(c, tid, tokens[seats[0]], rng.choice(mine["legal"])).status_code == 200
            moves -= 1


def chat(c: TestClient, tid: str, token: str, text: str, to: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"token": token, "text": text}
    if to is not None:
        body["to"] = to
    r = c.post(f"/api/tables/{tid}/chat", json=body)
    assert r.status_code == 200, r.text
    return dict(r.json())


def to_bot(c: TestClient, tid: str, token: str, seat: int) -> None:
    r = c.post(f"/api/tables/{tid}/seats/{seat}/bot", json={"token": token, "level": "random"})
    assert r.status_code == 200, r.text


class Played:
    """The finished tables of the module: ``people`` (Namibia: Ann and Bob chatted,
    then handed their seats to bots) and one table of random bots per game."""

    def __init__(self, c: TestClient) -> None:
        self.c = c
        self.people, tokens = create(
            c,
            "namibia",
            [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, "random"],
            seed=5,
        )
        # The public messages, and how many moves had been made before and after each.
        self.said: list[tuple[str, int, int]] = []
        self.say(tokens[0], "good luck")
        play_people(c, self.people, tokens, 6, seed=1)
        self.say(tokens[1], "nice one, Ann")
        chat(c, self.people, tokens[1], "psst, only for Ann", to=0)
        play_people(c, self.people, tokens, 6, seed=2)
        self.say(tokens[0], "a bot plays on for me")
        to_bot(c, self.people, tokens[0], 0)
        to_bot(c, self.people, tokens[1], 1)
        self.tables = {
            game: create(c, game, ["random"] * players, seed=3)[0]
            for game, players in GAMES.items()
        }
        for tid in [self.people, *self.tables.values()]:
            wait_for(lambda tid=tid: state(c, tid)["over"], timeout=300)

    def say(self, token: str, text: str) -> None:
        before = self.plies(self.people)
        chat(self.c, self.people, token, text)
        self.said.append((text, before, self.plies(self.people)))

    def plies(self, tid: str) -> int:
        """The moves made at ``tid`` so far."""
        hub = self.c.app.state.hub  # type: ignore[attr-defined]
        return len(hub.seats.tables[tid].record.moves)

    def record(self, tid: str) -> list[Any]:
        return list(self.c.get(f"/api/tables/{tid}/record").json()["moves"])

    def outline(self, tid: str) -> dict[str, Any]:
        r = self.c.get(f"/api/tables/{tid}/replay")
        assert r.status_code == 200, r.text
        return dict(r.json())

    def step(self, tid: str, ply: int) -> dict[str, Any]:
        r = self.c.get(f"/api/tables/{tid}/replay/{ply}", params={"svg": False})
        assert r.status_code == 200, r.text
        return dict(r.json())


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    url = sqlite_url(tmp_path_factory.mktemp("replay"))
    with TestClient(create_app(url, limits=RELAXED)) as c:
        yield Played(c)


# ---- names ------------------------------------------------------------------------------


def test_seats_are_named_by_their_players_in_the_outline_and_every_step(played: Played) -> None:
    outline = played.outline(played.people)
    seats = outline["seats"]
    assert [s["label"] for s in seats] == ["Ann (Red)", "Bob (Blue)", "Green, random bot"]
    assert seats[0]["detail"].startswith("Ann (Red), played by the random bot")
    assert seats[2]["detail"] == "Green, random bot"
    assert all(s["colour"].startswith("#") for s in seats)
    moves = played.record(played.people)
    ply = next(p for p, (seat, _text) in enumerate(moves, start=1) if seat == 0)
    step = played.step(played.people, ply)
    assert step["move"]["name"] == "Ann (Red)"
    assert [s["label"] for s in step["seats"]] == [s["label"] for s in seats]


# ---- chat -------------------------------------------------------------------------------


def test_public_chat_is_placed_among_the_moves_and_private_never(played: Played) -> None:
    outline = played.outline(played.people)
    assert [m["text"] for m in outline["chat"]] == [text for text, _, _ in played.said]
    for message, (_text, before, after) in zip(outline["chat"], played.said, strict=True):
        assert before <= message["ply"] <= after  # a bot may have moved meanwhile
    assert "psst" not in dumps(outline)
    steps = outline["steps"]
    for message in outline["chat"]:
        assert message["step"] == bisect.bisect_left(steps, message["ply"])
        assert message["from"] in (0, 1)
    assert all("psst" not in dumps(played.step(played.people, p)) for p in steps[:3])


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    return pg_url_or_skip()


def test_chat_stored_before_plies_were_kept_shows_at_the_end(any_db: str) -> None:
    with TestClient(create_app(any_db, limits=RELAXED)) as c:
        tid, tokens = create(c, "namibia", [{"kind": "human", "name": "Ann"}, "random", "random"])
        chat(c, tid, tokens[0], "from an older server")
    # The database as an older server left it: a chat table without the ply column.
    engine = sqlalchemy.create_engine(normalize_url(any_db))
    with engine.begin() as connection:
        connection.execute(sqlalchemy.text("ALTER TABLE meeple_chat DROP COLUMN ply"))
    engine.dispose()
    with TestClient(create_app(any_db, limits=RELAXED)) as c:  # adds the column again
        state(c, tid)  # loads the table
        moves = c.app.state.hub.seats.tables[tid].record.moves  # type: ignore[attr-defined]
        before = len(moves)
        chat(c, tid, tokens[0], "from this server")
        after = len(moves)
        to_bot(c, tid, tokens[0], 0)
        wait_for(lambda: state(c, tid)["over"], timeout=120)
        outline = c.get(f"/api/tables/{tid}/replay").json()
    placed = {m["text"]: m["ply"] for m in outline["chat"]}
    assert placed["from an older server"] == outline["total"]
    assert before <= placed["from this server"] <= after < outline["total"]


# ---- sections ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_sections_begin_at_the_step_showing_their_event(played: Played, game: str) -> None:
    tid = played.tables[game]
    outline = played.outline(tid)
    steps, sections = outline["steps"], outline["sections"]
    assert sections[0]["ply"] == 0 and not sections[0]["phase"]
    parts = [s for s in sections if not s["phase"]]
    assert len(parts) >= 3, parts  # the setup and at least two rounds, turns or years
    assert [s["ply"] for s in sections] == sorted(s["ply"] for s in sections)
    for section in sections[1:]:
        assert section["ply"] in steps and steps[section["step"]] == section["ply"]
        step = played.step(tid, section["ply"])
        key = "phase" if section["phase"] else "section"
        assert any(e.get(key) == section["heading"] for e in step["events"]), section
        if not section["phase"]:
            assert step["part"] == section["heading"]


# ---- simultaneous decisions -------------------------------------------------------------


def unseen_plies(game_name: str, record: dict[str, Any]) -> set[int]:
    """The plies that changed nothing a spectator sees: no public event, the same
    spectators' view (worked out here from the record, not by the server's code)."""
    game = get_game(game_name)
    rec = GameRecord.from_json(record)
    state_ = game.new_game(rec.config, rec.seed)
    unseen = set()
    before = json.dumps(game.view(state_, None), sort_keys=True)
    for ply, (seat, text) in enumerate(rec.moves, start=1):
        logged = len(state_.log)
        game.play(state_, seat, text)
        after = json.dumps(game.view(state_, None), sort_keys=True)
        if after == before and not game.events(state_, None, logged):
            unseen.add(ply)
        before = after
    return unseen


def test_africa_order_sheets_are_replayed_as_the_table_saw_them(played: Played) -> None:
    tid = played.tables["africa1880"]
    record = played.c.get(f"/api/tables/{tid}/record").json()
    total = len(record["moves"])
    unseen = unseen_plies("africa1880", record)
    assert unseen, "random orders were written line by line"
    outline = played.outline(tid)
    steps = outline["steps"]
    assert len(steps) - 1 < total / 2, (len(steps), total)
    assert not unseen & set(steps), "no step ends on a line of a sheet still secret"
    shown: list[int] = []
    for ply in steps[1:]:
        step = played.step(tid, ply)
        plies = [m["ply"] for m in step["moves"]]
        shown.extend(plies)
        said = {m["ply"] for m in step["moves"] if m["action"] is not None}
        assert not said & unseen, "no step tells a hidden line"
        if set(plies) & unseen:  # a sheet written: the step goes on to its reveal
            assert any(e["kind"] == "reveal" for e in step["events"]), step["events"]
            assert step["move"]["action"] is None  # the last seal, in secret like the rest
    assert shown == list(range(1, total + 1)), "every move in exactly one step, in order"


def test_a_step_of_a_game_without_secrets_is_one_move_with_its_text(played: Played) -> None:
    tid = played.tables["namibia"]
    moves = played.record(tid)
    outline = played.outline(tid)
    assert outline["steps"] == list(range(len(moves) + 1))
    step = played.step(tid, 4)
    assert [(m["seat"], m["action"]) for m in step["moves"]] == [tuple(moves[3])]
    assert step["move"]["label"] and step["move"]["label"] != step["move"]["action"]


def test_the_replay_waits_for_the_end_and_refuses_plies_outside_it(played: Played) -> None:
    c = played.c
    tid, _tokens = create(c, "namibia", [{"kind": "human", "name": "Ann"}, "random", "random"])
    assert c.get(f"/api/tables/{tid}/replay").status_code == 409
    total = played.outline(played.people)["total"]
    assert c.get(f"/api/tables/{played.people}/replay/{total + 1}").status_code == 404
    assert c.get(f"/api/tables/{played.people}/replay/-1").status_code == 404
