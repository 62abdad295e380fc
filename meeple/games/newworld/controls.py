"""New World's decisions as the table's controls (``meeple.engine.controls``), and the
questions asked before the moves that cannot be taken back.

Counts (a bid, Ships kept or built, Soldiers bought or sent, Soldiers attacking) are
amounts, with what they cost said before anything is committed; what happens in an
Area (landing, moving units, prospecting, sailing) is clicked on the map, the list
of it folded beside; the rest are named choices under a heading. Everything is read
from the seat's view and its legal actions, so nothing hidden is used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
from meeple.games.newworld.actions import SPACE
from meeple.games.newworld.texts import (
    COUNTRIES,
    MAINTENANCE,
    SHIP_COST,
    SOLDIER_COST,
    WORLD,
    amount,
)
from meeple.games.newworld.wording import area, labels

JSON = dict[str, Any]

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


def controls(view: JSON, legal: Sequence[str]) -> list[JSON]:
    """The seat's decision as amounts, map choices and named choices, in the order
    their first actions come in ``legal``."""
    actions = parsed(legal)
    words = labels(legal)
    if actions is None:
        return default_controls(legal, words)
    groups: dict[tuple[Any, ...], list[tuple[str, Action]]] = {}
    for text, action in actions:
        groups.setdefault(_group(action), []).append((text, action))
    entries = [_entry(view, key, members, words) for key, members in groups.items()]
    return merge_lone_options(entries)


def _group(action: Action) -> tuple[Any, ...]:
    """Which entry an action belongs to: its amount (kind and the other arguments),
    the map, or the choice of its heading."""
    if action.kind in AMOUNT_KINDS:
        rest = tuple(a for i, a in enumerate(action.args) if i != COUNT_AT.get(action.kind, 0))
        return ("amount", action.kind, rest)
    if action.kind in BOARD_KINDS:
        return ("board",)
    return ("choice", CHOICE_HEADINGS.get(action.kind, ""))


def _entry(
    view: JSON, key: tuple[Any, ...], members: list[tuple[str, Action]], words: dict[str, str]
) -> JSON:
    if key[0] == "amount" and len(members) >= FEW:
        return _amount(view, key[1], members)
    if key[0] == "amount":
        heading = _amount_words(view, key[1], members[0][1])[0]
        return choice_control(heading, [option(t, words.get(t, t)) for t, _ in members])
    options = [option(t, words.get(t, t), _sub_heading(a)) for t, a in members]
    if key[0] == "board":
        heading, hint = BOARD_HEADINGS.get(str(view.get("phase")), ("On the map", ""))
        return board_control(heading, options, help=hint)
    if len(options) == 1 and not key[1]:
        return choice_control("", options)
    if key[1] == LOSS_HEADING:
        return choice_control(LOSS_HEADING, options, help=loss_help(view))
    return choice_control(key[1], options)


LOSS_CAUSES = {
    "battle": "the battle",
    "uprising": "the Natives' uprising",
    "survival": "the climate",
}


def loss_help(view: JSON) -> str:
    """What is still to lose, where and to what (8.314, 9.4, 10.1)."""
    losses = view.get("pending_losses")
    if not isinstance(losses, dict):
        return ""
    still = [
        amount(int(losses.get(key) or 0), word)
        for key, word in (("soldiers", "Soldier"), ("colonists", "Colonist"))
        if losses.get(key)
    ]
    cause = LOSS_CAUSES.get(str(losses.get("cause")), "the battle")
    where = _area_named(view, str(losses.get("area", "")))
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


def _amount(view: JSON, kind: str, members: list[tuple[str, Action]]) -> JSON:
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


def _amount_words(view: JSON, kind: str, action: Action) -> tuple[str, str, str]:
    """Heading, help line and unit of an amount."""
    args = tuple(int(a) for a in action.args if isinstance(a, int))
    free = free_cash(view)
    money = "" if free is None else f" You have ${free} left to spend."
    if kind == "bid":
        cash = own(view).get("cash")
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


def own(view: JSON) -> JSON:
    """The seat's own player entry of the view (empty for a spectator)."""
    seat = view.get("seat")
    players = view.get("players") or []
    if isinstance(seat, int) and 0 <= seat < len(players):
        return dict(players[seat])
    return {}


def free_cash(view: JSON) -> int | None:
    """The seat's cash less what its Planning Sheet already spends (None: unknown)."""
    me = own(view)
    cash, plan = me.get("cash"), me.get("plan")
    if not isinstance(cash, int):
        return None
    if not isinstance(plan, dict):
        return cash
    spent = (
        MAINTENANCE * int(plan.get("maintain", 0))
        + SHIP_COST * int(plan.get("build", 0))
        + SOLDIER_COST * int(plan.get("buy", 0))
    )
    return cash - spent


def _area_named(view: JSON, letter: str) -> str:
    """An Area given by its letter, as the table names it ("O (Carolina)")."""
    index = next(
        (i for i, a in enumerate(view.get("areas") or []) if a.get("letter") == letter), None
    )
    return area(index) if index is not None else letter


def _landing_area(view: JSON) -> str:
    plan = own(view).get("plan")
    rows = plan.get("landings") if isinstance(plan, dict) else None
    if not rows:
        return "your landing"
    letter = str(rows[-1].get("area", ""))
    index = next(
        (i for i, a in enumerate(view.get("areas") or []) if a.get("letter") == letter), None
    )
    return area(index) if index is not None else letter


# ---- questions before moves that cannot be taken back ----


def confirm(view: JSON, text: str, legal: Sequence[str]) -> str | None:
    """The question before a bid of all one's cash, sealing the Planning Sheet,
    fighting to the end, and ending Land Movement, combat or the voyage while other
    moves are still open; None for every other move."""
    try:
        action = SPACE.parse(text)
    except UnknownAction:
        return None
    others = [a for a in legal if a != text]
    if action.kind == "bid":
        cash = own(view).get("cash")
        bid = int(action.args[0])
        if isinstance(cash, int) and cash > 0 and bid >= cash:
            return (
                f"Bid all your ${cash}? You pay your whole bid to the player at the other"
                " end of the bids, so you plan Turn 1 with only what that player pays you."
            )
        return None
    if action.kind == "seal":
        return f"Seal your Planning Sheet? It cannot be changed afterwards. {sheet_words(view)}"
    if action.kind == "fight_to_end":
        return "Fight to the end? You will not be asked about retreating again in this battle."
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


def sheet_words(view: JSON) -> str:
    """The seat's Planning Sheet in a sentence ("Keeps 2 Ships, builds 1, ...")."""
    plan = own(view).get("plan")
    if not isinstance(plan, dict):
        return ""
    parts = [
        f"keep {amount(int(plan.get('maintain', 0)), 'Ship')}",
        f"build {int(plan.get('build', 0))}",
        f"buy {amount(int(plan.get('buy', 0)), 'Soldier')}",
    ]
    for row in plan.get("landings") or []:
        parts.append(
            f"land at {row.get('area')} with {amount(int(row.get('soldiers', 0)), 'Soldier')}"
            f" and {amount(int(row.get('colonists', 0)), 'Colonist')}"
        )
    pirates = int(plan.get("pirates", 0) or 0)
    if pirates:
        parts.append(f"{amount(pirates, 'Pirate Ship')} against {plan.get('enemy')}")
    return "Your sheet: " + "; ".join(parts) + "."
