"""Why an action is refused: the rulebook section and what would be right."""

from __future__ import annotations

from meeple.engine import Action, IllegalAction
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
from meeple.games.newworld.texts import WORLD, area_word, country

# The phase each kind of action belongs to, and the section that governs it.
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
    "lose": ((COMBAT_PLAYERS, UPRISING_PHASE, SURVIVAL_PHASE), "8.314 Control"),
    "accept_losses": ((COMBAT_PLAYERS, UPRISING_PHASE, SURVIVAL_PHASE), "8.314 Control"),
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
    "fight_to_end": ((COMBAT_PLAYERS,), "8.32 Retreats"),
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
}

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


def explain(state: NewWorldState, seat: int, action: Action) -> IllegalAction:
    phases, rule = KIND_PHASE[action.kind]
    legal = legal_actions(state, seat)
    sample = ", ".join(f"'{state_text(i)}'" for i in legal[:6])
    more = f" (and {len(legal) - 6} more)" if len(legal) > 6 else ""
    if state.phase not in phases:
        return IllegalAction(
            rule,
            f"'{action.text}' belongs to the {PHASE_NAMES[phases[0]]} phase; it is the"
            f" {PHASE_NAMES[state.phase]} phase now: you may {sample}{more}",
        )
    reason = _reason(state, seat, action)
    return IllegalAction(rule, f"'{action.text}' is not allowed: {reason}; you may {sample}{more}")


def state_text(index: int) -> str:
    from meeple.games.newworld.actions import SPACE

    return SPACE[index].text


def _reason(state: NewWorldState, seat: int, action: Action) -> str:
    kind, args = action.kind, action.args
    if state.arranging and kind != "load_ship":
        owner = state.arranging[0]
        return (
            f"a Ship of {country(owner)} is about to be lost: {country(owner)} first"
            " arranges the Fleet card, row by row (6.21)"
        )
    if kind == "load_ship":
        return (
            "rows are loaded only when a Ship is about to be lost, by its owner, one row at"
            " a time: at most two Personnel and two Gold Bars a Ship (5.3), no more than"
            " is left to place, and every Personnel unit must find a row"
        )
    if state.phase == PLANNING:
        return f"your sheet now asks for {STEP_WORDS[state.plan_step[seat]]}, within your cash"
    if kind in ("land", "choose", "sail") and isinstance(args[0], int):
        area = WORLD.areas[args[0]]
        if not area.coastal:
            return f"{area_word(area.index)} has no Anchorage (2.22)"
        if not state.playable[area.index]:
            return f"{area_word(area.index)} is unplayable with {state.players} players (3.1)"
    if kind in ("move_soldiers", "move_colonists", "carry"):
        start, end = args[0], args[1]
        assert isinstance(start, int) and isinstance(end, int)
        if not state.playable[end]:
            return f"{area_word(end)} is not in play (3.1)"
        return (
            f"you lack that many units in {area_word(start)} that have not moved this turn, or a"
            " larger opposing force entered from there (8.22), or Gold must follow your"
            " Personnel (8.223)"
        )
    if kind in ("lose", "accept_losses"):
        return (
            "only a player with losses to take (a battle's defender, 8.314; an uprising, 9.4;"
            " the climate, 10.1) chooses them, one at a time among the units of the kind due"
            " that he has there; the Political Control marker only in a battle under rule 20"
        )
    if kind in ("attack_colonists", "spare_colonists"):
        return (
            "only the attacker answers, once the defender's Soldiers are gone with dice"
            " still to roll (8.312)"
        )
    if kind == "explore":
        return "flip a coastal, playable tile still face down, in your turn (16.5)"
    if kind in ("object_retreat", "accept_retreat"):
        return (
            "only a player with Personnel in the Area a defender asks to retreat to answers,"
            " in seat order"
        )
    if kind in ("allow_retreat", "forbid_retreat"):
        return (
            "only the attacker of a battle under way, before a die and while he has not"
            " allowed it yet, says whether the defender's Soldiers may retreat"
        )
    if kind in (
        "retreat",
        "retreat_soldiers",
        "retreat_some_colonists",
        "retreat_some_soldiers",
        "stand",
        "fight_to_end",
    ):
        return (
            "only a defender in a battle chooses, before a die; Colonists retreat only"
            " while he has Soldiers there, Soldiers only if the attacker allowed it, and"
            " only to an adjoining Area where he has Personnel, not whence the attackers"
            " came; some of them retreat only fewer than he has on land"
        )
    if kind == "attack":
        return "you need that many Soldiers there that have not attacked a player this turn (8.311)"
    if kind == "attack_natives":
        return "there must be Natives there and that many of your Soldiers unused against them"
    if kind == "prospect":
        return (
            "you need an unoccupied Gold Site and a Soldier that has not attacked (8.314)"
            " nor retreated there this turn (8.32); in combat, only where your surviving"
            " attackers fought in this phase (8.314)"
        )
    if kind == "mine":
        return (
            "you need an unoccupied Mine and a free Colonist there (8.221) that has not"
            " retreated there this turn (8.32); in combat, only where your surviving"
            " attackers fought in this phase (8.314)"
        )
    if kind == "loot":
        return (
            "the City must have no Natives left, no looter, and you a free Soldier (8.222)"
            " that has not retreated there this turn (8.32); in combat, only where your"
            " surviving attackers fought in this phase (8.314)"
        )
    if kind in ("bid", "choose"):
        return "bid within your cash; choose a coastal Area no one has chosen (5.41)"
    if kind in ("land_soldiers", "land_colonists"):
        return (
            "a Landing short of Personnel after Naval Losses takes no more than written nor"
            " aboard, and at least what the later Landings cannot take, at the Fleet's"
            " Anchorage"
        )
    if kind in ("keep_soldier", "keep_colonist"):
        return (
            "only arrivals still offshore where your Fleet lies (its final Anchorage) may"
            " stay aboard, during your Land Movement"
        )
    if kind in ("attack_fleet", "raid"):
        return (
            "only a Fleet with Pirates (rule 22 in play) attacks, once per Anchorage, in its"
            " turn of Initiative: the enemy's Fleet where it lies (22.3), or his Gold on the"
            " Anchorage dot without his Fleet (22.4)"
        )
    if kind in ("devote", "declare"):
        return "Piracy is written on the sheet only when rule 22 is in play"
    if kind.startswith("pick_up"):
        return (
            "your Fleet picks up only where it lies, what waits on that Anchorage dot and"
            " fits: two Personnel and two Gold Bars a Ship (5.3); Gold an opponent's"
            " Personnel hold in your absence leaves only with their leave (8.223)"
        )
    if kind == "ask_gold":
        return (
            "ask only where your Fleet lies, once a turn, for your Gold on the Anchorage dot"
            " when you have no Personnel left there and another player has (8.223)"
        )
    if kind in ("refuse_gold", "allow_gold"):
        return (
            "only a player whose Personnel hold another's Gold on an Anchorage dot answers,"
            " when asked, in seat order (8.223)"
        )
    if kind in ("claim_site", "leave_site"):
        return (
            "only the second occupant of an Area just explored, with a free Soldier there,"
            " decides on the Gold Site its first occupant could not take (16.411)"
        )
    if state.phase == HOMEBOUND:
        return "sail only to Anchorages where your Personnel or Gold wait, or sail home (12.1)"
    return "it is not your decision now"
