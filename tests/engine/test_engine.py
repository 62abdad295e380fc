"""The engine contract on its own, with a toy game: records, undo, errors, snapshots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple.engine import (
    ActionSpace,
    BadConfig,
    BadRecord,
    GameConfig,
    GameRecord,
    IllegalAction,
    NotYourTurn,
    OptionSpec,
    Rng,
    UnknownAction,
    rank_by,
    replay,
    start_record,
    undo_point,
    verify,
)
from meeple.engine.conformance import check_random_game
from tests.engine.toy import ToyGame

GAME = ToyGame()


def test_rng_is_deterministic_uniform_and_clonable() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    twin = a.clone()
    assert twin.next_u64() == a.next_u64()
    counts = [0] * 4
    rng = Rng(1)
    for _ in range(4000):
        counts[rng.below(4)] += 1
    assert all(900 < c < 1100 for c in counts)
    items = list(range(10))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
    with pytest.raises(ValueError):
        rng.below(0)


def test_action_space_round_trips_and_refuses_duplicates() -> None:
    space = ActionSpace([("go", (1,), "Go North"), ("go", (2,), "go south")])
    assert space.parse("  GO   north ").index == 0
    assert space.find("go", 2).text == "go south"
    with pytest.raises(UnknownAction, match="not an action"):
        space.parse("fly")
    with pytest.raises(ValueError, match="duplicate"):
        ActionSpace([("a", (), "x"), ("b", (), "X")])


def test_config_validation_names_the_problem() -> None:
    with pytest.raises(BadConfig, match="2 to 2 players, not 3"):
        GAME.make_config(3)
    with pytest.raises(BadConfig, match="unknown option"):
        GAME.make_config(2, {"speed": 1})
    spec = OptionSpec("minutes", 8, "time limit", choices=(4, 8))
    assert spec.check(4) == 4
    with pytest.raises(BadConfig, match="one of"):
        spec.check(5)
    with pytest.raises(BadConfig, match="takes a int"):
        spec.check("8")
    assert GameConfig.from_json(GameConfig(2, {"a": 1}).to_json()) == GameConfig(2, {"a": 1})


def test_simultaneous_toy_game_passes_the_conformance_battery() -> None:
    for seed in range(20):
        check_random_game(GAME, GAME.make_config(2), seed)


def test_checked_path_refuses_without_changing_anything() -> None:
    state = GAME.new_game(GAME.make_config(2), 1)
    GAME.play(state, 0, "pick 1")
    before = state.clone()
    with pytest.raises(NotYourTurn, match="waiting for South"):
        GAME.play(state, 0, "pick 2")
    with pytest.raises(UnknownAction):
        GAME.play(state, 1, "pick 7")
    assert state == before


def test_record_round_trip_and_replay_errors(tmp_path: Path) -> None:
    state = GAME.new_game(GAME.make_config(2), 9)
    record = start_record(GAME, state.config, 9)
    for seat, text in [(0, "pick 2"), (1, "pick 0"), (1, "pick 1"), (0, "pick 1")]:
        GAME.play(state, seat, text)
        record.moves.append((seat, text))
    path = tmp_path / "toy.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert replay(GAME, loaded) == state
    bad = GameRecord.from_json({**record.to_json(), "moves": [[0, "pick 2"], [0, "pick 1"]]})
    with pytest.raises(BadRecord, match="move 2"):
        replay(GAME, bad)
    other = GameRecord.from_json({**record.to_json(), "rules_version": "toy-0"})
    with pytest.raises(BadRecord, match="rules version"):
        replay(GAME, other)
    with pytest.raises(BadRecord, match="not a game record"):
        GameRecord.from_json({"game": "toy"})
    path.write_text("{not json")
    with pytest.raises(BadRecord, match="cannot read"):
        GameRecord.load(path)
    claimed = GameRecord.from_json({**record.to_json(), "result": {"scores": [9, 9]}})
    with pytest.raises(BadRecord, match="do not finish"):
        verify(GAME, claimed)


def test_undo_is_refused_after_a_reveal_and_after_others_acted() -> None:
    state = GAME.new_game(GAME.make_config(2), 5)
    record = start_record(GAME, state.config, 5)

    def move(seat: int, text: str) -> None:
        GAME.play(state, seat, text)
        record.moves.append((seat, text))

    assert undo_point(GAME, record, 0, others_may_follow=True) is None  # nothing to undo
    move(0, "pick 2")
    assert undo_point(GAME, record, 0, others_may_follow=False) == 0
    move(1, "pick 1")  # completes the round: the coin is revealed
    assert undo_point(GAME, record, 0, others_may_follow=True) is None
    assert undo_point(GAME, record, 1, others_may_follow=True) is None
    move(1, "pick 0")
    move(0, "pick 0")  # reveal again
    move(0, "pick 1")
    assert undo_point(GAME, record, 0, others_may_follow=False) == 4


def test_snapshot_restores_an_equal_state_and_checks_its_origin() -> None:
    state = GAME.new_game(GAME.make_config(2), 3)
    GAME.play(state, 0, "pick 1")
    data = json.loads(json.dumps(GAME.snapshot(state)))
    assert GAME.restore(data) == state
    with pytest.raises(BadConfig, match="snapshot is of"):
        GAME.restore({**data, "game": "chess"})


def test_ranks_share_ties() -> None:
    assert rank_by([(3,), (5,), (3,), (1,)]) == (2, 1, 2, 4)


def test_private_events_are_only_seen_by_their_seat() -> None:
    state = GAME.new_game(GAME.make_config(2), 3)
    GAME.play(state, 0, "pick 1")
    assert [e.text for e in GAME.events(state, 0)] == ["you pick 1"]
    assert GAME.events(state, 1) == [] and GAME.events(state, None) == []
    with pytest.raises(IllegalAction):
        GAME.play(state, 5, "pick 1")
