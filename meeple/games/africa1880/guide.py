"""Rules at hand for Africa 1880: what each phase and each line of the order sheet
does and costs, in our words, with the anchors of the "how to play" page
(``help.md``). It reads a view only: a seat learns nothing of the others' sheets."""

from __future__ import annotations

from meeple.engine.presentation import Explanation, explain_phase
from meeple.games.africa1880.view import AfricaView, EngineView, typed, untyped

PHASES: dict[str, tuple[str, tuple[str, ...]]] = {
    "setup": (
        "Setup: each country in turn puts its first presence on a coastal territory.",
        ("setup",),
    ),
    "diplomacy": (
        "Diplomacy: talk in the chat; promises bind nobody. Press 'ready' when you are"
        " done: the phase ends when all are ready or the clock runs out.",
        ("diplomacy",),
    ),
    "writing": (
        "Writing orders, in secret: an order for each presence, one landing, a relation"
        " with every other country. All sheets are read at once when the last is sealed;"
        " then conflicts remove presences and full, allied territories become colonies.",
        ("writing", "reading", "conflicts", "colonies"),
    ),
}


def explain(view: AfricaView) -> Explanation | None:
    """The phase's words, and for a seat writing its sheet, its next line's."""
    return explain_phase(untyped(view), PHASES, _engine_decision)  # JSON edge


def _engine_decision(view: EngineView, phase: str) -> str:
    return _decision(typed(view), phase)  # JSON edge


def _decision(view: AfricaView, phase: str) -> str:
    if phase == "setup":
        return "Any coastal territory, even one already chosen; it costs one presence marker."
    if phase == "diplomacy":
        return "'ready' ends your talks for this turn."
    sheet = view["sheet"]
    if sheet is None:
        return ""
    line = sheet["next"]
    if line == "sealed":
        return "Your sheet is sealed: waiting for the others."
    if line in view["territories"]:
        name = _name(view, line)
        return (
            f"The order for {name}: develop adds a development tile there (free; nothing"
            " once its squares are full); explore places one of your markers in a bordering"
            " territory; nothing does nothing."
        )
    if line == "landing":
        return (
            "The landing: one presence on a coastal territory empty of presences, or no"
            " landing. It uses one marker."
        )
    if line in view["country_ids"]:
        country = _country(view, line)
        return (
            f"Your relation with {country}. War: where you two are alone, {country}'s"
            " presence goes if it declared alliance to you; with three or more present, a"
            " presence goes when it receives more wars than alliances. An alliance you"
            f" declare scores {country} 1 point at the end; a war blocks colonies you share."
        )
    return "Every line is written: seal (final) or revise from the first line."


def _name(view: AfricaView, territory: str) -> str:
    return view["names"][view["territories"].index(territory)]


def _country(view: AfricaView, country_id: str) -> str:
    return view["countries"][view["country_ids"].index(country_id)]
