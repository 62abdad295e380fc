"""The engine contract shared by every game (no I/O, no third-party imports)."""

from meeple.engine.actions import Action, ActionSpace
from meeple.engine.config import GameConfig, OptionSpec
from meeple.engine.errors import (
    BadConfig,
    BadRecord,
    IllegalAction,
    MeepleError,
    NotYourTurn,
    UnknownAction,
)
from meeple.engine.events import Event
from meeple.engine.game import JSON, Game
from meeple.engine.record import GameRecord, replay, start_record, undo_point, verify
from meeple.engine.registry import all_games, get_game, register
from meeple.engine.result import Result, rank_by
from meeple.engine.rng import Rng
from meeple.engine.state import GameState

__all__ = [
    "JSON",
    "Action",
    "ActionSpace",
    "BadConfig",
    "BadRecord",
    "Event",
    "Game",
    "GameConfig",
    "GameRecord",
    "GameState",
    "IllegalAction",
    "MeepleError",
    "NotYourTurn",
    "OptionSpec",
    "Result",
    "Rng",
    "UnknownAction",
    "all_games",
    "get_game",
    "rank_by",
    "register",
    "replay",
    "start_record",
    "undo_point",
    "verify",
]
