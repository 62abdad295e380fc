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

from meeple.engine.terminal import Command, Highlight, Reply, Terminal, fit
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.sheet_view import (
    READY,
    REVISE,
    SEAL,
    country_name,
    current_line,
    go_to_line,
    neighbours,
    order_words,
    sheet_lines,
    short,
    territory_name,
    writing_territory,
)
from meeple.games.africa1880.svg import COUNTRY_COLOURS
from meeple.games.africa1880.view import (
    AfricaView,
    DraftView,
    EngineView,
    Relations,
    ResultView,
    SheetView,
    removed,
    typed,
)

__all__ = ["READY", "REVISE", "SEAL", "TERMINAL", "current_line", "render_text", "sheet_lines"]
# Germany's markers are black (Setup); black text vanishes on a dark terminal.
TERMINAL_COLOURS = {**COUNTRY_COLOURS, "germany": "#a0a0a0"}
PHASES = {
    "setup": "setup: first presences",
    "diplomacy": "1) diplomatic action",
    "writing": "2) writing orders",
    "over": "game over",
}


def render_text(view: AfricaView) -> str:
    sheet, revealed, markers, result = (
        view["sheet"],
        view["revealed"],
        view["embassy_markers"],
        view["result"],
    )
    parts = [_header(view), _countries(view), _map(view)]
    if sheet is not None:
        parts.append(_draft(view, sheet))
    if revealed is not None:
        parts.append(_revealed(view, revealed))
    if markers is not None:
        parts.append(_embassies(view, markers))
    parts.append(_last_turn(view))
    if result is not None:
        parts.append(_score(view, result))
    return "\n\n".join(p for p in parts if p)


def _header(view: AfricaView) -> str:
    return (
        f"Africa 1880 - {view['year']} (turn {view['turn']} of {view['turns']})"
        f" - {PHASES[view['phase']]} - colonies {view['colonies']}/{view['colony_pieces']}"
    )


def _countries(view: AfricaView) -> str:
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


def _map(view: AfricaView) -> str:
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
        who = ", ".join(short(view, s) for s in seats) or "-"
        colony = "  COLONY" if view["colony"][t] else ""
        lines.append(f"{name:<16} {coast:<5} {bar:<4} {dev}/{squares}    {who}{colony}")
    coasts = ", ".join(empty_coasts) or "none"
    lines.append(f"Empty coastal territories (a landing is possible): {coasts}")
    lines.append(
        "Development: # a marker, . an empty square, 1/4 markers of squares; COLONY: a colony (5)"
    )
    return "\n".join(lines)


def _draft(view: AfricaView, sheet: DraftView) -> str:
    return "\n".join([*draft_lines(view, sheet), *line_neighbours(view)])


def draft_lines(view: AfricaView, sheet: DraftView) -> list[str]:
    """One's own sheet (``view["sheet"]``) as numbered lines; ">" marks the line
    written next."""
    me = short(view, sheet["seat"])
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


def _sheet_lines(view: AfricaView, sheet: SheetView) -> list[str]:
    """A revealed sheet in the names players read."""
    orders = [
        f"{territory_name(view, where)}: {order_words(view, what)}"
        for where, what in sheet["orders"].items()
    ]
    lines = ["  orders: " + ("; ".join(orders) if orders else "none")]
    landing = sheet["landing"]
    lines.append(f"  landing: {territory_name(view, landing) if landing else 'none'}")
    relations = [
        f"{what} {'on' if what == 'war' else 'with'} {country_name(view, who)}"
        for who, what in sheet["relations"].items()
    ]
    lines.append("  relations: " + "; ".join(relations))
    return lines


def _revealed(view: AfricaView, revealed: list[SheetView]) -> str:
    lines = ["Sheets revealed at the last reading of orders:"]
    for sheet in revealed:
        lines.append(f" {short(view, sheet['seat'])}")
        lines.extend(_sheet_lines(view, sheet))
    return "\n".join(lines)


def _embassies(view: AfricaView, embassy_markers: list[Relations]) -> str:
    """The markers in each embassy: the others' declarations towards its country
    (each alliance is 1 point at the end of the game)."""
    lines = ["Embassies (markers of the others; 1 point per alliance at the end):"]
    for seat, markers in enumerate(embassy_markers):
        allied = [country_name(view, c) for c, what in markers.items() if what == "alliance"]
        hostile = [country_name(view, c) for c, what in markers.items() if what == "war"]
        shown = [f"alliance from {', '.join(allied)}"] if allied else []
        shown += [f"war from {', '.join(hostile)}"] if hostile else []
        lines.append(f"  {short(view, seat)}'s embassy: {'; '.join(shown)}")
    return "\n".join(lines)


def limit_lines(view: AfricaView) -> list[str]:
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
            f"{short(view, limit['seat'])} ran out of markers (3.1 note); explorations in"
            f" the order sheet's alphabetical order: carried out {', '.join(done) or 'none'};"
            f" void {', '.join(void)}"
        )
    return lines


def _last_turn(view: AfricaView) -> str:
    lines = limit_lines(view)
    if view["last_removed"]:
        gone = [f"{short(view, s)} from {territory_name(view, t)}" for t, s in removed(view)]
        lines.append("Removed in the last conflicts: " + "; ".join(gone))
    if view["last_colonies"]:
        colonies = [territory_name(view, t) for t in view["last_colonies"]]
        lines.append("New colonies: " + ", ".join(colonies))
    return "\n".join(lines)


def _score(view: AfricaView, result: ResultView) -> str:
    lines = ["Final score (8 per presence alone on a colony, 3 shared, 1 per alliance):"]
    for seat, part in enumerate(result["breakdown"]):
        lines.append(
            f"  {short(view, seat)}: {part['points']} = {part['sole_colony_presences']} x8"
            f" + {part['shared_colony_presences']} x3 + {part['alliances_received']} x1"
        )
    lines.append(result["note"])
    return "\n".join(lines)


def neighbour_lines(view: AfricaView, territory: str) -> list[str]:
    """A territory's land borders with who is present on each, and whether the
    seat's presence there may explore into it (2.1: not a colony, not where the
    country already is)."""
    t = view["territories"].index(territory)
    out = [f"Neighbours of {view['names'][t]} (by land; islands are reached only by landing):"]
    for n in neighbours(view, territory):
        notes = ["coast" if n.coastal else "inland"]
        if n.barred == "a colony":
            notes.append("colony: no exploration")
        elif n.barred:
            notes.append(f"{n.barred}: no exploration")
        out.append(f"  {n.name} ({', '.join(notes)}): present {', '.join(n.present) or 'nobody'}")
    if not BOARD.borders[t]:
        out.append("  none")
    return out


def line_neighbours(view: AfricaView) -> list[str]:
    """The neighbours of the territory whose order is written next, if any."""
    territory = writing_territory(view)
    return [] if territory is None else neighbour_lines(view, territory)


def find_territory(view: AfricaView, words: str) -> str | None:
    """A territory named by its id or its name, in any case."""
    wanted = " ".join(words.lower().split())
    for tid, name in zip(view["territories"], view["names"], strict=True):
        if wanted in (tid, name.lower()):
            return tid
    return None


class AfricaTerminal(Terminal):
    """Africa 1880 at a keyboard (see the module's docstring)."""

    def status(self, view: EngineView, board: str) -> str:
        return status(typed(view))  # JSON edge

    def legend(self, view: EngineView) -> tuple[tuple[str, str], ...]:
        return LEGEND

    def highlights(self, view: EngineView) -> tuple[Highlight, ...]:
        return highlights(typed(view))  # JSON edge

    def examples(self, view: EngineView) -> tuple[str, ...]:
        return examples(typed(view))  # JSON edge

    def order(self, view: EngineView, texts: Sequence[str]) -> list[str]:
        """``seal orders`` last, ``revise orders`` just before it: typing 1 never
        seals a sheet."""
        last = [text for text in (REVISE, SEAL) if text in texts]
        return [text for text in texts if text not in last] + last

    def confirm(self, view: EngineView, text: str) -> str | None:
        return confirm(typed(view), text)  # JSON edge

    def automatic(self, view: EngineView, people: int) -> str | None:
        return automatic(typed(view), people)  # JSON edge

    def commands(self, view: EngineView) -> tuple[Command, ...]:
        return (
            Command("line N", "go to line N of your order sheet to change it"),
            Command("neighbours TERRITORY", "a territory's neighbours and who is there"),
        )

    def command(self, view: EngineView, word: str, argument: str) -> Reply | None:
        return command(typed(view), word, argument)  # JSON edge


def status(view: AfricaView) -> str:
    """The compact status (``AfricaTerminal``)."""
    seats = []
    for seat, name in enumerate(view["countries"]):
        you = " (you)" if seat == view["seat"] else ""
        state = ""
        if view["phase"] == "writing":
            state = ", sealed" if view["sealed"][seat] else ", writing"
        seats.append(f"{name}{you} {view['stock'][seat]} markers{state}")
    lines = [_header(view), *fit(seats)]
    sheet, result = view["sheet"], view["result"]
    if sheet is not None:
        lines += draft_lines(view, sheet)
        lines += line_neighbours(view)
    if result is not None:
        lines.append(_score(view, result))
    return "\n".join(lines)


LEGEND = (
    ("#", "a development square with a marker"),
    (".", "an empty development square"),
    ("2/4", "development markers / squares of the territory"),
    ("coast", "a coastal territory: a landing may reach it when it is empty"),
    ("COLONY", "a colony (5. Colonies): no more exploration or landing there"),
    (">", "on your order sheet: the line you write next"),
)


def highlights(view: AfricaView) -> tuple[Highlight, ...]:
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


def examples(view: AfricaView) -> tuple[str, ...]:
    if view["sheet"] is None or current_line(view) is None:
        return ("place alexandria", "ready", "neighbours congo")
    lines = sheet_lines(view)
    other = next((line.action for line in lines if "alliance" in line.action), "")
    return (lines[0].action, "land angola", other, "line 2", "neighbours congo", SEAL)


def confirm(view: AfricaView, text: str) -> str | None:
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


def automatic(view: AfricaView, people: int) -> str | None:
    """1) Diplomatic Action is negotiation between players: with at most one
    person at the table there is nobody to negotiate with, so ``ready`` is played."""
    seat = view["seat"]
    if view["phase"] == "diplomacy" and people <= 1 and seat is not None:
        return None if view["ready"][seat] else READY
    return None


def command(view: AfricaView, word: str, argument: str) -> Reply | None:
    if word in ("neighbours", "neighbors"):
        territory = find_territory(view, argument)
        if territory is None:
            return Reply(f"No territory {argument!r}; for example: neighbours congo")
        return Reply("\n".join(neighbour_lines(view, territory)))
    if word == "line":
        return _go_to_line(view, argument)
    return None


def _go_to_line(view: AfricaView, argument: str) -> Reply:
    """Line N becomes the line written next, every line keeping its value
    (``go_to_line``: the same actions the browser's sheet plays)."""
    if view["sheet"] is None or current_line(view) is None:
        return Reply("There is no sheet to change now: orders are written in 2) writing orders.")
    lines = sheet_lines(view)
    if not argument.strip().isdigit() or not 1 <= int(argument) <= len(lines):
        return Reply(f"Say which line: line N, with N from 1 to {len(lines)}.")
    target, cursor = int(argument) - 1, current_line(view) or 0
    if target == cursor:
        return Reply(f"Line {target + 1} is the line you are writing.")
    return Reply(actions=go_to_line(view, target))


TERMINAL = AfricaTerminal()
