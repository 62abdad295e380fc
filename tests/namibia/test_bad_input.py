"""Bad input through the checked path: a clear error naming the rule, nothing changed."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction, NotYourTurn, UnknownAction
from meeple.games.namibia import GAME
from meeple.games.namibia.state import NamibiaState
from tests.namibia.helpers import new_game


def test_unknown_text_is_refused_with_a_hint() -> None:
    s = new_game()
    before = s.clone()
    with pytest.raises(UnknownAction, match="not an action of this game"):
        GAME.play(s, s.actor, "build a castle")
    assert s == before


def test_acting_out_of_turn_names_who_must_act() -> None:
    s = new_game()
    other = (s.actor + 1) % 4
    before = s.clone()
    with pytest.raises(NotYourTurn, match="waiting for"):
        GAME.play(s, other, GAME.legal(s, s.actor)[0].text)
    assert s == before


def test_an_action_of_another_phase_says_what_is_expected() -> None:
    s = new_game()
    before = s.clone()
    with pytest.raises(IllegalAction, match=r"place <commodity> <space>") as info:
        GAME.play(s, s.actor, "bid 3")
    assert info.value.rule == "Getting Started"
    assert s == before


def test_seat_and_index_out_of_range() -> None:
    s = new_game()
    before = s.clone()
    with pytest.raises(IllegalAction, match="does not exist"):
        GAME.play(s, 7, "pass")
    with pytest.raises(UnknownAction, match="outside"):
        GAME.play(s, s.actor, 10**6)
    assert s == before


def test_no_action_after_the_end() -> None:
    from meeple.engine.conformance import random_playout

    s, _ = random_playout(GAME, GAME.make_config(4), 3)
    assert isinstance(s, NamibiaState)
    with pytest.raises(IllegalAction, match="game is over"):
        GAME.play(s, 0, "pass")


def test_text_forms_are_forgiving_about_case_and_spaces() -> None:
    s = new_game()
    text = GAME.legal(s, s.actor)[0].text
    GAME.play(s, s.actor, "  " + text.upper().replace(" ", "   ") + " ")
    assert s.version == 1
