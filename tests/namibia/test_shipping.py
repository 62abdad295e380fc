"""3. Shipping, with the rulebook's Shipping Example reproduced move by move."""

from __future__ import annotations

import pytest

from meeple.games.namibia.positions import Position
from meeple.games.namibia.state import (
    BID,
    RAIL_SHIPPING,
    SELECT_SHIPMENT,
    TRUCK_SHIPPING,
    NamibiaState,
)
from tests.namibia.helpers import GOLD, legal_texts, play, space

BRIAN, GERY, GARETH, GRANT = range(4)


def shipping_example_position() -> NamibiaState:
    """Brian 1st (cannot collect gold), Gery 2nd, Gareth 3rd, Grant 4th.

    Brian has already shipped diamonds through Walvis Bay. Gold is at price 11 and
    demand 6. Gery's truck is on a gold mine that rail does not reach; Grant's truck
    is on his rail-connected gold mine of 3 cubes; Gery has a 3-cube gold mine and
    Gareth two gold mines (2 + 3 cubes) connected to Lüderitz. (The example does
    not say what the others may not collect: each card excludes another commodity.)
    """
    return (
        Position()
        .excluded("gold", "copper", "diamond", "silver")
        .market("gold", price=11, demand=6)
        .rail("h4-i5", "h4-h5")
        .cube("a5", "gold", 2)
        .mine("a5", GERY)
        .cube("h4", "gold", 3)
        .mine("h4", GERY)
        .cube("i5", "gold", 2)
        .mine("i5", GARETH)
        .cube("j4", "gold", 3)
        .mine("j4", GARETH)
        .cube("h5", "gold", 3)
        .mine("h5", GRANT)
        .cube("a9", "silver", 2)
        .mine("a9", BRIAN)
        .cube("e4", "copper", 2)
        .mine("e4", GARETH)
        .truck(BRIAN, "a9")
        .truck(GERY, "a5")
        .truck(GARETH, "e4")
        .truck(GRANT, "h5")
        .money(10, 10, 10, 10)
        .reputation(20, 20, 20, 20)
        .shipped("diamond", "walvis")
        .shipping()  # Gery, the second leader, chooses next
        .build()
    )


def test_shipping_example_reproduced_exactly() -> None:
    """3. Shipping, "Shipping Example": every payment and reputation gain."""
    s = shipping_example_position()
    assert s.actor == GERY
    assert "ship diamond luderitz" not in legal_texts(s, GERY)  # diamond already chosen
    assert "ship gold walvis bay" not in legal_texts(s, GERY)  # Walvis Bay already chosen
    play(s, GERY, "ship gold luderitz")
    assert s.barrel[GOLD] == 0

    # Truck shipping: Gery first (his mine is not on the rail network).
    assert (s.phase, s.actor) == (TRUCK_SHIPPING, GERY)
    play(s, GERY, "load truck")
    assert (s.money[GERY], s.barrel[GOLD]) == (10 + 11, 1)
    # Brian and Gareth have no truck at a gold mine: Grant is next.
    assert s.actor == GRANT
    play(s, GRANT, "load truck")
    assert (s.money[GRANT], s.barrel[GOLD]) == (10 + 11, 2)
    assert s.reputation[GERY] == 20 + 2

    # Rail shipping: Gery ships his 3 cubes for 33 GM.
    assert (s.phase, s.actor) == (RAIL_SHIPPING, GERY)
    assert legal_texts(s, GERY) == ["ship mine h4", "stop shipping"]
    play(s, GERY, "ship mine h4")
    assert (s.money[GERY], s.barrel[GOLD]) == (10 + 11 + 33, 5)
    assert s.reputation[GERY] == 22  # his own shipment earns him nothing

    # Brian cannot collect gold, so Gareth ships next: 5 cubes, the price halves
    # to 6 GM when the supply reaches 7: 1 x 11 + 4 x 6 = 35 GM.
    assert s.actor == GARETH
    play(s, GARETH, "ship mine i5")
    play(s, GARETH, "ship mine j4")
    assert s.money[GARETH] == 10 + 35
    assert (s.barrel[GOLD], s.price[GOLD]) == (10, 6)
    assert s.reputation[GERY] == 22 + 4

    # Grant keeps his 2 remaining cubes.
    assert s.actor == GRANT
    assert legal_texts(s, GRANT) == ["ship mine h5", "stop shipping"]
    play(s, GRANT, "stop shipping")
    assert s.cube_count[space("H5")] == 2
    assert s.cube_count[space("A5")] == 1
    # The third leader (Gareth) chooses next.
    assert (s.phase, s.actor) == (SELECT_SHIPMENT, GARETH)


def test_the_price_halves_once_when_supply_first_exceeds_demand() -> None:
    """3. Shipping: the price halves (rounded up) the moment supply exceeds demand."""
    s = shipping_example_position()
    play(s, GERY, "ship gold luderitz", "skip truck")
    play(s, GRANT, "skip truck")
    play(s, GERY, "ship mine h4")
    play(s, GARETH, "ship mine i5", "ship mine j4")
    assert s.barrel[GOLD] == 8
    assert s.price[GOLD] == 6  # halved once at the 7th cube, not again
    assert s.money[GARETH] == 10 + 3 * 11 + 2 * 6


def test_a_mine_ships_all_its_cubes_and_only_if_rail_connected() -> None:
    """3.2 Rail Shipping: only connected mines, and a mine ships all its cubes."""
    s = shipping_example_position()
    play(s, GERY, "ship gold luderitz", "skip truck")
    play(s, GRANT, "skip truck")
    assert "ship mine a5" not in legal_texts(s, GERY)  # not connected to Lüderitz
    with pytest.raises(Exception, match="not connected by rail"):
        play(s, GERY, "ship mine a5")
    play(s, GERY, "ship mine h4")
    assert s.cube_count[space("H4")] == 0


def test_a_selected_commodity_or_port_cannot_be_selected_again() -> None:
    """3. Shipping: a player may not select a commodity or port already selected."""
    s = shipping_example_position()
    with pytest.raises(Exception, match="already been selected"):
        play(s, GERY, "ship diamond luderitz")
    with pytest.raises(Exception, match="already been selected"):
        play(s, GERY, "ship gold walvis bay")


def test_only_three_players_lead_a_shipment_in_four_player_games() -> None:
    """3. Shipping: only three commodities and three ports ship each round."""
    s = shipping_example_position()
    play(s, GERY, "ship gold luderitz", "skip truck")
    play(s, GRANT, "skip truck")
    play(s, GERY, "stop shipping")
    play(s, GARETH, "stop shipping")
    play(s, GRANT, "stop shipping")
    assert s.actor == GARETH
    play(s, GARETH, "ship copper oranjemund", "skip truck")
    # Grant, fourth, does not lead: administration ran and round 2's auction began.
    assert (s.phase, s.round) == (BID, 2)
    assert not any(s.chosen_kinds)  # the discs were removed in administration
