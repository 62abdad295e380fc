"""The HTTP API: every endpoint and every refusal, and that refusals store nothing."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from server_support import act, create, play_random, sqlite_url, state, wait_for

from meeple.engine import GameRecord, get_game, verify
from meeple.server.app import create_app
from meeple.server.limits import Limits
from meeple.server.store import Store


def test_games_lists_every_registered_game_with_bots(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert "namibia" in games
    assert games["namibia"]["min_players"] == 3
    assert "random" in games["namibia"]["bots"]
    assert games["namibia"]["seat_names"]["3"] == ["Red", "Blue", "Green"]


def test_create_returns_a_token_per_human_seat(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={"game": "namibia", "players": 3, "seats": ["human", "random", "human"], "seed": 3},
    )
    assert r.status_code == 201
    data = r.json()
    assert set(data["tokens"]) == {"0", "2"}
    assert "seed" not in data  # sent with the record once the game is over (docs/server.md)
    assert data["links"]["0"].endswith(data["tokens"]["0"])
    lobby = client.get("/api/tables").json()
    assert lobby[0]["id"] == data["id"]
    assert [s["free"] for s in lobby[0]["seats"]] == [True, False, True]


def test_create_refuses_bad_configs(client: TestClient) -> None:
    base = {"game": "namibia", "players": 3, "seats": ["human"] * 3}
    assert client.post("/api/tables", json={**base, "game": "chess"}).status_code == 422
    assert client.post("/api/tables", json={**base, "players": 9}).status_code == 422
    assert client.post("/api/tables", json={**base, "seats": ["human"]}).status_code == 422
    assert (
        client.post("/api/tables", json={**base, "seats": ["human", "x", "y"]}).status_code == 422
    )
    assert client.post("/api/tables", json={**base, "options": {"nope": 1}}).status_code == 422
    assert client.post("/api/tables", json={**base, "seed": -1}).status_code == 422


def test_seat_view_legal_actions_and_version(client: TestClient) -> None:
    tid, tokens = create(client)
    spectator = state(client, tid)
    assert spectator["seat"] is None and spectator["legal"] == []
    seat = spectator["to_act"][0]
    mine = state(client, tid, tokens[seat])
    assert mine["seat"] == seat and mine["legal"]
    assert mine["view"]["seat"] == seat
    assert "reconstructed" in mine["reconstructed"]  # shown under the board
    r = act(client, tid, tokens[seat], mine["legal"][0], mine["version"])
    assert r.status_code == 200
    after = r.json()
    assert after["version"] == mine["version"] + 1
    assert after["events"], "the response carries the events of the move"
    svg = client.get(f"/api/tables/{tid}", params={"svg": "true"}).json()["svg"]
    assert svg.startswith("<svg") and "data-target" in svg


def test_board_layer_endpoint(client: TestClient) -> None:
    tid, _ = create(client)
    r = client.get(f"/api/tables/{tid}/board.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.startswith("<svg") and 'data-target="' in r.text
    etag = r.headers["etag"]
    assert (
        client.get(f"/api/tables/{tid}/board.svg", headers={"if-none-match": etag}).status_code
        == 304
    )
    # Every table of the same game and config shares one board layer.
    other, _ = create(client, seed=99)
    again = client.get(f"/api/tables/{other}/board.svg")
    assert again.text == r.text and again.headers["etag"] == etag
    # A game drawn in one layer has none; unknown tables are 404 too.
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(3)]
    africa, _ = create(client, game="africa1880", seats=seats)
    assert client.get(f"/api/tables/{africa}/board.svg").status_code == 404
    assert client.get("/api/tables/nosuchtable/board.svg").status_code == 404


def test_unknown_table_is_404(client: TestClient) -> None:
    assert client.get("/api/tables/nosuchtable").status_code == 404
    r = client.post("/api/tables/nosuchtable/actions", json={"token": "x", "action": "pass"})
    assert r.status_code == 404
    assert client.get("/api/tables/nosuchtable/record").status_code == 404


def test_wrong_token_is_403(client: TestClient) -> None:
    tid, _ = create(client)
    assert client.get(f"/api/tables/{tid}", params={"token": "forged"}).status_code == 403
    assert act(client, tid, "forged", "pass").status_code == 403
    _, other_tokens = create(client)
    assert act(client, tid, other_tokens[0], "pass").status_code == 403
    r = client.post(f"/api/tables/{tid}/chat", json={"token": "forged", "text": "hi"})
    assert r.status_code == 403


def test_illegal_and_unknown_actions_are_422_with_the_rule(client: TestClient) -> None:
    tid, tokens = create(client)
    snap = state(client, tid)
    seat = snap["to_act"][0]
    other = (seat + 1) % 3
    r = act(client, tid, tokens[other], state(client, tid, tokens[seat])["legal"][0])
    assert r.status_code == 422
    assert r.json()["rule"] == "Turn order"
    r = act(client, tid, tokens[seat], "bid 5")
    assert r.status_code == 422 and r.json()["rule"]
    r = act(client, tid, tokens[seat], "fly to the moon")
    assert r.status_code == 422 and "not an action" in r.json()["detail"]


def test_stale_version_is_409(client: TestClient) -> None:
    tid, tokens = create(client)
    snap = state(client, tid)
    seat = snap["to_act"][0]
    mine = state(client, tid, tokens[seat])
    assert act(client, tid, tokens[seat], mine["legal"][0], mine["version"]).status_code == 200
    nxt = state(client, tid)["to_act"][0]
    legal = state(client, tid, tokens[nxt])["legal"]
    # The next seat's decision appeared at the new version: the old one is stale.
    assert act(client, tid, tokens[nxt], legal[0], mine["version"]).status_code == 409
    assert act(client, tid, tokens[nxt], legal[0], mine["version"] + 99).status_code == 409


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    tid, tokens = create(client)
    url = f"/api/tables/{tid}/actions"
    r = client.post(url, content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not standard JSON" in r.json()["detail"]
    assert client.post(url, json={"token": 5, "action": []}).status_code == 422
    assert client.post(url, json={"action": "pass"}).status_code == 422
    big = {"token": tokens[0], "action": "x" * 20_000}
    assert client.post(url, json=big).status_code == 413
    r = client.post(f"/api/tables/{tid}/chat", json={"token": tokens[0], "text": "y" * 1001})
    assert r.status_code == 422


def test_rate_limit_is_429_past_the_burst(tmp_path: Path) -> None:
    limits = Limits(http_rate=1, http_burst=3)
    with TestClient(create_app(sqlite_url(tmp_path), limits=limits)) as c:
        codes = [c.get("/api/games").status_code for _ in range(6)]
    assert codes[:3] == [200, 200, 200]
    assert 429 in codes[3:]


def test_refused_requests_store_nothing(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with TestClient(create_app(url)) as c:
        tid, tokens = create(c)
        for token in tokens.values():
            state(c, tid, token)  # the seats are taken (that is a change of the table)
        seat = state(c, tid)["to_act"][0]
        before = state(c, tid)
        act(c, tid, tokens[(seat + 1) % 3], "pass")
        act(c, tid, tokens[seat], "bid 5")
        act(c, tid, tokens[seat], "nonsense")
        act(c, tid, "forged", "pass")
        act(c, tid, tokens[seat], state(c, tid, tokens[seat])["legal"][0], before["version"] + 5)
        after = state(c, tid)
        assert after["version"] == before["version"]
        assert after["view"] == before["view"]
    stored = Store(url).tables.load_table(tid)
    assert stored is not None and stored.moves == [] and stored.version == before["version"]


def test_chat_public_private_and_kept(client: TestClient) -> None:
    tid, tokens = create(client)
    url = f"/api/tables/{tid}/chat"
    assert client.post(url, json={"token": tokens[0], "text": "<b>hello</b>"}).status_code == 200
    assert client.post(url, json={"token": tokens[0], "text": "psst", "to": 1}).status_code == 200
    assert client.post(url, json={"token": tokens[0], "text": "x", "to": 0}).status_code == 422
    assert client.post(url, json={"token": tokens[0], "text": "x", "to": 7}).status_code == 422
    seen = {s: [m["text"] for m in state(client, tid, tokens[s])["chat"]] for s in range(3)}
    assert seen[0] == ["<b>hello</b>", "psst"]
    assert seen[1] == ["<b>hello</b>", "psst"]
    assert seen[2] == ["<b>hello</b>"]
    assert [m["text"] for m in state(client, tid)["chat"]] == ["<b>hello</b>"]


def test_undo_of_ones_own_last_decision(client: TestClient) -> None:
    tid, tokens = create(client)
    seat = state(client, tid)["to_act"][0]
    before = state(client, tid, tokens[seat])
    assert act(client, tid, tokens[seat], before["legal"][0]).status_code == 200
    r = client.post(f"/api/tables/{tid}/undo", json={"token": tokens[seat]})
    assert r.status_code == 200
    undone = r.json()
    assert undone["version"] == before["version"] + 2
    assert undone["view"] == before["view"] and undone["legal"] == before["legal"]
    again = client.post(f"/api/tables/{tid}/undo", json={"token": tokens[seat]})
    assert again.status_code == 422
    # Once another seat has acted, the earlier decision stays.
    assert act(client, tid, tokens[seat], before["legal"][0]).status_code == 200
    nxt = state(client, tid)["to_act"][0]
    assert (
        act(client, tid, tokens[nxt], state(client, tid, tokens[nxt])["legal"][0]).status_code
        == 200
    )
    assert client.post(f"/api/tables/{tid}/undo", json={"token": tokens[seat]}).status_code == 422


def test_claim_a_free_seat(client: TestClient) -> None:
    tid, tokens = create(client, seats=[{"kind": "human", "name": "Ann"}, "human", "random"])
    r = client.post(f"/api/tables/{tid}/seats/0/claim", json={"name": "Bob"})
    assert r.status_code == 409
    r = client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": "Cy"})
    assert r.status_code == 200
    new = r.json()["token"]
    assert state(client, tid, new)["seat"] == 1
    assert client.get(f"/api/tables/{tid}", params={"token": tokens[1]}).status_code == 403
    assert state(client, tid)["seats"][1]["player"] == "Cy"
    assert client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": "D"}).status_code == 409


def test_a_seat_whose_link_was_used_is_no_longer_free(client: TestClient) -> None:
    tid, tokens = create(client, seats=["human", "human", "random"])
    assert [s["free"] for s in client.get("/api/tables").json()[0]["seats"]] == [True, True, False]
    state(client, tid, tokens[1])
    assert [s["free"] for s in client.get("/api/tables").json()[0]["seats"]] == [True, False, False]
    assert client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": "X"}).status_code == 409


def test_hand_a_seat_to_a_bot_and_the_game_goes_on(client: TestClient) -> None:
    tid, tokens = create(client, seats=["human", "random", "random"])
    r = client.post(f"/api/tables/{tid}/seats/0/bot", json={"token": tokens[0], "level": "nobot"})
    assert r.status_code == 422
    r = client.post(f"/api/tables/{tid}/seats/0/bot", json={"token": tokens[0], "level": "random"})
    assert r.status_code == 200
    assert state(client, tid)["seats"][0]["kind"] == "random"
    wait_for(lambda: state(client, tid)["version"] > 30)


def test_record_and_replay_once_over(client: TestClient) -> None:
    tid, tokens = create(client, seats=["human", "random", "random"], seed=11)
    assert client.get(f"/api/tables/{tid}/record").status_code == 409
    assert client.get(f"/api/tables/{tid}/replay/0").status_code == 409
    client.post(f"/api/tables/{tid}/seats/0/bot", json={"token": tokens[0], "level": "random"})
    wait_for(lambda: state(client, tid)["over"], timeout=120)
    snap = state(client, tid)
    assert snap["result"]["scores"]
    record = client.get(f"/api/tables/{tid}/record").json()
    game = get_game(record["game"])
    replayed = verify(game, GameRecord.from_json(record))
    assert game.is_over(replayed)
    total = len(record["moves"])
    first = client.get(f"/api/tables/{tid}/replay/0").json()
    assert first["ply"] == 0 and first["total"] == total and first["move"] is None
    step = client.get(f"/api/tables/{tid}/replay/1").json()
    assert step["move"]["action"] == record["moves"][0][1]
    last = client.get(f"/api/tables/{tid}/replay/{total}").json()
    assert last["result"] == record["result"]
    assert client.get(f"/api/tables/{tid}/replay/{total + 1}").status_code == 404


def test_all_human_game_through_the_api(client: TestClient) -> None:
    tid, tokens = create(client)
    snap = play_random(client, tid, tokens, 40)
    assert snap["version"] == 40


def test_pages_and_openapi(client: TestClient) -> None:
    assert "<title>meeple: lobby" in client.get("/").text
    assert "table.js" in client.get("/t/abc").text
    assert "replay.js" in client.get("/t/abc/replay").text
    assert client.get("/static/table.js").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/tables/{table_id}/actions" in paths
