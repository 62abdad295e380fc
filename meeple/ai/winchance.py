"""Calibrated win chances: a model per game, learned from self-play, that turns a
seat's encoded view into every seat's chance of winning.

A game ships the model as ``data/winchance.json`` in its own package (written by
``python -m meeple.review.train_winchance``; ``docs/review.md``, "Win chances").
Per player count it is a multinomial logistic regression over the outcomes "seat
k places from the viewer wins" (k = 0 is the viewer), plus "nobody wins" where the
game can end without a winner (Africa 1880's tie for the lead):

    chances = softmax(bias + sum_i x[i] * weights[i])

where ``x`` is the viewer's observation (``Game.encoding()``), so the estimate reads
only what that seat may know. Inference is plain Python over the observation's
non-zero places (no numpy), cheap enough for every cut-off of a rollout.

``CalibratedKnowledge`` wraps a game's search knowledge: its rollout policy,
candidates, shortlist and ``settled`` stay the game's; only ``evaluate`` (the
cut-off) gives the model's chances. ``knowledge_for`` in ``meeple.ai.knowledge``
hands out the wrapper wherever a game ships a model; the hand-written evaluation
stays reachable as ``inner.evaluate``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from itertools import compress
from operator import itemgetter, mul
from typing import Any

from meeple.engine import Game, GameState, Knowledge, WrappedKnowledge
from meeple.engine.errors import MeepleError
from meeple.engine.provenance import read_provenance

FILE_NAME = "winchance.json"


class WinChanceError(MeepleError):
    """A win-chance model file is missing a part, malformed, or made for another
    encoding (rebuild it with ``python -m meeple.review.train_winchance``)."""


@dataclass(frozen=True, eq=False)
class SeatModel:
    """The model for one player count: per observation place, one weight per outcome
    (None for a place without weights); ``outcomes`` is ``players`` or
    ``players + 1`` (the last: nobody wins)."""

    players: int
    rows: tuple[tuple[float, ...] | None, ...]  # per observation place, then per judged seat
    bias: tuple[float, ...]
    judged: bool = False  # whether the game's own evaluation is an input (one per seat)

    @property
    def size(self) -> int:
        """The observation's length the model was trained on."""
        return len(self.rows) - (self.players if self.judged else 0)

    @property
    def outcomes(self) -> int:
        return len(self.bias)

    @cached_property
    def _columns(self) -> list[list[float]]:
        """Per outcome, its weight at every observation place (0.0 where none)."""
        return [[0.0 if row is None else row[k] for row in self.rows] for k in range(self.outcomes)]

    def relative(self, observation: Sequence[float]) -> list[float]:
        """The outcomes' chances: seat k places from the viewer wins (then, if the
        model has it, nobody wins). ``observation``: the encoded view, then for a
        ``judged`` model ``judgement``'s numbers."""
        if len(observation) != len(self.rows):
            raise WinChanceError(
                f"the observation has {len(observation)} numbers, the model expects"
                f" {len(self.rows)}: the encoding changed; retrain the win-chance model"
            )
        places = list(compress(range(len(self.rows)), observation))
        if not places:
            logits = list(self.bias)
        else:
            # C-speed gathers: the observation's non-zero numbers, and per outcome the
            # weights at those places
            pick = itemgetter(*places, places[0])  # two or more places give a tuple
            values = pick(observation)
            logits = [
                bias + sum(map(mul, pick(column), values)) - column[places[0]] * values[-1]
                for bias, column in zip(self.bias, self._columns, strict=True)
            ]
        top = max(logits)
        exps = [math.exp(z - top) for z in logits]
        total = sum(exps)
        return [e / total for e in exps]

    def chances(
        self, observation: Sequence[float], viewer: int, judged: Sequence[float] = ()
    ) -> list[float]:
        """Every seat's win chance (absolute seat order) from ``viewer``'s observation
        (and, for a ``judged`` model, the game's own evaluation ``judged``, in absolute
        seat order); with a no-winner outcome the seats' chances sum to one minus its
        chance."""
        n = self.players
        if self.judged:
            observation = [*observation, *judgement(judged, viewer)]
        relative = self.relative(observation)
        return [relative[(seat - viewer) % n] for seat in range(n)]


def judgement(chances: Sequence[float], viewer: int) -> list[float]:
    """The game's own evaluation as model inputs: per seat from the viewer on,
    1 + ln(chance) / 10, clipped to [0, 1] (a chance of e^-10 or less reads 0)."""
    n = len(chances)
    return [
        max(0.0, 1.0 + math.log(max(chances[(viewer + k) % n], 1e-12)) / 10.0) for k in range(n)
    ]


@dataclass(frozen=True)
class WinChanceModel:
    """A game's win-chance models by player count, and where they come from."""

    game: str
    source: str
    by_players: dict[int, SeatModel]

    def for_players(self, players: int) -> SeatModel | None:
        return self.by_players.get(players)


def parse_model(
    document: object, name: str, game: str, size: Callable[[int], int]
) -> WinChanceModel:
    """Validate a model file's contents: its provenance, that it is for ``game``, and
    every player count's shapes against the observation length ``size(players)``."""
    if not isinstance(document, dict):
        raise WinChanceError(f"{name}: the file is not a JSON object")
    source = _provenance_source(document, name)
    if document.get("game") != game:
        raise WinChanceError(f"{name}: made for game {document.get('game')!r}, not {game!r}")
    models = document.get("models")
    if not isinstance(models, dict) or not models:
        raise WinChanceError(f"{name}: 'models' must map player counts to models")
    by_players = {
        int(key): _seat_model(raw, f"{name}, {key} players", int(key), size(int(key)))
        for key, raw in models.items()
        if str(key).isdigit()
    }
    if len(by_players) != len(models):
        raise WinChanceError(f"{name}: every key of 'models' must be a player count")
    return WinChanceModel(game, source, by_players)


def _provenance_source(document: dict[str, Any], name: str) -> str:
    """The training command a model's provenance names (it must be "derived")."""
    origin = read_provenance(document, name, WinChanceError)
    if origin.kind != "derived":
        raise WinChanceError(f"{name}: a model's provenance is 'derived', naming its command")
    return origin.source


def _seat_model(raw: object, name: str, players: int, size: int) -> SeatModel:
    if not isinstance(raw, dict):
        raise WinChanceError(f"{name}: a model must be an object")
    if raw.get("size") != size:
        raise WinChanceError(
            f"{name}: trained on observations of {raw.get('size')} numbers, but the"
            f" game's encoding now has {size}: retrain the win-chance model"
            " (python -m meeple.review.train_winchance)"
        )
    bias = _numbers(raw.get("bias"), f"{name}: bias")
    if len(bias) not in (players, players + 1):
        raise WinChanceError(
            f"{name}: bias has {len(bias)} outcomes, expected {players} or {players + 1}"
        )
    judged = raw.get("judged", False)
    if not isinstance(judged, bool):
        raise WinChanceError(f"{name}: 'judged' must be true or false")
    size += players if judged else 0
    places = raw.get("places")
    weights = raw.get("weights")
    if not isinstance(places, list) or not isinstance(weights, list) or len(places) != len(weights):
        raise WinChanceError(f"{name}: 'places' and 'weights' must be lists of one length")
    if not all(isinstance(p, int) and 0 <= p < size for p in places) or len(set(places)) != len(
        places
    ):
        raise WinChanceError(f"{name}: 'places' must be distinct observation places below {size}")
    dense: list[tuple[float, ...] | None] = [None] * size
    for place, row in zip(places, weights, strict=True):
        numbers = _numbers(row, f"{name}: weights")
        if len(numbers) != len(bias):
            raise WinChanceError(f"{name}: every weight row needs {len(bias)} numbers")
        dense[place] = numbers
    return SeatModel(players, tuple(dense), bias, judged)


def _numbers(raw: object, name: str) -> tuple[float, ...]:
    if not isinstance(raw, list) or not all(
        isinstance(v, int | float) and math.isfinite(v) for v in raw
    ):
        raise WinChanceError(f"{name} must be a list of finite numbers")
    return tuple(float(v) for v in raw)


def model_path(game: Game[Any]) -> resources.abc.Traversable:
    """Where ``game``'s model file lives: ``data/winchance.json`` in its package."""
    package = type(game).__module__.rpartition(".")[0]
    return resources.files(package) / "data" / FILE_NAME


@cache
def _load(game: Game[Any]) -> WinChanceModel | None:
    path = model_path(game)
    if not path.is_file():
        return None
    encoding = game.encoding()
    if encoding is None:
        raise WinChanceError(f"{game.name}: a win-chance model needs the game's encoding")
    document = json.loads(path.read_text(encoding="utf-8"))

    def size(players: int) -> int:
        return encoding.size(game.make_config(players))

    return parse_model(document, f"{game.name}/data/{FILE_NAME}", game.name, size)


def load_model(game: Game[Any]) -> WinChanceModel | None:
    """``game``'s win-chance model, or None where it ships none (read once)."""
    return _load(game)


def estimate(
    game: Game[Any],
    state: GameState,
    seat: int,
    model: SeatModel,
    own: Knowledge | None = None,
) -> list[float]:
    """Every seat's win chance as ``seat`` sees ``state``: from its observation, and for
    a ``judged`` model the game's own evaluation ``own`` of ``state`` for ``seat``."""
    encoding = game.encoding()
    assert encoding is not None  # a model is only loaded for a game with an encoding
    config = state.config
    observation = encoding.encode_state(state, seat, config)
    if observation is None:
        observation = encoding.encode(game.view(state, seat), config)
    if not model.judged:
        return model.chances(observation, seat)
    if own is None:
        raise WinChanceError("this win-chance model reads the game's own evaluation: pass it")
    return model.chances(observation, seat, own.evaluate(game, state, seat))


class CalibratedKnowledge(WrappedKnowledge):
    """A game's search knowledge whose cut-off evaluation is the learned model's
    (where the model has the game's player count); everything else, knobs such as
    ``trust`` too, is the game's."""

    def __init__(self, inner: Knowledge, model: WinChanceModel) -> None:
        super().__init__(inner)
        self.model = model

    def evaluate(self, game: Game[Any], state: GameState, observer: int) -> list[float]:
        """The model's chances from ``observer``'s view; the game's own evaluation for
        a player count the model was not trained for."""
        seats = self.model.for_players(state.config.players)
        if seats is None:
            return self.inner.evaluate(game, state, observer)
        return estimate(game, state, observer, seats, self.inner)
