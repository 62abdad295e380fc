"""A new game in its own package passes meeple's kit with no edit to meeple.

Pebbles (pebbles/: a package written by following docs/adding-a-game.md, and the
test file of its own repository, which subclasses ``meeple.testing.GameTests``) is
copied into a fresh folder outside meeple's tree, with no entry point and nothing
installed. Its goldens are written there by ``python -m meeple.testing.write_goldens``
(the game named by MEEPLE_GAMES), then pytest runs its test file there, in a
process of its own (the kit registers the game)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.kit.pebbles_game import REPOSITORY


def run(folder: Path, *args: str, **more_env: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(folder), **more_env}
    env.pop("PYTEST_XDIST_WORKER", None)
    command = [sys.executable, *args]
    return subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=300)


def test_an_outside_package_passes_the_kit_in_its_own_folder(tmp_path: Path) -> None:
    folder = tmp_path / "pebbles"
    shutil.copytree(REPOSITORY, folder, ignore=shutil.ignore_patterns("__pycache__"))
    # Named through MEEPLE_GAMES, as `meeple play pebbles` would find it.
    named = {"MEEPLE_GAMES": "meeple_pebbles:GAME"}
    wrote = run(folder, "-m", "meeple.testing.write_goldens", "golden", "pebbles", **named)
    assert wrote.returncode == 0, wrote.stderr
    assert sorted(p.name for p in (folder / "golden").iterdir()) == [
        "pebbles-2p-77.json",
        "pebbles-3p-2024.json",
    ]
    tested = run(folder, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-rs")
    report = tested.stdout + tested.stderr
    assert tested.returncode == 0, report
    passed = int(re.search(r"(\d+) passed", report).group(1))  # type: ignore[union-attr]
    assert passed >= 20, report
    # The one skip: every action is legal at every decision, nothing to refuse.
    assert re.search(r"1 skipped", report) and "every action stayed legal" in report, report
    assert not (REPOSITORY / "golden").exists(), "the goldens went into the copy only"
