"""Phase one of a review is the bots' own search: with the same seed and number of
iterations, its preferred action is the one the IS-MCTS bot plays (the bot may
stop early, but only once no other action can overtake its choice)."""

from __future__ import annotations

import pytest
from review_support import bot_record

from meeple.ai.levels import mcts
from meeple.ai.mcts import Budget
from meeple.engine import get_game, replay
from meeple.review import judge
from meeple.review.review import CHECK_SHARE

PHASE_ONE = 90
TOTAL = PHASE_ONE * CHECK_SHARE // (CHECK_SHARE - 1)  # so that phase one has PHASE_ONE


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
        played = mcts(game, upto, Budget(iterations=PHASE_ONE)).choose(game, state, seat)
        verdict = judge(game, state, seat, played, upto + 1, TOTAL, seed=upto)
        assert verdict.preferred == game.actions[played].text
        assert verdict.loss == 0.0 and verdict.grade is None
        compared += 1
    assert compared >= 5
