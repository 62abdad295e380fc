"""Namibia's bot knowledge on the game's own decisions: the heuristic's bids (1. Bribe
Colonial Officials) and the 2.1 choice of the mine that takes the supply's last cube."""

from __future__ import annotations

from meeple.ai.base import make_bot
from meeple.ai.mcts import Budget, MctsBot
from meeple.engine import Rng
from meeple.games.namibia import GAME
from meeple.games.namibia.board import BOARD
from meeple.games.namibia.bots.careful import HeuristicFirst
from meeple.games.namibia.bots.heuristic import NamibiaHeuristic, NamibiaKnowledge, bid_limit
from meeple.games.namibia.positions import Position
from meeple.games.namibia.state import BID, COMPLETE_MINES
from meeple.games.namibia.view import build_view
from tests.namibia.helpers import legal_texts

ROUNDS = 6


def test_the_heuristic_never_bids_the_money_it_needs_for_the_next_bribe() -> None:
    """1. Bribe: a player who passes pays his own last bid, so raising step by step
    would spend all his money. The heuristic fixes a limit and keeps the next round's
    minimum bid (no reputation cashed at 2 GM a point), even against itself."""
    for seed in range(2):
        s = GAME.new_game(GAME.make_config(4), seed)
        bots = [NamibiaHeuristic(GAME, seed * 10 + seat) for seat in range(4)]
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            index = bots[seat].choose(GAME, s, seat)
            action = GAME.actions[index]
            if s.phase == BID and action.kind == "bid" and s.round < ROUNDS:
                assert int(action.args[0]) <= s.money[seat] - (s.round + 1)
            GAME.apply(s, seat, index)


def test_the_heuristic_does_not_follow_a_high_opening_bid_in_round_one() -> None:
    s = Position().bribe(bids={0: 9}, bidder=1).build()
    assert bid_limit(build_view(s, 1), 1) < 10
    assert GAME.actions[NamibiaHeuristic(GAME, 1).choose(GAME, s, 1)].text == "pass"


def _linked_and_remote() -> tuple[str, str]:
    """A mining space along a port's pre-printed rails, and one two spaces or more
    from every port (so no rail reaches it on a bare board)."""
    ports = set(BOARD.ports)
    near_port = {n for p in ports for n in BOARD.neighbors[p]}
    linked = next(i for i in sorted(near_port) if BOARD.usable[i])
    remote = next(
        i
        for i in range(len(BOARD.labels))
        if BOARD.usable[i]
        and i not in near_port
        and not near_port.intersection(BOARD.neighbors[i])
        and linked not in BOARD.neighbors[i]
    )
    return BOARD.labels[linked].lower(), BOARD.labels[remote].lower()


def _short_of_gold() -> Position:
    """Red completes two gold mines with one gold cube left in the supply; the other
    gold cubes lie together on a space next to neither mine."""
    linked, remote = _linked_and_remote()
    spare = next(
        label.lower()
        for i, label in enumerate(BOARD.labels)
        if BOARD.usable[i] and label.lower() not in (linked, remote)
    )
    return (
        Position()
        .cube(spare, "gold", 12)
        .cube(linked, "gold")
        .mine(linked, seat=0, completed=False)
        .cube(remote, "gold")
        .mine(remote, seat=0, completed=False)
        .construction(0)
    )


def test_the_heuristic_gives_the_last_cube_to_the_mine_that_reaches_a_port() -> None:
    """2.1 Complete Mines: the heuristic weighs the choice by the resulting position,
    where a cube on a mine that the rail network joins to a port is worth more."""
    s = _short_of_gold().build()
    assert s.phase == COMPLETE_MINES
    linked, _ = _linked_and_remote()
    choice = NamibiaHeuristic(GAME, 3).choose(GAME, s, 0)
    assert GAME.actions[choice].text == f"feed {linked}"


def test_search_and_random_players_choose_a_legal_feed() -> None:
    s = _short_of_gold().build()
    legal = set(legal_texts(s, 0))
    assert len(legal) == 2
    search = MctsBot(GAME, 5, Budget(iterations=30))
    assert GAME.actions[search.choose(GAME, s, 0)].text in legal
    assert GAME.actions[make_bot("random", GAME, 2).choose(GAME, s, 0)].text in legal


def test_the_search_spends_more_iterations_on_the_bribe_than_on_routine_decisions() -> None:
    """1. Bribe: a bid shapes the whole round, so the search's knowledge gives it a
    larger share of the level's iterations than other decisions."""
    knowledge = NamibiaKnowledge()
    s = Position().bribe(bids={0: 9}, bidder=1).build()
    legal = GAME.legal_actions(s, 1)
    assert knowledge.iteration_share(GAME, s, 1, legal) > 1.0
    board = GAME.new_game(GAME.make_config(4), 3)
    seat = GAME.to_act(board)[0]
    assert knowledge.iteration_share(GAME, board, seat, GAME.legal_actions(board, seat)) == 1.0


def test_the_search_weighs_the_heuristics_own_reputation_purchase() -> None:
    """4. Administration: the pruned purchase sizes at the search's root include the
    heuristic's own purchase, first."""
    for seed in range(3):
        s = GAME.new_game(GAME.make_config(4), seed)
        bots = [NamibiaHeuristic(GAME, seed * 10 + seat) for seat in range(4)]
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            index = bots[seat].choose(GAME, s, seat)
            if GAME.actions[legal[0]].kind == "buy" and len(legal) > 4:
                root = NamibiaKnowledge().shortlist(GAME, s, seat, legal, Rng(1))
                assert root[0] == index and len(set(root)) == len(root) <= 4
                return
            GAME.apply(s, seat, index)
    raise AssertionError("no reputation purchase with several sizes in three games")


def test_medium_puts_the_heuristics_bid_first_and_trusts_it() -> None:
    """1. Bribe: medium's root starts with the heuristic's own choice (here a pass
    against a high opening bid), which stands unless the search clearly beats it."""
    s = Position().bribe(bids={0: 9}, bidder=1).build()
    medium = make_bot("medium", GAME, 4)
    assert isinstance(medium, MctsBot) and isinstance(medium.knowledge, HeuristicFirst)
    assert medium.knowledge.trust > 0
    root = medium.knowledge.shortlist(GAME, s, 1, GAME.legal_actions(s, 1), Rng(2))
    assert GAME.actions[root[0]].text == "pass"
    assert len(set(root)) == len(root)
