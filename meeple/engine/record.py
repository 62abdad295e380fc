"""Game records (JSON: game, rules version, config, seed, moves) and exact replay."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.engine.config import GameConfig
from meeple.engine.errors import BadRecord, MeepleError
from meeple.engine.game import Game
from meeple.engine.state import GameState


@dataclass
class GameRecord:
    """Everything needed to replay a game exactly, plus its outcome when finished."""

    game: str
    rules_version: str
    config: GameConfig
    seed: int
    moves: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "config": self.config.to_json(),
            "seed": self.seed,
            "moves": [[seat, text] for seat, text in self.moves],
            "result": self.result,
        }

    @staticmethod
    def from_json(raw: dict[str, Any]) -> GameRecord:
        try:
            moves = [(int(seat), str(text)) for seat, text in raw["moves"]]
            return GameRecord(
                game=str(raw["game"]),
                rules_version=str(raw["rules_version"]),
                config=GameConfig.from_json(raw["config"]),
                seed=int(raw["seed"]),
                moves=moves,
                result=raw.get("result"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise BadRecord(f"not a game record: missing or malformed field ({exc})") from exc

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n")

    @staticmethod
    def load(path: Path) -> GameRecord:
        try:
            raw = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError) as exc:
            raise BadRecord(f"cannot read record {path}: {exc}") from exc
        return GameRecord.from_json(raw)


def start_record(game: Game[Any], config: GameConfig, seed: int) -> GameRecord:
    return GameRecord(game.name, game.rules_version, config, seed)


def replay(game: Game[Any], record: GameRecord, upto: int | None = None) -> GameState:
    """Replay ``record`` (its first ``upto`` moves) through the checked path."""
    if record.game != game.name:
        raise BadRecord(f"record is of {record.game!r}, not {game.name!r}")
    if record.rules_version != game.rules_version:
        raise BadRecord(
            f"record was played under rules version {record.rules_version!r};"
            f" this build plays {game.rules_version!r}"
        )
    state: GameState = game.new_game(record.config, record.seed)
    moves = record.moves if upto is None else record.moves[:upto]
    for number, (seat, text) in enumerate(moves, start=1):
        try:
            game.play(state, seat, text)
        except MeepleError as exc:
            raise BadRecord(f"move {number} ({seat}: {text!r}) does not replay: {exc}") from exc
    return state


def verify(game: Game[Any], record: GameRecord) -> GameState:
    """Replay a whole record and check that it ends as the record says."""
    state = replay(game, record)
    if record.result is not None:
        if not game.is_over(state):
            raise BadRecord("the record claims a result but its moves do not finish the game")
        replayed = game.result(state).to_json()
        if replayed != record.result:
            raise BadRecord(f"stored result {record.result} differs from replayed {replayed}")
    return state


def undo_point(
    game: Game[Any], record: GameRecord, seat: int, *, others_may_follow: bool
) -> int | None:
    """How many moves of ``record`` to keep so that ``seat``'s last decision is undone.

    Refused (None) when ``seat`` has made no decision, when an event that reveals
    randomness or hidden information was logged since that decision, or, unless
    ``others_may_follow``, when another seat has acted since.
    """
    mine = [i for i, (who, _) in enumerate(record.moves) if who == seat]
    if not mine:
        return None
    keep = mine[-1]
    later = record.moves[keep + 1 :]
    if not others_may_follow and any(who != seat for who, _ in later):
        return None
    before = replay(game, record, keep)
    after = replay(game, record)
    if any(event.reveals for event in after.log[len(before.log) :]):
        return None
    return keep
