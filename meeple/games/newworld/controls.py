"""New World's decisions as the table's controls (``meeple.engine.controls``), the
words on their buttons, and the questions asked before the moves that cannot be
taken back.

Counts (a bid, Ships kept or built, Soldiers bought or sent, Soldiers attacking) are
amounts, with what they cost said before anything is committed; what happens in an
Area (landing, moving units, prospecting, sailing) is clicked on the map, the list
of it folded beside; the rest are named choices under a heading. Everything is read
from the seat's view and its legal actions, so nothing hidden is used.

An action's text ("move 2 soldiers l g") is what is played, typed and recorded; it
names Areas by lower-case letter and counts in plurals to stay short and fixed. A
button says the same decision in the rulebook's words: "move 2 Soldiers from L
(Texas) to G (California)". Every label is built from the action's kind and
arguments in the fixed action space, never by rewriting its text (``label``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from meeple.engine import Action, UnknownAction
from meeple.engine.controls import (
    amount_control,
    board_control,
    choice_control,
    default_controls,
    merge_lone_options,
    number_template,
    option,
)
from meeple.games.newworld.actions import LOSS_WORDS, MARKER_WORD, SPACE
from meeple.games.newworld.texts import (
    COUNTRIES,
    MAINTENANCE,
    SHIP_COST,
    SOLDIER_COST,
    WORLD,
    amount,
)
from meeple.games.newworld.texts import area_word as area
from meeple.games.newworld.view import NewWorldView, PlanView, own_player

# A control as ``meeple.engine.controls`` builds it (a plain dict for the browser).
Control = dict[str, object]
# What an action is grouped by: its amount (kind and other arguments), the map, or a heading.
GroupKey = tuple[str, ...] | tuple[str, str, tuple[int | str, ...]]

# Kinds whose count is chosen as an amount (their text holds that one number).
AMOUNT_KINDS = frozenset(
    {
        "bid",
        "maintain",
        "build",
        "buy",
        "send_soldiers",
        "send_colonists",
        "devote",
        "attack",
        "attack_natives",
        "land_soldiers",
        "land_colonists",
        "retreat_some_colonists",
        "retreat_some_soldiers",
    }
)
# Amounts whose pre-selected value is the largest: the closest to the old pick
# (a retreat of them all, which is clicked on the map).
LARGEST_FIRST = frozenset({"retreat_some_colonists", "retreat_some_soldiers"})
COUNT_AT = {
    "attack": 2,
    "attack_natives": 1,
    "land_soldiers": 1,
    "land_colonists": 1,
    "retreat_some_colonists": 1,
    "retreat_some_soldiers": 1,
}  # where an amount's count stands among its arguments (else first)

FEW = 3  # fewer counts than this are buttons, not an amount

# Kinds decided by clicking an Area on the map (their text names the Area's letter).
BOARD_KINDS = frozenset(
    {
        "choose",
        "land",
        "move_soldiers",
        "move_colonists",
        "carry",
        "embark_soldier",
        "embark_colonist",
        "embark_gold",
        "prospect",
        "mine",
        "loot",
        "keep_soldier",
        "keep_colonist",
        "sail",
        "retreat",
        "retreat_soldiers",
        "explore",
    }
)

LOSS_HEADING = "Choose the unit you lose"
PICKUP_HEADING = "Take aboard where the Fleet lies (what you leave goes back ashore)"
GOLD_HEADING = "Your Personnel hold another player's Gold: may his Fleet ship it? (8.223)"
CLAIM_HEADING = "A Gold Site the first occupant could not take: claim it? (16.411)"
# The heading of the named choices, by kind.
CHOICE_HEADINGS = {
    "take": "New Colonists this turn",
    "roll": "New Colonists this turn",
    "lose": LOSS_HEADING,
    "accept_losses": LOSS_HEADING,
    "attack_colonists": "The defending Soldiers are gone: go on against the Colonists? (8.312)",
    "spare_colonists": "The defending Soldiers are gone: go on against the Colonists? (8.312)",
    "declare": "Planning Sheet: declare Naval War on",
    "allow_retreat": "May the defender's Soldiers retreat?",
    "forbid_retreat": "May the defender's Soldiers retreat?",
    "object_retreat": "A retreat into your Area",
    "accept_retreat": "A retreat into your Area",
    "stand": "The battle",
    "fight_to_end": "The battle",
    "roll_next": "The battle",
    "roll_again": "The battle",
    "stop_rolling": "The battle",
    "offer_cancel": "The battle",
    "refuse_cancel": "The attacker offers to cancel his attack (8.31)",
    "agree_cancel": "The attacker offers to cancel his attack (8.31)",
    "load_ship": "Fleet card: load a Ship",
    **dict.fromkeys(
        ("pick_up", "pick_up_soldier", "pick_up_colonist", "pick_up_gold", "ask_gold"),
        PICKUP_HEADING,
    ),
    "refuse_gold": GOLD_HEADING,
    "allow_gold": GOLD_HEADING,
    "claim_site": CLAIM_HEADING,
    "leave_site": CLAIM_HEADING,
}

# The map's heading and hint, by the phase the view is in.
BOARD_HEADINGS = {
    "exclusive landfall choice": (
        "Choose your Exclusive Landfall",
        "Click a coastal Area: no one else may land there on Turn 1.",
    ),
    "planning": ("Planning Sheet: where to land", "Click the coastal Area your Fleet sails to."),
    "land movement": (
        "Land Movement",
        "Click an Area to move units from or to it, or to act there.",
    ),
    "combat vs players": ("Retreat", "Click the Area to retreat to."),
    "outbound naval movement": ("Sail your Fleet", "Click the Anchorage to sail to."),
    "homebound naval movement": ("Sail your Fleet", "Click the Anchorage to sail to."),
    "exploration setup": ("Explore an Area", "Click the Area whose tile you turn over."),
}


def parsed(legal: Sequence[str]) -> list[tuple[str, Action]] | None:
    """Each legal text with its action; None if one is not of the game's space."""
    out = []
    for text in legal:
        try:
            out.append((text, SPACE.parse(text)))
        except UnknownAction:
            return None
    return out


def controls(view: NewWorldView, legal: Sequence[str]) -> list[Control]:
    """The seat's decision as amounts, map choices and named choices, in the order
    their first actions come in ``legal``."""
    actions = parsed(legal)
    words = labels(legal)
    if actions is None:
        return default_controls(legal, words)
    groups: dict[GroupKey, list[tuple[str, Action]]] = {}
    for text, action in actions:
        groups.setdefault(_group(action), []).append((text, action))
    entries = [_entry(view, key, members, words) for key, members in groups.items()]
    return merge_lone_options(entries)


def _group(action: Action) -> GroupKey:
    """Which entry an action belongs to: its amount (kind and the other arguments),
    the map, or the choice of its heading."""
    if action.kind in AMOUNT_KINDS:
        rest = tuple(a for i, a in enumerate(action.args) if i != COUNT_AT.get(action.kind, 0))
        return ("amount", action.kind, rest)
    if action.kind in BOARD_KINDS:
        return ("board",)
    return ("choice", CHOICE_HEADINGS.get(action.kind, ""))


def _entry(
    view: NewWorldView, key: GroupKey, members: list[tuple[str, Action]], words: dict[str, str]
) -> Control:
    if key[0] == "amount" and len(members) >= FEW:
        return _amount(view, key[1], members)
    if key[0] == "amount":
        heading = _amount_words(view, key[1], members[0][1])[0]
        return choice_control(heading, [option(t, words.get(t, t)) for t, _ in members])
    options = [option(t, words.get(t, t), _sub_heading(a)) for t, a in members]
    if key[0] == "board":
        heading, hint = BOARD_HEADINGS.get(view["phase"], ("On the map", ""))
        return board_control(heading, options, help=hint)
    if len(options) == 1 and not key[1]:
        return choice_control("", options)
    if key[1] == LOSS_HEADING:
        return choice_control(LOSS_HEADING, options, help=loss_help(view))
    return choice_control(key[1], options)


LOSS_CAUSES: dict[str, str] = {
    "battle": "the battle",
    "uprising": "the Natives' uprising",
    "survival": "the climate",
}


def loss_help(view: NewWorldView) -> str:
    """What is still to lose, where and to what (8.314, 9.4, 10.1)."""
    losses = view["pending_losses"]
    if losses is None:
        return ""
    still = [
        amount(count, word)
        for count, word in ((losses["soldiers"], "Soldier"), (losses["colonists"], "Colonist"))
        if count
    ]
    cause = LOSS_CAUSES.get(losses["cause"], "the battle")
    where = _area_named(view, losses["area"])
    return (
        f"{' and '.join(still)} still to lose in {where} to {cause}, one at a time;"
        " the first choice keeps units on Mines, Gold Sites and Cities to the last."
    )


def _sub_heading(action: Action) -> str:
    """Where an option is listed among many: units moved by the Area they leave, the
    Fleet's loads by Soldiers, other Area decisions by what they do."""
    args = tuple(int(a) for a in action.args if isinstance(a, int))
    if action.kind in ("move_soldiers", "move_colonists", "carry"):
        return f"from {area(args[0])}"
    if action.kind == "load_ship":
        return f"with {amount(args[0], 'Soldier')}" if args[0] else "without Soldiers"
    return {
        "embark_soldier": "embark",
        "embark_colonist": "embark",
        "embark_gold": "embark",
        "keep_soldier": "keep aboard",
        "keep_colonist": "keep aboard",
        "prospect": "prospect or mine",
        "mine": "prospect or mine",
    }.get(action.kind) or _sea_of(args[0] if args else None)


def _sea_of(index: int | None) -> str:
    """An Area's place in a long list: the sea its Anchorage lies on, or inland."""
    if index is None:
        return ""
    sea = WORLD.areas[index].sea
    return f"on the {WORLD.seas[sea].name}" if sea >= 0 else "inland"


def _amount(view: NewWorldView, kind: str, members: list[tuple[str, Action]]) -> Control:
    found = [number_template(text) for text, _ in members]
    templates = {f[0] for f in found if f is not None}
    if len(templates) != 1 or None in found:
        raise ValueError(f"{kind}: the texts {[t for t, _ in members]} are not one count")
    values = [f[1] for f in found if f is not None]
    heading, help_line, unit = _amount_words(view, kind, members[0][1])
    default = max(values) if kind in LARGEST_FIRST else None
    return amount_control(
        heading, templates.pop(), values, help=help_line, unit=unit, default=default
    )


def _amount_words(view: NewWorldView, kind: str, action: Action) -> tuple[str, str, str]:
    """Heading, help line and unit of an amount."""
    args = tuple(int(a) for a in action.args if isinstance(a, int))
    free = free_cash(view)
    money = "" if free is None else f" You have ${free} left to spend."
    if kind == "bid":
        cash = _own_cash(view)
        have = "" if cash is None else f" You have ${cash}."
        return (
            "Your secret bid for Exclusive Landfall",
            "The highest bid picks its Turn 1 landing first; each player pays his bid"
            f" to the player at the other end of the bids.{have}",
            "$",
        )
    if kind == "maintain":
        return "Planning Sheet: Ships to keep", f"${MAINTENANCE} a Ship.{money}", ""
    if kind == "build":
        return "Planning Sheet: new Ships", f"${SHIP_COST} a Ship.{money}", ""
    if kind == "buy":
        return "Planning Sheet: Soldiers to buy", f"${SOLDIER_COST} a Soldier.{money}", ""
    if kind in ("send_soldiers", "send_colonists"):
        unit = "Soldiers" if kind == "send_soldiers" else "Colonists"
        return (
            f"Planning Sheet: {unit} landing at {_landing_area(view)}",
            "Each Ship that is not a Pirate carries two Personnel.",
            "",
        )
    if kind == "devote":
        return (
            "Planning Sheet: Ships devoted to Piracy",
            "A Pirate carries no Personnel; it hunts the Fleet of the country you name.",
            "",
        )
    if kind == "attack":
        return (
            f"Attack {COUNTRIES[args[0]]} at {area(args[1])}: how many Soldiers",
            "One die per attacking Soldier: odd, he falls; even, a defender falls; a 6"
            " rolls again.",
            "",
        )
    if kind == "attack_natives":
        return (
            f"Attack the Natives at {area(args[0])}: how many Soldiers",
            "As against a player; fallen Natives are gone for good.",
            "",
        )
    if kind in LARGEST_FIRST:
        soldiers = kind == "retreat_some_soldiers"
        return (
            f"Retreat only some {'Soldiers' if soldiers else 'Colonists'} to {area(args[0])}",
            "Free ones go first, then "
            + ("Prospectors and the looter" if soldiers else "Miners")
            + " leave their markers; the others stay and fight (8.32).",
            "",
        )
    unit = "Soldiers" if kind == "land_soldiers" else "Colonists"
    return f"Land {unit} at {area(args[0])}", "", ""


def _own_cash(view: NewWorldView) -> int | None:
    """The seat's own cash (None for a spectator)."""
    me = own_player(view)
    return me["cash"] if me else None


def _own_plan(view: NewWorldView) -> PlanView | None:
    """The seat's own Planning Sheet, while it plans and sails (None otherwise)."""
    me = own_player(view)
    return me["plan"] if me else None


def free_cash(view: NewWorldView) -> int | None:
    """The seat's cash less what its Planning Sheet already spends (None: unknown)."""
    cash, plan = _own_cash(view), _own_plan(view)
    if cash is None:
        return None
    if plan is None:
        return cash
    spent = MAINTENANCE * plan["maintain"] + SHIP_COST * plan["build"] + SOLDIER_COST * plan["buy"]
    return cash - spent


def _area_named(view: NewWorldView, letter: str) -> str:
    """An Area given by its letter, as the table names it ("O (Carolina)")."""
    index = next((i for i, a in enumerate(view["areas"]) if a["letter"] == letter), None)
    return area(index) if index is not None else letter


def _landing_area(view: NewWorldView) -> str:
    plan = _own_plan(view)
    rows = plan["landings"] if plan is not None else None
    if not rows:
        return "your landing"
    return _area_named(view, rows[-1]["area"])


# ---- questions before moves that cannot be taken back ----


def confirm(view: NewWorldView, text: str, legal: Sequence[str]) -> str | None:
    """The question before a bid of all one's cash, sealing the Planning Sheet,
    fighting to the end, and ending Land Movement, combat or the voyage while other
    moves are still open; None for every other move."""
    try:
        action = SPACE.parse(text)
    except UnknownAction:
        return None
    others = [a for a in legal if a != text]
    if action.kind == "bid":
        cash = _own_cash(view)
        bid = int(action.args[0])
        if cash is not None and cash > 0 and bid >= cash:
            return (
                f"Bid all your ${cash}? You pay your whole bid to the player at the other"
                " end of the bids, so you plan Turn 1 with only what that player pays you."
            )
        return None
    if action.kind == "seal":
        return f"Seal your Planning Sheet? It cannot be changed afterwards. {sheet_words(view)}"
    if action.kind == "fight_to_end":
        return "Fight to the end? You will not be asked again how this battle goes on."
    if action.kind == "end_movement" and others:
        return (
            f"End your Land Movement? You could still make {len(others)} other"
            f" move{'s' if len(others) != 1 else ''}; units not moved stay where they are."
        )
    if action.kind == "end_combat" and others:
        return f"End your combat turn? You could still {_open_words(others)}."
    if action.kind == "sail_home" and others:
        if any(SPACE.parse(a).kind.startswith("pick_up") for a in others):
            return (
                "Sail the Fleet home now? It could still pick up here; what it leaves goes"
                " back ashore."
            )
        return "Sail the Fleet home now? It could still sail along the coast first."
    return None


def _open_words(others: Sequence[str]) -> str:
    """What the other legal actions of a combat turn would do ("attack or loot")."""
    kinds = {SPACE.parse(text).kind for text in others}
    words = [
        word
        for word, among in (
            ("attack", {"attack", "attack_natives"}),
            ("prospect", {"prospect"}),
            ("loot a City", {"loot"}),
        )
        if kinds & among
    ]
    if not words:
        return "act"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def sheet_words(view: NewWorldView) -> str:
    """The seat's Planning Sheet in a sentence ("Keeps 2 Ships, builds 1, ...")."""
    plan = _own_plan(view)
    if plan is None:
        return ""
    parts = [
        f"keep {amount(plan['maintain'], 'Ship')}",
        f"build {plan['build']}",
        f"buy {amount(plan['buy'], 'Soldier')}",
    ]
    for row in plan["landings"]:
        parts.append(
            f"land at {row['area']} with {amount(row['soldiers'], 'Soldier')}"
            f" and {amount(row['colonists'], 'Colonist')}"
        )
    pirates = plan["pirates"]
    if pirates:
        parts.append(f"{amount(pirates, 'Pirate Ship')} against {plan['enemy']}")
    return "Your sheet: " + "; ".join(parts) + "."


# ---- the words on the buttons ----

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
    "fight_to_end": "fight to the end, without being asked again",
    "roll_next": "roll the next die of the battle",
    "roll_again": "roll again after the 6 (this roll cannot cost you a unit)",
    "stop_rolling": "stop rolling after the 6",
    "offer_cancel": "offer to cancel the attack (the defender decides)",
    "refuse_cancel": "refuse: the battle goes on",
    "agree_cancel": "agree: the battle ends here",
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
