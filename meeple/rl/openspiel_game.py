"""Every encoded meeple game as an OpenSpiel (pyspiel) Python game.

``register_games()`` registers ``meeple_<name>`` and ``meeple_<name>_simultaneous``
for each registered game that has an encoding; then
``pyspiel.load_game("meeple_namibia(players=3,seed=7)")`` works and OpenSpiel's own
algorithms run on it.

How meeple maps onto OpenSpiel:

* Dynamics, two forms of every game. ``meeple_<game>`` is sequential: a
  simultaneous secret decision (several seats in ``to_act``) is decomposed the
  way OpenSpiel's own sequential decompositions do it: the waiting seats
  decide one after another (lowest seat first), and none observes another's
  choice, because observations come from views; IS-MCTS needs this form.
  ``meeple_<game>_simultaneous`` is simultaneous: where several seats wait,
  one joint step takes one atomic decision from each (the others' entries are
  ignored); where one seat waits, the node is an ordinary turn.
* Chance: sampled stochastic. Every random event is drawn inside the rules from
  the state's seeded generator, so there are no chance nodes; the ``seed``
  parameter fixes the draws of a game (vary it to sample other deals).
* Information: imperfect. The observation tensor is the game's encoding of the
  player's view. The information-state tensor is that encoding followed by the
  player's own past decisions, per action of the fixed action space how often
  the player took it (``n / (n + 1)``: 0 never, 0.5 once, 0.67 twice...): what
  a seat remembers of its own play that a view need not show (docs/learning.md
  says per game what that adds). It is not a full perfect-recall history: the
  order of the decisions and the past views are not in it. The observation
  string is the view as JSON; the information-state string adds the text of
  every log event the player was shown, in order.
* ``resample_from_infostate`` is ``Game.determinize``: a full state the player
  cannot tell from the real one, which IS-MCTS searches.
* Returns: 1.0 for each winner of a finished game, 0.0 otherwise (general sum).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from meeple.engine import Game, GameState, Rng, all_games
from meeple.rl.core import NO_WIN_REWARD, WIN_REWARD, Table

PREFIX = "meeple_"
SIMULTANEOUS_SUFFIX = "_simultaneous"
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
KEPT_TENSORS = 2  # an observer's tensors kept: the initial state's and the last other


def short_name(game: Game[Any], simultaneous: bool = False) -> str:
    return f"{PREFIX}{game.name}{SIMULTANEOUS_SUFFIX if simultaneous else ''}"


def game_type(game: Game[Any], simultaneous: bool = False) -> Any:
    dynamics = pyspiel.GameType.Dynamics
    return pyspiel.GameType(
        short_name=short_name(game, simultaneous),
        long_name=f"meeple {game.title}{' (simultaneous)' if simultaneous else ''}",
        dynamics=dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "seed": 0},
    )


class Rules:
    """What every state of one OpenSpiel game shares, never copied: the meeple rules
    object (stateless) and the generator that draws determinized worlds."""

    def __init__(self, game: Game[Any], samples: Rng) -> None:
        self.game = game
        self.samples = samples

    def __deepcopy__(self, memo: dict[int, object]) -> Rules:
        return self


class Position:
    """The meeple state inside an OpenSpiel state, and the decisions taken so far as
    (seat, action) in order; copying uses meeple's ``clone``.

    A new OpenSpiel state shares the game's initial state (``shared``) and copies it
    only before its first decision, or when ``own`` hands it out: pyspiel makes a
    new initial state for every observation tensor it returns (to learn the
    tensor's shape), which would otherwise copy a whole game each time. The answers
    OpenSpiel asks for many times a step (finished?, who acts, legal actions) are
    kept for the state object and version they were computed for, never copied."""

    def __init__(
        self, state: GameState, decisions: list[tuple[int, int]] | None = None, shared: bool = False
    ) -> None:
        self.state = state
        self.decisions = decisions if decisions is not None else []
        self.shared = shared  # ``state`` belongs to others too: read it, never change it
        self._known_state: GameState | None = None  # the answers below are this
        self._known_version = -1  # state object's at this version
        self._over = False
        self._current = TERMINAL  # the sequential form's player to act
        self._waiting: tuple[int, ...] = ()
        self._legal: dict[int, list[int]] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        if self.shared:
            return Position(self.state, list(self.decisions), shared=True)
        return Position(self.state.clone(), list(self.decisions))

    def own(self) -> GameState:
        """The state, copied first if it is shared, so that the caller may change it."""
        if self.shared:
            self.state = self.state.clone()
            self.shared = False
        return self.state

    def _fresh(self, game: Game[Any]) -> None:
        """Forget the answers kept for another state object or an earlier version."""
        state = self.state
        if self._known_state is not state or self._known_version != state.version:
            self._known_state, self._known_version = state, state.version
            self._over = game.is_over(state)
            self._waiting = () if self._over else tuple(game.to_act(state))
            self._current = TERMINAL if self._over else self._waiting[0]
            self._legal = {}

    def is_over(self, game: Game[Any]) -> bool:
        self._fresh(game)
        return self._over

    def current(self, game: Game[Any]) -> int:
        """The sequential form's player to act: the lowest waiting seat, or terminal."""
        if self._known_state is not self.state or self._known_version != self.state.version:
            self._fresh(game)
        return self._current

    def waiting(self, game: Game[Any]) -> tuple[int, ...]:
        """The seats that must decide now (none once the game is over)."""
        self._fresh(game)
        return self._waiting

    def legal(self, game: Game[Any], seat: int) -> list[int]:
        """``seat``'s legal actions in increasing order; the caller must not change it."""
        self._fresh(game)
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = sorted(game.legal_actions(self.state, seat))
        return legal

    def play(self, game: Game[Any], seat: int, action: int) -> None:
        """Take ``action`` for ``seat``: the trusted path when this version's legal
        actions of ``seat`` are known and hold it, else the checked path (which
        raises the rule's error for an illegal action and changes nothing)."""
        self._fresh(game)
        known = self._legal.get(seat)
        state = self.own()
        if known is not None and seat in self._waiting and action in known:
            game.apply(state, seat, action)
        else:
            game.play(state, seat, action)
        self.decisions.append((seat, action))


class MeepleSpielGame(pyspiel.Game):
    """One meeple game for OpenSpiel, with ``players`` and ``seed`` parameters;
    ``register_games`` makes a subclass per game naming it in ``meeple_game``."""

    meeple_game: Game[Any]
    simultaneous: bool = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.meeple_game
        params = dict(params or {})
        players = int(params.get("players", game.min_players))
        seed = int(params.get("seed", 0))
        self.table = Table(game, players)
        self.rules = Rules(self.table.game, Rng(seed ^ 0x5EED))
        self.initial = self.table.game.new_game(self.table.config, seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=NO_WIN_REWARD,
            max_utility=WIN_REWARD,
            utility_sum=None,
            max_game_length=self.table.max_decisions,
        )
        super().__init__(game_type(game, self.simultaneous), info, params)

    def new_initial_state(self) -> MeepleSpielState:
        if self.simultaneous:
            return MeepleSimultaneousState(self)
        return MeepleSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MeepleObserver:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return MeepleObserver(self.table, perfect_recall=recall)


class MeepleSpielState(pyspiel.State):
    """A meeple state as seen by OpenSpiel."""

    def __init__(self, game: MeepleSpielGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.position = Position(game.initial, shared=True)

    @property
    def meeple_game(self) -> Game[Any]:
        return self.rules.game

    @property
    def meeple_state(self) -> GameState:
        """The meeple state, this OpenSpiel state's own (the caller may change it,
        through meeple's ``play`` or ``apply``, which count the version)."""
        return self.position.own()

    def current_player(self) -> int:
        return self.position.current(self.rules.game)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.position.legal(self.rules.game, player))

    def _apply_action(self, action: int) -> None:
        self.position.play(self.rules.game, self.current_player(), int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.meeple_game.actions[action].text

    def is_terminal(self) -> bool:
        return self.position.is_over(self.rules.game)

    def returns(self) -> list[float]:
        game, state = self.meeple_game, self.position.state
        players = state.config.players
        if not self.position.is_over(game):
            return [0.0] * players
        winners = set(game.result(state).winners)
        return [WIN_REWARD if s in winners else NO_WIN_REWARD for s in range(players)]

    def resample_from_infostate(self, player: int, sampler: Any = None) -> MeepleSpielState:
        """A state ``player`` cannot tell from this one (``Game.determinize``)."""
        twin: MeepleSpielState = self.clone()
        world = self.meeple_game.determinize(self.position.state, player, self.rules.samples.fork())
        twin.position = Position(world, list(self.position.decisions))
        return twin

    def __str__(self) -> str:
        game = self.meeple_game
        return game.render_text(game.view(self.position.state, None))


class MeepleSimultaneousState(MeepleSpielState):
    """The simultaneous form: where several seats are waiting, they decide in one
    joint step, one atomic decision each (a seat not asked gives any action,
    which is ignored); where one seat is, the node is an ordinary turn."""

    def current_player(self) -> int:
        game, position = self.rules.game, self.position
        if position.is_over(game):
            return TERMINAL
        waiting = position.waiting(game)
        return SIMULTANEOUS if len(waiting) > 1 else waiting[0]

    def _apply_actions(self, actions: list[int]) -> None:
        game, position = self.rules.game, self.position
        for seat in position.waiting(game):  # fixed before anyone acts
            if seat in position.waiting(game):
                position.play(game, seat, int(actions[seat]))


class MeepleObserver:
    """OpenSpiel's observer: a player's view, encoded (tensor) or as JSON (string);
    for the information state (``perfect_recall``) followed by the player's own
    past decisions, counted per action."""

    def __init__(self, table: Table, perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        size = table.size + (table.actions if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor[: table.size]}
        if perfect_recall:
            self.dict["own_decisions"] = self.tensor[table.size :]
        # the tensors last made, newest last, each with the state object, version and
        # player it describes: pyspiel asks for the initial state's tensor (to learn
        # the shape) before each observation, so two are kept and the game's own
        # state is not encoded again after it
        self.made: list[tuple[GameState, int, int, Any]] = []
        self.holds: tuple[GameState, int, int] | None = None  # what ``tensor`` holds

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        """Fill the tensor with ``player``'s encoded view (and own decisions)."""
        position = state.position
        key = (position.state, position.state.version, player)
        held = self.holds
        if held is not None and held[0] is key[0] and held[1] == key[1] and held[2] == player:
            return
        for index, (seen, version, seat, values) in enumerate(self.made):
            if seen is key[0] and version == key[1] and seat == player:
                self.tensor[:] = values
                self.made.append(self.made.pop(index))
                self.holds = key
                return
        size = self.table.size
        self.tensor[:size] = self.table.observations.of(position.state, player)
        if self.perfect_recall:
            self.tensor[size:] = own_decisions(position.decisions, player, self.table.actions)
        self.made = [*self.made[-(KEPT_TENSORS - 1) :], (*key, self.tensor.copy())]
        self.holds = key

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        game, position = state.meeple_game, state.position.state
        view = json.dumps(game.view(position, player), sort_keys=True)
        if not self.perfect_recall:
            return view
        told = [event.text for event in game.events(position, player)]
        return json.dumps({"view": view, "told": told})


def own_decisions(decisions: list[tuple[int, int]], player: int, actions: int) -> Any:
    """Per action, ``n / (n + 1)`` where ``player`` took it ``n`` times: in [0, 1),
    0 for never, and every count told apart."""
    taken = np.bincount(
        [action for seat, action in decisions if seat == player], minlength=actions
    ).astype(np.float32)
    return taken / (taken + 1.0)


def register_games() -> list[str]:
    """Register every encoded game with pyspiel (once), in both forms; the short
    names registered (``meeple_<game>`` and ``meeple_<game>_simultaneous``)."""
    known = set(pyspiel.registered_names())
    names = []
    for game in all_games():
        if game.encoding() is None:
            continue
        for simultaneous in (False, True):
            name = short_name(game, simultaneous)
            if name not in known:
                fields = {"meeple_game": game, "simultaneous": simultaneous}
                subclass = type(f"Meeple_{name}", (MeepleSpielGame,), fields)
                pyspiel.register_game(game_type(game, simultaneous), subclass)
            names.append(name)
    return names
