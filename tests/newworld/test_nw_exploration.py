"""The Exploration version (16) and the Alternate World (17)."""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.newworld import GAME
from meeple.games.newworld.board import load_map
from meeple.games.newworld.positions import new_state
from meeple.games.newworld.rules import exploration, survival
from meeple.games.newworld.rules.exploration import BLANK, CITY2, SITE
from meeple.games.newworld.state import EXPLORE, GOLD_SITE, MOVEMENT, at
from tests.newworld.nw_support import area, texts

WORLD = load_map()
EXPLORING = {"version": "exploration"}


def exploring_state(players: int = 2) -> object:
    return new_state(players, seed=9, options=EXPLORING)


def test_16_2_tiles_are_dealt_face_down_with_nothing_on_them() -> None:
    state = exploring_state()
    assert not any(state.explored)
    assert sum(state.natives) == 0 and sum(state.city_value) == 0
    assert sorted(state.tile_climate) == sorted(a.climate for a in WORLD.areas)
    view = GAME.view(state, 0)
    assert all(a["climate"] is None for a in view["areas"])


def test_16_3_randomizer_cups() -> None:
    state = exploring_state()
    assert state.gold_cup == [16, 20, 1, 1, 1]
    assert state.resource_cup == [6, 20]
    assert state.native_cup == [46, 32] and state.native_reserve == 18


def only(kind: int, count: int = 5) -> list[int]:
    cup = [0, 0, 0, 0, 0]
    cup[kind] = count
    return cup


def test_16_41_two_gold_draws_in_climate_1_and_2_one_elsewhere() -> None:
    state = exploring_state()
    state.gold_cup = only(SITE)
    x, y = area("H"), area("M")
    state.tile_climate[x], state.tile_climate[y] = 2, 4
    exploration.explore(state, x)
    exploration.explore(state, y)
    assert [state.site_kind[2 * x], state.site_kind[2 * x + 1]] == [GOLD_SITE, GOLD_SITE]
    assert [state.site_kind[2 * y], state.site_kind[2 * y + 1]] == [GOLD_SITE, 0]


def test_16_41_a_city_drawn_for_climate_4_is_set_aside_and_returned() -> None:
    state = exploring_state()
    state.gold_cup = [0, 1, 0, 0, 1]  # one blank, the x4 City
    x = area("H")
    state.tile_climate[x] = 4
    state.rng = Rng(1)
    exploration.explore(state, x)
    assert state.city_value[x] == 0
    assert state.gold_cup == [0, 0, 0, 0, 1]  # the blank is gone, the City is back


def test_16_42_a_city_area_gets_twice_its_value_in_natives_from_the_reserve() -> None:
    state = exploring_state()
    state.gold_cup = only(CITY2 + 2, 1)  # the x4 City only
    x = area("N")
    state.tile_climate[x] = 3
    exploration.explore(state, x)
    assert state.city_value[x] == 4 and state.natives[x] == 8
    assert state.native_reserve == 10


def test_16_42_otherwise_three_native_draws() -> None:
    state = exploring_state()
    state.gold_cup = only(BLANK)
    state.native_cup = [3, 0]
    x = area("H")
    state.tile_climate[x] = 5
    exploration.explore(state, x)
    assert state.natives[x] == 3 and state.native_cup == [0, 0]


def test_16_43_a_double_resource_marker_doubles_the_area() -> None:
    state = exploring_state()
    state.gold_cup = only(BLANK)
    state.resource_cup = [1, 0]
    x = area("O")
    exploration.explore(state, x)
    assert state.resources[x] == 2


def test_16_4_occupied_areas_are_explored_after_land_movement() -> None:
    state = exploring_state()
    state.gold_cup = only(SITE)
    x, y = area("H"), area("D")
    state.tile_climate[x] = 4
    state.soldiers[at(1, x)] = 1
    state.soldiers[at(0, x)] = 1
    state.initiative = [1, 0]
    exploration.discover(state)
    assert state.explored[x] and not state.explored[y]
    # 16.411: the first occupant in Initiative order takes the Gold Site
    assert state.site_holder[2 * x] == 1


def test_16_411_a_second_site_goes_to_the_second_occupant() -> None:
    state = exploring_state()
    state.gold_cup = only(SITE)
    x = area("M")
    state.tile_climate[x] = 1
    state.soldiers[at(0, x)] = 1
    state.soldiers[at(1, x)] = 1
    state.initiative = [0, 1]
    state.phase = MOVEMENT  # the end of Land Movement (16.4)
    assert not exploration.discover(state)  # the second occupant "may lay claim"
    assert GAME.to_act(state) == (1,)
    assert [GAME.actions[i].text for i in GAME.legal_actions(state, 1)] == [
        "claim gold site at m",
        "leave gold site at m",
    ]
    assert GAME.legal_actions(state, 0) == []
    GAME.play(state, 1, "claim gold site at m")
    assert [state.site_holder[2 * x], state.site_holder[2 * x + 1]] == [0, 1]
    assert state.phase != MOVEMENT and not state.claim


def test_16_411_the_second_occupant_may_leave_the_second_site() -> None:
    state = exploring_state()
    state.gold_cup = only(SITE)
    x = area("M")
    state.tile_climate[x] = 1
    state.soldiers[at(0, x)] = 1
    state.soldiers[at(1, x)] = 2
    state.initiative = [0, 1]
    state.phase = MOVEMENT  # the end of Land Movement (16.4)
    assert not exploration.discover(state)
    GAME.play(state, 1, "leave gold site at m")
    assert [state.site_holder[2 * x], state.site_holder[2 * x + 1]] == [0, -1]
    assert any("unclaimed (16.411)" in e.text for e in state.log)


def test_16_411_no_question_when_the_first_occupant_takes_both_sites() -> None:
    state = exploring_state()
    state.gold_cup = only(SITE)
    x = area("M")
    state.tile_climate[x] = 1
    state.soldiers[at(0, x)] = 2
    state.soldiers[at(1, x)] = 1
    state.initiative = [0, 1]
    assert exploration.discover(state)
    assert [state.site_holder[2 * x], state.site_holder[2 * x + 1]] == [0, 0]


def test_16_5_optional_setup_lets_each_player_flip_a_coastal_tile() -> None:
    state = new_state(2, seed=4, options={**EXPLORING, "exploration_setup": True})
    GAME.play(state, 0, "take 4 colonists")
    GAME.play(state, 1, "take 4 colonists")
    assert state.phase == EXPLORE and GAME.to_act(state) == (state.leader,)
    assert "explore f" not in texts(state, state.leader)  # F is inland (and unplayable)
    GAME.play(state, state.leader, "explore h")
    assert state.explored[area("H")]
    GAME.play(state, 1 - state.leader, "explore nothing")
    assert GAME.to_act(state) == (0, 1)  # the bids


def test_17_alternate_world_shows_every_playable_area() -> None:
    state = new_state(4, seed=2, options={"version": "alternate"})
    assert all(state.explored[a] == state.playable[a] for a in range(26))
    assert sum(state.city_value) > 0 or sum(state.natives) > 0


def test_determinize_redeals_face_down_tiles_only() -> None:
    state = exploring_state()
    exploration.explore(state, area("H"))
    climates = set()
    for seed in range(8):
        twin = GAME.determinize(state, 0, Rng(seed))
        assert GAME.view(twin, 0) == GAME.view(state, 0)
        assert twin.tile_climate[area("H")] == state.tile_climate[area("H")]
        climates.add(tuple(twin.tile_climate))
    assert len(climates) > 1


def test_16_survival_uses_the_tile_climate() -> None:
    state = exploring_state()
    x = area("H")
    state.explored[x] = True
    state.tile_climate[x] = 5
    assert survival.survival_bonus(state, 0, x) == 0
