"""Namibia's heuristic bot and the knowledge its IS-MCTS search uses.

The bot reads its seat's view only. Board decisions (cubes, mines, prospecting,
rails, the truck) are greedy: each candidate is applied to a clone of a
determinized sample and the resulting view is scored with ``evaluation.worth``.
The auction, shipping and reputation purchases follow rules drawn from the
rulebook's "Hints for New Players" (be last rather than third; spread over
commodities; keep access to the ports; balance cash against rising prices).
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Game, GameState, Knowledge, Rng
from meeple.games.namibia.bots.evaluation import (
    JSON,
    Links,
    links,
    money_rate,
    relative,
    rounds_of_shipping_left,
    space_index,
    win_chances,
    worth,
)

GREEDY_LIMIT = 48  # board decisions with more options are scored on a random sample
BUY_RESERVE = 6  # GM kept back for the next auctions when buying reputation
# (reputation lost, rails taken) per auction position, rulebook section 1.
POSITION_COSTS = {4: ((5, 3), (3, 2), (1, 1), (0, 0)), 3: ((4, 3), (2, 2), (0, 0))}
RAIL_WORTH = 0.6  # reputation a rail is worth to its owner
EXTRA_MINE_WORTH = 2.0  # the last player starts a second mine
SHORTLIST = 6  # root branches of IS-MCTS on board decisions
RULED_KINDS = frozenset({"pass", "bid", "buy", "load", "skip", "shipmine", "stop", "ship"})


def _kind(game: Game[Any], index: int) -> str:
    return game.actions[index].kind


def _args(game: Game[Any], index: int) -> tuple[Any, ...]:
    return game.actions[index].args


class NamibiaHeuristic:
    """Plays by an evaluation of its own seat's position; see the module docstring."""

    name = "heuristic"

    def __init__(self, game: Game[Any], seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        view = game.view(state, seat)
        kinds = {_kind(game, i) for i in legal}
        if kinds & {"bid", "pass"}:
            return choose_bid(game, view, seat, legal)
        if "buy" in kinds:
            return choose_buy(game, view, seat, legal)
        if kinds & {"load", "skip"}:
            return next(i for i in legal if _kind(game, i) == "load")
        if "stop" in kinds:
            return choose_rail_shipping(game, view, seat, legal)
        if "ship" in kinds:
            return choose_shipment(game, view, seat, legal)
        return self.greedy(game, state, seat, legal)

    def greedy(self, game: Game[Any], state: GameState, seat: int, legal: list[int]) -> int:
        """The action whose resulting view scores best for ``seat``."""
        return lookahead_ranking(game, state, seat, legal, self.rng)[0]


def lookahead_ranking(
    game: Game[Any], state: GameState, seat: int, legal: list[int], rng: Rng
) -> list[int]:
    """Actions best first, by the worth of the view each leads to in a determinized
    sample; more than GREEDY_LIMIT options are first cut to a random GREEDY_LIMIT."""
    options = list(legal)
    if len(options) > GREEDY_LIMIT:
        rng.shuffle(options)
        options = options[:GREEDY_LIMIT]
    sample = game.determinize(state, seat, rng)
    scored = []
    for index in options:
        child = sample.clone()
        game.apply(child, seat, index)
        score = relative(worth(game.view(child, seat)), seat)
        scored.append((score + 1e-6 * rng.below(1000), index))  # ties broken at random
    scored.sort(reverse=True)
    return [index for _, index in scored]


# ---- shipping ---------------------------------------------------------------------


def _sale(price: int, demand: int, supply: int, cubes: int) -> tuple[int, int]:
    """GM earned for ``cubes`` sold from ``supply`` on, and the supply after."""
    earned = 0
    for _ in range(cubes):
        supply += 1
        earned += price if supply <= demand else max(1, (price + 1) // 2)
    return earned, supply


def _shippable(view: JSON, link: Links, kind: str, port: int) -> dict[int, list[int]]:
    """Per seat, cube counts it could ship of ``kind`` through ``port`` (trucks first)."""
    found: dict[int, list[int]] = {p["seat"]: [] for p in view["players"]}
    for player in view["players"]:
        label = player["truck"]
        if label:
            space = view["spaces"][space_index(label)]
            if space["commodity"] == kind and space["cubes"]:
                found[player["seat"]].append(1)
    for space in view["spaces"]:
        mine = space["mine"]
        if not mine or not mine["complete"] or space["commodity"] != kind or not space["cubes"]:
            continue
        if space_index(space["label"]) in link.ports[port]:
            found[mine["owner"]].append(space["cubes"])
    return found


def shipment_score(view: JSON, seat: int, kind: str, port: int, link: Links) -> float:
    """Reputation-equivalent gain for ``seat`` leading a shipment of ``kind`` via ``port``."""
    market = view["market"][kind]
    rate = money_rate(view)
    found = _shippable(view, link, kind, port)
    mine, supply = _sale(market["price"], market["demand"], 0, sum(found[seat]))
    others_gm = 0
    bonus = 0
    for other, lots in found.items():
        if other == seat:
            continue
        gm, supply = _sale(market["price"], market["demand"], supply, sum(lots))
        others_gm += gm
        bonus += 2 * len(lots)
    return mine / rate + bonus - 0.3 * others_gm / rate


def choose_shipment(game: Game[Any], view: JSON, seat: int, legal: list[int]) -> int:
    from meeple.games.namibia.board import COMMODITIES

    link = links(view)
    scored = []
    for index in legal:
        kind, port = _args(game, index)
        scored.append((shipment_score(view, seat, COMMODITIES[kind], port, link), index))
    return max(scored)[1]


def best_shipments(view: JSON, seat: int) -> list[float]:
    """The seat's best shipment scores, one per commodity, best first."""
    from meeple.games.namibia.board import COMMODITIES

    link = links(view)
    per_kind = [
        max(shipment_score(view, seat, kind, port, link) for port in range(len(link.ports)))
        for kind in COMMODITIES
    ]
    return sorted(per_kind, reverse=True)


def choose_rail_shipping(game: Game[Any], view: JSON, seat: int, legal: list[int]) -> int:
    """Ship a mine unless waiting pays more than selling now (and helping the leader)."""
    shipment = view["shipment"]
    market = view["market"][shipment["commodity"]]
    rate = money_rate(view)
    later = rounds_of_shipping_left(view) > 1
    stop = next(i for i in legal if _kind(game, i) == "stop")
    for index in legal:
        if index == stop:
            continue
        space = view["spaces"][_args(game, index)[0]]
        now, _ = _sale(market["price"], market["demand"], market["supply"] or 0, space["cubes"])
        wait = space["cubes"] * (market["price"] + 2) * 0.55 if later else 0.0
        cost = 0.0 if shipment["active_player"] == seat else 1.0
        if now / rate - cost >= wait / rate:
            return index
    return stop


# ---- auction and reputation -------------------------------------------------------


def position_values(view: JSON, seat: int) -> list[float]:
    """Reputation-equivalent worth of each auction position (index 0 = first)."""
    n = len([p for p in view["players"] if not p["eliminated"]])
    costs = POSITION_COSTS.get(n, POSITION_COSTS[4])[:n]
    leads = [*best_shipments(view, seat), 0.0, 0.0, 0.0]
    values = []
    for position, (lost, rails) in enumerate(costs):
        value = -lost + RAIL_WORTH * rails
        if position < 3:
            value += max(0.0, leads[position]) * (1.0 - 0.25 * position)
        if position == len(costs) - 1 and rounds_of_shipping_left(view) >= 2:
            value += EXTRA_MINE_WORTH
        values.append(value)
    return values


def choose_bid(game: Game[Any], view: JSON, seat: int, legal: list[int]) -> int:
    """Bid the minimum while first place is worth more than the place passing gives."""
    auction = view["auction"]
    rate = money_rate(view)
    values = position_values(view, seat)
    passing_at = len(auction["bidders"]) - 1
    paid_now = max(auction["bids"][seat], view["round"])
    pass_value = values[min(passing_at, len(values) - 1)] - paid_now / rate
    bids = [i for i in legal if _kind(game, i) == "bid"]
    pass_index = next(i for i in legal if _kind(game, i) == "pass")
    if not bids:
        return pass_index
    minimum = bids[0]
    amount = _args(game, minimum)[0]
    if values[0] - amount / rate > pass_value + 0.5:
        return minimum
    return pass_index


def choose_buy(game: Game[Any], view: JSON, seat: int, legal: list[int]) -> int:
    """Buy reputation with all money but a small reserve for the next auctions."""
    money = view["players"][seat]["money"]
    price = 3 if view["round"] <= 3 else 4
    target = max(0, (money - BUY_RESERVE) // price)
    fitting = [i for i in legal if _args(game, i)[0] <= target]
    return max(fitting, key=lambda i: _args(game, i)[0]) if fitting else legal[0]


# ---- knowledge for IS-MCTS --------------------------------------------------------


class NamibiaKnowledge(Knowledge):
    """Quick rollouts that never read a view; a pruned auction; a worth-based value."""

    def rollout(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> int:
        first = _kind(game, legal[0])
        if first == "pass":
            return legal[0] if len(legal) == 1 or rng.below(3) else legal[1]
        if first == "buy":
            return legal[(len(legal) * 2) // 3]
        if first == "load":
            return legal[0]
        if first == "shipmine":
            return legal[0]
        return rng.choice(legal)

    def candidates(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int]
    ) -> list[int]:
        first = _kind(game, legal[0])
        if first == "pass":
            return [legal[0], *legal[1:4:2], *legal[6:7]]
        if first == "buy":
            return sorted({legal[0], legal[len(legal) // 2], legal[(len(legal) * 2) // 3]})
        return legal

    def shortlist(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> list[int]:
        """Rule-decided kinds keep their candidates; board decisions keep the
        SHORTLIST best by one-step lookahead."""
        pruned = self.candidates(game, state, seat, legal)
        if len(pruned) <= SHORTLIST or _kind(game, legal[0]) in RULED_KINDS:
            return pruned
        return lookahead_ranking(game, state, seat, pruned, rng)[:SHORTLIST]

    def evaluate(self, game: Game[Any], state: GameState, observer: int) -> list[float]:
        view = game.view(state, observer)
        return win_chances(worth(view), view)
