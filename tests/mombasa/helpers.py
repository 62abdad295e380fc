"""Shared helpers for the Mombasa rule tests."""

from __future__ import annotations

from meeple.games.mombasa import GAME
from meeple.games.mombasa.rules import tasks
from meeple.games.mombasa.state import MombasaState


def play(state: MombasaState, seat: int, *texts: str) -> None:
    """Play actions through the checked path (each must be legal)."""
    for text in texts:
        GAME.play(state, seat, text)


def legal(state: MombasaState, seat: int) -> list[str]:
    return [action.text for action in GAME.legal(state, seat)]


def pending(state: MombasaState) -> str | None:
    return tasks.TASK_NAMES[state.tasks[-1][0]] if state.tasks else None
