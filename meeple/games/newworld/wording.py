"""How the table words New World's decisions on its buttons.

An action's text ("move 2 soldiers l g") is what is played, typed and recorded; it
names Areas by lower-case letter and counts in plurals to stay short and fixed. A
button says the same decision in the rulebook's words: "move 2 Soldiers from L
(Texas) to G (California)". Every label is built from the action's kind and
arguments in the fixed action space, never by rewriting its text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from meeple.engine import Action, UnknownAction
from meeple.games.newworld.actions import LOSS_WORDS, MARKER_WORD, SPACE
from meeple.games.newworld.board import LETTERS, load_map
from meeple.games.newworld.texts import COUNTRIES, amount

Args = tuple[int, ...]

# Decisions without arguments, in the rulebook's words.
FIXED = {
    "take": "take 4 Colonists",
    "roll": "roll a die for Colonists (at least 3)",
    "seal": "seal the Planning Sheet",
    "end_movement": "end Land Movement",
    "end_combat": "end your combat turn",
    "sail_home": "sail the Fleet home",
    "stand": "stand and fight: roll the next die",
    "skip_explore": "explore no Area",
    "attack_fleet": "attack the enemy Fleet",
    "raid": "raid the port",
    "allow_retreat": "allow the Soldiers to retreat",
    "forbid_retreat": "forbid the Soldiers to retreat",
    "fight_to_end": "fight to the end, without retreating",
    "object_retreat": "object: no retreat into your Area",
    "accept_retreat": "let them retreat into your Area",
    "accept_losses": "take the suggested losses (units on markers last)",
    "attack_colonists": "go on against the Colonists with the dice left",
    "spare_colonists": "spare the Colonists: the battle ends",
    "refuse_gold": "refuse: the Gold stays on the Anchorage",
    "allow_gold": "allow the Gold to be shipped",
}

# The units a defender may lose (8.314), as the rulebook names them.
LOSS_LABELS = {
    "soldier": "a Soldier",
    "embarked soldier": "an embarked Soldier",
    "prospector": "a Prospector",
    "looter": "a Looter",
    "colonist": "a Colonist",
    "embarked colonist": "an embarked Colonist",
    "miner": "a Miner",
    "political control marker": "the Political Control marker (rule 20)",
}


def area(index: int) -> str:
    """'G (California)': an Area as the log and the map name it."""
    return f"{LETTERS[index]} ({load_map().areas[index].name})"


def _load(soldiers: int, colonists: int, bars: int) -> str:
    """6.21, 6.23: one row of the Fleet card, what its Ship carries."""
    parts = [
        amount(n, word)
        for n, word in ((soldiers, "Soldier"), (colonists, "Colonist"), (bars, "Gold Bar"))
        if n
    ]
    return "load a Ship with " + ", ".join(parts) if parts else "load an empty Ship"


WITH_ARGS: dict[str, Callable[[Args], str]] = {
    "bid": lambda a: f"bid ${a[0]}",
    "choose": lambda a: f"choose {area(a[0])} as Exclusive Landfall",
    "maintain": lambda a: f"maintain {amount(a[0], 'Ship')}",
    "build": lambda a: f"build {amount(a[0], 'new Ship')}",
    "buy": lambda a: f"buy {amount(a[0], 'Soldier')}",
    "land": lambda a: f"land at {area(a[0])}",
    "send_soldiers": lambda a: f"send {amount(a[0], 'Soldier')}",
    "send_colonists": lambda a: f"send {amount(a[0], 'Colonist')}",
    "move_soldiers": lambda a: f"move {amount(a[2], 'Soldier')} from {area(a[0])} to {area(a[1])}",
    "move_colonists": lambda a: (
        f"move {amount(a[2], 'Colonist')} from {area(a[0])} to {area(a[1])}"
    ),
    "carry": lambda a: f"carry Gold from {area(a[0])} to {area(a[1])}",
    "embark_soldier": lambda a: f"embark a Soldier at {area(a[0])}",
    "embark_colonist": lambda a: f"embark a Colonist at {area(a[0])}",
    "embark_gold": lambda a: f"embark Gold at {area(a[0])}",
    "prospect": lambda a: f"prospect at {area(a[0])}",
    "mine": lambda a: f"mine at {area(a[0])}",
    "loot": lambda a: f"loot the City of {area(a[0])}",
    "attack": lambda a: f"attack {COUNTRIES[a[0]]} at {area(a[1])} with {amount(a[2], 'Soldier')}",
    "attack_natives": lambda a: (
        f"attack the Natives at {area(a[0])} with {amount(a[1], 'Soldier')}"
    ),
    "sail": lambda a: f"sail to {area(a[0])}",
    "retreat": lambda a: f"retreat all the Colonists to {area(a[0])}",
    "retreat_some_colonists": lambda a: f"retreat {amount(a[1], 'Colonist')} to {area(a[0])}",
    "retreat_some_soldiers": lambda a: f"retreat {amount(a[1], 'Soldier')} to {area(a[0])}",
    "explore": lambda a: f"explore {area(a[0])}",
    "lose": lambda a: f"lose {LOSS_LABELS[(*LOSS_WORDS, MARKER_WORD)[a[0]]]}",
    "devote": lambda a: f"devote {amount(a[0], 'Ship')} to Piracy",
    "declare": lambda a: f"declare naval war on {COUNTRIES[a[0]]}",
    "keep_soldier": lambda a: f"keep a Soldier aboard at {area(a[0])}",
    "keep_colonist": lambda a: f"keep a Colonist aboard at {area(a[0])}",
    "retreat_soldiers": lambda a: f"retreat all the Soldiers to {area(a[0])}",
    "land_soldiers": lambda a: f"land {amount(a[1], 'Soldier')} at {area(a[0])}",
    "land_colonists": lambda a: f"land {amount(a[1], 'Colonist')} at {area(a[0])}",
    "load_ship": lambda a: _load(a[0], a[1], a[2]),
    "pick_up": lambda a: f"pick up all that fits at {area(a[0])}",
    "pick_up_soldier": lambda a: f"pick up a Soldier at {area(a[0])}",
    "pick_up_colonist": lambda a: f"pick up a Colonist at {area(a[0])}",
    "pick_up_gold": lambda a: f"pick up a Gold Bar at {area(a[0])}",
    "ask_gold": lambda a: f"ask leave to ship your Gold from {area(a[0])}",
    "claim_site": lambda a: f"claim the Gold Site of {area(a[0])}",
    "leave_site": lambda a: f"leave the Gold Site of {area(a[0])} unclaimed",
}


def label(action: Action) -> str:
    """The button's words for one action of the fixed space."""
    if action.kind in FIXED:
        return FIXED[action.kind]
    args = tuple(int(x) for x in action.args)
    return WITH_ARGS[action.kind](args)


def labels(legal: Sequence[str]) -> dict[str, str]:
    """Each legal action's text mapped to its button's words (texts outside the
    action space, which a game never offers, are left as they are)."""
    out: dict[str, str] = {}
    for text in legal:
        try:
            action = SPACE.parse(text)
        except UnknownAction:
            continue
        out[text] = label(action)
    return out
