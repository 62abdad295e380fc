"""Mombasa's bots: they decide from their own seat's information only, the
heuristic uses its planned cards before ending its phase, and the evaluation's
score is the scoring pad's."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.ai.mcts import Budget, MctsBot
from meeple.engine import Rng
from meeple.games.mombasa import GAME
from meeple.games.mombasa.bots.evaluation import estimates, scores_now, win_chances
from meeple.games.mombasa.bots.heuristic import PASSIVE, MombasaHeuristic, MombasaKnowledge
from meeple.games.mombasa.scoring import breakdown
from meeple.games.mombasa.state import MombasaState

load_bots()


def planning_with(seed: int, plans_seed: int) -> MombasaState:
    """Round 2's planning, seats 3, 2 and 1 having each planned a card chosen with
    ``plans_seed`` into slot 1, seat 0 still to plan. The true game up to there is the same for
    every ``plans_seed``."""
    state = GAME.new_game(GAME.make_config(4), seed)
    rng = Rng(seed)
    while GAME.view(state, None)["phase"] != "planning" or GAME.view(state, None)["round"] < 2:
        seat = GAME.to_act(state)[-1]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    secret = Rng(plans_seed)
    for seat in (3, 2, 1):  # one card face down into slot 1 (which card is secret)
        into_slot_1 = [a for a in GAME.legal(state, seat) if a.text.endswith("in slot 1")]
        GAME.play(state, seat, secret.choice(into_slot_1).text)
        GAME.play(state, seat, "ready")
    assert GAME.to_act(state) == (0,)
    return state


def bot(name: str, seed: int) -> Any:
    if name == "mcts":
        return MctsBot(GAME, seed, Budget(iterations=30))
    return make_bot(name, GAME, seed)


@pytest.mark.parametrize("name", ["random", "heuristic", "easy", "mcts", "medium"])
@pytest.mark.parametrize("seed", [3, 9])
def test_choice_ignores_the_others_face_down_plans(name: str, seed: int) -> None:
    """Planning is secret ("Planning phase": cards are placed face down, revealed
    together): two games differing only in what the others planned look the same
    to seat 0, and each bot with a fixed seed chooses the same in both."""
    one, other = planning_with(seed, 1), planning_with(seed, 2)
    assert GAME.view(one, 0) == GAME.view(other, 0)
    assert one.slots != other.slots  # the hidden part does differ
    picks = {bot(name, 42).choose(GAME, state, 0) for state in (one, other)}
    assert len(picks) == 1


def test_scores_now_is_the_scoring_pads_total() -> None:
    """End of the Game: cash, shares x uncovered coins, diamonds, bookkeeping."""
    rng = Rng(5)
    state = GAME.new_game(GAME.make_config(3), 5)
    while not GAME.is_over(state):
        assert scores_now(state) == [breakdown(state, s)["total"] for s in range(3)]
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert scores_now(state) == list(GAME.result(state).scores)


def test_the_heuristic_uses_its_cards_before_ending_its_phase() -> None:
    """The heuristic takes a passive choice (end, stop, decline, ready, ...) only
    when nothing else is legal, and finishes a 3-player game."""
    state = GAME.new_game(GAME.make_config(3), 21)
    players = [MombasaHeuristic(GAME, s) for s in range(3)]
    ends = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = players[seat].choose(GAME, state, seat)
        assert action in legal
        if action in PASSIVE:
            assert all(a in PASSIVE for a in legal), GAME.actions[action].text
            ends += GAME.actions[action].text.startswith("end")
        GAME.apply(state, seat, action)
    assert ends >= 3 * 7  # every seat ended each of the seven rounds


def test_search_knowledge_values_and_branches() -> None:
    knowledge = GAME.bots().search
    assert isinstance(knowledge, MombasaKnowledge)
    state = planning_with(4, 1)
    values = knowledge.evaluate(GAME, state, 0)
    assert len(values) == 4 and abs(sum(values) - 1.0) < 1e-9
    assert values == win_chances(estimates(state))
    legal = GAME.legal_actions(state, 0)
    branches = knowledge.candidates(GAME, state, 0, legal)
    assert branches and set(branches) <= set(legal)
    assert not set(branches) & PASSIVE  # planning offers plans, so "ready" waits


def test_a_larger_lead_is_a_larger_win_chance() -> None:
    chances = win_chances([40.0, 30.0, 30.0, 20.0])
    assert chances[0] > chances[1] == chances[2] > chances[3]


def test_the_bot_kit_offers_every_level() -> None:
    kit = GAME.bots()
    assert kit.heuristic is MombasaHeuristic
    assert {"medium", "hard"} <= set(kit.level_iterations)
    assert kit.rollout_depth is not None
