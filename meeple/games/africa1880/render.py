"""A view of Africa 1880 as terminal text: the map, the sheet being written, the
revealed sheets, the embassies, the last conflicts and colonies, the final score.

It reads only the view (plain JSON), never a state.
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]
PHASES = {
    "setup": "setup: first presences",
    "diplomacy": "1) diplomatic action",
    "writing": "2) writing orders",
    "over": "game over",
}


def render_text(view: JSON) -> str:
    parts = [_header(view), _countries(view), _map(view)]
    if view["sheet"] is not None:
        parts.append(_draft(view))
    if view["revealed"] is not None:
        parts.append(_revealed(view))
    parts.append(_last_turn(view))
    if view["result"] is not None:
        parts.append(_score(view))
    return "\n\n".join(p for p in parts if p)


def _header(view: JSON) -> str:
    return (
        f"Africa 1880 - {view['year']} (turn {view['turn']} of {view['turns']})"
        f" - {PHASES[view['phase']]} - colonies {view['colonies']}/{view['colony_pieces']}"
    )


def _short(view: JSON, seat: int) -> str:
    return str(view["countries"][seat])


def _countries(view: JSON) -> str:
    lines = []
    for seat, name in enumerate(view["countries"]):
        status = []
        if view["phase"] == "diplomacy":
            status.append("ready" if view["ready"][seat] else "negotiating")
        if view["phase"] == "writing":
            status.append("sealed" if view["sealed"][seat] else "writing")
        you = " (you)" if seat == view["seat"] else ""
        extra = f", {', '.join(status)}" if status else ""
        lines.append(f"  {name}{you}: {view['stock'][seat]} markers in stock{extra}")
    return "Countries:\n" + "\n".join(lines)


def _map(view: JSON) -> str:
    lines = ["Territory        Coast Development Presences"]
    empty_coasts = []
    for t, name in enumerate(view["names"]):
        seats = view["presences"][t]
        dev, squares = view["development"][t], view["squares"][t]
        if not seats and not dev and not view["colony"][t]:
            if view["coastal"][t]:
                empty_coasts.append(name)
            continue
        bar = "#" * dev + "." * (squares - dev)
        coast = "coast" if view["coastal"][t] else ""
        who = ", ".join(_short(view, s) for s in seats) or "-"
        colony = "  COLONY" if view["colony"][t] else ""
        lines.append(f"{name:<16} {coast:<5} {bar:<4} {dev}/{squares}    {who}{colony}")
    coasts = ", ".join(empty_coasts) or "none"
    lines.append(f"Empty coastal territories (a landing is possible): {coasts}")
    return "\n".join(lines)


def _draft(view: JSON) -> str:
    sheet = view["sheet"]
    me = _short(view, sheet["seat"])
    lines = [f"Your order sheet ({me}, {view['year']}) - next line: {sheet['next']}"]
    lines.extend(_sheet_lines(view, sheet))
    return "\n".join(lines)


def _sheet_lines(view: JSON, sheet: JSON) -> list[str]:
    orders = [f"{where}: {what}" for where, what in sheet["orders"].items()]
    lines = ["  orders: " + ("; ".join(orders) if orders else "none")]
    lines.append(f"  landing: {sheet['landing'] or 'none'}")
    relations = [
        f"war on {who}" if what == "war" else f"alliance with {who}"
        for who, what in sheet["relations"].items()
    ]
    lines.append("  relations: " + "; ".join(relations))
    return lines


def _revealed(view: JSON) -> str:
    lines = ["Sheets revealed at the last reading of orders:"]
    for sheet in view["revealed"]:
        lines.append(f" {_short(view, sheet['seat'])}")
        lines.extend(_sheet_lines(view, sheet))
    return "\n".join(lines)


def _last_turn(view: JSON) -> str:
    lines = []
    if view["last_removed"]:
        removed = [f"{_short(view, s)} from {t}" for t, s in view["last_removed"]]
        lines.append("Removed in the last conflicts: " + "; ".join(removed))
    if view["last_colonies"]:
        lines.append("New colonies: " + ", ".join(view["last_colonies"]))
    return "\n".join(lines)


def _score(view: JSON) -> str:
    result = view["result"]
    lines = ["Final score (8 per presence alone on a colony, 3 shared, 1 per alliance):"]
    for seat, part in enumerate(result["breakdown"]):
        lines.append(
            f"  {_short(view, seat)}: {part['points']} = {part['sole_colony_presences']} x8"
            f" + {part['shared_colony_presences']} x3 + {part['alliances_received']} x1"
        )
    lines.append(result["note"])
    return "\n".join(lines)
