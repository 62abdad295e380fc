"""A real uvicorn server killed with SIGKILL mid-game continues exactly where it was."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_support import RELAXED_ARGS, Server, pg_url_or_skip, sqlite_url

from meeple.engine import GameRecord, get_game, verify

PEOPLE = [{"kind": "human", "name": name} for name in ("Ann", "Bo", "Cy")]


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    db = sqlite_url(tmp_path) if request.param == "sqlite" else pg_url_or_skip()
    srv = Server(db, args=RELAXED_ARGS)  # (the database may hold many tables of this address)
    srv.start()
    yield srv
    srv.stop()


def get(srv: Server, path: str, **params: Any) -> Any:
    r = srv.http.get(path, params=params)
    assert r.status_code == 200, r.text
    return r.json()


def play(srv: Server, tid: str, tokens: dict[str, str], moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        snap = get(srv, f"/api/tables/{tid}")
        humans = [s for s in snap["to_act"] if str(s) in tokens]
        if not humans:
            time.sleep(0.02)
            continue
        token = tokens[str(humans[0])]
        mine = get(srv, f"/api/tables/{tid}", token=token)
        body = {"token": token, "action": rng.choice(mine["legal"]), "version": mine["version"]}
        r = srv.http.post(f"/api/tables/{tid}/actions", json=body)
        assert r.status_code == 200, r.text


def test_kill_9_mid_game_and_continue(server: Server) -> None:
    rng = random.Random(4)
    made = server.http.post(
        "/api/tables",
        json={"game": "namibia", "players": 3, "seats": PEOPLE, "seed": 21},
    ).json()
    assert "id" in made, made
    tid, tokens = made["id"], made["tokens"]
    play(server, tid, tokens, 30, rng)
    before = {s: get(server, f"/api/tables/{tid}", token=t) for s, t in tokens.items()}
    bots = server.http.post(
        "/api/tables",
        json={"game": "namibia", "players": 3, "seats": ["random"] * 3, "seed": 22},
    ).json()["id"]
    time.sleep(0.3)  # the bots' table is in full swing
    bots_before = get(server, f"/api/tables/{bots}")["version"]
    server.kill9()
    server.start()
    for s, t in tokens.items():
        after = get(server, f"/api/tables/{tid}", token=t)
        assert after["version"] == before[s]["version"]
        assert after["view"] == before[s]["view"]
        assert after["legal"] == before[s]["legal"]
    play(server, tid, tokens, 10, rng)
    assert get(server, f"/api/tables/{tid}")["version"] == 40
    # The bots' table resumed on startup by itself and plays to the end; its record verifies.
    assert get(server, f"/api/tables/{bots}")["version"] >= bots_before
    deadline = time.time() + 60
    while not get(server, f"/api/tables/{bots}")["over"]:
        assert time.time() < deadline, "the bots' table did not resume after the restart"
        time.sleep(0.1)
    record = get(server, f"/api/tables/{bots}/record")
    game = get_game("namibia")
    assert game.is_over(verify(game, GameRecord.from_json(record)))
