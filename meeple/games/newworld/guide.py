"""Rules at hand for New World: what each phase and each pending decision does and
costs, in our words, with the anchors of the "how to play" page (``help.md``), and
the meaning of the map's symbols. Both read a view only (cash and sheets are the
seat's own)."""

from __future__ import annotations

from meeple.engine.presentation import Explanation, LegendEntry, explain_phase
from meeple.games.newworld.view import NewWorldView, own_player, plain

PHASES: dict[str, tuple[str, tuple[str, ...]]] = {
    "colonists": (
        "Colonists: take four new Colonists, or roll a die for them (never fewer than three).",
        ("colonists",),
    ),
    "exclusive landfall bids": (
        "Turn 1: bid in secret for the first choice of a landing Area; bids are paid to the"
        " bidder at the other end of the scale.",
        ("landfall",),
    ),
    "exclusive landfall choice": (
        "Turn 1: in bid order, each player chooses the coastal Area only they may land in"
        " this turn.",
        ("landfall",),
    ),
    "planning": (
        "Planning, in secret: Ships kept ($4 each) and built ($12), Soldiers bought ($10),"
        " and where your Fleet lands whom. Everything is paid when all sheets are sealed.",
        ("planning",),
    ),
    "outbound naval movement": (
        "The Fleets sail to their landings together, first landings first; dice for each"
        " Sea Zone crossed may sink Ships with what they carry.",
        ("outbound",),
    ),
    "land movement": (
        "Land movement, in initiative order: embark, move one Area overland, land from the"
        " Anchorage, prospect, mine, loot or carry Gold; then end your movement.",
        ("movement",),
    ),
    "combat vs players": (
        "Combat against players, in initiative order: attack rivals sharing an Area; dice"
        " decide the losses; retreats may be offered or asked for.",
        ("combat",),
    ),
    "combat vs natives": (
        "Combat against Natives, in initiative order: Soldiers attack the Natives of an"
        " Area; dice decide the losses.",
        ("combat",),
    ),
    "native uprisings": (
        "Native uprisings: where the die is at most a player's Uprising Number, Natives"
        " rise against him; he chooses which of his Colonists or Miners are lost.",
        ("control",),
    ),
    "survival": (
        "Survival: one die for the whole board, read by each Area's Climate (+1 where you"
        " hold Political Control); you choose which of your units there are lost.",
        ("control",),
    ),
    "homebound naval movement": (
        "Homebound: your Fleet picks up Gold and Personnel along the coast as you choose"
        " (dice for each Sea Zone) and sails home. Each Gold Bar home pays $40.",
        ("homebound", "scoring"),
    ),
    "exploration setup": (
        "Exploration version: reveal what lies in the Areas as the rules set them up.",
        ("options",),
    ),
}

LOSS_WORDS = {
    "battle": "The defender chooses which of his units are lost in the battle, one at a"
    " time (keep those on Mines, Gold Sites and Cities to the last).",
    "uprising": "The Natives rise: their owner chooses which Colonists or Miners are lost,"
    " one at a time.",
    "survival": "The climate strikes: each owner chooses which of his Personnel are lost,"
    " one at a time (a Soldier for each S, a Colonist for each C, the other kind once one"
    " runs out).",
}

STEPS = (
    "Ships to maintain: $4 each; a Ship not maintained is lost.",
    "Ships to build: $12 each, at most six a turn and twelve in all.",
    "Soldiers to buy: $10 each, at most ten a turn, as your pool allows.",
    "The Area your Fleet lands at first (your own Area on turn 1).",
    "How many Soldiers go ashore there.",
    "How many Colonists go ashore there.",
    "Another landing further along the coast (not on turn 1), or seal the sheet.",
    "Your sheet is sealed: waiting for the others.",
    "Ships to devote to piracy this turn.",
    "The player you declare naval war on, if any.",
)


def explain(view: NewWorldView) -> Explanation | None:
    """The phase's words, and those of the pending decision of the seat."""
    return explain_phase(plain(view), PHASES, lambda _, phase: _decision(view, phase))


def _decision(view: NewWorldView, phase: str) -> str:
    if view["pending_arrangement"]:
        return (
            "A Ship is about to be lost: its owner loads the Fleet card row by row (at most"
            " two Personnel and two Gold Bars a Ship); the dice then pick the row lost."
        )
    landing = view["pending_landing"]
    if landing is not None:
        return (
            f"Losses at sea left too few {landing['kind']}: choose how many land at"
            f" {landing['area'].upper()}."
        )
    if view["pending_landed"] is not None:
        return (
            "Your arrivals have landed: they may move straight onto an unoccupied Mine (a"
            " Colonist) or City (a Soldier) in their Area before the next player moves, or"
            " end your movement as they stand."
        )
    if view["pending_gold_request"] is not None:
        return (
            "Gold waits on an Anchorage dot where its owner has no one left: your Personnel"
            " there hold it, so his Fleet ships it only if you allow it (8.223)."
        )
    if view["pending_claim"] is not None:
        return (
            "A newly explored Area has a Gold Site its first occupant could not take: as"
            " the next occupant you may put a Soldier on it as a Prospector, or leave it."
        )
    losses = view["pending_losses"]
    if losses is not None:
        return LOSS_WORDS.get(losses["cause"], LOSS_WORDS["battle"])
    attack = view["pending_attack"]
    if attack is not None:
        return (
            f"A battle in {attack['area'].upper()}: between two dice the attacker rolls on"
            " (one die, or all of them) or offers to cancel, which the defender may accept;"
            " the defender may retreat (8.31, 8.32)."
        )
    piracy = view["pending_piracy"]
    if piracy is not None:
        return (
            f"Pirates attack at {piracy['area'].upper()}: between two dice the Pirate rolls"
            " on (one die, or all of them) or offers to cancel, which his enemy may accept"
            " (22.3)."
        )
    me = own_player(view)
    if phase == "homebound naval movement" and me and me["fleet"]["at_sea"]:
        return (
            "Where your Fleet lies, pick up all that fits (first choice) or one unit at a"
            " time; what you leave goes back ashore. Then sail on along the coast or home."
        )
    if phase == "planning" and me:
        plan = me["plan"]
        step = plan["step"] if plan is not None else None
        if step is not None and 0 <= step < len(STEPS):
            return STEPS[step]
    return ""


def _svg(body: str, width: int = 34, height: int = 30) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' width="{width}" height="{height}" aria-hidden="true">{body}</svg>'
    )


def legend(shapes: dict[str, str], climates: tuple[str, ...]) -> list[LegendEntry]:
    """Every symbol of the map; ``shapes`` are the map's own drawings of the symbols
    (by key), ``climates`` the fills of Climates 1 to 5."""
    area = '<g class="area"><polygon points="3,5 31,3 29,27 5,25" fill="{}" stroke="#6b5a3a"/></g>'
    out: list[LegendEntry] = [
        {
            "symbol": _svg(
                "".join(
                    f'<rect x="{1 + 6.4 * k:.1f}" y="6" width="6" height="18" fill="{fill}"/>'
                    for k, fill in enumerate(climates)
                )
            ),
            "meaning": "Area, coloured by its Climate, 1 (palest) to 5 (greenest): the survival"
            " roll strikes by Climate; its letter and Climate stand before its name",
        },
        {"symbol": _svg(area.format(shapes["unknown"])), "meaning": "Area not explored yet"},
        {
            "symbol": _svg(
                area.replace('class="area"', 'class="area unplayable"').format("#5b5850")
            ),
            "meaning": "Area not in play at this player count",
        },
        {
            "symbol": _svg(
                '<polygon class="outland" points="3,5 31,3 29,27 5,25" fill="#dcd5c2"'
                ' stroke="#6b5a3a"/>'
            ),
            "meaning": "land beyond the map: never played",
        },
        {
            "symbol": _svg(
                f'<polygon class="sea" points="0,0 34,0 34,30 0,30" fill="{shapes["sea"]}"/>'
            ),
            "meaning": "Sea Zone, numbered: each zone crossed adds a naval-loss die",
        },
        {
            "symbol": _svg(
                '<g class="anchorage"><circle cx="17" cy="15" r="11" fill="#111"/><text x="17"'
                ' y="19" font-size="11" text-anchor="middle" fill="#fff">A</text></g>'
            ),
            "meaning": "Anchorage dot of an Area: Fleets call there, units embark and land",
        },
        {"symbol": _svg(shapes["ship"]), "meaning": "a Fleet marker, in its country's colour"},
        {"symbol": shapes["chip"], "meaning": shapes["chip_words"]},
        {
            "symbol": shapes["retreated"],
            "meaning": "white tag: units that retreated this turn (they earn nothing and do"
            " not count for control)",
        },
        {
            "symbol": _svg(
                '<polygon class="control" points="3,5 31,3 29,27 5,25" fill="none"'
                ' stroke="#c62828" stroke-width="4"/>'
            ),
            "meaning": "Area outlined in a country's colour: its Political Control",
        },
        {
            "symbol": _svg(
                '<circle class="plan" cx="17" cy="15" r="11" fill="none" stroke="#c62828"'
                ' stroke-width="3" stroke-dasharray="5 3"/>'
            ),
            "meaning": "dashed ring: a landing on your own secret plan",
        },
        {
            "symbol": _svg(
                '<ellipse class="battle" cx="17" cy="15" rx="15" ry="11" fill="none"'
                ' stroke="#b00020" stroke-width="3" stroke-dasharray="6 3"/>',
            ),
            "meaning": "red ring: a battle under way there",
        },
        {
            "symbol": _svg(
                '<g class="battle-dice"><rect x="2" y="4" width="14" height="14" rx="3"'
                ' fill="#fff" stroke="#c62828" stroke-width="2.5"/><text x="9" y="15"'
                ' font-size="11" text-anchor="middle" font-weight="bold">6</text><rect'
                ' x="18" y="4" width="14" height="14" rx="3" fill="#fff" stroke="#c62828"'
                ' stroke-width="2.5"/><text x="25" y="15" font-size="11"'
                ' text-anchor="middle" font-weight="bold">3</text></g>'
            ),
            "meaning": "white dice outlined in a country's colour: the turn's last battle, its"
            " attacker's rolls, beside the Area where it was fought",
        },
        {
            "symbol": _svg('<text x="17" y="19" font-size="11" text-anchor="middle">n3</text>'),
            "meaning": "n3: three Natives in the Area",
        },
        {
            "symbol": _svg('<text x="17" y="19" font-size="11" text-anchor="middle">x4</text>'),
            "meaning": "x4: a City of value 4, which a Soldier may loot (the looter's initials"
            " follow)",
        },
        {
            "symbol": _svg('<text x="17" y="19" font-size="11" text-anchor="middle">G M</text>'),
            "meaning": "G: a Gold Site to prospect; M: a working Mine (holder's initials after)",
        },
        {
            "symbol": _svg('<text x="17" y="19" font-size="11" text-anchor="middle">$$</text>'),
            "meaning": "$$: Resources doubled for Colonists there",
        },
        {
            "symbol": _svg('<text x="17" y="19" font-size="10" text-anchor="middle">PC</text>'),
            "meaning": "PC En: the Area's Political Control (England here)",
        },
    ]
    return out
