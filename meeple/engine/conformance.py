"""The conformance battery every registered game runs (plain asserts, no pytest import).

``check_random_game`` plays one seeded random game and checks, at every decision:
the game's own invariants (``Game.validate``), clone equality and isolation,
action text and index round trips, JSON views that match what ``determinize``
keeps (so no view depends on hidden data), snapshot round trips, and one source of
legality (``check_refusals``: a sample of illegal actions each gets an explained
refusal naming a rule and ``play`` refuses it with the state unchanged; a sample of
legal ones gets only the ``unexplained`` fallback); at the end: the record round
trip, exact replay and a sane result.
"""

from __future__ import annotations

import json
from contextlib import suppress
from typing import Any
from weakref import WeakKeyDictionary

from meeple.engine.actions import Action, ActionSpace
from meeple.engine.config import GameConfig
from meeple.engine.errors import IllegalAction
from meeple.engine.game import Game
from meeple.engine.record import GameRecord, replay, start_record, verify
from meeple.engine.rng import Rng
from meeple.engine.state import GameState

MAX_DECISIONS = 100_000

RANDOM_ILLEGAL = 2
"""Illegal actions drawn from the whole action space, per waiting seat and step."""
NEAR_MISSES = 2
"""Illegal actions of the same kind as a legal one (other arguments), per seat and step."""
LEGAL_SAMPLE = 2
"""Legal actions whose explanation must be the unexplained fallback, per seat and step."""


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


def check_step(game: Game[Any], state: GameState, rng: Rng, refusals: bool = True) -> None:
    """Every per-decision property of the contract, on one state (``refusals``: with
    ``check_refusals``, the costliest part)."""
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
    restored = _check_snapshot(game, state)
    if refusals:
        check_refusals(game, state, rng, restored)


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


def _check_snapshot(game: Game[Any], state: GameState) -> GameState:
    """Check the snapshot round trip; returns the state restored from the snapshot."""
    data = json.loads(json.dumps(game.snapshot(state)))
    restored: GameState = game.restore(data)
    assert restored == state, "snapshot does not restore an equal state"
    return restored


def check_refusals(
    game: Game[Any], state: GameState, rng: Rng, before: GameState | None = None
) -> None:
    """One source of legality, for every waiting seat: a bounded sample of illegal
    actions (random ones and near misses) each gets an explained refusal naming a rule,
    and ``play`` raises it leaving the snapshot unchanged; a bounded sample of legal
    actions gets only the ``unexplained`` fallback (an explained reason against a legal
    action means the explanation and ``legal_actions`` disagree). ``before`` is a copy
    of ``state`` (the caller's restored snapshot, which it checked equal), else a clone;
    after the refused plays the state must still equal it."""
    if before is None:
        before = state.clone()
    refused: list[tuple[int, Action]] = []
    for seat in game.to_act(state):
        legal = game.legal_actions(state, seat)
        for index in _sample(legal, LEGAL_SAMPLE, rng):
            _check_legal_unexplained(game, state, seat, game.actions[index])
        for index in _illegal_sample(game.actions, set(legal), rng):
            _check_refused(game, state, seat, game.actions[index])
            refused.append((seat, game.actions[index]))
    if state != before:
        raise AssertionError(_changed_by(game, before, refused))


def _changed_by(game: Game[Any], before: GameState, refused: list[tuple[int, Action]]) -> str:
    """Which refused play changed the state (replayed one by one on a copy)."""
    state = before.clone()
    for seat, action in refused:
        with suppress(IllegalAction):
            game.play(state, seat, action)
        if state != before:
            return f"{_where(game, before, seat, action)}: the refused play changed the state"
    return (
        f"{game.name} seed {before.seed} step {before.version}: explain_illegal changed the"
        " state (the refused plays, replayed one by one, did not)"
    )


def _where(game: Game[Any], state: GameState, seat: int, action: Action) -> str:
    return f"{game.name} seed {state.seed} step {state.version} seat {seat}, {action.text!r}"


def _check_legal_unexplained(game: Game[Any], state: GameState, seat: int, action: Action) -> None:
    reason = game.explain_illegal(state, seat, action)
    assert isinstance(reason, IllegalAction), f"{_where(game, state, seat, action)}: {reason!r}"
    assert not reason.explained, (
        f"{_where(game, state, seat, action)} is LEGAL but explain_illegal forbids it"
        f" [{reason.rule}]: {reason.message}"
    )


def _check_refused(game: Game[Any], state: GameState, seat: int, action: Action) -> None:
    """``play`` raises an explained refusal naming a rule (``check`` raises what
    ``explain_illegal`` returns, so this checks both at the price of one call)."""
    where = _where(game, state, seat, action)
    try:
        game.play(state, seat, action)
    except IllegalAction as refused:
        assert refused.explained, (
            f"{where} is illegal but explain_illegal finds no rule against it: {refused.message}"
        )
        assert refused.rule.strip(), f"{where}: the refusal names no rule: {refused.message}"
    else:
        raise AssertionError(f"{where} is not in legal_actions but play accepted it")


def _sample(items: list[int], count: int, rng: Rng) -> list[int]:
    if len(items) <= count:
        return items
    return [items[rng.below(len(items))] for _ in range(count)]


def _illegal_sample(space: ActionSpace, legal: set[int], rng: Rng) -> list[int]:
    """Up to ``RANDOM_ILLEGAL`` random illegal indices and ``NEAR_MISSES`` near misses."""
    chosen: set[int] = set()
    if len(legal) < len(space):
        for _ in range(4 * RANDOM_ILLEGAL):
            index = rng.below(len(space))
            if index not in legal:
                chosen.add(index)
            if len(chosen) == RANDOM_ILLEGAL:
                break
    ordered = sorted(legal)
    for _ in range(NEAR_MISSES):
        near = _near_miss(space, space[rng.choice(ordered)], legal, rng)
        if near is not None:
            chosen.add(near)
    return sorted(chosen)


Neighbours = dict[tuple[str, int, tuple[object, ...]], list[int]]
"""(kind, argument position, the other arguments) -> the actions that match them."""

_NEIGHBOURS: WeakKeyDictionary[ActionSpace, Neighbours] = WeakKeyDictionary()


def _neighbours(space: ActionSpace) -> Neighbours:
    """Actions grouped by everything but one argument, computed once per action space;
    a kind with no arguments is listed under position -1."""
    found = _NEIGHBOURS.get(space)
    if found is None:
        found = {}
        for action in space:
            for position in range(len(action.args)) or [-1]:
                rest = action.args[:position] + action.args[position + 1 :]
                found.setdefault((action.kind, position, rest), []).append(action.index)
        _NEIGHBOURS[space] = found
    return found


def _near_miss(space: ActionSpace, model: Action, legal: set[int], rng: Rng) -> int | None:
    """An illegal action of ``model``'s kind differing from it in one argument, or None."""
    neighbours = _neighbours(space)
    positions = list(range(len(model.args)))
    rng.shuffle(positions)
    for position in positions:
        rest = model.args[:position] + model.args[position + 1 :]
        others = [i for i in neighbours[(model.kind, position, rest)] if i not in legal]
        if others:
            return rng.choice(others)
    return None


def check_random_game(
    game: Game[Any], config: GameConfig, seed: int, every: int = 1, refusals: bool = True
) -> GameRecord:
    """Play one random game, checking the contract every ``every`` decisions
    (``refusals``: illegal and legal actions' explanations too, see ``check_refusals``)."""
    final, record = random_playout(game, config, seed)
    state = game.new_game(config, seed)
    rng = Rng(seed ^ 0x5EED)
    for number, (seat, text) in enumerate(record.moves):
        if number % every == 0:
            check_step(game, state, rng, refusals)
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
