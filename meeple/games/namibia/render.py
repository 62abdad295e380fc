"""Terminal text of a Namibia view: the hex map with its complete legend, the
market and the players; and the terminal's compact status, legend and colours.

It reads only the view (``view.NamibiaView``), never a state.
"""

from __future__ import annotations

from meeple.engine.terminal import Highlight, Terminal, fit
from meeple.games.namibia.board import COMMODITIES
from meeple.games.namibia.svg import COMMODITY_COLOURS, SEAT_COLOURS
from meeple.games.namibia.view import EngineView, FinalRow, NamibiaView, PortView, SpaceView, typed

CELL = 6
# Two letters per commodity, none of them a row letter followed by a digit, so a
# cube count ("Di1") never reads like a space label ("C1", "D4").
SYMBOLS = {"diamond": "Di", "gold": "Au", "silver": "Ag", "copper": "Cu"}
# Diamonds are white on the drawn board; a terminal shows them in light cyan.
TERMINAL_COMMODITY_COLOURS = {**COMMODITY_COLOURS, "diamond": "#7fd8ff"}


def render_text(view: NamibiaView) -> str:
    lines = [_header(view), ""]
    lines += _map(view)
    lines += ["", *legend_lines(view), ""]
    lines += _market(view)
    lines += ["", *_players(view)]
    lines += _situation(view)
    final = view["final"]
    if final:
        lines += ["", *_final(view, final)]
    return "\n".join(lines)


def _header(view: NamibiaView) -> str:
    return f"Namibia, round {view['round']} of 6: {view['phase']}"


def _port_tag(key: str) -> str:
    return f"<{key[:3].upper()}>"


def _map(view: NamibiaView) -> list[str]:
    rows: dict[int, dict[int, SpaceView]] = {}
    for space in view["spaces"]:
        rows.setdefault(space["row"], {})[space["col"]] = space
    ports = {p["label"]: p for p in view["ports"]}
    names = [p["name"][0] for p in view["players"]]
    out = []
    width = 1 + max(space["col"] for space in view["spaces"])
    for r in sorted(rows):
        indent = " " * (CELL // 2 if r % 2 else 0)
        top = "".join(_cell_label(rows[r].get(c)) for c in range(width))
        body = "".join(_cell_body(rows[r].get(c), ports, names) for c in range(width))
        out += [(indent + top).rstrip(), (indent + body).rstrip()]
    return out


def _cell_label(space: SpaceView | None) -> str:
    return " " * CELL if space is None else space["label"].center(CELL)


def _cell_body(space: SpaceView | None, ports: dict[str, PortView], names: list[str]) -> str:
    if space is None:
        return " " * CELL
    if space["kind"] == "port":
        return _port_tag(ports[space["label"]]["key"]).center(CELL)
    if space["kind"] == "expansion":
        return "###".center(CELL)
    text = ""
    commodity, mine = space["commodity"], space["mine"]
    if space["cubes"] and commodity:
        text += SYMBOLS[commodity] + str(space["cubes"])
    if mine:
        letter = names[mine["owner"]]
        text += letter if mine["complete"] else letter.lower()
    if space["abandoned"]:
        text += "X"
    if space["railed"]:
        text += "="
    return (text or ".").center(CELL)


def legend(view: NamibiaView) -> tuple[tuple[str, str], ...]:
    """Every symbol the map, the market and the player table use."""
    cubes = tuple((f"{SYMBOLS[name]}3", f"3 {name} cubes") for name in COMMODITIES)
    mines = tuple(
        (
            f"{p['name'][0]}/{p['name'][0].lower()}",
            f"{p['name']}'s mine",
        )
        for p in view["players"]
    )
    ports = tuple(
        (_port_tag(p["key"]), f"port of {p['name']} ({p['label']})") for p in view["ports"]
    )
    return (
        *cubes,
        *mines,
        ("capital/small letter", "mine complete/under construction"),
        ("X", "abandoned mine"),
        ("=", "touches a rail"),
        ("###", "possible-expansion space (takes no cube and no mine)"),
        (".", "empty mining space"),
        *ports,
        ("*", "your seat in the player table"),
    )


def legend_lines(view: NamibiaView) -> list[str]:
    """The legend in a few lines of at most 78 characters."""
    lines, line = ["Legend:"], ""
    for symbol, meaning in legend(view):
        item = f"{symbol}: {meaning}"
        if line and len(line) + len(item) + 2 > 76:
            lines.append(f"  {line}")
            line = ""
        line = f"{line}; {item}" if line else item
    lines.append(f"  {line}")
    return lines


def _market(view: NamibiaView) -> list[str]:
    lines = ["Commodity   price demand supply"]
    for name, m in view["market"].items():
        supply = "-" if m["supply"] is None else str(m["supply"])
        lines.append(f"{name:<11} {m['price']:>5} {m['demand']:>6} {supply:>6}")
    return lines


def _players(view: NamibiaView) -> list[str]:
    lines = ["Pos Player  GM  Rep excluded heads truck rails"]
    for pos, seat in enumerate(view["order"], start=1):
        p = view["players"][seat]
        flag = "  (eliminated)" if p["eliminated"] else ""
        me = "*" if view["seat"] == seat else " "
        lines.append(
            f"{pos:>2}{me} {p['name']:<7}{p['money']:>3} {p['reputation']:>4} "
            f"{p['excluded']:<8} {p['mine_heads']:>5} {p['truck'] or '-':>5} "
            f"{p['rails_to_place']:>5}{flag}"
        )
    return lines


def _situation(view: NamibiaView) -> list[str]:
    """The auction, the cubes owed to completed mines and the shipment under way."""
    lines = []
    a = view["auction"]
    if a:
        lines.append(f"Auction: high bid {a['high_bid']} GM, next bid at least {a['minimum']}")
    for owed in view.get("additional_cubes") or ():
        lines.append(
            f"Complete mines: {owed['cubes_left']} {owed['commodity']} cubes left in the supply"
            f" for the mines on {', '.join(owed['mines'])} (feed <space> gives one)"
        )
    sh = view["shipment"]
    if sh:
        lines.append(f"Shipping {sh['commodity']} through {sh['port']}")
    return lines


def _final(view: NamibiaView, final: list[FinalRow]) -> list[str]:
    lines = ["Final scoring (reputation before + points bought = final; money left breaks ties)"]
    for seat, row in enumerate(final):
        name = view["players"][seat]["name"]
        lines.append(
            f"{name:<7} {row['reputation_before']:>4} + {row['points_bought']:>3} "
            f"= {row['reputation']:>4}  (mines under construction paid "
            f"{row['construction_payment']} GM; {row['money_left']} GM left)"
        )
    return lines


# Phases whose decisions name no space of the map (an auction, buying points).
MAPLESS_PHASES = ("bribe colonial officials", "administration: purchase reputation", "game over")


class NamibiaTerminal(Terminal):
    """The compact status is the header, the players in a line or two, the auction
    or shipment under way and, when the decision is about spaces (placing, mining,
    rails, the truck, shipping), the map without its legend; colours are the
    board's."""

    def status(self, view: EngineView, board: str) -> str:
        return status(typed(view))  # JSON edge

    def legend(self, view: EngineView) -> tuple[tuple[str, str], ...]:
        return legend(typed(view))  # JSON edge

    def highlights(self, view: EngineView) -> tuple[Highlight, ...]:
        return highlights(typed(view))  # JSON edge

    def examples(self, view: EngineView) -> tuple[str, ...]:
        return ("place gold c4", "bid 3", "mine d4", "ship gold luderitz")


def status(view: NamibiaView) -> str:
    """The compact status (``NamibiaTerminal``)."""
    players = []
    for seat in view["order"]:
        p = view["players"][seat]
        me = "*" if view["seat"] == seat else ""
        gone = " eliminated" if p["eliminated"] else ""
        players.append(f"{me}{p['name']} {p['money']} GM rep {p['reputation']}{gone}")
    lines = [_header(view), *fit(players), *_situation(view)]
    if view["phase"] not in MAPLESS_PHASES:
        lines += ["", *_map(view)]
    return "\n".join(lines)


def highlights(view: NamibiaView) -> tuple[Highlight, ...]:
    """The seats' names, the cubes and the mine letters in the board's colours."""
    seats = tuple(
        Highlight(rf"\b{p['name']}\b", _colour(p["seat"]), bold=True) for p in view["players"]
    )
    cubes = tuple(
        Highlight(rf"\b(?:{SYMBOLS[name]}\d+|{name})\b", TERMINAL_COMMODITY_COLOURS[name])
        for name in COMMODITIES
    )
    mines = tuple(
        Highlight(rf"(?<=[\d ])[{letter}{letter.lower()}](?=[X=]?(?:\s|$))", colour, bold=True)
        for letter, colour in _seat_letters(view)
    )
    return (*seats, *cubes, *mines, Highlight(r"<[A-Z]{3}>", "#4f9fd8"))


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _seat_letters(view: NamibiaView) -> list[tuple[str, str]]:
    return [(p["name"][0], _colour(p["seat"])) for p in view["players"]]


TERMINAL = NamibiaTerminal()
