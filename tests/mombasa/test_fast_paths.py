"""The rules' fast paths agree with the plain definitions they stand for.

Speed work replaced some definitions by shortcuts (``docs/games/mombasa.md``, Tests and
figures); over every position of seeded random games each shortcut must give
exactly what the definition gives.
"""

from __future__ import annotations

import pytest

from meeple.engine import Rng
from meeple.games.mombasa import GAME
from meeple.games.mombasa.rules import flow, tasks
from meeple.games.mombasa.state import REST, MombasaState


def positions(players: int, seed: int) -> list[MombasaState]:
    state = GAME.new_game(GAME.make_config(players, {"setup": "full"}), seed)
    rng = Rng(seed)
    seen = [state.clone()]
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        seen.append(state.clone())
    return seen


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 6)])
def test_shortcuts_equal_their_definitions(players: int, seed: int) -> None:
    expansions = 0
    for state in positions(players, seed):
        for seat in range(players):
            # Books: an A-book may go where no crossed-out A is and no B/C-book lies
            plain = any(tasks.shelf_ok(state, seat, "A", s) for s in range(1, tasks.SHELF))
            assert tasks.a_book_room(state, seat) == plain
            if state.phase == REST:  # setup 14.3: the tile's cards still to rest
                assert flow.still_resting(state, seat) == bool(flow.to_rest(state, seat))
        if state.tasks and state.tasks[-1][0] == tasks.EXPAND:
            _, company, _, entered = state.tasks[-1]
            costs = tasks.entry_costs(state, company, entered)
            for region, cost in costs.items():
                assert tasks.entry_cost(state, company, entered, region) == cost
            expansions += 1
    assert expansions > 0
