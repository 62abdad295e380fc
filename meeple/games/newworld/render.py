"""A view as terminal text, at most 80 columns: the turn and phase, a map of the
Areas in their hex rows (2.2; odd rows shifted half an Area east), each Area's
contents in the game's words, and every seat's status. What the view hides (other
seats' cash, 13.3, and Planning Sheets, 4.1) is never printed: the text is built
from the view alone.
"""

from __future__ import annotations

from collections.abc import Mapping

from meeple.games.newworld.board import load_map
from meeple.games.newworld.texts import amount
from meeple.games.newworld.view import (
    AreaView,
    ForceView,
    NewWorldView,
    PendingLosses,
    PlanView,
    PlayerView,
    typed,
)

WIDTH = 80
CELL = 19  # characters per Area on the map
SHORT = ("En", "Fr", "Sp", "Po", "Ne", "Sw")


def render_text(raw: Mapping[str, object]) -> str:  # JSON edge
    return text_of(typed(raw))


def text_of(view: NewWorldView) -> str:
    """The view as terminal text."""
    names = [p["name"] for p in view["players"]]
    lines = [
        f"New World - turn {view['turn']} of {view['last_turn']} - {view['phase']}",
        f"Political Control pays ${view['pc_value']}, Resources ${view['resource_value']}"
        + (
            f"; Initiative: {', '.join(names[s] for s in view['initiative'])}"
            if view["initiative"]
            else ""
        ),
        "",
        *_map_rows(view),
        "Key: A2 = Area A, Climate 2; n3 = 3 Natives; x4 = City x4; G Gold Site;",
        "     M Mine; $$ double Resources; *En = Political Control of England;",
        "     En3/2 = England's 3 Soldiers and 2 Colonists there.",
        "",
        "Area                 Cl Sea Nat Markers, then each force",
    ]
    for area in view["areas"]:
        if area["playable"]:
            lines += _area_lines(area, names)
    lines.append("")
    for p in view["players"]:
        lines += _player_lines(p, view)
    lines += _pending(view, names)
    if view["result"]:
        lines.append("Game over: " + str(view["result"]["note"]))
    return "\n".join(part for line in lines for part in _wrap(line))


def _wrap(line: str) -> list[str]:
    """A line cut where words end to fit the width, continued indented."""
    out: list[str] = []
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    while len(line) > WIDTH:
        cut = line.rfind(" ", len(indent) + 1, WIDTH + 1)
        if cut <= len(indent):
            cut = WIDTH
        out.append(line[:cut].rstrip())
        line = indent + line[cut:].lstrip()
    out.append(line)
    return out


def _map_rows(view: NewWorldView) -> list[str]:
    """Two text lines per hex row: each Area's letter, Climate and name, then its
    markers and forces in short."""
    world = load_map()
    by_row: dict[int, list[AreaView]] = {}
    for area in view["areas"]:
        row, _ = world.area(area["letter"]).hex
        by_row.setdefault(row, []).append(area)
    out = []
    for row in sorted(by_row):
        names = [" "] * WIDTH
        marks = [" "] * WIDTH
        for area in by_row[row]:
            _, col = world.area(area["letter"]).hex
            start = col * CELL + (CELL // 2 if row % 2 else 0)
            _write(names, start, _cell_name(area))
            _write(marks, start, _cell_marks(area))
        out += ["".join(names).rstrip(), "".join(marks).rstrip()]
    return out


def _write(line: list[str], start: int, words: str) -> None:
    for k, char in enumerate(words[: CELL - 1]):
        if start + k < len(line):
            line[start + k] = char


def _cell_name(area: AreaView) -> str:
    printed = load_map().area(area["letter"])
    if not area["playable"]:
        return f"{area['letter']}  (unplayable)"
    climate = "?" if area["climate"] is None else area["climate"]
    return f"{area['letter']}{climate} {printed.name}"


def _cell_marks(area: AreaView) -> str:
    if not area["playable"]:
        return "  ###"
    words = [_markers(area)] if _markers(area) else []
    words += [
        f"{SHORT[f['seat']]}{f['soldiers']}/{f['colonists']}"
        for f in area["forces"]
        if f["soldiers"] or f["colonists"]
    ]
    return "  " + " ".join(words)


def _markers(area: AreaView) -> str:
    parts = []
    if area["natives"]:
        parts.append(f"n{area['natives']}")
    if area["city"]:
        parts.append(f"x{area['city']}")
    parts += ["M" if s["kind"] == "mine" else "G" for s in area["sites"]]
    if area["resources"] == 2:
        parts.append("$$")
    if area["political_control"] is not None:
        parts.append("*" + SHORT[area["political_control"]])
    return "".join(p if k == 0 else f" {p}" for k, p in enumerate(parts))


def _area_lines(area: AreaView, names: list[str]) -> list[str]:
    """The Area's row of the table, then one indented line per force."""
    printed = load_map().area(area["letter"])
    climate = area["climate"] if area["climate"] is not None else "?"
    sea = load_map().sea_of(printed.index).key if printed.coastal else "-"
    sites = " ".join(
        ("Mine" if s["kind"] == "mine" else "Gold")
        + (f"({SHORT[s['holder']]})" if s["holder"] is not None else "")
        for s in area["sites"]
    )
    city = f"City x{area['city']}" if area["city"] else ""
    if area["city_looter"] is not None:
        city += f" looted by {names[area['city_looter']]}"
    pc = (
        f"Political Control {names[area['political_control']]}"
        if area["political_control"] is not None
        else ""
    )
    double = "$$" if area["resources"] == 2 else "  "
    markers = " ".join(w for w in (sites, city, pc) if w)
    head = (
        f"{area['letter']} {printed.name[:16]:16}{double} {climate:>2} {sea:>3}"
        f" {area['natives']:>3} {markers}"
    )
    lines = [head.rstrip()]
    if area["loose_gold"]:
        bars = area["loose_gold"]
        lines.append(f"    {amount(bars, 'Gold Bar')} {'lies' if bars == 1 else 'lie'} unattended")
    lines += [f"    {_force(f, names)}" for f in area["forces"]]
    return lines


def _force(force: ForceView, names: list[str]) -> str:
    parts = [amount(force["soldiers"], "Soldier"), amount(force["colonists"], "Colonist")]
    if force["prospectors"]:
        parts.append(f"{force['prospectors']} prospecting")
    if force["miners"]:
        parts.append(f"{force['miners']} mining")
    if force["looter"]:
        parts.append("looting the City")
    if force["gold"]:
        parts.append(f"{force['gold']} Gold Bars")
    aboard = (force["embarked_soldiers"], force["embarked_colonists"], force["embarked_gold"])
    if any(aboard):
        parts.append(f"embarked {aboard[0]}S {aboard[1]}C {aboard[2]} Gold")
    if force["offshore_soldiers"] or force["offshore_colonists"]:
        parts.append(f"offshore {force['offshore_soldiers']}S {force['offshore_colonists']}C")
    if force["retreated_soldiers"] or force["retreated"]:  # 8.32: no control this turn
        parts.append(f"retreated {force['retreated_soldiers']}S {force['retreated']}C")
    return f"{names[force['seat']]}: " + ", ".join(parts)


def _player_lines(p: PlayerView, view: NewWorldView) -> list[str]:
    cash = f"${p['cash']}" if p["cash"] is not None else "cash secret"
    fleet = p["fleet"]
    at = f", Fleet of {fleet['ships']} at {fleet['at']}" if fleet["at"] else ""
    me = " (you)" if p["seat"] == view["seat"] else ""
    lines = [
        f"{p['name']}{me}: {cash}, {p['political_control']} Political Control,"
        f" {amount(p['ships'], 'Ship')}{at}",
        f"  {amount(p['home_soldiers'], 'Soldier')} at home, Soldier pool {p['soldier_pool']}"
        + _box(p["replacement_box"]),
    ]
    if p["landfall"] and view["turn"] <= 1:  # 5.41: it matters on turn 1 only
        lines[-1] += f", Exclusive Landfall {p['landfall']}"
    if p["plan"]:
        lines += _plan_lines(p["plan"])
    return lines


def _box(box: dict[str, int]) -> str:
    if not box:
        return ""
    return "; Replacement Box " + ", ".join(f"turn {t}: {n}" for t, n in sorted(box.items()))


def _plan_lines(plan: PlanView) -> list[str]:
    """One's own Planning Sheet (only one's own view carries it)."""
    rows = ", ".join(
        f"{r['area']}: {amount(r['soldiers'], 'Soldier')} {amount(r['colonists'], 'Colonist')}"
        for r in plan["landings"]
    )
    return [
        f"  your Planning Sheet: maintain {amount(plan['maintain'], 'Ship')},"
        f" build {plan['build']}, buy {amount(plan['buy'], 'Soldier')}",
        f"  landings: {rows or 'none yet'}",
    ] + (
        [f"  Pirate Ships (22): {plan['pirates']} against {plan['enemy'] or 'no enemy yet'}"]
        if plan["pirates"]
        else []
    )


def _pending(view: NewWorldView, names: list[str]) -> list[str]:
    out = []
    attack = view["pending_attack"]
    if attack:
        out.append(
            f"{names[attack['attacker']]} attacks {names[attack['defender']]} in"
            f" {attack['area']} with {amount(attack['soldiers'], 'Soldier')}"
        )
    losses = view["pending_losses"]
    if losses:
        out.append(losses_line(losses, names))
    card = arrangement_line(view, names)
    if card:
        out.append(card)
    return out + question_lines(view, names)


def question_lines(view: NewWorldView, names: list[str]) -> list[str]:
    """A question put to one player outside a battle (8.223, 16.411), in words."""
    out = []
    request = view["pending_gold_request"]
    if request:
        out.append(
            f"{names[request['owner']]} asks {names[request['asked']]} to let its Gold"
            f" leave {request['area']} (8.223)"
        )
    claim = view["pending_claim"]
    if claim:
        out.append(f"{names[claim['seat']]} may claim a Gold Site in {claim['area']} (16.411)")
    piracy = view["pending_piracy"]
    if piracy:
        target = "raid the port of" if piracy["raid"] else "attack the Fleet of"
        out.append(
            f"{names[piracy['attacker']]}'s Pirates {target} {names[piracy['enemy']]} at"
            f" {piracy['area']} (22.3)"
        )
    return out


LOSS_CAUSE_WORDS = {
    "battle": "in the battle",
    "uprising": "to the Natives' uprising",
    "survival": "to the climate",
}


def losses_line(losses: PendingLosses, names: list[str]) -> str:
    """Losses whose units their owner is choosing (8.314, 9.4, 10.1), in words."""
    still = [
        amount(n, word)
        for n, word in ((losses["soldiers"], "Soldier"), (losses["colonists"], "Colonist"))
        if n
    ]
    return (
        f"{names[losses['seat']]} chooses which units are lost in {losses['area']}"
        f" {LOSS_CAUSE_WORDS.get(losses['cause'], '')}: {' and '.join(still)} to go"
    )


def arrangement_line(view: NewWorldView, names: list[str]) -> str | None:
    """The Fleet card being arranged before a Ship is lost (6.21), in words."""
    card = view["pending_arrangement"]
    if not card:
        return None
    left = card["to_place"]
    regular = card["ships"] - card["pirate_ships"]
    return (
        f"{names[card['seat']]} arranges the Fleet card (6.21): row {len(card['rows']) + 1}"
        f" of {regular}; to place {amount(left['soldiers'], 'Soldier')},"
        f" {amount(left['colonists'], 'Colonist')}, {amount(left['bars'], 'Gold Bar')}"
        " (Bars left out ride in the Average box)"
    )
