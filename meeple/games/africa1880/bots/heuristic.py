"""A first simple Africa 1880 player that reads only its view and legal actions.

* Setup: the empty coast with the fewest squares (the quickest colony).
* Diplomatic action: ready at once.
* Writing orders, line by line: a presence develops its territory until it is
  full, then explores the most promising bordering territory (few squares left to
  fill, few rivals); it lands on the emptiest quick coast while markers last; it
  answers each country with that country's last declaration towards it (alliance
  first), and seals once every line is written.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Game, GameState, Rng

JSON = dict[str, Any]
LANDING_RESERVE = 3  # markers kept back from landings for explorations


class AfricaHeuristic:
    """Greedy colonial expansion with tit-for-tat diplomacy."""

    name = "heuristic"

    def __init__(self, game: Game[Any], seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        by_text = {game.actions[i].text: i for i in legal}
        for text in self.wishes(view, seat, by_text):
            if text in by_text:
                return by_text[text]
        return self.rng.choice(legal)

    def wishes(self, view: JSON, seat: int, offered: dict[str, int]) -> list[str]:
        """Preferred action texts, best first."""
        if view["phase"] == "setup":
            return [f"place {t}" for t in quick_coasts(view)]
        if view["phase"] == "diplomacy":
            return ["ready"]
        sheet = view["sheet"]
        line = sheet["next"]
        if line == "end":
            return ["seal orders"]
        if line == "landing":
            if view["stock"][seat] <= LANDING_RESERVE:
                return ["no landing"]
            return [f"land {t}" for t in quick_coasts(view)] + ["no landing"]
        if line in view["country_ids"]:
            return [relation(view, seat, line)]
        return order_wishes(view, line, offered)


def quick_coasts(view: JSON) -> list[str]:
    """Empty coastal territories, fewest squares first."""
    empty = [
        t
        for t, name in enumerate(view["territories"])
        if view["coastal"][t] and not view["presences"][t]
    ]
    empty.sort(key=lambda t: (view["squares"][t], t))
    return [view["territories"][t] for t in empty]


def relation(view: JSON, seat: int, other_id: str) -> str:
    """Tit for tat: answer what that country declared towards us last time."""
    other = view["country_ids"].index(other_id)
    me = view["country_ids"][seat]
    declared = view["embassies"][other][me] if view["embassies"] else "alliance"
    return f"war on {other_id}" if declared == "war" else f"alliance with {other_id}"


def order_wishes(view: JSON, territory: str, offered: dict[str, int]) -> list[str]:
    t = view["territories"].index(territory)
    full = view["development"][t] >= view["squares"][t]
    explore = sorted(
        (text for text in offered if text.startswith(f"{territory}: explore ")),
        key=lambda text: explore_cost(view, text.rsplit(" explore ", 1)[1]),
    )
    if not full:
        return [f"{territory}: develop", *explore]
    return [*explore, f"{territory}: nothing"]


def explore_cost(view: JSON, target: str) -> tuple[int, int]:
    """Lower is better: squares still to develop plus three per rival present."""
    t = view["territories"].index(target)
    left = view["squares"][t] - view["development"][t]
    return left + 3 * len(view["presences"][t]), t


def worth(view: JSON) -> list[float]:
    """Expected points per seat: colonies as scored, unfinished territories at half
    their colony value times their development, alliances shown in the embassies."""
    values = [0.0] * view["players"]
    for t, seats in enumerate(view["presences"]):
        if not seats:
            continue
        per = 8.0 if len(seats) == 1 else 3.0
        done = 1.0 if view["colony"][t] else 0.5 * view["development"][t] / view["squares"][t]
        for seat in seats:
            values[seat] += per * done
    for declared in view["embassies"] or []:
        for other, word in declared.items():
            if word == "alliance":
                values[view["country_ids"].index(other)] += 1.0
    return values
