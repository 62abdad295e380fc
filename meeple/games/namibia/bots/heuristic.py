"""Namibia's heuristic bot and the knowledge its IS-MCTS search uses.

The bot reads its seat's view only. Board decisions (cubes, mines, prospecting,
rails, the truck, and in 2.1 which completed mine takes one of the supply's last
cubes) are greedy: each candidate is applied to a clone of a determinized sample
and the resulting view is scored with ``evaluation.worth``. The auction, shipping
and reputation purchases follow rules drawn from the rulebook's "Hints for New
Players" (be last rather than third; spread over commodities; keep access to the
ports; balance cash against rising prices). In the auction the bot fixes the most
it pays for first place (``bid_limit``) and never raises beyond it, since passing
costs a player his own last bid. The search knowledge treats the 2.1 choice as a
board decision (random in rollouts, ranked by lookahead at the root).
"""

from __future__ import annotations

import math
from typing import cast

from meeple.engine import Game, GameState, Knowledge, Rng
from meeple.games.namibia.board import Commodity
from meeple.games.namibia.bots.evaluation import (
    Links,
    links,
    money_rate,
    relative,
    rounds_of_shipping_left,
    space_index,
    win_chances,
    worth,
)
from meeple.games.namibia.state import NamibiaState
from meeple.games.namibia.view import NamibiaView, typed

GREEDY_LIMIT = 48  # board decisions with more options are scored on a random sample
BUY_RESERVE = 6  # GM kept back for the next auctions when buying reputation
# (reputation lost, rails taken) per auction position, rulebook section 1.
POSITION_COSTS = {4: ((5, 3), (3, 2), (1, 1), (0, 0)), 3: ((4, 3), (2, 2), (0, 0))}
RAIL_WORTH = 0.6  # reputation a rail is worth to its owner
EXTRA_MINE_WORTH = 2.0  # the last player starts a second mine and prospects twice
LEAD_SHARE = (1.0, 0.75, 0.5)  # a later leader chooses among the leftovers
FORCED_LEAD = 0.5  # three players: the last must ship the highest priced commodity
OWN_SALE_ANYWAY = 0.5  # share of his own sale a player makes without leading
BID_MARGIN = 0.5  # reputation first place must be worth beyond the price
ROUNDS = 6
SHORTLIST = 6  # root branches of IS-MCTS on board decisions
RULED_KINDS = frozenset({"pass", "bid", "buy", "load", "skip", "shipmine", "stop", "ship"})
ITERATION_SHARES = {"pass": 2.5, "load": 0.25, "shipmine": 0.25}
"""Per kind of a decision's first option, the share of the level's iterations its
search gets: the bribe (1. Bribe: a bid or a pass, whose price and positions shape
the whole round) gets more; loading the truck and shipping a mine by rail (two
options, where the heuristic's rule rarely errs) get less. Other kinds: 1."""


OurGame = Game[NamibiaState]  # the game a bot is given: Namibia's


def _kind(game: OurGame, index: int) -> str:
    return game.actions[index].kind


def _args(game: OurGame, index: int) -> tuple[int, ...]:
    """The action's arguments: every argument of Namibia's actions is a number."""
    return cast(tuple[int, ...], game.actions[index].args)


class NamibiaHeuristic:
    """Plays by an evaluation of its own seat's position; see the module docstring."""

    name = "heuristic"

    def __init__(self, game: OurGame, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: OurGame, state: GameState, seat: int) -> int:
        assert isinstance(state, NamibiaState)
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        view = typed(game.view(state, seat))  # JSON edge
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

    def greedy(self, game: OurGame, state: NamibiaState, seat: int, legal: list[int]) -> int:
        """The action whose resulting view scores best for ``seat``."""
        return lookahead_ranking(game, state, seat, legal, self.rng)[0]


def lookahead_ranking(
    game: OurGame, state: NamibiaState, seat: int, legal: list[int], rng: Rng
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
        score = relative(worth(typed(game.view(child, seat))), seat)  # JSON edge
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


def _shippable(view: NamibiaView, link: Links, kind: Commodity, port: int) -> dict[int, list[int]]:
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


def shipment_parts(
    view: NamibiaView, seat: int, kind: Commodity, port: int, link: Links
) -> tuple[float, float, float]:
    """``seat`` leading a shipment of ``kind`` via ``port``, in reputation: its own
    sale, its bonus (2 per other player's truck or mine) and the rivals' sales."""
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
    return mine / rate, float(bonus), others_gm / rate


def shipment_score(view: NamibiaView, seat: int, kind: Commodity, port: int, link: Links) -> float:
    """Reputation-equivalent gain for ``seat`` leading a shipment of ``kind`` via ``port``."""
    own, bonus, others = shipment_parts(view, seat, kind, port, link)
    return own + bonus - 0.3 * others


def choose_shipment(game: OurGame, view: NamibiaView, seat: int, legal: list[int]) -> int:
    from meeple.games.namibia.board import COMMODITIES

    link = links(view)
    scored = []
    for index in legal:
        kind, port = _args(game, index)
        scored.append((shipment_score(view, seat, COMMODITIES[kind], port, link), index))
    return max(scored)[1]


def best_shipments(view: NamibiaView, seat: int) -> list[float]:
    """The seat's best shipment scores, one per commodity, best first."""
    from meeple.games.namibia.board import COMMODITIES

    link = links(view)
    per_kind = [
        max(shipment_score(view, seat, kind, port, link) for port in range(len(link.ports)))
        for kind in COMMODITIES
    ]
    return sorted(per_kind, reverse=True)


def choose_rail_shipping(game: OurGame, view: NamibiaView, seat: int, legal: list[int]) -> int:
    """Ship a mine unless waiting pays more than selling now (and helping the leader)."""
    shipment = view["shipment"]
    assert shipment is not None, "rail shipping has a shipment under way"
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


def lead_values(view: NamibiaView, seat: int) -> list[float]:
    """What leading a shipment adds for ``seat``, per commodity, best first.

    A leader chooses the commodity and port and earns 2 reputation per other
    player's truck or mine that ships (3. Shipping); his own cubes he could often
    ship anyway when another leader chooses his commodity, so only part of their
    sale counts towards the lead."""
    from meeple.games.namibia.board import COMMODITIES

    link = links(view)
    per_kind = []
    for kind in COMMODITIES:
        best = -99.0
        for port in range(len(link.ports)):
            own, bonus, others = shipment_parts(view, seat, kind, port, link)
            best = max(best, (1 - OWN_SALE_ANYWAY) * own + bonus - 0.3 * others)
        per_kind.append(best)
    return sorted(per_kind, reverse=True)


def position_values(view: NamibiaView, seat: int) -> list[float]:
    """Reputation-equivalent worth of each auction position (index 0 = first), before
    the bid paid for it.

    Rulebook, 1. Bribe: the reputation lost and the rails taken per position, and
    the first three lead the shipments (the first with the widest choice). Hints
    for New Players: "Being last in an auction is not all bad as you have the
    opportunity to place two mines under construction. Being third can be a bit of
    a pain though"; in a three-player game the third is the last player and must
    ship the highest priced unshipped commodity, so his lead is worth little.
    Rails are worth less as the shipping rounds left run out.
    """
    n = len([p for p in view["players"] if not p["eliminated"]])
    costs = POSITION_COSTS.get(n, POSITION_COSTS[4])[:n]
    shipping_left = rounds_of_shipping_left(view)
    leads = [*lead_values(view, seat), 0.0, 0.0, 0.0]
    rail_worth = RAIL_WORTH * min(1.0, shipping_left / 3)
    values = []
    for position, (lost, rails) in enumerate(costs):
        value = -lost + rail_worth * rails
        last = position == len(costs) - 1
        if position < 3:
            share = LEAD_SHARE[position] * (FORCED_LEAD if last else 1.0)
            value += max(0.0, leads[position]) * share
        if last:
            value += EXTRA_MINE_WORTH
        values.append(value)
    return values


def bid_limit(view: NamibiaView, seat: int) -> int:
    """The most ``seat`` pays for first place, fixed by what the positions are worth
    and not by what it has bid so far.

    Passing costs a player his own last bid, so a bidder who weighs only the next
    step (a bit more for first place, or lose what he already bid) raises until
    his money runs out. The limit compares first place with the position passing
    gives now, at the minimum bid, and keeps back the next round's minimum bid so
    that no reputation need be cashed at 2 GM a point (construction itself costs
    no money in Namibia)."""
    auction = view["auction"]
    assert auction is not None, "the bribe is on"
    rate = money_rate(view)
    values = position_values(view, seat)
    passing_at = min(len(auction["bidders"]) - 1, len(values) - 1)
    gain = values[0] - values[passing_at] - BID_MARGIN
    round_number = int(view["round"])
    worth_paying = round_number + math.floor(rate * gain)
    reserve = round_number + 1 if round_number < ROUNDS else 0
    return min(worth_paying, int(view["players"][seat]["money"]) - reserve)


def choose_bid(game: OurGame, view: NamibiaView, seat: int, legal: list[int]) -> int:
    """Bid the minimum while it stays within ``bid_limit``; else pass."""
    pass_index = next(i for i in legal if _kind(game, i) == "pass")
    bids = [i for i in legal if _kind(game, i) == "bid"]
    if bids and _args(game, bids[0])[0] <= bid_limit(view, seat):
        return bids[0]
    return pass_index


def choose_buy(game: OurGame, view: NamibiaView, seat: int, legal: list[int]) -> int:
    """Buy reputation with all money but a small reserve for the next auctions."""
    money = view["players"][seat]["money"]
    price = 3 if view["round"] <= 3 else 4
    target = max(0, (money - BUY_RESERVE) // price)
    fitting = [i for i in legal if _args(game, i)[0] <= target]
    return max(fitting, key=lambda i: _args(game, i)[0]) if fitting else legal[0]


# ---- knowledge for IS-MCTS --------------------------------------------------------


def with_own_purchase(
    game: OurGame, state: NamibiaState, seat: int, legal: list[int], pruned: list[int]
) -> list[int]:
    """The pruned purchase sizes, with the heuristic's own purchase first (the search
    weighs the rule's choice against the few sizes it keeps)."""
    own = choose_buy(game, typed(game.view(state, seat)), seat, legal)  # JSON edge
    return [own, *(i for i in pruned if i != own)]


class NamibiaKnowledge(Knowledge):
    """Quick rollouts that never read a view; a pruned auction; a worth-based value."""

    def rollout(
        self, game: OurGame, state: GameState, seat: int, legal: list[int], rng: Rng
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

    def candidates(self, game: OurGame, state: GameState, seat: int, legal: list[int]) -> list[int]:
        first = _kind(game, legal[0])
        if first == "pass":
            return [legal[0], *legal[1:4:2], *legal[6:7]]
        if first == "buy":
            return sorted({legal[0], legal[len(legal) // 2], legal[(len(legal) * 2) // 3]})
        return legal

    def shortlist(
        self, game: OurGame, state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> list[int]:
        """Rule-decided kinds keep their candidates; board decisions keep the
        SHORTLIST best by one-step lookahead."""
        assert isinstance(state, NamibiaState)
        pruned = self.candidates(game, state, seat, legal)
        if _kind(game, legal[0]) == "buy":
            return with_own_purchase(game, state, seat, legal, pruned)
        if len(pruned) <= SHORTLIST or _kind(game, legal[0]) in RULED_KINDS:
            return pruned
        return lookahead_ranking(game, state, seat, pruned, rng)[:SHORTLIST]

    def iteration_share(
        self, game: OurGame, state: GameState, seat: int, candidates: list[int]
    ) -> float:
        """The share of the level's iterations this decision gets (ITERATION_SHARES)."""
        return ITERATION_SHARES.get(_kind(game, candidates[0]), 1.0)

    def evaluate(self, game: OurGame, state: GameState, observer: int) -> list[float]:
        assert isinstance(state, NamibiaState)
        view = typed(game.view(state, observer))  # JSON edge
        return win_chances(worth(view), view)
