"""4. Administration, Purchasing Reputation and the End of the Game."""

from __future__ import annotations

from collections.abc import Sequence

from meeple.games.namibia import GAME
from meeple.games.namibia.board import COMMODITIES
from meeple.games.namibia.positions import Position
from meeple.games.namibia.state import BID, BUY_REPUTATION, GAME_OVER
from tests.namibia.helpers import COPPER, DIAMOND, GOLD, SILVER, legal_texts, play, space

PORTS = ("mowe", "walvis", "luderitz", "oranjemund")


def market(
    prices: Sequence[int], demands: Sequence[int], supplies: Sequence[int | None]
) -> Position:
    """Shipping over, administration next: the Commodity Index with each commodity's
    supply marker (None: it did not ship), the shipments through the ports in turn."""
    p = Position().prices(*prices).demands(*demands).administration()
    ports = iter(PORTS)
    for kind, supply in zip(COMMODITIES, supplies, strict=True):
        if supply is not None:
            p.shipped(kind, next(ports), supply)
    return p


def test_market_moves_for_each_case_of_the_summary() -> None:
    """4. Administration: the four market moves of the Game Administration Summary."""
    s = market([3, 8, 10, 7], [6, 6, 9, 5], [8, 6, 4, None]).build()
    assert (s.price[DIAMOND], s.demand[DIAMOND]) == (3, 8)  # supply > demand: demand +2
    assert (s.price[GOLD], s.demand[GOLD]) == (9, 7)  # supply = demand: both +1
    assert (s.price[SILVER], s.demand[SILVER]) == (12, 5)  # supply < demand: +2, halved
    assert (s.price[COPPER], s.demand[COPPER]) == (10, 8)  # did not ship: both +3
    assert s.barrel == [-1, -1, -1, -1]  # supply markers removed


def test_market_bounds_are_one_and_fifteen() -> None:
    """4. Administration: demand and price never below 1 or above 15."""
    s = market([14, 15, 14, 14], [15, 1, 14, 1], [16, 1, 0, None]).build()
    assert s.demand[DIAMOND] == 15
    assert (s.price[GOLD], s.demand[GOLD]) == (15, 2)
    assert (s.price[SILVER], s.demand[SILVER]) == (15, 7)
    assert (s.price[COPPER], s.demand[COPPER]) == (15, 4)


def test_exhausted_mines_close_and_leave_an_abandoned_marker() -> None:
    """4. Administration: mines that shipped all their cubes are exhausted."""
    s = (
        market([6] * 4, [6] * 4, [0, 0, 0, None])
        .excluded("gold", "diamond", "silver", "copper")  # Blue may collect gold
        .cube("d4", "gold", 0)  # shipped all its cubes
        .mine("d4", seat=1)
        .cube("h6", "gold", 2)
        .mine("h6", seat=1)
        .cube("e4", "gold", 0)
        .mine("e4", seat=1, completed=False)
        .truck(1, "h6")
        .build()
    )
    empty, kept, building = space("D4"), space("H6"), space("E4")
    heads = 5 - 3  # Blue's three mine heads were on the board
    assert s.abandoned[empty] and s.mine_owner[empty] == -1
    assert s.heads[1] == heads + 1
    assert s.mine_owner[kept] == 1 and not s.abandoned[kept]
    assert s.mine_owner[building] == 1  # only completed mines are exhausted
    assert s.truck == [-1, -1, -1, -1]  # trucks return to the players
    assert s.supply_markers == 59


def test_reputation_is_bought_after_rounds_three_and_five() -> None:
    """Purchasing Reputation: 3 GM a point after round 3, 4 GM after round 5."""
    for round_number, price in ((3, 3), (5, 4)):
        shipped = market([6] * 4, [6] * 4, [0, 0, 0, None])
        s = shipped.round(round_number).money(10, 2, 9, 12).build()
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
    s = market([6] * 4, [6] * 4, [0, 0, 0, None]).round(2).build()
    assert (s.phase, s.round) == (BID, 3)


def test_end_of_game_oversupply_construction_payment_and_conversion() -> None:
    """End of the Game: -1 price per loose cube, mines under construction paid, 5 GM a point."""
    s = (
        Position()
        .round(6)
        .prices(10, 10, 10, 10)
        .cube("a2", "gold", 2)  # two loose gold cubes: gold 10 -> 8
        .cube("a3", "silver", 1)  # silver 10 -> 9
        .cube("d4", "gold", 3)
        .mine("d4", seat=0)  # a completed mine: no adjustment
        .cube("h6", "silver", 2)
        .mine("h6", seat=1, completed=False)  # paid 2 x 9 = 18
        .money(12, 3, 0, 7)
        .reputation(20, 20, 18, 5)
        .end_of_game()
        .build()
    )
    assert s.price == [10, 8, 9, 10]
    assert s.money == [2, 1, 0, 2]
    assert s.reputation == [22, 24, 18, 6]
    assert s.phase == GAME_OVER
    result = GAME.result(s)
    assert result.winners == (1,)
    assert result.breakdown[1]["construction_payment"] == 18


def test_a_tie_goes_to_the_most_money_remaining() -> None:
    """End of the Game: "In the event of a tie, the tied player with the most money"."""
    s = Position().round(6).money(4, 3, 0, 0).reputation(10, 10, 9, 9).end_of_game().build()
    result = GAME.result(s)
    assert result.scores[:2] == (10, 10)
    assert result.winners == (0,)
    assert result.ranks == (1, 2, 3, 3)


def test_the_game_ends_after_the_sixth_round() -> None:
    s = market([6] * 4, [6] * 4, [0, 0, 0, None]).round(6).build()
    assert s.phase == GAME_OVER
    assert GAME.to_act(s) == ()
    assert space("A2") == 0


def test_eliminated_players_rank_last_a_later_elimination_above_an_earlier() -> None:
    """1. Bribe Colonial Officials: "If player's reputation falls below one ... they
    are eliminated from the game"; End of the Game: "The player with the highest
    reputation score is the winner". Our reading (docs/games/namibia.md,
    Elimination): the eliminated rank below every player still in, and the one who
    stayed in longer ranks above the one eliminated first, whatever their scores."""
    s = (
        Position()
        .round(6)
        .reputation(9, 0, 12, -2)
        .money(0, 40, 0, 0)  # Blue's money buys nothing once he has left the game
        .eliminated(1, 3)  # Blue first, then Orange
        .end_of_game()
        .build()
    )
    result = GAME.result(s)
    assert result.ranks == (2, 4, 1, 3)
    assert result.winners == (2,)


def test_a_commodity_selected_with_nothing_shipped_counts_as_shipped() -> None:
    """4. Administration: "For the one commodity which did not ship during the round,
    both its price and demand are increased by 3"; "Place the spare commodity disc
    for the commodity which did not ship"; 3. Shipping: "only three commodity types
    ... ship each round". The commodity that "did not ship" is the one no leader
    selected: a commodity selected with no cube shipped (its supply marker at 0,
    below the demand) moves as a shipped one, price +2 and demand halved (our
    reading, docs/games/namibia.md, Administration)."""
    s = market([6, 6, 6, 6], [6, 7, 6, 6], [0, 0, 6, None]).build()
    assert (s.price[DIAMOND], s.demand[DIAMOND]) == (8, 3)  # selected, nothing shipped
    assert (s.price[GOLD], s.demand[GOLD]) == (8, 4)  # demand 7 halved, rounded up
    assert (s.price[SILVER], s.demand[SILVER]) == (7, 7)  # supply = demand
    assert (s.price[COPPER], s.demand[COPPER]) == (9, 9)  # not selected: +3/+3
