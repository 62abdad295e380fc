"""2. Construction: the five actions in order, for every player in player order."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction, InvalidState
from meeple.games.namibia.common import BOARD
from meeple.games.namibia.positions import Position, port
from meeple.games.namibia.rules.geometry import linked_to_port
from meeple.games.namibia.state import (
    MOVE_TRUCK,
    PLACE_RAIL,
    PROSPECT,
    SELECT_SHIPMENT,
    START_MINE,
)
from tests.namibia.helpers import COPPER, SILVER, legal_texts, play, space


def test_complete_mines_adds_a_cube_unless_next_to_an_abandoned_mine() -> None:
    """2.1 Complete Mines: +1 cube, none if adjacent to an abandoned mine marker."""
    s = (
        Position()
        .cube("d4", "gold")
        .mine("d4", seat=0, completed=False)
        .cube("h6", "silver")
        .mine("h6", seat=0, completed=False)
        .abandoned("h5")
        .construction(0)
        .build()
    )
    a, b = space("D4"), space("H6")
    assert s.mine_done[a] and s.mine_done[b]
    assert s.cube_count[a] == 2
    assert s.cube_count[b] == 1


def test_complete_mines_adds_nothing_when_the_supply_is_empty() -> None:
    """2.1: "If there are no resource cubes of the necessary type left in the supply
    the player cannot add an additional cube"."""
    s = (
        Position()
        .cube("d4", "gold")
        .mine("d4", seat=0, completed=False)
        .cube("a2", "gold", 14)  # every other gold cube: none is left in the supply
        .construction(0)
        .build()
    )
    assert s.mine_done[space("D4")]
    assert s.cube_count[space("D4")] == 1


def test_a_new_mine_must_be_started_on_a_collectable_prospected_space() -> None:
    """2.2 Start a New Mine: mandatory if possible, only collectable commodities."""
    s = (
        Position()
        .cube("d4", "diamond")  # seat 0 may not collect diamonds
        .cube("h6", "gold", 2)
        .construction(0)
        .build()
    )
    assert (s.phase, s.actor) == (START_MINE, 0)
    assert legal_texts(s, 0) == ["mine h6"]
    with pytest.raises(IllegalAction, match="does not allow you to collect diamond"):
        play(s, 0, "mine d4")
    play(s, 0, "mine h6")
    assert s.mine_owner[space("H6")] == 0 and not s.mine_done[space("H6")]
    assert s.phase == PROSPECT


def test_the_last_player_starts_two_mines_and_prospects_twice() -> None:
    """2.2 and 2.3: the last player starts two mines and prospects twice, no rails."""
    s = Position().cube("d4", "gold").cube("h6", "gold", 2).construction(3).build()
    assert s.last_seat == 3 and s.rails_held[3] == 0
    play(s, 3, "mine d4", "mine h6")
    assert s.phase == PROSPECT
    play(s, 3, legal_texts(s, 3)[0])
    assert s.phase == PROSPECT
    play(s, 3, legal_texts(s, 3)[0])
    assert s.phase == MOVE_TRUCK or s.actor != 3


def test_prospecting_extends_a_seam_with_two_cubes() -> None:
    """2.3 Prospect: two cubes on an empty space next to cubes of that type."""
    s = Position().cube("h6", "silver").construction(0, "prospect").build()
    texts = legal_texts(s, 0)
    assert texts and all(t.startswith("prospect silver") for t in texts)
    assert "prospect silver h5" in texts
    with pytest.raises(IllegalAction, match="seam can still be extended"):
        play(s, 0, "prospect gold a2")
    play(s, 0, "prospect silver h5")
    assert (s.cube_kind[space("H5")], s.cube_count[space("H5")]) == (SILVER, 2)


def test_a_new_seam_only_when_no_seam_can_be_extended() -> None:
    """2.3: one cube on any empty space only if no existing seam can be extended."""
    s = Position().construction(0, "prospect").build()
    texts = legal_texts(s, 0)
    kinds = {t.split()[1] for t in texts}
    assert kinds == {"gold", "silver", "copper"}  # seat 0 may not collect diamonds
    play(s, 0, "prospect gold a2")
    assert s.cube_count[space("A2")] == 1


def test_prospecting_with_one_cube_left_places_one() -> None:
    """2.3: "If there is only one resource cube of the selected type left ..."."""
    s = (
        Position()
        .cube("h6", "copper")
        .cube("a2", "copper", 13)  # so one copper cube is left in the supply
        .construction(0, "prospect")
        .build()
    )
    assert s.supply[COPPER] == 1
    play(s, 0, "prospect copper h5")
    assert s.cube_count[space("H5")] == 1
    assert s.supply[COPPER] == 0


def test_no_prospecting_when_the_supply_is_empty() -> None:
    """2.3: "If there are no commodity cubes left in the supply then players can no
    longer prospect"."""
    s = (
        Position()
        .cube("a2", "diamond", 15)  # every cube is on the board
        .cube("a3", "gold", 15)
        .cube("a5", "silver", 15)
        .cube("a7", "copper", 15)
        .player(0, rails=1)
        .construction(0, "prospect")
        .build()
    )
    assert s.supply == [0, 0, 0, 0]
    assert s.phase == PLACE_RAIL


def test_rails_must_connect_and_all_must_be_placed() -> None:
    """2.4 Place Rails: every new rail touches an existing rail."""
    s = Position().player(0, rails=2).construction(0, "place rails").build()
    assert s.phase == PLACE_RAIL
    with pytest.raises(IllegalAction, match="would not connect"):
        play(s, 0, "rail a2-a3")
    play(s, 0, "rail h4-i5")
    assert s.rails_held[0] == 1 and s.phase == PLACE_RAIL
    assert "rail h4-h5" in legal_texts(s, 0)  # now connected through H4-I5
    play(s, 0, "rail h4-h5")
    assert s.rails_held[0] == 0


def test_the_truck_moves_to_one_of_the_players_completed_mines() -> None:
    """2.5 Move Truck to Completed Mine."""
    s = (
        Position()
        .cube("d4", "gold", 2)
        .mine("d4", seat=0)
        .cube("h6", "silver")
        .mine("h6", seat=0, completed=False)  # completed in 2.1 this turn
        .construction(0)
        .build()
    )
    assert s.mine_done[space("H6")]
    play(s, 0, legal_texts(s, 0)[0])  # 2.3: he prospects once; he holds no rails
    assert s.phase == MOVE_TRUCK
    assert legal_texts(s, 0) == ["truck d4", "truck h6"]
    play(s, 0, "truck h6")
    assert s.truck[0] == space("H6")


def test_construction_passes_to_the_next_player_then_to_shipping() -> None:
    s = Position().order(0, 1, 2, 3).construction(3, "move truck").build()
    assert s.phase == SELECT_SHIPMENT  # the last builder has no completed mine


def test_a_rail_elsewhere_than_a_corner_of_the_network_is_refused_unchanged() -> None:
    s = Position().rail("h4-i5").player(0, rails=1).construction(0, "place rails").build()
    before = s.clone()
    with pytest.raises(IllegalAction):
        play(s, 0, "rail a2-a3")
    assert s == before


def test_rail_connection_example_space_a_and_space_b() -> None:
    """2.4 Place Rails, the rulebook's example: a space with rails along its sides is
    connected to the network (space A); a space with no rail on any side is not (B)."""
    s = Position().rail("h4-i5", "h4-h5").build()  # H4-I5 joins Lüderitz's pre-printed rail
    linked = linked_to_port(s, port("luderitz"))
    assert linked[space("H4")]  # space A: rails along two of its sides
    assert linked[space("H5")]
    assert not linked[space("H6")]  # space B: no rail along any side
    # A rail that touches no network links nothing to the port. Rails are laid
    # touching a rail, so the only such rails are Etosha's, with three players.
    three = Position(players=3).build()
    assert not linked_to_port(three, port("luderitz"))[BOARD.etosha]
    with pytest.raises(InvalidState, match="A2-A3 touches no other rail"):
        Position().rail("a2-a3").build()
