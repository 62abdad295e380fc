"""positions.build, validate (conservation of every component) and render_text over
whole games."""

from __future__ import annotations

import pytest

from meeple.engine import InvalidState, Rng
from meeple.games.mombasa import GAME
from meeple.games.mombasa.positions import build


def test_validate_finds_a_doubled_card() -> None:
    state = build(2)
    state.discard.append(state.stack[0])
    with pytest.raises(InvalidState) as found:
        GAME.validate(state)
    assert "is both" in str(found.value)


def test_validate_finds_a_lost_trading_post() -> None:
    state = build(2)
    state.base[0] -= 1
    with pytest.raises(InvalidState) as found:
        GAME.validate(state)
    assert "mombasa has 14 trading posts" in str(found.value)


def test_validate_finds_a_lost_book_and_a_lost_marker() -> None:
    state = build(2)
    state.book_supply[0].pop()
    state.markers[1] += 1
    with pytest.raises(InvalidState) as found:
        GAME.validate(state)
    assert "books" in str(found.value) and "bonus markers" in str(found.value)


def test_build_refuses_a_card_that_is_not_there() -> None:
    with pytest.raises(ValueError, match="already placed"):
        build(2, hands={0: ["merchant cairo", "merchant cairo"]})


@pytest.mark.parametrize("players", [2, 4])
def test_render_text_reads_every_position_of_a_game(players: int) -> None:
    state = GAME.new_game(GAME.make_config(players, {"setup": "full"}), 8)
    rng = Rng(8)
    while not GAME.is_over(state):
        for seat in (None, *range(players)):
            text = GAME.render_text(GAME.view(state, seat))
            assert "Companies" in text and "Card display" in text
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    final = GAME.render_text(GAME.view(state, None))
    assert "Final scores" in final


def test_position_builder_in_the_games_words() -> None:
    """The chained builder gives the same position as ``build`` with the same words."""
    from meeple.games.mombasa.positions import Position

    chained = (
        Position(2)
        .plan(0, "coffee 1", "coffee 3")
        .display(6, "bananas 2")
        .cash(1, 4)
        .track(0, "cairo", 2)
        .post("sahel", "saint-louis")
        .base("saint-louis", 4, 5, 5)
        .bonus_tile("expansion", 0)
        .build()
    )
    direct = build(
        2,
        slots={0: ["coffee 1", "coffee 3"]},
        display={6: "bananas 2"},
        cash={1: 4},
        tracks={0: {"cairo": 2}},
        regions={"sahel": "saint-louis"},
        bases={"saint-louis": [4, 5, 5]},
    )
    direct.tiles_held[3] = 0
    assert chained.tiles_held == direct.tiles_held
    assert chained.slots == direct.slots and chained.display == direct.display
    assert chained.totals[3] == 2  # the expansion tile counts for the majority
    assert "expand cairo" in [a.text for a in GAME.legal(chained, 0)]
