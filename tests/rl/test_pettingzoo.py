"""PettingZoo adapters over every encoded game: PettingZoo's own API and seed
tests, observations from views only, masks, refusals, rewards and rendering (the
public kit's ``meeple.testing.LearningTests``, one class per registered game), and
the adapters' particular cases."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

from meeple.engine import Game, NoEncoding, Rng, all_games, get_game
from meeple.rl.core import LegalTexts, Table
from meeple.rl.pettingzoo_env import MeepleAECEnv, MeepleParallelEnv
from meeple.testing import LearningTests, classes_for
from meeple.testing.learning import check_illegal_action_refused, seat_with_an_illegal_action
from tests.engine.toy import ToyGame
from tests.kit.pebbles_game import pebbles
from tests.rl.support import GAMES

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

globals().update(classes_for(LearningTests, all_games()))


def test_a_game_where_every_action_stays_legal_is_not_stepped_past_its_end() -> None:
    """Pebbles (tests/kit/pebbles): both actions are legal at every decision, so no
    decision has an action to refuse; the kit's check must say so (False, and its
    test skips) instead of stepping the finished environment."""
    game = pebbles()
    env = MeepleAECEnv(game, game.min_players, seed=3)
    env.reset(seed=3)
    assert seat_with_an_illegal_action(env, 3) is None
    assert env.table.is_over()
    assert check_illegal_action_refused(game) is False


def test_a_game_without_an_encoding_is_refused_by_name() -> None:
    with pytest.raises(NoEncoding, match=r"toy provides no observation encoding.*adding-a-game"):
        MeepleAECEnv(ToyGame(), 2)


def test_agents_are_named_by_seat_and_unknown_names_are_refused() -> None:
    game = get_game("goofspiel")
    env = MeepleParallelEnv(game, 3)
    assert env.possible_agents == ["seat_0", "seat_1", "seat_2"]
    with pytest.raises(ValueError, match="agents are seat_<n>"):
        env.action_space("north")


def test_parallel_env_takes_every_sealed_bid_in_one_step() -> None:
    """Goofspiel README, Bidding and Reveal: every player chooses a card at the same
    time; when the last bid is sealed, the bids are shown and the prize is won."""
    game = get_game("goofspiel")
    env = MeepleParallelEnv(game, 3, seed=2)
    _, infos = env.reset(seed=2)
    assert all(info["legal_actions"][-1] == "bid 13" for info in infos.values())
    bids = {"seat_0": 12, "seat_1": 3, "seat_2": 5}  # indices: bid 13, bid 4, bid 6
    _observations, rewards, terminated, _truncated, infos = env.step(bids)
    view = game.view(env.table.state, 0)
    assert view["round"] == 2 and view["tricks"][0]["bids"] == [13, 4, 6]
    assert view["tricks"][0]["winner"] == 0
    assert not any(terminated.values()) and rewards == dict.fromkeys(bids, 0.0)
    assert "bid 13" not in infos["seat_0"]["legal_actions"]  # spent
    assert "bid 13" in infos["seat_1"]["legal_actions"]


def test_a_seat_not_asked_has_an_empty_mask_and_its_action_is_ignored() -> None:
    """Goofspiel README, Bidding: a sealed bid cannot be changed; the seat waits."""
    game = get_game("goofspiel")
    env = MeepleParallelEnv(game, 2, seed=4)
    env.reset(seed=4)
    env.table.step(0, 0)  # seat 0 seals "bid 1"; seat 1 still chooses
    _observations, _, _, _, infos = env.step({"seat_0": 5, "seat_1": 1})
    assert game.view(env.table.state, 0)["tricks"][0]["bids"] == [1, 2]
    assert "illegal_action" not in infos["seat_0"]


def play_setup(env: MeepleParallelEnv) -> None:
    """Africa 1880 Setup: first presences, one seat at a time, through the env."""
    game = env.table.game
    while game.view(env.table.state, None)["phase"] == "setup":
        seat = env.table.to_act()[0]
        env.step({f"seat_{seat}": game.legal_actions(env.table.state, seat)[0]})


def a_line(game: Game[Any], state: Any, seat: int) -> int:
    """A legal action that writes a line of the sheet (not sealing it)."""
    texts = {i: game.actions[i].text for i in game.legal_actions(state, seat)}
    return next(i for i, text in texts.items() if text not in ("seal orders", "revise orders"))


def test_africa_parallel_env_moves_every_country_at_once() -> None:
    """Africa 1880 rulebook, 1) Diplomatic Action and 2) Writing Orders: every
    player gets ready, then every player writes its sheet at the same time."""
    game = get_game("africa1880")
    env = MeepleParallelEnv(game, 3, seed=6)
    env.reset(seed=6)
    play_setup(env)
    assert game.view(env.table.state, None)["phase"] == "diplomacy"
    ready = game.actions.index("ready")
    env.step({agent: ready for agent in env.agents})
    assert game.view(env.table.state, None)["phase"] == "writing"
    assert env.table.to_act() == (0, 1, 2)
    before = [game.view(env.table.state, s)["sheet"]["next"] for s in range(3)]
    firsts = {f"seat_{s}": a_line(game, env.table.state, s) for s in range(3)}
    _, _, _, _, infos = env.step(firsts)
    after = [game.view(env.table.state, s)["sheet"]["next"] for s in range(3)]
    assert all(b != a for b, a in zip(before, after, strict=True))  # each wrote a line
    assert not any("illegal_action" in info for info in infos.values())


def test_africa_a_draft_line_never_reaches_another_seats_observation() -> None:
    """Africa 1880 rulebook, 2) Writing Orders: each player writes in secret."""
    game = get_game("africa1880")
    env = MeepleParallelEnv(game, 3, seed=6)
    env.reset(seed=6)
    play_setup(env)
    env.step({agent: game.actions.index("ready") for agent in env.agents})
    table = env.table
    watched = [table.observation(s).copy() for s in range(3)]
    assert table.step(0, a_line(game, table.state, 0)) is None  # seat 0 writes a line
    assert not np.array_equal(table.observation(0), watched[0])  # its own draft moved on
    assert np.array_equal(table.observation(1), watched[1])
    assert np.array_equal(table.observation(2), watched[2])


def test_a_game_past_its_decision_bound_is_truncated_in_every_env() -> None:
    game = get_game("goofspiel")
    aec = MeepleAECEnv(game, 2)
    aec.reset(seed=1)
    aec.table.max_decisions = 3
    for _ in range(3):
        observation, *_ = aec.last()
        aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert all(aec.truncations.values()) and not any(aec.terminations.values())
    parallel = MeepleParallelEnv(game, 2)
    observations, _ = parallel.reset(seed=1)
    parallel.table.max_decisions = 2
    moves = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    _, _, terminated, truncated, _ = parallel.step(moves)
    assert all(truncated.values()) and not any(terminated.values()) and parallel.agents == []


def test_the_legal_action_texts_are_written_only_when_read() -> None:
    """info["legal_actions"] compares, prints and pickles as the list of texts in
    index order, and costs nothing until it is read."""
    game = get_game("goofspiel")
    texts = LegalTexts(game.actions, (3, 0, 2))
    assert len(texts) == 3 and texts._texts is None  # counted without being written
    expected = [game.actions[i].text for i in (0, 2, 3)]
    assert texts == expected and repr(texts) == repr(expected) and texts[-1] == expected[-1]
    copied = pickle.loads(pickle.dumps(texts))
    assert type(copied) is list and copied == expected
    assert LegalTexts(game.actions, ()) == []


@pytest.mark.parametrize("game", GAMES)
def test_each_seats_mask_is_one_read_only_array_kept_equal_to_its_legal_actions(
    game: Game[Any],
) -> None:
    """The table changes each seat's mask in place: after every decision of a whole
    random game (and on a state swapped in), every seat's mask marks exactly its
    legal actions now, nothing left over from before; the caller cannot write it."""
    table = Table(game, game.min_players, seed=8)
    rng = Rng(8)
    masks = [table.mask(seat) for seat in range(table.players)]
    with pytest.raises(ValueError, match="read-only"):
        masks[0][0] = 1
    swapped = False
    while True:
        for seat, mask in enumerate(masks):
            assert table.mask(seat) is mask
            expected = [] if table.is_over() else sorted(game.legal_actions(table.state, seat))
            assert np.flatnonzero(mask).tolist() == expected, (game.name, table.state.version)
        if table.is_over():
            break
        seat = table.to_act()[0]
        assert table.step(seat, rng.choice(game.legal_actions(table.state, seat))) is None
        if table.state.version == 10 and not swapped:
            table.state = game.new_game(table.config, 99)  # another game: masks follow it
            swapped = True
    assert not any(mask.any() for mask in masks)
