"""The conformance battery every registered game runs (plain asserts, no pytest import).

``check_random_game`` plays one seeded random game and checks, at every decision:
the game's own invariants (``Game.validate``), clone equality and isolation,
action text and index round trips, JSON views that match what ``determinize``
keeps (so no view depends on hidden data), snapshot round trips; at the end: the
record round trip, exact replay and a sane result.
"""

from __future__ import annotations

import json
from typing import Any

from meeple.engine.config import GameConfig
from meeple.engine.game import Game
from meeple.engine.record import GameRecord, replay, start_record, verify
from meeple.engine.rng import Rng
from meeple.engine.state import GameState

MAX_DECISIONS = 100_000


def random_playout(
    game: Game[Any], config: GameConfig, seed: int, policy_seed: int | None = None
) -> tuple[GameState, GameRecord]:
    """A whole game of uniformly random decisions; returns the final state and record."""
    state = game.new_game(config, seed)
    record = start_record(game, state.config, seed)
    rng = Rng(seed if policy_seed is None else policy_seed)
    for _ in range(MAX_DECISIONS):
        if game.is_over(state):
            break
        seat = rng.choice(game.to_act(state))
        index = rng.choice(game.legal_actions(state, seat))
        record.moves.append((seat, game.actions[index].text))
        game.apply(state, seat, index)
    assert game.is_over(state), f"{game.name}: no end after {MAX_DECISIONS} decisions"
    record.result = game.result(state).to_json()
    return state, record


def check_step(game: Game[Any], state: GameState, rng: Rng) -> None:
    """Every per-decision property of the contract, on one state."""
    game.validate(state)
    waiting = game.to_act(state)
    assert waiting, "a game that is not over must wait for at least one seat"
    assert len(set(waiting)) == len(waiting), f"to_act repeats a seat: {waiting}"
    for seat in waiting:
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        assert len(set(legal)) == len(legal), "legal actions repeat an index"
        for index in legal:
            action = game.actions[index]
            assert action.index == index
            assert game.parse(action.text) == action, f"text round trip fails: {action.text}"
    _check_clone(game, state, rng)
    _check_views(game, state, rng)
    _check_snapshot(game, state)


def _check_clone(game: Game[Any], state: GameState, rng: Rng) -> None:
    twin = state.clone()
    assert twin == state, "a clone must equal its original"
    before = state.clone()
    seat = rng.choice(game.to_act(twin))
    game.apply(twin, seat, rng.choice(game.legal_actions(twin, seat)))
    assert state == before, "playing on a clone changed the original (shared mutable part)"


def _check_views(game: Game[Any], state: GameState, rng: Rng) -> None:
    for seat in [None, *range(state.config.players)]:
        view = game.view(state, seat)
        assert json.loads(json.dumps(view)) == view, f"view of {seat} is not plain JSON"
        if seat is None:
            continue
        sampled = game.determinize(state, seat, rng.fork())
        assert game.view(sampled, seat) == view, (
            f"seat {seat}'s view changes with data hidden from it (or determinize is wrong)"
        )
        assert game.events(sampled, seat) == game.events(state, seat), (
            f"seat {seat}'s visible events change with data hidden from it"
        )
        assert game.to_act(sampled) == game.to_act(state)
        assert game.legal_actions(sampled, seat) == game.legal_actions(state, seat)


def _check_snapshot(game: Game[Any], state: GameState) -> None:
    data = json.loads(json.dumps(game.snapshot(state)))
    assert game.restore(data) == state, "snapshot does not restore an equal state"


def check_random_game(game: Game[Any], config: GameConfig, seed: int, every: int = 1) -> GameRecord:
    """Play one random game, checking the contract every ``every`` decisions."""
    final, record = random_playout(game, config, seed)
    state = game.new_game(config, seed)
    rng = Rng(seed ^ 0x5EED)
    for number, (seat, text) in enumerate(record.moves):
        if number % every == 0:
            check_step(game, state, rng)
        game.play(state, seat, text)
    assert state == final, "the checked path and the fast path disagree"
    game.validate(final)
    _check_record(game, record, final)
    _check_result(game, final)
    return record


def _check_record(game: Game[Any], record: GameRecord, final: GameState) -> None:
    loaded = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert loaded == record, "record JSON round trip changed the record"
    assert verify(game, loaded) == final, "replaying the record does not reproduce the game"
    again = random_playout(game, record.config, record.seed)[1]
    assert again == record, "the same seed gave a different game"
    if len(record.moves) > 2:
        half = len(record.moves) // 2
        assert replay(game, record, half).version == half


def _check_result(game: Game[Any], final: GameState) -> None:
    result = game.result(final)
    players = final.config.players
    assert len(result.scores) == len(result.ranks) == len(result.breakdown) == players
    assert all(1 <= r <= players for r in result.ranks)
    assert all(result.ranks[w] == 1 for w in result.winners)
    json.dumps(result.to_json())
