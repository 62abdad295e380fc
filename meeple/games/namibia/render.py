"""Terminal text of a Namibia view: the hex map, the market and the players."""

from __future__ import annotations

from typing import Any

from meeple.games.namibia.board import COMMODITIES, COMMODITY_SYMBOLS

CELL = 6


def render_text(view: dict[str, Any]) -> str:
    lines = [f"Namibia, round {view['round']} of 6: {view['phase']}", ""]
    lines += _map(view)
    lines += [
        "",
        "Legend: Au3 = 3 gold cubes; R/b = Red's mine (capital: complete, small: "
        "under construction); X = abandoned; = : touches a rail; ### = unused",
        "",
    ]
    lines += _market(view)
    lines += ["", *_players(view)]
    if view["auction"]:
        a = view["auction"]
        lines.append(f"Auction: high bid {a['high_bid']} GM, next bid at least {a['minimum']}")
    for owed in view.get("additional_cubes") or ():
        lines.append(
            f"Complete mines: {owed['cubes_left']} {owed['commodity']} cubes left in the supply"
            f" for the mines on {', '.join(owed['mines'])} (feed <space> gives one)"
        )
    if view["shipment"]:
        sh = view["shipment"]
        lines.append(f"Shipping {sh['commodity']} through {sh['port']}")
    if view["final"]:
        lines += ["", *_final(view)]
    return "\n".join(lines)


def _map(view: dict[str, Any]) -> list[str]:
    rows: dict[int, dict[int, dict[str, Any]]] = {}
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


def _cell_label(space: dict[str, Any] | None) -> str:
    return " " * CELL if space is None else space["label"].center(CELL)


def _cell_body(space: dict[str, Any] | None, ports: dict[str, Any], names: list[str]) -> str:
    if space is None:
        return " " * CELL
    if space["kind"] == "port":
        key: str = ports[space["label"]]["key"]
        return f"<{key[:3].upper()}>".center(CELL)
    if space["kind"] == "expansion":
        return "###".center(CELL)
    text = ""
    if space["cubes"]:
        text += COMMODITY_SYMBOLS[COMMODITIES.index(space["commodity"])] + str(space["cubes"])
    if space["mine"]:
        letter = names[space["mine"]["owner"]]
        text += letter if space["mine"]["complete"] else letter.lower()
    if space["abandoned"]:
        text += "X"
    if space["railed"]:
        text += "="
    return (text or ".").center(CELL)


def _market(view: dict[str, Any]) -> list[str]:
    lines = ["Commodity   price demand supply"]
    for name, m in view["market"].items():
        supply = "-" if m["supply"] is None else str(m["supply"])
        lines.append(f"{name:<11} {m['price']:>5} {m['demand']:>6} {supply:>6}")
    return lines


def _players(view: dict[str, Any]) -> list[str]:
    lines = ["Pos Player  GM  Rep  not  heads truck rails"]
    for pos, seat in enumerate(view["order"], start=1):
        p = view["players"][seat]
        flag = "  (eliminated)" if p["eliminated"] else ""
        me = "*" if view["seat"] == seat else " "
        lines.append(
            f"{pos:>2}{me} {p['name']:<7}{p['money']:>3} {p['reputation']:>4}  "
            f"{p['excluded'][:6]:<6} {p['mine_heads']:>3} {p['truck'] or '-':>5} "
            f"{p['rails_to_place']:>3}{flag}"
        )
    return lines


def _final(view: dict[str, Any]) -> list[str]:
    lines = ["Final scoring (reputation before + points bought = final; money left breaks ties)"]
    for seat, row in enumerate(view["final"]):
        name = view["players"][seat]["name"]
        lines.append(
            f"{name:<7} {row['reputation_before']:>4} + {row['points_bought']:>3} "
            f"= {row['reputation']:>4}  (mines under construction paid "
            f"{row['construction_payment']} GM; {row['money_left']} GM left)"
        )
    return lines
