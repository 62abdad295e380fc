"""Controls: a decision described the way a player makes it, not as a flat list.

A game's ``Presentation.controls(view, legal)`` returns a list of entries, plain
JSON dicts the web client draws in order (``static/decision.js``). Every entry has

* ``kind``: ``"amount"``, ``"choice"`` or ``"board"`` (below);
* ``heading``: a few words in the game's words saying what is decided ("Your
  bid"); empty for a lone option whose own words say it;
* ``help`` (optional): one line on what the decision does or costs, shown under
  the heading before anything is committed ("Position 1 costs 4 reputation").

``amount``: a number to choose, played as ``template`` with ``{n}`` replaced by the
number ("bid {n}" -> "bid 7"). ``values`` lists every legal number, ascending;
``min``/``max`` are its ends and ``step`` the usual distance between two values, so
the client draws a number box and a slider, accepts only numbers in ``values`` and
says which are legal when they are not contiguous. ``default`` (one of ``values``)
is the number first shown; ``unit`` (optional) is written beside the box ("$").

``choice``: named options, ``options`` a list of ``{"action": text, "label":
words}``; an option may carry ``"group"``: a sub-heading under which the client
lists it when the options are too many for one row (more than ``ROW_LIMIT``).

``board``: the options reached by clicking elements of the board (the client marks
them playable); ``options`` as for a choice, listed only as a folded fallback.

The contract, checked by ``contract_problems`` and by the server
(``meeple.server.render``): every legal action is offered by exactly one entry, and
no entry offers an action that is not legal. The action texts stay what is played,
typed and recorded; the labels are only what a person reads. ``default_controls`` is the generic
description every game gets without writing one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import pairwise
from typing import Any

JSON = dict[str, Any]

ROW_LIMIT = 12
"""The most options one row of buttons or one list may show at once."""

AMOUNT_MIN = 5
"""A group of at least this many actions differing only in one number is an amount."""

_NUMBER = re.compile(r"(?<![\w$])(\d+)(?!\w)")


def amount_control(
    heading: str,
    template: str,
    values: Iterable[int],
    *,
    help: str = "",
    default: int | None = None,
    unit: str = "",
) -> JSON:
    """An ``amount`` entry: ``template`` (holding ``{n}``) played with one of
    ``values``; ``default`` is the smallest value unless given (and legal)."""
    numbers = sorted(set(values))
    if not numbers:
        raise ValueError("an amount needs at least one legal value")
    if "{n}" not in template:
        raise ValueError(f"an amount's template must hold {{n}}: {template!r}")
    gaps = [b - a for a, b in pairwise(numbers)]
    entry: JSON = {
        "kind": "amount",
        "heading": heading,
        "template": template,
        "values": numbers,
        "min": numbers[0],
        "max": numbers[-1],
        "step": min(gaps) if gaps else 1,
        "default": default if default in numbers else numbers[0],
    }
    if help:
        entry["help"] = help
    if unit:
        entry["unit"] = unit
    return entry


def option(action: str, label: str, group: str = "") -> JSON:
    """One option of a choice or board entry (``group``: its sub-heading, if any)."""
    out: JSON = {"action": action, "label": label}
    if group:
        out["group"] = group
    return out


def choice_control(heading: str, options: Sequence[JSON], *, help: str = "") -> JSON:
    """A ``choice`` entry among ``options`` (made by ``option``)."""
    entry: JSON = {"kind": "choice", "heading": heading, "options": list(options)}
    if help:
        entry["help"] = help
    return entry


def board_control(heading: str, options: Sequence[JSON], *, help: str = "") -> JSON:
    """A ``board`` entry: ``options`` are reached by clicking the board; the list of
    them is a folded fallback."""
    entry: JSON = {"kind": "board", "heading": heading, "options": list(options)}
    if help:
        entry["help"] = help
    return entry


def actions_of(entry: Mapping[str, Any]) -> list[str]:
    """The action texts one entry offers."""
    if entry.get("kind") == "amount":
        template = str(entry["template"])
        return [template.replace("{n}", str(n)) for n in entry["values"]]
    return [str(o["action"]) for o in entry.get("options", ())]


def contract_problems(entries: Sequence[Mapping[str, Any]], legal: Sequence[str]) -> list[str]:
    """What breaks the contract: legal actions no entry offers, actions offered
    twice, and offered actions that are not legal (empty: the entries are right)."""
    offered: list[str] = [a for e in entries for a in actions_of(e)]
    legal_set = set(legal)
    problems = [f"not offered: {a}" for a in legal if a not in offered]
    seen: set[str] = set()
    for a in offered:
        if a in seen:
            problems.append(f"offered twice: {a}")
        seen.add(a)
        if a not in legal_set:
            problems.append(f"not legal: {a}")
    return problems


def group_key(action: str) -> str:
    """What an action does, for grouping: the part before ":" ("alexandria: develop"),
    else its first word ("place copper c3")."""
    return action.split(":")[0] if ":" in action else action.split(" ")[0]


def action_groups(legal: Sequence[str]) -> dict[str, list[str]]:
    """Legal actions by ``group_key``, in order of first appearance; a refusal "no X"
    joins the group whose key X starts with ("no landing" beside "land egypt")."""
    keys = {group_key(a) for a in legal}
    groups: dict[str, list[str]] = {}
    for a in legal:
        key = group_key(a)
        refusal = re.fullmatch(r"no (\w+)", a)
        if refusal:
            key = next(
                (k for k in sorted(keys) if k != "no" and refusal.group(1).startswith(k)), key
            )
        groups.setdefault(key, []).append(a)
    return groups


def number_template(action: str) -> tuple[str, int] | None:
    """The action with its only number replaced by ``{n}``, and that number
    ("bid 7" -> ("bid {n}", 7)); None if it holds no number or several."""
    found = _NUMBER.findall(action)
    if len(found) != 1:
        return None
    return _NUMBER.sub("{n}", action), int(found[0])


def sub_group(action: str, key: str) -> str:
    """A large group's sub-heading for one action: its first word after the key
    ("place gold c4" under "place" -> "gold")."""
    rest = action[len(key) :].lstrip(": ").split(" ")
    return rest[0] if rest and rest[0] else key


def default_controls(
    legal: Sequence[str],
    labels: Mapping[str, str],
    heading: Callable[[str], str] | None = None,
) -> list[JSON]:
    """The generic description: legal actions grouped by ``action_groups``; a group
    whose actions differ only in one number (at least ``AMOUNT_MIN`` of them) is an
    amount; a group of more than ``ROW_LIMIT`` options gets sub-headings by its
    second word. ``heading(key)`` words a group's heading (default: the key); a
    group of one action has none (its button says it)."""
    entries: list[JSON] = []
    for key, group in action_groups(legal).items():
        title = heading(key) if heading else key
        templated = [number_template(a) for a in group]
        templates = {t[0] for t in templated if t is not None}
        if len(group) >= AMOUNT_MIN and len(templates) == 1 and None not in templated:
            (template,) = templates
            values = [t[1] for t in templated if t is not None]
            entries.append(amount_control(title, template, values))
            continue
        large = len(group) > ROW_LIMIT
        options = [option(a, labels.get(a, a), sub_group(a, key) if large else "") for a in group]
        entries.append(choice_control(title if len(group) > 1 else "", options))
    return merge_lone_options(entries)


def merge_lone_options(entries: Sequence[JSON]) -> list[JSON]:
    """The entries with consecutive single-option choices that have neither heading
    nor help joined into one row of buttons (at most ``ROW_LIMIT`` to a row)."""
    out: list[JSON] = []
    joinable = False  # the last entry of ``out`` is a row of lone options
    for entry in entries:
        lone = (
            entry["kind"] == "choice"
            and len(entry["options"]) == 1
            and not entry.get("heading")
            and not entry.get("help")
        )
        if lone and joinable and len(out[-1]["options"]) < ROW_LIMIT:
            out[-1]["options"].append(entry["options"][0])
            continue
        out.append({**entry, "options": list(entry["options"])} if lone else entry)
        joinable = lone
    return out
