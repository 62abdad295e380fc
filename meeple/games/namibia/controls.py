"""Namibia's decisions in the game's words, as the table's controls
(``meeple.engine.controls``), with the questions asked before moves that cost dearly.

Spaces, rails and ports are clicked on the board (their lists folded beside it); the
bribe and the reputation bought are amounts whose help line says what each place in
the player order costs; shipping is a choice by commodity with today's prices. All
of it is read from the view, which in Namibia every seat shares.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.engine import Action, UnknownAction
from meeple.engine.controls import (
    amount_control,
    board_control,
    choice_control,
    default_controls,
    merge_lone_options,
    option,
)
from meeple.games.namibia.actions import ACT
from meeple.games.namibia.board import BOARD, COMMODITIES
from meeple.games.namibia.rules.administration import REPUTATION_PRICE
from meeple.games.namibia.rules.auction import POSITION_COSTS
from meeple.games.namibia.view import NamibiaView, PlayerView

Control = dict[str, object]  # JSON edge: an entry of meeple.engine.controls


def commodity(kind: int) -> str:
    return COMMODITIES[kind].capitalize()


def space(index: int) -> str:
    return BOARD.labels[index]


def parse(text: str) -> Action | None:
    try:
        return ACT.space.parse(text)
    except UnknownAction:
        return None


def _ints(action: Action) -> tuple[int, ...]:
    return tuple(int(a) for a in action.args if isinstance(a, int))


# ---- the words of every action ----


def label(view: NamibiaView, action: Action) -> str:
    """One action in the game's words ("Gold cube on A5", "Bribe 7 GM")."""
    args = _ints(action)
    kind = action.kind
    if kind == "place":
        return f"{commodity(args[0])} cube on {space(args[1])}"
    if kind == "mine":
        return f"Mine on {space(args[0])}{_cubes_on(view, args[0])}"
    if kind == "prospect":
        return f"Prospect {commodity(args[0])} on {space(args[1])}"
    if kind == "rail":
        a, b = BOARD.edges[args[0]]
        return f"Rail between {space(a)} and {space(b)}"
    if kind == "truck":
        return f"Truck to {space(args[0])}"
    if kind == "bid":
        return f"Bribe {args[0]} GM"
    if kind == "pass":
        return _pass_words(view)
    if kind == "ship":
        return f"Ship {commodity(args[0])} to {BOARD.port_names[args[1]]}"
    if kind == "load":
        return "Load the truck's cubes"
    if kind == "skip":
        return "Ship nothing by truck"
    if kind == "shipmine":
        return f"Ship the mine on {space(args[0])} by rail"
    if kind == "stop":
        return "Stop rail shipping"
    if kind == "buy":
        return _buy_words(view, args[0])
    if kind == "feed":
        return f"Last cube to the mine on {space(args[0])}"
    return action.text


def labels(view: NamibiaView, legal: Sequence[str]) -> dict[str, str]:
    """Every legal action's words, by text (a text outside the space keeps itself)."""
    out = {}
    for text in legal:
        action = parse(text)
        if action is not None:
            out[text] = label(view, action)
    return out


def _cubes_on(view: NamibiaView, index: int) -> str:
    spaces = view["spaces"]
    commodity = spaces[index]["commodity"] if index < len(spaces) else None
    return f" ({commodity.capitalize()})" if commodity else ""


def _buy_words(view: NamibiaView, points: int) -> str:
    price = REPUTATION_PRICE.get(view["round"])
    if not points:
        return "Buy no reputation"
    cost = f" for {points * price} GM" if price else ""
    return f"Buy {points} reputation{cost}"


# ---- the auction: what each place in the player order costs ----


def me(view: NamibiaView) -> PlayerView | None:
    """The viewer's own row (None for a spectator)."""
    seat, players = view["seat"], view["players"]
    return players[seat] if seat is not None and 0 <= seat < len(players) else None


def position_costs(view: NamibiaView) -> list[tuple[int, int]]:
    """(reputation lost, rails taken) of each place this auction gives, first to last
    (eliminated players take no part, so the last place may come sooner)."""
    table = POSITION_COSTS.get(len(view["players"]), POSITION_COSTS[4])
    auction = view["auction"]
    places = len(auction["bidders"]) + len(auction["placed"]) if auction else 0
    costs = list(table[: max(places - 1, 0)])
    return [*costs, table[-1]] if places else list(table)


def _place_words(position: int, lost: int, rails: int) -> str:
    if not lost and not rails:
        return f"{position}: costs nothing"
    rail_words = f"{rails} rail{'s' if rails != 1 else ''}" if rails else "no rails"
    return f"{position}: -{lost} reputation, {rail_words}"


def auction_help(view: NamibiaView) -> str:
    """The help line of the bribe: each place's cost, and what passing now costs."""
    places = "; ".join(_place_words(i + 1, *c) for i, c in enumerate(position_costs(view)))
    return (
        f"Highest bribe takes place 1; a player who passes takes the last free place"
        f" and pays his bribe (at least {view['round']} GM). Places {places}."
    )


def _pass_words(view: NamibiaView) -> str:
    auction = view["auction"]
    if not auction:
        return "Pass"
    position = len(auction["bidders"])
    costs = position_costs(view)
    lost, rails = costs[position - 1] if 0 < position <= len(costs) else (0, 0)
    seat = view["seat"]
    bids = auction["bids"]
    own_bid = bids[seat] if seat is not None and seat < len(bids) else 0
    pay = max(own_bid, view["round"])
    costs_words = [f"pay {pay} GM"] + ([f"lose {lost} reputation"] if lost else [])
    if rails:
        costs_words.append(f"take {rails} rail{'s' if rails != 1 else ''}")
    return f"Pass: take place {position}, " + ", ".join(costs_words)


# ---- the controls ----

BOARD_HEADINGS = {
    "setup: place cubes": ("Setup: place a commodity cube", "Click an empty space for it."),
    "setup: starting mine": ("Setup: your starting mine", "Click a space with a cube you mine."),
    "setup: mine under construction": (
        "Setup: your mine under construction",
        "Click a space with a cube of another commodity you mine.",
    ),
    "setup: place rails": ("Setup: place a rail", "Click a side between two spaces."),
    "construction: complete mines": (
        "Complete mines: the supply's last cube",
        "Click the mine that takes it.",
    ),
    "construction: start a new mine": ("Start a new mine", "Click a space with cubes you mine."),
    "construction: prospect": ("Prospect", "Click an empty space next to cubes of the kind."),
    "construction: place rails": ("Place a rail", "Click a side between two spaces."),
    "construction: move truck": ("Move your truck", "Click the space it drives to."),
    "shipping: rail shipping": ("Rail shipping", "Click a mine of yours the rails reach."),
}
BOARD_KINDS = frozenset({"place", "mine", "prospect", "rail", "truck", "shipmine", "feed"})


def controls(view: NamibiaView, legal: Sequence[str]) -> list[Control]:
    """The decision: board choices, the bribe or reputation as an amount, shipping by
    commodity; the generic controls for a text outside the space."""
    words = labels(view, legal)
    actions = [(text, parse(text)) for text in legal]
    if any(a is None for _, a in actions):
        return default_controls(legal, words)
    board: list[Control] = []
    entries: list[Control] = []
    counts: dict[str, list[int]] = {}
    for text, action in actions:
        assert action is not None
        if action.kind in BOARD_KINDS:
            board.append(option(text, words[text], _sub_heading(view, action)))
        elif action.kind in ("bid", "buy"):
            counts.setdefault(action.kind, []).append(_ints(action)[0])
        elif action.kind == "ship":
            continue
        else:
            entries.append(choice_control("", [option(text, words[text])]))
    ships = [(t, a) for t, a in actions if a is not None and a.kind == "ship"]
    if ships:
        entries.insert(0, _shipping(view, ships, words))
    if "bid" in counts:
        entries.insert(0, _bribe(view, counts["bid"]))
    if "buy" in counts:
        entries.insert(0, _reputation(view, counts["buy"]))
    if board:
        heading, hint = BOARD_HEADINGS.get(view["phase"], ("On the board", ""))
        entries.insert(0, board_control(heading, board, help=hint))
    return merge_lone_options(entries)


def _sub_heading(view: NamibiaView, action: Action) -> str:
    """Where a board option is listed: cubes and prospects by commodity, mines by
    their commodity, rails by the first space's row letter."""
    args = _ints(action)
    if action.kind in ("place", "prospect"):
        return commodity(args[0])
    if action.kind == "rail":
        return f"{space(BOARD.edges[args[0]][0])[0]} spaces"
    return _cubes_on(view, args[0]).strip(" ()") or "spaces"


def _bribe(view: NamibiaView, values: list[int]) -> Control:
    mine = me(view)
    have = f" You have {mine['money']} GM." if mine else ""
    return amount_control(
        "Your bribe to the colonial officials",
        "bid {n}",
        values,
        help=auction_help(view) + have,
        unit="GM",
    )


def _reputation(view: NamibiaView, values: list[int]) -> Control:
    price = REPUTATION_PRICE.get(view["round"], 0)
    mine = me(view)
    money = mine["money"] if mine else None
    return amount_control(
        "Buy reputation",
        "buy {n}",
        values,
        help=f"{price} GM a point; you have {money} GM.",
    )


def _shipping(view: NamibiaView, ships: list[tuple[str, Action]], words: dict[str, str]) -> Control:
    prices = ", ".join(
        f"{name.capitalize()} {m['price']} (demand {m['demand']})"
        for name, m in view["market"].items()
    )
    options = [option(t, words[t], commodity(_ints(a)[0])) for t, a in ships]
    return choice_control(
        "Choose a commodity and the port it ships to",
        options,
        help=f"Market prices now: {prices}." if prices else "",
    )


# ---- questions before costly moves ----


def confirm(view: NamibiaView, text: str, legal: Sequence[str]) -> str | None:
    """Asks before a bribe of all one's money, and before a bribe that could end the
    auction with this seat in place 1 (one rival left): saying what that place costs
    in reputation, and when it would put the seat out of the game."""
    action = parse(text)
    if action is None or action.kind != "bid":
        return None
    amount = _ints(action)[0]
    mine = me(view)
    money, reputation = (mine["money"], mine["reputation"]) if mine else (None, None)
    auction = view["auction"]
    costs = position_costs(view)
    lost, rails = costs[0] if costs else (0, 0)
    first = f"place 1 costs {lost} reputation (you have {reputation}) and gives {rails} rails"
    all_in = isinstance(money, int) and amount >= money
    head = f"Bribe all your {money} GM?" if all_in else f"Bribe {amount} GM?"
    if isinstance(reputation, int) and reputation - lost < 1:
        return (
            f"{head} If it wins, {first}: your reputation would fall below 1 and you"
            " would be out of the game."
        )
    if all_in:
        return f"{head} If it wins you pay it all, and {first}."
    rivals = len(auction["bidders"]) - 1 if auction else -1
    if rivals == 1:
        return f"{head} If your last rival passes, you pay it and {first}."
    return None
