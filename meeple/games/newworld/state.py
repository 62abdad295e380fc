"""New World's game state: flat lists of ints, cheap to clone.

Per-seat-per-Area counts are flat bytearrays (small counts, cheap to copy and
snapshot) indexed ``seat * AREAS + area`` (see
``at``). Soldiers and Colonists on land include those standing on markers: a
Gold Site or Mine marker records its holder (a Prospector or a Miner is one of
that seat's Soldiers or Colonists there), a City records its looter. Embarked
units (``emb_*``, on the Anchorage dot waiting for the Fleet, 8.21) still belong
to the Area for combat and attrition. ``off_*`` are units of this turn's
Outbound Convoy set down on an Anchorage dot, landed at the end of their owner's
Land Movement (8.23). The phase is one int; ``actor`` is the seat deciding in a
sequential phase. docs/games/newworld.md lists every field.
"""

from __future__ import annotations

from typing import Any, Self

from meeple.engine import Event, GameConfig, GameState
from meeple.engine.state import decode, encode

AREAS = 26
NOBODY = -1

# Phases, in turn order (4.). Automatic steps (gold, initiative, uprisings,
# survival, political control, income) run between decisions.
COLONISTS = 0  # every seat takes four Colonists or rolls for them (5.1)
BIDDING = 1  # turn 1: secret Exclusive Landfall bids (5.41)
LANDFALL = 2  # turn 1: bidders choose their Exclusive Anchorage, highest first
PLANNING = 3  # secret planning sheets (5.2-5.4)
MOVEMENT = 4  # Land Movement in Initiative order (8.2)
COMBAT_PLAYERS = 5  # combat against players in Initiative order (8.3)
COMBAT_NATIVES = 6  # combat against Natives in Initiative order (8.33)
HOMEBOUND = 7  # every Fleet picks up and sails home (12.)
GAME_OVER = 8
EXPLORE = 9  # Exploration version, optional setup: each player flips a coastal tile (16.5)
OUTBOUND = 10  # a Fleet at a Landing chooses where a shortfall of Personnel falls (5.4)
UPRISING_PHASE = 11  # the owners choose which Colonists/Miners the Natives take (9.4)
SURVIVAL_PHASE = 12  # the owners choose which Personnel the climate takes (10.1, 6.24)
PHASE_NAMES = (
    "colonists",
    "exclusive landfall bids",
    "exclusive landfall choice",
    "planning",
    "land movement",
    "combat vs players",
    "combat vs natives",
    "homebound naval movement",
    "game over",
    "exploration setup",
    "outbound naval movement",
    "native uprisings",
    "survival",
)

# Planning steps of one seat's sheet (PLANNING).
STEP_MAINTAIN = 0
STEP_BUILD = 1
STEP_BUY = 2
STEP_LAND = 3
STEP_SOLDIERS = 4
STEP_COLONISTS = 5
STEP_NEXT = 6
STEP_SEALED = 7

# Gold marker kinds (two slots per Area).
NO_MARKER = 0
GOLD_SITE = 1
MINE = 2

_PER_SEAT_AREA = (
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
)
_FLAT = (
    *_PER_SEAT_AREA,
    "cash",
    "ships",
    "home_soldiers",
    "replacement",
    "new_colonists",
    "bids",
    "landfall",
    "plan_maintain",
    "plan_build",
    "plan_buy",
    "plan_step",
    "plan_pirates",
    "plan_enemy",
    "fleet_ships",
    "fleet_at",
    "fleet_soldiers",
    "fleet_colonists",
    "fleet_gold",
    "fleet_bars",
    "fleet_out",
    "fleet_pirates",
    "pirate_gold",
    "raided_at",
    "shortfall",
    "landed",
    "outbound_markers",
    "arranging",
    "gold_leave",
    "gold_asked",
    "claim",
    "battle",
    "pirate_attack",
    "natives_attack",
    "delivered",
    "natives",
    "loose_gold",
    "site_kind",
    "site_holder",
    "city_value",
    "city_holder",
    "pc",
    "playable",
    "initiative",
    "bid_order",
    "winners",
    "pending",
    "losses",
    "tile_climate",
    "explored",
    "resources",
    "gold_cup",
    "resource_cup",
    "native_cup",
)


class NewWorldState(GameState):
    __slots__ = (
        *_FLAT,
        "actor",
        "end_note",
        "entries",
        "leader",
        "native_reserve",
        "phase",
        "plan_landings",
        "players",
        "step",
        "turn",
    )

    phase: int
    players: int  # the config's player count, kept at hand (read in every loop over seats)
    turn: int
    leader: int  # the Game Leader (3.6): makes the common rolls, rotates left
    actor: int  # the seat deciding in a sequential phase, NOBODY otherwise
    step: int  # position in ``initiative`` (MOVEMENT, combat) or ``bid_order`` (LANDFALL)
    # per seat * AREAS + area
    soldiers: bytearray
    colonists: bytearray
    off_soldiers: bytearray
    off_colonists: bytearray
    emb_soldiers: bytearray
    emb_colonists: bytearray
    gold: bytearray
    emb_gold: bytearray
    arrived_soldiers: bytearray  # moved or landed this Land Movement: may not move again
    arrived_colonists: bytearray
    arrived_gold: bytearray
    used_vs_players: bytearray  # surviving Soldiers that attacked a player this turn (8.311)
    used_vs_natives: bytearray
    retreated: bytearray  # Colonists that retreated this turn: no control, no income (8.32)
    # Soldiers that retreated this turn: off markers, not counted for control (8.32, 11.2)
    retreated_soldiers: bytearray
    # per seat
    cash: list[int]  # secret from other seats (13.3)
    ships: list[int]  # Ships owned, offboard between turns (maintain or lose them, 5.3)
    home_soldiers: list[int]  # Soldiers offboard, kept for later turns (6.4)
    replacement: list[int]  # turn * players + seat: Soldiers in that turn's Replacement Box
    new_colonists: list[int]  # this turn's Colonists (5.1), -1 until decided
    bids: list[int]  # turn 1 Exclusive Landfall bids, -1 until sealed (secret)
    landfall: list[int]  # turn 1 Exclusive Anchorage, NOBODY until chosen
    plan_maintain: list[int]  # the secret Planning Sheet (5.2-5.4)
    plan_build: list[int]
    plan_buy: list[int]
    plan_step: list[int]
    plan_landings: list[list[int]]  # per seat, flat triples (area, soldiers, colonists)
    plan_pirates: list[int]  # Ships devoted to Piracy this turn (22.1); announced at payment
    plan_enemy: list[int]  # the seat on which Naval War is declared, NOBODY (22.1)
    fleet_ships: list[int]  # the Fleet at sea this turn
    fleet_at: list[int]  # Area of its Anchorage, NOBODY offboard
    fleet_soldiers: list[int]  # Personnel aboard
    fleet_colonists: list[int]
    fleet_gold: list[int]  # dollars of Gold aboard (a lost Ship takes its share, 6.23)
    fleet_bars: list[int]  # Gold Bars loaded (capacity two per Ship)
    fleet_out: list[bool]  # still in the New World (HOMEBOUND)
    fleet_pirates: list[int]  # Pirate Ships in the Fleet (22.1): its last rows
    pirate_gold: list[int]  # seat * MAX_SHIPS + k: dollars aboard the seat's Pirate Ship k (22.3)
    raided_at: list[int]  # the Anchorage where the seat's Pirates attacked at this stop, NOBODY
    shortfall: list[int]  # OUTBOUND: [seat, landing row, kind 0 Soldiers / 1 Colonists]
    # of a Landing short of Personnel whose count its player chooses (5.4), empty otherwise
    landed: list[int]  # MOVEMENT: (area, soldiers, colonists) per Area where the mover's
    # arrivals have just landed and may still take an unoccupied City or Mine (8.23)
    outbound_markers: list[int]  # Perils of the Deep markers per Sea Zone number (18.2)
    # while the Outbound movement waits for a choice, empty otherwise
    arranging: list[int]  # a Fleet card arranged before a Ship is lost (6.21, 6.23):
    # [seat, where the voyage resumes, Naval Losses Table rolls to come, Ship losses of
    # this roll to come, homebound 0/1, its argument, then (soldiers, colonists, bars)
    # per row loaded so far], empty otherwise (rules/fleetcard.py)
    gold_leave: list[int]  # HOMEBOUND: [owner, area, seats that agreed as bits] while the
    # players whose Personnel hold Gold on an Anchorage dot in its owner's absence are
    # asked to let it be shipped (8.223), empty otherwise
    gold_asked: list[int]  # per seat: Areas (bits) where it asked this turn (8.223)
    claim: list[int]  # MOVEMENT: [seat, area] while the second occupant of a newly
    # explored Area decides whether to claim its second Gold Site (16.411), else empty
    pirate_attack: list[int]  # HOMEBOUND: a Pirate attack under way (22.3, 22.4) from its
    # first die to its last: [fleet 0 / port 1, the Pirate's seat, Pirate Ship rolling,
    # Pirates sunk (bits), a 6's reroll to come, the Pirate's word before the next die,
    # an offer to cancel open], empty otherwise (rules/piracy.py)
    natives_attack: list[int]  # COMBAT_NATIVES: an attack on Natives waiting for its
    # attacker's word on a 6's reroll (8.33, 8.31): [seat, area, attacking Soldiers, still
    # to roll, reroll to come, his word, his Soldiers lost, Natives killed, the dice...],
    # empty otherwise (rules/attacks.py)
    delivered: list[int]  # dollars of Gold delivered offboard this turn (13.2)
    # per Area
    natives: list[int]
    loose_gold: list[int]  # unattended Gold Bars (8.223)
    site_kind: list[int]  # area * 2 + slot: NO_MARKER, GOLD_SITE or MINE
    site_holder: list[int]  # the seat whose Prospector / Miner stands on it
    city_value: list[int]  # 0: no City (or depleted)
    city_holder: list[int]  # the seat whose Soldier loots it
    pc: list[int]  # the seat with Political Control, NOBODY
    playable: list[bool]  # not covered on the Unplayable Areas Display (3.1)
    initiative: list[int]  # this turn's Initiative Display, first mover first
    bid_order: list[int]  # turn 1: the order of landfall choices, highest bid first
    entries: list[tuple[int, int, int, int]]  # (seat, from, to, soldiers) this turn (8.22)
    winners: list[int]
    tile_climate: list[int]  # per Area: the Climate of its tile (hidden until explored, 16)
    explored: list[bool]  # the tile is face up (always in the standard game)
    resources: list[int]  # per Area: 1, or 2 for double Resources
    gold_cup: list[int]  # Exploration randomizer cups (16.3): public counts per kind
    resource_cup: list[int]
    native_cup: list[int]
    native_reserve: int  # Natives kept apart for City Areas (16.42)
    losses: list[int]  # losses whose units their owner still chooses, five numbers per
    # record, the first record the one being chosen: [seat, area, Soldiers, Colonists,
    # cause (the attacker's seat in a battle, 8.314; rules/losses.py UPRISING 9.4 or
    # SURVIVAL 10.1)], empty otherwise
    battle: list[int]  # the battle under way with ``pending`` (8.31, 8.32): [soldier
    # retreat allowed (1; 0 not for the coming die; -1 the attacker's question open
    # before it), rerolling a 6, attacker's losses, defender's Soldiers lost, Colonists
    # lost, defender asked before the next die, no more questions (fight to the end), a
    # retreat put to the players where it goes (its Area or -1, Soldiers 0/1, seats that
    # accepted as bits), Areas refused to Colonists and to Soldiers as bits, how many
    # the retreat moves, the 8.312 question, the attacker's word before the coming die
    # and an offer to cancel open (8.31), then the combat dice rolled so far], empty
    # otherwise (rules/battle.py)
    pending: list[int]  # a declared attack under way (a decision waits within it):
    # [attacker, defender, area, attacking Soldiers still to roll], empty otherwise (8.31)
    end_note: str

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        self._copy_common(twin)
        for name in _FLAT:
            setattr(twin, name, getattr(self, name).copy())
        twin.plan_landings = [row.copy() for row in self.plan_landings]
        twin.entries = self.entries.copy()
        twin.phase = self.phase
        twin.turn = self.turn
        twin.players = self.players
        twin.leader = self.leader
        twin.actor = self.actor
        twin.step = self.step
        twin.end_note = self.end_note
        twin.native_reserve = self.native_reserve
        return twin

    def snapshot_fields(self) -> dict[str, Any]:
        """The engine's snapshot fields (``meeple.engine.state.encode``) but the log,
        which is written as rows ``[kind, text, data, private_to, reveals]``: the same
        events, a third of the JSON of one object per event, read and written twice as
        fast (``restore_fields`` reads them back)."""
        fields = {name: encode(getattr(self, name)) for name in self.fields() if name != "log"}
        fields["log"] = [[e.kind, e.text, e.data, e.private_to, e.reveals] for e in self.log]
        return fields

    def restore_fields(self, data: dict[str, Any]) -> None:
        """The fields ``snapshot_fields`` wrote; a document without a log list is left
        to the engine, which says what is wrong with it."""
        if not isinstance(data, dict) or not isinstance(data.get("log"), list):
            super().restore_fields(data)
            return
        super().restore_fields({**data, "log": []})
        self.log = events_from_rows(data["log"])

    @classmethod
    def begin(cls, config: GameConfig, seed: int) -> Self:
        state = super().begin(config, seed)
        state.players = config.players
        return state


def events_from_rows(rows: list[Any]) -> list[Event]:
    """The log written by ``NewWorldState.snapshot_fields`` (an event in the engine's
    form is read too)."""
    events = []
    for row in rows:
        if isinstance(row, dict):
            event = decode(row)
        elif isinstance(row, list) and len(row) == 5:
            event = Event(*row)
        else:
            raise ValueError(
                f"a snapshot's log row is [kind, text, data, private_to, reveals], not {row!r}"
            )
        events.append(event)
    return events


def at(seat: int, area: int) -> int:
    """Index of a per-seat-per-Area list."""
    return seat * AREAS + area


def per_seat_area_fields() -> tuple[str, ...]:
    return _PER_SEAT_AREA
