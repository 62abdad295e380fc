"""Losses and battle choices that are the player's, once made for him: which units
fall to the climate (10.1, 6.24) and to an uprising (9.4), the Political Control
marker as a combat loss (20), retreating only some units (8.32), and whether the
attacker goes on against the Colonists (8.312)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from meeple.ai import load_bots
from meeple.ai.base import Bot, make_bot
from meeple.ai.mcts import Budget, MctsBot
from meeple.engine import Rng
from meeple.engine.conformance import check_step
from meeple.games.newworld import GAME
from meeple.games.newworld.bots.policy import choose, table
from meeple.games.newworld.controls import controls
from meeple.games.newworld.positions import new_state
from meeple.games.newworld.rules import flow
from meeple.games.newworld.state import (
    COMBAT_PLAYERS,
    GOLD_SITE,
    MINE,
    NOBODY,
    SURVIVAL_PHASE,
    UPRISING_PHASE,
    NewWorldState,
    at,
)
from meeple.games.newworld.view import typed
from tests.newworld.nw_support import ScriptedRng, area, movement_position, play_on, texts


def checked(state: NewWorldState, seed: int) -> None:
    """The conformance battery's checks at this decision (with real dice, which the
    battery clones; the scripted ones stay for the test)."""
    scripted = state.rng
    state.rng = Rng(seed)
    check_step(GAME, state, Rng(seed))
    state.rng = scripted


# ---- 10.1 Survival, 9.4 Uprisings: the owner picks the units lost ------------------------------


def upkeep_position() -> NewWorldState:
    """England in New Granada (Climate 2) with a free Soldier and a Prospector on a
    Gold Site; no Natives, so no uprising there."""
    state = movement_position(order=(0, 1))
    a = area("Q")
    state.natives[a] = 0
    state.soldiers[at(0, a)] = 2
    state.site_kind[2 * a] = GOLD_SITE
    state.site_holder[2 * a] = 0
    return state


def test_10_1_the_owner_chooses_which_soldier_the_climate_takes() -> None:
    state = upkeep_position()
    a = area("Q")
    # Uprising Climate die 6 (nothing rises), Survival die 5: "S" in Climate 2
    state.rng = ScriptedRng(6, 5)  # type: ignore[assignment]
    flow.after_combat_vs_natives(state)
    assert state.phase == SURVIVAL_PHASE and GAME.to_act(state) == (0,)
    assert texts(state, 0) == {"lose soldier", "lose prospector"}
    assert GAME.legal_actions(state, 0)[0] == GAME.actions.index("lose", 0)  # the old pick
    checked(state, 1)
    GAME.play(state, 0, "lose prospector")  # he keeps the free Soldier instead
    assert state.soldiers[at(0, a)] == 1 and state.site_holder[2 * a] == NOBODY
    assert state.phase != SURVIVAL_PHASE and not state.losses  # the turn went on
    told = [e.text for e in state.log]
    assert "England's Prospector in Q (New Granada) is lost: the Gold Site stands open" in told


def test_10_1_6_24_soldiers_stand_in_for_absent_colonists_the_suggestion_keeps_markers() -> None:
    state = movement_position(order=(0, 1))
    d = area("N")  # Climate 3: a Survival die of 2 costs "CS"
    state.natives[d] = 0
    state.soldiers[at(0, d)] = 2  # a free Soldier and a Prospector
    state.emb_soldiers[at(0, d)] = 1
    state.site_kind[2 * d] = GOLD_SITE
    state.site_holder[2 * d] = 0
    state.rng = ScriptedRng(6, 2)  # type: ignore[assignment]
    flow.after_combat_vs_natives(state)
    # no Colonist there: the C is met by a Soldier too (6.24), two Soldiers in all
    assert state.losses[:4] == [0, d, 2, 0]
    assert texts(state, 0) == {
        "lose soldier",
        "lose embarked soldier",
        "lose prospector",
        "take the suggested losses",
    }
    GAME.play(state, 0, "take the suggested losses")  # one click: free, then embarked
    assert state.soldiers[at(0, d)] == 1 and state.emb_soldiers[at(0, d)] == 0
    assert state.site_holder[2 * d] == 0  # the Prospector kept to the last (8.314)


def test_9_4_the_owner_chooses_which_colonists_the_natives_take() -> None:
    state = movement_position(order=(0, 1))
    a = area("Q")
    state.natives[a] = 1
    state.colonists[at(0, a)] = 2  # a free Colonist and a Miner
    state.emb_colonists[at(0, a)] = 1
    state.site_kind[2 * a] = MINE
    state.site_holder[2 * a] = 0
    # Uprising Number 1 + 3 = 4: a Climate die of 1 rises; the Uprising die 4 with no
    # Soldier costs two Colonists/Miners; then Survival 6 costs nothing
    state.rng = ScriptedRng(1, 4, 6)  # type: ignore[assignment]
    flow.after_combat_vs_natives(state)
    assert state.phase == UPRISING_PHASE and GAME.to_act(state) == (0,)
    assert GAME.view(state, 1)["pending_losses"] == {
        "seat": 0,
        "area": "Q",
        "soldiers": 0,
        "colonists": 2,
        "cause": "uprising",
        "attacker": None,
    }
    assert texts(state, 0) == {
        "lose colonist",
        "lose embarked colonist",
        "lose miner",
        "take the suggested losses",
    }
    checked(state, 2)
    GAME.play(state, 0, "lose embarked colonist")
    GAME.play(state, 0, "lose colonist")
    assert state.colonists[at(0, a)] == 1 and state.site_holder[2 * a] == 0  # the Miner works on
    assert state.phase != UPRISING_PHASE and not state.losses


def test_9_4_10_1_the_heuristic_takes_the_suggested_losses() -> None:
    state = movement_position(order=(0, 1))
    a = area("Q")
    state.natives[a] = 1
    state.colonists[at(0, a)] = 2
    state.emb_colonists[at(0, a)] = 1
    state.site_kind[2 * a] = MINE
    state.site_holder[2 * a] = 0
    state.rng = ScriptedRng(1, 4, 6)  # type: ignore[assignment]
    flow.after_combat_vs_natives(state)
    legal = GAME.legal_actions(state, 0)
    picked = choose(GAME, state, 0, legal, Rng(1))
    assert table(GAME).texts[picked] == "take the suggested losses"


# ---- 20: the Political Control marker as a combat loss -----------------------------------------


def marker_battle() -> NewWorldState:
    """Rule 20: France holds Political Control of H with a Soldier and four
    Colonists there; England attacks with two Soldiers. No refuge for France."""
    state = new_state(2, seed=3, options={"political_control_benefits": "extended"})
    state.turn = 2
    state.phase = COMBAT_PLAYERS
    state.initiative = [0, 1]
    state.step = 0
    state.actor = 0
    h = area("H")
    state.soldiers[at(0, h)] = 2
    state.soldiers[at(1, h)] = 1
    state.colonists[at(1, h)] = 4
    state.pc[h] = 1
    return state


def test_20_the_defender_may_lose_his_political_control_marker_while_soldiers_remain() -> None:
    state = marker_battle()
    h = area("H")
    state.rng = ScriptedRng(2, 1)  # type: ignore[assignment]
    play_on(state, 0, "attack france at h with 2")
    assert GAME.to_act(state) == (1,)
    assert texts(state, 1) == {"lose soldier", "lose political control marker"}
    assert GAME.actions[GAME.legal_actions(state, 1)[0]].text == "lose soldier"  # the old pick
    checked(state, 3)
    play_on(state, 1, "lose political control marker")
    assert state.pc[h] == NOBODY and state.soldiers[at(1, h)] == 1
    assert any("Political Control marker in H (Virginia) is lost" in e.text for e in state.log)
    assert not state.pending  # the second die, 1, cost England a Soldier
    assert state.soldiers[at(0, h)] == 1


# ---- 8.32: some of the Colonists or Soldiers retreat -------------------------------------------


def retreat_battle() -> NewWorldState:
    """England (4 Soldiers) attacks France in Q: 3 Soldiers (one a Prospector) and 3
    Colonists (one a Miner); France has a Colonist in R next door."""
    state = movement_position(order=(0, 1))
    state.phase = COMBAT_PLAYERS
    h = area("Q")
    state.soldiers[at(0, h)] = 4
    state.soldiers[at(1, h)] = 3
    state.colonists[at(1, h)] = 3
    state.colonists[at(1, area("R"))] = 1
    state.site_kind[2 * h] = GOLD_SITE
    state.site_holder[2 * h] = 1
    state.site_kind[2 * h + 1] = MINE
    state.site_holder[2 * h + 1] = 1
    return state


def test_8_32_some_colonists_retreat_and_the_miner_stays_on_his_mine() -> None:
    state = retreat_battle()
    h, o = area("Q"), area("R")
    GAME.play(state, 0, "attack france at q with 1")
    GAME.play(state, 0, "forbid soldiers to retreat")
    offered = texts(state, 1)
    assert {"retreat colonists to r", "retreat 1 colonists to r", "retreat 2 colonists to r"} <= (
        offered
    )
    assert "retreat 3 colonists to r" not in offered  # all three: "retreat colonists to r"
    state.rng = ScriptedRng(1)  # type: ignore[assignment]
    GAME.play(state, 1, "retreat 2 colonists to r")
    assert state.colonists[at(1, h)] == 1 and state.site_holder[2 * h + 1] == 1
    assert state.colonists[at(1, o)] == 3 and state.retreated[at(1, o)] == 2


def test_8_32_some_soldiers_retreat_and_the_prospector_stays_on_his_site() -> None:
    state = retreat_battle()
    h, o = area("Q"), area("R")
    GAME.play(state, 0, "attack france at q with 1")
    GAME.play(state, 0, "allow soldiers to retreat")
    state.rng = ScriptedRng(1)  # type: ignore[assignment]
    GAME.play(state, 1, "retreat 2 soldiers to r")
    assert state.soldiers[at(1, h)] == 1 and state.site_holder[2 * h] == 1
    assert state.soldiers[at(1, o)] == 2 and state.retreated_soldiers[at(1, o)] == 2


def test_8_32_a_partial_retreat_put_to_an_objector_moves_the_number_asked() -> None:
    state = retreat_battle()
    h, o = area("Q"), area("R")
    state.colonists[at(0, o)] = 1  # England has Personnel in O: it is asked
    GAME.play(state, 0, "attack france at q with 1")
    GAME.play(state, 0, "forbid soldiers to retreat")
    GAME.play(state, 1, "retreat 1 colonists to r")
    state.rng = ScriptedRng(1)  # type: ignore[assignment]
    GAME.play(state, 0, "accept the retreat")
    assert state.colonists[at(1, h)] == 2 and state.retreated[at(1, o)] == 1


def test_8_32_the_browser_offers_some_of_them_as_an_amount_set_to_the_most() -> None:
    state = retreat_battle()
    state.colonists[at(1, area("Q"))] = 5
    GAME.play(state, 0, "attack france at q with 1")
    GAME.play(state, 0, "forbid soldiers to retreat")
    legal = [GAME.actions[i].text for i in GAME.legal_actions(state, 1)]
    entries = controls(typed(GAME.view(state, 1)), legal)
    amounts = [e for e in entries if e["kind"] == "amount"]
    assert len(amounts) == 1 and amounts[0]["values"] == [1, 2, 3, 4]
    assert amounts[0]["default"] == 4  # the nearest to all of them, the old pick
    assert amounts[0]["heading"].startswith("Retreat only some Colonists to R")


# ---- 8.312: the attacker may go on against the Colonists ---------------------------------------


def test_8_312_the_attacker_may_spare_the_colonists() -> None:
    state = retreat_battle()
    h = area("Q")
    state.soldiers[at(1, h)] = 1
    state.site_holder[2 * h] = NOBODY
    state.colonists[at(1, area("R"))] = 0  # no refuge: no retreat questions
    state.rng = ScriptedRng(2)  # type: ignore[assignment]
    GAME.play(state, 0, "attack france at q with 3")
    # the French Soldier fell with two English dice to come
    assert GAME.to_act(state) == (0,)
    assert [GAME.actions[i].text for i in GAME.legal_actions(state, 0)] == [
        "attack the colonists",  # the old pick, first
        "spare the colonists",
    ]
    checked(state, 4)
    GAME.play(state, 0, "spare the colonists")
    assert not state.pending and state.colonists[at(1, h)] == 3
    assert state.soldiers[at(0, h)] == 4
    assert "spares the Colonists of France" in state.log[-2].text


def test_8_312_going_on_the_dice_strike_the_colonists() -> None:
    state = retreat_battle()
    h = area("Q")
    state.soldiers[at(1, h)] = 1
    state.site_holder[2 * h] = NOBODY
    state.colonists[at(1, area("R"))] = 0
    state.rng = ScriptedRng(2, 4)  # type: ignore[assignment]
    GAME.play(state, 0, "attack france at q with 2")
    GAME.play(state, 0, "attack the colonists")
    # 4: three Colonists fall; France picks among the free ones and the Miner
    assert texts(state, 1) == {"lose colonist", "lose miner", "take the suggested losses"}
    GAME.play(state, 1, "take the suggested losses")
    assert state.colonists[at(1, h)] == 0 and not state.pending


# ---- what a bot may know at these decisions ---------------------------------------------------


def at_survival_choice() -> tuple[NewWorldState, int]:
    state = upkeep_position()
    state.rng = ScriptedRng(6, 5)  # type: ignore[assignment]
    flow.after_combat_vs_natives(state)
    return state, 0


def at_uprising_choice() -> tuple[NewWorldState, int]:
    state = movement_position(order=(0, 1))
    a = area("Q")
    state.natives[a] = 1
    state.colonists[at(0, a)] = 2
    state.emb_colonists[at(0, a)] = 1
    state.site_kind[2 * a] = MINE
    state.site_holder[2 * a] = 0
    state.rng = ScriptedRng(1, 4, 6)  # type: ignore[assignment]
    flow.after_combat_vs_natives(state)
    return state, 0


def at_colonists_question() -> tuple[NewWorldState, int]:
    state = retreat_battle()
    q = area("Q")
    state.soldiers[at(1, q)] = 1
    state.site_holder[2 * q] = NOBODY
    state.colonists[at(1, area("R"))] = 0
    state.rng = ScriptedRng(2)  # type: ignore[assignment]
    GAME.play(state, 0, "attack france at q with 3")
    return state, 0


def at_partial_retreat() -> tuple[NewWorldState, int]:
    state = retreat_battle()
    GAME.play(state, 0, "attack france at q with 1")
    GAME.play(state, 0, "allow soldiers to retreat")
    return state, 1


@pytest.mark.parametrize(
    "position", [at_survival_choice, at_uprising_choice, at_colonists_question, at_partial_retreat]
)
def test_the_bots_choose_these_from_their_own_seat_s_information(
    position: Callable[[], tuple[NewWorldState, int]],
) -> None:
    """As tests/ai/test_ai_no_peeking.py, at the new decisions (which its random
    games reach only after the secret turn-1 decisions it examines): the dice to
    come change no bot's choice, and another seat's cash, hidden from the view
    (13.3), changes none of the bots that do not search (a search's samples keep
    the cash, which every announced payment lets a player count: ``determinize``)."""
    state, me = position()
    assert GAME.to_act(state) == (me,) and len(GAME.legal_actions(state, me)) > 1
    state.rng = Rng(5)
    other_dice = state.clone()
    other_dice.rng = Rng(6)
    other_cash = other_dice.clone()
    other_cash.cash[1 - me] += 37
    assert GAME.view(state, me) == GAME.view(other_cash, me)
    for name, twin in (
        ("random", other_cash),
        ("easy", other_cash),
        ("heuristic", other_cash),
        ("mcts", other_dice),
    ):
        picks = {fresh_bot(name).choose(GAME, s.clone(), me) for s in (state, twin)}
        assert len(picks) == 1, f"{name} chose {picks} in two states seat {me} cannot tell apart"


def fresh_bot(name: str) -> Bot:
    """A bot as a table makes it, with a fixed seed (the search kept small)."""
    load_bots()
    if name == "mcts":
        return MctsBot(GAME, 42, Budget(iterations=15))
    return make_bot(name, GAME, 42)
