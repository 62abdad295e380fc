"""The Game Board and the player summary cards: the reconstructed data meets every
constraint the rulebook states, and load-time validation refuses data that breaks one."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from meeple.engine.provenance import read_provenance
from meeple.games.namibia.board import (
    BOARD,
    COMMODITIES,
    EXPANSION,
    LAND,
    PORT,
    BoardDataError,
    assemble_board,
    build_board,
    data_provenance,
    railable_edges,
    stranded_spaces,
)
from meeple.games.namibia.game import NamibiaGame
from tests.namibia.crowding import measure, random_chooser
from tests.namibia.helpers import new_game


def data(name: str) -> dict[str, Any]:
    text = resources.files("meeple.games.namibia").joinpath("data", name).read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def board_with(**changes: Any) -> dict[str, Any]:
    board = copy.deepcopy(data("board.json"))
    board.update(changes)
    return board


# The board of rules version namibia-1: its one-space-wide Caprivi strip (B10-B13)
# and its north-western corner (A1) could never be joined to a port by rail.
STRANDING_MAP = [
    ".........----",
    "-.I........X.",
    "-P..E....----",
    "-........----",
    "--....I..----",
    "---.X....----",
    "---P....-----",
    "---.I...-----",
    "----..X.-----",
    "---P....-----",
    "----....-----",
    "-----.I.-----",
    "-----P..-----",
    "-----...-----",
]
STRANDING = board_with(
    map=STRANDING_MAP,
    ports={
        "C2": {"key": "mowe", "name": "Möwe Bay"},
        "G4": {"key": "walvis", "name": "Walvis Bay"},
        "J4": {"key": "luderitz", "name": "Lüderitz"},
        "M6": {"key": "oranjemund", "name": "Oranjemund"},
    },
    etosha_rails=[["C5", "B5"], ["C5", "C6"]],
)


def test_the_board_has_the_spaces_the_rulebook_names() -> None:
    """The Game Board: four ports (one of them Lüderitz), three possible-expansion
    spaces, all remaining spaces for mining; Getting Started: four initial placement
    spaces; the three-player game's Etosha National Park space."""
    kinds = BOARD.kinds
    assert kinds.count(PORT) == 4 and kinds.count(EXPANSION) == 3
    assert "Lüderitz" in BOARD.port_names
    assert len(BOARD.initial_spaces) == 4
    assert all(kinds[i] == LAND for i in (*BOARD.initial_spaces, BOARD.etosha))
    assert BOARD.etosha not in BOARD.initial_spaces
    mining = kinds.count(LAND)
    assert mining == len(BOARD.labels) - 7 == 47


def test_each_port_starts_with_rails_along_its_three_land_facing_sides() -> None:
    """Getting Started: "port spaces start the game with pre-built rails along their
    land facing sides"; 2.4: the port in the example has three pre-printed rail links."""
    for port in BOARD.ports:
        sides = {e for e in BOARD.preprinted_rails if port in BOARD.edges[e]}
        assert len(sides) == 3
        assert all(BOARD.kinds[n] == LAND for n in BOARD.neighbors[port])
    assert len(BOARD.preprinted_rails) == 12


def test_every_side_of_the_board_can_take_a_rail_that_reaches_a_port() -> None:
    """2.4 Place Rails: a rail lies along the side of two spaces and must connect to an
    existing rail. On this board every such side can be reached from a port's
    pre-printed rails, so no mining space is cut off from the ports."""
    assert railable_edges(BOARD) == frozenset(range(len(BOARD.edges)))
    assert stranded_spaces(BOARD) == ()


def test_a_board_that_strands_mining_spaces_is_refused_at_load() -> None:
    """A mine on a space that rail can never reach ships one cube a round at most (by
    truck): load-time validation names the stranded spaces."""
    with pytest.raises(BoardDataError, match=r"stranded: A1, B10, B11, B13$"):
        build_board(STRANDING, data("cards.json"))


def test_the_sides_of_a_strip_one_space_wide_can_never_take_a_rail() -> None:
    """Why those spaces are stranded: the side between two spaces of a strip one space
    wide touches no other side at either end, so no rail can ever connect to it."""
    old = assemble_board(STRANDING, data("cards.json"))
    dead = {old.edge_label(e) for e in set(range(len(old.edges))) - railable_edges(old)}
    assert dead == {"A1-A2", "B9-B10", "B10-B11", "B11-B12", "B12-B13"}
    assert [old.labels[i] for i in stranded_spaces(old)] == ["A1", "B10", "B11", "B13"]


def test_a_spur_added_to_the_board_is_refused() -> None:
    """A mining space added east of A9 touches only A9: their side meets no other
    side, so the new space A10 is stranded."""
    rows = list(data("board.json")["map"])
    rows[0] = rows[0][:9] + "."
    with pytest.raises(BoardDataError, match=r"stranded: A10$"):
        build_board(board_with(map=rows), data("cards.json"))


def test_setup_cubes_likely_need_adjacent_spaces_towards_the_end() -> None:
    """Getting Started: "where possible, cubes must not be placed on a space adjacent to
    another cube, although note that cubes will likely need to be placed in adjacent
    spaces towards the end of this process". In most four-player setups a cube has to
    go next to another cube, and only in the last placements."""
    four = measure(4, 96, random_chooser)
    assert four.share > 0.6
    assert min(four.first_forced) >= 9  # of 12 placements: towards the end
    three = measure(3, 96, random_chooser)  # 13 cubes instead of 16: seldom
    assert three.share < four.share


def test_each_side_of_the_cards_bars_each_commodity_to_one_card() -> None:
    """Getting Started: the top of each card shows the one commodity its holder cannot
    collect. On each side (four players, three players) the four cards exclude four
    different commodities."""
    for players in (3, 4):
        assert sorted(BOARD.card_excludes[players]) == [0, 1, 2, 3]


def test_the_three_player_sides_differ_from_the_four_player_sides() -> None:
    """Rules Changes for a Three Player Game: "Use the side of the player summary card
    which shows three people symbols". Our reconstruction prints a different
    commodity on it: the other one of the same pair (diamond-gold, silver-copper)."""
    four, three = BOARD.card_excludes[4], BOARD.card_excludes[3]
    pairs = {frozenset({"diamond", "gold"}), frozenset({"silver", "copper"})}
    for a, b in zip(four, three, strict=True):
        assert a != b
        assert frozenset({COMMODITIES[a], COMMODITIES[b]}) in pairs


def test_a_three_player_game_deals_the_three_player_sides() -> None:
    for seed in range(8):
        s = new_game(3, seed)
        assert [s.excluded[p] for p in range(3)] == [
            BOARD.card_excludes[3][s.card[p] - 1] for p in range(3)
        ]
        assert len(set(s.excluded[:3])) == 3


def test_card_data_must_name_commodities() -> None:
    cards = copy.deepcopy(data("cards.json"))
    cards["cards"][0]["three_players_excludes"] = "uranium"
    with pytest.raises(BoardDataError, match="three_players_excludes must name a commodity"):
        build_board(data("board.json"), cards)


def test_every_data_file_says_it_is_reconstructed_and_the_game_says_so() -> None:
    kinds = {name: p.kind for name, p in data_provenance().items()}
    assert kinds == {"board.json": "reconstructed", "cards.json": "reconstructed"}
    assert "reconstructed" in NamibiaGame.reconstructed
    assert all(not p.source.startswith("RECONSTRUCTED") for p in data_provenance().values())


@pytest.mark.parametrize(
    ("provenance", "refusal"),
    [
        (None, "'provenance' must be an object"),
        ("RECONSTRUCTED", "'provenance' must be an object"),
        ({"kind": "guessed", "source": "us"}, "provenance kind 'guessed'"),
        ({"kind": "printed", "source": " "}, "needs a 'source'"),
        ({"kind": "printed", "source": "box", "notes": "one"}, "notes must be a list"),
        ({"kind": "printed", "source": "box", "printed": True}, "unknown provenance fields"),
    ],
)
def test_a_data_file_without_one_well_formed_provenance_is_refused(
    provenance: object, refusal: str
) -> None:
    document = board_with(provenance=provenance)
    with pytest.raises(BoardDataError, match=refusal):
        read_provenance(document, "board.json", BoardDataError)
