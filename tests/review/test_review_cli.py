"""``meeple review RECORD``: the marked decisions, the whole analysis as JSON,
and clear errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

from review_support import bot_record
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.review import REVIEW_VERSION

runner = CliRunner()


def saved_record(tmp_path: Path) -> Path:
    record, _ = bot_record("goofspiel", 2, 5, "random")
    path = tmp_path / "game.json"
    record.save(path)
    return path


def test_review_prints_marked_decisions_and_writes_the_analysis(tmp_path: Path) -> None:
    path = saved_record(tmp_path)
    out = tmp_path / "review.json"
    result = runner.invoke(app, ["review", str(path), "-i", "150", "--json", str(out)])
    assert result.exit_code == 0, result.stdout
    data = json.loads(out.read_text())
    assert data["version"] == REVIEW_VERSION and data["iterations"] == 150
    assert len(data["decisions"]) == data["moves"] == 26
    marked = [d for d in data["decisions"] if d["grade"]]
    assert marked  # random play makes mistakes the search sees
    assert "Marked decisions" in result.stdout
    for decision in marked:
        assert decision["action"] in result.stdout
    flat = " ".join(result.stdout.split())  # Rich wraps long lines
    assert "Grades by lost win chance as a share of the chance at stake" in flat
    assert "blunder 50% and 5 points" in flat and "150 iterations" in flat


def test_review_of_some_moves_only(tmp_path: Path) -> None:
    path = saved_record(tmp_path)
    out = tmp_path / "review.json"
    result = runner.invoke(
        app, ["review", str(path), "-i", "16", "--moves", "3-5", "--json", str(out)]
    )
    assert result.exit_code == 0, result.stdout
    assert [d["move"] for d in json.loads(out.read_text())["decisions"]] == [3, 4, 5]


def test_review_answers_bad_input_clearly(tmp_path: Path) -> None:
    path = saved_record(tmp_path)
    missing = runner.invoke(app, ["review", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "cannot read record" in missing.stderr
    moves = runner.invoke(app, ["review", str(path), "--moves", "30-40"])
    assert moves.exit_code == 2 and "outside the record's moves 1-26" in moves.stderr
    words = runner.invoke(app, ["review", str(path), "--moves", "last"])
    assert words.exit_code == 2 and "FIRST-LAST or N" in words.stderr
    budget = runner.invoke(app, ["review", str(path), "-i", "3"])
    assert budget.exit_code == 2 and "at least 8 iterations" in budget.stderr


def test_a_review_with_a_person_judges_and_lists_that_person_first(tmp_path: Path) -> None:
    """Issue 28, point 3: with a person at the table the bots' decisions are not
    judged unless asked, and the person comes first, by name."""
    path = saved_record(tmp_path)
    out = tmp_path / "review.json"
    args = ["review", str(path), "-i", "16", "--moves", "1-6", "--json", str(out)]
    result = runner.invoke(app, [*args, "--person", "Hearts=Ann"])
    assert result.exit_code == 0, result.stdout
    data = json.loads(out.read_text())
    assert data["people"] == [None, "Ann"] and data["bots"] is False
    assert {d["seat"] for d in data["decisions"]} == {1}
    assert [s["name"] for s in data["summary"]] == ["Hearts", "Spades"]
    assert "The people's marked decisions" in result.stdout and "Ann" in result.stdout
    assert "--bots judges them too" in result.stdout
    both = runner.invoke(app, [*args, "--person", "1", "--bots"])
    assert both.exit_code == 0, both.stdout
    assert {d["seat"] for d in json.loads(out.read_text())["decisions"]} == {0, 1}


def test_a_record_the_server_published_says_who_the_people_were(tmp_path: Path) -> None:
    path = saved_record(tmp_path)
    raw = json.loads(path.read_text())
    raw["people"] = [
        {"seat": 0, "player": None, "kind": "hard"},
        {"seat": 1, "player": "Bo", "kind": "medium"},  # handed to a bot: still Bo's seat
    ]
    path.write_text(json.dumps(raw))
    out = tmp_path / "review.json"
    result = runner.invoke(
        app, ["review", str(path), "-i", "16", "--moves", "1-4", "--json", str(out)]
    )
    assert result.exit_code == 0, result.stdout
    assert json.loads(out.read_text())["people"] == [None, "Bo"]
    wrong = runner.invoke(app, ["review", str(path), "--person", "Clubs"])
    assert wrong.exit_code == 2 and "not a seat of this game" in wrong.stderr
    plain = runner.invoke(app, ["review", str(saved_record(tmp_path)), "--no-bots"])
    assert plain.exit_code == 2 and "which seats people played" in plain.stderr
