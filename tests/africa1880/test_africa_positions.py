"""Building positions (``positions.Position``) and the invariants ``validate`` checks:
a built position plays on through the checked path, and broken positions are
refused with every problem named."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from africa1880_support import Sheet, play_turn, seats_in, tid, write

from meeple.engine import BadConfig, InvalidState, Rng
from meeple.engine.config import OptionValue
from meeple.games.africa1880 import GAME
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.positions import Position, validate
from meeple.games.africa1880.setup import new_state
from meeple.games.africa1880.state import WAR, AfricaState

GB, FR, DE = 0, 1, 2
COUNTRIES = "great britain,france,germany"


def example() -> AfricaState:
    """The position of the module's docstring."""
    return (
        Position(COUNTRIES)
        .presence("nigeria", "france", "germany")
        .developed("nigeria", 2)
        .colony("egypt", by="great britain")
        .declared_war("germany", "france")
        .turn(3)
        .phase("writing")
        .sheet("france", {"nigeria": "develop"}, land="dakar", war=["germany"])
        .build()
    )


def test_the_builder_lays_out_board_turn_and_embassies() -> None:
    """Components: 22 presence markers per country; the stock holds the rest."""
    view = GAME.view(example(), None)
    assert (view["year"], view["phase"], view["to_act"]) == (1890, "writing", [0, 1, 2])
    assert view["presences"][tid("nigeria")] == [FR, DE]
    assert view["development"][tid("nigeria")] == 2
    assert view["colony"][tid("egypt")] and view["development"][tid("egypt")] == 4
    assert view["stock"] == [21, 21, 21]
    assert view["declared_by"][DE] == {"great britain": "alliance", "france": "war"}
    assert view["embassy_markers"][FR] == {"great britain": "alliance", "germany": "war"}
    assert view["embassy_markers"][DE] == {"great britain": "alliance", "france": "alliance"}


def test_the_builder_writes_drafts_that_only_their_writer_sees() -> None:
    """2) Writing Orders: the draft and its next line are the writer's alone."""
    state = example()
    mine = GAME.view(state, FR)["sheet"]
    assert mine["orders"] == {"nigeria": "develop"}
    assert mine["landing"] == "dakar"
    assert mine["relations"] == {"great britain": "alliance", "germany": "war"}
    assert mine["next"] == "nigeria"
    assert GAME.view(state, GB)["sheet"]["orders"] == {"egypt": "nothing"}


def test_a_built_position_plays_on() -> None:
    """3) Reading orders, 4) conflicts: France's written sheet is carried out."""
    state = (
        Position(COUNTRIES)
        .presence("nigeria", FR, DE)
        .presence("egypt", GB)
        .phase("writing")
        .sheet(FR, {"nigeria": "develop"}, land="dakar", war=[DE], line=None, sealed=True)
        .build()
    )
    assert GAME.to_act(state) == (GB, DE)
    write(state, GB, Sheet())
    write(state, DE, Sheet())
    assert seats_in(state, "dakar") == [FR]
    assert state.dev[tid("nigeria")] == 1
    assert seats_in(state, "nigeria") == [FR]  # war on an ally: the allied one leaves
    assert GAME.view(state, None)["year"] == 1885
    play_turn(state, {})
    assert GAME.view(state, None)["year"] == 1890


def test_the_builder_poses_setup_and_diplomacy_decisions() -> None:
    """Setup: placement in the rulebook's country order; 1) every seat not ready."""
    setup = Position("belgium,france,great britain").presence("egypt", "great britain")
    state = setup.phase("setup").build()
    assert GAME.to_act(state) == (1,)  # France places after Great Britain
    GAME.play(state, 1, "place dakar")
    GAME.play(state, 0, "place angola")
    assert GAME.view(state, None)["phase"] == "diplomacy"
    waiting = Position(COUNTRIES).presence("egypt", GB).ready(GB, "germany").build()
    assert GAME.to_act(waiting) == (FR,)


def test_the_builder_refuses_names_it_does_not_know() -> None:
    with pytest.raises(ValueError, match="unknown territory"):
        Position(COUNTRIES).presence("atlantis", FR)
    with pytest.raises(ValueError, match="not in this game"):
        Position(COUNTRIES).presence("congo", "italy")
    with pytest.raises(ValueError, match="1 to 8"):
        Position(COUNTRIES).turn(9)


@pytest.mark.parametrize(
    ("position", "problem"),
    [
        (Position(COUNTRIES).colony("congo"), "5) a colony stands in Congo, where no country"),
        (
            Position(COUNTRIES).presence("congo", FR).declared_war(FR, GB),
            "3.3: before the first reading every embassy marker shows alliance",
        ),
        (
            Position(COUNTRIES).presence("congo", FR).sheet(FR, {"congo": "develop"}),
            "the sheets are not blank outside the writing phase (diplomacy)",
        ),
        (
            Position(COUNTRIES).presence("bangui", GB).phase("setup"),
            "Setup: Great Britain has placed its first presence, so it has one, on a coast;"
            " it is present in Bangui",
        ),
        (Position(COUNTRIES).phase("over"), "the game is over in 1880 with only 0 colonies"),
    ],
)
def test_the_builder_refuses_positions_the_rules_never_reach(
    position: Position, problem: str
) -> None:
    with pytest.raises(InvalidState) as refused:
        position.build()
    assert problem in refused.value.problems[0]


# ---- validate: every step of real games, and broken positions ---------------------


def test_validate_holds_at_every_step_and_in_every_sample() -> None:
    """Random games: the invariants hold before and after every decision, in every
    seat's determinized sample, and legal actions come in increasing index."""
    for players in (3, 6):
        state = GAME.new_game(GAME.make_config(players), players)
        rng = Rng(players)
        while not GAME.is_over(state):
            GAME.validate(state)
            for seat in range(players):
                GAME.validate(GAME.determinize(state, seat, rng))
            seat = rng.choice(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            assert legal == sorted(legal)
            GAME.apply(state, seat, rng.choice(legal))
        GAME.validate(state)


def _writing() -> AfricaState:
    return (
        Position(COUNTRIES)
        .presence("congo", FR, DE)
        .presence("egypt", GB)
        .colony("cameroon", by=DE)
        .turn(2)
        .phase("writing")
        .build()
    )


def _marker_from_nowhere(state: AfricaState) -> None:
    state.presence[tid("angola")] |= 1 << FR


def _fourth_seat(state: AfricaState) -> None:
    state.presence[tid("angola")] |= 1 << 3


def _overdeveloped(state: AfricaState) -> None:
    state.dev[tid("tenere")] = 2


def _colony_half_developed(state: AfricaState) -> None:
    state.colony[tid("congo")] = True
    state.dev[tid("congo")] = 1


def _ready_beyond_the_seats(state: AfricaState) -> None:
    state.ready |= 1 << 5


def _sealed_by_everyone(state: AfricaState) -> None:
    state.sealed = 0b111


def _explore_into_a_colony(state: AfricaState) -> None:
    state.orders[DE * 32 + tid("congo")] = tid("angola")  # fine: a border, free
    state.orders[FR * 32 + tid("congo")] = tid("cameroon")


def _landing_on_an_occupied_coast(state: AfricaState) -> None:
    state.landing[GB] = tid("congo")


def _cursor_past_the_sheet(state: AfricaState) -> None:
    state.cursor[GB] = 1 + 3 + 1  # one order line, the landing, two relations


def _war_on_oneself(state: AfricaState) -> None:
    state.embassy[FR * 3 + FR] = WAR
    state.shown_stance[FR * 3 + FR] = WAR


def _embassy_not_as_revealed(state: AfricaState) -> None:
    state.embassy[FR * 3 + GB] = WAR


def _phase_out_of_range(state: AfricaState) -> None:
    state.phase = 7


def _lost_colony(state: AfricaState) -> None:
    state.last_colonies = [tid("sahara")]


@pytest.mark.parametrize(
    ("spoil", "problem"),
    [
        (_marker_from_nowhere, "France has 2 presence markers on the board and 21 in stock"),
        (_marker_from_nowhere, "held[1] lists Congo, but France is present in Angola, Congo"),
        (_fourth_seat, "Angola: presence bitmask 0b1000 names a seat beyond 2"),
        (_overdeveloped, "Ténéré has 2 development tiles; its squares hold 0 to 1"),
        (_colony_half_developed, "a colony stands in Congo, which is not fully developed (1/4)"),
        (_ready_beyond_the_seats, "ready bitmask 0b100111 names a seat beyond 2"),
        (_sealed_by_everyone, "every sheet is sealed but the phase is still writing"),
        (_explore_into_a_colony, "2.1) France's sheet has Congo exploring Cameroon"),
        (
            _landing_on_an_occupied_coast,
            "2.2) Great Britain's sheet lands on Congo, not an empty coastal",
        ),
        (_cursor_past_the_sheet, "Great Britain's next line is 5; its sheet has lines 0 to 4"),
        (_war_on_oneself, "declares relations only with the others"),
        (_embassy_not_as_revealed, "3.3: the embassy markers differ from the last revealed"),
        (_phase_out_of_range, "phase 7 is none of"),
        (_lost_colony, f"the last colonies [{tid('sahara')}] are not distinct standing colonies"),
    ],
)
def test_validate_names_what_is_broken(spoil: Callable[[AfricaState], None], problem: str) -> None:
    state = _writing()
    spoil(state)
    with pytest.raises(InvalidState) as refused:
        validate(state)
    assert any(problem in line for line in refused.value.problems), refused.value.problems
    assert str(refused.value).startswith("africa1880: invalid position: ")


def test_validate_lists_every_problem_at_once() -> None:
    state = _writing()
    _overdeveloped(state)
    _landing_on_an_occupied_coast(state)
    _marker_from_nowhere(state)
    with pytest.raises(InvalidState) as refused:
        GAME.validate(state)
    assert len(refused.value.problems) == 4  # the stray marker breaks held and stock


def test_presences_change_with_their_stock_and_sheet_lines() -> None:
    """Components: a marker is on the board or in its country's stock."""
    state = _writing()
    state.put_presence(tid("angola"), FR)
    assert state.held[FR] == (tid("angola"), tid("congo"))
    state.remove_presence(tid("congo"), FR)
    assert state.held[FR] == (tid("angola"),) and state.stock[FR] == BOARD.markers_per_country - 1


def test_positions_start_from_the_games_own_new_game() -> None:
    """``setup.new_state`` (what ``Position.build`` starts from, without the game's
    adapter) makes the state ``GAME.new_game`` makes, and refuses what it refuses."""
    options: dict[str, OptionValue] = {
        "diplomacy_seconds": 60,
        "countries": "italy,france,belgium,germany",
    }
    built = new_state(4, options, 9)
    made = GAME.new_game(GAME.make_config(4, options), 9)
    assert GAME.snapshot(built) == GAME.snapshot(made)
    refused: list[tuple[int, dict[str, OptionValue]]] = [
        (4, {"diplomacy_seconds": 0}),
        (4, {"speed": 1}),
        (2, {}),
    ]
    for players, bad in refused:
        with pytest.raises(BadConfig):
            GAME.make_config(players, bad)
        with pytest.raises(BadConfig):
            new_state(players, bad, 9)
