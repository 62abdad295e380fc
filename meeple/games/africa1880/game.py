"""Africa 1880 on the engine contract."""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.engine import (
    Action,
    BotKit,
    Game,
    GameConfig,
    IllegalAction,
    OptionSpec,
    Presentation,
    Result,
    Rng,
    TimedPhase,
)
from meeple.engine.encoding import Encoding
from meeple.engine.terminal import Terminal
from meeple.games.africa1880 import positions, render, scoring, setup
from meeple.games.africa1880.actions import TABLES
from meeple.games.africa1880.board import COUNTRY_NAMES
from meeple.games.africa1880.rules import apply, diplomacy, explain
from meeple.games.africa1880.state import GAME_OVER, AfricaState
from meeple.games.africa1880.svg import PRESENTATION
from meeple.games.africa1880.view import build_view, determinize, typed, untyped

JSON = dict[str, Any]


class AfricaGame(Game[AfricaState]):
    """Eight turns of secret simultaneous orders; colonies score at the end."""

    name: ClassVar[str] = "africa1880"
    title: ClassVar[str] = "Africa 1880"
    summary: ClassVar[str] = (
        "European powers carve up Africa, one turn a year from 1880. Every player"
        " talks with the others against a clock, then writes a secret order sheet: what"
        " each presence does, where to land, and whether each rival is an ally or an"
        " enemy. All sheets are revealed together and carried out, conflicts are"
        " settled by the alliances written, and full territories become colonies."
        " Presences in colonies and alliances score; a tie for first means nobody"
        " wins."
    )
    minutes: ClassVar[tuple[int, int] | None] = (90, 150)
    rules_version: ClassVar[str] = "africa1880-2"
    min_players: ClassVar[int] = setup.MIN_PLAYERS
    max_players: ClassVar[int] = setup.MAX_PLAYERS
    reconstructed: ClassVar[str] = (
        "The map is reconstructed: the rulebook names the 32 territories, but no public"
        " source gives their coasts, borders and development squares, so meeple drew"
        " them from the geography of Africa around 1880 to fit every rule of the"
        " rulebook (Madagascar is an island, reached only by landing)."
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = setup.OPTION_SPECS

    def __init__(self) -> None:
        super().__init__(TABLES.space, AfricaState)

    # ---- configuration and creation ---------------------------------------------

    def setup(self, state: AfricaState) -> None:
        setup.setup(state)

    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        return tuple(COUNTRY_NAMES[c] for c in setup.countries_of(config))

    # ---- the decision loop ------------------------------------------------------

    def to_act(self, state: AfricaState) -> tuple[int, ...]:
        return apply.to_act(state)

    def legal_actions(self, state: AfricaState, seat: int) -> list[int]:
        return apply.legal_actions(state, seat)

    def apply_action(self, state: AfricaState, seat: int, index: int) -> None:
        apply.apply_action(state, seat, index)

    def is_over(self, state: AfricaState) -> bool:
        return state.phase == GAME_OVER

    def result(self, state: AfricaState) -> Result:
        return scoring.result(state)

    def explain_illegal(self, state: AfricaState, seat: int, action: Action) -> IllegalAction:
        return explain.explain(state, seat, action)

    # ---- information ------------------------------------------------------------

    def view(self, state: AfricaState, seat: int | None) -> JSON:
        return untyped(build_view(state, seat))  # JSON edge

    def determinize(self, state: AfricaState, seat: int, rng: Rng) -> AfricaState:
        return determinize(state, seat, rng)

    def render_text(self, view: JSON) -> str:
        return render.render_text(typed(view))  # JSON edge

    def presentation(self) -> Presentation:
        return PRESENTATION

    def terminal(self) -> Terminal:
        return render.TERMINAL

    # ---- clocks and bots ----------------------------------------------------------

    def timed_phase(self, state: AfricaState) -> TimedPhase | None:
        return diplomacy.timed_phase(state)

    def on_timeout(self, state: AfricaState, seat: int) -> int | None:
        chosen = diplomacy.on_timeout(state, seat)
        return super().on_timeout(state, seat) if chosen is None else chosen

    def validate(self, state: AfricaState) -> None:
        """``InvalidState`` listing every broken invariant (see ``positions.validate``)."""
        positions.validate(state)

    def encoding(self) -> Encoding:
        from meeple.games.africa1880.encoding import ENCODING  # loads only when asked for

        return ENCODING

    def bots(self) -> BotKit:
        from meeple.games.africa1880.bots import BOT_KIT  # bots load only when asked for

        return BOT_KIT
