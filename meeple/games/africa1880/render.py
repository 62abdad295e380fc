"""A view of Africa 1880 as terminal text: the map, the sheet being written, the
revealed sheets, the markers in the embassies, the marker limit of the last
reading, the last conflicts and colonies, the final score.

It reads only the view (plain JSON) and the printed board (borders), never a
state. ``AfricaTerminal`` adds what a person at a keyboard needs: the sheet as
numbered lines, ``line N`` to go back to any line, ``neighbours <territory>``,
``seal orders`` listed last and confirmed, and no ``ready`` step when nobody is
there to negotiate with.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from meeple.engine.terminal import Command, Highlight, Reply, Terminal, fit
from meeple.games.africa1880.board import BOARD, COUNTRY_IDS
from meeple.games.africa1880.svg import COUNTRY_COLOURS

JSON = dict[str, Any]
SEAL, REVISE, READY = "seal orders", "revise orders", "ready"
# Germany's markers are black (Setup); black text vanishes on a dark terminal.
TERMINAL_COLOURS = {**COUNTRY_COLOURS, "germany": "#a0a0a0"}
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
    lines.append(
        "Development: # a marker, . an empty square, 1/4 markers of squares; COLONY: a colony (5)"
    )
    return "\n".join(lines)


def _draft(view: JSON) -> str:
    return "\n".join([*draft_lines(view), *line_neighbours(view)])


class SheetLine(NamedTuple):
    """One line of one's own order sheet: what it is about, its current value and
    the action that writes that value again."""

    label: str
    value: str
    action: str


def sheet_lines(view: JSON) -> list[SheetLine]:
    """One's own sheet in the order it is written (2. Writing Orders): the order of
    each presence (order-sheet order), the landing, the relation with each other
    country (DIPLO table order, the rulebook's order of the countries)."""
    sheet = view["sheet"]
    lines = [
        SheetLine(_territory_name(view, t), _order_words(view, value), f"{t}: {value}")
        for t, value in sheet["orders"].items()
    ]
    landing = sheet["landing"]
    lines.append(
        SheetLine(
            "landing",
            f"land {_territory_name(view, landing)}" if landing else "no landing",
            f"land {landing}" if landing else "no landing",
        )
    )
    for country in sorted(sheet["relations"], key=COUNTRY_IDS.index):
        value = sheet["relations"][country]
        name = _country_name(view, country)
        action = f"alliance with {country}" if value == "alliance" else f"war on {country}"
        lines.append(SheetLine(f"relation with {name}", value, action))
    return lines


def current_line(view: JSON) -> int | None:
    """The index of the line written next (len(lines) once every line is written),
    or None once the sheet is sealed."""
    sheet = view["sheet"]
    nxt = sheet["next"]
    if nxt == "sealed":
        return None
    orders = list(sheet["orders"])
    if nxt == "end":
        return len(orders) + 1 + len(sheet["relations"])
    if nxt == "landing":
        return len(orders)
    if nxt in orders:
        return orders.index(nxt)
    others = sorted(sheet["relations"], key=COUNTRY_IDS.index)
    return len(orders) + 1 + others.index(nxt)


def draft_lines(view: JSON) -> list[str]:
    """One's own sheet as numbered lines; ">" marks the line written next."""
    sheet = view["sheet"]
    me = _short(view, sheet["seat"])
    cursor = current_line(view)
    if cursor is None:
        state = "sealed"
    elif cursor == len(sheet_lines(view)):
        state = "every line written: seal orders, or line N to change a line"
    else:
        state = f"writing line {cursor + 1}"
    out = [f"Your order sheet ({me}, {view['year']}) - {state}"]
    for number, line in enumerate(sheet_lines(view), start=1):
        mark = ">" if cursor == number - 1 else " "
        out.append(f" {mark}{number:>2}. {line.label}: {line.value}")
    return out


def _territory_name(view: JSON, territory: str) -> str:
    return str(view["names"][view["territories"].index(territory)])


def _sheet_lines(view: JSON, sheet: JSON) -> list[str]:
    """A revealed sheet in the names players read."""
    orders = [
        f"{_territory_name(view, where)}: {_order_words(view, what)}"
        for where, what in sheet["orders"].items()
    ]
    lines = ["  orders: " + ("; ".join(orders) if orders else "none")]
    landing = sheet["landing"]
    lines.append(f"  landing: {_territory_name(view, landing) if landing else 'none'}")
    relations = [
        f"{what} {'on' if what == 'war' else 'with'} {_country_name(view, who)}"
        for who, what in sheet["relations"].items()
    ]
    lines.append("  relations: " + "; ".join(relations))
    return lines


def _order_words(view: JSON, order: str) -> str:
    """ "explore egypt" becomes "explore Egypt"; develop and nothing stay."""
    verb, _, target = order.partition(" ")
    return f"{verb} {_territory_name(view, target)}" if target else verb


def _country_name(view: JSON, country: str) -> str:
    return str(view["countries"][view["country_ids"].index(country)])


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
        allied = [_country_name(view, c) for c, what in markers.items() if what == "alliance"]
        hostile = [_country_name(view, c) for c, what in markers.items() if what == "war"]
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
        removed = [
            f"{_short(view, s)} from {_territory_name(view, t)}" for t, s in view["last_removed"]
        ]
        lines.append("Removed in the last conflicts: " + "; ".join(removed))
    if view["last_colonies"]:
        colonies = [_territory_name(view, t) for t in view["last_colonies"]]
        lines.append("New colonies: " + ", ".join(colonies))
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


def neighbour_lines(view: JSON, territory: str) -> list[str]:
    """A territory's land borders with who is present on each, and whether the
    seat's presence there may explore into it (2.1: not a colony, not where the
    country already is)."""
    t = view["territories"].index(territory)
    me = view["seat"]
    out = [f"Neighbours of {view['names'][t]} (by land; islands are reached only by landing):"]
    for u in BOARD.borders[t]:
        who = ", ".join(_short(view, s) for s in view["presences"][u]) or "nobody"
        notes = ["coast" if view["coastal"][u] else "inland"]
        if view["colony"][u]:
            notes.append("colony: no exploration")
        elif me is not None and me in view["presences"][u]:
            notes.append("you are there: no exploration")
        out.append(f"  {view['names'][u]} ({', '.join(notes)}): present {who}")
    if not BOARD.borders[t]:
        out.append("  none")
    return out


def line_neighbours(view: JSON) -> list[str]:
    """The neighbours of the territory whose order is written next, if any."""
    cursor = current_line(view)
    orders = list(view["sheet"]["orders"])
    if cursor is None or cursor >= len(orders):
        return []
    return neighbour_lines(view, orders[cursor])


def find_territory(view: JSON, words: str) -> str | None:
    """A territory named by its id or its name, in any case."""
    wanted = " ".join(words.lower().split())
    for tid, name in zip(view["territories"], view["names"], strict=True):
        if wanted in (tid, name.lower()):
            return str(tid)
    return None


class AfricaTerminal(Terminal):
    """Africa 1880 at a keyboard (see the module's docstring)."""

    def status(self, view: JSON, board: str) -> str:
        seats = []
        for seat, name in enumerate(view["countries"]):
            you = " (you)" if seat == view["seat"] else ""
            state = ""
            if view["phase"] == "writing":
                state = ", sealed" if view["sealed"][seat] else ", writing"
            seats.append(f"{name}{you} {view['stock'][seat]} markers{state}")
        lines = [_header(view), *fit(seats)]
        if view["sheet"] is not None:
            lines += draft_lines(view)
            lines += line_neighbours(view)
        if view["result"] is not None:
            lines.append(_score(view))
        return "\n".join(lines)

    def legend(self, view: JSON) -> tuple[tuple[str, str], ...]:
        return (
            ("#", "a development square with a marker"),
            (".", "an empty development square"),
            ("2/4", "development markers / squares of the territory"),
            ("coast", "a coastal territory: a landing may reach it when it is empty"),
            ("COLONY", "a colony (5. Colonies): no more exploration or landing there"),
            (">", "on your order sheet: the line you write next"),
        )

    def highlights(self, view: JSON) -> tuple[Highlight, ...]:
        countries = tuple(
            Highlight(rf"(?i)\b{country}\b", TERMINAL_COLOURS.get(country, "#777777"), bold=True)
            for country in view["country_ids"]
        )
        return (
            *countries,
            Highlight(r"\bCOLONY\b", "#e0a000", bold=True),
            Highlight(r"\bwar\b", "#e53935"),
            Highlight(r"\balliance\b", "#43a047"),
            Highlight(r"(?m)^ >.*$", "default", bold=True),
        )

    def examples(self, view: JSON) -> tuple[str, ...]:
        if view["sheet"] is None or current_line(view) is None:
            return ("place alexandria", "ready", "neighbours congo")
        lines = sheet_lines(view)
        other = next((line.action for line in lines if "alliance" in line.action), "")
        return (lines[0].action, "land angola", other, "line 2", "neighbours congo", SEAL)

    def order(self, view: JSON, texts: Sequence[str]) -> list[str]:
        """``seal orders`` last, ``revise orders`` just before it: typing 1 never
        seals a sheet."""
        last = [text for text in (REVISE, SEAL) if text in texts]
        return [text for text in texts if text not in last] + last

    def confirm(self, view: JSON, text: str) -> str | None:
        if text != SEAL or view["sheet"] is None:
            return None
        cursor = current_line(view) or 0
        total = len(sheet_lines(view))
        unwritten = (
            f" Lines {cursor + 1} to {total} keep the values shown (never written:"
            " nothing, no landing, alliance)."
            if cursor < total
            else ""
        )
        return f"Seal your {view['year']} orders? A sealed sheet cannot be changed.{unwritten}"

    def automatic(self, view: JSON, people: int) -> str | None:
        """1) Diplomatic Action is negotiation between players: with at most one
        person at the table there is nobody to negotiate with, so ``ready`` is played."""
        if view["phase"] == "diplomacy" and people <= 1 and not view["ready"][view["seat"]]:
            return READY
        return None

    def commands(self, view: JSON) -> tuple[Command, ...]:
        return (
            Command("line N", "go to line N of your order sheet to change it"),
            Command("neighbours TERRITORY", "a territory's neighbours and who is there"),
        )

    def command(self, view: JSON, word: str, argument: str) -> Reply | None:
        if word in ("neighbours", "neighbors"):
            territory = find_territory(view, argument)
            if territory is None:
                return Reply(f"No territory {argument!r}; for example: neighbours congo")
            return Reply("\n".join(neighbour_lines(view, territory)))
        if word == "line":
            return self._go_to_line(view, argument)
        return None

    def _go_to_line(self, view: JSON, argument: str) -> Reply:
        """Line N becomes the line written next: the lines in between are written
        again with their current values (after ``revise orders`` when going back)."""
        if view["sheet"] is None or current_line(view) is None:
            return Reply(
                "There is no sheet to change now: orders are written in 2) writing orders."
            )
        lines = sheet_lines(view)
        if not argument.strip().isdigit() or not 1 <= int(argument) <= len(lines):
            return Reply(f"Say which line: line N, with N from 1 to {len(lines)}.")
        target, cursor = int(argument) - 1, current_line(view) or 0
        if target == cursor:
            return Reply(f"Line {target + 1} is the line you are writing.")
        if target > cursor:
            return Reply(actions=tuple(line.action for line in lines[cursor:target]))
        to_end = tuple(line.action for line in lines[cursor:])
        again = tuple(line.action for line in lines[:target])
        return Reply(actions=(*to_end, REVISE, *again))


TERMINAL = AfricaTerminal()
