"""Goofspiel on the engine contract: the rules object the entry point names.

Thin: every method delegates to the module that owns its part (rules.apply,
rules.explain, setup, scoring, view, render, svg, positions, bots). It uses only
``meeple.engine``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.engine import (
    Action,
    BotKit,
    Encoding,
    Game,
    GameConfig,
    IllegalAction,
    OptionSpec,
    Presentation,
    Result,
    Rng,
    TimedPhase,
)
from meeple_goofspiel import positions, scoring, setup, view
from meeple_goofspiel.actions import SPACE
from meeple_goofspiel.board import CARDS, MAX_CARDS, MAX_SEATS, MIN_CARDS
from meeple_goofspiel.render import render_text
from meeple_goofspiel.rules import apply, bidding
from meeple_goofspiel.rules.explain import explain
from meeple_goofspiel.state import NO_PRIZE, GoofspielState
from meeple_goofspiel.svg import PRESENTATION
from meeple_goofspiel.view import typed

JSON = dict[str, Any]


class GoofspielGame(Game[GoofspielState]):
    """Each round a prize is turned up and every player bids one card in secret."""

    name: ClassVar[str] = "goofspiel"
    title: ClassVar[str] = "Goofspiel"
    summary: ClassVar[str] = (
        "A small card game of blind bids, kept as the worked example of a game plugin."
        " Each round a prize card is turned up and every player bids one card of their"
        " own suit in secret; the highest bid takes the prize, tied bids take nothing."
        " The most prize points after the last round wins."
    )
    minutes: ClassVar[tuple[int, int] | None] = (10, 20)
    example: ClassVar[bool] = True
    rules_version: ClassVar[str] = "goofspiel-1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = MAX_SEATS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "cards",
            MAX_CARDS,
            "Setup: cards per suit, ace up to this value (also the number of rounds)",
            tuple(range(MIN_CARDS, MAX_CARDS + 1)),
        ),
        OptionSpec(
            "bid_seconds",
            0,
            "Bidding: seconds to choose a card (0: no clock); then the lowest card is bid",
        ),
    )

    def __init__(self) -> None:
        super().__init__(SPACE, GoofspielState)

    # ---- configuration and creation ---------------------------------------------

    def setup(self, state: GoofspielState) -> None:
        setup.deal(state)

    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        return tuple(suit.name for suit in CARDS.seats[: config.players])

    # ---- the decision loop ------------------------------------------------------

    def to_act(self, state: GoofspielState) -> tuple[int, ...]:
        return apply.to_act(state)

    def legal_actions(self, state: GoofspielState, seat: int) -> list[int]:
        return apply.legal_actions(state, seat)

    def apply_action(self, state: GoofspielState, seat: int, index: int) -> None:
        apply.apply_action(state, seat, index)

    def is_over(self, state: GoofspielState) -> bool:
        return state.prize == NO_PRIZE

    def result(self, state: GoofspielState) -> Result:
        return scoring.result(state)

    def explain_illegal(self, state: GoofspielState, seat: int, action: Action) -> IllegalAction:
        return explain(state, seat, action)

    # ---- information ------------------------------------------------------------

    def view(self, state: GoofspielState, seat: int | None) -> JSON:
        return view.untyped(view.build_view(state, seat))

    def determinize(self, state: GoofspielState, seat: int, rng: Rng) -> GoofspielState:
        return view.determinize(state, seat, rng)

    def render_text(self, view: JSON) -> str:
        return render_text(typed(view))

    # ---- optional parts ---------------------------------------------------------

    def presentation(self) -> Presentation:
        return PRESENTATION

    def timed_phase(self, state: GoofspielState) -> TimedPhase | None:
        return bidding.clock(state)

    def on_timeout(self, state: GoofspielState, seat: int) -> int | None:
        return bidding.timeout_bid(state, seat)

    def validate(self, state: GoofspielState) -> None:
        positions.validate(state)

    def encoding(self) -> Encoding:
        from meeple_goofspiel.encoding import ENCODING  # loads only when asked for

        return ENCODING

    def bots(self) -> BotKit:
        from meeple_goofspiel.bots import BOT_KIT  # bots load only when asked for

        return BOT_KIT
