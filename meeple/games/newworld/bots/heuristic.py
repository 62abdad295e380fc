"""New World's heuristic player and the knowledge IS-MCTS uses.

The heuristic (``policy.choose``) decides on a determinized sample of its own
seat's information. The search knowledge plays the same heuristic in rollouts
(one decision in ``NOISE`` random, so rivals are not perfectly predictable),
branches only on a shortlist of sensible actions (the heuristic's own choice and
a few alternatives of the same decision), and judges a rollout cut after
``ROLLOUT_DEPTH`` decisions by ``reading.standings`` (built on ``reading.worth``),
once no Planning Sheet is half written (a sheet's effect shows only when every
sheet is revealed). The searching seat follows its own plan (Climate only a
tie-breaker in its colony score: ``policy.SEARCH``); its rivals
are modelled as the heuristic.
"""

from __future__ import annotations

from meeple.engine import Game, GameState, Knowledge, Rng
from meeple.games.newworld.bots import policy
from meeple.games.newworld.bots.planner import Evaluate, SheetPlanner
from meeple.games.newworld.bots.policy import Table, by_kind, table
from meeple.games.newworld.bots.reading import Census, standings
from meeple.games.newworld.state import (
    BIDDING,
    LANDFALL,
    PLANNING,
    STEP_SEALED,
    NewWorldState,
)

ROLLOUT_DEPTH = 3  # atomic decisions before a rollout is judged by ``evaluate``
NOISE = 10  # in rollouts, one decision in this many is uniform
WIDTH = 4  # branches per decision at most, beside the heuristic's choice
BIDS = (0, 2, 5, 10, 20)  # landfall bids searched
COLONY_CHOICES = 3  # landing Areas searched: the best colonies by the heuristic's score
SECRET_PHASES = (BIDDING, LANDFALL, PLANNING)
TRUST = 1.0
"""Standard errors by which the search's pick must beat the heuristic's own choice
(the shortlist's first) at the root; closer, the heuristic's choice stands, so that
options the search cannot tell apart are not decided by noise (``MctsBot``)."""
COLONIST_KINDS = frozenset(("take", "roll"))
"""The Colonists choice (5.1): searched at the root only (``meeple bench`` searches
a game's first decision); inside the tree every seat takes four, as the heuristic
does, rather than branching on a die whose average is the same four. Whether the
branches cost strength is not settled: earlier logs suggested so, fresh seeds did
not (benchmarks/results/2026-12-02/newworld-README.md)."""
SETTLED_KINDS = frozenset(
    (
        "lose",
        "accept_losses",
        *("maintain", "build", "buy", "land", "send_soldiers", "send_colonists", "seal"),
        *("choose", "devote", "load_ship"),
        *("loot", "mine", "prospect", "embark_gold", "carry", "move_soldiers"),
        *("move_colonists", "end_movement", "attack_natives"),
        *("pick_up", "claim_site", "refuse_gold"),
    )
)
"""Decisions the search leaves to the heuristic, by the kind of the heuristic's
choice: loss choices keep the markers held (8.314), the Fleet card puts
Personnel on the safest rows and Gold in the Average box (6.21-6.23); the Fleet picks
up all that fits (12.1), a Gold Site is claimed (16.411) and Gold another holds stays
(8.223), as meeple did for the player before; the Planning
Sheet, the landfall, Land Movement and attacks on Natives are investments whose
return comes turns later, beyond what a rollout sees. Searching them made the search buy too
little, spread its Colonists, leave Gold and Mines unattended and spare Natives (1
win in 9 games, twice, against three heuristics). The search decides the
Colonists (four or the die, 5.1), bids, attacks on players (and whether to attack
where the heuristic would not), retreats and homebound calls."""


def sample_of(state: GameState) -> NewWorldState:
    assert isinstance(state, NewWorldState)
    return state


class NewWorldHeuristic:
    """The rule-of-thumb player of ``policy`` (see its docstring)."""

    name = "heuristic"

    def __init__(self, game: Game[NewWorldState], seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game[NewWorldState], state: GameState, seat: int) -> int:
        legal = game.legal_actions(sample_of(state), seat)
        if len(legal) == 1:
            return legal[0]
        sample = game.determinize(sample_of(state), seat, self.rng)
        return policy.choose(game, sample, seat, legal, self.rng)


def unique(actions: list[int]) -> list[int]:
    return list(dict.fromkeys(actions))


def numeric_neighbours(t: Table, legal: list[int], chosen: int) -> list[int]:
    """For a number to write (ships, Soldiers, Colonists): the heuristic's value,
    one less and one more."""
    by_value = {t.args[a][0]: a for a in legal}
    value = t.args[chosen][0]
    wanted = (value, value - 1, value + 1)
    return [by_value[v] for v in wanted if v in by_value]


def alternatives(
    game: Game[NewWorldState],
    state: NewWorldState,
    seat: int,
    legal: list[int],
    root: bool = False,
    style: policy.Style = policy.HEURISTIC,
) -> list[int]:
    """The heuristic's choice first (played by ``style``),
    then a few other sensible ones (the Colonists choice has its alternative only at
    the ``root``)."""
    if len(legal) == 1:
        return legal
    t = table(game)
    # A fixed seed per seat: the state's version counts other seats' secret entries.
    chosen = policy.choose(game, state, seat, legal, Rng(seat), style)
    kind = t.kinds[chosen]
    out = [chosen]
    if kind in SETTLED_KINDS or (kind in COLONIST_KINDS and not root):
        return out
    if t.kinds[legal[-1]] in ("offer_cancel", "agree_cancel", "stop_rolling"):
        return out  # between two dice (8.31, 22.3): the heuristic's answer is not searched
    kinds = by_kind(t, legal)
    if kind in ("maintain", "build", "buy", "send_soldiers", "send_colonists"):
        out += numeric_neighbours(t, kinds[kind], chosen)
    elif kind == "bid":
        out += [a for a in kinds["bid"] if t.args[a][0] in BIDS]
    elif kind in ("land", "choose", "seal"):
        areas = [t.args[a][0] for a in kinds.get(kind if kind != "seal" else "land", [])]
        census = Census(state, seat)
        ranked = sorted(areas, key=lambda a: -policy.colony_score(state, seat, a, census, style))
        wanted = set(ranked[:COLONY_CHOICES])
        out += [a for a in legal if t.kinds[a] in ("land", "choose") and t.args[a][0] in wanted]
        out += kinds.get("seal", [])
    elif "stand" in kinds:  # a retreat question: the whole retreats, stand, to the end
        out += kinds["stand"] + kinds.get("fight_to_end", [])
        out += kinds.get("retreat", []) + kinds.get("retreat_soldiers", [])
    elif "end_movement" in kinds or "end_combat" in kinds:
        out += kinds.get("end_movement", []) + kinds.get("end_combat", [])
        for key, group in ((1, "attack_natives"), (2, "attack")):
            out += list(policy.largest_attacks(t, kinds.get(group, []), key).values())
        for group in ("loot", "mine", "prospect", "embark_gold", "carry"):
            out += kinds.get(group, [])
    else:
        out += legal
    return unique(out)[: WIDTH + 1]


def untouched(sample: NewWorldState, seat: int) -> bool:
    """The seat's Planning Sheet is blank (or holds only zeros written for it)."""
    return (
        sample.plan_step[seat] != STEP_SEALED
        and not sample.plan_landings[seat]
        and sample.plan_maintain[seat] == sample.plan_build[seat] == sample.plan_buy[seat] == 0
    )


class NewWorldKnowledge(Knowledge):
    """Heuristic rollouts, shortlisted branches, ``reading.standings`` as the value.

    A search whose root is a bid or a Planning Sheet entry must see the sheets
    revealed before it judges a sample (a sheet changes nothing before); a search
    from later in a turn may judge the next turn's Planning at once, so that its
    rollouts stay short. ``shortlist``, called once at the root of each search,
    notes which turn's sheets matter (searches run one at a time per process; a
    wrong note would only move where a rollout is judged)."""

    trust = TRUST

    def __init__(self, plans: bool = False) -> None:
        self.secret_turn = -1  # the turn whose bids or sheets the current search is about
        self.searcher = -1  # the seat the current search decides for
        self.planner = SheetPlanner(self.style) if plans else None

    def decide(
        self,
        game: Game[NewWorldState],
        state: GameState,
        seat: int,
        rng: Rng,
        iterations: int,
        millis: float | None,
        evaluate: Evaluate,
    ) -> int | None:
        """A Planning Sheet entry of the sheet ``planner`` chose (MctsBot's opt-in
        hook); None for every other decision, which the tree decides."""
        if self.planner is None:
            return None
        self.searcher = seat
        return self.planner.decide(game, sample_of(state), seat, rng, iterations, millis, evaluate)

    def style(self, seat: int) -> policy.Style:
        """The searching seat plays its own plan (``policy.SEARCH``);
        its rivals are modelled as the heuristic."""
        if seat == self.searcher:
            return policy.SEARCH
        return policy.HEURISTIC

    def rollout(
        self, game: Game[NewWorldState], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> int:
        if len(legal) == 1:
            return legal[0]
        if rng.below(NOISE) == 0:
            return rng.choice(legal)
        return policy.choose(game, sample_of(state), seat, legal, rng, self.style(seat))

    def candidates(
        self, game: Game[NewWorldState], state: GameState, seat: int, legal: list[int]
    ) -> list[int]:
        return alternatives(game, sample_of(state), seat, legal, style=self.style(seat))

    def shortlist(
        self, game: Game[NewWorldState], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> list[int]:
        """The root's branches, read from a sample (never the true state)."""
        if len(legal) == 1:
            return legal
        sample = game.determinize(sample_of(state), seat, rng)
        self.secret_turn = sample.turn if sample.phase in SECRET_PHASES else -1
        self.searcher = seat
        return alternatives(game, sample, seat, legal, root=True, style=policy.SEARCH)

    def settled(self, game: Game[NewWorldState], state: GameState) -> bool:
        """Anywhere but amid the bids or sheets the search is about: those are judged
        before their first entry or once all are revealed."""
        sample = sample_of(state)
        if sample.phase not in SECRET_PHASES or sample.turn != self.secret_turn:
            return True
        if sample.phase == PLANNING:
            return all(untouched(sample, seat) for seat in range(sample.players))
        return False

    def evaluate(self, game: Game[NewWorldState], state: GameState, observer: int) -> list[float]:
        return standings(sample_of(state))
