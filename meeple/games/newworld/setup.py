"""The first position (3.): Natives, Gold Sites and Cities on the playable Areas,
$160 per player, a random Game Leader; then Turn 1 begins with the Colonists."""

from __future__ import annotations

from collections.abc import Mapping

from meeple.engine import BadConfig, Event, GameConfig, OptionSpec
from meeple.engine.config import OptionValue
from meeple.games.newworld.rules import exploration, planning
from meeple.games.newworld.state import (
    AREAS,
    GOLD_SITE,
    NO_MARKER,
    NOBODY,
    PLANNING,
    NewWorldState,
)
from meeple.games.newworld.texts import (
    EXTENDED,
    MAX_SHIPS,
    REDUCED,
    STANDARD,
    START_CASH,
    WORLD,
    country,
    die,
)

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "turns",
        10,
        "Long game (14.3): the turn at whose end money is counted",
        tuple(range(10, 17)),
    ),
    OptionSpec(
        "two_player_version",
        False,
        "Two player version (21): Political Control victory until turn 15, money at 16",
        players=(2,),
    ),
    OptionSpec(
        "version",
        "standard",
        "standard, exploration (16: Areas discovered as they are entered) or alternate"
        " (17: random Areas, all known)",
        ("standard", "exploration", "alternate"),
    ),
    OptionSpec(
        "exploration_setup",
        False,
        "Exploration optional setup (16.5): flip a coastal tile each",
    ),
    OptionSpec("perils_of_the_deep", False, "Perils of the Deep (18) for naval losses"),
    OptionSpec(
        "piracy",
        False,
        "Piracy (22): Ships devoted to Naval War on one player, homebound in Initiative order",
    ),
    OptionSpec(
        "political_control_benefits",
        STANDARD,
        "Political Control: standard, reduced (19) or extended (20)",
        (STANDARD, REDUCED, EXTENDED),
    ),
)

REPLACEMENT_TURNS = 20  # turns 0..19 of the Replacement Box (16 turns + 3 of delay)


def config(players: int, options: Mapping[str, OptionValue] | None = None) -> GameConfig:
    """The config ``Game.make_config`` makes of a valid request: every option at the
    value given or its default (for positions built below the game, positions.py)."""
    chosen = dict(options or {})
    unknown = sorted(set(chosen) - {spec.name for spec in OPTION_SPECS})
    if unknown:
        raise BadConfig(f"unknown option(s) {unknown} for newworld")
    return GameConfig(
        players,
        {spec.name: spec.check(chosen.get(spec.name, spec.default)) for spec in OPTION_SPECS},
    )


def new_state(config: GameConfig, seed: int) -> NewWorldState:
    """What the game's ``new_game`` makes of a checked config: the common fields,
    then ``deal``."""
    state = NewWorldState.begin(config, seed)
    deal(state)
    return state


def deal(state: NewWorldState) -> None:
    n = state.players
    if state.config.options.get("two_player_version") and n != 2:
        raise BadConfig("the two-player version (21) is for two players only")
    state.playable = list(WORLD.playable(n))
    zero_areas = bytearray(n * AREAS)
    for name in (
        "soldiers",
        "colonists",
        "off_soldiers",
        "off_colonists",
        "emb_soldiers",
        "emb_colonists",
        "gold",
        "emb_gold",
        "arrived_soldiers",
        "arrived_colonists",
        "arrived_gold",
        "used_vs_players",
        "used_vs_natives",
        "retreated",
        "retreated_soldiers",
    ):
        setattr(state, name, zero_areas.copy())
    state.cash = [START_CASH] * n
    state.ships = [0] * n
    state.home_soldiers = [0] * n
    state.replacement = [0] * (REPLACEMENT_TURNS * n)
    state.new_colonists = [-1] * n
    state.bids = [-1] * n
    state.landfall = [NOBODY] * n
    for name in (
        "plan_maintain",
        "plan_build",
        "plan_buy",
        "fleet_ships",
        "fleet_soldiers",
        "fleet_colonists",
        "fleet_gold",
        "fleet_bars",
        "fleet_pirates",
        "plan_pirates",
        "delivered",
    ):
        setattr(state, name, [0] * n)
    state.plan_step = [0] * n
    state.plan_landings = [[] for _ in range(n)]
    state.fleet_at = [NOBODY] * n
    state.fleet_out = [False] * n
    state.plan_enemy = [NOBODY] * n
    state.raided_at = [NOBODY] * n
    state.shortfall = []
    state.landed = []
    state.outbound_markers = []
    state.arranging = []
    state.gold_leave = []
    state.gold_asked = [0] * n
    state.claim = []
    state.battle = []
    state.pirate_attack = []
    state.natives_attack = []
    state.pirate_gold = [0] * (n * MAX_SHIPS)
    place_pieces(state)
    state.tile_climate = [area.climate for area in WORLD.areas]
    state.explored = [True] * AREAS
    state.resources = [area.resources for area in WORLD.areas]
    state.gold_cup, state.resource_cup, state.native_cup = [], [], []
    state.native_reserve = 0
    if exploration.version(state) != exploration.STANDARD_VERSION:
        exploration.deal_tiles(state)
    state.initiative = list(range(n))
    state.bid_order = []
    state.entries = []
    state.winners = []
    state.pending = []
    state.losses = []
    state.end_note = ""
    state.phase = PLANNING
    state.turn = 0
    state.actor = NOBODY
    state.step = 0
    state.leader = high_roller(state)
    planning.start_turn(state)


def place_pieces(state: NewWorldState) -> None:
    """Natives (3.2), Gold Site markers white side up (3.3) and Cities on every
    playable Area."""
    state.natives = [0] * AREAS
    state.loose_gold = [0] * AREAS
    state.site_kind = [NO_MARKER] * (2 * AREAS)
    state.site_holder = [NOBODY] * (2 * AREAS)
    state.city_value = [0] * AREAS
    state.city_holder = [NOBODY] * AREAS
    state.pc = [NOBODY] * AREAS
    for area in WORLD.areas:
        if not state.playable[area.index]:
            continue
        state.natives[area.index] = area.natives
        state.city_value[area.index] = area.city
        for slot in range(area.gold_sites):
            state.site_kind[2 * area.index + slot] = GOLD_SITE


def high_roller(state: NewWorldState) -> int:
    """All roll; the high roller (re-rolling ties) is the first Game Leader (3.6)."""
    contenders = list(range(state.players))
    while len(contenders) > 1:
        rolls = [die(state) for _ in contenders]
        best = max(rolls)
        contenders = [s for s, r in zip(contenders, rolls, strict=True) if r == best]
    state.log.append(
        Event(
            "leader",
            f"{country(contenders[0])} is the high roller and first Game Leader",
            {"seat": contenders[0]},
            None,
            True,
        )
    )
    return contenders[0]
