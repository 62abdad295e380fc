"""Piracy, optional rule 22.

A player may write on his Planning Sheet a number of his Ships devoted to Piracy
and the one player on whom he declares Naval War (22.1). The Pirate Ships are
paid for and sail with the Fleet like the others (22.1, 22.4) but carry no
Personnel and no Gold but what they capture. With Piracy the Homebound Naval
Movement is made in Initiative order (22.2): at each Anchorage where it stops, a
Fleet with Pirates may attack the enemy's Fleet (22.3) or, where the enemy's Gold
waits on the Anchorage dot without his Fleet, raid the port (22.4).

The dice procedures are pure (``attack_fleet``, ``raid_port``) over a die, like
rules/naval.py; the rest applies them to the state. As in a battle on land (8.31),
the Pirate is asked between two dice how the attack goes on (22.3): `roll the next
die`, `fight to the end` (every die left without asking again, a 6's reroll
included) or `offer to cancel the attack` (the enemy refuses, and the die is
rolled, or agrees, and the attack ends); after a 6 the die to come is the reroll he
"may" make: `roll again` or `stop rolling` (the next Pirate Ship rolls).
``state.pirate_attack`` holds the attack under way from its first die to its last:
``KIND`` (``FLEET`` or ``PORT``), the attacker, the Pirate Ship rolling, the
Pirates sunk (bits), whether a 6 left a reroll to come, ``PACE`` and ``OFFER`` as
rules/battle.py has them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from meeple.engine import Event, GameConfig
from meeple.games.newworld.actions import (
    AGREE_CANCEL,
    FIGHT_TO_END,
    OFFER_CANCEL,
    REFUSE_CANCEL,
    ROLL_AGAIN,
    ROLL_NEXT,
    SPACE,
    STOP_ROLLING,
)
from meeple.games.newworld.rules import fleetcard
from meeple.games.newworld.rules.cargo import cargo_of, store_cargo, store_loads
from meeple.games.newworld.rules.naval import Arrange, Cargo, Load, Roll, lose_ship, spread
from meeple.games.newworld.state import NOBODY, NewWorldState, at
from meeple.games.newworld.texts import (
    GOLD_BAR,
    amount,
    amounts,
    area_word,
    country,
    die,
    listing,
    log,
)

# ``state.pirate_attack``'s fields; PACE's and OFFER's values as in rules/battle.py.
KIND, ATTACKER, PIRATE, SUNK, REROLLING, PACE, OFFER = range(7)
FLEET, PORT = 0, 1
UNDECIDED, ASK_HIM, GO, TO_END = -1, 0, 1, 2
# How a logged stretch of an attack ends: the attack over, the enemy arranging his
# Fleet card (6.21), the Pirate asked between two dice (22.3).
OVER, ARRANGING, ASKED = range(3)


def enabled(config: GameConfig) -> bool:
    return bool(config.options.get("piracy", False))


@dataclass
class PirateBattle:
    """What a Piracy attack did: every die rolled, Pirate Ships lost, the enemy's
    Ships sunk (fleet attack) or Gold Bars taken (port raid), dollars captured.
    A fleet attack stops while the enemy arranges his Fleet card (6.21): ``pirate``
    is then the Pirate whose 6 sinks the next Ship, ``sinking`` True; either stops
    between two dice when ``go_on`` says so (``sinking`` False). ``sunk`` holds the
    Pirates already lost to a 1 (removed when the battle ends), ``rerolling`` a 6's
    reroll to come, ``started`` that a die was rolled, ``done`` False while
    stopped."""

    rolls: list[int] = field(default_factory=list)
    pirates_lost: int = 0
    ships_sunk: int = 0
    bars_taken: int = 0
    captured: int = 0
    pirate: int = 0
    sunk: list[int] = field(default_factory=list)
    sinking: bool = False
    rerolling: bool = False
    started: bool = False
    done: bool = False


GoOn = Callable[[PirateBattle], bool]  # asked before each die but the first: roll it?


def always(battle: PirateBattle) -> bool:
    return True


def _sink_pirates(pirates: Cargo, sunk: list[int]) -> None:
    """Remove the Pirate Ships at positions ``sunk`` with the Gold they hold."""
    for k in sorted(sunk, reverse=True):
        pirates.pirate_loads.pop(k)
    pirates.ships -= len(sunk)
    pirates.lost_ships += len(sunk)


def attack_fleet(
    roll: Roll,
    pirates: Cargo,
    enemy: Cargo,
    arrange: Arrange = spread,
    battle: PirateBattle | None = None,
    go_on: GoOn = always,
) -> PirateBattle:
    """22.3: one die per Pirate Ship, in row order: 1 sinks the Pirate, 2-5 do
    nothing, 6 sinks a Ship of the enemy (chosen as in 6.22, his own Pirates
    included, after he arranges his Fleet card: ``arrange``, 6.21) and the Pirate
    rolls again, a 1 now doing nothing, for as long as he rolls 6. The battle ends
    when each Pirate has rolled or every enemy Ship is sunk. Personnel on a sunk
    Ship are lost; all its Gold goes to the Pirate that sank it, two Bars or more
    (22.3's capture, not 5.3's loading). Goes on from ``battle`` if given;
    stops (``done`` False) when ``arrange`` has no arrangement yet or ``go_on``
    holds the next die back."""
    battle = battle or PirateBattle()
    loads = pirates.pirate_loads
    while battle.pirate < len(loads) and enemy.ships:
        k = battle.pirate
        if battle.sinking:
            rows = arrange(enemy) if enemy.regular else ()
            if rows is None:
                return battle
            gold = lose_ship(enemy, roll, rows)
            battle.ships_sunk += 1
            loads[k] += gold
            battle.captured += gold
            battle.sinking = False
            battle.rerolling = True  # he may roll again, a 1 doing nothing now
            continue
        if battle.started and not go_on(battle):
            return battle
        battle.started = True
        value = roll()
        battle.rolls.append(value)
        if value == 1 and not battle.rerolling:
            battle.sunk.append(k)
        battle.rerolling = False
        battle.sinking = value == 6
        battle.pirate += not battle.sinking
    battle.pirates_lost = len(battle.sunk)
    _sink_pirates(pirates, battle.sunk)
    battle.done = True
    return battle


def raid_port(
    roll: Roll,
    pirates: Cargo,
    bars: int,
    battle: PirateBattle | None = None,
    go_on: GoOn = always,
) -> PirateBattle:
    """22.4: Pirates attacking an Anchorage with the enemy's Gold but not his
    Fleet: 1 or 2 sinks the Pirate, 3-5 do nothing, 6 captures a Gold Bar and the
    Pirate rolls again without risk to himself, for as long as he rolls 6. The
    raid ends when each Pirate has rolled or no Bar is left; a Pirate keeps what
    it captures, two Bars or more (22.3, as for a Ship sunk). Goes on from
    ``battle`` if given; stops (``done`` False) when ``go_on`` holds a die back."""
    battle = battle or PirateBattle()
    loads = pirates.pirate_loads
    while battle.pirate < len(loads) and bars:
        k = battle.pirate
        if battle.started and not go_on(battle):
            return battle
        battle.started = True
        value = roll()
        battle.rolls.append(value)
        if value <= 2 and not battle.rerolling:
            battle.sunk.append(k)
        battle.rerolling = value == 6
        if value == 6:
            loads[k] += GOLD_BAR
            bars -= 1
            battle.bars_taken += 1
            battle.captured += GOLD_BAR
        battle.pirate += not battle.rerolling
    battle.pirates_lost = len(battle.sunk)
    _sink_pirates(pirates, battle.sunk)
    battle.done = True
    return battle


# ---- the state --------------------------------------------------------------------------


def declare(state: NewWorldState, seat: int) -> None:
    """At payment the Pirate Ships join the Fleet, flipped to their Pirate side as
    it sails (22.1); the declaration is announced with the builds (5.5)."""
    store_loads(state, seat, [0] * state.plan_pirates[seat])
    if state.plan_pirates[seat]:
        state.log.append(
            Event(
                "naval war",
                f"{country(seat)} flips {amount(state.plan_pirates[seat], 'Ship')} to their Pirate"
                f" side: Naval War on {country(state.plan_enemy[seat])} (22.1)",
                {"seat": seat, "enemy": state.plan_enemy[seat]},
            )
        )


def enemy_fleet_here(state: NewWorldState, seat: int) -> bool:
    enemy = state.plan_enemy[seat]
    return (
        enemy != NOBODY
        and state.fleet_out[enemy]
        and state.fleet_ships[enemy] > 0
        and state.fleet_at[enemy] == state.fleet_at[seat]
    )


def enemy_gold_here(state: NewWorldState, seat: int) -> int:
    enemy = state.plan_enemy[seat]
    here = state.fleet_at[seat]
    if enemy == NOBODY or here == NOBODY:
        return 0
    return state.emb_gold[at(enemy, here)]


def may_strike(state: NewWorldState, seat: int) -> bool:
    """A Fleet with Pirates may attack once at each Anchorage where it stops (22.2)."""
    return (
        enabled(state.config)
        and state.fleet_pirates[seat] > 0
        and state.raided_at[seat] != state.fleet_at[seat]
    )


def can_attack_fleet(state: NewWorldState, seat: int) -> bool:
    return may_strike(state, seat) and enemy_fleet_here(state, seat)


def can_raid(state: NewWorldState, seat: int) -> bool:
    return (
        may_strike(state, seat)
        and not enemy_fleet_here(state, seat)
        and enemy_gold_here(state, seat) > 0
    )


def targets(state: NewWorldState, seat: int) -> list[int]:
    """Anchorages a Pirate Fleet may sail to for its enemy (22.2): where the
    enemy's Fleet still lies, or his Gold waits on the Anchorage dot."""
    enemy = state.plan_enemy[seat]
    if not enabled(state.config) or state.fleet_pirates[seat] == 0 or enemy == NOBODY:
        return []
    out = {state.fleet_at[enemy]} if state.fleet_out[enemy] else set()
    first = enemy * len(state.natives)
    out |= {a for a in range(len(state.natives)) if state.emb_gold[first + a]}
    return sorted(a for a in out if a != NOBODY)


def attack(state: NewWorldState, seat: int) -> bool:
    """The Pirate Fleet attacks the enemy's Fleet at its Anchorage (22.3). False
    while the enemy arranges his Fleet card before a Ship is lost (6.21) or the
    Pirate is asked between two dice."""
    state.raided_at[seat] = state.fleet_at[seat]
    state.pirate_attack = [FLEET, seat, 0, 0, 0, ASK_HIM, 0]
    return strike(state, seat, PirateBattle(), None)


def battle_of(state: NewWorldState, sinking: bool = False) -> PirateBattle:
    """The attack under way as ``state.pirate_attack`` keeps it (a die rolled)."""
    record = state.pirate_attack
    sunk = [k for k in range(record[PIRATE]) if record[SUNK] >> k & 1]
    return PirateBattle(
        pirate=record[PIRATE],
        sunk=sunk,
        sinking=sinking,
        rerolling=bool(record[REROLLING]),
        started=True,
    )


def keep(state: NewWorldState, battle: PirateBattle) -> None:
    """Where a stopped attack stands, for ``battle_of`` to take it up again."""
    record = state.pirate_attack
    record[PIRATE] = battle.pirate
    record[SUNK] = sum(1 << k for k in battle.sunk)
    record[REROLLING] = int(battle.rerolling)


def pirate_go_on(state: NewWorldState) -> GoOn:
    """The Pirate's word before a die (22.3): rolled without asking after `fight to
    the end` or once he answered for it; else he is asked (the attack stops)."""

    def go_on(battle: PirateBattle) -> bool:
        record = state.pirate_attack
        if record[PACE] == TO_END:
            return True
        if record[PACE] == GO:
            record[PACE] = ASK_HIM
            return True
        record[PACE] = UNDECIDED
        return False

    return go_on


def strike(state: NewWorldState, seat: int, battle: PirateBattle, rows: list[Load] | None) -> bool:
    """Fight the attack on from ``battle`` (the enemy's arrangement ``rows`` for the
    Ship his loss awaited); False when it waits for another arrangement or for the
    Pirate's word between two dice."""
    enemy = state.plan_enemy[seat]
    here = state.fleet_at[seat]
    pirates, target = cargo_of(state, seat), cargo_of(state, enemy)
    arrange = fleetcard.arranger(rows)
    battle = attack_fleet(lambda: die(state), pirates, target, arrange, battle, pirate_go_on(state))
    store_cargo(state, seat, pirates)
    store_cargo(state, enemy, target)
    lost = (battle.pirates_lost, battle.ships_sunk, target.lost_soldiers, target.lost_colonists)
    stop = OVER if battle.done else ARRANGING if battle.sinking else ASKED
    fought = (seat, enemy, here, tuple(battle.rolls), stop, lost, battle.captured)
    data = {"seat": seat, "area": here}
    state.log.append(Event("piracy", attack_words, data, None, True, fought))
    if not battle.done:
        keep(state, battle)
        if battle.sinking:
            fleetcard.pause_piracy(state, enemy, target, seat, battle.pirate, battle.sunk)
        return False
    state.pirate_attack = []
    if state.fleet_ships[enemy] == 0:
        state.fleet_out[enemy] = False
        state.fleet_at[enemy] = NOBODY
    if state.fleet_ships[seat] == 0:
        state.fleet_out[seat] = False
        state.fleet_at[seat] = NOBODY
    return True


def resume(state: NewWorldState, rows: list[Load]) -> bool:
    """The attack goes on once the enemy has arranged his Fleet card (``rows``, from
    ``state.arranging``, which is cleared); False when it waits for another
    arrangement."""
    attacker = state.arranging[fleetcard.ARG]
    state.arranging = []
    return strike(state, attacker, battle_of(state, sinking=True), rows)


def attack_words(
    seat: int,
    enemy: int,
    here: int,
    rolls: tuple[int, ...],
    stop: int,
    lost: tuple[int, int, int, int],
    captured: int,
) -> str:
    """A Pirate attack on a Fleet (22.3), written when the log is read: ``lost`` are
    the Pirate Ships lost, the enemy's Ships sunk and his Soldiers and Colonists lost
    with them; ``stop`` says whether it is over or waits for the enemy's Fleet card
    (6.21) or the Pirate's word before the next die."""
    pirates_lost, sunk, soldiers, colonists = lost
    results = [f"{amount(pirates_lost, 'Pirate Ship')} lost"] if pirates_lost else []
    if sunk or soldiers or colonists:
        aboard = listing(amounts((soldiers, "Soldier"), (colonists, "Colonist")), "nothing aboard")
        results.append(f"{amount(sunk, 'Ship')} of {country(enemy)} sunk with {aboard}")
    if captured:
        results.append(f"${captured} of Gold captured")
    outcome = listing(results, "no Ship lost")
    if stop == ARRANGING:
        outcome += f"; {country(enemy)} arranges the Fleet card (6.21)"
    elif stop == ASKED:
        outcome += "; the attack goes on (22.3)"
    return (
        f"{country(seat)}'s Pirates attack {country(enemy)}'s Fleet at {area_word(here)}:"
        f" {' '.join(map(str, rolls))}; {outcome}"
    )


def raid(state: NewWorldState, seat: int) -> bool:
    """The Pirate Fleet raids the enemy's Gold on the Anchorage dot (22.4); False
    while the Pirate is asked between two dice."""
    state.raided_at[seat] = state.fleet_at[seat]
    state.pirate_attack = [PORT, seat, 0, 0, 0, ASK_HIM, 0]
    return raid_on(state, seat, PirateBattle())


def raid_on(state: NewWorldState, seat: int, battle: PirateBattle) -> bool:
    """The raid goes on from ``battle``; False when the Pirate is asked."""
    enemy = state.plan_enemy[seat]
    here = state.fleet_at[seat]
    pirates = cargo_of(state, seat)
    bars = enemy_gold_here(state, seat)
    battle = raid_port(lambda: die(state), pirates, bars, battle, pirate_go_on(state))
    store_cargo(state, seat, pirates)
    state.emb_gold[at(enemy, here)] -= battle.bars_taken
    taken = [f"{amount(battle.pirates_lost, 'Pirate Ship')} lost"] if battle.pirates_lost else []
    if battle.bars_taken:
        taken.append(f"{amount(battle.bars_taken, 'Gold Bar')} of {country(enemy)} captured")
    log(
        state,
        "piracy",
        f"{country(seat)}'s Pirates raid the port of {area_word(here)}:"
        f" {' '.join(map(str, battle.rolls))}; {listing(taken, 'nothing lost or captured')}"
        + ("" if battle.done else "; the raid goes on (22.4)"),
        True,
        seat=seat,
        area=here,
    )
    if not battle.done:
        keep(state, battle)
        return False
    state.pirate_attack = []
    if state.fleet_ships[seat] == 0:
        state.fleet_out[seat] = False
        state.fleet_at[seat] = NOBODY
    return True


# ---- the Pirate's word between two dice, the enemy's answer to an offer (22.3) -------------


def asking(state: NewWorldState) -> bool:
    """The attack under way waits for the Pirate's word or the enemy's answer."""
    record = state.pirate_attack
    return bool(record) and UNDECIDED in (record[PACE], record[OFFER])


def decider(state: NewWorldState) -> int:
    record = state.pirate_attack
    attacker = record[ATTACKER]
    return state.plan_enemy[attacker] if record[OFFER] == UNDECIDED else attacker


def question_actions(state: NewWorldState, seat: int) -> list[int]:
    """The Pirate's question before a die, the old pick first (a 6's reroll "may" be
    made, 22.3), or the enemy's answer to his offer to cancel."""
    if seat != decider(state):
        return []
    record = state.pirate_attack
    if record[OFFER] == UNDECIDED:
        return [REFUSE_CANCEL, AGREE_CANCEL]
    if record[REROLLING]:
        return [ROLL_AGAIN, FIGHT_TO_END, STOP_ROLLING, OFFER_CANCEL]
    return [ROLL_NEXT, FIGHT_TO_END, OFFER_CANCEL]


def answer(state: NewWorldState, seat: int, index: int) -> bool:
    """The Pirate's word or the enemy's answer; the attack goes on (True once it is
    over, False while it waits again)."""
    record = state.pirate_attack
    attacker = record[ATTACKER]
    kind = SPACE[index].kind
    here = state.fleet_at[attacker]
    ended = False
    if kind == "offer_cancel":
        record[OFFER] = UNDECIDED
        log(
            state,
            "cancel offered",
            f"{country(attacker)}'s Pirates offer {country(state.plan_enemy[attacker])} to"
            f" cancel the attack at {area_word(here)} (22.3)",
            seat=attacker,
            area=here,
        )
        return False
    if kind in ("refuse_cancel", "agree_cancel"):
        record[OFFER] = 0
        ended = kind == "agree_cancel"
        verb = "agrees: the attack ends" if ended else "refuses: the Pirates roll on"
        log(state, "cancel answered", f"{country(seat)} {verb} (22.3)", seat=seat, area=here)
    if kind == "stop_rolling":  # the next Pirate Ship rolls
        record[REROLLING] = 0
        record[PIRATE] += 1
    record[PACE] = TO_END if kind == "fight_to_end" else GO
    battle = battle_of(state)
    if ended:
        battle.pirate = state.fleet_pirates[attacker]  # no Pirate Ship rolls any more
    if record[KIND] == PORT:
        return raid_on(state, attacker, battle)
    return strike(state, attacker, battle, None)
