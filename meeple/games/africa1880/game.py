"""Africa 1880 on the engine contract."""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.engine import (
    Action,
    BadConfig,
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
from meeple.games.africa1880 import decisions, explain, render, scoring, view
from meeple.games.africa1880.actions import TABLES
from meeple.games.africa1880.board import BOARD, COUNTRY_IDS, COUNTRY_NAMES, HISTORICAL_START
from meeple.games.africa1880.state import ALLIANCE, DIPLOMACY, GAME_OVER, SETUP, AfricaState
from meeple.games.africa1880.svg import PRESENTATION

JSON = dict[str, Any]


class AfricaGame(Game[AfricaState]):
    """Eight turns of secret simultaneous orders; colonies score at the end."""

    name: ClassVar[str] = "africa1880"
    title: ClassVar[str] = "Africa 1880"
    rules_version: ClassVar[str] = "africa1880-1"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "diplomacy_seconds",
            480,
            "1) Diplomatic Action: the negotiation time limit, enforced by the server's clock",
        ),
        OptionSpec(
            "historical_placement",
            False,
            "Optional Rule: first presences imposed by history instead of chosen",
        ),
        OptionSpec(
            "countries",
            "",
            "Setup: comma-separated countries of the seats in seat order, e.g."
            " 'france,germany,belgium'; empty: the first ones in rulebook order",
        ),
    )

    def __init__(self) -> None:
        super().__init__(TABLES.space, AfricaState)

    # ---- configuration and creation ---------------------------------------------

    def setup(self, state: AfricaState) -> None:
        config = state.config
        n = config.players
        state.countries = countries_of(config)
        state.turn = 0
        state.placer = 0
        state.presence = [0] * len(BOARD.ids)
        state.dev = [0] * len(BOARD.ids)
        state.colony = [False] * len(BOARD.ids)
        state.stock = [BOARD.markers_per_country] * n
        state.ready = 0
        state.sealed = 0
        state.reset_drafts()
        # Setup: one marker of each country in every other embassy; it shows a side
        # only once orders are read, so the alliance side stands for "not yet turned".
        state.embassy = [ALLIANCE] * (n * n)
        state.shown_orders, state.shown_landing, state.shown_stance = [], [], []
        state.last_removed, state.last_colonies = [], []
        state.phase = SETUP
        if config.options.get("historical_placement"):
            for seat in decisions.placement_order(state):
                start = BOARD.index(HISTORICAL_START[state.countries[seat]])
                decisions.apply(state, seat, TABLES.place[start])

    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        return tuple(COUNTRY_NAMES[c] for c in countries_of(config))

    # ---- the decision loop ------------------------------------------------------

    def to_act(self, state: AfricaState) -> tuple[int, ...]:
        return decisions.to_act(state)

    def legal_actions(self, state: AfricaState, seat: int) -> list[int]:
        return decisions.legal_actions(state, seat)

    def apply_action(self, state: AfricaState, seat: int, index: int) -> None:
        decisions.apply(state, seat, index)

    def is_over(self, state: AfricaState) -> bool:
        return state.phase == GAME_OVER

    def result(self, state: AfricaState) -> Result:
        return scoring.result(state)

    def explain_illegal(self, state: AfricaState, seat: int, action: Action) -> IllegalAction:
        return explain.explain(state, seat, action)

    # ---- information ------------------------------------------------------------

    def view(self, state: AfricaState, seat: int | None) -> JSON:
        return view.view(state, seat)

    def determinize(self, state: AfricaState, seat: int, rng: Rng) -> AfricaState:
        return view.determinize(state, seat, rng)

    def render_text(self, view: JSON) -> str:
        return render.render_text(view)

    def presentation(self) -> Presentation:
        return PRESENTATION

    # ---- clocks and bots ----------------------------------------------------------

    def timed_phase(self, state: AfricaState) -> TimedPhase | None:
        """1) Diplomatic Action runs against the negotiation time limit (the option
        ``diplomacy_seconds``; 0 means no limit)."""
        seconds = float(state.config.options.get("diplomacy_seconds", 0) or 0)
        if state.phase != DIPLOMACY or seconds <= 0:
            return None
        return TimedPhase(f"diplomacy:{state.turn}", seconds)

    def on_timeout(self, state: AfricaState, seat: int) -> int | None:
        """When the negotiation time is up, a seat still negotiating is ready."""
        if state.phase == DIPLOMACY and TABLES.ready in self.legal_actions(state, seat):
            return TABLES.ready
        return super().on_timeout(state, seat)

    def bots(self) -> BotKit:
        from meeple.games.africa1880.bots import BOT_KIT  # bots load only when asked for

        return BOT_KIT


def countries_of(config: GameConfig) -> tuple[int, ...]:
    """The country index of each seat, from the ``countries`` option (Setup)."""
    raw = str(config.options.get("countries", ""))
    if not raw.strip():
        return tuple(range(config.players))
    chosen = [part.strip().lower() for part in raw.split(",")]
    unknown = [c for c in chosen if c not in COUNTRY_IDS]
    if unknown:
        raise BadConfig(f"unknown countries {unknown}; choose among {', '.join(COUNTRY_IDS)}")
    if len(set(chosen)) != len(chosen) or len(chosen) != config.players:
        raise BadConfig(f"name {config.players} different countries, one per seat")
    return tuple(COUNTRY_IDS.index(c) for c in chosen)
