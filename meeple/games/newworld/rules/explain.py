"""Why an action is refused: the rulebook section and what would be right.

One source of legality: an action is refused only when it is not among the
actions the rules themselves list for the seat now (``legal_actions``, the phase
modules' lists); a legal action gets the engine's ``unexplained`` fallback. The
refusal is derived from that list: the action's phase, else what the decision
offers now (the kinds of the listed actions, the sheet's step, the Fleet card,
the question put), else the listed actions of its own kind, with the governing
section and its rule in a few words.
"""

from __future__ import annotations

from meeple.engine import Action, IllegalAction, unexplained
from meeple.games.newworld.actions import SPACE
from meeple.games.newworld.rules.apply import legal_actions
from meeple.games.newworld.state import (
    BIDDING,
    COLONISTS,
    COMBAT_NATIVES,
    COMBAT_PLAYERS,
    EXPLORE,
    HOMEBOUND,
    LANDFALL,
    MOVEMENT,
    OUTBOUND,
    PHASE_NAMES,
    PLANNING,
    SURVIVAL_PHASE,
    UPRISING_PHASE,
    NewWorldState,
)
from meeple.games.newworld.texts import country, listing

# The phases each kind of action belongs to, and the section that governs it.
KIND_PHASE: dict[str, tuple[tuple[int, ...], str]] = {
    "take": ((COLONISTS,), "5.1 Colonists"),
    "roll": ((COLONISTS,), "5.1 Colonists"),
    "bid": ((BIDDING,), "5.41 Exclusive Landfalls"),
    "choose": ((LANDFALL,), "5.41 Exclusive Landfalls"),
    "maintain": ((PLANNING,), "5.3 Ships"),
    "build": ((PLANNING,), "5.3 Ships"),
    "buy": ((PLANNING,), "5.2 Soldiers"),
    "land": ((PLANNING,), "5.4 Landings"),
    "send_soldiers": ((PLANNING,), "5.4 Landings"),
    "send_colonists": ((PLANNING,), "5.4 Landings"),
    "seal": ((PLANNING,), "5.4 Landings"),
    "move_soldiers": ((MOVEMENT,), "8.22 Land Movement"),
    "move_colonists": ((MOVEMENT,), "8.22 Land Movement"),
    "carry": ((MOVEMENT,), "8.223 Gold Movement"),
    "embark_soldier": ((MOVEMENT,), "8.21 Embarkations"),
    "embark_colonist": ((MOVEMENT,), "8.21 Embarkations"),
    "embark_gold": ((MOVEMENT,), "8.21 Embarkations"),
    "prospect": ((MOVEMENT, COMBAT_PLAYERS, COMBAT_NATIVES), "8.221 Gold Sites"),
    "mine": ((MOVEMENT, COMBAT_PLAYERS, COMBAT_NATIVES), "8.221 Gold Sites"),
    "loot": ((MOVEMENT, COMBAT_PLAYERS, COMBAT_NATIVES), "8.222 Cities"),
    "end_movement": ((MOVEMENT,), "8.2 Player Turn"),
    "attack": ((COMBAT_PLAYERS,), "8.3 Combat vs Players"),
    "attack_natives": ((COMBAT_NATIVES,), "8.33 Combat vs Natives"),
    "end_combat": ((COMBAT_PLAYERS, COMBAT_NATIVES), "8.3 Combat"),
    "sail": ((HOMEBOUND,), "12.1 Homebound Naval Movement"),
    "sail_home": ((HOMEBOUND,), "12.1 Homebound Naval Movement"),
    "retreat": ((COMBAT_PLAYERS,), "8.32 Retreats"),
    "explore": ((EXPLORE,), "16.5 Optional Setup"),
    "lose": ((COMBAT_PLAYERS, COMBAT_NATIVES, UPRISING_PHASE, SURVIVAL_PHASE), "8.314 Control"),
    "accept_losses": (
        (COMBAT_PLAYERS, COMBAT_NATIVES, UPRISING_PHASE, SURVIVAL_PHASE),
        "8.314 Control",
    ),
    "retreat_some_colonists": ((COMBAT_PLAYERS,), "8.32 Retreats"),
    "retreat_some_soldiers": ((COMBAT_PLAYERS,), "8.32 Retreats"),
    "attack_colonists": ((COMBAT_PLAYERS,), "8.312 Attacking Colonists"),
    "spare_colonists": ((COMBAT_PLAYERS,), "8.312 Attacking Colonists"),
    "skip_explore": ((EXPLORE,), "16.5 Optional Setup"),
    "stand": ((COMBAT_PLAYERS,), "8.32 Retreats"),
    "devote": ((PLANNING,), "22.1 Declaration"),
    "declare": ((PLANNING,), "22.1 Declaration"),
    "attack_fleet": ((HOMEBOUND,), "22.3 Naval Combat"),
    "raid": ((HOMEBOUND,), "22.4 Raiding Ports"),
    "land_soldiers": ((OUTBOUND,), "5.4 Landings"),
    "land_colonists": ((OUTBOUND,), "5.4 Landings"),
    "retreat_soldiers": ((COMBAT_PLAYERS,), "8.32 Retreats"),
    "allow_retreat": ((COMBAT_PLAYERS,), "8.32 Retreats"),
    "forbid_retreat": ((COMBAT_PLAYERS,), "8.32 Retreats"),
    "fight_to_end": ((COMBAT_PLAYERS, COMBAT_NATIVES, HOMEBOUND), "8.32 Retreats"),
    "object_retreat": ((COMBAT_PLAYERS,), "8.32 Retreats"),
    "accept_retreat": ((COMBAT_PLAYERS,), "8.32 Retreats"),
    "keep_soldier": ((MOVEMENT,), "6.4 Anchorage"),
    "keep_colonist": ((MOVEMENT,), "6.4 Anchorage"),
    "load_ship": ((OUTBOUND, HOMEBOUND), "6.21 Naval Personnel Losses"),
    "pick_up": ((HOMEBOUND,), "12.1 Homebound Naval Movement"),
    "pick_up_soldier": ((HOMEBOUND,), "12.1 Homebound Naval Movement"),
    "pick_up_colonist": ((HOMEBOUND,), "12.1 Homebound Naval Movement"),
    "pick_up_gold": ((HOMEBOUND,), "8.223 Gold Movement"),
    "ask_gold": ((HOMEBOUND,), "8.223 Gold Movement"),
    "refuse_gold": ((HOMEBOUND,), "8.223 Gold Movement"),
    "allow_gold": ((HOMEBOUND,), "8.223 Gold Movement"),
    "claim_site": ((MOVEMENT,), "16.411 Possession"),
    "leave_site": ((MOVEMENT,), "16.411 Possession"),
    "roll_next": ((COMBAT_PLAYERS, HOMEBOUND), "8.31 Resolution"),
    "roll_again": ((COMBAT_PLAYERS, COMBAT_NATIVES, HOMEBOUND), "8.31 Resolution"),
    "stop_rolling": ((COMBAT_PLAYERS, COMBAT_NATIVES, HOMEBOUND), "8.31 Resolution"),
    "offer_cancel": ((COMBAT_PLAYERS, HOMEBOUND), "8.31 Resolution"),
    "refuse_cancel": ((COMBAT_PLAYERS, HOMEBOUND), "8.31 Resolution"),
    "agree_cancel": ((COMBAT_PLAYERS, HOMEBOUND), "8.31 Resolution"),
}

# Each section in a few words, for the kinds it governs (what a refusal quotes; which
# actions are legal is only ever decided by the rules' own lists, ``legal_actions``).
RULE_WORDS: dict[str, str] = {}
for _kind in ("load_ship",):
    RULE_WORDS[_kind] = (
        "rows are loaded only when a Ship is about to be lost, by its owner, one row at a "
        "time: at most two Personnel and two Gold Bars a Ship (5.3), no more than is left to "
        "place, and every Personnel unit must find a row"
    )
for _kind in ("lose", "accept_losses"):
    RULE_WORDS[_kind] = (
        "only a player with losses to take (a battle's defender, 8.314, or its attacker for"
        " his Soldiers that rolled odd, 8.31; an uprising, 9.4; the climate, 10.1) chooses"
        " them, one at a time among the units of the kind due that he "
        "has there; the Political Control marker only in a battle under rule 20"
    )
for _kind in ("attack_colonists", "spare_colonists"):
    RULE_WORDS[_kind] = (
        "only the attacker answers, once the defender's Soldiers are gone with dice still to "
        "roll (8.312)"
    )
for _kind in ("explore",):
    RULE_WORDS[_kind] = "flip a coastal, playable tile still face down, in your turn (16.5)"
for _kind in ("object_retreat", "accept_retreat"):
    RULE_WORDS[_kind] = (
        "only a player with Personnel in the Area a defender asks to retreat to answers, in "
        "seat order"
    )
for _kind in ("allow_retreat", "forbid_retreat"):
    RULE_WORDS[_kind] = (
        "only the attacker of a battle under way, before a die and while he has not allowed "
        "it yet, says whether the defender's Soldiers may retreat"
    )
for _kind in (
    "retreat",
    "retreat_soldiers",
    "retreat_some_colonists",
    "retreat_some_soldiers",
    "stand",
):
    RULE_WORDS[_kind] = (
        "only a defender in a battle chooses, before a die; Colonists retreat only while he "
        "has Soldiers there, Soldiers only if the attacker allowed it, and only to an "
        "adjoining Area where he has Personnel, not whence the attackers came; some of them "
        "retreat only fewer than he has on land"
    )
for _kind in ("attack",):
    RULE_WORDS[_kind] = (
        "you need that many Soldiers there that have not attacked a player this turn (8.311)"
    )
for _kind in ("attack_natives",):
    RULE_WORDS[_kind] = (
        "there must be Natives there and that many of your Soldiers unused against them"
    )
for _kind in ("prospect",):
    RULE_WORDS[_kind] = (
        "you need an unoccupied Gold Site and a Soldier that has not attacked (8.314) nor "
        "retreated there this turn (8.32); in combat, only where your surviving attackers "
        "fought in this phase (8.314)"
    )
for _kind in ("mine",):
    RULE_WORDS[_kind] = (
        "you need an unoccupied Mine and a free Colonist there (8.221) that has not retreated"
        " there this turn (8.32); in combat, only where your surviving attackers fought in "
        "this phase (8.314)"
    )
for _kind in ("loot",):
    RULE_WORDS[_kind] = (
        "the City must have no Natives left, no looter, and you a free Soldier (8.222) that "
        "has not retreated there this turn (8.32); in combat, only where your surviving "
        "attackers fought in this phase (8.314)"
    )
for _kind in ("bid", "choose"):
    RULE_WORDS[_kind] = "bid within your cash; choose a coastal Area no one has chosen (5.41)"
for _kind in ("land_soldiers", "land_colonists"):
    RULE_WORDS[_kind] = (
        "a Landing short of Personnel after Naval Losses takes no more than written nor "
        "aboard, and at least what the later Landings cannot take, at the Fleet's Anchorage"
    )
for _kind in ("keep_soldier", "keep_colonist"):
    RULE_WORDS[_kind] = (
        "only arrivals still offshore where your Fleet lies (its final Anchorage) may stay "
        "aboard, during your Land Movement"
    )
for _kind in ("attack_fleet", "raid"):
    RULE_WORDS[_kind] = (
        "only a Fleet with Pirates (rule 22 in play) attacks, once per Anchorage, in its turn"
        " of Initiative: the enemy's Fleet where it lies (22.3), or his Gold on the Anchorage"
        " dot without his Fleet (22.4)"
    )
for _kind in ("devote", "declare"):
    RULE_WORDS[_kind] = "Piracy is written on the sheet only when rule 22 is in play"
for _kind in ("ask_gold",):
    RULE_WORDS[_kind] = (
        "ask only where your Fleet lies, once a turn, for your Gold on the Anchorage dot when"
        " you have no Personnel left there and another player has (8.223)"
    )
for _kind in ("refuse_gold", "allow_gold"):
    RULE_WORDS[_kind] = (
        "only a player whose Personnel hold another's Gold on an Anchorage dot answers, when "
        "asked, in seat order (8.223)"
    )
for _kind in ("fight_to_end",):
    RULE_WORDS[_kind] = (
        "only within a battle under way: the defender before a die, instead of a retreat "
        "(8.32), or the attacker between two dice, to roll the rest without being asked (8.31)"
    )
for _kind in ("roll_next", "roll_again", "stop_rolling", "offer_cancel"):
    RULE_WORDS[_kind] = (
        "only the attacker (or the Pirate, 22.3) answers, between two dice of his battle; "
        "`roll again` and `stop rolling` only after a 6"
    )
for _kind in ("refuse_cancel", "agree_cancel"):
    RULE_WORDS[_kind] = (
        "only the defender answers, when the attacker offers to cancel his attack (8.31, 22.3)"
    )
for _kind in ("claim_site", "leave_site"):
    RULE_WORDS[_kind] = (
        "only the second occupant of an Area just explored, with a free Soldier there, "
        "decides on the Gold Site its first occupant could not take (16.411)"
    )
for _kind in ("take", "roll"):
    RULE_WORDS[_kind] = "each player takes four Colonists or rolls for them, once a turn"
for _kind in ("maintain",):
    RULE_WORDS[_kind] = "Ships are maintained at $4 each, within the Ships you own and your cash"
for _kind in ("build",):
    RULE_WORDS[_kind] = (
        "Ships are built at $12 each, at most six a turn and twelve in all, within your cash"
    )
for _kind in ("buy",):
    RULE_WORDS[_kind] = (
        "Soldiers are bought at $10 each, at most ten a turn, within your pool and your cash"
    )
for _kind in ("land",):
    RULE_WORDS[_kind] = (
        "Landings are at coastal Areas in play not yet on the sheet (on turn 1 your Exclusive"
        " Anchorage only)"
    )
for _kind in ("send_soldiers",):
    RULE_WORDS[_kind] = (
        "a Landing's Soldiers come from those at home or bought, two Personnel a Ship"
    )
for _kind in ("send_colonists",):
    RULE_WORDS[_kind] = "a Landing's Colonists come from this turn's, two Personnel a Ship"
for _kind in ("seal",):
    RULE_WORDS[_kind] = "the sheet is sealed once its purchases and Landings are written"
for _kind in ("move_soldiers",):
    RULE_WORDS[_kind] = (
        "a group moves from an Area where it has not moved this turn to an adjoining Area in "
        "play, as many as entered from there against you at least (8.22)"
    )
for _kind in ("move_colonists",):
    RULE_WORDS[_kind] = (
        "Colonists move from an Area where they have not moved this turn to an adjoining Area"
        " in play, not where a larger force entered from (8.22)"
    )
for _kind in ("carry",):
    RULE_WORDS[_kind] = (
        "a Gold Bar that has not moved this turn follows your Personnel into an adjoining "
        "Area (8.223)"
    )
for _kind in ("embark_soldier", "embark_colonist"):
    RULE_WORDS[_kind] = (
        "units that have not moved this turn embark on the Anchorage dot of a coastal Area (8.21)"
    )
for _kind in ("embark_gold",):
    RULE_WORDS[_kind] = (
        "Gold Bars that have not moved this turn embark on the Anchorage dot of a coastal "
        "Area (8.21)"
    )
for _kind in ("end_movement",):
    RULE_WORDS[_kind] = "a player ends his own Land Movement, in his turn of Initiative"
for _kind in ("end_combat",):
    RULE_WORDS[_kind] = "a player ends his own combat, in his turn of Initiative"
for _kind in ("sail",):
    RULE_WORDS[_kind] = (
        "sail only to Anchorages where your Personnel or Gold wait, or with Pirates where the"
        " enemy's Fleet or Gold lies (12.1, 22.2)"
    )
for _kind in ("sail_home",):
    RULE_WORDS[_kind] = "a Fleet still in the New World sails home, in its turn (12.1)"
for _kind in ("skip_explore",):
    RULE_WORDS[_kind] = (
        "flip a coastal, playable tile still face down, or none, in your turn (16.5)"
    )
for _kind in ("pick_up", "pick_up_soldier", "pick_up_colonist", "pick_up_gold"):
    RULE_WORDS[_kind] = (
        "your Fleet picks up only where it lies, what waits on that Anchorage dot and fits: "
        "two Personnel and two Gold Bars a Ship (5.3); Gold an opponent's Personnel hold in "
        "your absence leaves only with their leave (8.223)"
    )


STEP_WORDS = (
    "how many Ships to maintain",
    "how many Ships to build",
    "how many Soldiers to buy",
    "where the Fleet lands first",
    "how many Soldiers land there",
    "how many Colonists land there",
    "a further Landing or 'seal plan'",
    "nothing more (the sheet is sealed)",
    "how many of your Ships to devote to Piracy (22.1)",
    "the player on whom you declare Naval War (22.1)",
)


NAMED = 6  # listed actions a refusal names before "and N more"


def explain(state: NewWorldState, seat: int, action: Action) -> IllegalAction:
    legal = legal_actions(state, seat)
    if action.index in legal:
        return unexplained(action.text, [SPACE[i].text for i in legal])
    phases, rule = KIND_PHASE[action.kind]
    summary = RULE_WORDS[action.kind]
    you_may = _some(legal)
    if state.phase not in phases:
        return IllegalAction(
            rule,
            f"'{action.text}' belongs to the {PHASE_NAMES[phases[0]]} phase; it is the"
            f" {PHASE_NAMES[state.phase]} phase now: you may {you_may}",
        )
    offered = {SPACE[i].kind: None for i in legal}  # the kinds listed, in their order
    if action.kind not in offered:
        now = asked_now(state, seat) or f"the choices now are {listing(_kind_words(offered))}"
        return IllegalAction(
            rule, f"'{action.text}' is not a choice now: {now} ({summary}); you may {you_may}"
        )
    same = [i for i in legal if SPACE[i].kind == action.kind]
    return IllegalAction(
        rule, f"'{action.text}' is not allowed: {summary}; of its kind you may {_some(same)}"
    )


def asked_now(state: NewWorldState, seat: int) -> str:
    """What the decision waiting for ``seat`` is about, where one question is put
    (empty: the kinds of the listed actions say it)."""
    if state.arranging:
        owner = state.arranging[0]
        return (
            f"a Ship of {country(owner)} is about to be lost: {country(owner)} first"
            " arranges the Fleet card, row by row (6.21)"
        )
    if state.phase == PLANNING:
        return f"your sheet now asks for {STEP_WORDS[state.plan_step[seat]]}, within your cash"
    if state.gold_leave:
        return "you are asked to let another player's Gold leave the Anchorage dot (8.223)"
    if state.shortfall:
        return "your Fleet, short after its losses, says how many land at this Landing (5.4)"
    if state.claim:
        return "you decide on the Gold Site of the Area just explored (16.411)"
    if state.losses and state.phase in (UPRISING_PHASE, SURVIVAL_PHASE):
        return "you choose the units you lose, one at a time (9.4, 10.1)"
    return ""


def _kind_words(kinds: dict[str, None]) -> list[str]:
    return [f"'{kind.replace('_', ' ')}'" for kind in kinds]


def _some(indices: list[int]) -> str:
    """A few of the listed actions, in their order."""
    named = ", ".join(f"'{SPACE[i].text}'" for i in indices[:NAMED])
    more = f" (and {len(indices) - NAMED} more)" if len(indices) > NAMED else ""
    return f"{named}{more}" if indices else "nothing now"
