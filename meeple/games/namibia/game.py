"""Namibia (Brian Robson, 2010): the rules object registered with the engine."""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.engine import (
    Action,
    BotKit,
    Game,
    GameConfig,
    IllegalAction,
    Presentation,
    Result,
    Rng,
    rank_by,
)
from meeple.games.namibia.common import ACT, SEAT_NAMES
from meeple.games.namibia.render import render_text
from meeple.games.namibia.rules.apply import apply_action
from meeple.games.namibia.rules.explain import explain
from meeple.games.namibia.rules.flow import advance
from meeple.games.namibia.rules.setup import deal
from meeple.games.namibia.state import GAME_OVER, NamibiaState
from meeple.games.namibia.svg import PRESENTATION
from meeple.games.namibia.view import build_view

BREAKDOWN_KEYS = (
    "reputation_before",
    "construction_payment",
    "points_bought",
    "reputation",
    "money_left",
)


class NamibiaGame(Game[NamibiaState]):
    name: ClassVar[str] = "namibia"
    title: ClassVar[str] = "Namibia"
    rules_version: ClassVar[str] = "namibia-1"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4

    def __init__(self) -> None:
        super().__init__(ACT.space, NamibiaState)

    def setup(self, state: NamibiaState) -> None:
        deal(state)
        advance(state)

    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        return SEAT_NAMES[: config.players]

    def to_act(self, state: NamibiaState) -> tuple[int, ...]:
        return () if state.phase == GAME_OVER else (state.actor,)

    def legal_actions(self, state: NamibiaState, seat: int) -> list[int]:
        return state.options if seat == state.actor else []

    def apply_action(self, state: NamibiaState, seat: int, index: int) -> None:
        apply_action(state, seat, index)

    def is_over(self, state: NamibiaState) -> bool:
        return state.phase == GAME_OVER

    def result(self, state: NamibiaState) -> Result:
        """Highest reputation wins; ties go to the most money (End of the Game).

        Eliminated players rank below everyone else, later eliminations higher.
        """
        if state.phase != GAME_OVER:
            raise IllegalAction("End of the Game", "the game is not over yet")
        keys = []
        for seat, row in enumerate(state.final):
            out = state.out[seat]
            keys.append((0, -out, 0) if out else (1, row[3], row[4]))
        ranks = rank_by(keys)
        return Result(
            scores=tuple(row[3] for row in state.final),
            breakdown=tuple(dict(zip(BREAKDOWN_KEYS, row, strict=True)) for row in state.final),
            ranks=ranks,
            winners=tuple(seat for seat, rank in enumerate(ranks) if rank == 1),
            tiebreak=tuple((row[4],) for row in state.final),
            note="highest reputation wins; a tie goes to the most money left",
        )

    def explain_illegal(self, state: NamibiaState, seat: int, action: Action) -> IllegalAction:
        return explain(state, seat, action)

    def view(self, state: NamibiaState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def determinize(self, state: NamibiaState, seat: int, rng: Rng) -> NamibiaState:
        """Namibia has no hidden information once set up: the state itself."""
        return state.clone()

    def render_text(self, view: dict[str, Any]) -> str:
        return render_text(view)

    def presentation(self) -> Presentation:
        return PRESENTATION

    def bots(self) -> BotKit:
        from meeple.games.namibia.bots import BOT_KIT  # bots load only when asked for

        return BOT_KIT
