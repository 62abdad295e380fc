"""Setup: the countries of the seats, an empty map, full stocks, the embassies, and
with the Optional Rule the historical first presences."""

from __future__ import annotations

from meeple.engine import BadConfig, GameConfig
from meeple.games.africa1880.actions import TABLES
from meeple.games.africa1880.board import BOARD, COUNTRY_IDS, HISTORICAL_START
from meeple.games.africa1880.rules import decisions
from meeple.games.africa1880.state import ALLIANCE, SETUP, AfricaState


def setup(state: AfricaState) -> None:
    """Setup: every game field on a state holding only its common fields; with the
    Optional Rule, the first presences imposed by history are placed at once."""
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
    state.rebuild_held()
    state.blank_sheets()
    # Setup: one marker of each country in every other embassy; it shows a side
    # only once orders are read, so the alliance side stands for "not yet turned".
    state.embassy = [ALLIANCE] * (n * n)
    state.shown_orders, state.shown_landing, state.shown_stance = [], [], []
    state.last_removed, state.last_colonies, state.last_limited = [], [], []
    state.phase = SETUP
    if config.options.get("historical_placement"):
        for seat in decisions.placement_order(state):
            start = BOARD.index(HISTORICAL_START[state.countries[seat]])
            decisions.apply(state, seat, TABLES.place[start])


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
