"""The Combat Phases (8.3 against players, 8.33 against Natives), each in
Initiative order: a seat's attacks, battles (rules/battle.py) and the markers its
surviving attackers take (8.314); a seat with no choice is passed over."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from meeple.engine import Event
from meeple.games.newworld.actions import (
    END_COMBAT,
    FIGHT_TO_END,
    ROLL_AGAIN,
    SPACE,
    STOP_ROLLING,
    attack_index,
    natives_index,
)
from meeple.games.newworld.rules import battle, losses, units
from meeple.games.newworld.rules.control import check_pc_loss
from meeple.games.newworld.rules.markers import apply_marker, marker_actions
from meeple.games.newworld.state import (
    AREAS,
    COMBAT_PLAYERS,
    NOBODY,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import (
    EXTENDED,
    amount,
    amounts,
    area_word,
    country,
    die,
    pc_benefits,
)


def begin(state: NewWorldState, phase: int) -> bool:
    """A Combat Phase (COMBAT_PLAYERS or COMBAT_NATIVES) in Initiative order; True
    when it is over with no decision."""
    check_pc_loss(state)
    state.phase = phase
    state.step = 0
    return next_fighter(state)


def next_fighter(state: NewWorldState) -> bool:
    """The seat at ``step`` fights, or is passed over when it has no choice; True
    once the phase is over (control is checked at its end, 11.2)."""
    while state.step < state.players:
        state.actor = state.initiative[state.step]
        if combat_has_choice(state, state.actor):
            return False
        state.step += 1
    state.actor = NOBODY
    check_pc_loss(state)
    return True


def defenders(state: NewWorldState, defender: int, area: int) -> tuple[int, int]:
    """Soldiers (Prospectors included; under rule 20 the Political Control marker
    too) and Colonists a defender fights with."""
    soldiers = units.area_soldiers(state, defender, area)
    if pc_benefits(state.config) == EXTENDED and state.pc[area] == defender:
        soldiers += 1
    return soldiers, units.area_colonists(state, defender, area)


def combat_actions(state: NewWorldState, seat: int) -> list[int]:
    if state.natives_attack:  # a 6's reroll against the Natives (8.33, 8.31)
        return natives_actions(state, seat)
    if state.losses and not state.pending:  # the attacker's own losses to Natives (8.31)
        return losses.actions(state, seat)
    if state.pending:
        return battle.actions(state, seat)  # decisions within a battle (8.31, 8.32)
    out: list[int] = []
    for group in _combat_groups(state, seat):
        out += group
    out.append(END_COMBAT)
    return out


def _combat_groups(state: NewWorldState, seat: int) -> Iterator[Sequence[int]]:
    """The seat's attacks and marker placements, a few at a time, in their order
    (so that ``combat_has_choice`` stops at the first). Markers are taken at the end
    of a battle by its attacker (8.314): only in an Area where surviving Soldiers of
    the seat attacked in this phase."""
    vs_players = state.phase == COMBAT_PLAYERS
    attacked = state.used_vs_players if vs_players else state.used_vs_natives
    soldiers, embarked, colonists = state.soldiers, state.emb_soldiers, state.colonists
    first = seat * AREAS
    others = [other for other in range(state.players) if other != seat] if vs_players else []
    marker_pc = vs_players and pc_benefits(state.config) == EXTENDED  # rule 20: it defends
    kinds, cities = state.site_kind, state.city_value
    for area in units.seat_areas(seat, soldiers, embarked, colonists):
        i = first + area
        have = soldiers[i] + embarked[i]
        if vs_players:
            free = have - state.used_vs_players[i]
            if free > 0:
                for other in others:
                    if _defended(state, other, area, marker_pc):
                        base = attack_index(other, area, 1)
                        yield range(base, base + free)
        elif state.natives[area]:
            free = have - state.used_vs_natives[i]
            if free > 0:
                base = natives_index(area, 1)
                yield range(base, base + free)
        if attacked[i] and (kinds[2 * area] or kinds[2 * area + 1] or cities[area]):
            yield marker_actions(state, seat, area)


def _defended(state: NewWorldState, other: int, area: int, marker_pc: bool) -> bool:
    """Whether ``other`` has anyone to attack in the Area (8.3); ``marker_pc``: under
    rule 20 his Political Control marker counts as a Soldier."""
    i = other * AREAS + area
    if state.soldiers[i] or state.colonists[i] or state.emb_soldiers[i] or state.emb_colonists[i]:
        return True
    return marker_pc and state.pc[area] == other


def combat_has_choice(state: NewWorldState, seat: int) -> bool:
    if state.natives_attack:
        return True
    if state.losses and not state.pending:
        return len(losses.actions(state, seat)) > 1
    if state.pending:
        return len(battle.actions(state, seat)) > 1
    return any(_combat_groups(state, seat))


def apply_combat(state: NewWorldState, seat: int, index: int) -> bool:
    """One decision of a Combat Phase; True once the phase is over."""
    if state.natives_attack:
        answer_natives(state, index)
        return False
    if state.losses and not state.pending:  # which attackers the Natives took (8.31)
        area = state.losses[1]
        if losses.apply(state, index):
            units.abandon_gold(state, seat, area)
        return False
    if state.pending:
        battle.apply(state, seat, index)
        return False
    action = SPACE[index]
    numbers = [a for a in action.args if isinstance(a, int)]
    if action.kind == "end_combat":
        state.step += 1
        return next_fighter(state)
    if action.kind == "attack":
        battle.declare(state, seat, numbers[0], numbers[1], numbers[2])
    elif action.kind == "attack_natives":
        attack_natives(state, seat, numbers[0], numbers[1])
    else:
        apply_marker(state, seat, action.kind, numbers[0])
    return False


# ``state.natives_attack``'s fields (8.33): the attacker, the Area, his attacking
# Soldiers, those still to roll, a 6's reroll to come, his word on it
# (``battle.ASK_HIM``, ``UNDECIDED``, ``GO``, ``TO_END``), his Soldiers lost, the
# Natives killed; then the dice.
N_SEAT, N_AREA, N_COUNT, N_LEFT, N_REROLL, N_PACE, N_LOST, N_KILLED = range(8)
N_ROLLED = 8


def attack_natives(state: NewWorldState, seat: int, area: int, count: int) -> None:
    """An attack on the Natives, die by die as against a player (8.33 "the same",
    8.31): the only choice between two dice is a 6's reroll, which the Soldier "may"
    make (no one can agree to a cancel); the dice fall as ``combat.fight`` has them."""
    i = at(seat, area)
    battle.flip_prospectors(state, seat, area, count, state.used_vs_natives[i])
    state.natives_attack = [seat, area, count, count, 0, battle.ASK_HIM, 0, 0]
    roll_on_natives(state)


def roll_on_natives(state: NewWorldState) -> None:
    """Roll until the attacker is asked about a reroll or the attack is over."""
    record = state.natives_attack
    area = record[N_AREA]
    while state.natives[area] and (record[N_LEFT] or record[N_REROLL]):
        if record[N_REROLL] and record[N_PACE] == battle.ASK_HIM:
            record[N_PACE] = battle.UNDECIDED  # 8.31: "may immediately roll again"
            return
        if record[N_PACE] == battle.GO:
            record[N_PACE] = battle.ASK_HIM
        value = die(state)
        record.append(value)
        if not record[N_REROLL]:
            record[N_LEFT] -= 1
            if value % 2:
                record[N_LOST] += 1
                continue
        elif value % 2:  # a reroll ignores odd results (8.31)
            record[N_REROLL] = 0
            continue
        record[N_REROLL] = int(value == 6)
        state.natives[area] -= 1  # removed from play (8.33)
        record[N_KILLED] += 1
    finish_natives(state)


def natives_actions(state: NewWorldState, seat: int) -> list[int]:
    """A 6's reroll against the Natives: the old pick, to roll, first."""
    if seat != state.natives_attack[N_SEAT]:
        return []
    return [ROLL_AGAIN, FIGHT_TO_END, STOP_ROLLING]


def answer_natives(state: NewWorldState, index: int) -> None:
    record = state.natives_attack
    if index == STOP_ROLLING:
        record[N_REROLL] = 0
        record[N_PACE] = battle.GO
        data = {"seat": record[N_SEAT], "area": record[N_AREA]}
        args = (record[N_SEAT], record[N_AREA])
        state.log.append(Event("stop rolling", battle.stop_words, data, args=args))
    else:
        record[N_PACE] = battle.TO_END if index == FIGHT_TO_END else battle.GO
    roll_on_natives(state)


def finish_natives(state: NewWorldState) -> None:
    """The attack is over: logged, its attackers counted (8.311 keeps them from
    attacking the Natives again this turn), the attacker's losses chosen."""
    seat, area, count, _, _, _, lost, killed = state.natives_attack[:N_ROLLED]
    rolled = state.natives_attack[N_ROLLED:]
    state.natives_attack = []
    state.used_vs_natives[at(seat, area)] += count - lost
    fought = (seat, area, count, lost, killed)
    data = {"seat": seat, "area": area, "dice": rolled}
    state.log.append(Event("battle", natives_battle_words, data, None, True, fought))
    # the Soldiers that rolled odd fell: which ones is the attacker's, as against a
    # player (8.33 "the same", 8.31; rules/losses.py ATTACKING)
    losses.add(state, seat, area, lost, 0, seat)
    losses.settle(state)
    if not state.losses:
        units.abandon_gold(state, seat, area)


def natives_battle_words(seat: int, area: int, count: int, lost: int, natives: int) -> str:
    """An attack on Natives (8.33), written when the log is read."""
    return (
        f"{country(seat)} attacks the Natives of {area_word(area)} with"
        f" {amount(count, 'Soldier')}: " + battle.outcome(lost, amounts((natives, "Native")))
    )
