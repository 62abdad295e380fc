"""The reconstructed map: every constraint the rulebook fixes, one test each,
and the validator refusing data that breaks them."""

from __future__ import annotations

import re

import pytest

from meeple.engine.provenance import read_provenance
from meeple.games.newworld.board import (
    CITY_VALUES,
    MapDataError,
    build_map,
    load_map,
)
from meeple.games.newworld.rules.naval import coastal_dice
from tests.newworld.nw_support import map_document

WORLD = load_map()


def letters(word: str) -> list[int]:
    return [WORLD.area(x).index for x in word]


def test_2_2_twenty_six_areas_lettered_a_to_z() -> None:
    assert "".join(a.letter for a in WORLD.areas) == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@pytest.mark.parametrize("pair", ["JM", "KM"])
def test_2_2_and_8_22_no_land_movement_between_these_neighbouring_hexes(pair: str) -> None:
    a, b = letters(pair)
    assert b in WORLD.hex_neighbors(a)
    assert b not in WORLD.areas[a].land and a not in WORLD.areas[b].land


def test_8_22_d_borders_h_by_land() -> None:
    d, h = letters("DH")
    assert h in WORLD.areas[d].land and d in WORLD.areas[h].land


@pytest.mark.parametrize(
    ("letter", "zone"), [("C", 4), ("M", 4), ("R", 4), ("H", 3), ("O", 3), ("X", 5)]
)
def test_6_22_and_18_3_sea_zones_of_the_examples(letter: str, zone: int) -> None:
    area = WORLD.area(letter)
    assert area.coastal
    assert WORLD.sea_of(area.index).number == zone


def test_6_3_coastal_dice_of_the_example() -> None:
    """H to M: one die for setting sail and one for the line into Zone 4; H to O:
    one die; H to V: seven (six lines, three of them between Zones 6 and 9)."""
    h, m, o, v = letters("HMOV")
    assert coastal_dice(WORLD, h, m) == 2
    assert coastal_dice(WORLD, h, o) == 1
    assert coastal_dice(WORLD, h, v) == 7
    six, nine = (next(z.index for z in WORLD.seas if z.number == n) for n in (6, 9))
    assert WORLD.lines[six][nine] == 3


def test_18_2_sea_zone_numbers() -> None:
    assert sorted({z.number for z in WORLD.seas}) == [3, 4, 5, 6, 9, 10, 11]


def test_2_26_three_cities_in_climate_1_to_3_with_twice_their_value_in_natives() -> None:
    cities = [a for a in WORLD.areas if a.city]
    assert sorted(a.city for a in cities) == list(CITY_VALUES)
    assert all(a.climate <= 3 and a.natives == 2 * a.city for a in cities)


def test_16_3_component_counts() -> None:
    assert sum(a.gold_sites for a in WORLD.areas) == 16
    assert all(a.gold_sites <= 2 for a in WORLD.areas)
    assert sum(1 for a in WORLD.areas if a.resources == 2) == 6
    assert sum(a.natives for a in WORLD.areas) <= 64


def test_2_21_climates_one_to_five() -> None:
    assert {a.climate for a in WORLD.areas} == {1, 2, 3, 4, 5}


@pytest.mark.parametrize("players", range(2, 7))
def test_3_1_unplayable_areas_display_leaves_a_landfall_for_everyone(players: int) -> None:
    playable = WORLD.playable(players)
    coastal = [a for a in WORLD.areas if a.coastal and playable[a.index]]
    assert len(coastal) >= players
    assert sum(playable) == 26 if players == 6 else sum(playable) < 26


def test_3_1_fewer_players_play_on_a_subset_of_the_larger_map() -> None:
    for players in range(2, 6):
        small, large = WORLD.playable(players), WORLD.playable(players + 1)
        assert all(large[i] for i in range(26) if small[i])


def test_land_connections_are_symmetric_and_between_touching_hexes() -> None:
    for area in WORLD.areas:
        for other in area.land:
            assert area.index in WORLD.areas[other].land
            assert other in WORLD.hex_neighbors(area.index)


def test_the_data_file_is_marked_reconstructed() -> None:
    origin = read_provenance(map_document(), "map.json", MapDataError)
    assert origin.kind == "reconstructed"
    assert any("16 Gold Site markers" in fact for fact in origin.notes)


@pytest.mark.parametrize(
    ("provenance", "says"),
    [
        ("RECONSTRUCTED", "must be an object"),
        ({"kind": "guessed", "source": "us"}, "kind 'guessed'"),
        ({"kind": "printed", "source": " "}, "needs a 'source'"),
        ({"kind": "printed", "source": "the box", "notes": [1]}, "notes must be"),
        ({"kind": "printed", "source": "the box", "printed": []}, "unknown provenance"),
    ],
)
def test_a_malformed_provenance_is_refused(provenance: object, says: str) -> None:
    doc = {**map_document(), "provenance": provenance}
    with pytest.raises(MapDataError, match=re.escape(says)):
        build_map(doc)


def _broken(change: str) -> dict[str, object]:
    doc = map_document()
    areas = {a["letter"]: a for a in doc["areas"]}
    if change == "land J-M":
        areas["J"]["land"].append("M")
        areas["M"]["land"].append("J")
    elif change == "no D-H":
        areas["D"]["land"].remove("H")
        areas["H"]["land"].remove("D")
    elif change == "X in zone 6":
        areas["X"]["anchorage"] = "6"
    elif change == "two x4 cities":
        areas["T"]["city"] = 4
        areas["T"]["natives"] = 8
    elif change == "17 gold sites":
        areas["B"]["gold_sites"] = 1
    elif change == "one-way land":
        areas["A"]["land"].remove("B")
    elif change == "zones 6-9 one line":
        doc["sea_lines"] = [
            [a, b, 1 if (a, b) == ("6", "9") else n] for a, b, n in doc["sea_lines"]
        ]
    return doc


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("land J-M", "J and M touch without a land connection"),
        ("no D-H", "D borders H"),
        ("X in zone 6", "Area X lies in Sea Zone 5"),
        ("two x4 cities", "three Cities"),
        ("17 gold sites", "16 Gold Site markers"),
        ("one-way land", "one-way"),
        ("zones 6-9 one line", "H to V crosses 6"),
    ],
)
def test_the_validator_names_the_broken_constraint(change: str, words: str) -> None:
    with pytest.raises(MapDataError, match=words):
        build_map(_broken(change))
