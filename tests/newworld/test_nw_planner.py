"""The search levels' whole-sheet planner (meeple/games/newworld/bots/planner.py):
5.2-5.4, a Planning Sheet written entry by entry, planned once per turn."""

from __future__ import annotations

from meeple.ai.levels import mcts
from meeple.ai.mcts import Budget
from meeple.engine import GameState, Rng
from meeple.games.newworld import GAME
from meeple.games.newworld.bots import planner, policy
from meeple.games.newworld.bots.heuristic import NewWorldKnowledge
from meeple.games.newworld.state import PLANNING, NewWorldState
from tests.newworld.test_newworld_bots import planning_with, play


def flat(game: object, state: GameState, seat: int) -> list[float]:
    return [0.25] * 4


def test_the_heuristics_own_sheet_is_the_first_candidate() -> None:
    state = planning_with(3, 1)
    style = policy.SEARCH
    sheets = planner.candidate_sheets(state, 0, style)
    assert sheets[0] == policy.new_sheet(state, 0, style)
    assert len(sheets) == len(set(sheets)) > 1
    colonies = {sheet.landings[0][0] for sheet in sheets if sheet.landings}
    assert len(colonies) > 1  # other colony Areas are compared


def test_another_sheet_must_beat_the_heuristics_by_its_error() -> None:
    assert planner.chosen([[0.5, 0.5, 0.5], [0.6, 0.4, 0.55]]) == 0  # noise
    assert planner.chosen([[0.5, 0.4, 0.5], [0.6, 0.5, 0.62]]) == 1  # always better
    assert planner.chosen([[0.5], [0.9]]) == 0  # one sample tells nothing


def test_every_value_equal_keeps_the_heuristics_sheet() -> None:
    """With a judge that cannot tell sheets apart (and games that do not end within
    the horizon), the sheet written is the heuristic's own."""
    state = planning_with(5, 1)
    knowledge = NewWorldKnowledge(plans=True)
    sample = state
    entries = []
    while 0 in GAME.to_act(sample) and sample.phase == PLANNING:
        action = knowledge.decide(GAME, sample, 0, Rng(2), 30, None, flat)
        if action is None:
            break
        assert action in GAME.legal_actions(sample, 0)
        entries.append(action)
        GAME.apply(sample, 0, action)
    own = planning_with(5, 1)
    style = policy.SEARCH
    for action in entries:
        legal = GAME.legal_actions(own, 0)
        assert action == policy.choose(GAME, own, 0, legal, Rng(0), style)
        GAME.apply(own, 0, action)


def test_the_planner_answers_sheet_entries_only() -> None:
    state = planning_with(3, 1)
    knowledge = NewWorldKnowledge(plans=True)
    assert knowledge.decide(GAME, state, 0, Rng(1), 20, None, flat) is not None
    assert NewWorldKnowledge().decide(GAME, state, 0, Rng(1), 20, None, flat) is None
    before = GAME.new_game(GAME.make_config(4), 3)  # the first decision: Colonists
    assert knowledge.decide(GAME, before, GAME.to_act(before)[0], Rng(1), 20, None, flat) is None


def test_the_search_levels_plan_their_sheets_and_play_legally() -> None:
    knowledge = GAME.bots().search
    assert isinstance(knowledge, NewWorldKnowledge) and knowledge.planner is not None
    seats = [mcts(GAME, s, Budget(iterations=12)) for s in range(3)]
    state: NewWorldState = play(seats, 3, 4, limit=400)
    GAME.validate(state)


def test_no_time_left_keeps_the_heuristics_sheet() -> None:
    assert planner.chosen([[], []]) == 0
    state = planning_with(3, 1)
    knowledge = NewWorldKnowledge(plans=True)
    action = knowledge.decide(GAME, state, 0, Rng(1), 200, 0.0, flat)
    legal = GAME.legal_actions(state, 0)
    assert action == policy.choose(GAME, state, 0, legal, Rng(0), policy.SEARCH)
