"""No peeking: a bot decides from its own seat's information only.

Two states that differ only in what seat ``ME`` cannot see must get the same choice
from a bot with a fixed seed. The two states come from the game itself:

- a secret decision: while ``ME`` must decide, another seat decides at the same time
  (sealed orders, face-down plans, blind bids); two of its choices that leave
  ``ME``'s view the same give the two states;
- otherwise the game's own ``determinize``: a state ``ME`` cannot tell from the real
  one, which must differ from it in some hidden part.

A game where neither exists hides nothing from ``ME`` in that game, and
``hidden_pair`` returns None (the kit's test then skips, saying so).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.ai.levels import level_budget, mcts
from meeple.ai.mcts import Budget, MctsBot
from meeple.engine import Bot, Game, GameState, Rng

ME = 0
OPEN_FIELDS = ("rng", "log", "version")  # not hidden game information
MAX_STEPS = 3000
BOT_SEED = 42
FIRST_STEP = 3  # the pairs are looked for after the game's first decisions

Pair = tuple[GameState, GameState]


def view_key(game: Game[Any], state: GameState) -> str:
    return json.dumps(game.view(state, ME), sort_keys=True, default=str)


def hidden_part(game: Game[Any], state: GameState) -> str:
    """The state's fields but the generator, the log and the version counter."""
    fields = game.snapshot(state)["fields"]
    kept = {name: value for name, value in fields.items() if name not in OPEN_FIELDS}
    return json.dumps(kept, sort_keys=True, default=str)


def secret_pair(game: Game[Any], state: GameState) -> Pair | None:
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
            first = seen.setdefault(view_key(game, twin), twin)
            if first is not twin and hidden_part(game, first) != hidden_part(game, twin):
                return first, twin
    return None


def sampled_pair(game: Game[Any], state: GameState, seed: int) -> Pair | None:
    """A copy of ``state`` and a ``determinize``d state for ``ME`` that differs from
    it in a hidden part. Both are copies: the caller plays on with ``state``."""
    if ME not in game.to_act(state) or len(game.legal_actions(state, ME)) < 2:
        return None
    for k in range(4):
        twin = game.determinize(state, ME, Rng(seed * 100 + k))
        same_view = view_key(game, twin) == view_key(game, state)
        if same_view and hidden_part(game, twin) != hidden_part(game, state):
            return state.clone(), twin
    return None


@functools.cache
def hidden_pair(game: Game[Any], seed: int) -> Pair | None:
    """The first secret pair of a seeded random game at its fewest players after its
    first decisions, else its first sampled pair (None: nothing is hidden from ``ME``).
    Callers must clone the states before playing on them (the answer is cached)."""
    state = game.new_game(game.make_config(game.min_players), seed)
    rng = Rng(seed)
    fallback = None
    for step in range(MAX_STEPS):
        if game.is_over(state):
            break
        if step >= FIRST_STEP:
            pair = secret_pair(game, state)
            if pair is not None:
                return pair
            if fallback is None:
                fallback = sampled_pair(game, state, seed)
        seat = rng.choice(game.to_act(state))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return fallback


def check_determinize_reads_only_the_view(game: Game[Any], seed: int, every: int = 10) -> int:
    """``determinize(state, seat, rng)`` may depend only on what ``seat`` sees and on
    ``rng``: at every ``every``-th decision of a seeded random game, for each seat,
    a state the seat cannot tell from the real one (drawn by ``determinize``)
    determinized again with the same rng must give the same hidden part as the real
    one (a sample that shuffles the true deck order, say, fails). Returns how many
    positions were checked."""
    state = game.new_game(game.make_config(game.min_players), seed)
    rng = Rng(seed)
    checked = 0
    for step in range(MAX_STEPS):
        if game.is_over(state):
            break
        if step % every == FIRST_STEP % every:
            for seat in range(state.config.players):
                other = game.determinize(state, seat, Rng(seed * 1000 + step))
                once = game.determinize(state, seat, Rng(seed))
                again = game.determinize(other, seat, Rng(seed))
                assert hidden_part(game, once) == hidden_part(game, again), (
                    f"decision {step}: seat {seat}'s determinize depends on what it cannot see"
                )
                checked += 1
        seat = rng.choice(game.to_act(state))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return checked


def peeking_bot(name: str, game: Game[Any]) -> Bot:
    """The bot ``name`` with a fixed seed; the searching levels without their clock,
    so a loaded machine cannot make the two searches stop at different points."""
    load_bots()
    if name == "mcts":  # the plain search, kept small
        return MctsBot(game, BOT_SEED, Budget(iterations=15))
    if name in ("medium", "hard"):
        return mcts(game, BOT_SEED, Budget(iterations=level_budget(game, name).iterations))
    return make_bot(name, game, BOT_SEED)


def check_bot_ignores_hidden(game: Game[Any], name: str, pair: Pair) -> None:
    """Bot ``name`` chooses alike in the two states of ``pair`` (``ME`` cannot tell
    them apart: same view, different hidden part)."""
    one, other = (state.clone() for state in pair)
    assert game.view(one, ME) == game.view(other, ME), "the pair's views differ"
    assert hidden_part(game, one) != hidden_part(game, other), "the pair hides nothing"
    picks = {peeking_bot(name, game).choose(game, state, ME) for state in (one, other)}
    assert len(picks) == 1, f"{name} chose {picks} in two states seat {ME} cannot tell apart"
