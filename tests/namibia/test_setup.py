"""Getting Started, and the Rules Changes for a Three Player Game."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.namibia import GAME
from meeple.games.namibia.board import BOARD
from meeple.games.namibia.positions import Position
from meeple.games.namibia.rules.geometry import touches_cube
from meeple.games.namibia.state import (
    BID,
    PLACE_RAIL,
    SELECT_SHIPMENT,
    SETUP_BUILDING,
    SETUP_CUBES,
    SETUP_MINES,
    SETUP_RAILS,
)
from tests.namibia.helpers import legal_texts, new_game, play


def third_to_ship(*prices: int) -> Position:
    """Three players: silver went through Möwe Bay and copper through Walvis Bay; the
    third player, last in the order, leads the last shipment at these prices."""
    return (
        Position(players=3)
        .order(0, 1, 2)
        .prices(*prices)
        .shipped("silver", "mowe")
        .shipped("copper", "walvis")
        .shipping()
    )


def test_initial_placements_cards_money_and_reputation() -> None:
    """Getting Started: one cube of each type on the four initial placement spaces."""
    s = new_game(4, seed=3)
    kinds = sorted(s.cube_kind[i] for i in BOARD.initial_spaces)
    assert kinds == [0, 1, 2, 3]
    assert sorted(s.excluded) == [0, 1, 2, 3]  # each card excludes one commodity
    assert s.money == [15] * 4 and s.reputation == [15] * 4
    assert s.price == [6] * 4 and s.demand == [6] * 4
    assert all(s.rails[e] for e in BOARD.preprinted_rails)
    assert sum(s.rails) == len(BOARD.preprinted_rails)


def test_setup_is_random_but_seeded() -> None:
    a, b = new_game(4, seed=5), new_game(4, seed=5)
    assert a == b
    layouts = {tuple(new_game(4, seed=x).cube_kind) for x in range(12)}
    assert len(layouts) > 1


def test_cube_round_avoids_neighbouring_cubes_where_possible() -> None:
    """Getting Started: cubes "must not be placed on a space adjacent to another cube"."""
    s = new_game(4, seed=2)
    assert s.phase == SETUP_CUBES and s.actor == s.order[0]
    for action in GAME.legal(s, s.actor):
        assert not touches_cube(s, int(action.args[1]))
    near = next(i for i in BOARD.neighbors[BOARD.initial_spaces[0]] if BOARD.usable[i])
    kind = next(k for k in range(4) if s.may_collect(s.actor, k))
    with pytest.raises(IllegalAction, match="next to a cube"):
        play(
            s,
            s.actor,
            f"place {['diamond', 'gold', 'silver', 'copper'][kind]} {BOARD.labels[near]}",
        )


def test_setup_sequence_mines_then_reverse_order_construction_then_rails() -> None:
    s = new_game(4, seed=4)
    order = list(s.order)
    for _ in range(12):
        assert s.phase == SETUP_CUBES
        play(s, s.actor, legal_texts(s, s.actor)[0])
    for seat in order:  # starting mines in player order
        assert (s.phase, s.actor) == (SETUP_MINES, seat)
        text = legal_texts(s, seat)[0]
        play(s, seat, text)
        space = BOARD.space(text.split()[1])
        assert s.cube_count[space] == 3 and s.mine_done[space]
    for seat in reversed(order):  # mines under construction in reverse order
        assert (s.phase, s.actor) == (SETUP_BUILDING, seat)
        first = next(s.cube_kind[i] for i, o in enumerate(s.mine_owner) if o == seat)
        for action in GAME.legal(s, seat):
            assert s.cube_kind[int(action.args[0])] != first
        text = legal_texts(s, seat)[0]
        play(s, seat, text)
        space = BOARD.space(text.split()[1])
        assert s.cube_count[space] == 2 and not s.mine_done[space]
    for seat in order:  # two rails each, in player order
        for _ in range(2):
            assert (s.phase, s.actor) == (SETUP_RAILS, seat)
            play(s, seat, legal_texts(s, seat)[0])
    assert s.phase == BID and s.round == 1
    assert s.supply_rails == 44 - 8


def test_three_players_remove_cubes_and_put_two_rails_on_etosha() -> None:
    """Three players: three cubes of each type go back in the box; Etosha gets two rails."""
    s = new_game(3, seed=1)
    placed = [sum(1 for i in BOARD.initial_spaces if s.cube_kind[i] == k) for k in range(4)]
    in_hands = [sum(s.hand[p * 4 + k] for p in range(3)) for k in range(4)]
    assert [s.supply[k] + placed[k] + in_hands[k] for k in range(4)] == [12] * 4
    assert all(s.rails[e] for e in BOARD.etosha_rails)
    assert s.supply_rails == 42


def test_three_players_third_must_ship_the_highest_priced_commodity() -> None:
    """Three players: the last player selects the highest priced unshipped commodity."""
    s = third_to_ship(9, 12, 12, 4).build()
    assert (s.phase, s.actor) == (SELECT_SHIPMENT, 2)
    assert legal_texts(s, 2) == ["ship gold luderitz", "ship gold oranjemund"]
    with pytest.raises(IllegalAction, match="highest priced"):
        play(s, 2, "ship diamond luderitz")


def test_three_players_tie_for_highest_price_lets_the_third_choose() -> None:
    s = third_to_ship(12, 12, 3, 4).build()
    assert {t.split()[1] for t in legal_texts(s, 2)} == {"diamond", "gold"}


def test_three_players_all_lead_a_shipment_and_only_two_place_rails() -> None:
    s = new_game(3, seed=8)
    rails_seen: dict[int, int] = {}
    leaders: list[int] = []
    while s.round == 1:
        if s.phase == SELECT_SHIPMENT:
            leaders.append(s.actor)
        if s.phase == PLACE_RAIL:
            rails_seen[s.actor] = rails_seen.get(s.actor, 0) + 1
        play(s, s.actor, legal_texts(s, s.actor)[0])
    assert len(leaders) == 3
    assert s.last_seat not in rails_seen
