"""Land movement details: embarkation, gold movement and unattended gold, markers,
and the position checks."""

from __future__ import annotations

import pytest

from meeple.engine import InvalidState
from meeple.games.newworld import GAME
from meeple.games.newworld.positions import validate
from meeple.games.newworld.state import MINE, at
from tests.newworld.nw_support import area, movement_position, texts


def test_8_21_units_and_gold_embark_before_moving_never_after() -> None:
    state = movement_position(order=(0, 1))
    h, d = area("H"), area("D")
    state.soldiers[at(0, h)] = 2
    state.gold[at(0, h)] = 1
    state.soldiers[at(0, d)] = 1
    assert {"embark soldier h", "embark gold h"} <= texts(state, 0)
    GAME.play(state, 0, "move 1 soldiers d h")
    GAME.play(state, 0, "embark soldier h")  # one of the two that did not move
    GAME.play(state, 0, "embark soldier h")
    assert "embark soldier h" not in texts(state, 0)  # the newcomer may not
    assert state.emb_soldiers[at(0, h)] == 2 and state.soldiers[at(0, h)] == 1


def test_8_223_gold_moves_one_area_along_personnel_and_not_out_to_sea_the_same_turn() -> None:
    state = movement_position(order=(0, 1))
    h, o = area("H"), area("O")
    state.colonists[at(0, h)] = 1
    state.gold[at(0, h)] = 1
    assert "carry gold h o" not in texts(state, 0)  # no Personnel of his in O
    GAME.play(state, 0, "move 1 colonists h o")
    GAME.play(state, 0, "carry gold h o")
    assert state.gold[at(0, o)] == 1
    assert "carry gold o k" not in texts(state, 0)
    assert "embark gold o" not in texts(state, 0)


def test_8_223_gold_left_alone_is_unattended_and_the_first_to_reach_it_takes_it() -> None:
    state = movement_position(order=(0, 1))
    h, o = area("H"), area("O")
    state.colonists[at(0, h)] = 1
    state.gold[at(0, h)] = 2
    state.soldiers[at(1, o)] = 1
    GAME.play(state, 0, "move 1 colonists h o")
    GAME.play(state, 0, "end movement")
    assert state.loose_gold[h] == 2
    GAME.play(state, 1, "move 1 soldiers o h")
    assert state.gold[at(1, h)] == 2 and state.loose_gold[h] == 0


def test_8_221_only_a_colonist_mines_and_only_an_unoccupied_mine() -> None:
    state = movement_position(order=(0, 1))
    n = area("N")
    state.site_kind[2 * n] = MINE
    state.soldiers[at(0, n)] = 1
    assert "mine n" not in texts(state, 0)
    state.colonists[at(0, n)] = 1
    GAME.play(state, 0, "mine n")
    assert state.site_holder[2 * n] == 0
    assert "mine n" not in texts(state, 0)


def test_8_222_no_looting_while_natives_remain() -> None:
    state = movement_position(order=(0, 1))
    j = area("J")
    state.soldiers[at(0, j)] = 3
    assert state.natives[j] > 0
    assert "loot j" not in texts(state, 0)


def test_3_1_no_unit_enters_an_unplayable_area() -> None:
    state = movement_position(order=(0, 1))  # two players: F is covered
    state.soldiers[at(0, area("H"))] = 1
    assert not any(t.endswith(" h f") for t in texts(state, 0))


def test_validate_names_broken_conservation() -> None:
    state = movement_position()
    state.soldiers[at(0, area("H"))] = 25
    with pytest.raises(InvalidState, match="more than 24 Soldiers"):
        validate(state)
    state = movement_position()
    state.site_holder[2 * area("H")] = 0  # H has no Gold marker
    with pytest.raises(InvalidState, match="removed marker has a holder"):
        validate(state)


def test_render_text_speaks_the_games_words() -> None:
    state = movement_position()
    state.soldiers[at(0, area("H"))] = 3
    text = GAME.render_text(GAME.view(state, 0))
    assert "H Virginia" in text and "England: 3 Soldiers, 0 Colonists" in text
    assert "cash secret" in text  # France's cash, seen by England (13.3)
