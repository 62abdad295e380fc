"""Phase one of a review is the bots' own search: with the same seed and number of
iterations, its preferred action is the one the IS-MCTS bot plays (the bot may
stop early, but only once no other action can overtake its choice). A bot whose
knowledge scales a decision's iterations (Namibia's ``iteration_share``) is compared
with a review whose phase one has the decision's scaled count."""

from __future__ import annotations

import pytest
from review_support import bot_record

from meeple.ai.knowledge import root_options
from meeple.ai.levels import mcts
from meeple.ai.mcts import Budget
from meeple.engine import Rng, get_game, replay
from meeple.review import judge
from meeple.review.review import CHECK_SHARE

PHASE_ONE = 90


def review_iterations(phase_one: int) -> int:
    """The review budget whose phase one (all but one in CHECK_SHARE) is ``phase_one``."""
    total = phase_one * CHECK_SHARE // (CHECK_SHARE - 1)
    while total - total // CHECK_SHARE < phase_one:
        total += 1
    assert total - total // CHECK_SHARE == phase_one
    return total


@pytest.mark.parametrize(("name", "players"), [("namibia", 3), ("africa1880", 4)])
def test_the_preferred_action_is_what_the_search_bot_plays(name: str, players: int) -> None:
    game = get_game(name)
    record, _ = bot_record(name, players, 5, "heuristic")
    compared = 0
    for upto in range(10, len(record.moves), len(record.moves) // 8):
        state = replay(game, record, upto)
        seat = game.to_act(state)[0]
        if len(game.legal_actions(state, seat)) < 2:
            continue
        bot = mcts(game, upto, Budget(iterations=PHASE_ONE))
        options = root_options(bot.knowledge, game, state, seat, Rng(0))
        phase_one = bot._decision_budget(game, state, seat, options).iterations
        assert phase_one is not None
        played = bot.choose(game, state, seat)
        total = review_iterations(phase_one)
        verdict = judge(game, state, seat, played, upto + 1, total, seed=upto)
        assert verdict.preferred == game.actions[played].text
        assert verdict.loss == 0.0 and verdict.grade is None
        compared += 1
    assert compared >= 5
