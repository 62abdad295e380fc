"""Goofspiel's rules, named after the sections of tests/example_game/README.md, and
the optional parts of the contract: positions, validate, determinize, clocks, bots."""

from __future__ import annotations

import json

import pytest
from meeple_goofspiel import GAME
from meeple_goofspiel.bots.heuristic import GoofspielHeuristic, GoofspielKnowledge
from meeple_goofspiel.positions import build
from meeple_goofspiel.state import GoofspielState

from meeple.engine import (
    BadConfig,
    IllegalAction,
    InvalidState,
    NotYourTurn,
    Rng,
    TimedPhase,
    UnknownAction,
    start_record,
    undo_point,
)


def new(players: int = 3, seed: int = 1, **options: int) -> GoofspielState:
    state = GAME.new_game(GAME.make_config(players, options), seed)
    assert isinstance(state, GoofspielState)
    return state


def play(state: GoofspielState, *bids: tuple[int, int]) -> None:
    for seat, card in bids:
        GAME.play(state, seat, f"bid {card}")


# ---- Setup ------------------------------------------------------------------------------


def test_setup_every_seat_holds_its_suit_and_one_prize_is_up() -> None:
    state = new(3)
    view = GAME.view(state, None)
    assert [p["hand"] for p in view["players"]] == [list(range(1, 14))] * 3
    assert view["prize"] is not None and view["round"] == 1
    assert sorted([view["prize"], *view["prizes_to_come"]]) == list(range(1, 14))
    assert GAME.to_act(state) == (0, 1, 2), "all seats bid at once"
    assert GAME.legal(state, 0)[0].text == "bid 1"


def test_setup_the_prize_order_comes_from_the_seed() -> None:
    assert new(seed=5).deck == new(seed=5).deck
    orders = {tuple(new(seed=s).deck) for s in range(10)}
    assert len(orders) > 5


def test_setup_option_cards_sets_the_suit_and_the_number_of_rounds() -> None:
    state = new(2, cards=5)
    assert GAME.view(state, 0)["players"][0]["hand"] == [1, 2, 3, 4, 5]
    for value in range(1, 6):
        play(state, (0, value), (1, 6 - value))
    assert GAME.is_over(state) and len(state.tricks) == 5


def test_setup_options_out_of_range_are_refused() -> None:
    for bad in ({"cards": 4}, {"cards": 14}, {"cards": "13"}, {"jokers": 1}):
        with pytest.raises(BadConfig):
            GAME.make_config(2, bad)  # type: ignore[arg-type]
    with pytest.raises(BadConfig, match="2 to 4 players"):
        GAME.make_config(5)


# ---- Bidding ----------------------------------------------------------------------------


def test_bidding_is_simultaneous_and_secret() -> None:
    state = new(3)
    before = {seat: GAME.view(state, seat) for seat in (None, 1, 2)}
    play(state, (2, 9))
    assert GAME.to_act(state) == (0, 1)
    mine = GAME.view(state, 2)["players"][2]
    assert mine["sealed"] and mine["bid"] == 9
    for seat in (None, 1):
        other = GAME.view(state, seat)
        assert other["players"][2] == {**before[seat]["players"][2], "sealed": True}
        assert "bid 9" not in json.dumps(other) and other["players"][2]["bid"] is None
        texts = [e.text for e in GAME.events(state, seat)]
        assert texts[-1] == "Clubs has chosen a card" and "Clubs bids the 9" not in texts
    assert GAME.events(state, 2)[-2].text == "Clubs bids the 9"


def test_bidding_a_sealed_seat_may_not_bid_again() -> None:
    state = new(2)
    play(state, (0, 3))
    with pytest.raises(NotYourTurn):
        GAME.play(state, 0, "bid 4")
    assert GAME.legal_actions(state, 0) == []


def test_bidding_a_spent_card_is_refused_naming_the_rule() -> None:
    state = new(2)
    play(state, (0, 3), (1, 4))
    with pytest.raises(IllegalAction, match=r"the 3 is spent.*\[Bidding\]"):
        GAME.play(state, 0, "bid 3")
    short = new(2, cards=5)
    with pytest.raises(IllegalAction, match="cards 1 to 5"):
        GAME.play(short, 0, "bid 9")
    with pytest.raises(UnknownAction):
        GAME.play(short, 0, "bid 14")


def test_bidding_can_be_undone_until_the_reveal() -> None:
    state = new(3)
    record = start_record(GAME, state.config, state.seed)
    for seat, text in ((0, "bid 5"), (1, "bid 6")):
        GAME.play(state, seat, text)
        record.moves.append((seat, text))
    assert undo_point(GAME, record, 0, others_may_follow=True) == 0
    GAME.play(state, 2, "bid 7")
    record.moves.append((2, "bid 7"))
    assert undo_point(GAME, record, 2, others_may_follow=True) is None, "the bids are revealed"


# ---- Reveal -----------------------------------------------------------------------------


def test_reveal_the_single_highest_bid_wins_the_prize() -> None:
    state = build(3, 5, prize=4)
    play(state, (0, 2), (1, 5), (2, 3))
    view = GAME.view(state, None)
    assert view["players"][1]["won"] == [4] and view["players"][1]["points"] == 4
    assert view["tricks"] == [{"prize": 4, "winner": 1, "bids": [2, 5, 3]}]
    assert [p["hand"] for p in view["players"]] == [[1, 3, 4, 5], [1, 2, 3, 4], [1, 2, 4, 5]]
    texts = [e.text for e in GAME.events(state, None)]
    assert "Bids for the 4 of diamonds: Spades 2, Hearts 5, Clubs 3" in texts
    assert "Hearts wins the 4 of diamonds with the 5" in texts


def test_reveal_a_tie_for_highest_discards_the_prize() -> None:
    state = build(3, 5, prize=4)
    play(state, (0, 5), (1, 5), (2, 3))
    view = GAME.view(state, None)
    assert view["discarded"] == [4] and all(p["points"] == 0 for p in view["players"])
    assert view["tricks"][0]["winner"] is None
    assert [p["hand"] for p in view["players"]][:2] == [[1, 2, 3, 4]] * 2, "tied cards are spent"
    assert "Spades and Hearts tie with the 5: the 4 of diamonds is discarded" in [
        e.text for e in GAME.events(state, None)
    ]


def test_reveal_a_lower_tie_does_not_matter() -> None:
    state = build(3, 5, prize=4)
    play(state, (0, 2), (1, 2), (2, 3))
    assert GAME.view(state, None)["players"][2]["won"] == [4]


# ---- End of the Game --------------------------------------------------------------------


def test_end_the_highest_total_wins_and_ties_share_the_win() -> None:
    state = build(2, 5, played=[(5, (5, 1)), (4, (1, 5)), (3, (4, 3))], prize=2, deck=[1])
    play(state, (0, 2), (1, 4))  # Hearts takes the 2
    play(state, (0, 3), (1, 2))  # Spades takes the 1
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert result.scores == (9, 6)
    assert result.ranks == (1, 2) and result.winners == (0,)
    assert result.breakdown[0] == {"prizes_won": 3, "points": 9}
    tied = build(2, 5, played=[(5, (5, 1)), (4, (1, 5)), (3, (4, 4)), (2, (2, 3)), (1, (3, 2))])
    assert GAME.is_over(tied)
    assert GAME.result(tied).winners == (0, 1) and GAME.result(tied).ranks == (1, 1)
    with pytest.raises(IllegalAction, match=r"game is over.*\[End of the Game\]"):
        GAME.play(tied, 0, "bid 1")


def test_end_the_result_is_not_asked_before_the_end() -> None:
    with pytest.raises(IllegalAction, match="not over"):
        GAME.result(new(2))


# ---- positions and validate -------------------------------------------------------------


def test_positions_build_derives_the_position_through_the_rules() -> None:
    state = build(2, 6, played=[(6, (6, 1)), (5, (2, 2))], prize=1, bids={1: 4})
    assert state.won == [1 << 6, 0] and state.discarded == 1 << 5
    assert state.deck == [2, 3, 4] and GAME.to_act(state) == (0,)
    GAME.validate(state)


def test_positions_validate_reports_broken_card_conservation() -> None:
    state = build(2, 5)
    state.hands[0] |= 1 << 9  # a card from nowhere
    state.deck.append(state.prize)  # a prize twice
    with pytest.raises(InvalidState) as caught:
        GAME.validate(state)
    problems = caught.value.problems
    assert any("seat 0" in p for p in problems)
    assert any("prizes are not exactly" in p for p in problems)
    with pytest.raises(InvalidState, match="round 1 needs 2 bids"):
        build(2, 5, played=[(5, (5,))])
    with pytest.raises(InvalidState, match="bid twice"):
        build(2, 5, played=[(5, (5, 1)), (4, (5, 2))])


# ---- determinize ------------------------------------------------------------------------


def test_determinize_resamples_only_what_the_seat_cannot_see() -> None:
    state = build(3, 8, played=[(8, (8, 1, 2))], bids={0: 3, 2: 7})
    samples = [GAME.determinize(state, 0, Rng(s)) for s in range(40)]
    assert all(GAME.view(s, 0) == GAME.view(state, 0) for s in samples)
    assert all(s.bids[0] == 3 and s.bids[1] == 0 for s in samples), "own bid kept, none invented"
    assert {s.bids[2] for s in samples} == {1, 3, 4, 5, 6, 7, 8}, "any card Clubs holds"
    assert len({tuple(s.deck) for s in samples}) > 10, "the prize order is resampled"
    assert all(e.private_to in (None, 0) for s in samples for e in s.log)


# ---- the clock --------------------------------------------------------------------------


def test_bidding_is_timed_only_with_bid_seconds() -> None:
    assert GAME.timed_phase(new(2)) is None
    state = new(2, bid_seconds=20)
    assert GAME.timed_phase(state) == TimedPhase("bid:1", 20.0)
    play(state, (0, 1))
    assert GAME.timed_phase(state) == TimedPhase("bid:1", 20.0), "same round, same clock"
    play(state, (1, 2))
    assert GAME.timed_phase(state) == TimedPhase("bid:2", 20.0), "a new round restarts it"
    assert GAME.on_timeout(state, 0) == GAME.actions.index("bid", 2), "the lowest card left"
    play(state, (0, 5))
    assert GAME.on_timeout(state, 0) is None, "a sealed seat is not timed out"


# ---- bots -------------------------------------------------------------------------------


def test_the_heuristic_bids_the_rank_of_the_prize() -> None:
    bot = GoofspielHeuristic(GAME, 1)
    state = build(2, 5, prize=5)
    assert GAME.actions[bot.choose(GAME, state, 0)].text == "bid 5"
    state = build(2, 5, played=[(5, (5, 1))], prize=1)
    assert GAME.actions[bot.choose(GAME, state, 1)].text == "bid 2", "lowest prize, lowest card"


def test_the_search_knowledge_plays_legal_cards_and_values_sum_to_one() -> None:
    knowledge = GoofspielKnowledge()
    rng = Rng(4)
    state = build(3, 6, played=[(6, (6, 1, 2)), (5, (1, 5, 3))], prize=2)
    # Prizes left 1 to 4: the 2 ranks second; Spades holds 2 3 4 5, so the 3 matches.
    branches = [GAME.actions[i].text for i in knowledge.candidates(GAME, state, 0, [])]
    assert branches == ["bid 2", "bid 3", "bid 4"]
    for seat in range(3):
        legal = GAME.legal_actions(state, seat)
        for _ in range(20):
            assert knowledge.rollout(GAME, state, seat, legal, rng) in legal
    values = knowledge.evaluate(GAME, state, 0)
    assert sum(values) == pytest.approx(1.0)
    assert values[0] > values[1] > values[2] > 0, "6, 5 and 0 points with 10 still in play"
    behind = build(2, 5, played=[(5, (5, 1)), (4, (4, 2)), (3, (3, 4))], prize=2)
    assert knowledge.evaluate(GAME, behind, 1) == [1.0, 0.0], "9 against 3 with 3 left"


def test_the_card_data_says_where_its_facts_come_from_and_is_checked() -> None:
    from importlib import resources

    from meeple_goofspiel.board import CARDS, CardDataError, build_cards

    assert CARDS.provenance.kind == "printed" and CARDS.provenance.source
    text = resources.files("meeple_goofspiel").joinpath("data", "cards.json").read_text("utf-8")
    data = json.loads(text)
    for provenance, complaint in [
        (None, "must be an object"),
        ({"kind": "guessed", "source": "us"}, "is not one of"),
        ({"kind": "printed", "source": " "}, "needs a 'source'"),
        ({"kind": "printed", "source": "a deck", "printed": True}, "unknown provenance"),
    ]:
        with pytest.raises(CardDataError, match=complaint):
            build_cards({**data, "provenance": provenance})
    del data["provenance"]
    with pytest.raises(CardDataError, match="provenance"):
        build_cards(data)
