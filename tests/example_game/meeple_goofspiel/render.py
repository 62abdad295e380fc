"""Terminal text of a Goofspiel view: the prize, the players' hands and bids, the
last round and, at the end, the final totals."""

from __future__ import annotations

from meeple_goofspiel.view import GoofspielView, PlayerView, TrickView


def render_text(view: GoofspielView) -> str:
    lines = [f"Goofspiel, round {view['round']} of {view['rounds']}: {view['phase']}", ""]
    if view["prize"] is not None:
        lines.append(f"Prize: {view['prize']} of diamonds")
    lines.append(f"Prizes to come: {_cards(view['prizes_to_come'])} (in an unknown order)")
    if view["discarded"]:
        lines.append(f"Discarded after a tie: {_cards(view['discarded'])}")
    lines += ["", "Player   points  won                hand"]
    for p in view["players"]:
        me = "*" if view["seat"] == p["seat"] else " "
        lines.append(
            f"{p['name']:<7}{me} {p['points']:>5}  {_cards(p['won']):<18} "
            f"{_cards(p['hand']):<30} {_bid(view, p)}".rstrip()
        )
    if view["tricks"]:
        lines += ["", f"Last round: {_trick(view, view['tricks'][-1])}"]
    if view["result"]:
        winners = [view["players"][w]["name"] for w in view["result"]["winners"]]
        lines += ["", f"Winner: {', '.join(winners)}"]
    return "\n".join(lines)


def _cards(values: list[int]) -> str:
    return " ".join(str(v) for v in values) or "-"


def _bid(view: GoofspielView, p: PlayerView) -> str:
    if view["prize"] is None:
        return ""
    if p["bid"] is not None:
        return f"your bid: {p['bid']}"
    return "sealed" if p["sealed"] else "choosing"


def _trick(view: GoofspielView, trick: TrickView) -> str:
    names = [p["name"] for p in view["players"]]
    bids = ", ".join(f"{names[s]} {b}" for s, b in enumerate(trick["bids"]))
    taker = "discarded" if trick["winner"] is None else f"won by {names[trick['winner']]}"
    return f"prize {trick['prize']} {taker} ({bids})"
