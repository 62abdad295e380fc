"""Undo shows whether it is available now and, when not, the one reason that applies.

docs/server.md, "Undo": the policy (``meeple.engine.undo``) is checked in order: the
game is over; no decision yet; the decision revealed something; it handed in the
seat's part of a simultaneous decision; something was revealed since; another seat
acted since (in a way this seat can see). Random games of every game, all seats
people: after every move, each seat's snapshot answer equals what the undo itself
decides on the record (``undo_moves``, which replays it), an undo tried where it is
refused answers that very reason, one tried where it is offered succeeds; a table
loaded again from storage answers alike. Every reason turns up in real play.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_support import RELAXED, act, create, sqlite_url, state

from meeple.engine import get_game
from meeple.engine.undo import BEGAN_TOGETHER, GAME_OVER, HANDED_IN, NO_DECISION, NOT_REPLAYABLE
from meeple.server.app import create_app
from meeple.server.broadcast import BOT_PLAYS
from meeple.server.hub import Hub
from meeple.server.store import Store
from meeple.server.tables import ApiError, Table
from meeple.server.undo import undo_moves

GAMES = {"namibia": 3, "mombasa": 2, "africa1880": 3, "newworld": 2}


def kind(reason: str | None) -> str:
    """A reason's rule, by its words (``meeple.engine.undo``)."""
    if reason is None:
        return "available"
    for words, name in (
        (GAME_OVER, "over"),
        (NO_DECISION, "no decision"),
        (HANDED_IN, "handed in"),
        (BEGAN_TOGETHER, "began together"),
        ("Your decision revealed", "revealed by it"),
        ("Something was revealed since", "revealed since"),
        ("Another player has acted since", "acted since"),
        ("Something you can see has changed", "changed since"),
        (NOT_REPLAYABLE, "not replayable"),
        (BOT_PLAYS, "bot"),
    ):
        if reason.startswith(words):
            return name
    raise AssertionError(f"not one of the reasons: {reason!r}")


def check_seats(hub: Hub, table: Table) -> dict[int, str | None]:
    """Every seat's snapshot answer, checked against ``undo_moves`` on the record."""
    answers: dict[int, str | None] = {}
    for seat in range(table.players):
        snap = hub.views.snapshot(table, seat)
        reason = snap["undo"]["reason"]
        assert snap["undo"]["available"] is (reason is None)
        if table.over:
            assert reason == GAME_OVER
        else:
            decided = undo_moves(table.game, table.record, table.state, seat)
            if isinstance(decided, str) and decided != NOT_REPLAYABLE:
                assert reason == decided, (seat, len(table.record.moves))
            else:
                assert reason is None, (seat, reason, decided)
        answers[seat] = reason
    return answers


async def try_undo(hub: Hub, table: Table, seat: int, reason: str | None) -> bool:
    """Undo ``seat``'s decision: refused with ``reason`` if one, else taken back."""
    plies = len(table.record.moves)
    try:
        await hub.undo(table, seat)
    except ApiError as refused:
        assert refused.status == 422 and refused.detail == reason, (refused.detail, reason)
        assert len(table.record.moves) == plies
        return False
    assert reason is None, f"undone although refused: {reason}"
    assert len(table.record.moves) == plies - 1
    return True


async def play(url: str, name: str, seed: int) -> tuple[set[str], int]:
    """A random game of ``name``, all seats people, checked after every move; the
    kinds of reason seen and how many undos were taken."""
    game = get_game(name)
    rng = random.Random(seed)
    hub = Hub(Store(url), limits=RELAXED)
    await hub.start()
    seen: set[str] = set()
    undone = 0
    try:
        seats = [{"kind": "human", "name": f"P{i}"} for i in range(GAMES[name])]
        table, _ = await hub.seats.create(name, len(seats), seats, {}, seed)
        seen |= {kind(r) for r in check_seats(hub, table).values()}
        for step in range(600):
            if table.over:
                break
            seat = rng.choice(game.to_act(table.state))
            text = game.actions[rng.choice(game.legal_actions(table.state, seat))].text
            await hub.act(table, seat, text, None)
            if step > 40 and step % 10:
                continue  # (checked at every move early on, then at every tenth)
            answers = check_seats(hub, table)
            seen |= {kind(r) for r in answers.values()}
            if rng.random() < 0.1:
                who = rng.randrange(table.players)
                undone += await try_undo(hub, table, who, answers[who])
                check_seats(hub, table)
        seen |= {kind(r) for r in check_seats(hub, table).values()}
        table_id, expected = table.id, {s: hub.views.undo(table, s) for s in range(table.players)}
    finally:
        await hub.stop()
    again = Hub(Store(url), limits=RELAXED)
    await again.start()
    try:
        loaded = await again.seats.get(table_id)
        assert {s: again.views.undo(loaded, s) for s in range(loaded.players)} == expected
    finally:
        await again.stop()
    return seen, undone


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_snapshot_says_what_undo_does(tmp_path: Path, name: str) -> None:
    seen: set[str] = set()
    undone = 0
    for seed in range(2):
        (tmp_path / str(seed)).mkdir()
        kinds, taken = asyncio.run(play(sqlite_url(tmp_path / str(seed)), name, seed))
        seen |= kinds
        undone += taken
    print(f"{name}: reasons {sorted(seen)}; {undone} undos taken")
    assert {"no decision", "available", "acted since", "over"} <= seen
    assert undone > 0
    wanted = {
        "africa1880": {"handed in", "revealed by it", "began together"},
        "mombasa": {"handed in", "revealed by it", "revealed since"},
        "newworld": {"revealed since"},
    }
    assert wanted.get(name, set()) <= seen, sorted(seen)


def test_reasons_in_the_api_and_their_words(tmp_path: Path) -> None:
    """Africa 1880 (2. Writing Orders): before any decision, after an edit of the
    secret sheet, after sealing it, and once a bot plays the seat."""
    (tmp_path / "a").mkdir()
    with TestClient(create_app(sqlite_url(tmp_path / "a"), limits=RELAXED)) as c:
        tid, tokens = create(c, "africa1880", ["human"] * 3, seed=9)
        first = state(c, tid, tokens[0])
        assert first["undo"] == {"available": False, "reason": NO_DECISION}
        assert state(c, tid)["undo"] is None  # a spectator has nothing to undo
        refused = c.post(f"/api/tables/{tid}/undo", json={"token": tokens[0]})
        assert refused.status_code == 422
        assert refused.json()["detail"] == NO_DECISION
        for _ in range(50):  # to the writing of orders
            snap = state(c, tid)
            if snap["view"]["phase"] == "writing":
                break
            for seat in snap["to_act"]:
                mine = state(c, tid, tokens[seat])
                assert act(c, tid, tokens[seat], mine["legal"][0]).status_code == 200
        edit = next(a for a in state(c, tid, tokens[0])["legal"] if a != "seal orders")
        assert act(c, tid, tokens[0], edit).status_code == 200
        assert state(c, tid, tokens[0])["undo"] == {"available": True, "reason": None}
        assert act(c, tid, tokens[0], "seal orders").status_code == 200
        sealed = state(c, tid, tokens[0])["undo"]
        assert sealed == {"available": False, "reason": HANDED_IN}
        again = c.post(f"/api/tables/{tid}/undo", json={"token": tokens[0]})
        assert (again.status_code, again.json()["detail"]) == (422, HANDED_IN)
        body = {"token": tokens[1], "level": "random"}
        assert c.post(f"/api/tables/{tid}/seats/1/bot", json=body).status_code == 200
        assert state(c, tid, tokens[1])["undo"]["reason"] == BOT_PLAYS


def test_the_reason_names_what_was_seen(tmp_path: Path) -> None:
    """Mombasa: after the setup's simultaneous steps, one seat's action is seen by the
    other, whose undo then names that action's event."""
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED)) as c:
        tid, tokens = create(c, "mombasa", ["human"] * 2, seed=3)
        rng = random.Random(3)
        for _ in range(200):
            snap = state(c, tid)
            seat = snap["to_act"][0]
            mine = state(c, tid, tokens[seat])
            acted = act(c, tid, tokens[seat], rng.choice(mine["legal"]))
            assert acted.status_code == 200
            other = state(c, tid, tokens[1 - seat])
            reason: Any = other["undo"]["reason"]
            if kind(reason) == "acted since":
                seen = [e["text"] for e in other["events"]]
                assert any(reason.endswith(text.rstrip(". ") + ".") for text in seen), (
                    reason,
                    seen,
                )
                return
        raise AssertionError("no seat ever saw the other act after its decision")
