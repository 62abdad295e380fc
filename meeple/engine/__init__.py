"""The engine contract shared by every game (no I/O, no third-party imports)."""

from meeple.engine.actions import Action, ActionSpace
from meeple.engine.bots import (
    Bot,
    BotFactory,
    BotKit,
    Knowledge,
    NoKnowledge,
    WrappedKnowledge,
)
from meeple.engine.config import GameConfig, OptionSpec
from meeple.engine.encoding import Encoding, NoEncoding
from meeple.engine.errors import (
    BadConfig,
    BadRecord,
    IllegalAction,
    InvalidState,
    MeepleError,
    NotYourTurn,
    UnknownAction,
    unexplained,
)
from meeple.engine.events import Event
from meeple.engine.game import JSON, Game, TimedPhase
from meeple.engine.presentation import Presentation
from meeple.engine.record import GameRecord, replay, start_record, undo_point, verify
from meeple.engine.registry import all_games, discover, get_game, register
from meeple.engine.result import Result, rank_by
from meeple.engine.rng import Rng
from meeple.engine.state import GameState
from meeple.engine.terminal import Command, Highlight, Reply, Terminal

__all__ = [
    "JSON",
    "Action",
    "ActionSpace",
    "BadConfig",
    "BadRecord",
    "Bot",
    "BotFactory",
    "BotKit",
    "Command",
    "Encoding",
    "Event",
    "Game",
    "GameConfig",
    "GameRecord",
    "GameState",
    "Highlight",
    "IllegalAction",
    "InvalidState",
    "Knowledge",
    "MeepleError",
    "NoEncoding",
    "NoKnowledge",
    "NotYourTurn",
    "OptionSpec",
    "Presentation",
    "Reply",
    "Result",
    "Rng",
    "Terminal",
    "TimedPhase",
    "UnknownAction",
    "WrappedKnowledge",
    "all_games",
    "discover",
    "get_game",
    "rank_by",
    "register",
    "replay",
    "start_record",
    "undo_point",
    "unexplained",
    "verify",
]
