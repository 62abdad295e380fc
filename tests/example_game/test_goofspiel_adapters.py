"""Goofspiel through meeple's adapters, which never name it: the terminal, the bot
levels and tournaments (the server: test_goofspiel_server.py)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from meeple_goofspiel import GAME
from typer.testing import CliRunner

from meeple.ai import load_bots
from meeple.ai.base import bot_names, make_bot
from meeple.cli.main import app
from meeple.engine import GameRecord, verify
from meeple.tournament import TournamentSpec, run, summarise

runner = CliRunner()
load_bots()


def test_games_lists_goofspiel_with_its_player_counts() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    line = next(line for line in result.stdout.splitlines() if "goofspiel" in line)
    assert "2-4" in line


def test_play_in_the_terminal_against_the_heuristic(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    # Bad input first, each answered and asked again; then the lowest card every
    # round (action 1 of the list); the game is saved at the last decision.
    script = ["bid 99", "bid 3", "1", "bid 1", "list", *["1"] * 10, f"save {record}", "1"]
    result = runner.invoke(
        app,
        ["play", "goofspiel", "--players", "2", "--seats", "human,heuristic", "--seed", "5"],
        input="\n".join(script) + "\n",
    )
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert "Goofspiel, seed 5" in out and "Spades to decide" in out
    assert "Prize:" in out and "Hearts" in out
    assert "is not an action of this game" in out  # bid 99
    assert "the 1 is spent" in out and "[Bidding]" in out  # bid 1 after bidding it
    assert "Bids for the" in out  # the reveal, told as news
    assert "Final result" in out and "Winner:" in out
    saved = GameRecord.load(record)
    assert saved.game == "goofspiel" and saved.seed == 5
    assert len(saved.moves) == 2 * 12, "saved before the last round"


def test_a_whole_game_between_bots_can_be_watched_with_an_option() -> None:
    seats = ["--seats", "heuristic,easy,random,random"]
    args = ["play", "goofspiel", "--players", "4", *seats, "--seed", "2", "--option", "cards=6"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stdout
    assert "round 6 of 6" in result.stdout and "Winner:" in result.stdout


def test_every_bot_level_plays_goofspiel_within_its_budget() -> None:
    names = bot_names("goofspiel")
    assert {"heuristic", "random", "easy", "medium", "hard", "mcts"} <= set(names)
    state = GAME.new_game(GAME.make_config(3), 8)
    for name in ("heuristic", "easy", "medium", "hard"):
        bot = make_bot(name, GAME, 1)
        start = time.perf_counter()
        index = bot.choose(GAME, state, 0)
        assert index in GAME.legal_actions(state, 0)
        assert time.perf_counter() - start < 5.0, name


def test_tournament_heuristic_against_random() -> None:
    spec = TournamentSpec("goofspiel", ("heuristic", "random"), 10, seed=1)
    results = run(spec)
    assert len(results) == 10
    for r in results:
        assert sum(r.decisions) == 2 * 13, "13 rounds, one card per seat each"
    data = summarise(spec, results)
    by_name = {bot["name"]: bot for bot in data["bots"]}
    assert by_name["heuristic"]["games"] == by_name["random"]["games"] == 10
    assert by_name["heuristic"]["wins"] >= 7, "rank matching beats random bidding"
    assert by_name["heuristic"]["rating"] > by_name["random"]["rating"]


def test_tournament_command_line() -> None:
    args = ["tournament", "goofspiel", "--bots", "heuristic,random", "-n", "10", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 10 and {b["name"] for b in data["bots"]} == {"heuristic", "random"}


def test_a_finished_terminal_game_replays_from_its_record(tmp_path: Path) -> None:
    from meeple.engine.conformance import random_playout

    _, record = random_playout(GAME, GAME.make_config(3, {"cards": 7}), 21)
    path = tmp_path / "r.json"
    record.save(path)
    verify(GAME, GameRecord.load(path))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "Record verified" in result.stdout


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_runs_for_every_player_count(players: int) -> None:
    args = ["simulate", "goofspiel", "-n", "5", "--players", str(players), "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 5
