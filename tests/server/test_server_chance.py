"""Chance stays secret at a table with people until the game is over (issue 27.1).

docs/server.md, "Chance": the seed is sent to nobody before the end (the record
carries it after, so replays stay exact); a seed is chosen only for a table of
bots alone or an analysis table, whose seed is open to every seat and whose seats
are taken agreeing to that; bots draw from secrets of their own. New World rule
3.1 (Colonists: take four, or roll for them) and 16 (dice decide much of the game):
two tables that differ only in their seed answer every seat and spectator alike,
byte for byte, until the public outcome of a roll shows, so nothing a seat is told
before a roll lets it foresee the roll.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from server_support import RELAXED, act, sqlite_url, state

from meeple.engine import GameRecord, Rng, get_game, replay
from meeple.engine.undo import decision_refusal
from meeple.server.app import create_app
from meeple.server.undo import DREW_CHANCE

VOLATILE = (
    "table",
    "id",
    "now",
    "time",
    "updated",
    "handover_at",
    "links",
    "tokens",
    "link",
    "token",
)
ROLL = "roll for colonists"


def normal(data: Any) -> Any:
    """An answer without what differs between any two tables (ids, clock readings)."""
    if isinstance(data, dict):
        return {k: normal(v) for k, v in data.items() if k not in VOLATILE}
    if isinstance(data, list):
        return [normal(v) for v in data]
    return data


def answers(c: TestClient, tid: str, tokens: dict[int, str]) -> list[tuple[int, Any]]:
    """Everything every seat and a spectator may ask of the table now (status, body):
    snapshots with and without the board, socket greetings, hints, lobby, turns, and
    the record, replay and review (refused before the end)."""
    out: list[tuple[int, Any]] = []
    for token in (None, *tokens.values()):
        query = "" if token is None else f"?token={token}"
        for svg in ("", "&svg=true" if query else "?svg=true"):
            r = c.get(f"/api/tables/{tid}{query}{svg}")
            out.append((r.status_code, r.json()))
        with c.websocket_connect(f"/api/tables/{tid}/ws{query}") as ws:
            out.append((101, ws.receive_json()))
        r = c.get(f"/api/tables/{tid}/hints{query}")
        out.append((r.status_code, r.json()))
    for path in ("record", "replay", "replay/0", "review"):
        r = c.get(f"/api/tables/{tid}/{path}")
        out.append((r.status_code, r.json()))
    lobby = [t for t in c.get("/api/tables").json() if t["id"] == tid]
    out.append((200, lobby))
    held = [{"table": tid, "token": token} for token in tokens.values()]
    r = c.post("/api/turns", json={"seats": held})
    out.append((r.status_code, r.json()))
    return out


def texts(found: list[tuple[int, Any]]) -> str:
    return "\n".join(repr(body) for _, body in found)


def rolls_apart() -> tuple[int, int]:
    """Two seeds whose first Colonist roll (seat 1's, after seat 0 takes four) differs."""
    game: Any = get_game("newworld")
    seen: dict[str, int] = {}
    for seed in range(1, 50):
        s = game.new_game(game.make_config(2), seed)
        game.play(s, 0, "take 4 colonists")
        game.play(s, 1, ROLL)
        key = repr(game.view(s, None))
        if seen and key not in seen:
            return next(iter(seen.values())), seed
        seen.setdefault(key, seed)
    raise AssertionError("every seed rolled alike")


def test_two_tables_differing_only_in_seed_answer_alike_until_the_roll(tmp_path: Any) -> None:
    """3.1: the roll is chance; before it, every answer of both tables is the same, so
    none tells which roll is coming (the two tables' rolls differ)."""
    first, second = rolls_apart()
    # (any_seed: the test picks the two seeds; what is checked is what the server sends.)
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED, any_seed=True)) as c:
        tables = []
        for seed in (first, second):
            body = {"game": "newworld", "players": 2, "seats": ["human"] * 2, "seed": seed}
            r = c.post("/api/tables", json=body)
            assert r.status_code == 201, r.text
            made = r.json()
            assert "seed" not in made
            tables.append((made["id"], {int(k): v for k, v in made["tokens"].items()}))
        (one, one_tokens), (two, two_tokens) = tables
        for step in ("start", "take 4 colonists"):
            if step != "start":
                assert act(c, one, one_tokens[0], step).status_code == 200
                assert act(c, two, two_tokens[0], step).status_code == 200
            a, b = answers(c, one, one_tokens), answers(c, two, two_tokens)
            assert [s for s, _ in a] == [s for s, _ in b], step
            assert normal([body for _, body in a]) == normal([body for _, body in b]), step
            for seed in (first, second):  # (two-digit seeds: look for them as values)
                assert not re.search(rf"'seed': {seed}\b", texts(a) + texts(b)), step
        assert act(c, one, one_tokens[1], ROLL).status_code == 200
        assert act(c, two, two_tokens[1], ROLL).status_code == 200
        assert normal(state(c, one)["view"]) != normal(state(c, two)["view"]), "rolls differ"


def play_to_the_end(c: TestClient, tid: str, tokens: dict[int, str]) -> tuple[list[str], set[str]]:
    """Goofspiel: every seat's first legal card until the game is over. Returns the
    text of every answer any seat or spectator could have had before the end, and the
    generator's states on the way (read on the server: never to be sent)."""
    told: list[str] = []
    secrets: set[str] = set()
    hub = c.app.state.hub  # type: ignore[attr-defined]
    for _ in range(100):
        secrets.add(str(hub.tables[tid].state.rng.state))
        if state(c, tid)["over"]:
            return told, secrets
        told.append(texts(answers(c, tid, tokens)))
        for seat in state(c, tid)["to_act"]:
            mine = state(c, tid, tokens[seat])
            told.append(act(c, tid, tokens[seat], mine["legal"][0], mine["version"]).text)
    raise AssertionError("the game did not end")


def test_the_seed_is_sent_to_nobody_before_the_end_and_with_the_record_after(
    tmp_path: Any,
) -> None:
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED, any_seed=False)) as c:
        r = c.post("/api/tables", json={"game": "goofspiel", "players": 2, "seats": ["human"] * 2})
        assert r.status_code == 201, r.text
        made = r.json()
        tid, tokens = made["id"], {int(k): v for k, v in made["tokens"].items()}
        told, states = play_to_the_end(c, tid, tokens)
        told.append(r.text)
        record = c.get(f"/api/tables/{tid}/record")
        assert record.status_code == 200
        seed = record.json()["seed"]
        assert seed == c.app.state.hub.tables[tid].record.seed  # type: ignore[attr-defined]
        for secret in {str(seed), *states}:
            assert len(secret) >= 8  # (a 62-bit secret: its digits never appear by chance)
            assert not any(secret in text for text in told)


def test_a_chosen_seed_needs_a_table_without_people_or_an_analysis_table(
    tmp_path: Any,
) -> None:
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED, any_seed=False)) as c:
        people = {"game": "goofspiel", "players": 2, "seats": ["human", "random"], "seed": 5}
        r = c.post("/api/tables", json=people)
        assert r.status_code == 422
        assert "foresee" in r.json()["detail"] and "analysis" in r.json()["detail"]
        assert c.get("/api/tables").json() == [], "nothing was created"
        bots = {**people, "seats": ["random", "random"]}
        assert c.post("/api/tables", json=bots).status_code == 201
        assert "seed" not in c.post("/api/tables", json=bots).json()


def test_an_analysis_table_shows_its_seed_and_waits_for_every_seat_to_agree(
    tmp_path: Any,
) -> None:
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED, any_seed=False)) as c:
        body = {
            "game": "goofspiel",
            "players": 2,
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
            "seed": 5,
            "analysis": True,
        }
        r = c.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        made = r.json()
        tid = made["id"]
        assert list(made["tokens"]) == ["0"], "the other seat is taken agreeing, no link"
        ann = made["tokens"]["0"]
        for token in (ann, None):
            shown = state(c, tid, token)
            assert shown["analysis"] == {"seed": 5, "waiting": [1]}
        lobby = c.get("/api/tables").json()[0]
        assert lobby["analysis"] is True and lobby["seed"] == 5
        assert [s["free"] for s in lobby["seats"]] == [False, True]
        card = state(c, tid, ann)["legal"][0]
        refused = act(c, tid, ann, card)
        assert refused.status_code == 409 and "agree" in refused.json()["detail"]
        claim = f"/api/tables/{tid}/seats/1/claim"
        without = c.post(claim, json={"name": "Bob"})
        assert without.status_code == 422 and "agree_open_seed" in without.json()["detail"]
        bob = c.post(claim, json={"name": "Bob", "agree_open_seed": True})
        assert bob.status_code == 200, bob.text
        assert state(c, tid, ann)["analysis"] == {"seed": 5, "waiting": []}
        assert act(c, tid, ann, card).status_code == 200


def walk_to_a_battle() -> tuple[int, list[tuple[int, str]]]:
    """A seeded random New World game (2 seats) up to the first move that rolls dice
    and that the undo policy would otherwise let its seat take back (an attack)."""
    game: Any = get_game("newworld")
    state = game.new_game(game.make_config(2), 11)
    rng, moves = Rng(111), []
    for _ in range(400):
        seat = rng.choice(game.to_act(state))
        action = game.actions[rng.choice(game.legal_actions(state, seat))]
        before, waiting, logged = state.rng.state, tuple(game.to_act(state)), len(state.log)
        game.play(state, seat, action.text)
        moves.append((seat, action.text))
        events = state.log[logged:]
        if (
            state.rng.state != before
            and decision_refusal(events, waiting, game.to_act(state), seat) is None
        ):
            return 11, moves
    raise AssertionError("no battle")


def test_a_decision_that_rolled_dice_is_final(tmp_path: Any) -> None:
    """New World 8.3 (battles are rolled): taking the attack back would replay the
    record, and the same attack would meet the same dice, which the seat has seen."""
    seed, moves = walk_to_a_battle()
    game: Any = get_game("newworld")
    record = GameRecord("newworld", game.rules_version, game.make_config(2), seed, moves[:-1])
    again = replay(game, record)
    game.play(again, *moves[-1])
    assert again.log == replay(game, GameRecord(**{**vars(record), "moves": moves})).log
    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED, any_seed=True)) as c:
        body = {"game": "newworld", "players": 2, "seats": ["human"] * 2, "seed": seed}
        made = c.post("/api/tables", json=body).json()
        tid, tokens = made["id"], {int(k): v for k, v in made["tokens"].items()}
        for seat, text in moves:
            assert act(c, tid, tokens[seat], text).status_code == 200, text
        seat = moves[-1][0]
        assert state(c, tid, tokens[seat])["undo"] == {"available": False, "reason": DREW_CHANCE}
        refused = c.post(f"/api/tables/{tid}/undo", json={"token": tokens[seat]})
        assert refused.status_code == 422 and refused.json()["detail"] == DREW_CHANCE
        hub = c.app.state.hub  # type: ignore[attr-defined]
        hub.seats.unload(hub.tables[tid])  # loaded again: the replay notes it alike
        assert state(c, tid, tokens[seat])["undo"]["reason"] == DREW_CHANCE


def test_bots_at_a_persons_table_draw_from_secrets_and_bots_alone_from_the_seed(
    tmp_path: Any,
) -> None:
    """A bot beside a person must not be foreseeable from anything public (issue 27.1);
    bots alone replay the same game from the same seed (nobody is kept from chance)."""
    from meeple.server.bots import bot_for

    with TestClient(create_app(sqlite_url(tmp_path), limits=RELAXED, any_seed=False)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        mixed = c.post(
            "/api/tables", json={"game": "goofspiel", "players": 2, "seats": ["human", "random"]}
        ).json()["id"]
        alone = c.post(
            "/api/tables",
            json={"game": "goofspiel", "players": 2, "seats": ["random", "random"], "seed": 5},
        ).json()["id"]

        def first_draws(tid: str) -> list[list[int]]:
            table = hub.tables[tid]
            seat = 1
            bots = [bot_for(table, seat, "random") for _ in range(4)]
            return [[bot.rng.below(1 << 30) for _ in range(3)] for bot in bots]  # type: ignore[attr-defined]

        assert len({tuple(d) for d in first_draws(mixed)}) == 4
        assert len({tuple(d) for d in first_draws(alone)}) == 1
