"""A view as terminal text: the turn, each occupied Area, the players."""

from __future__ import annotations

from typing import Any

from meeple.games.newworld.board import load_map

JSON = dict[str, Any]
SHORT = ("En", "Fr", "Sp", "Po", "Ne", "Sw")


def render_text(view: JSON) -> str:
    names = [p["name"] for p in view["players"]]
    lines = [
        f"New World - turn {view['turn']} of {view['last_turn']} - {view['phase']}"
        f" - Political Control ${view['pc_value']}, Resources ${view['resource_value']}",
        "Initiative: " + ", ".join(names[s] for s in view["initiative"]),
        "Area                   Cl Sea Nat Gold      City  PC  Forces",
    ]
    for area in view["areas"]:
        if not area["playable"]:
            continue
        lines.append(_area_line(area, names))
    lines.append("")
    for p in view["players"]:
        lines.append(_player_line(p, view["seat"]))
    if view["result"]:
        lines.append("Game over: " + view["result"]["note"])
    return "\n".join(lines)


def _area_line(area: JSON, names: list[str]) -> str:
    printed = load_map().area(area["letter"])
    sites = " ".join(
        ("M" if s["kind"] == "mine" else "G")
        + (SHORT[s["holder"]] if s["holder"] is not None else "")
        for s in area["sites"]
    )
    city = f"x{area['city']}" if area["city"] else ""
    if area["city_looter"] is not None:
        city += SHORT[area["city_looter"]]
    pc = SHORT[area["political_control"]] if area["political_control"] is not None else ""
    double = "$$" if area["resources"] == 2 else "  "
    climate = area["climate"] if area["climate"] is not None else "?"
    sea = str(load_map().sea_of(printed.index).number) if printed.coastal else "-"
    forces = "; ".join(_force(f, names) for f in area["forces"])
    gold = f" loose gold {area['loose_gold']}" if area["loose_gold"] else ""
    return (
        f"{area['letter']} {printed.name[:16]:16}{double} {climate:>2} {sea:>3}"
        f" {area['natives']:>3} {sites:9} {city:5} {pc:3} {forces}{gold}"
    )


def _force(force: JSON, names: list[str]) -> str:
    parts = [f"{force['soldiers']}S", f"{force['colonists']}C"]
    if force["gold"]:
        parts.append(f"{force['gold']} gold")
    aboard = (force["embarked_soldiers"], force["embarked_colonists"], force["embarked_gold"])
    if any(aboard):
        parts.append(f"embarked {aboard[0]}S {aboard[1]}C {aboard[2]} gold")
    if force["offshore_soldiers"] or force["offshore_colonists"]:
        parts.append(f"offshore {force['offshore_soldiers']}S {force['offshore_colonists']}C")
    return f"{names[force['seat']]} " + " ".join(parts)


def _player_line(p: JSON, viewer: int | None) -> str:
    cash = f"${p['cash']}" if p["cash"] is not None else "cash secret"
    fleet = p["fleet"]
    at = f", Fleet of {fleet['ships']} at {fleet['at']}" if fleet["at"] else ""
    me = " (you)" if p["seat"] == viewer else ""
    text = (
        f"{p['name']}{me}: {cash}, {p['ships']} Ships, {p['home_soldiers']} Soldiers offboard,"
        f" pool {p['soldier_pool']}, {p['political_control']} Political Control(s){at}"
    )
    if p["plan"]:
        plan = p["plan"]
        rows = ", ".join(
            f"{r['area']}: {r['soldiers']}S {r['colonists']}C" for r in plan["landings"]
        )
        text += (
            f"\n  your sheet: maintain {plan['maintain']}, build {plan['build']},"
            f" buy {plan['buy']}; landings {rows or 'none'}"
        )
    return text
