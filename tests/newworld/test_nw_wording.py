"""The buttons' words for New World's decisions (``label`` in
meeple/games/newworld/controls.py): every action of the fixed space has one,
distinct from every other's, naming Areas as the map and the log do ("G
(California)") and counting in the rulebook's words."""

from __future__ import annotations

import re

from meeple.engine import Presentation
from meeple.engine.config import GameConfig
from meeple.engine.registry import get_game
from meeple.games.newworld.actions import SPACE
from meeple.games.newworld.controls import label, labels


def test_every_action_has_its_own_label() -> None:
    words = [label(action) for action in SPACE]
    assert len(set(words)) == len(words), "two decisions would show the same button"


def test_labels_name_areas_and_count_in_the_rulebooks_words() -> None:
    assert labels(["move 1 soldiers l g", "move 3 colonists l g"]) == {
        "move 1 soldiers l g": "move 1 Soldier from L (Texas) to G (California)",
        "move 3 colonists l g": "move 3 Colonists from L (Texas) to G (California)",
    }
    assert labels(["attack france at g with 2"]) == {
        "attack france at g with 2": "attack France at G (California) with 2 Soldiers"
    }
    assert labels(["load ship with 1 soldiers, 0 colonists, 2 bars"]) == {
        "load ship with 1 soldiers, 0 colonists, 2 bars": "load a Ship with 1 Soldier, 2 Gold Bars"
    }
    assert labels(["bid 3", "take 4 colonists", "lose embarked colonist"]) == {
        "bid 3": "bid $3",
        "take 4 colonists": "take 4 Colonists",
        "lose embarked colonist": "lose an embarked Colonist",
    }


def test_no_label_shows_an_area_as_a_bare_letter() -> None:
    for action in SPACE:
        words = label(action)
        bare = re.findall(r"(?<![\w$(])[a-z](?![\w)])", words)
        assert not bare or bare == ["a"] * len(bare), (action.text, words)
        assert not re.search(r"\b1 \w+s\b", words), words


def test_the_table_gets_labels_for_new_world_only() -> None:
    game = get_game("newworld")
    state = game.new_game(GameConfig(4, {}), 1)
    seat = game.to_act(state)[0]
    legal = [a.text for a in game.legal(state, seat)]
    given = game.presentation().action_labels(game.view(state, seat), legal)
    assert set(given) == set(legal)
    assert Presentation().action_labels({}, legal) == {}
