"""Setup: the countries of the seats, an empty map, full stocks, the embassies, and
with the Optional Rule the historical first presences."""

from __future__ import annotations

from collections.abc import Mapping

from meeple.engine import BadConfig, GameConfig, OptionSpec
from meeple.engine.config import OptionValue
from meeple.games.africa1880.board import BOARD, COUNTRY_IDS, HISTORICAL_START
from meeple.games.africa1880.rules.placement import place_first, placement_order
from meeple.games.africa1880.state import ALLIANCE, SETUP, AfricaState

MIN_PLAYERS, MAX_PLAYERS = 3, 6
OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "diplomacy_seconds",
        480,
        "Diplomatic Action: the negotiation time limit, enforced by the server's clock"
        " (1 second to an hour: the rulebook's phase always has a length)",
        label="Negotiation time (seconds)",
        low=1,
        high=3600,
    ),
    OptionSpec(
        "historical_placement",
        False,
        "Optional Rule: first presences imposed by history instead of chosen",
        label="Historical first presences",
    ),
    OptionSpec(
        "countries",
        "",
        "Setup: the country each seat plays, in seat order; not chosen: the first"
        " ones in rulebook order",
        label="Countries",
        per_seat=COUNTRY_IDS,
    ),
)


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
        for seat in placement_order(state):
            place_first(state, seat, BOARD.index(HISTORICAL_START[state.countries[seat]]))


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


def new_state(players: int, options: Mapping[str, OptionValue], seed: int) -> AfricaState:
    """A new game as ``AfricaGame.new_game`` makes it, for builders of positions (which
    the game's adapter imports, so they cannot use it): ``options`` are checked against
    ``OPTION_SPECS`` as ``Game.make_config`` checks them (none of them depends on the
    player count), the others take their defaults."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadConfig(f"Africa 1880 takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    unknown = sorted(set(options) - {spec.name for spec in OPTION_SPECS})
    if unknown:
        raise BadConfig(f"unknown option(s) {unknown} for africa1880")
    values = {spec.name: spec.check(options.get(spec.name, spec.default)) for spec in OPTION_SPECS}
    state = AfricaState.begin(GameConfig(players, values), seed)
    setup(state)
    return state
