"""Tables of bots alone come after people's (issue 27, item 5; docs/server.md,
"Limits" and "The CPU pool"): they count against their own small budget of tables
in memory (``bot_tables``), so however many run, a person can still create and
open tables; and their bots think in a pool of their own, so a person's table with
bots moves on while every bot-alone table waits for CPU."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from server_support import RELAXED, act, sqlite_url, state, wait_for

from meeple.server.app import create_app

PEOPLE = {"game": "namibia", "players": 3, "seats": ["human"] * 3}
BOTS = {"game": "namibia", "players": 3, "seats": ["random"] * 3}


def test_tables_of_bots_alone_have_their_own_budget_and_never_keep_people_out(
    tmp_path: Path,
) -> None:
    limits = dataclasses.replace(RELAXED, loaded_tables=2, bot_tables=2)
    # A long bot delay keeps every bot table busy (its bots are always about to move).
    with TestClient(create_app(sqlite_url(tmp_path), bot_delay=60.0, limits=limits)) as c:
        bots = [c.post("/api/tables", json=BOTS) for _ in range(3)]
        assert [r.status_code for r in bots] == [201, 201, 503]
        assert "bots alone" in bots[2].json()["detail"] and "bot_tables" in bots[2].json()["detail"]
        people = [c.post("/api/tables", json=PEOPLE) for _ in range(2)]
        assert [r.status_code for r in people] == [201, 201], "bot tables take no room of people's"
        tid = people[0].json()["id"]
        token = people[0].json()["tokens"][str(state(c, tid)["to_act"][0])]
        assert act(c, tid, token, state(c, tid, token)["legal"][0]).status_code == 200
        assert c.get(f"/api/tables/{bots[0].json()['id']}").status_code == 200


def test_one_address_may_run_only_its_share_of_the_tables_of_bots_alone(tmp_path: Path) -> None:
    """``bot_tables_per_address``: an address that runs as many bot-alone tables as it
    may is refused another (429, naming the limit) while another address still gets
    one, and the same address may still seat a person; before, one address could fill
    every place of ``bot_tables``."""
    limits = dataclasses.replace(RELAXED, bot_tables=10, bot_tables_per_address=2)
    app = create_app(sqlite_url(tmp_path), bot_delay=60.0, limits=limits)
    with TestClient(app, client=("10.0.0.1", 5000)) as first:
        made = [first.post("/api/tables", json=BOTS) for _ in range(3)]
        assert [r.status_code for r in made] == [201, 201, 429]
        assert "bot_tables_per_address" in made[2].json()["detail"]
        assert first.post("/api/tables", json=PEOPLE).status_code == 201
        other = TestClient(app, client=("10.0.0.2", 5000))
        assert other.post("/api/tables", json=BOTS).status_code == 201


def test_a_persons_bots_think_while_the_pool_of_bots_alone_is_jammed(tmp_path: Path) -> None:
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        jammed: list[str] = []

        async def never(key: str, *_args: Any) -> Any:
            jammed.append(key)
            await asyncio.Event().wait()  # every worker of bots alone is busy for ever

        hub.cpu_alone.run = never
        alone = c.post("/api/tables", json=BOTS).json()["id"]
        seats = ["human", "random", "random"]
        made = c.post("/api/tables", json={**PEOPLE, "seats": seats}).json()
        tid, token = made["id"], made["tokens"]["0"]
        start = time.monotonic()
        bot_moves = 0
        while bot_moves < 6 and time.monotonic() - start < 30:
            snap = state(c, tid, token)
            if snap["over"]:
                break
            if snap["legal"]:
                assert act(c, tid, token, snap["legal"][0]).status_code == 200
                continue
            before = snap["version"]
            wait_for(lambda v=before: state(c, tid, token)["version"] != v, timeout=10)
            bot_moves += 1
        assert bot_moves >= 6 or state(c, tid)["over"], "the person's bots moved on"
        assert jammed and set(jammed) == {alone}, "only the bots-alone table used that pool"
        assert state(c, alone)["version"] == 0
