"""Level 2: complete seeded games checked in as playthroughs (``meeple.testing.golden``):
every decision's position as short digests, so a change fails at the first decision
it alters and says which digests differ.

A change to the rules changes these games; regenerate them with
``python -m tests.golden.make_golden`` only together with a rules-version bump.
Every game of meeple's own has its random-play goldens here; "kept" files are games
played by bots, kept for their moves. The checks are the kit's ``GoldenTests``, one
class per game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

import pytest

from meeple.engine import get_game
from meeple.engine.conformance import random_playout
from meeple.testing import GoldenTests, classes_for
from meeple.testing.golden import check_golden, dump, load, write_goldens
from tests.golden.make_golden import HERE, own_games


class MeepleGoldens(GoldenTests):
    golden_dir: ClassVar[Path | None] = HERE


globals().update(classes_for(MeepleGoldens, own_games()))


def test_every_golden_file_here_is_of_one_of_meeples_games() -> None:
    names = {game.name for game in own_games()}
    assert {path.name.split("-")[0] for path in HERE.glob("*.json")} <= names


# ---- the report names the first decision that changed (Goofspiel, 5 cards: cheap) ----


@pytest.fixture
def small_golden(tmp_path: Path) -> Path:
    game = get_game("goofspiel")
    config = game.make_config(2, {"cards": 5})
    _, record = random_playout(game, config, 3)
    path = tmp_path / "goofspiel-2p-3.json"
    path.write_text(dump("kept", record, game))
    return path


def edit_step(path: Path, number: int, column: int, value: object) -> None:
    """Change one stored value of decision ``number``, as another version would have."""
    lines = path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"  [{number}, "))
    step = json.loads(lines[at].strip().rstrip(","))
    step[column] = value
    lines[at] = "  " + json.dumps(step) + ("," if lines[at].endswith(",") else "")
    path.write_text("\n".join(lines) + "\n")


def test_an_unchanged_golden_passes(small_golden: Path) -> None:
    check_golden(small_golden)


def test_a_changed_view_is_reported_at_its_decision_with_the_seat(small_golden: Path) -> None:
    _, _, steps, _ = load(small_golden)
    views = steps[4][5].split()
    views[2] = "00000000"  # seat 1's view at decision 4
    edit_step(small_golden, 4, 5, " ".join(views))
    with pytest.raises(
        AssertionError,
        match=r"decision 4 \(seat \d then plays 'bid \d'\): the views of seat 1 differ",
    ):
        check_golden(small_golden)


def test_a_changed_state_is_reported_at_the_first_decision_only(small_golden: Path) -> None:
    edit_step(small_golden, 6, 3, "00000000")
    edit_step(small_golden, 7, 4, "00000000")
    with pytest.raises(
        AssertionError, match=r"decision 6 .*the state's fields differ \(00000000 stored"
    ):
        check_golden(small_golden)


def test_a_move_the_rules_now_refuse_is_named(small_golden: Path) -> None:
    edit_step(small_golden, 2, 2, "bid 13")  # Goofspiel, Bidding: 5 cards, no 13
    with pytest.raises(AssertionError, match=r"decision 2: seat \d's 'bid 13' is refused now"):
        check_golden(small_golden)


def test_the_writer_refreshes_a_kept_game_in_the_folder_it_is_given(small_golden: Path) -> None:
    game = get_game("goofspiel")
    kept = small_golden.read_text()
    written = write_goldens(game, small_golden.parent)
    assert small_golden in written and small_golden.read_text() == kept
    assert {p.name for p in written} == {
        small_golden.name,
        "goofspiel-4p-2024.json",
        "goofspiel-2p-77.json",
    }
