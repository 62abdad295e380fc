"""Building positions (``meeple.games.namibia.positions``) and ``validate``: a built
position conserves every component; a broken one is refused, naming what is wrong."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from meeple.engine import BadConfig, InvalidState
from meeple.engine.conformance import random_playout
from meeple.games.namibia import GAME
from meeple.games.namibia.board import BOARD
from meeple.games.namibia.positions import Position, edge, validate
from meeple.games.namibia.state import (
    BID,
    BUY_REPUTATION,
    MOVE_TRUCK,
    RAIL_SHIPPING,
    SETUP_BUILDING,
    SETUP_CUBES,
    SETUP_MINES,
    SETUP_RAILS,
    TRUCK_SHIPPING,
    NamibiaState,
)
from tests.namibia.helpers import GOLD, SILVER, legal_texts, space

# ---- what a description leaves out -------------------------------------------------------


def test_an_empty_position_is_the_bribe_of_round_one() -> None:
    s = Position().build()
    assert (s.phase, s.round, s.actor) == (BID, 1, 0)
    assert legal_texts(s, 0)[:2] == ["pass", "bid 1"]
    assert s.supply == [15] * 4 and s.supply_rails == 44 and s.supply_markers == 60
    assert s.heads == [5] * 4 and s.money == [15] * 4 and s.reputation == [15] * 4
    assert s.excluded == [0, 1, 2, 3] and s.card == [1, 2, 3, 4]
    assert sum(s.rails) == len(BOARD.preprinted_rails)


def test_supplies_and_mine_heads_hold_what_the_board_and_hands_do_not() -> None:
    """Conservation fills the supplies: "the availability of all components, except
    money, is a limiting factor in the game"."""
    s = (
        Position()
        .cube("d4", "gold", 3)
        .mine("d4", seat=0)
        .cube("h6", "silver")
        .mine("h6", seat=0, completed=False)
        .abandoned("a2")
        .rail("h4-i5")
        .player(2, rails=2)
        .construction(0, "move truck")
        .build()
    )
    assert (s.phase, s.actor) == (MOVE_TRUCK, 0)
    assert s.supply[GOLD] == 12 and s.supply[SILVER] == 14
    assert s.heads[0] == 3
    assert s.supply_markers == 59
    assert s.supply_rails == 44 - 1 - 2


def test_three_players_leave_cubes_in_the_box_and_rail_etosha() -> None:
    """Rules Changes for a Three Player Game: three cubes of each type back in the
    box, two rails on Etosha National Park."""
    s = Position(players=3).build()
    assert s.supply == [12] * 4
    assert all(s.rails[e] for e in BOARD.etosha_rails)
    assert s.supply_rails == 42


def test_a_built_position_survives_a_snapshot_and_a_clone() -> None:
    s = Position().cube("d4", "gold", 2).mine("d4", seat=2).build()
    assert GAME.restore(GAME.snapshot(s)) == s
    assert s.clone() == s


# ---- the points of the sequence of play ------------------------------------------------------


def test_getting_started_steps() -> None:
    """Getting Started: cubes from the hands, starting mines in player order, mines
    under construction in reverse order, then two rails each."""
    hands = Position().player(1, hand=["diamond", "silver", "copper"])
    s = hands.getting_started("place cubes").build()
    assert (s.phase, s.actor) == (SETUP_CUBES, 1)  # the only seat still holding cubes
    assert legal_texts(s, 1)[0].startswith("place diamond")
    s = Position().cube("d4", "gold").getting_started("starting mine", seat=2).build()
    assert (s.phase, s.actor, legal_texts(s, 2)) == (SETUP_MINES, 2, ["mine d4"])
    s = Position().cube("d4", "gold").getting_started("mine under construction").build()
    assert (s.phase, s.actor) == (SETUP_BUILDING, 3)  # the last in player order first
    s = Position().getting_started("place rails", seat=1, rails_left=1).build()
    assert (s.phase, s.actor, s.todo) == (SETUP_RAILS, 1, 1)


def test_a_bribe_under_way() -> None:
    """1. Bribe: Blue passed (last place: no reputation lost, no rails), Red bid 3."""
    s = Position().money(15, 14, 15, 15).bribe(bids={0: 3}, passed=[1], bidder=2).build()
    assert (s.phase, s.actor, s.high_bid) == (BID, 2, 3)
    assert s.bidders == [0, 2, 3] and s.passed == [1]
    assert legal_texts(s, 2)[:2] == ["pass", "bid 4"]


def test_a_shipment_under_way_by_truck_and_by_rail() -> None:
    """3. Shipping: Red leads gold through Walvis Bay; his truck waits at his mine."""
    red_mine = Position().cube("e4", "gold", 2).mine("e4", seat=0).truck(0, "e4")
    s = red_mine.shipping("gold", "walvis").build()
    assert (s.phase, s.actor, legal_texts(s, 0)) == (
        TRUCK_SHIPPING,
        0,
        ["load truck", "skip truck"],
    )
    assert s.chosen_kinds[GOLD] and s.barrel[GOLD] == 0
    # Rail shipping through Lüderitz, seven cubes already shipped: the price has halved.
    green_mine = Position().cube("h4", "gold", 3).mine("h4", seat=2).rail("h4-i5")
    s = (
        green_mine.market("gold", price=6, demand=6)
        .shipping("gold", "luderitz", step="rail shipping", shipper=2, supply=7)
        .build()
    )
    assert (s.phase, s.actor) == (RAIL_SHIPPING, 2)
    assert legal_texts(s, 2) == ["ship mine h4", "stop shipping"]
    assert s.halved[GOLD] and s.shippers == [0, 1, 2, 3]


def test_purchasing_reputation_after_round_three() -> None:
    s = Position().round(3).purchasing_reputation(2).build()
    assert (s.phase, s.actor) == (BUY_REPUTATION, 2)
    assert legal_texts(s, 2)[-1] == "buy 5"  # 15 GM at 3 GM a point


# ---- descriptions that break an invariant ------------------------------------------------------

REFUSED: list[tuple[str, Callable[[Position], Position], str]] = [
    ("a sixteenth cube", lambda p: p.cube("a2", "gold", 16), "gold cubes: 16 on the board"),
    ("a mine with no cube", lambda p: p.mine("d4", 0), "Red's mine on D4 stands on no commodity"),
    (
        "a mine of the excluded commodity",
        lambda p: p.cube("d4", "diamond").mine("d4", 0),
        "Red's mine on D4 is diamond, which he may not collect",
    ),
    ("a cube on a port", lambda p: p.cube("i4", "gold"), "I4 is a port space"),
    ("a loose rail", lambda p: p.rail("a2-a3"), "A2-A3 touches no other rail"),
    (
        "a sixth mine head",
        lambda p: _mines(p, "a2", "a3", "a5", "a7", "a9", "h6"),
        "Red's mine heads: 6 on the board + -1 in hand",
    ),
    (
        "a truck at a mine under construction",
        lambda p: p.cube("d4", "gold").mine("d4", 0, completed=False).truck(0, "d4").shipping(),
        "Red's truck is on D4, not one of his completed mines",
    ),
    ("an eliminated player in good repute", lambda p: p.eliminated(1), "with 15 reputation"),
    (
        "two cards excluding gold",
        lambda p: p.excluded("gold", "gold", "silver", "copper"),
        "Blue's card 0 does not exclude gold",
    ),
    ("an end before round 6", lambda p: p.end_of_game(), "ended in round 1 with players"),
    (
        "administration before the third shipment",
        lambda p: p.shipped("gold", "walvis").administration(),
        "administration follows 3 shipments; 1 are described",
    ),
    (
        "reputation bought after round 2",
        lambda p: p.round(2).purchasing_reputation(0),
        "reputation bought after round 2",
    ),
    ("rails before the bribe is over", lambda p: p.player(0, rails=2), "Red holds rails"),
    (
        "an abandoned mine with cubes",
        lambda p: p.cube("d4", "gold").abandoned("d4"),
        "an abandoned marker shares its space",
    ),
    ("a price off the index", lambda p: p.market("gold", price=16), "gold price 16 is off"),
    ("cubes in hand after setup", lambda p: p.player(0, hand=["gold"]), "cubes are in hand"),
]


def _mines(p: Position, *spaces: str) -> Position:
    for at in spaces:
        p.cube(at, "gold").mine(at, 0)
    return p


@pytest.mark.parametrize(
    ("broken", "message"), [(f, m) for _, f, m in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_a_broken_description_is_refused_naming_the_invariant(
    broken: Callable[[Position], Position], message: str
) -> None:
    with pytest.raises(InvalidState) as info:
        broken(Position()).build()
    assert any(message in problem for problem in info.value.problems), info.value.problems


def test_words_that_are_not_the_games_are_refused_at_once() -> None:
    p = Position()
    calls: list[tuple[Callable[[], object], str]] = [
        (lambda: p.cube("z9", "gold"), "not a space"),
        (lambda: p.cube("d4", "uranium"), "not a commodity"),
        (lambda: p.rail("a2-a4"), "do not share a side"),
        (lambda: p.rail("i4-i5"), "carries a rail from the start"),
        (lambda: p.shipped("gold", "swakopmund"), "not a port"),
        (lambda: p.construction(0, "dig"), "is not one of"),
        (lambda: p.player(4, money=1), "seat 4"),
        (lambda: p.money(1, 2), "one value per seat"),
    ]
    for call, message in calls:
        with pytest.raises(ValueError, match=message):
            call()
    with pytest.raises(BadConfig):
        Position(players=5)


# ---- validate catches a broken state ------------------------------------------------------------


def built() -> NamibiaState:
    return Position().cube("d4", "gold", 3).mine("d4", seat=0).build()


def problems_of(s: NamibiaState) -> list[str]:
    with pytest.raises(InvalidState) as info:
        validate(s)
    assert str(info.value).startswith("namibia: invalid position: ")
    return info.value.problems


def test_validate_catches_a_cube_that_vanished() -> None:
    s = built()
    s.cube_count[space("D4")] -= 1
    assert problems_of(s) == [
        "gold cubes: 2 on the board + 0 in hands + 12 in the supply, but the game has 15"
    ]


def test_validate_catches_an_extra_rail() -> None:
    s = built()
    s.rails[edge("h4-i5")] = True  # laid, but not taken from the supply
    assert problems_of(s) == ["rails: 1 laid + 0 held + 44 in the supply, but the box has 44"]


def test_validate_catches_an_invalid_phase() -> None:
    s = built()
    s.phase = 99
    assert problems_of(s) == ["phase 99 is not a phase of the game (0..14)"]


def test_validate_catches_a_stale_decision() -> None:
    s = built()
    s.options = s.options[:1]
    assert problems_of(s) == ["the position is stale: recomputing it changes options"]
    s = built()
    s.actor = 2  # Red bids first
    assert problems_of(s) == ["the position is stale: recomputing it changes actor"]


def test_validate_lists_every_broken_invariant() -> None:
    s = built()
    s.reputation[1] = 0
    s.supply_markers = 10
    assert problems_of(s) == [
        "abandoned markers: 0 on the board + 10 in the supply, but the game has 60",
        "Blue has 0 reputation but is still in the game",
    ]


def test_the_game_runs_validate_and_whole_games_pass_it() -> None:
    s = built()
    s.heads[0] = 5
    with pytest.raises(InvalidState, match="Red's mine heads: 1 on the board"):
        GAME.validate(s)
    for players in (3, 4):
        final, _ = random_playout(GAME, GAME.make_config(players), 7)
        assert isinstance(final, NamibiaState)
        GAME.validate(final)
