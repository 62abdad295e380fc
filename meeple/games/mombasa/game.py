"""Mombasa (Alexander Pfister, 2015): the rules object registered with the engine."""

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
    Terminal,
)
from meeple.games.mombasa.actions import SPACE
from meeple.games.mombasa.positions import validate
from meeple.games.mombasa.render import TERMINAL, render_text
from meeple.games.mombasa.rules.apply import apply_action, is_over, legal_actions, to_act
from meeple.games.mombasa.rules.explain import explain
from meeple.games.mombasa.scoring import result
from meeple.games.mombasa.setup import FIRST_GAME, FULL_GAME, set_up
from meeple.games.mombasa.state import MombasaState
from meeple.games.mombasa.svg import PRESENTATION
from meeple.games.mombasa.texts import SEAT_NAMES
from meeple.games.mombasa.view import build_view, determinize, typed, untyped


class MombasaGame(Game[MombasaState]):
    name: ClassVar[str] = "mombasa"
    title: ClassVar[str] = "Mombasa"
    summary: ClassVar[str] = (
        "Investors in four trading companies spreading across Africa. Every round you"
        " plan a hand of cards in secret, then take turns using them: buy goods, sell"
        " them to take shares, push a company's trading posts inland to raise the worth"
        " of its shares, deal in diamonds and keep the books. Played cards rest in"
        " piles and you take back only one pile a round, so where you play a card"
        " matters. After seven rounds your cash, shares,"
        " diamonds and bookkeeping are added up, and the richest investor wins."
    )
    minutes: ClassVar[tuple[int, int] | None] = (75, 150)
    rules_version: ClassVar[str] = "mombasa-2"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "setup",
            FIRST_GAME,
            "Setup: 'first' (tracks A1-D1, fixed starting tiles) or 'full' (track cards,"
            " starting tiles drafted two-keep-one)",
            (FIRST_GAME, FULL_GAME),
        ),
    )
    reconstructed: ClassVar[str] = (
        "The cards' values, the books, the map, the track faces, the starting tiles and"
        " several tables are reconstructed: the rulebook printed them as icons, so meeple"
        " drew them to fit every rule it states (docs/games/mombasa.md)."
    )

    def __init__(self) -> None:
        super().__init__(SPACE, MombasaState)

    def setup(self, state: MombasaState) -> None:
        set_up(state)

    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        return SEAT_NAMES[: config.players]

    def to_act(self, state: MombasaState) -> tuple[int, ...]:
        return to_act(state)

    def legal_actions(self, state: MombasaState, seat: int) -> list[int]:
        return legal_actions(state, seat)

    def apply_action(self, state: MombasaState, seat: int, index: int) -> None:
        apply_action(state, seat, index)

    def is_over(self, state: MombasaState) -> bool:
        return is_over(state)

    def result(self, state: MombasaState) -> Result:
        return result(state)

    def explain_illegal(self, state: MombasaState, seat: int, action: Action) -> IllegalAction:
        return explain(state, seat, action)

    def view(self, state: MombasaState, seat: int | None) -> dict[str, Any]:  # JSON edge
        return untyped(build_view(state, seat))  # JSON edge

    def determinize(self, state: MombasaState, seat: int, rng: Rng) -> MombasaState:
        return determinize(state, seat, rng)

    def render_text(self, view: dict[str, Any]) -> str:  # JSON edge
        return render_text(typed(view))  # JSON edge

    def validate(self, state: MombasaState) -> None:
        validate(state)

    def presentation(self) -> Presentation:
        return PRESENTATION

    def terminal(self) -> Terminal:
        return TERMINAL

    def encoding(self) -> Encoding:
        from meeple.games.mombasa.encoding import ENCODING  # loads only when asked for

        return ENCODING

    def bots(self) -> BotKit:
        from meeple.games.mombasa.bots import BOT_KIT  # bots load only when asked for

        return BOT_KIT
