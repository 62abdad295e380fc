"""The terminal commands: games, play, simulate, replay (bench: test_bench.py)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.cli.review import people_in_file
from meeple.engine import GameRecord

runner = CliRunner()


def test_games_lists_namibia_with_player_counts() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "namibia" in result.stdout and "3-4" in result.stdout


def test_play_answers_bad_input_and_asks_again(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    script = (
        "\n".join(
            ["help", "bogus move", "0", "bid 3", "1", "undo", "list", f"save {record}", "quit"]
        )
        + "\n"
    )
    result = runner.invoke(
        app,
        [
            "play",
            "namibia",
            "--players",
            "4",
            "--seats",
            "human,random,random,random",
            "--seed",
            "7",
        ],
        input=script,
    )
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert "Commands: list" in out  # help
    assert "is not an action of this game" in out
    assert "Numbers go from 1 to" in out
    assert "does not fit now" in out and "Getting Started" in out  # a bid during setup
    assert "Your last decision was taken back." in out
    assert "board and the player cards are reconstructed" in out  # said where the game starts
    saved = GameRecord.load(record)
    assert saved.game == "namibia" and saved.seed == 7
    assert all(seat != 0 for seat, _ in saved.moves)  # the only accepted move was undone
    people = json.loads(record.read_text())["people"]  # issue 28: whose decisions a review judges
    assert [(p["seat"], p["kind"], p["player"]) for p in people] == [
        (0, "human", ""),
        (1, "random", None),
        (2, "random", None),
        (3, "random", None),
    ]
    assert people_in_file(record, 4) == ["", None, None, None]


def test_play_rejects_unknown_seat_kinds_and_player_counts() -> None:
    result = runner.invoke(app, ["play", "namibia", "--seats", "human,wizard"])
    assert result.exit_code == 2
    assert "unknown seat kind 'wizard'" in result.stderr
    result = runner.invoke(app, ["play", "namibia", "--players", "5"])
    assert result.exit_code == 2
    assert "3 to 4 players" in result.stderr
    result = runner.invoke(app, ["play", "chess"])
    assert "unknown game 'chess'" in result.stderr


def test_a_whole_game_between_bots_can_be_watched_to_the_end() -> None:
    result = runner.invoke(
        app, ["play", "namibia", "--seats", "random,random,random,random", "--seed", "3"]
    )
    assert result.exit_code == 0
    assert "Final result" in result.stdout and "Winner:" in result.stdout


def test_simulate_json_is_deterministic() -> None:
    args = ["simulate", "namibia", "-n", "8", "--players", "4", "--seed", "1", "--json"]
    first = json.loads(runner.invoke(app, args).stdout)
    second = json.loads(runner.invoke(app, args).stdout)
    for key in ("games", "decisions", "seats"):
        assert first[key] == second[key]
    assert first["games"] == 8
    assert sum(seat["wins"] for seat in first["seats"]) >= 8
    assert first["decisions_per_second"] > 0
    assert {"seat", "bot", "wins", "mean_score"} <= set(first["seats"][0])


def test_replay_verifies_a_saved_record(tmp_path: Path) -> None:
    from meeple.engine.conformance import random_playout
    from meeple.games.namibia import GAME

    _, record = random_playout(GAME, GAME.make_config(3), 11)
    path = tmp_path / "r.json"
    record.save(path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    assert "Record verified" in result.stdout and "Final result" in result.stdout
    record.moves[5] = (record.moves[5][0], "bid 999")
    record.save(path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "move 6" in result.stderr
