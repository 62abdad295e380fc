"""Rules at hand for Namibia: what each phase and decision does and costs, in our
words (``explain``), and the meaning of every symbol the board draws (``legend``).

Both read a view only. The anchors name sections of ``help.md`` (the "how to play"
page); the legend's symbols are drawn with the board's own shapes and classes.
"""

from __future__ import annotations

from meeple.engine.presentation import Explanation, LegendEntry, explain_phase
from meeple.games.namibia.rules.auction import POSITION_COSTS
from meeple.games.namibia.view import EngineView, NamibiaView, typed, untyped

# Per phase (the view's "phase"): what it is about, and the help page's anchors.
PHASES: dict[str, tuple[str, tuple[str, ...]]] = {
    "setup: place cubes": (
        "Getting started: everyone places one cube of each commodity they may collect,"
        " away from other cubes while any such space is left.",
        ("setup",),
    ),
    "setup: starting mine": (
        "Getting started: a completed mine on a cube you may collect; two more cubes"
        " join it, ready to ship.",
        ("setup",),
    ),
    "setup: mine under construction": (
        "Getting started, in reverse order: a second mine, under construction, on a"
        " commodity different from your first mine's; one cube joins it.",
        ("setup",),
    ),
    "setup: place rails": (
        "Getting started: two rails each, touching rails already on the board.",
        ("setup", "rails"),
    ),
    "bribe colonial officials": (
        "The auction for player order: the higher the position, the more reputation it"
        " costs and the more rails it gives; the last position costs none and gets no"
        " rails, but starts two mines and prospects twice.",
        ("bribe",),
    ),
    "construction: complete mines": (
        "Your mines under construction stand up; each takes one more cube from the"
        " supply unless it is next to an abandoned mine.",
        ("complete-mines",),
    ),
    "construction: start a new mine": (
        "You must start a mine (lying flat, under construction) on a space with cubes"
        " you may collect; it uses one of your mine heads.",
        ("start-mine",),
    ),
    "construction: prospect": (
        "You must add cubes: two next to a seam of the same commodity; a new seam of one"
        " cube only when no seam can be extended.",
        ("prospect",),
    ),
    "construction: place rails": (
        "Lay the rails you took in the auction, each touching a rail at a corner. Mines"
        " ship by rail only from spaces joined to the port's network.",
        ("rails",),
    ),
    "construction: move truck": (
        "Send your truck to one of your completed mines: it can carry one cube to this"
        " round's ports, rails or not.",
        ("truck",),
    ),
    "shipping: choose commodity and port": (
        "Leading a shipment: choose a commodity and a port nobody chose yet. You gain 2"
        " reputation for each other player's truck or mine that ships there.",
        ("shipping",),
    ),
    "shipping: truck shipping": (
        "Truck shipping, optional: a truck on a completed mine of this commodity carries"
        " one cube to the port and earns its price.",
        ("shipping",),
    ),
    "shipping: rail shipping": (
        "Rail shipping: a completed mine joined to the port by rail ships all its cubes"
        " or none. Past the demand the price halves for the rest of the round.",
        ("shipping",),
    ),
    "administration: purchase reputation": (
        "Buying reputation: 3 GM a point after round 3, 4 GM a point after round 5."
        " Money left at the end buys points at 5 GM each.",
        ("reputation", "scoring"),
    ),
}


def explain(view: NamibiaView) -> Explanation | None:
    """The phase's and the pending decision's words, and the help page's anchors."""
    return explain_phase(untyped(view), PHASES, _engine_decision)  # JSON edge


def _engine_decision(view: EngineView, phase: str) -> str:
    return _decision(typed(view), phase)  # JSON edge


def _decision(view: NamibiaView, phase: str) -> str:
    """What the decision of the seat to act costs or gives now, from the view."""
    auction = view["auction"]
    if phase == "bribe colonial officials" and auction is not None:
        return (
            f"{position_costs(view)}. Bid at least {auction['minimum']} GM, or pass:"
            " passing pays your last bid (at least the round number) and takes the lowest"
            " free position."
        )
    shipment = view["shipment"]
    if phase.startswith("shipping: ") and shipment is not None and "choose" not in phase:
        return f"Shipping {shipment['commodity']} through {shipment['port']}."
    owed = view["additional_cubes"]
    if phase == "construction: complete mines" and owed:
        first = owed[0]
        return (
            f"Only {first['cubes_left']} {first['commodity']} cubes are left for"
            f" your mines on {', '.join(first['mines'])}: choose which take one."
        )
    if phase == "administration: purchase reputation":
        return "Choose how many points to buy, or none."
    return ""


# Reputation lost and rails taken per position of the bribe: the rules' own table.
COSTS = POSITION_COSTS


def position_costs(view: NamibiaView) -> str:
    """Each position's cost at this table, in words ("1: -5 reputation, 3 rails; ...").
    With players eliminated, the others take positions 1, 2, ... with those costs and
    the last remaining position costs nothing."""
    players = view["players"]
    active = sum(1 for p in players if not p["eliminated"])
    table = COSTS.get(len(players), COSTS[4])
    parts = []
    for position in range(1, active + 1):
        if position < active and position <= len(table):
            reputation, rails = table[position - 1]
            plural = "" if rails == 1 else "s"
            parts.append(f"{position}: -{reputation} reputation, {rails} rail{plural}")
        else:
            parts.append(f"{position}: nothing, no rails")
    return "Positions " + "; ".join(parts)


# ---- the legend ------------------------------------------------------------------


def _svg(body: str, width: int = 34, height: int = 30) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' width="{width}" height="{height}" aria-hidden="true">{body}</svg>'
    )


def _hex(fill: str, extra: str = "") -> str:
    points = "17,1 30,8.5 30,21.5 17,29 4,21.5 4,8.5"
    polygon = f'<polygon points="{points}" fill="{fill}" stroke="#8a7a5a"/>'
    return f'<g class="space{extra}">{polygon}</g>'


def legend(kind_fill: dict[str, str], commodity: dict[str, str]) -> list[LegendEntry]:
    """The board's symbols drawn with its fills and classes (svg.legend adds the
    truck, the rails of each port and the turn-order track, which it draws)."""
    red = "#d62728"
    out: list[LegendEntry] = [
        {
            "symbol": _svg(_hex(kind_fill["land"])),
            "meaning": "mining space: takes cubes and one mine",
        },
        {
            "symbol": _svg(_hex(kind_fill["land"]) + _etosha_mark(17, 22)),
            "meaning": "Etosha National Park, a mining space (with three players two rails"
            " start on its sides)",
        },
        {
            "symbol": _svg(_hex(kind_fill["land"]) + _initial_mark(17, 15)),
            "meaning": "initial placement space: one random cube at the start",
        },
        {
            "symbol": _svg(_hex(kind_fill["expansion"])),
            "meaning": "grey possible-expansion space: not used, never takes cubes or mines",
        },
        {
            "symbol": _svg(f'<g class="port">{_hex(kind_fill["port"])}</g>'),
            "meaning": "port: ships the commodity chosen for it this round; its name is"
            " bold while chosen",
        },
    ]
    for name, colour in commodity.items():
        out.append(
            {
                "symbol": _svg(
                    f'<rect class="cube" x="11" y="9" width="12" height="12" fill="{colour}"'
                    ' stroke="#333"/><text x="17" y="18.5" font-size="8" text-anchor="middle">2'
                    "</text>"
                ),
                "meaning": f"{name} cubes, with how many lie on the space",
            }
        )
    out += [
        {
            "symbol": _svg(
                f'<circle class="mine complete" cx="17" cy="15" r="7" fill="{red}"'
                f' stroke="{red}" stroke-width="2.5"/>'
            ),
            "meaning": "filled disc: a completed mine in its owner's colour (ships cubes)",
        },
        {
            "symbol": _svg(
                f'<circle class="mine" cx="17" cy="15" r="7" fill="white" stroke="{red}"'
                ' stroke-width="2.5"/>'
            ),
            "meaning": "hollow disc: a mine under construction (completed next round; paid"
            " at the end if still unfinished)",
        },
        {
            "symbol": _svg(
                '<path class="abandoned" d="M11,9 l12,12 m0,-12 l-12,12" stroke="#444"'
                ' stroke-width="2"/>'
            ),
            "meaning": "abandoned mine: an exhausted seam; mines next to it take no extra cube",
        },
        {
            "symbol": _svg(
                '<polygon class="edge" points="6,15 17,9 28,15 17,21" fill="rgba(224,0,122,.35)"/>'
            ),
            "meaning": "a side that glows pink: a rail may be laid there now (click it)",
        },
        {
            "symbol": _svg(
                '<g class="market"><text x="2" y="13" font-size="9">price</text>'
                '<text x="2" y="25" font-size="9">demand</text></g>',
                44,
            ),
            "meaning": "market: each commodity's price, demand and, while it ships, the"
            " cubes shipped this round (supply)",
        },
    ]
    return out


def _etosha_mark(x: float, y: float) -> str:
    return (
        f'<text class="etosha" x="{x:.1f}" y="{y:.1f}" font-size="11" text-anchor="middle"'
        ' fill="#4a6b2a" font-style="italic">Etosha</text>'
    )


def _initial_mark(x: float, y: float) -> str:
    return (
        f'<rect class="initial" x="{x - 5:.1f}" y="{y - 5:.1f}" width="10" height="10"'
        ' fill="none" stroke="#6b5a3a" stroke-width="1" stroke-dasharray="2,1.5"/>'
    )


def initial_mark(x: float, y: float) -> str:
    """The outlined square of an initial placement space (the board layer draws it)."""
    return _initial_mark(x, y)
