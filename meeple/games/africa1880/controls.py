"""Africa 1880's decisions as a player makes them in the browser: every legal
action in the game's words, the controls of each decision, and the question asked
before sealing (``AfricaPresentation`` in ``svg`` hands these to the client).

Read from a view alone. While a sheet is written the controls are: the sheet
itself (a ``sheet`` entry, drawn by static/drafts.js: its numbered lines, the one
being written marked, each line reachable again through ``sheet_view.go_to_line``,
whose actions the client plays one by one through the checked path), the values
of the line being written (an order's explorations naming who is in each
neighbour), and last ``revise orders`` and ``seal orders``.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.engine.controls import board_control, choice_control, option
from meeple.games.africa1880.sheet_view import (
    READY,
    REVISE,
    SEAL,
    country_name,
    current_line,
    go_to_line,
    neighbours,
    sheet_lines,
    territory_name,
    writing_territory,
)
from meeple.games.africa1880.view import AfricaView

Control = dict[str, object]  # JSON edge: an entry of meeple.engine.controls
LANDING_GROUPS: tuple[tuple[str, str, str], ...] = (
    ("A–F", "a", "f"),
    ("G–M", "g", "m"),
    ("N–Z", "n", "z"),
)
"""Sub-headings of a long list of territories, by the first letter of the name."""


# ---- words ----------------------------------------------------------------------


def labels(view: AfricaView, legal: Sequence[str]) -> dict[str, str]:
    """Every legal action in the game's words, by text."""
    return {action: label(view, action) for action in legal}


def label(view: AfricaView, action: str) -> str:
    """One action in words ("Explore Kenya (France there)", "Seal my 1880 orders")."""
    if action == SEAL:
        return f"Seal my {view['year']} orders"
    if action == REVISE:
        return "Back to line 1 (every line keeps its value)"
    if action == READY:
        return "Ready: my negotiations are over"
    if action == "no landing":
        return "No landing"
    verb, _, rest = action.partition(" ")
    if verb == "place":
        return f"First presence in {territory_name(view, rest)}"
    if verb == "land":
        return f"Land in {territory_name(view, rest)}"
    if action.startswith("alliance with "):
        return f"Alliance with {country_name(view, action.removeprefix('alliance with '))}"
    if action.startswith("war on "):
        return f"War on {country_name(view, action.removeprefix('war on '))}"
    where, _, order = action.partition(": ")
    if order == "develop":
        return f"Develop {territory_name(view, where)}"
    if order == "nothing":
        return f"No order for {territory_name(view, where)}"
    if order.startswith("explore "):
        target = order.removeprefix("explore ")
        return f"Explore {territory_name(view, target)}{_present(view, target)}"
    return action


def _present(view: AfricaView, territory: str) -> str:
    """ " (France there)", " (nobody there)": who a move into ``territory`` meets."""
    t = view["territories"].index(territory)
    seats = view["presences"][t]
    who = ", ".join(view["countries"][s] for s in seats) or "nobody"
    return f" ({who} there)"


# ---- the question before sealing ------------------------------------------------------


def confirm(view: AfricaView, action: str) -> str | None:
    """Sealing is final (2. Writing Orders): ask, naming the lines never written."""
    if action != SEAL or view["sheet"] is None:
        return None
    question = f"Seal your {view['year']} orders? Once sealed they cannot be changed."
    cursor = current_line(view)
    lines = sheet_lines(view)
    if cursor is None or cursor >= len(lines):
        return question
    unwritten = [f"{n}. {line.label}: {line.value}" for n, line in enumerate(lines, 1)][cursor:]
    return f"{question} Still as on a blank sheet (never written): {'; '.join(unwritten)}."


def plays_itself(view: AfricaView, action: str) -> bool:
    """Never seal for the player, nor end his negotiations with ``ready``."""
    return action not in (SEAL, READY)


# ---- controls -----------------------------------------------------------------------


def controls(view: AfricaView, legal: Sequence[str]) -> list[Control]:
    """The decision's entries (see the module): every legal action in exactly one."""
    words = labels(view, legal)
    if view["phase"] == "writing" and view["sheet"] is not None:
        return _writing(view, legal, words)
    places = [a for a in legal if a.startswith("place ")]
    rest = [a for a in legal if a not in places]
    entries: list[Control] = []
    if places:
        entries.append(
            board_control(
                "Your first presence: click an empty coastal territory",
                [option(a, words[a], _letter_group(words[a])) for a in places],
            )
        )
    if rest:
        entries.append(choice_control("", [option(a, words[a]) for a in rest]))
    return entries


def _writing(view: AfricaView, legal: Sequence[str], words: dict[str, str]) -> list[Control]:
    finish = [a for a in (REVISE, SEAL) if a in legal]  # seal orders last
    values = [a for a in legal if a not in finish]
    entries: list[Control] = [sheet_entry(view)]
    if values:
        entries.extend(_line_entries(view, values, words))
    entries.append(
        choice_control(
            "",
            [option(a, words[a]) for a in finish],
            help="Sealing hands the sheet in for good; the lines not written keep the"
            " values shown.",
        )
    )
    return entries


def sheet_entry(view: AfricaView) -> Control:
    """The sheet as numbered lines: label, value, whether it is the line being
    written, and ``go``: the actions that make it the line written next."""
    cursor = current_line(view)
    lines = sheet_lines(view)
    shown = [
        {
            "number": n + 1,
            "label": line.label[:1].upper() + line.label[1:],
            "value": line.value,
            "current": n == cursor,
            "go": list(go_to_line(view, n)),
        }
        for n, line in enumerate(lines)
    ]
    state = (
        "every line written: seal, or click a line to change it"
        if cursor is not None and cursor >= len(lines)
        else f"writing line {(cursor or 0) + 1} of {len(lines)}"
    )
    return {
        "kind": "sheet",
        "heading": f"Your {view['year']} order sheet (secret): {state}",
        "help": "Click any line to write it again; every other line keeps its value.",
        "lines": shown,
    }


def _line_entries(view: AfricaView, values: Sequence[str], words: dict[str, str]) -> list[Control]:
    """The values of the line being written; a landing is chosen on the map."""
    cursor = current_line(view) or 0
    line = sheet_lines(view)[cursor]
    heading = f"Line {cursor + 1}: {line.label}"
    landings = [a for a in values if a.startswith("land ")]
    if landings:
        others = [a for a in values if a not in landings]
        return [
            board_control(
                f"{heading}: click an empty coast on the map to land there",
                [option(a, words[a], _letter_group(words[a])) for a in landings],
            ),
            choice_control("", [option(a, words[a]) for a in others]),
        ]
    territory = writing_territory(view)
    help_line = _neighbour_help(view, territory) if territory else ""
    return [choice_control(heading, [option(a, words[a]) for a in values], help=help_line)]


def _neighbour_help(view: AfricaView, territory: str) -> str:
    """The territory's neighbours and who is in each; those closed to exploring."""
    parts = []
    for n in neighbours(view, territory):
        who = ", ".join(n.present) or "nobody"
        parts.append(f"{n.name}: {who}" + (f" (closed: {n.barred})" if n.barred else ""))
    if not parts:
        return "No land neighbours: only develop or no order."
    return "Neighbours: " + "; ".join(parts) + "."


def _letter_group(words: str) -> str:
    """The sub-heading of a territory in a long list, by its name's first letter."""
    name = words.split(" in ", 1)[-1].lower()
    for heading, first, last in LANDING_GROUPS:
        if name and first <= name[0] <= last:
            return heading
    return "other"
