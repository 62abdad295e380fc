"""Invariants in random play: every component is somewhere, no negative money,
the Commodity Index within 1..15 ("Note that the demand and price ... never fall
below 1 or exceed 15"). ``check_components`` is written apart from
``positions.validate`` on purpose, as a second opinion on conservation."""

from __future__ import annotations

import pytest

from meeple.engine import Rng
from meeple.games.namibia import GAME
from meeple.games.namibia.board import BOARD
from meeple.games.namibia.state import (
    ABANDONED_MARKERS,
    CUBES_PER_COMMODITY,
    MINE_HEADS_PER_PLAYER,
    RAILS_IN_BOX,
    NamibiaState,
)


def check_components(s: NamibiaState) -> None:
    n = s.config.players
    box = CUBES_PER_COMMODITY - (3 if n == 3 else 0)
    for k in range(4):
        on_board = sum(c for i, c in enumerate(s.cube_count) if s.cube_kind[i] == k)
        in_hands = sum(s.hand[p * 4 + k] for p in range(n))
        assert s.supply[k] + on_board + in_hands == box, f"cubes of kind {k} went missing"
        assert s.supply[k] >= 0
    printed = len(BOARD.preprinted_rails)
    assert s.supply_rails + sum(s.rails_held) + sum(s.rails) - printed == RAILS_IN_BOX
    for p in range(n):
        heads_on_board = sum(1 for owner in s.mine_owner if owner == p)
        assert s.heads[p] + heads_on_board == MINE_HEADS_PER_PLAYER
        assert s.heads[p] >= 0
        assert s.money[p] >= 0, "money went negative"
    assert s.supply_markers + sum(s.abandoned) == ABANDONED_MARKERS
    assert all(1 <= v <= 15 for v in s.price + s.demand)
    for i in range(len(BOARD.labels)):
        if not BOARD.usable[i]:
            assert s.cube_count[i] == 0 and s.mine_owner[i] == -1
        assert s.cube_count[i] == 0 or s.cube_kind[i] >= 0


@pytest.mark.parametrize("players", [3, 4])
def test_components_are_conserved_in_random_play(players: int) -> None:
    for seed in range(40):
        s = GAME.new_game(GAME.make_config(players), seed)
        rng = Rng(seed)
        while not GAME.is_over(s):
            check_components(s)
            GAME.validate(s)
            seat = GAME.to_act(s)[0]
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        check_components(s)
        GAME.validate(s)
