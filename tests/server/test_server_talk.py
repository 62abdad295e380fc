"""Talk at the table (docs/server.md, "Talk"): the game's talk rules as a table option,
and private talk to any set of seats.

Africa 1880 rulebook, "1. Diplomatic Action": negotiation has its own phase ("The
only rule to observe is the length of this phase"), and talks may be "between two
players or among more of them"."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from server_support import RELAXED, act, create, sqlite_url, state

from meeple.server.app import create_app


def say(c: TestClient, tid: str, token: str, text: str, to: object = None) -> tuple[int, dict]:  # type: ignore[type-arg]
    body: dict[str, object] = {"token": token, "text": text}
    if to is not None:
        body["to"] = to
    r = c.post(f"/api/tables/{tid}/chat", json=body)
    return r.status_code, r.json()


def to_phase(c: TestClient, tid: str, tokens: dict[int, str], phase: str) -> None:
    for _ in range(200):
        if state(c, tid)["view"]["phase"] == phase:
            return
        for seat in state(c, tid)["to_act"]:
            mine = state(c, tid, tokens[seat])
            if mine["legal"] and mine["view"]["phase"] != phase:
                assert act(c, tid, tokens[seat], mine["legal"][0]).status_code == 200
    raise AssertionError(f"never reached {phase}")


def test_africa_chat_is_open_during_diplomacy_only_by_default(client: TestClient) -> None:
    tid, tokens = create(client, "africa1880", ["human"] * 3, seed=4)
    assert state(client, tid)["view"]["phase"] != "diplomacy"
    status, body = say(client, tid, tokens[0], "hello")
    assert status == 409 and body["rule"] == "1. Diplomatic Action"
    assert "diplomacy" in body["detail"].lower() or "Diplomatic" in body["detail"]
    assert state(client, tid)["chat_open"] is False and state(client, tid)["chat"] == []
    to_phase(client, tid, tokens, "diplomacy")
    assert state(client, tid)["chat_open"] is True
    assert say(client, tid, tokens[0], "shall we?")[0] == 200
    for seat in range(3):
        assert act(client, tid, tokens[seat], "ready").status_code == 200
    assert state(client, tid)["view"]["phase"] == "writing"
    assert say(client, tid, tokens[1], "too late")[0] == 409


def test_a_free_talk_table_chats_at_any_time(client: TestClient) -> None:
    body = {"game": "africa1880", "players": 3, "seats": ["human"] * 3, "seed": 4, "talk": "free"}
    made = client.post("/api/tables", json=body).json()
    assert say(client, made["id"], made["tokens"]["0"], "hello")[0] == 200
    assert state(client, made["id"])["talk"] == "free"


def test_namibia_has_no_talk_rules(client: TestClient) -> None:
    tid, tokens = create(client)
    assert say(client, tid, tokens[0], "hello")[0] == 200


def test_private_talk_to_any_set_of_seats(client: TestClient) -> None:
    tid, tokens = create(client, "namibia", ["human"] * 4)
    assert say(client, tid, tokens[0], "just us", [2, 1])[0] == 200
    assert say(client, tid, tokens[0], "x", [])[0] == 422
    assert say(client, tid, tokens[0], "x", [0, 1])[0] == 422
    assert say(client, tid, tokens[0], "x", [1, 9])[0] == 422
    texts = {s: [m["text"] for m in state(client, tid, tokens[s])["chat"]] for s in range(4)}
    assert texts == {0: ["just us"], 1: ["just us"], 2: ["just us"], 3: []}
    assert state(client, tid)["chat"] == []
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[3]}") as outsider:
        outsider.receive_json()
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[2]}") as inside:
            inside.receive_json()
            inside.send_json({"type": "chat", "text": "and me", "to": [0, 1], "id": 1})
            got = inside.receive_json()
            while got["type"] != "chat":
                got = inside.receive_json()
            assert got["message"]["to"] == [0, 1] and got["message"]["from"] == 2
            outsider.send_json({"type": "ping", "id": 9})
            seen = outsider.receive_json()
            while seen["type"] != "pong":
                assert seen["type"] != "chat", "a message to others reached seat 3"
                seen = outsider.receive_json()


def test_group_messages_and_the_talk_option_survive_a_restart(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with TestClient(create_app(url, limits=RELAXED)) as c:
        body = {"game": "africa1880", "players": 3, "seats": ["human"] * 3, "talk": "free"}
        made = c.post("/api/tables", json=body).json()
        tid, tokens = made["id"], made["tokens"]
        assert say(c, tid, tokens["0"], "pact?", [1, 2])[0] == 200
    with TestClient(create_app(url, limits=RELAXED)) as c:
        mine = state(c, tid, tokens["1"])
        assert mine["talk"] == "free" and mine["chat"][0]["to"] == [1, 2]
        assert state(c, tid)["chat"] == []
