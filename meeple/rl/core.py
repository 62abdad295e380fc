"""The step logic every learning adapter shares, written once over the contract.

A ``Table`` is one game being played through an adapter: it owns the state and
hands out only what a seat may know: observations encoded from the seat's view
(or by the encoding's fast path, proved equal to it; never anything else of the
state), the mask of its legal actions over the game's fixed action space and
their texts. PettingZoo, Gymnasium and OpenSpiel wrap it; none of them
names a game.

Rewards come only at the end of a game: 1.0 for each winner (every seat of a
shared win), 0.0 for everyone else (and for everyone when the rules declare no
winner). An action that is not legal for the seat now is refused: nothing
changes and ``step`` returns the rule's explanation, so the adapters can report
it in ``info`` and give ``illegal_reward``.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from meeple.engine import (
    Encoding,
    Game,
    GameConfig,
    GameState,
    MeepleError,
    NoEncoding,
    Rng,
    get_game,
)
from meeple.engine.actions import ActionSpace
from meeple.engine.config import OptionValue
from meeple.engine.encoding import SectionedEncoding, StateEncoder

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

WIN_REWARD = 1.0
NO_WIN_REWARD = 0.0


def require_encoding(game: Game[Any]) -> Encoding:
    """The game's encoding, or ``NoEncoding`` saying how to give it one."""
    encoding = game.encoding()
    if encoding is None:
        raise NoEncoding(
            f"{game.name} provides no observation encoding, so the learning adapters"
            " cannot seat it; give its Game an encoding() (docs/adding-a-game.md,"
            " section 'Learning adapters: an encoding')"
        )
    return encoding


def observe(game: Game[Any], encoding: Encoding, state: GameState, seat: int, size: int) -> Vector:
    """``seat``'s observation: the encoding's fast path from the state when it offers
    one (proved equal to the encoded view by tests/rl), else its view, encoded."""
    values = encoding.encode_state(state, seat, state.config)
    if values is None:
        values = encoding.encode(game.view(state, seat), state.config)
    return as_vector(values, size)


class Observations:
    """Every seat's observations of games played with one config, made the cheapest
    way the encoding offers. A sectioned encoding is kept incremental: one encoder
    for the sections every seat sees alike (``Section.shared``), written once for
    all seats, and one per seat for the rest, each rewriting only the sections that
    changed since it last looked; an observation is the sum of the two vectors
    (each holds zeros where the other writes). Otherwise the encoding's fast path,
    else the view, encoded. Any state of the config may be asked for, in any
    order; each call returns a new vector, which the caller owns."""

    def __init__(self, game: Game[Any], encoding: Encoding, config: GameConfig) -> None:
        self.game = game
        self.encoding = encoding
        self.config = config
        self.size = encoding.size(config)
        self._common: StateEncoder | None = None
        self._own: list[StateEncoder] = []
        self._common_numbers: Vector = np.zeros(0, dtype=np.float32)
        self._own_numbers: list[Vector] = []
        if isinstance(encoding, SectionedEncoding):
            self._split(encoding)

    def _split(self, encoding: SectionedEncoding) -> None:
        """The shared sections (seat 0's) in one encoder, each seat's others in its own;
        the base values of every place a seat's own section may write go to the seat
        encoders, the rest to the shared one, so that the sum holds each once."""
        per_seat = [encoding.sections(self.config, s) for s in range(self.config.players)]
        own_places = np.zeros(self.size, dtype=bool)
        for sections in per_seat:
            for section in sections:
                if not section.shared:
                    for part in section.places:
                        own_places[part] = True
        base = np.frombuffer(encoding.base(self.config), dtype=np.float32)
        common_base = np.where(own_places, 0.0, base).astype(np.float32)
        own_base = np.where(own_places, base, 0.0).astype(np.float32)
        shared = [section for section in per_seat[0] if section.shared]
        self._common = StateEncoder(shared, array("f", common_base.tobytes()))
        self._own = [
            StateEncoder([x for x in sections if not x.shared], array("f", own_base.tobytes()))
            for sections in per_seat
        ]
        # the encoders' buffers as numpy arrays, made once (an encoder writes its
        # buffer in place and never resizes it, so these views stay valid)
        self._common_numbers = np.frombuffer(self._common.out, dtype=np.float32)
        self._own_numbers = [np.frombuffer(own.out, dtype=np.float32) for own in self._own]

    def of(self, state: GameState, seat: int) -> Vector:
        if self._common is None:
            return observe(self.game, self.encoding, state, seat, self.size)
        self._common.encode(state)
        self._own[seat].encode(state)
        return np.add(self._common_numbers, self._own_numbers[seat])


class LegalTexts(Sequence[str]):
    """A seat's legal actions as text, in index order, written out only when read.

    Most learners never read the texts, and writing them costs about as much as a
    rule step, so ``info["legal_actions"]`` holds this sequence: it compares equal
    to the list of texts, and pickles (for vector environments' worker processes)
    and prints as that list."""

    __slots__ = ("_actions", "_indices", "_texts")

    def __init__(self, actions: ActionSpace, indices: Sequence[int]) -> None:
        self._actions = actions
        self._indices = indices
        self._texts: list[str] | None = None

    def texts(self) -> list[str]:
        if self._texts is None:
            actions = self._actions
            self._texts = [actions[i].text for i in sorted(self._indices)]
        return self._texts

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        return self.texts()[index]

    def __len__(self) -> int:
        return len(self._indices)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalTexts):
            other = other.texts()
        return self.texts() == other

    __hash__ = None  # type: ignore[assignment]  # a list's equality, so unhashable like a list

    def __repr__(self) -> str:
        return repr(self.texts())

    def __reduce__(self) -> tuple[type[list[str]], tuple[list[str]]]:
        return list, (self.texts(),)


def as_vector(values: Sequence[float], size: int) -> Vector:
    """An encoding's numbers as float32, checked against the promised size (an
    ``array('f')`` is taken without copying)."""
    if len(values) != size:
        raise ValueError(
            f"the encoding gave {len(values)} values for a view; its size() promises {size}"
        )
    if isinstance(values, array) and values.typecode == "f":
        return np.frombuffer(values, dtype=np.float32)
    return np.asarray(values, dtype=np.float32)


def read_only(array: Mask) -> Mask:
    """A view of ``array`` that cannot be written through (the array itself can)."""
    view = array.view()
    view.flags.writeable = False
    return view


def resolve_game(game: Game[Any] | str) -> Game[Any]:
    return get_game(game) if isinstance(game, str) else game


def agent_name(seat: int) -> str:
    """PettingZoo's name of a seat: ``seat_0``, ``seat_1``..."""
    return f"seat_{seat}"


def seat_of(agent: str) -> int:
    """The seat an agent name stands for; a clear error for any other name."""
    seat = _SEAT_OF.get(agent)
    if seat is not None:
        return seat
    prefix, _, number = agent.partition("_")
    if prefix != "seat" or not number.isdigit():
        raise ValueError(f"{agent!r} is not an agent of this environment; agents are seat_<n>")
    return int(number)


_SEAT_OF = {agent_name(seat): seat for seat in range(16)}  # the usual names, looked up once


class Table:
    """One game of ``game`` with ``players`` seats, seen seat by seat."""

    def __init__(
        self,
        game: Game[Any] | str,
        players: int,
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
    ) -> None:
        self.game = resolve_game(game)
        self.encoding = require_encoding(self.game)
        self.config: GameConfig = self.game.make_config(players, options)
        self.size = self.encoding.size(self.config)
        self.actions = len(self.game.actions)
        self.max_decisions = self.encoding.max_decisions(self.config)
        self.seat_names = self.game.seat_names(self.config)
        self._seeds = Rng(seed)
        self.state: GameState = self.game.new_game(self.config, self._seeds.next_u64() >> 1)
        # What a seat may know changes only with a decision, so observations and legal
        # actions are kept per seat for the state object and version they were made for
        # (a reference, never an id, so a new or replaced state cannot reuse them).
        self._known_for: tuple[GameState, int] | None = None
        self._observations: dict[int, Vector] = {}
        self._legal: dict[int, list[int]] = {}
        self.observations = Observations(self.game, self.encoding, self.config)
        # One mask per seat, changed in place; ``_masked``: the seats whose mask is up
        # to date for the state and version of ``_known_for``.
        self._masks = [np.zeros(self.actions, dtype=np.int8) for _ in range(self.players)]
        self._masked: set[int] = set()
        self._mask_views = [read_only(mask) for mask in self._masks]

    def _fresh(self) -> None:
        """Forget what was computed for an earlier state or version."""
        key = self._known_for
        if key is None or key[0] is not self.state or key[1] != self.state.version:
            self._known_for = (self.state, self.state.version)
            self._observations.clear()
            self._legal.clear()
            self._masked.clear()

    def _legal_actions(self, seat: int) -> list[int]:
        self._fresh()
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.game.legal_actions(self.state, seat)
        return legal

    @property
    def players(self) -> int:
        return self.config.players

    def reset(self, seed: int | None = None) -> None:
        """A new game; ``seed`` restarts the sequence of game seeds, None continues it."""
        if seed is not None:
            self._seeds = Rng(seed)
        self.state = self.game.new_game(self.config, self._seeds.next_u64() >> 1)

    # ---- what a seat may know -------------------------------------------------------

    def observation(self, seat: int) -> Vector:
        """The seat's view, encoded; checked against the encoding's contract."""
        self._fresh()
        seen = self._observations.get(seat)
        if seen is None:
            seen = self._observations[seat] = self.observations.of(self.state, seat)
        return seen.copy()  # each caller owns what it gets (Gymnasium's checker asks it)

    def mask(self, seat: int) -> Mask:
        """1 for each action the seat may take now, 0 elsewhere (all 0: not asked).

        The seat's one mask, kept by the table and changed in place (cleared, then
        the legal indices set), returned as a
        read-only view: it stays right until the game moves on, so a caller that
        keeps a mask past the next decision copies it."""
        self._fresh()
        if seat not in self._masked:
            out = self._masks[seat]
            out.fill(0)  # a memset: cheaper than clearing the marked indices one by one
            if not self.game.is_over(self.state):
                out.put(self._legal_actions(seat), 1)
            self._masked.add(seat)
        return self._mask_views[seat]

    def legal_texts(self, seat: int) -> LegalTexts:
        """The seat's legal actions as text, in index order (the mask's order),
        written out when first read."""
        legal = () if self.game.is_over(self.state) else tuple(self._legal_actions(seat))
        return LegalTexts(self.game.actions, legal)

    def to_act(self) -> tuple[int, ...]:
        return () if self.game.is_over(self.state) else self.game.to_act(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def render(self, seat: int | None) -> str:
        return self.game.render_text(self.game.view(self.state, seat))

    # ---- acting -------------------------------------------------------------------

    def step(self, seat: int, action: int) -> str | None:
        """Play ``action`` for ``seat`` through the checked path: None when it was
        played, else why it was refused (and nothing changed)."""
        index = int(action)
        if seat in self.to_act() and self._is_legal(seat, index):
            # exactly what the checked path would accept (``Game.check``: the game
            # goes on, the seat is asked, the action is legal), so the trusted path
            self.game.apply(self.state, seat, index)
            return None
        try:
            self.game.play(self.state, seat, index)
        except MeepleError as refusal:
            return str(refusal)
        return None

    def _is_legal(self, seat: int, index: int) -> bool:
        """Whether ``index`` is among the seat's legal actions now (read from its mask
        when the mask is up to date, one lookup instead of a search of the list)."""
        self._fresh()
        if seat in self._masked:
            return 0 <= index < self.actions and bool(self._masks[seat][index])
        return index in self._legal_actions(seat)

    def rewards(self) -> list[float]:
        """Per seat: 1.0 for a winner of a finished game, else 0.0."""
        if not self.game.is_over(self.state):
            return [0.0] * self.players
        winners = set(self.game.result(self.state).winners)
        return [WIN_REWARD if s in winners else NO_WIN_REWARD for s in range(self.players)]

    def too_long(self) -> bool:
        """True once the game has run past its encoding's bound on decisions."""
        return self.state.version >= self.max_decisions
