"""4. Administration, Purchasing Reputation and the End of the Game."""

from __future__ import annotations

from meeple.games.namibia import GAME
from meeple.games.namibia.rules.administration import administer, end_game
from meeple.games.namibia.state import BID, BUY_REPUTATION, GAME_OVER, SELECT_SHIPMENT
from tests.namibia.helpers import (
    COPPER,
    DIAMOND,
    GOLD,
    SILVER,
    cleared,
    go,
    legal_texts,
    play,
    put_cubes,
    put_mine,
    space,
)


def market(prices, demands, supplies):  # type: ignore[no-untyped-def]
    s = cleared()
    s.price, s.demand = list(prices), list(demands)
    for k, supply in enumerate(supplies):
        s.barrel[k] = -1 if supply is None else supply
        s.chosen_kinds[k] = supply is not None
    return s


def test_market_moves_for_each_case_of_the_summary() -> None:
    """4. Administration: the four market moves of the Game Administration Summary."""
    s = market([3, 8, 10, 7], [6, 6, 9, 5], [8, 6, 4, None])
    administer(s)
    assert (s.price[DIAMOND], s.demand[DIAMOND]) == (3, 8)  # supply > demand: demand +2
    assert (s.price[GOLD], s.demand[GOLD]) == (9, 7)  # supply = demand: both +1
    assert (s.price[SILVER], s.demand[SILVER]) == (12, 5)  # supply < demand: +2, halved
    assert (s.price[COPPER], s.demand[COPPER]) == (10, 8)  # did not ship: both +3
    assert s.barrel == [-1, -1, -1, -1]  # supply markers removed


def test_market_bounds_are_one_and_fifteen() -> None:
    """4. Administration: demand and price never below 1 or above 15."""
    s = market([14, 15, 14, 14], [15, 1, 14, 1], [16, 1, 0, None])
    administer(s)
    assert s.demand[DIAMOND] == 15
    assert (s.price[GOLD], s.demand[GOLD]) == (15, 2)
    assert (s.price[SILVER], s.demand[SILVER]) == (15, 7)
    assert (s.price[COPPER], s.demand[COPPER]) == (15, 4)


def test_exhausted_mines_close_and_leave_an_abandoned_marker() -> None:
    """4. Administration: mines that shipped all their cubes are exhausted."""
    s = market([6] * 4, [6] * 4, [0, 0, 0, None])
    empty = put_mine(s, 1, "D4", GOLD, 0)
    kept = put_mine(s, 1, "H6", GOLD, 2)
    building = put_mine(s, 1, "E4", GOLD, 0, complete=False)
    s.truck[1] = kept
    heads = s.heads[1]
    administer(s)
    assert s.abandoned[empty] and s.mine_owner[empty] == -1
    assert s.heads[1] == heads + 1
    assert s.mine_owner[kept] == 1 and not s.abandoned[kept]
    assert s.mine_owner[building] == 1  # only completed mines are exhausted
    assert s.truck == [-1, -1, -1, -1]  # trucks return to the players
    assert s.supply_markers == 59


def test_reputation_is_bought_after_rounds_three_and_five() -> None:
    """Purchasing Reputation: 3 GM a point after round 3, 4 GM after round 5."""
    for round_number, price in ((3, 3), (5, 4)):
        s = market([6] * 4, [6] * 4, [0, 0, 0, None])
        s.round = round_number
        s.money = [10, 2, 9, 12]
        go(s, SELECT_SHIPMENT, pos=3)
        assert s.phase == BUY_REPUTATION
        assert s.actor == 0
        assert legal_texts(s, 0)[-1] == f"buy {10 // price}"
        play(s, 0, "buy 2")
        assert (s.money[0], s.reputation[0]) == (10 - 2 * price, 15 + 2)
        assert s.actor == 2  # seat 1 cannot afford a point and is not asked
        play(s, 2, "buy 0")
        play(s, 3, "buy 1")
        assert (s.phase, s.round) == (BID, round_number + 1)


def test_no_reputation_purchase_after_other_rounds() -> None:
    s = market([6] * 4, [6] * 4, [0, 0, 0, None])
    s.round = 2
    go(s, SELECT_SHIPMENT, pos=3)
    assert (s.phase, s.round) == (BID, 3)


def test_end_of_game_oversupply_construction_payment_and_conversion() -> None:
    """End of the Game: -1 price per loose cube, mines under construction paid, 5 GM a point."""
    s = cleared()
    s.price = [10, 10, 10, 10]
    put_cubes(s, "A1", GOLD, 2)  # two loose gold cubes: gold 10 -> 8
    put_cubes(s, "A3", SILVER, 1)  # silver 10 -> 9
    put_mine(s, 0, "D4", GOLD, 3)  # a completed mine: no adjustment
    put_mine(s, 1, "H6", SILVER, 2, complete=False)  # paid 2 x 9 = 18
    s.money = [12, 3, 0, 7]
    s.reputation = [20, 20, 18, 5]
    end_game(s)
    assert s.price == [10, 8, 9, 10]
    assert s.money == [2, 1, 0, 2]
    assert s.reputation == [22, 24, 18, 6]
    assert s.phase == GAME_OVER
    result = GAME.result(s)
    assert result.winners == (1,)
    assert result.breakdown[1]["construction_payment"] == 18


def test_a_tie_goes_to_the_most_money_remaining() -> None:
    """End of the Game: "In the event of a tie, the tied player with the most money"."""
    s = cleared()
    s.money = [4, 3, 0, 0]
    s.reputation = [10, 10, 9, 9]
    end_game(s)
    result = GAME.result(s)
    assert result.scores[:2] == (10, 10)
    assert result.winners == (0,)
    assert result.ranks == (1, 2, 3, 3)


def test_the_game_ends_after_the_sixth_round() -> None:
    s = market([6] * 4, [6] * 4, [0, 0, 0, None])
    s.round = 6
    go(s, SELECT_SHIPMENT, pos=3)
    assert s.phase == GAME_OVER
    assert GAME.to_act(s) == ()
    assert space("A1") == 0
