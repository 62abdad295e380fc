"""The lobby's API (issue 25, points 1 and 9): "My tables" asks ``POST /api/turns``
whether a decision waits for each held seat's person (a seat handed to a bot is not
its person's), bounded and leak-free; ``GET /api/games`` describes each game, lists
the example game last and marked, orders the bots weakest first and names the player
counts each option applies to, which table creation enforces."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_support import RELAXED, create, sqlite_url, state

from meeple.ai.levels import EXPERIMENT_LEVELS, PEOPLE_LEVELS
from meeple.engine import BadConfig, OptionSpec, all_games, get_game
from meeple.server.app import create_app
from meeple.server.routes.lobby import MAX_TURN_SEATS

AWAY = 0.4  # absent_after in these tests, seconds
ANSWER_KEYS = {"table", "game", "seat", "over", "person", "your_turn", "bot"}


def app(tmp_path: Path, bot_delay: float = 0.0) -> TestClient:
    limits = dataclasses.replace(RELAXED, absent_after=AWAY)
    return TestClient(create_app(sqlite_url(tmp_path), bot_delay=bot_delay, limits=limits))


def turns(c: TestClient, held: list[tuple[str, str]]) -> Any:
    r = c.post("/api/turns", json={"seats": [{"table": t, "token": k} for t, k in held]})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_seat_handed_to_a_bot_is_not_its_persons_turn(tmp_path: Path) -> None:
    # The bot waits 5 s before each move: the handed seat is still to act meanwhile,
    # which the lobby read as "your decision" before it asked the server.
    with app(tmp_path, bot_delay=5.0) as c:
        tid, tokens = create(c, seats=[{"kind": "human", "name": f"P{i}"} for i in range(3)])
        acting = state(c, tid)["to_act"][0]
        answers = turns(c, [(tid, tokens[s]) for s in range(3)])
        assert [a["seat"] for a in answers] == [0, 1, 2]
        assert [a["your_turn"] for a in answers] == [s == acting for s in range(3)]
        assert all(a["person"] and a["bot"] is None and not a["over"] for a in answers)
        assert all(set(a) == ANSWER_KEYS for a in answers), "nothing beyond the seat's own"

        r = c.post(
            f"/api/tables/{tid}/seats/{acting}/bot",
            json={"token": tokens[acting], "level": "random"},
        )
        assert r.status_code == 200, r.text
        assert acting in state(c, tid)["to_act"], "the bot has not moved yet"
        handed = turns(c, [(tid, tokens[acting])])[0]
        assert handed == {
            "table": tid,
            "game": "namibia",
            "seat": acting,
            "over": False,
            "person": False,
            "your_turn": False,
            "bot": "random",
        }
        # The lobby's list of tables names the person, not only the bot.
        listed = next(t for t in c.get("/api/tables").json() if t["id"] == tid)
        row = listed["seats"][acting]
        assert row["player"] == f"P{acting}" and row["kind"] == "random"
        assert row["played_by"].startswith(f"P{acting}, played by the random bot")
        # Taken back, the decision is its person's again.
        r = c.post(f"/api/tables/{tid}/seats/{acting}/back", json={"token": tokens[acting]})
        assert r.status_code == 200, r.text
        assert turns(c, [(tid, tokens[acting])])[0]["your_turn"] is True


def test_a_finished_game_is_nobodys_turn(tmp_path: Path) -> None:
    with app(tmp_path) as c:
        tid, tokens = create(c, seats=[{"kind": "human", "name": "Ann"}, "random", "random"])
        c.post(f"/api/tables/{tid}/seats/0/bot", json={"token": tokens[0], "level": "random"})
        deadline = time.monotonic() + 60
        while not state(c, tid)["over"]:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        answer = turns(c, [(tid, tokens[0])])[0]
        assert answer["over"] is True and answer["your_turn"] is False


def test_asking_the_lobby_is_not_being_at_the_table(tmp_path: Path) -> None:
    """The lobby's question does not make a seat present: another seat may still hand
    an absent player's seat to a bot (a table request would count as presence)."""
    with app(tmp_path) as c:
        tid, tokens = create(c, seats=[{"kind": "human", "name": f"P{i}"} for i in range(3)])
        state(c, tid, tokens[1])
        time.sleep(AWAY + 0.1)
        turns(c, [(tid, tokens[1])])
        r = c.post(f"/api/tables/{tid}/seats/1/bot", json={"token": tokens[0], "level": "random"})
        assert r.status_code == 200, r.text
        # ... whereas a request at the table does.
        state(c, tid, tokens[2])
        r = c.post(f"/api/tables/{tid}/seats/2/bot", json={"token": tokens[0], "level": "random"})
        assert r.status_code == 403


def test_wrong_tokens_and_gone_tables_answer_alone_and_are_to_be_forgotten(
    tmp_path: Path,
) -> None:
    with app(tmp_path) as c:
        tid, tokens = create(c, seats=[{"kind": "human", "name": "Ann"}, "random", "random"])
        other, _ = create(c, seats=[{"kind": "human", "name": "Bob"}, "random", "random"])
        answers = turns(c, [(tid, tokens[0]), (other, tokens[0]), ("nosuchtable", "x")])
        assert answers[0]["seat"] == 0 and "error" not in answers[0]
        assert answers[1]["forget"] is True and "no seat" in answers[1]["error"]
        assert answers[2]["forget"] is True and "no table" in answers[2]["error"]
        assert set(answers[1]) == {"table", "error", "forget"}


def test_the_question_is_bounded(tmp_path: Path) -> None:
    with app(tmp_path) as c:
        tid, tokens = create(c, seats=[{"kind": "human", "name": "Ann"}, "random", "random"])
        many = [{"table": tid, "token": tokens[0]}] * (MAX_TURN_SEATS + 1)
        assert c.post("/api/turns", json={"seats": many}).status_code == 422
        assert len(turns(c, [(tid, tokens[0])] * MAX_TURN_SEATS)) == MAX_TURN_SEATS
        long_token = [{"table": tid, "token": "x" * 65}]
        assert c.post("/api/turns", json={"seats": long_token}).status_code == 422
        long_id = [{"table": "t" * 33, "token": tokens[0]}]
        assert c.post("/api/turns", json={"seats": long_id}).status_code == 422
        assert c.post("/api/turns", json={"seats": [{"table": tid}]}).status_code == 422


# ---- the games as the lobby offers them ----------------------------------------------


def test_the_games_describe_themselves_the_example_last(client: TestClient) -> None:
    games = client.get("/api/games").json()
    examples = [g["example"] for g in games]
    assert examples == sorted(examples), "the example game comes after the others"
    played = [g for g in games if not g["example"]]
    assert {g["name"] for g in played} == {"namibia", "mombasa", "africa1880", "newworld"}
    for info in played:
        assert len(info["summary"]) > 150, info["name"]
        low, high = info["minutes"]
        assert 0 < low <= high
        assert info["help"] == f"/games/{info['name']}/help"
        assert client.get(info["help"]).status_code == 200


def test_bots_come_weakest_first_each_with_a_line(client: TestClient) -> None:
    for info in client.get("/api/games").json():
        names = info["bots"]
        ranked = [n for n in names if n in PEOPLE_LEVELS + EXPERIMENT_LEVELS]
        expected = [n for n in PEOPLE_LEVELS + EXPERIMENT_LEVELS if n in names]
        assert ranked == expected, info["name"]
        assert [lv["name"] for lv in info["levels"]] == names
        assert all(lv["summary"] and lv["summary"] != "a bot" for lv in info["levels"])
        assert [lv["experiment"] for lv in info["levels"]] == [
            n in EXPERIMENT_LEVELS for n in names
        ]
    africa = next(g for g in client.get("/api/games").json() if g["name"] == "africa1880")
    hard = next(lv for lv in africa["levels"] if lv["name"] == "hard")
    assert "order sheet" in hard["summary"], "the game's own hard bot says what it is"


def test_new_worlds_two_player_version_applies_at_two_players_only(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    options = {o["name"]: o for o in games["newworld"]["options"]}
    assert options["two_player_version"]["players"] == [2]
    assert options["turns"]["players"] == [2, 3, 4, 5, 6]
    seats = [{"kind": "human", "name": "Ann"}, "random", "random"]
    body = {"game": "newworld", "players": 3, "seats": seats, "seed": 1}
    r = client.post("/api/tables", json={**body, "options": {"two_player_version": True}})
    assert r.status_code == 422
    assert "applies to 2 players only, not 3" in r.json()["detail"]
    # Its default changes nothing at any count (a stored config names every option).
    r = client.post("/api/tables", json={**body, "options": {"two_player_version": False}})
    assert r.status_code == 201, r.text
    r = client.post(
        "/api/tables",
        json={**body, "players": 2, "seats": seats[:2], "options": {"two_player_version": True}},
    )
    assert r.status_code == 201, r.text


def test_an_option_names_the_counts_it_applies_to() -> None:
    spec = OptionSpec("duel", False, "for two", players=(2,))
    assert spec.applies_to(2) and not spec.applies_to(3)
    assert OptionSpec("any", 1, "every count").applies_to(5)
    game = get_game("newworld")
    with pytest.raises(BadConfig, match="applies to 2 players only"):
        game.make_config(4, {"two_player_version": True})
    assert game.make_config(4, {"two_player_version": False}).options["two_player_version"] is False
    for other in all_games():
        for option in other.option_specs:
            assert all(other.min_players <= n <= other.max_players for n in option.players)
