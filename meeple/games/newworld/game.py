"""New World (Avalon Hill, 1990): the rules object registered with the engine."""

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
)
from meeple.games.newworld.actions import SPACE
from meeple.games.newworld.positions import validate
from meeple.games.newworld.render import render_text
from meeple.games.newworld.rules.apply import apply_action, legal_actions, to_act
from meeple.games.newworld.rules.explain import explain
from meeple.games.newworld.scoring import result
from meeple.games.newworld.setup import OPTION_SPECS, deal
from meeple.games.newworld.state import GAME_OVER, NewWorldState
from meeple.games.newworld.svg import PRESENTATION
from meeple.games.newworld.texts import COUNTRIES
from meeple.games.newworld.view import build_view, determinize, plain


class NewWorldGame(Game[NewWorldState]):
    name: ClassVar[str] = "newworld"
    title: ClassVar[str] = "New World"
    summary: ClassVar[str] = (
        "European powers explore and settle the Americas. Each turn every power fills"
        " in a secret planning sheet (Soldiers and Ships to buy, where its fleet lands"
        " its Colonists); fleets sail and may sink, Soldiers fight Natives and rivals and hunt"
        " for Gold, colonies must survive their climate, and Areas held by enough"
        " Colonists bring Political Control and income. The first power to control five"
        " Areas at the end of a turn wins; otherwise the richest power after the last"
        " turn does."
    )
    minutes: ClassVar[tuple[int, int] | None] = (120, 240)
    rules_version: ClassVar[str] = "newworld-6"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    reconstructed: ClassVar[str] = (
        "The map of the Americas (26 Areas), the Unplayable Areas Display and the income"
        " of turns 11-16 are reconstructed: no public source gives them, so meeple drew"
        " them to fit every constraint of the rulebook."
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    def __init__(self) -> None:
        super().__init__(SPACE, NewWorldState)

    def setup(self, state: NewWorldState) -> None:
        deal(state)

    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        return COUNTRIES[: config.players]

    # The rules' functions themselves, called without a forwarding method (random
    # play and search call these three at every decision).
    to_act = staticmethod(to_act)
    legal_actions = staticmethod(legal_actions)
    apply_action = staticmethod(apply_action)

    def is_over(self, state: NewWorldState) -> bool:
        return state.phase == GAME_OVER

    def result(self, state: NewWorldState) -> Result:
        return result(state)

    def explain_illegal(self, state: NewWorldState, seat: int, action: Action) -> IllegalAction:
        return explain(state, seat, action)

    def view(self, state: NewWorldState, seat: int | None) -> dict[str, Any]:
        return plain(build_view(state, seat))

    def determinize(self, state: NewWorldState, seat: int, rng: Rng) -> NewWorldState:
        return determinize(state, seat, rng)

    def validate(self, state: NewWorldState) -> None:
        validate(state)

    def render_text(self, view: dict[str, Any]) -> str:
        return render_text(view)

    def presentation(self) -> Presentation:
        return PRESENTATION

    def bots(self) -> BotKit:
        from meeple.games.newworld.bots import BOT_KIT  # bots load only when asked for

        return BOT_KIT

    def encoding(self) -> Encoding:
        from meeple.games.newworld.encoding import ENCODING  # loads only when asked for

        return ENCODING
