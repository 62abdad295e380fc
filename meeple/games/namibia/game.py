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
)
from meeple.engine.encoding import Encoding
from meeple.engine.terminal import Terminal
from meeple.games.namibia.actions import ACT
from meeple.games.namibia.positions import validate
from meeple.games.namibia.render import TERMINAL, render_text
from meeple.games.namibia.rules import apply
from meeple.games.namibia.rules.explain import explain
from meeple.games.namibia.rules.flow import advance
from meeple.games.namibia.scoring import result
from meeple.games.namibia.setup import deal
from meeple.games.namibia.state import GAME_OVER, NamibiaState
from meeple.games.namibia.svg import PRESENTATION
from meeple.games.namibia.texts import SEAT_NAMES
from meeple.games.namibia.view import build_view, typed, untyped


class NamibiaGame(Game[NamibiaState]):
    name: ClassVar[str] = "namibia"
    title: ClassVar[str] = "Namibia"
    summary: ClassVar[str] = (
        "Mining companies race for the ore of colonial Namibia. Each round you bribe the"
        " officials for your place in the turn order (a big bribe buys a good place but"
        " costs reputation), open mines on the kinds of ore your company may dig, lay"
        " rails and send your truck to carry the ore to the ports, where every load"
        " sold lowers the price. After six rounds money buys reputation, and the best"
        " reputation wins."
    )
    minutes: ClassVar[tuple[int, int] | None] = (60, 90)
    rules_version: ClassVar[str] = "namibia-2"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    reconstructed: ClassVar[str] = (
        "The board and the player cards are reconstructed: no public source gives"
        " them, so meeple drew them to fit every rule of the rulebook."
    )

    def __init__(self) -> None:
        super().__init__(ACT.space, NamibiaState)

    def setup(self, state: NamibiaState) -> None:
        deal(state)
        advance(state)

    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        return SEAT_NAMES[: config.players]

    # The dispatcher's three functions, bound as they are: the hot path of every
    # decision pays no call of the adapter's own.
    to_act = staticmethod(apply.to_act)
    legal_actions = staticmethod(apply.legal_actions)
    apply_action = staticmethod(apply.apply_action)

    def is_over(self, state: NamibiaState) -> bool:
        return state.phase == GAME_OVER

    def result(self, state: NamibiaState) -> Result:
        return result(state)

    def explain_illegal(self, state: NamibiaState, seat: int, action: Action) -> IllegalAction:
        return explain(state, seat, action)

    def view(self, state: NamibiaState, seat: int | None) -> dict[str, Any]:
        return untyped(build_view(state, seat))  # JSON edge

    def determinize(self, state: NamibiaState, seat: int, rng: Rng) -> NamibiaState:
        """Namibia has no hidden information once set up: the state itself."""
        return state.clone()

    def validate(self, state: NamibiaState) -> None:
        """Conservation of every component and the game's invariants (``positions``)."""
        validate(state)

    def render_text(self, view: dict[str, Any]) -> str:
        return render_text(typed(view))  # JSON edge

    def presentation(self) -> Presentation:
        return PRESENTATION

    def terminal(self) -> Terminal:
        return TERMINAL

    def encoding(self) -> Encoding:
        from meeple.games.namibia.encoding import ENCODING  # loads only when asked for

        return ENCODING

    def bots(self) -> BotKit:
        from meeple.games.namibia.bots import BOT_KIT  # bots load only when asked for

        return BOT_KIT
