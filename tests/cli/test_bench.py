"""``meeple bench``: figures for every game, by the wall clock or by CPU time with the
calibration workload interleaved, and where it finds that workload."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from meeple.cli import bench
from meeple.cli.main import app
from meeple.engine import all_games, get_game

runner = CliRunner(env={"COLUMNS": "400"})  # wide: messages naming paths stay on one line

# A stand-in for ../shared/tools/calibrate.py: a ``workload(rng)`` returning its operations.
FAKE_CALIBRATION = """
def workload(rng):
    total = 0
    for _ in range(2000):
        total += rng.randrange(10)
    return 2000
"""


@pytest.fixture
def fake_calibration(tmp_path: Path) -> Path:
    script = tmp_path / "shared" / "tools" / "calibrate.py"
    script.parent.mkdir(parents=True)
    script.write_text(FAKE_CALIBRATION)
    return script


@pytest.fixture
def no_calibration_beside_the_code(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(bench, "CALIBRATION", tmp_path / "elsewhere" / "calibrate.py")


@pytest.fixture
def inside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder is a checkout's folder, tmp_path/checkout, for the test."""
    folder = tmp_path / "checkout"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def test_bench_prints_figures_for_every_game() -> None:
    result = runner.invoke(app, ["bench", "-n", "3", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["clock"] == "wall"
    rows = data["games"]
    assert {row["game"] for row in rows} == {game.name for game in all_games()}
    assert all(row["decisions_per_second"] > 0 and row["clone_microseconds"] > 0 for row in rows)
    assert all(row["mcts_iterations_per_second"] > 0 for row in rows)
    calibration = data["calibration_ops_per_second"]
    if calibration is not None:  # the calibration workload lies outside the repository
        for row in rows:
            ratio = row["decisions_per_second"] / calibration
            assert abs(row["x_calibration"] - ratio) < 1e-3


def test_bench_cpu_gives_ratios_to_the_calibration_timed_the_same_way(
    fake_calibration: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench, "CHUNK_SECONDS", 0.02)
    # More rounds than games: one game a round.
    args = ["bench", "--cpu", "-n", "2", "--rounds", "5", "--game", "namibia", "--json"]
    result = runner.invoke(app, [*args, "--calibrate", str(fake_calibration)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["clock"] == "cpu"
    calibration = data["calibration_ops_per_second"]
    assert calibration > 0
    [row] = data["games"]
    assert row["game"] == "namibia" and row["games"] == 2
    assert abs(row["x_calibration"] - row["decisions_per_second"] / calibration) < 1e-3
    assert row["clone_microseconds"] > 0 and row["mcts_iterations_per_second"] > 0


def test_bench_cpu_interleaves_the_calibration_with_the_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each round: a chunk of the calibration workload, then games/rounds random
    games of every game chosen, seeds running on from round to round."""
    happened: list[Any] = []

    def workload(rng: random.Random) -> int:
        if not happened or happened[-1] != "calibration":
            happened.append("calibration")
        return 1

    def played(game: Any, players: int, games: int, seed: int, clock: Any) -> tuple[int, float]:
        assert clock is bench.CPU
        happened.append((game.name, games, seed))
        return 10 * games, 0.5

    monkeypatch.setattr(bench, "random_play_rate", played)
    monkeypatch.setattr(bench, "CHUNK_SECONDS", 0.001)
    chosen = [get_game("namibia"), get_game("africa1880")]
    ops, rates = bench.interleaved_play(chosen, games=6, seed=1, rounds=3, workload=workload)
    assert happened == [
        "calibration",
        ("namibia", 2, 1),
        ("africa1880", 2, 1),
        "calibration",
        ("namibia", 2, 3),
        ("africa1880", 2, 3),
        "calibration",
        ("namibia", 2, 5),
        ("africa1880", 2, 5),
    ]
    assert rates == {"namibia": (60, 1.5), "africa1880": (60, 1.5)}
    assert ops > 0


@pytest.mark.usefixtures("no_calibration_beside_the_code")
def test_bench_finds_the_calibration_beside_the_current_folder(
    fake_calibration: Path, inside: Path
) -> None:
    """From another checkout (the code's own ../shared is not there): ../shared/tools
    seen from the current folder."""
    assert bench.find_calibration(None) == fake_calibration.resolve()


@pytest.mark.usefixtures("no_calibration_beside_the_code", "inside")
def test_bench_without_a_calibration_says_where_it_looked() -> None:
    result = runner.invoke(app, ["bench", "--cpu", "-n", "1", "--game", "namibia"])
    assert result.exit_code == 2
    said = result.stderr.replace("\n", "")  # (a long path is wrapped across lines)
    assert "no calibration workload at" in said and "--calibrate PATH" in said
    assert str(bench.CALIBRATION) in said
    assert str(Path.cwd().parent / "shared" / "tools" / "calibrate.py") in said
    # By the wall clock the figures come without ratios, and it says why.
    result = runner.invoke(app, ["bench", "-n", "1", "--game", "namibia", "--json"])
    assert result.exit_code == 0
    assert "--calibrate PATH" in result.stderr
    data = json.loads(result.stdout)
    assert data["calibration_ops_per_second"] is None
    assert data["games"][0]["x_calibration"] is None


def test_bench_refuses_a_missing_calibration_script_and_an_unknown_game(tmp_path: Path) -> None:
    missing = tmp_path / "calibrate.py"
    result = runner.invoke(app, ["bench", "--calibrate", str(missing)])
    assert result.exit_code == 2
    assert f"no calibration script at {missing}" in result.stderr.replace("\n", "")
    result = runner.invoke(app, ["bench", "--game", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'; choose from:" in result.stderr
    assert "namibia" in result.stderr
