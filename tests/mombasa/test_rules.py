"""Rule scenarios, each named after the rulebook (or supplement) section it checks."""

from __future__ import annotations

import json

import pytest

from meeple.engine import IllegalAction, Rng
from meeple.games.mombasa import GAME
from meeple.games.mombasa.board import BOARD, TRACK_FACES
from meeple.games.mombasa.positions import build, company, region
from meeple.games.mombasa.rules import tracks
from meeple.games.mombasa.state import ACT, DRAFT, OVER, PLAN, REST, SLOTS
from tests.mombasa.helpers import legal, pending, play

CAIRO, CAPE_TOWN, MOMBASA, SAINT_LOUIS = (
    company("cairo"),
    company("cape town"),
    company("mombasa"),
    company("saint-louis"),
)


# ---- Setup -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_first_game(players: int) -> None:
    """Setup steps 2-14, first game: tracks A1-D1, the display's A and B cards, round
    coins, 12 books (4 per letter), 1 pound, 3 or 2 bonus markers, 10 cards of which
    the starting tile rests 3."""
    state = GAME.new_game(GAME.make_config(players), 3)
    assert [TRACK_FACES[f] for f in state.faces] == ["A1", "B1", "C1", "D1"]
    letters = [BOARD.cards[c].letter for c in state.display]
    assert letters[:8] == ["A"] * 8 and letters[8] == "A" and letters[9:] == ["B"] * 3
    assert sum(state.round_track) == 3 * players and state.round_track[0] == 0
    assert [BOARD.books[b].letter for b in state.book_display] == ["A"] * 4 + ["B"] * 4 + ["C"] * 4
    assert state.cash == [1] * players
    assert state.markers == [3 if players == 2 else 2] * players
    assert state.chosen == list(BOARD.first_game_tiles[:players])
    assert state.phase == REST and GAME.to_act(state) == tuple(range(players))
    for seat in range(players):
        assert bin(state.hands[seat]).count("1") == 10
        tile = BOARD.tiles[state.chosen[seat]]
        play(state, seat, f"rest {tile.cards[2]}", f"rest {tile.cards[0]}")  # any order
        assert bin(state.hands[seat]).count("1") == 7
        faces = [BOARD.cards[state.decks[seat * 3 + d][0]].face for d in range(3)]
        assert faces == [tile.cards[2], tile.cards[0], tile.cards[1]]
    assert state.phase == PLAN


def test_starting_bonus_3_spaces_on_mombasa() -> None:
    """Setup step 14.4: the first player's tile gives 3 Mombasa spaces (our first-game tile)."""
    state = GAME.new_game(GAME.make_config(2), 1)
    assert state.track[MOMBASA] == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_full_game_draft_two_keep_one_revealed_together(players: int) -> None:
    """Setup of subsequent games, steps 2 and 13: track cards (one face of each track),
    two tiles each, one kept in secret, revealed together."""
    state = GAME.new_game(GAME.make_config(players, {"setup": "full"}), 5)
    assert sorted(TRACK_FACES[f][0] for f in state.faces) == ["A", "B", "C", "D"]
    assert state.phase == DRAFT and GAME.to_act(state) == tuple(range(players))
    first = state.dealt[0:2]
    play(state, 0, f"keep tile {first[0] + 1}")
    other_view = GAME.view(state, 1)
    assert other_view["players"][0]["starting_tile"] is None
    assert other_view["players"][0]["dealt_tiles"] is None
    for seat in range(1, players):
        play(state, seat, f"keep tile {state.dealt[seat * 2] + 1}")
    assert state.phase == REST
    assert GAME.view(state, 1)["players"][0]["starting_tile"] == first[0] + 1


# ---- Planning -----------------------------------------------------------------------------


def test_planning_is_secret_and_simultaneous_until_all_turn_face_up() -> None:
    """I. Planning Phase: cards face down into available slots, turned up together."""
    state = build(2, phase="planning", seed=2)
    play(state, 1, "plan coffee 2 in slot 1")
    seen = GAME.view(state, 0)["players"][1]["slots"][0]
    assert seen == {"card": None, "face_down": True, "used": False}
    assert GAME.view(state, 1)["players"][1]["slots"][0]["card"] == "coffee 2"
    assert GAME.view(state, 0)["players"][1]["hand"] is None
    assert "plan coffee 2 in slot 4" not in legal(state, 1)  # slot 4 not unlocked
    play(state, 1, "ready")
    assert GAME.to_act(state) == (0,)
    play(state, 0, "ready")
    assert state.phase == ACT and state.actor == 0
    assert GAME.view(state, 0)["players"][1]["slots"][0]["card"] == "coffee 2"


def test_extra_slots_open_with_the_diamond_and_bookkeeping_marks() -> None:
    """Player board: slot 4 opens at the marked diamond space, slot 5 when the ink jar
    reaches the marked bookkeeping space."""
    state = build(
        2, phase="planning", diamond={0: BOARD.diamond_slot_space}, ink={1: BOARD.book_slot_space}
    )
    assert "plan coffee 2 in slot 4" in legal(state, 0)
    assert "plan coffee 2 in slot 5" not in legal(state, 0)
    assert "plan coffee 2 in slot 5" in legal(state, 1)


def test_determinize_keeps_the_view_and_redeals_hidden_plans() -> None:
    state = build(3, phase="planning", seed=4)
    play(state, 1, "plan coffee 2 in slot 1", "plan bananas 2 in slot 2")
    for seed in range(5):
        twin = GAME.determinize(state, 0, Rng(seed))
        assert GAME.view(twin, 0) == GAME.view(state, 0)
        assert json.loads(json.dumps(GAME.view(twin, 0))) == GAME.view(twin, 0)
    assert (
        GAME.determinize(state, 1, Rng(0)).slots[SLOTS : SLOTS + 2]
        == state.slots[SLOTS : SLOTS + 2]
    )


# ---- General action phase -------------------------------------------------------------------


def test_turn_order_and_end_of_own_phase_picks_up_one_resting_deck() -> None:
    """6. End your own action phase: pick up one resting deck, then the action area
    moves up to the resting decks; that player is skipped from then on."""
    state = build(2, slots={0: ["coffee 2"]}, hands={0: []})
    deck = state.decks[1]
    planned = state.slots[0]
    play(state, 0, "end taking deck 2")
    assert state.hands[0] == 1 << deck[0]
    assert state.decks[1] == ()
    assert state.decks[0][-1] == planned  # slot 1 feeds resting deck 1
    assert state.slots[0] == -1 and state.used[0] == 0
    assert state.actor == 1
    play(state, 1, "end taking deck 1")  # seat 0 has dropped out: seat 1 again
    assert state.round == 2
    assert state.phase == PLAN


def test_goods_may_not_mix_types() -> None:
    """1. Use 1 or more goods cards: cards of one type only."""
    state = build(2, slots={0: ["coffee 2", "bananas 2"]})
    play(state, 0, "use coffee")
    assert "add slot 2" not in legal(state, 0)
    with pytest.raises(IllegalAction):
        GAME.play(state, 0, "add slot 2")


def test_capital_call_paid_or_stopped_before() -> None:
    """Company tracks (supplement): to move past a capital call pay its amount; if you
    cannot, you stop just before it."""
    face = tracks.FACES[0]  # A1, Mombasa's track in the first game
    call, amount = next(iter(face.calls.items()))
    state = build(
        2, slots={0: ["coffee 3"]}, tracks={0: {"mombasa": call - 1}}, cash={0: amount - 1}
    )
    play(state, 0, "use coffee", "add slot 1", "total units")
    assert "advance mombasa" not in legal(state, 0)
    state = build(2, slots={0: ["coffee 3"]}, tracks={0: {"mombasa": call - 1}}, cash={0: amount})
    play(state, 0, "use coffee", "add slot 1", "total units", "advance mombasa")
    assert state.track[MOMBASA] == call and state.cash[0] == 0


def test_reward_steps_stop_at_a_declined_capital_call() -> None:
    """A reward that cannot be used in full on its track is used as far as possible."""
    face = tracks.FACES[TRACK_FACES.index("D1")]
    call = min(face.calls)
    state = build(2, slots={0: ["coffee 3"]}, tracks={0: {"cairo": call - 2}}, cash={0: 9})
    play(state, 0, "place marker on coffee majority", "take tier 2")
    assert pending(state) == "capital call" and state.track[CAIRO] == call - 1
    play(state, 0, "decline capital call")
    assert state.track[CAIRO] == call - 1 and state.cash[0] == 9


def test_special_space_pays_the_mover_and_again_everyone_past_it() -> None:
    """Company tracks: a special space pays when reached, and every player already past
    it is paid again; it unlocks the track's bonus for the mover."""
    special, pounds = tracks.FACES[0].specials[0]
    state = build(
        2,
        slots={0: ["coffee 1"]},
        tracks={0: {"mombasa": special - 1}, 1: {"mombasa": special + 2}},
    )
    cash = list(state.cash)
    play(state, 0, "use coffee", "add slot 1", "total units", "advance mombasa")
    assert state.cash == [cash[0] + pounds, cash[1] + pounds]
    assert state.unlocked[MOMBASA * 2] >= 0


def test_ousted_post_returns_to_the_rearmost_space_never_the_uncovered_final() -> None:
    """Oust: a returned post goes to the rearmost empty space; once a column's final
    space is empty it stays uncovered."""
    state = build(
        2,
        slots={0: ["expansion 2"]},
        regions={"tibesti": "saint-louis"},
        bases={"saint-louis": [0, 5, 5]},
    )
    state.lost |= 1 << (SAINT_LOUIS * 3)
    value = tracks.coins_revealed(state, SAINT_LOUIS)
    assert tracks.return_columns(state, SAINT_LOUIS) == [0]
    play(state, 0, "expand cairo", "enter tibesti from column 1")  # 1 + 1 (occupied) = 2
    assert state.base[SAINT_LOUIS * 3] == 1
    assert tracks.coins_revealed(state, SAINT_LOUIS) == value - BOARD.base_coins[3]
    assert state.owner[region("tibesti")] == CAIRO


def test_enclave_only_through_its_surrounding_region() -> None:
    """Further notes: an enclave can be entered only once its surrounding region is."""
    state = build(2, slots={0: ["expansion 3"]}, regions={"kordofan": "cairo"})
    play(state, 0, "expand cairo")
    assert not any(t.startswith("enter mossi") for t in legal(state, 0))
    play(state, 0, "enter sahel from column 1")
    assert "enter mossi from column 1" in legal(state, 0)


def test_diamond_final_space_turns_steps_into_2_pounds() -> None:
    state = build(2, slots={0: ["merchant"]}, diamond={0: BOARD.diamond_length})
    cash = state.cash[0]
    play(state, 0, "use merchant in slot 1")
    assert state.cash[0] == cash + 2 + 2


def test_final_bookkeeping_space_turns_bp_into_2_pounds() -> None:
    state = build(2, slots={0: ["bookkeeper 2"]}, ink={0: BOARD.book_length})
    cash = state.cash[0]
    play(state, 0, "use bookkeeper in slot 1", "stop ink jar")
    assert state.cash[0] == cash + 4


def test_first_player_space_not_on_the_first_players_first_turn() -> None:
    """First-player space (supplement): not for the current first player on their first
    turn; the marker passes at once, the order changes next round; 1 BP to use."""
    state = build(2, slots={0: ["coffee 1"], 1: ["coffee 1"]})
    assert "place marker on first player" not in legal(state, 0)
    play(state, 0, "use coffee", "add slot 1", "total units", "advance cairo")
    play(state, 1, "place marker on first player", "take pound")
    assert state.next_first == 1 and state.first == 0


def test_majority_needs_at_least_a_tie() -> None:
    state = build(2, slots={0: ["coffee 2"], 1: ["coffee 3"]})
    assert "place marker on coffee majority" not in legal(state, 0)
    state = build(2, slots={0: ["coffee 2"], 1: ["coffee 2"]})
    assert "place marker on coffee majority" in legal(state, 0)


def test_bad_input_names_the_rule_and_changes_nothing() -> None:
    state = build(2, slots={0: ["bananas 1"]})
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        GAME.play(state, 0, "use coffee")
    assert "Use 1 or more goods cards" in refused.value.rule
    assert "Legal now" in str(refused.value)
    assert state == before


def test_a_refusal_reads_the_legal_offer_and_a_legal_action_gets_none() -> None:
    """One source of legality: a bonus tile too dear for the seat's pounds is refused
    with its price; a legal action gets only the unexplained fallback."""
    state = build(2, cash={0: 0}, slots={0: ["bananas 1"]})
    dear = GAME.explain_illegal(state, 0, GAME.parse("place marker on merchant tile"))
    assert dear.explained and "costs" in dear.message and "Place 1 bonus marker" in dear.rule
    legal_one = GAME.explain_illegal(state, 0, GAME.parse("use bananas"))
    assert not legal_one.explained


def test_preparation_phase_coins_display_shift_and_markers_back() -> None:
    """III. Preparation phase: round-2 coins to the book display column 2, the right
    column discarded, rows pushed right, the display refilled, markers back."""
    state = build(3, slots={0: ["coffee 1"]})
    middle = state.display[4]
    right = state.display[0]
    play(state, 0, "place marker on coffee majority", "take tier 1")
    for seat in (1, 2, 0):
        play(state, seat, "end taking deck 2")
    assert state.round == 2 and state.phase == PLAN
    assert state.book_coins[0] == 1 and state.book_coins[1] == 1  # 2 coins: rows 1 and 2
    assert state.round_track[1] == 0
    assert state.display[0] == middle and right in state.discard
    assert state.markers == state.marker_total and all(s == -1 for s in state.spaces)


def test_a_tied_final_score_is_a_shared_win() -> None:
    """End of the Game: "In the case of a tie, the victory is shared"."""
    state = build(2, tracks={0: {"mombasa": 0}, 1: {}}, cash={0: 5, 1: 5})
    state.phase = OVER
    result = GAME.result(state)
    assert result.scores[0] == result.scores[1]
    assert result.winners == (0, 1)


def test_render_text_names_the_game_words() -> None:
    state = build(2, slots={0: ["coffee 2"]})
    text = GAME.render_text(GAME.view(state, 0))
    assert "Card display" in text and "your hand" in text and "Mombasa" in text


def test_refusals_in_planning_and_resting_name_their_phase() -> None:
    state = GAME.new_game(GAME.make_config(2), 1)
    with pytest.raises(IllegalAction) as refused:
        GAME.play(state, 0, "use coffee")
    assert refused.value.rule == "Setup (step 14.3)"
    state = build(2, phase="planning")
    with pytest.raises(IllegalAction) as refused:
        GAME.play(state, 0, "plan merchant in slot 1")
    assert refused.value.rule == "I. Planning Phase"
    assert "you hold no merchant" in str(refused.value)
