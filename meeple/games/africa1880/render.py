"""A view of Africa 1880 as terminal text: the map, the sheet being written, the
revealed sheets, the markers in the embassies, the marker limit of the last
reading, the last conflicts and colonies, the final score.

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
    if view["embassy_markers"] is not None:
        parts.append(_embassies(view))
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


def _embassies(view: JSON) -> str:
    """The markers in each embassy: the others' declarations towards its country
    (each alliance is 1 point at the end of the game)."""
    lines = ["Embassies (markers of the others; 1 point per alliance at the end):"]
    for seat, markers in enumerate(view["embassy_markers"]):
        allied = [who for who, what in markers.items() if what == "alliance"]
        hostile = [who for who, what in markers.items() if what == "war"]
        shown = [f"alliance from {', '.join(allied)}"] if allied else []
        shown += [f"war from {', '.join(hostile)}"] if hostile else []
        lines.append(f"  {_short(view, seat)}'s embassy: {'; '.join(shown)}")
    return "\n".join(lines)


def limit_lines(view: JSON) -> list[str]:
    """3.1 note: for each country that ran short of markers at the last reading, its
    explorations in the order they were carried out (the alphabetical order of the
    territories explored into, as the order sheet prints them) and which were void."""
    printed = dict(zip(view["territories"], view["sheet_names"], strict=True))
    names = dict(zip(view["territories"], view["names"], strict=True))

    def label(t: str) -> str:
        return printed[t] if printed[t] == names[t] else f"{printed[t]} ({names[t]})"

    lines = []
    for limit in view["last_marker_limit"]:
        done = [f"{k + 1}. {label(t)}" for k, t in enumerate(limit["carried_out"])]
        start = len(done)
        void = [f"{start + k + 1}. {label(t)}" for k, t in enumerate(limit["void"])]
        lines.append(
            f"{_short(view, limit['seat'])} ran out of markers (3.1 note); explorations in"
            f" the order sheet's alphabetical order: carried out {', '.join(done) or 'none'};"
            f" void {', '.join(void)}"
        )
    return lines


def _last_turn(view: JSON) -> str:
    lines = limit_lines(view)
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
