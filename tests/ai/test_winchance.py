"""The calibrated win chances the search reads at a rollout's cut-off (meeple.ai.winchance;
docs/review.md, "Win chances")."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from meeple.ai.knowledge import knowledge_for
from meeple.ai.winchance import (
    CalibratedKnowledge,
    WinChanceError,
    estimate,
    load_model,
    model_path,
    parse_model,
)
from meeple.engine import Game, GameState, Rng, get_game
from meeple.review.selfplay import figures, play_game, stage_of

GAMES = ("namibia", "mombasa", "newworld", "africa1880")


def shipped(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(model_path(get_game(name)).read_text(encoding="utf-8"))
    return document


def size_of(game: Game[Any]) -> Any:
    encoding = game.encoding()
    assert encoding is not None
    return lambda players: encoding.size(game.make_config(players))


def position(game: Game[Any], seed: int, steps: int) -> GameState:
    """A position ``steps`` random decisions into a seeded game."""
    state: GameState = game.new_game(game.make_config(4), seed)
    rng = Rng(seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_every_game_ships_a_derived_model_for_four_players(name: str) -> None:
    game = get_game(name)
    model = load_model(game)
    assert model is not None
    seats = model.for_players(4)
    assert seats is not None and seats.size == size_of(game)(4)
    assert shipped(name)["provenance"]["kind"] == "derived"
    assert "meeple.review.train_winchance" in model.source
    assert isinstance(knowledge_for(game), CalibratedKnowledge)


def broken(name: str, change: Any) -> dict[str, Any]:
    document = copy.deepcopy(shipped(name))
    change(document)
    return document


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("provenance"), "provenance"),
        (lambda d: d["provenance"].update(kind="printed"), "derived"),
        (lambda d: d["provenance"].update(source=" "), "source"),
        (lambda d: d.update(game="mombasa"), "made for game"),
        (lambda d: d["models"]["4"].update(size=12), "retrain"),
        (lambda d: d["models"]["4"].update(bias=[0.0, 0.0]), "outcomes"),
        (lambda d: d["models"]["4"]["weights"][0].append(0.5), "weight row"),
        (lambda d: d["models"]["4"]["places"].append(10**6), "places"),
        (lambda d: d["models"]["4"]["bias"].__setitem__(0, "x"), "finite numbers"),
        (lambda d: d.update(models={}), "player counts"),
        (lambda d: d["models"]["4"].update(judged="yes"), "judged"),
    ],
)
def test_a_bad_model_file_is_refused_with_a_reason(change: Any, words: str) -> None:
    game = get_game("africa1880")
    with pytest.raises(WinChanceError, match=words):
        parse_model(broken("africa1880", change), "winchance.json", "africa1880", size_of(game))


def test_a_file_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(WinChanceError, match="not a JSON object"):
        parse_model([], "winchance.json", "namibia", size_of(get_game("namibia")))


# Mombasa's own evaluation (an input of its model) weighs a planned card apart from
# a card in hand, and the others' face-down plans are hidden while planning: there
# only the encoded view is checked (the search judges determinized samples, so the
# true plans never reach it).
OWN_EVALUATION_READS_PLANS = {"mombasa"}


def observation(game: Game[Any], state: GameState, seat: int) -> list[float]:
    encoding = game.encoding()
    assert encoding is not None
    return list(encoding.encode(game.view(state, seat), state.config))


@pytest.mark.parametrize("name", GAMES)
def test_the_estimate_is_a_distribution_read_from_the_seats_view_only(name: str) -> None:
    """Two states that differ only in what ``seat`` cannot see (determinized for it
    with different generators: others' hidden cards, the decks' order) give ``seat``
    the same chances; the chances lie in [0, 1] and sum to one with the model's
    no-winner outcome."""
    game = get_game(name)
    model = load_model(game)
    assert model is not None
    seats = model.for_players(4)
    assert seats is not None
    own = game.bots().search
    differed = False
    for seed, steps in ((1, 0), (2, 40), (3, 120)):
        state = position(game, seed, steps)
        for seat in range(4):
            chances = estimate(game, state, seat, seats, own)
            assert all(0.0 <= c <= 1.0 for c in chances)
            nobody = 1.0 - sum(chances)
            assert nobody == pytest.approx(0.0, abs=1e-9) or seats.outcomes == 5
            assert nobody >= -1e-9
            one = game.determinize(state, seat, Rng(11))
            other = game.determinize(state, seat, Rng(12))
            differed = differed or one != other
            for twin in (one, other):
                assert observation(game, twin, seat) == observation(game, state, seat)
                if name in OWN_EVALUATION_READS_PLANS:
                    continue
                assert estimate(game, twin, seat, seats, own) == pytest.approx(chances, abs=1e-6)
    if name != "namibia":  # Namibia hides nothing once set up: determinize clones
        assert differed, f"{name}: the determinized states never differed"


def test_the_cut_off_evaluation_is_the_models_and_the_rollouts_are_the_games() -> None:
    game = get_game("mombasa")
    knowledge = knowledge_for(game)
    assert isinstance(knowledge, CalibratedKnowledge)
    state = position(game, 4, 60)
    seats = knowledge.model.for_players(4)
    assert seats is not None
    assert knowledge.evaluate(game, state, 2) == estimate(game, state, 2, seats, knowledge.inner)
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    assert knowledge.rollout(game, state, seat, legal, Rng(5)) == knowledge.inner.rollout(
        game, state, seat, legal, Rng(5)
    )


def test_late_chances_beat_equal_chances_on_a_few_games() -> None:
    """A cheap sanity check of calibration (benchmarks/calibration.py measures it):
    over 24 quick Africa 1880 games, the last third's Brier score beats 1/n."""
    game = get_game("africa1880")
    own = game.bots().search
    model = load_model(game)
    assert model is not None
    seats = model.for_players(4)
    assert seats is not None
    played = [
        play_game(game, 4, seed, 6, lambda s, seat: estimate(game, s, seat, seats, own))
        for seed in range(500, 524)
    ]
    late = [
        (chances, one.outcome[:4])
        for one in played
        for sample in one.samples
        if stage_of(sample.stage) == "last"
        for chances in sample.seen
    ]
    model_brier = figures([c for c, _ in late], [o for _, o in late]).brier
    equal_brier = figures([[0.25] * 4 for _ in late], [o for _, o in late]).brier
    assert model_brier < equal_brier
