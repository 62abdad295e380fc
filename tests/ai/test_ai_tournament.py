"""Tournaments: seat rotation, statistics, the JSON and CSV outputs, processes and Ray."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.cli.tournament import _table
from meeple.tournament import TournamentSpec, run, schedule, summarise, wilson
from meeple.tournament.stats import MODEL, POINTS_PER_MU, beats_chance, points

SPEC = TournamentSpec("namibia", ("heuristic", "random", "random", "random"), 4, seed=3)


def test_schedule_rotates_every_bot_through_every_seat() -> None:
    matches = schedule(SPEC)
    assert [m.seed for m in matches] == [3, 4, 5, 6]
    for seat in range(4):
        assert sorted(m.seats[seat] for m in matches) == sorted(SPEC.bots)
    assert [m.seats.index("heuristic") for m in matches] == [0, 3, 2, 1]


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_summary_counts_each_seat_a_bot_plays() -> None:
    results = run(SPEC)
    data = summarise(SPEC, results)
    assert data["games"] == 4
    by_name = {bot["name"]: bot for bot in data["bots"]}
    assert set(by_name) == {"heuristic", "random"}
    assert by_name["heuristic"]["games"] == 4
    assert by_name["random"]["games"] == 12
    wins = sum(len(r.winners) for r in results)
    assert by_name["heuristic"]["wins"] + by_name["random"]["wins"] == wins
    for bot in data["bots"]:
        low, high = bot["ci95"]
        assert 0.0 <= low <= bot["win_rate"] <= high <= 1.0
        assert isinstance(bot["rating"], float)
        assert bot["mean_decision_ms"] >= 0.0
    assert by_name["heuristic"]["rating"] > by_name["random"]["rating"]


def test_cli_json_and_csv_with_worker_processes(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    args = ["tournament", "namibia", "--bots", "heuristic,random,random", "-n", "3"]
    args += ["--jobs", "2", "--json", "--csv", str(out), "--seed", "9"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 3
    keys = {"name", "games", "wins", "win_rate", "ci95", "mean_score", "mean_decision_ms"}
    for bot in data["bots"]:
        assert keys | {"rating"} <= set(bot)
        assert len(bot["ci95"]) == 2
    with out.open() as handle:
        rows = list(csv.DictReader(handle))
    assert [int(row["index"]) for row in rows] == [0, 1, 2]
    assert [int(row["seed"]) for row in rows] == [9, 10, 11]
    assert rows[1]["bots"] == "random;random;heuristic"
    assert len(rows[0]["scores"].split(";")) == 3


def test_cli_refuses_unknown_bots() -> None:
    result = CliRunner().invoke(app, ["tournament", "namibia", "--bots", "nobody,random,random"])
    assert result.exit_code == 2


def test_local_ray_gives_the_same_games() -> None:
    pytest.importorskip("ray")
    spec = TournamentSpec("namibia", ("random", "random", "random"), 3, seed=5)
    on_ray = run(spec, jobs=2, ray_address="local")
    at_home = run(spec)
    assert [r.scores for r in on_ray] == [r.scores for r in at_home]
    assert [r.match.index for r in on_ray] == [0, 1, 2]


def test_the_table_fits_an_80_column_terminal() -> None:
    spec = TournamentSpec("namibia", ("heuristic", "random", "random", "random"), 2, seed=3)
    data = summarise(spec, run(spec))
    console = Console(width=80, record=True)
    console.print(_table(data, "Namibia"))
    text = console.export_text()
    assert "…" not in text
    assert "heuristic" in text and "rating" in text


def test_points_are_elo_like_on_the_models_own_likelihood() -> None:
    # 150 points apart: the better of two near-certain ratings finishes ahead 70% of
    # the time under the Plackett-Luce likelihood, as 150 Elo points would.
    better = MODEL.rating(mu=MODEL.mu + 150 / POINTS_PER_MU, sigma=1e-6)
    worse = MODEL.rating(mu=MODEL.mu, sigma=1e-6)
    spread = math.sqrt(better.sigma**2 + worse.sigma**2 + 2 * MODEL.beta**2)
    likelihood = 1 / (1 + math.exp(-(better.mu - worse.mu) / spread))
    assert likelihood == pytest.approx(beats_chance(150), abs=1e-6)
    assert beats_chance(150) == pytest.approx(0.703, abs=1e-3)
    assert points(better.mu) - points(worse.mu) == pytest.approx(150)
    assert points(MODEL.mu) == 1500


def test_summary_gives_points_and_their_spread() -> None:
    data = summarise(SPEC, run(SPEC))
    for bot in data["bots"]:
        assert bot["points"] == pytest.approx(points(bot["mu"]), abs=0.2)
        assert bot["points_sd"] == pytest.approx(POINTS_PER_MU * bot["sigma"], abs=0.2)
