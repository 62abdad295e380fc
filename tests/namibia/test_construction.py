"""2. Construction: the five actions in order, for every player in player order."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction, InvalidState
from meeple.games.namibia import GAME
from meeple.games.namibia.board import BOARD
from meeple.games.namibia.positions import Position, port
from meeple.games.namibia.rules.geometry import linked_to_port
from meeple.games.namibia.state import (
    COMPLETE_MINES,
    MOVE_TRUCK,
    PLACE_RAIL,
    PROSPECT,
    SELECT_SHIPMENT,
    START_MINE,
)
from tests.namibia.helpers import COPPER, GOLD, SILVER, legal_texts, play, space


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


def short_of_gold(left: int, *flat: str) -> Position:
    """Red's turn about to begin: his flat gold mines on ``flat`` (one cube each) and
    ``left`` gold cubes in the supply (the rest lie on A2)."""
    p = Position().cube("a2", "gold", 15 - left - len(flat))
    for at in flat:
        p.cube(at, "gold").mine(at, seat=0, completed=False)
    return p


def test_complete_mines_the_player_chooses_the_mine_that_takes_the_last_cube() -> None:
    """2.1 Complete Mines: each newly completed mine takes an additional cube "from
    the supply"; "If there are no resource cubes of the necessary type left in the
    supply the player cannot add an additional cube". With one gold cube for two
    gold mines, the player who completes them chooses which takes it (our reading,
    docs/games/namibia.md)."""
    s = short_of_gold(1, "d4", "h6").construction(0).build()
    assert s.mine_done[space("D4")] and s.mine_done[space("H6")]
    assert (s.phase, s.actor) == (COMPLETE_MINES, 0)
    assert legal_texts(s, 0) == ["feed d4", "feed h6"]
    assert GAME.view(s, 0)["additional_cubes"] == [
        {"commodity": "gold", "cubes_left": 1, "mines": ["D4", "H6"]}
    ]
    assert "1 gold cubes left in the supply for the mines on D4, H6" in GAME.render_text(
        GAME.view(s, 0)
    )
    play(s, 0, "feed h6")
    assert (s.cube_count[space("H6")], s.cube_count[space("D4")]) == (2, 1)
    assert s.supply[GOLD] == 0
    assert s.phase == START_MINE


def test_complete_mines_two_cubes_for_three_mines_are_two_choices() -> None:
    """2.1: a compound choice is a sequence of atomic ones: the first cube among three
    mines, the second among the two left; the third mine gets none."""
    s = short_of_gold(2, "d4", "h6", "a3").construction(0).build()
    assert legal_texts(s, 0) == ["feed a3", "feed d4", "feed h6"]
    play(s, 0, "feed d4")
    assert legal_texts(s, 0) == ["feed a3", "feed h6"]
    play(s, 0, "feed a3")
    assert s.phase == START_MINE and s.owed == 0
    assert [s.cube_count[space(at)] for at in ("a3", "d4", "h6")] == [2, 2, 1]
    assert "no gold cube is left in the supply for the mines on H6" in s.log[-1].text


def test_complete_mines_poses_no_choice_when_there_is_none() -> None:
    """2.1: no decision when the supply covers every mine, holds no cube, or a mine
    next to an abandoned marker takes no cube anyway ("the seam becoming exhausted")."""
    enough = short_of_gold(2, "d4", "h6").construction(0).build()
    assert enough.phase == START_MINE
    assert (enough.cube_count[space("D4")], enough.cube_count[space("H6")]) == (2, 2)
    none_left = short_of_gold(0, "d4", "h6").construction(0).build()
    assert none_left.phase == START_MINE
    assert (none_left.cube_count[space("D4")], none_left.cube_count[space("H6")]) == (1, 1)
    exhausted = short_of_gold(1, "d4", "h6").abandoned("h5").construction(0).build()
    assert exhausted.phase == START_MINE
    assert (exhausted.cube_count[space("D4")], exhausted.cube_count[space("H6")]) == (2, 1)


def test_complete_mines_a_wrong_feed_names_the_section_and_changes_nothing() -> None:
    p = short_of_gold(1, "d4", "h6").cube("a3", "silver", 2).mine("a3", seat=0)
    s = p.construction(0).build()
    before = s.clone()
    with pytest.raises(IllegalAction, match="not one of your completed mines") as refused:
        play(s, 0, "feed a2")
    assert refused.value.rule == "2. Construction: Complete Mines"
    with pytest.raises(IllegalAction, match="A3 is not waiting for an additional cube"):
        play(s, 0, "feed a3")  # completed in an earlier round
    with pytest.raises(IllegalAction, match="waits for construction: complete mines"):
        play(s, 0, "mine a2")
    assert s == before


def test_a_position_can_stand_in_the_middle_of_the_choice() -> None:
    """The Position builder sets up the 2.1 choice under way: Red's gold mines stand
    completed and those ``awaiting`` still wait for one of the last cubes."""
    s = (
        Position()
        .cube("a2", "gold", 10)
        .cube("d4", "gold", 2)
        .mine("d4", seat=0)
        .cube("h6", "gold", 1)
        .mine("h6", seat=0)
        .cube("a3", "gold", 1)
        .mine("a3", seat=0)
        .construction(0, awaiting=("h6", "a3"))
        .build()
    )
    assert s.supply[GOLD] == 1
    assert legal_texts(s, 0) == ["feed a3", "feed h6"]
    with pytest.raises(InvalidState, match="A2 awaits an additional cube"):
        Position().cube("a2", "gold", 14).construction(0, awaiting=("a2",)).build()
    with pytest.raises(ValueError, match="no mines awaiting"):
        Position().construction(0, "prospect", awaiting=("a2",))


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


def _rail_path_to(targets: set[int]) -> list[int]:
    """Rail edges, each sharing a corner with the one before, from a port's
    pre-printed rails to one of ``targets`` (the last edge of the list)."""
    start = list(BOARD.preprinted_rails)
    came: dict[int, int] = {e: -1 for e in start}
    frontier = start
    while frontier:
        following = []
        for edge in frontier:
            if edge in targets:
                path = [edge]
                while came[path[-1]] != -1:
                    path.append(came[path[-1]])
                return path[::-1]
            for other in BOARD.edge_neighbors[edge]:
                if other not in came:
                    came[other] = edge
                    following.append(other)
        frontier = following
    raise AssertionError("no rail reaches the targets")


def test_rails_may_lie_along_the_sides_of_expansion_spaces() -> None:
    """The Game Board and 2. Construction: the possible-expansion spaces "are not used
    in the base game. Neither mines nor cubes may be placed in these spaces"; 2.4
    Place Rails forbids no side. Our reading (docs/games/namibia.md, Rail network):
    a rail may lie along a side of an expansion space, like any side shared by two
    spaces."""
    expansion = [i for i, kind in enumerate(BOARD.kinds) if kind == "expansion"]
    sides = {e for i in expansion for e in BOARD.space_edges[i]}
    path = _rail_path_to(sides)
    target = path[-1]
    laid = [BOARD.edge_label(e) for e in path[:-1] if e not in BOARD.preprinted_rails]
    s = Position().rail(*laid).player(0, rails=1).construction(0, "place rails").build()
    text = f"rail {BOARD.edge_label(target)}".lower()
    assert text in legal_texts(s, 0)
    play(s, 0, text)
    assert s.rails[target]


def test_rails_that_cannot_be_placed_go_back_to_the_supply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """2.4 Place Rails: "Players must place all of their rails" and "New rails must
    connect to at least one existing rail"; the components are "a limiting factor".
    Our reading (docs/games/namibia.md, Rail network): rails that no side can take
    go back to the supply. (On this board 44 rails never fill every side that
    touches the network, so the rules are made to find no place here.)"""
    from meeple.games.namibia.rules import construction

    monkeypatch.setattr(construction, "rail_choices", lambda s: [])
    s = Position().player(0, rails=2).construction(0, "place rails").build()
    assert s.rails_held[0] == 0
    assert s.supply_rails == 44
    assert any("cannot place 2 rails" in event.text for event in s.log)


def test_the_bribe_gives_only_the_rails_left_in_the_supply() -> None:
    """1. Bribe and "the availability of all components, except money, is a limiting
    factor in the game": with one rail left in the supply, the rails go as the
    players pass ("If a player passes, they drop out of the bidding, pay the
    necessary cost ... take the appropriate number of rails"), so the third placed
    takes the last rail and the first two none (our reading,
    docs/games/namibia.md, Rail network)."""
    path: list[int] = []
    reached = set(BOARD.preprinted_rails)
    frontier = list(BOARD.preprinted_rails)
    while len(path) < 43:  # rails joined to the network, nearest first
        edge = frontier.pop(0)
        for other in BOARD.edge_neighbors[edge]:
            if other not in reached:
                reached.add(other)
                frontier.append(other)
                path.append(other)
    laid = [BOARD.edge_label(e) for e in path[:43]]
    s = Position().rail(*laid).build()
    assert s.supply_rails == 1
    for seat in (0, 1, 2):
        play(s, seat, "pass")
    assert s.order == [3, 2, 1, 0]
    assert s.rails_held == [0, 1, 0, 0]  # third: his 1; second and first: none left
    assert s.supply_rails == 0
