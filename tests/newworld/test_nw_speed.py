"""The speed work's shortcuts give what the plain code gives (nw-speed's tests)."""

from __future__ import annotations

import json

import pytest

from meeple.engine import Rng
from meeple.engine.state import encode
from meeple.games.newworld import GAME
from meeple.games.newworld.actions import LAND, SPACE
from meeple.games.newworld.rules import planning
from meeple.games.newworld.rules.apply import to_act
from meeple.games.newworld.rules.chance import roll_dice
from meeple.games.newworld.state import PLANNING, STEP_NEXT, STEP_SEALED, NewWorldState
from meeple.games.newworld.texts import die


def _state(players: int = 4, seed: int = 1) -> NewWorldState:
    return GAME.new_game(GAME.make_config(players), seed)


def test_several_dice_are_the_draws_of_as_many_single_dice() -> None:
    for seed in range(40):
        for count in (0, 1, 3, 9):
            one, other = _state(seed=seed), _state(seed=seed)
            assert roll_dice(one, count) == [die(other) for _ in range(count)]
            assert one.rng.state == other.rng.state  # the same draws consumed


def test_several_dice_from_a_stand_in_generator_are_drawn_one_by_one() -> None:
    state = _state()
    state.rng = _Faces(3, 1, 6)  # type: ignore[assignment]
    assert roll_dice(state, 3) == [3, 1, 6]


class _Faces:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def next_u64(self) -> int:
        return self.faces.pop(0) - 1


def test_the_player_count_is_kept_through_clone_and_snapshot() -> None:
    for players in range(2, 7):
        state = _state(players)
        restored = GAME.restore(json.loads(json.dumps(GAME.snapshot(state))))
        assert state.players == state.clone().players == restored.players == players


def test_planning_to_act_is_every_seat_whose_sheet_is_open() -> None:
    state = _state(5)
    state.phase = PLANNING
    state.plan_step = [0, 0, 0, 0, 0]
    assert to_act(state) == (0, 1, 2, 3, 4)
    state.plan_step = [STEP_SEALED, 0, STEP_SEALED, 3, 0]
    assert to_act(state) == (1, 3, 4)


def test_5_4_subsequent_landings_offered_at_coastal_areas_in_play_not_yet_written() -> None:
    state = _state()
    state.turn = 2
    coastal = planning.coastal_playable(state)
    state.plan_step[0] = STEP_NEXT
    state.plan_landings[0] = [coastal[0], 1, 0]
    offered = [SPACE[i].text for i in planning.plan_actions(state, 0)]
    assert offered == [SPACE[LAND[a]].text for a in coastal[1:]] + ["seal plan"]
    # the same Landings written, another set of Areas in play: offers follow the map
    state.playable[coastal[1]] = False
    offered = [SPACE[i].text for i in planning.plan_actions(state, 0)]
    assert SPACE[LAND[coastal[1]]].text not in offered
    assert len(offered) == len(coastal) - 1


def test_5_1_and_5_2_the_log_words_written_when_read() -> None:
    state = _state(2, seed=3)
    state.rng = Rng(11)
    first_die = Rng(11).below(6) + 1
    GAME.apply(state, 0, SPACE.index("take"))
    GAME.apply(state, 1, SPACE.index("roll"))
    words = [event.text for event in state.log if event.kind == "colonists"]
    assert words == [
        "England takes four Colonists",
        f"France rolls {first_die}: receives {max(3, first_die)} Colonists",
    ]
    text = planning.sheet_text(0, 2, 1, 3, (4, 2, 1, 7, 0, 3), 1, 1)
    assert text == (
        "England seals its sheet: maintain 2, build 1, buy 3; landings: E: 2 Soldiers"
        " and 1 Colonist; H: 3 Colonists; 1 Ship devoted to Piracy against France"
    )


def _played(decisions: int, players: int = 4, seed: int = 5) -> NewWorldState:
    state = _state(players, seed)
    rng = Rng(seed)
    for _ in range(decisions):
        if GAME.is_over(state):
            break
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def test_the_snapshot_writes_the_log_as_rows_and_restores_an_equal_state() -> None:
    state = _played(300)
    data = json.loads(json.dumps(GAME.snapshot(state)))
    rows = data["fields"]["log"]
    assert len(rows) == len(state.log)
    assert rows[0] == [
        state.log[0].kind,
        state.log[0].text,
        state.log[0].data,
        state.log[0].private_to,
        state.log[0].reveals,
    ]
    assert GAME.restore(data) == state


def test_a_snapshot_log_in_the_engine_form_is_read_too() -> None:
    state = _played(120)
    data = json.loads(json.dumps(GAME.snapshot(state)))
    data["fields"]["log"] = [encode(event) for event in state.log]
    assert GAME.restore(data) == state


def test_a_malformed_snapshot_log_row_is_refused_saying_what_a_row_is() -> None:
    data = json.loads(json.dumps(GAME.snapshot(_state())))
    data["fields"]["log"] = [["turn", "Game Turn 1"]]
    with pytest.raises(ValueError, match=r"\[kind, text, data, private_to, reveals\]"):
        GAME.restore(data)
