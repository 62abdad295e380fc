"""A battle against another player, fought die by die (8.31-8.32, 8.312, 8.314).

Once an attack is declared (``pending`` = attacker, defender, Area, attacking
Soldiers still to roll; ``battle`` = the fields below) the dice are rolled one at
a time, as 8.31 describes, and three kinds of decision may come between them:

- the attacker may allow the defender to retreat his Soldiers "either before or
  during the battle" (8.32): asked before the first die and again before each later
  one (a 6's reroll included) until he allows it, but only while the defender could
  retreat his Soldiers before that die; once allowed, it stays allowed;
- then the defender may retreat his Colonists, or his Soldiers if allowed, into an
  adjoining Area "prior to (or even during a battle) between combat resolution die
  rolls" (8.32): asked before each die while a retreat is possible, with `stand
  and fight` (the next die) and `fight to the end` (no more questions this battle,
  for either player);
- the defender chooses which of his units fall (8.314, rules/losses.py), under
  rule 20 his Political Control marker among them;
- once the defending Soldiers are gone with dice still to come, the attacker
  chooses whether he goes on against the Colonists (8.312 "he may");
- before each die after the first the attacker says how the battle goes on (8.31):
  `roll the next die`, `fight to the end` (every die left rolled without asking him
  again, a 6's reroll included) or `offer to cancel the attack`, which the defender
  refuses (the die is rolled) or agrees to (the battle ends, "unless the defender
  agrees"); after a 6 the next die is the reroll the Soldier "may" make: `roll
  again` or `stop rolling` (the next attacking Soldier rolls);
- on an odd roll the attacker chooses which of his attacking Soldiers fell (the one
  that rolled: his to pick, 8.31), on land, embarked or the looter; a Prospector not
  flipped to attack is not among them (rules/losses.py ``ATTACKING``).

A retreat moves all the Colonists (or Soldiers) on land, or some of them: free ones
first, then those on markers ("can retreat his Colonists" does not say all of them,
so Miners and Prospectors may stay on their markers).

No question is asked once no die is to come: a retreat falls between two dice.

Without a retreat the dice fall exactly as ``combat.fight`` rolls them.
"""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.actions import (
    ACCEPT_RETREAT,
    AGREE_CANCEL,
    ALLOW_RETREAT,
    ATTACK_COLONISTS,
    FIGHT_TO_END,
    FORBID_RETREAT,
    MAX_MOVE,
    OBJECT_RETREAT,
    OFFER_CANCEL,
    REFUSE_CANCEL,
    RETREAT,
    RETREAT_SOLDIERS,
    RETREAT_SOME_COLONISTS,
    RETREAT_SOME_SOLDIERS,
    ROLL_AGAIN,
    ROLL_NEXT,
    SPACE,
    SPARE_COLONISTS,
    STAND,
    STOP_ROLLING,
)
from meeple.games.newworld.rules import losses, units
from meeple.games.newworld.rules.combat import COLONISTS_PER_HIT
from meeple.games.newworld.state import GOLD_SITE, NOBODY, NewWorldState, at
from meeple.games.newworld.texts import (
    EXTENDED,
    SOLDIER_POOL,
    WORLD,
    amount,
    amounts,
    area_word,
    country,
    die,
    listing,
    pc_benefits,
)

ALLOWED, REROLL, ATTACKER_LOST, SOLDIERS_LOST, COLONISTS_LOST, ASK, TO_THE_END = range(7)
# ALLOWED: 1 once the attacker allowed Soldier retreats; UNDECIDED while his question
# is open before the coming die (put to him only if a Soldier retreat is possible
# then, else it turns to 0); 0 when he forbade them for the coming die.
# A retreat asked of the players with Personnel where it goes (8.32): its Area (-1
# if none), whether Soldiers retreat, the seats that accepted (bits); and the Areas
# refused this battle to Colonists and to Soldiers (bits); how many the retreat asked
# moves.
REQUEST, REQUEST_SOLDIERS, ACCEPTED, REFUSED_COLONISTS, REFUSED_SOLDIERS = range(7, 12)
REQUEST_COUNT = 12
# ON_COLONISTS (8.312): 0 while the defender has Soldiers to attack (the attacker is
# asked once they are gone), UNDECIDED while he is asked, 1 once he goes on against
# the Colonists (from the declaration on, when no defending Soldier was there).
ON_COLONISTS = 13
# PACE (8.31): the attacker's word before the coming die: ASK_HIM (asked once a die
# was rolled), UNDECIDED while asked, GO (roll it), TO_END (never asked again this
# battle). OFFER: UNDECIDED while the defender answers an offer to cancel, else 0.
PACE, OFFER = 14, 15
ROLLED = 16  # from here on: the combat dice rolled so far, in order (the log lists them)
UNDECIDED = -1
ASK_HIM, GO, TO_END = 0, 1, 2


# ---- who may retreat where (8.32) -------------------------------------------------------------


def retreat_areas(state: NewWorldState, attacker: int, defender: int, area: int) -> list[int]:
    """Adjoining Areas where the defender already has Personnel, not one the
    attacking Soldiers just came from (8.32)."""
    came_from = {a for s, a, b, _ in state.entries if s == attacker and b == area}
    return [
        x
        for x in WORLD.areas[area].land
        if state.playable[x] and x not in came_from and units.personnel(state, defender, x)
    ]


def colonists_may_retreat(state: NewWorldState, defender: int, area: int) -> bool:
    """Colonists on land may retreat while the defender has Soldiers there (8.32);
    under rule 20 his Political Control marker, which "serves as a Soldier on
    defense", is one."""
    i = at(defender, area)
    if not state.colonists[i]:
        return False
    soldiers, marker, _ = defenders(state, defender, area)
    return soldiers > 0 or marker


def soldiers_may_retreat(state: NewWorldState, defender: int, area: int) -> bool:
    """Soldiers on land (Prospectors and the looter leave their markers) retreat
    only if the attacker allows it (8.32)."""
    return bool(state.soldiers[at(defender, area)])


def retreat_options(state: NewWorldState) -> list[int]:
    """The defender's retreats before the coming die: all his Colonists (Soldiers) on
    land to an Area, then some of them (8.32), Colonists first."""
    attacker, defender, area, _ = state.pending
    places = retreat_areas(state, attacker, defender, area)
    if not places:
        return []
    out: list[int] = []
    refused_c, refused_s = state.battle[REFUSED_COLONISTS], state.battle[REFUSED_SOLDIERS]
    i = at(defender, area)
    some: list[int] = []
    if colonists_may_retreat(state, defender, area):
        open_c = [x for x in places if not refused_c >> x & 1]
        out += [RETREAT[x] for x in open_c]
        most = min(state.colonists[i] - 1, MAX_MOVE)
        for x in open_c:
            some += range(RETREAT_SOME_COLONISTS[x], RETREAT_SOME_COLONISTS[x] + most)
    if state.battle[ALLOWED] == 1 and soldiers_may_retreat(state, defender, area):
        open_s = [x for x in places if not refused_s >> x & 1]
        out += [RETREAT_SOLDIERS[x] for x in open_s]
        most = min(state.soldiers[i] - 1, SOLDIER_POOL)
        for x in open_s:
            some += range(RETREAT_SOME_SOLDIERS[x], RETREAT_SOME_SOLDIERS[x] + most)
    return out + some


def die_to_come(state: NewWorldState) -> bool:
    """Another die falls if the defender stands (an attacking Soldier still to roll,
    or a 6's reroll, 8.31): a retreat is made between two dice (8.32). Exact while
    the defender has Soldiers in the Area, which every retreat requires."""
    return state.pending[3] > 0 or bool(state.battle[REROLL])


def questions_open(state: NewWorldState) -> bool:
    """Retreat questions may be put before the coming die: one is to come and the
    defender did not choose to fight to the end."""
    return not state.battle[TO_THE_END] and die_to_come(state)


def soldier_retreat_possible(state: NewWorldState) -> bool:
    """The defender could retreat his Soldiers now if the attacker allowed it (8.32):
    Soldiers on land and an adjoining Area for them, not one refused to Soldiers."""
    attacker, defender, area, _ = state.pending
    if not soldiers_may_retreat(state, defender, area):
        return False
    refused = state.battle[REFUSED_SOLDIERS]
    return any(not refused >> x & 1 for x in retreat_areas(state, attacker, defender, area))


def objectors(state: NewWorldState, to: int) -> list[int]:
    """The other players with Personnel in the Area a retreat goes to, who may
    object to it (8.32), in seat order."""
    defender = state.pending[1]
    return [s for s in range(state.players) if s != defender and units.personnel(state, s, to)]


def next_objector(state: NewWorldState) -> int:
    accepted = state.battle[ACCEPTED]
    waiting = [s for s in objectors(state, state.battle[REQUEST]) if not accepted >> s & 1]
    return waiting[0] if waiting else NOBODY


# ---- the course of the battle ------------------------------------------------------------------


def declare(state: NewWorldState, attacker: int, defender: int, area: int, count: int) -> None:
    """The attack is declared; the retreat questions of the first die follow."""
    i = at(attacker, area)
    flip_prospectors(state, attacker, area, count, state.used_vs_players[i])
    state.used_vs_players[i] += count  # not again against a player this turn (8.311)
    state.pending = [attacker, defender, area, count]
    soldiers, marker, _ = defenders(state, defender, area)
    on_colonists = int(soldiers == 0 and not marker)  # declared against Colonists alone
    state.battle = [UNDECIDED, 0, 0, 0, 0, 1, 0, NOBODY, 0, 0, 0, 0, 0, on_colonists, ASK_HIM, 0]
    declared = (attacker, defender, area, count)
    state.log.append(
        Event("declare", declare_words, {"seat": attacker, "area": area}, args=declared)
    )
    proceed(state)


def declare_words(attacker: int, defender: int, area: int, count: int) -> str:
    """An attack declared (8.31), written when the log is read."""
    return (
        f"{country(attacker)} declares an attack on {country(defender)} in"
        f" {area_word(area)} with {amount(count, 'Soldier')}"
    )


def decider(state: NewWorldState) -> int:
    """The seat whose decision the battle waits for."""
    if state.losses:
        return state.losses[0]
    if state.battle[ON_COLONISTS] == UNDECIDED:
        return state.pending[0]
    if state.battle[OFFER] == UNDECIDED:
        return state.pending[1]
    if state.battle[PACE] == UNDECIDED:
        return state.pending[0]
    if state.battle[ALLOWED] == UNDECIDED:
        return state.pending[0]
    if state.battle[REQUEST] != NOBODY:
        return next_objector(state)
    return state.pending[1]


def proceed(state: NewWorldState) -> None:
    """Roll on until someone must decide or the battle is over. Before each die the
    attacker is asked first (while he has not allowed Soldier retreats and one is
    possible), then the defender (while he has a retreat), then the attacker again
    whether he rolls it (after the first die, ``pace_due``)."""
    while state.pending and not state.losses:
        battle = state.battle
        if battle[REQUEST] != NOBODY or battle[ON_COLONISTS] == UNDECIDED:
            return
        if battle[OFFER] == UNDECIDED or battle[PACE] == UNDECIDED:
            return
        if not battle[ON_COLONISTS] and colonists_exposed(state):
            battle[ON_COLONISTS] = UNDECIDED  # 8.312: the attacker says whether he goes on
            return
        if battle[ALLOWED] == UNDECIDED:
            if questions_open(state) and soldier_retreat_possible(state):
                return
            battle[ALLOWED] = 0  # nothing to allow before this die
        if battle[ASK] and questions_open(state) and retreat_options(state):
            return
        if pace_due(state):
            battle[PACE] = UNDECIDED  # 8.31: the attacker says whether the die is rolled
            return
        if battle[PACE] == GO:
            battle[PACE] = ASK_HIM
        battle[ASK] = 1
        if battle[ALLOWED] == 0:
            battle[ALLOWED] = UNDECIDED  # "or during the battle": asked again before the next die
        if not roll_once(state):
            finish(state)


def pace_due(state: NewWorldState) -> bool:
    """The attacker is asked before the coming die (8.31): a die was rolled in this
    battle, he has not said `fight to the end` nor answered for this die, and a die
    is to be rolled (not the last Colonists' fall without one, 8.312)."""
    battle = state.battle
    if battle[PACE] != ASK_HIM or len(battle) == ROLLED:
        return False
    _, defender, area, left = state.pending
    soldiers, marker, colonists = defenders(state, defender, area)
    if not soldiers and not marker and colonists < COLONISTS_PER_HIT:
        return False
    return left > 0 or bool(battle[REROLL])


def colonists_exposed(state: NewWorldState) -> bool:
    """The defender has Colonists but no Soldier left (nor, under rule 20, his
    Political Control marker) and a die is to come: the attacker "may attack the
    Colonists with those remaining die rolls" (8.312)."""
    _, defender, area, left = state.pending
    soldiers, marker, colonists = defenders(state, defender, area)
    die_left = left > 0 or bool(state.battle[REROLL])
    return not soldiers and not marker and colonists > 0 and die_left


def defenders(state: NewWorldState, defender: int, area: int) -> tuple[int, bool, int]:
    """The defender's Soldiers (Prospectors and embarked ones included), whether his
    Political Control marker defends as a Soldier (20), and his Colonists."""
    marker = pc_benefits(state.config) == EXTENDED and state.pc[area] == defender
    return (
        units.area_soldiers(state, defender, area),
        marker,
        units.area_colonists(state, defender, area),
    )


def roll_once(state: NewWorldState) -> bool:
    """One combat resolution die (8.31, 8.312); False when the battle is over."""
    attacker, defender, area, left = state.pending
    battle = state.battle
    soldiers, marker, colonists = defenders(state, defender, area)
    if soldiers == 0 and not marker:
        if colonists == 0 or (left == 0 and not battle[REROLL]):
            return False
        if colonists < COLONISTS_PER_HIT:
            # with a roll to come, the last Colonists fall without one (8.312)
            state.pending[3] = 0
            battle[REROLL] = 0
            lose(state, 0, colonists)
            return True
    if not battle[REROLL]:
        if left == 0:
            return False
        state.pending[3] -= 1
        value = die(state)
        battle.append(value)
        if value % 2:  # the Soldier that rolled falls (8.31): which one is his
            battle[ATTACKER_LOST] += 1
            state.used_vs_players[at(attacker, area)] -= 1
            state.losses = [attacker, area, 1, 0, attacker]
            losses.settle(state)
            return True
    else:
        value = die(state)
        battle.append(value)
        if value % 2:  # a reroll ignores odd results (8.31)
            battle[REROLL] = 0
            return True
    battle[REROLL] = int(value == 6)
    if soldiers or marker:  # the marker stands in as a Soldier (20)
        lose(state, 1, 0)
    else:
        lose(state, 0, min(COLONISTS_PER_HIT, colonists))
    return True


def lose(state: NewWorldState, soldiers: int, colonists: int) -> None:
    """The defender's losses of one die; he picks the units when he has a choice."""
    attacker, defender, area, _ = state.pending
    state.battle[SOLDIERS_LOST] += soldiers
    state.battle[COLONISTS_LOST] += colonists
    state.losses = [defender, area, soldiers, colonists, attacker]
    losses.settle(state)


def finish(state: NewWorldState) -> None:
    attacker, defender, area, _ = state.pending
    attacker_lost, soldiers_lost, colonists_lost = state.battle[ATTACKER_LOST : COLONISTS_LOST + 1]
    rolled = state.battle[ROLLED:]
    state.pending = []
    state.battle = []
    fought = (attacker, defender, area, attacker_lost, soldiers_lost, colonists_lost)
    data = {"seat": attacker, "area": area, "dice": rolled}
    state.log.append(Event("battle", battle_words, data, None, True, fought))
    settle_gold(state, defender, attacker, area)
    settle_gold(state, attacker, defender, area)


def battle_words(
    attacker: int, defender: int, area: int, attacker_lost: int, soldiers: int, colonists: int
) -> str:
    """A battle's end (8.31): what each side lost, written when the log is read. The
    defender's Political Control marker standing in as a Soldier (20) counts as one."""
    return f"{country(attacker)} attacks {country(defender)} in {area_word(area)}: " + outcome(
        attacker_lost, amounts((soldiers, "Soldier"), (colonists, "Colonist"))
    )


def outcome(attacker_lost: int, eliminated: list[str]) -> str:
    """An attack's result: the attacking Soldiers lost and the units it eliminated
    (``eliminated`` as ``amounts`` writes them), the parts that are zero left out."""
    parts = []
    if attacker_lost:
        parts.append(f"loses {amount(attacker_lost, 'Soldier')}")
    if eliminated:
        parts.append(f"eliminates {listing(eliminated)}")
    return ", ".join(parts) or "no unit is lost on either side"


def flip_prospectors(state: NewWorldState, seat: int, area: int, count: int, used: int) -> None:
    """Prospectors join an attack, flipped to their Soldier side, only when the
    other Soldiers (``used`` of them already attacked) do not suffice (8.31)."""
    i = at(seat, area)
    others = state.soldiers[i] + state.emb_soldiers[i] - units.prospectors(state, seat, area)
    for _ in range(max(0, count + used - others)):
        units.vacate_one_site(state, seat, area, GOLD_SITE)


# ---- decisions within a battle ------------------------------------------------------------------


def actions(state: NewWorldState, seat: int) -> list[int]:
    if seat != decider(state):
        return []
    if state.losses:
        return losses.actions(state, seat)
    if state.battle[ON_COLONISTS] == UNDECIDED:
        return [ATTACK_COLONISTS, SPARE_COLONISTS]
    if state.battle[OFFER] == UNDECIDED:
        return [REFUSE_CANCEL, AGREE_CANCEL]
    if state.battle[PACE] == UNDECIDED:
        return pace_actions(bool(state.battle[REROLL]))
    if state.battle[ALLOWED] == UNDECIDED:
        return [ALLOW_RETREAT, FORBID_RETREAT]
    if state.battle[REQUEST] != NOBODY:
        return [OBJECT_RETREAT, ACCEPT_RETREAT]
    return [*retreat_options(state), STAND, FIGHT_TO_END]


def pace_actions(reroll: bool) -> list[int]:
    """The attacker's question before a die (8.31), the old pick first; after a 6
    the die is the reroll he "may" make (22.3 alike for a Pirate)."""
    if reroll:
        return [ROLL_AGAIN, FIGHT_TO_END, STOP_ROLLING, OFFER_CANCEL]
    return [ROLL_NEXT, FIGHT_TO_END, OFFER_CANCEL]


def apply(state: NewWorldState, seat: int, index: int) -> None:
    action = SPACE[index]
    kind = action.kind
    if kind in ("lose", "accept_losses"):
        losses.apply(state, index)
    elif state.battle[PACE] == UNDECIDED or state.battle[OFFER] == UNDECIDED:
        pace(state, kind)
    elif kind in ("attack_colonists", "spare_colonists"):
        on_colonists(state, kind == "attack_colonists")
    elif kind in ("allow_retreat", "forbid_retreat"):
        allowed = kind == "allow_retreat"
        state.battle[ALLOWED] = int(allowed)
        if allowed or not refused_this_battle(state):
            log_terms(state, allowed)
    elif kind == "fight_to_end":
        state.battle[TO_THE_END] = 1
    elif kind in ("object_retreat", "accept_retreat"):
        answer_request(state, seat, kind == "accept_retreat")
    elif kind == "stand":  # `stand and fight`: the next die is rolled
        state.battle[ASK] = 0
    else:
        to = action.args[0]
        assert isinstance(to, int)
        soldiers = kind in ("retreat_soldiers", "retreat_some_soldiers")
        if kind.startswith("retreat_some"):
            count = action.args[1]
            assert isinstance(count, int)
        else:  # all of them on land
            i = at(state.pending[1], state.pending[2])
            count = state.soldiers[i] if soldiers else state.colonists[i]
        ask_retreat(state, soldiers, to, count)
    proceed(state)


def on_colonists(state: NewWorldState, attacks: bool) -> None:
    """The attacker's answer once the defending Soldiers are gone (8.312): go on
    against the Colonists, or end the battle with the dice left unrolled."""
    attacker, defender, area, _ = state.pending
    state.battle[ON_COLONISTS] = 1
    if state.battle[PACE] == ASK_HIM:
        state.battle[PACE] = GO  # he has just said he rolls on
    if not attacks:
        state.pending[3] = 0
        state.battle[REROLL] = 0
    said = (attacker, defender, area, attacks)
    data = {"seat": attacker, "area": area}
    state.log.append(Event("colonists attacked", on_colonists_words, data, args=said))


def on_colonists_words(attacker: int, defender: int, area: int, attacks: bool) -> str:
    """The attacker's choice of 8.312, written when the log is read."""
    verb = "goes on against" if attacks else "spares"
    return (
        f"{country(attacker)} {verb} the Colonists of {country(defender)} in"
        f" {area_word(area)} (8.312)"
    )


def pace(state: NewWorldState, kind: str) -> None:
    """The attacker's word before a die, or the defender's answer to his offer to
    cancel the attack (8.31)."""
    battle = state.battle
    attacker, defender, area, _ = state.pending
    data = {"seat": attacker, "area": area}
    if kind == "fight_to_end":
        battle[PACE] = TO_END
    elif kind == "stop_rolling":  # the reroll is not made; the next Soldier rolls
        battle[REROLL] = 0
        battle[PACE] = GO
        state.log.append(Event("stop rolling", stop_words, data, args=(attacker, area)))
    elif kind == "offer_cancel":
        battle[OFFER] = UNDECIDED
        state.log.append(
            Event("cancel offered", offer_words, data, args=(attacker, defender, area))
        )
    elif kind in ("refuse_cancel", "agree_cancel"):
        battle[OFFER] = 0
        battle[PACE] = GO
        agrees = kind == "agree_cancel"
        if agrees:  # the dice left are not rolled
            state.pending[3] = 0
            battle[REROLL] = 0
        answered = (attacker, defender, area, agrees)
        state.log.append(Event("cancel answered", answer_words, data, args=answered))
    else:  # roll the next die, roll again
        battle[PACE] = GO


def stop_words(attacker: int, area: int) -> str:
    return f"{country(attacker)} does not roll again after the 6 in {area_word(area)} (8.31)"


def offer_words(attacker: int, defender: int, area: int) -> str:
    return (
        f"{country(attacker)} offers {country(defender)} to cancel the attack in"
        f" {area_word(area)} (8.31)"
    )


def answer_words(attacker: int, defender: int, area: int, agrees: bool) -> str:
    if agrees:
        return f"{country(defender)} agrees: the attack in {area_word(area)} ends (8.31)"
    return (
        f"{country(defender)} refuses to cancel the attack in {area_word(area)}:"
        f" {country(attacker)} rolls on (8.31)"
    )


def refused_this_battle(state: NewWorldState) -> bool:
    """The attacker already refused the Soldier retreat in this battle: a refusal
    is logged once per battle, though he is asked again before every die (8.32).
    Once allowed, a retreat stays allowed, so no "allows" can come between two
    refusals: the first "retreat terms" event since the declaration is a refusal."""
    for event in reversed(state.log):
        if event.kind == "retreat terms":
            return True
        if event.kind == "declare":
            return False
    return False


def log_terms(state: NewWorldState, allowed: bool) -> None:
    attacker, defender, area, _ = state.pending
    terms = (attacker, defender, area, allowed)
    data = {"seat": attacker, "area": area}
    state.log.append(Event("retreat terms", terms_words, data, args=terms))


def terms_words(attacker: int, defender: int, area: int, allowed: bool) -> str:
    """The attacker's answer on the Soldier retreat (8.32), written when the log is read."""
    return (
        f"{country(attacker)} {'allows' if allowed else 'does not allow'}"
        f" {country(defender)}'s Soldiers to retreat from {area_word(area)} (8.32)"
    )


def ask_retreat(state: NewWorldState, soldiers: bool, to: int, count: int) -> None:
    """A retreat of ``count`` units into an Area where other players have Personnel
    waits for each of them to accept it; one objection forbids it (8.32)."""
    if not objectors(state, to):
        retreat(state, soldiers, to, count)
        return
    state.battle[REQUEST] = to
    state.battle[REQUEST_SOLDIERS] = int(soldiers)
    state.battle[REQUEST_COUNT] = count
    state.battle[ACCEPTED] = 0
    defender = state.pending[1]
    what = amount(count, "Soldier" if soldiers else "Colonist")
    state.log.append(
        Event(
            "retreat asked",
            f"{country(defender)} would retreat {what} to {area_word(to)}: those"
            " with Personnel there may object (8.32)",
            {"seat": defender, "area": to},
        )
    )


def answer_request(state: NewWorldState, seat: int, accepts: bool) -> None:
    battle = state.battle
    to, soldiers = battle[REQUEST], bool(battle[REQUEST_SOLDIERS])
    if not accepts:
        battle[REFUSED_SOLDIERS if soldiers else REFUSED_COLONISTS] |= 1 << to
        battle[REQUEST] = NOBODY
        state.log.append(
            Event(
                "retreat refused",
                f"{country(seat)} objects: no retreat to {area_word(to)} (8.32)",
                {"seat": seat, "area": to},
            )
        )
        return
    battle[ACCEPTED] |= 1 << seat
    if next_objector(state) == NOBODY:
        battle[REQUEST] = NOBODY
        retreat(state, soldiers, to, battle[REQUEST_COUNT])


def retreat(state: NewWorldState, soldiers: bool, to: int, count: int) -> None:
    """``count`` Colonists (or, when allowed, Soldiers) of the defender on land leave
    for ``to``: free ones first, then Miners (Prospectors, then the looter), who
    leave their markers; the retreating units neither carry Gold nor take markers,
    and they neither control nor, for Colonists, earn this turn (8.32)."""
    _, defender, area, _ = state.pending
    j = at(defender, to)
    if soldiers:
        units.take_soldiers_off_land(state, defender, area, count)
        state.soldiers[j] += count
        state.retreated_soldiers[j] += count
        word = "Soldier"
    else:
        units.take_colonists_off_land(state, defender, area, count)
        state.colonists[j] += count
        state.retreated[j] += count
        word = "Colonist"
    moved = (defender, amount(count, word), area, to)
    data = {"seat": defender, "from": area, "to": to}
    state.log.append(Event("retreat", retreat_words, data, args=moved))


def retreat_words(defender: int, what: str, area: int, to: int) -> str:
    """A retreat (8.32), written when the log is read."""
    return f"{country(defender)} retreats {what} from {area_word(area)} to {area_word(to)} (8.32)"


# ---- Gold after a battle (8.223) ------------------------------------------------------------


def settle_gold(state: NewWorldState, loser: int, winner: int, area: int) -> None:
    """Gold whose owner has no Personnel left in the Area goes to the opponent
    still there (8.223), or lies unattended: Personnel that retreated into the Area
    this turn take no Gold (8.32)."""
    i = at(loser, area)
    bars = state.gold[i] + state.emb_gold[i]
    if bars == 0 or units.personnel(state, loser, area):
        return
    state.gold[i] = state.emb_gold[i] = 0
    w = at(winner, area)
    captured = (
        units.personnel(state, winner, area) > state.retreated[w] + state.retreated_soldiers[w]
    )
    if captured:
        state.gold[at(winner, area)] += bars
    else:
        state.loose_gold[area] += bars
    settled = (winner, loser, area, bars, captured)
    state.log.append(Event("gold", settle_words, {"area": area}, args=settled))


def settle_words(winner: int, loser: int, area: int, bars: int, captured: bool) -> str:
    """Gold left by a battle's loser (8.223), written when the log is read."""
    if captured:
        text = f"{country(winner)} captures {amount(bars, 'Gold Bar')} of {country(loser)}"
    else:
        verb = "lies" if bars == 1 else "lie"
        text = f"{amount(bars, 'Gold Bar')} of {country(loser)} {verb} unattended"
    return f"{text} in {area_word(area)}"
