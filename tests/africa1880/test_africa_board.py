"""The reconstructed board file and its validation at load."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from meeple.games.africa1880.board import (
    BOARD,
    DATA,
    HISTORICAL_START,
    BoardError,
    parse_board,
)

RAW: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))


def test_board_matches_the_rulebook_counts() -> None:
    """Components: 32 territories, 88 development tiles, 1-4 squares each."""
    assert len(BOARD.ids) == 32
    assert sum(BOARD.squares) == 88
    assert set(BOARD.squares) <= {1, 2, 3, 4}
    assert all(BOARD.coastal[BOARD.index(t)] for t in HISTORICAL_START)
    assert "RECONSTRUCTED" in RAW["provenance"]["reconstructed"]


def _entry(raw: dict[str, Any], name: str) -> dict[str, Any]:
    return next(e for e in raw["territories"] if e["id"] == name)


def _asymmetric(raw: dict[str, Any]) -> None:
    _entry(raw, "congo")["borders"].remove("angola")


def _too_many_squares(raw: dict[str, Any]) -> None:
    _entry(raw, "sahara")["squares"] = 5
    _entry(raw, "congo")["squares"] = 0


def _wrong_total(raw: dict[str, Any]) -> None:
    _entry(raw, "sahara")["squares"] = 2


def _disconnected(raw: dict[str, Any]) -> None:
    for other in ("lake nyassa", "zanzibar"):
        _entry(raw, other)["borders"].remove("madagascar")
    _entry(raw, "madagascar")["borders"] = ["madagascar"]


def _missing_territory(raw: dict[str, Any]) -> None:
    raw["territories"].pop()


def _inland_start(raw: dict[str, Any]) -> None:
    _entry(raw, "angola")["coastal"] = False


def _unmarked(raw: dict[str, Any]) -> None:
    raw["provenance"]["reconstructed"] = "from the printed board"


def _unknown_border(raw: dict[str, Any]) -> None:
    _entry(raw, "congo")["borders"].append("atlantis")


@pytest.mark.parametrize(
    "spoil",
    [
        _asymmetric,
        _too_many_squares,
        _wrong_total,
        _disconnected,
        _missing_territory,
        _inland_start,
        _unmarked,
        _unknown_border,
    ],
)
def test_a_broken_board_file_is_refused(spoil: Callable[[dict[str, Any]], None]) -> None:
    raw = copy.deepcopy(RAW)
    spoil(raw)
    with pytest.raises(BoardError):
        parse_board(raw)
