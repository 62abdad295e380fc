"""1. Bribe Colonial Officials: the auction, its costs and the new player order."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.namibia.positions import Position
from meeple.games.namibia.state import BID, PROSPECT, START_MINE
from tests.namibia.helpers import legal_texts, play


def auction(players: int = 4, round_number: int = 1) -> Position:
    """The bribe of ``round_number`` about to begin: 20 GM and 15 reputation each
    (the starting reputation)."""
    each = range(players)
    return Position(players).round(round_number).money(*(20 for _ in each)).bribe()


def test_minimum_bid_is_the_round_number() -> None:
    """1. Bribe: "The minimum bid is the number of the current game round"."""
    s = auction(round_number=3).build()
    assert s.phase == BID
    texts = legal_texts(s, 0)
    assert texts[0] == "pass"
    assert texts[1] == "bid 3"
    with pytest.raises(IllegalAction, match="lowest bid allowed now is 3"):
        play(s, 0, "bid 2")


def test_bids_must_rise_and_cannot_exceed_money() -> None:
    s = auction().build()
    play(s, 0, "bid 4")
    assert "bid 4" not in legal_texts(s, 1)
    assert legal_texts(s, 1)[1] == "bid 5"
    with pytest.raises(IllegalAction, match="only 20 GM"):
        play(s, 1, "bid 21")


def test_passing_order_fixes_player_order_costs_and_rails() -> None:
    """1. Bribe: first to pass is last; costs 5/3/1/0 reputation, 3/2/1/0 rails."""
    s = auction(round_number=2).build()
    play(s, 0, "bid 3")
    play(s, 1, "pass")  # last: pays the minimum 2 GM, no reputation, no rails
    play(s, 2, "bid 5")
    play(s, 3, "pass")  # third
    play(s, 0, "pass")  # second, pays his own bid of 3
    # Seat 2 wins with 5 GM.
    assert s.order == [2, 0, 3, 1]
    assert s.money == [20 - 3, 20 - 2, 20 - 5, 20 - 2]
    assert s.reputation == [15 - 3, 15, 15 - 5, 15 - 1]
    assert s.rails_held == [2, 0, 3, 1]
    assert s.last_seat == 1
    assert s.phase in (START_MINE, PROSPECT) and s.actor == 2  # the winner builds first


def test_the_first_three_always_lose_reputation_even_at_the_minimum() -> None:
    s = auction().build()
    for seat in (0, 1, 2):
        play(s, seat, "pass")
    assert s.order == [3, 2, 1, 0]
    assert s.money == [19, 19, 19, 19]
    assert s.reputation == [15, 14, 12, 10]


def test_short_of_the_minimum_a_player_cashes_reputation_at_two_gm_a_point() -> None:
    """1. Bribe: cash in 1 reputation point for 2 GM until the minimum can be paid."""
    s = auction(round_number=5).player(0, money=2).build()
    play(s, 0, "pass")  # must pay 5: short by 3, so 2 points give 4 GM
    assert s.reputation[0] == 15 - 2
    assert s.money[0] == 2 + 4 - 5


def test_reputation_below_one_eliminates_the_player() -> None:
    """1. Bribe: "If player's reputation falls below one ... they are eliminated"."""
    s = auction().player(3, reputation=4).build()
    for seat in (0, 1, 2):
        play(s, seat, "pass")
    assert s.out[3] == 1  # won the auction: -5 reputation leaves -1
    assert s.rails_held[3] == 0
    assert 3 not in s.active_order()


def test_three_players_lose_four_and_two_and_the_third_is_last() -> None:
    """Three players: first -4, second -2; the third loses nothing and takes no rails."""
    s = auction(players=3).build()
    play(s, 0, "pass")
    play(s, 1, "pass")
    assert s.order == [2, 1, 0]
    assert s.reputation == [15, 13, 11]
    assert s.rails_held == [0, 2, 3]


def test_after_an_elimination_the_remaining_players_share_the_positions() -> None:
    """1. Bribe, with an eliminated player (our reading, docs/games/namibia.md):
    the remaining three take positions 1-3 with the first two positions' costs, and
    the last remaining position costs nothing and gets no rails."""
    blue_left = auction(round_number=2).player(1, reputation=0).eliminated(1)  # in round 1
    s = blue_left.build()
    assert s.bidders == [0, 2, 3]
    play(s, 0, "pass")  # last of three: no reputation, no rails
    play(s, 2, "pass")  # second
    assert s.order[:3] == [3, 2, 0]
    assert s.reputation == [15, 0, 12, 10]  # Blue's stays below 1
    assert s.rails_held == [0, 0, 2, 3]
    assert s.last_seat == 0
    assert s.active_order() == [3, 2, 0]
