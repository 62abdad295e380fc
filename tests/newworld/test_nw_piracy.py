"""Optional rule 22, Piracy: the declaration on the Planning Sheet (22.1), the
order of homebound movement (22.2), attacks on Fleets (22.3) and raids on ports
(22.4). The rule prints no worked example; its table is SOURCES.md's."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.newworld import GAME
from meeple.games.newworld.positions import new_state
from meeple.games.newworld.rules.homebound import begin as begin_homebound
from meeple.games.newworld.rules.naval import Cargo, lose_ship, naval_losses, ship_load
from meeple.games.newworld.rules.piracy import attack_fleet, raid_port
from meeple.games.newworld.state import HOMEBOUND, MOVEMENT, PLANNING, NewWorldState, at
from tests.newworld.nw_support import Dice, ScriptedRng, area, play_on, texts

# ---- 22.3 Naval Combat, as a pure procedure ------------------------------------------------


def test_22_3_one_sinks_the_pirate_two_to_five_nothing_six_sinks_an_enemy_ship() -> None:
    pirates = Cargo(ships=3, pirate_loads=[0, 0, 0])
    enemy = Cargo(ships=3, soldiers=2, colonists=2)
    # Pirate 1 rolls 1 (sunk); Pirate 2 rolls 6, the 6.22 die picks enemy Ship 2,
    # the reroll is a 1, which now does nothing; Pirate 3 rolls 4 (nothing).
    dice = Dice(1, 6, 2, 1, 4)
    battle = attack_fleet(dice, pirates, enemy)
    assert dice.all_used
    assert battle.rolls == [1, 6, 1, 4]
    assert (battle.pirates_lost, battle.ships_sunk) == (1, 1)
    assert (pirates.ships, pirates.pirate_loads) == (2, [0, 0])
    # four Personnel on three Ships: Ship 2 carries one (6.21 as meeple arranges it)
    assert enemy.ships == 2 and enemy.personnel == 3


def test_22_3_the_attack_waits_for_the_enemys_arrangement_and_goes_on_after_it() -> None:
    """6.21 through 22.3: the enemy chooses the rows before each Ship is lost; the
    battle stops there and goes on from the same Pirate's 6."""
    pirates = Cargo(ships=2, pirate_loads=[0, 0])
    enemy = Cargo(ships=3, soldiers=2)
    # Pirate 1: 1 (sunk); Pirate 2: 6, the card, Ship 3; 6, the card, Ship 2; then 4
    dice = Dice(1, 6, 3, 6, 2, 4)
    chosen: list[list[tuple[int, int, int]]] = []

    def arrange(cargo: Cargo) -> list[tuple[int, int, int]] | None:
        return chosen.pop() if chosen else None

    battle = attack_fleet(dice, pirates, enemy, arrange)
    assert not battle.done and battle.pirate == 1 and battle.sunk == [0]
    assert (enemy.ships, pirates.ships) == (3, 2)  # nothing sunk yet, the Pirate still afloat
    chosen.append([(0, 0, 0), (0, 0, 0), (2, 0, 0)])
    battle = attack_fleet(dice, pirates, enemy, arrange, battle)
    assert not battle.done and enemy.ships == 2 and enemy.soldiers == 0  # row 3 sank both
    chosen.append([(0, 0, 0), (0, 0, 0)])
    battle = attack_fleet(dice, pirates, enemy, arrange, battle)
    assert battle.done and dice.all_used and battle.rolls == [1, 6, 6, 4]
    assert enemy.ships == 1 and (pirates.ships, battle.pirates_lost) == (1, 1)


def test_22_3_sixes_keep_rolling_until_every_enemy_ship_is_sunk() -> None:
    pirates = Cargo(ships=2, pirate_loads=[0, 0])
    enemy = Cargo(ships=2)
    # Pirate 1: 6 (Ship 1), 6 (the last Ship): the battle ends, Pirate 2 never rolls
    dice = Dice(6, 1, 6, 1)
    battle = attack_fleet(dice, pirates, enemy)
    assert dice.all_used and battle.ships_sunk == 2 and enemy.ships == 0
    assert pirates.ships == 2


def test_22_3_gold_on_a_sunk_ship_belongs_to_the_pirate_that_sank_it() -> None:
    pirates = Cargo(ships=2, pirate_loads=[0, 0])
    enemy = Cargo(ships=3, gold=240, bars=6)  # $80 a Ship in the Average box (6.23)
    dice = Dice(3, 6, 3, 5)  # Pirate 2 sinks Ship 3, then rolls 5
    battle = attack_fleet(dice, pirates, enemy)
    assert pirates.pirate_loads == [0, 80] and battle.captured == 80
    assert enemy.gold == 160


def test_22_3_all_the_gold_of_a_sunk_ship_goes_to_the_pirate_beyond_two_bars() -> None:
    """22.3: "All Gold on a lost Ship belongs to the Pirate Ship that captured it":
    a capture, not a loading, so 5.3's two Bars a Ship do not cap it."""
    pirates = Cargo(ships=1, pirate_loads=[0])
    enemy = Cargo(ships=2, gold=300, bars=4)  # $150 a Ship
    battle = attack_fleet(Dice(6, 1, 4), pirates, enemy)
    assert pirates.pirate_loads == [150] and battle.captured == 150


def test_22_3_the_defenders_own_pirates_may_be_lost_with_their_gold() -> None:
    """Regular Ships take the first rows, Pirate Ships the last (22.1, 6.21)."""
    pirates = Cargo(ships=1, pirate_loads=[0])
    enemy = Cargo(ships=3, soldiers=4, pirate_loads=[40])
    battle = attack_fleet(Dice(6, 3, 2), pirates, enemy)  # the 6.22 die picks row 3
    assert enemy.pirate_loads == [] and enemy.ships == 2 and enemy.soldiers == 4
    assert pirates.pirate_loads == [40] and battle.captured == 40


# ---- 22.4 Raiding Ports -------------------------------------------------------------------


def test_22_4_one_or_two_sinks_the_raider_six_takes_a_bar_and_rolls_again_safely() -> None:
    pirates = Cargo(ships=3, pirate_loads=[0, 0, 0])
    # Pirate 1: 2 (sunk); Pirate 2: 6 (a Bar), reroll 1 (no loss now); Pirate 3: 6, 6,
    # 6 (three Bars: it keeps rolling as long as it rolls 6, 22.3), then 3
    dice = Dice(2, 6, 1, 6, 6, 6, 3)
    battle = raid_port(dice, pirates, 5)
    assert dice.all_used and battle.rolls == [2, 6, 1, 6, 6, 6, 3]
    assert battle.pirates_lost == 1 and battle.bars_taken == 4
    assert pirates.pirate_loads == [40, 120]


def test_22_4_the_raid_ends_when_no_gold_is_left() -> None:
    pirates = Cargo(ships=2, pirate_loads=[0, 0])
    dice = Dice(6)
    battle = raid_port(dice, pirates, 1)
    assert dice.all_used and battle.bars_taken == 1 and battle.rolls == [6]


def test_22_4_three_to_five_do_nothing() -> None:
    pirates = Cargo(ships=2, pirate_loads=[0, 0])
    battle = raid_port(Dice(3, 5), pirates, 2)
    assert (battle.pirates_lost, battle.bars_taken, pirates.ships) == (0, 0, 2)


# ---- 22.1 / 22.4: Pirates sail and suffer naval losses with the Fleet -----------------------


def test_22_1_pirate_ships_carry_no_personnel_and_share_the_fleets_losses() -> None:
    cargo = Cargo(ships=4, soldiers=5, pirate_loads=[0])
    # five Personnel on the three regular Ships: rows 1-2 carry two, row 3 one
    assert [ship_load(cargo, row) for row in (1, 2, 3, 4)] == [2, 2, 1, 0]
    lose_ship(cargo, Dice(4))  # row 4 is the Pirate
    assert (cargo.ships, cargo.soldiers, cargo.pirate_loads) == (3, 5, [])
    # a crossing's Naval Losses fall on the whole Fleet, Pirates included (22.4)
    fleet = Cargo(ships=2, colonists=2, pirate_loads=[0])
    # table 1: a Soldier (a Colonist, 6.24) and a Ship; the 6.22 die picks row 2
    naval_losses(Dice(1, 1, 2), 1, fleet)
    assert (fleet.ships, fleet.pirate_loads, fleet.colonists) == (1, [], 1)
    fleet = Cargo(ships=2, colonists=2, pirate_loads=[0])
    naval_losses(Dice(1, 1, 1), 1, fleet)  # row 1: the regular Ship and its Colonist
    assert (fleet.ships, fleet.pirate_loads, fleet.colonists) == (1, [0], 0)


# ---- 22.1 the Planning Sheet ----------------------------------------------------------------


def planning(piracy: bool = True, players: int = 3) -> NewWorldState:
    state = new_state(players, options={"piracy": piracy})
    state.turn = 2
    state.new_colonists = [4] * players
    state.ships = [4] + [0] * (players - 1)
    state.home_soldiers = [3] + [0] * (players - 1)
    state.phase = PLANNING
    return state


def test_22_1_the_sheet_records_pirate_ships_and_the_enemy() -> None:
    state = planning()
    GAME.play(state, 0, "maintain 4 ships")
    GAME.play(state, 0, "build 0 ships")
    GAME.play(state, 0, "buy 0 soldiers")
    assert texts(state, 0) == {f"devote {n} ships to piracy" for n in range(5)}
    GAME.play(state, 0, "devote 3 ships to piracy")
    assert texts(state, 0) == {"declare naval war on france", "declare naval war on spain"}
    GAME.play(state, 0, "declare naval war on spain")
    GAME.play(state, 0, "land at h")
    # one regular Ship carries two Personnel (5.3, 22.1)
    assert texts(state, 0) == {f"send {n} soldiers" for n in range(3)}
    assert GAME.view(state, 0)["players"][0]["plan"]["enemy"] == "Spain"
    # secret until the sheets are paid (5.4, 5.5)
    assert GAME.view(state, 1)["players"][0]["plan"] is None


def test_22_1_no_pirate_ships_means_no_enemy_line() -> None:
    state = planning()
    for text in ("maintain 4 ships", "build 0 ships", "buy 0 soldiers", "devote 0 ships to piracy"):
        GAME.play(state, 0, text)
    assert "land at h" in texts(state, 0)


def test_22_without_the_option_the_sheet_has_no_piracy_line() -> None:
    state = planning(piracy=False)
    for text in ("maintain 4 ships", "build 0 ships", "buy 0 soldiers"):
        GAME.play(state, 0, text)
    assert "land at h" in texts(state, 0)
    with pytest.raises(IllegalAction, match=r"22\.1"):
        GAME.play(state, 0, "devote 1 ships to piracy")


def test_22_1_pirates_are_paid_like_other_ships_and_announced_at_payment() -> None:
    state = planning(players=2)
    state.ships = [4, 0]
    cash = state.cash[0]
    for text in (
        "maintain 4 ships",
        "build 1 ships",
        "buy 0 soldiers",
        "devote 2 ships to piracy",
        "land at h",
        "send 3 soldiers",
        "send 3 colonists",
        "seal plan",
    ):
        GAME.play(state, 0, text)
    state.rng = ScriptedRng(*[6] * 40)  # calm seas (6.1) whatever else is rolled
    for text in ("maintain 0 ships", "build 0 ships", "buy 0 soldiers"):
        GAME.play(state, 1, text)  # France sends no Fleet: its sheet seals
    assert state.turn == 2 and state.phase >= MOVEMENT  # paid and sailed
    assert state.cash[0] == cash - 4 * 4 - 12  # maintenance and building (5.3, 22.1)
    seen = GAME.view(state, 1)["players"][0]["fleet"]
    assert (seen["ships"], seen["pirates"], seen["enemy"]) == (5, 2, "France")
    assert any("Naval War on France" in e.text for e in state.log)


# ---- 22.2-22.4 homebound, in Initiative order -----------------------------------------------


def homebound(order: tuple[int, ...] = (0, 1)) -> NewWorldState:
    """England (3 Ships, 2 of them Pirates at war with France) and France (2 Ships,
    two Colonists aboard) after combat; both Fleets lie off H."""
    state = new_state(2, seed=3, options={"piracy": True})
    state.turn = 2
    state.initiative = list(order)
    state.fleet_ships = [3, 2]
    state.fleet_at = [area("H"), area("H")]
    state.plan_pirates = [2, 0]
    state.plan_enemy = [1, -1]
    state.fleet_pirates = [2, 0]
    state.emb_colonists[at(1, area("H"))] = 2
    state.colonists[at(1, area("H"))] = 1
    state.colonists[at(0, area("O"))] = 1
    return state


def test_22_2_fleets_move_home_one_at_a_time_in_initiative_order() -> None:
    state = homebound(order=(1, 0))
    begin_homebound(state)
    assert state.phase == HOMEBOUND and GAME.to_act(state) == (1,)
    assert GAME.legal_actions(state, 0) == []
    state.rng = ScriptedRng()
    GAME.play(state, 1, "sail home")
    # France has left: England's Pirates find no target (22.2)
    assert GAME.to_act(state) == (0,)
    assert texts(state, 0) == {"sail home"}


def test_22_3_pirates_attack_the_enemy_fleet_where_it_lies() -> None:
    state = homebound()
    begin_homebound(state)
    # France's Colonists wait on its dot at H; it picks up in its own turn (12.1, 22.2),
    # so here they are put aboard for the example
    h = area("H")
    state.emb_colonists[at(1, h)] -= 2
    state.fleet_colonists[1] += 2
    assert texts(state, 0) == {"attack enemy fleet", "sail home"}
    # Pirate 1 rolls 6: France arranges its Fleet card before the Ship is lost (22.3
    # "in the same way as ... 6.22", 6.21), putting one Colonist on each Ship; the
    # 6.22 die picks Ship 1; reroll 4; Pirate 2 rolls 1 and sinks.
    state.rng = ScriptedRng(6, 1, 4, 1)
    play_on(state, 0, "attack enemy fleet")
    assert GAME.to_act(state) == (1,) and GAME.legal_actions(state, 0) == []
    assert GAME.view(state, 0)["pending_arrangement"]["seat"] == 1
    play_on(state, 1, "load ship with 0 soldiers, 1 colonists, 0 bars")
    assert state.fleet_ships == [2, 1] and state.fleet_pirates == [1, 0]
    assert state.fleet_colonists[1] == 1
    assert GAME.to_act(state) == (0,)
    # one attack per Anchorage (22.2)
    assert texts(state, 0) == {"sail home"}


def test_22_2_pirates_may_sail_to_the_enemy_fleet_and_raid_gold_on_a_dot() -> None:
    state = homebound()
    state.fleet_at = [area("O"), area("H")]
    state.emb_gold[at(1, area("K"))] = 2
    begin_homebound(state)
    assert texts(state, 0) == {"sail to h", "sail to k", "sail home"}
    state.rng = ScriptedRng(6, 6)  # no losses sailing O to K (one line, 6.3)
    play_on(state, 0, "sail to k")
    assert texts(state, 0) == {"raid port", "sail to h", "sail home"}
    state.rng = ScriptedRng(6, 4, 6, 6)  # Pirate 1: a Bar, then 4; Pirate 2: a Bar
    play_on(state, 0, "raid port")
    assert state.emb_gold[at(1, area("K"))] == 0
    assert state.pirate_gold[0:2] == [40, 40]


def test_22_3_captured_gold_is_brought_home_and_paid_for() -> None:
    state = homebound()
    state.fleet_at = [area("O"), area("O")]
    state.emb_colonists[at(1, area("H"))] = 0
    state.fleet_gold = [0, 80]
    state.fleet_bars = [0, 2]
    begin_homebound(state)
    # Pirate 1 rolls 6; France puts both Bars on row 2 (6.23), which the die picks;
    # the reroll 6 sinks the last Ship (a lone Ship: nothing to arrange)
    state.rng = ScriptedRng(6, 2, 6, 1)
    play_on(state, 0, "attack enemy fleet")
    play_on(state, 1, "load ship with 0 soldiers, 0 colonists, 0 bars")
    play_on(state, 1, "load ship with 0 soldiers, 0 colonists, 2 bars")
    assert state.fleet_ships[1] == 0 and state.pirate_gold[0] == 80
    state.rng = ScriptedRng(*[6] * 10)
    cash = state.cash[0]
    play_on(state, 0, "sail home")
    assert any("$80 of Gold" in e.text for e in state.log if e.kind == "home")
    # Income (13.2): the offboard Political Control ($20 in turn 2), one Colonist on
    # Resources at O ($1) and the captured $80
    assert state.cash[0] - cash == 20 + 1 + 80


def test_22_attacks_are_refused_with_the_rule_when_not_possible() -> None:
    state = homebound(order=(1, 0))
    begin_homebound(state)
    before = state.clone()
    with pytest.raises(IllegalAction, match=r"22\.4"):
        GAME.play(state, 1, "raid port")
    assert state.fleet_ships == before.fleet_ships
