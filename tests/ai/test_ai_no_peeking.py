"""A bot decides from its own seat's information only, in every registered game.

For each registered game and each of its bots: two states that differ only in
what seat ``ME`` cannot see must get the same choice (for a fixed bot seed).
The two states come from the game itself:

- a secret decision: while ``ME`` must decide, another seat decides at the same
  time (Africa 1880's orders, Mombasa's face-down plans, Goofspiel's bids); two of
  its choices that leave ``ME``'s view the same give the two states;
- otherwise the game's own ``determinize``: a state ``ME`` cannot tell from the
  real one, which must differ from it in some hidden part.

A game where neither exists hides nothing from ``ME`` at that point, and the test
says so (skip with the reason) rather than passing silently.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from meeple.ai import load_bots
from meeple.ai.base import bot_names, make_bot
from meeple.ai.levels import level_budget, mcts
from meeple.ai.mcts import Budget, MctsBot
from meeple.engine import Game, GameState, Rng, all_games

load_bots()
ME = 0
OPEN_FIELDS = ("rng", "log", "version")  # not hidden game information
MAX_STEPS = 3000
BOT_SEED = 42


def games_with_bots() -> list[Game[Any]]:
    return [game for game in all_games() if bot_names(game)]


def view_key(game: Game[Any], state: GameState) -> str:
    return json.dumps(game.view(state, ME), sort_keys=True, default=str)


def hidden_part(game: Game[Any], state: GameState) -> str:
    """The state's fields but the generator, the log and the version counter."""
    fields = game.snapshot(state)["fields"]
    kept = {name: value for name, value in fields.items() if name not in OPEN_FIELDS}
    return json.dumps(kept, sort_keys=True, default=str)


def secret_pair(game: Game[Any], state: GameState) -> tuple[GameState, GameState] | None:
    """Two one-step continuations of ``state`` where another seat deciding at the
    same time as ``ME`` chose differently, ``ME`` still decides, and ``ME`` sees the
    same view."""
    waiting = game.to_act(state)
    if ME not in waiting or len(waiting) < 2:
        return None
    for other in waiting:
        if other == ME:
            continue
        seen: dict[str, GameState] = {}
        for action in game.legal_actions(state, other)[:40]:
            twin = state.clone()
            game.apply(twin, other, action)
            if ME not in game.to_act(twin) or len(game.legal_actions(twin, ME)) < 2:
                continue
            key = view_key(game, twin)
            first = seen.setdefault(key, twin)
            if first is not twin and hidden_part(game, first) != hidden_part(game, twin):
                return first, twin
    return None


def sampled_pair(
    game: Game[Any], state: GameState, seed: int
) -> tuple[GameState, GameState] | None:
    """``state`` and a ``determinize``d copy for ``ME`` that differs in a hidden part."""
    if ME not in game.to_act(state) or len(game.legal_actions(state, ME)) < 2:
        return None
    for k in range(4):
        twin = game.determinize(state, ME, Rng(seed * 100 + k))
        same_view = view_key(game, twin) == view_key(game, state)
        if same_view and hidden_part(game, twin) != hidden_part(game, state):
            return state, twin
    return None


@functools.cache
def find_pair(game: Game[Any], seed: int) -> tuple[GameState, GameState] | None:
    """The first secret pair of a seeded random game after its first decisions,
    else its first sampled pair."""
    state = game.new_game(game.make_config(game.min_players), seed)
    rng = Rng(seed)
    fallback = None
    for step in range(MAX_STEPS):
        if game.is_over(state):
            break
        if step >= 3:
            pair = secret_pair(game, state)
            if pair is not None:
                return pair
            if fallback is None:
                fallback = sampled_pair(game, state, seed)
        seat = rng.choice(game.to_act(state))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return fallback


def bot(name: str, game: Game[Any]) -> Any:
    if name == "mcts":  # the plain search, kept small
        return MctsBot(game, BOT_SEED, Budget(iterations=15))
    if name in ("medium", "hard"):  # the level's search without its clock cap, so a
        # loaded machine cannot make the two searches stop at different points
        return mcts(game, BOT_SEED, Budget(iterations=level_budget(game, name).iterations))
    return make_bot(name, game, BOT_SEED)


CASES = [
    (game.name, name, seed)
    for game in games_with_bots()
    for name in bot_names(game)
    for seed in ((1,) if name in ("hard", "medium") else (1, 7))
]


@pytest.mark.parametrize(("game_name", "name", "seed"), CASES)
def test_choice_ignores_what_the_seat_cannot_see(game_name: str, name: str, seed: int) -> None:
    game = next(g for g in games_with_bots() if g.name == game_name)
    pair = find_pair(game, seed)
    if pair is None:
        pytest.skip(f"{game_name}: nothing is hidden from seat {ME} in seed {seed}'s game")
    one, other = (state.clone() for state in pair)
    assert game.view(one, ME) == game.view(other, ME)
    assert hidden_part(game, one) != hidden_part(game, other)  # the hidden part differs
    picks = {bot(name, game).choose(game, state, ME) for state in (one, other)}
    assert len(picks) == 1, f"{name} chose {picks} in two states {ME} cannot tell apart"


def test_every_game_with_bots_is_covered() -> None:
    names = {case[0] for case in CASES}
    assert names == {g.name for g in all_games() if bot_names(g)}
    assert "africa1880" in names and "mombasa" in names
