"""The games' encodings put what a view says where their layouts promise,
seats numbered from the viewer."""

from __future__ import annotations

import numpy as np
from meeple_goofspiel import encoding as goofspiel

from meeple.engine import Rng, get_game
from meeple.games.africa1880 import encoding as africa
from meeple.games.mombasa import encoding as mombasa
from meeple.games.namibia import encoding as namibia
from meeple.games.newworld import encoding as newworld
from meeple.games.newworld.state import PLANNING
from meeple.rl.core import Table


def played(name: str, players: int, decisions: int, seed: int = 4) -> Table:
    table = Table(name, players, seed=seed)
    rng = Rng(seed)
    for _ in range(decisions):
        seat = table.to_act()[0]
        table.step(seat, rng.choice(table.game.legal_actions(table.state, seat)))
    return table


def test_namibia_puts_each_viewers_own_money_and_mines_first() -> None:
    table = played("namibia", 4, 60)
    for seat in range(4):
        view = table.game.view(table.state, seat)
        seen = table.observation(seat)
        me = view["players"][seat]
        left = view["players"][(seat + 1) % 4]
        assert np.isclose(seen[namibia.PLAYERS + namibia.MONEY], me["money"] / 80)
        assert np.isclose(
            seen[namibia.PLAYERS + namibia.PER_SEAT + namibia.REPUTATION],
            min(1.0, left["reputation"] / 80),
        )
        for i, space in enumerate(view["spaces"]):
            base = namibia.SPACE_BLOCK + i * namibia.PER_SPACE + namibia.OWNER
            owner = None if space["mine"] is None else (space["mine"]["owner"] - seat) % 4
            assert [int(x) for x in seen[base : base + 4]] == [int(o == owner) for o in range(4)]


def test_namibia_rails_and_phase_are_where_the_layout_says() -> None:
    table = played("namibia", 3, 40)
    view = table.game.view(table.state, 0)
    seen = table.observation(0)
    railed = {namibia.EDGE_AT[r] for r in view["rails"]}
    assert (
        railed
        and set(np.flatnonzero(seen[namibia.RAILS : namibia.RAILS + namibia.EDGES])) == railed
    )
    phase = np.flatnonzero(seen[namibia.PHASE : namibia.PHASE + len(namibia.PHASE_NAMES)])
    assert [namibia.PHASE_NAMES[p] for p in phase] == [view["phase"]]


def test_africa_presences_and_stock_are_numbered_from_the_viewer() -> None:
    table = played("africa1880", 5, 30)
    for seat in range(5):
        view = table.game.view(table.state, seat)
        seen = table.observation(seat)
        assert np.isclose(seen[africa.STOCK], view["stock"][seat] / 22)
        for t, present in enumerate(view["presences"]):
            base = africa.BOARD_BLOCK + t * africa.PER_TERRITORY + africa.PRESENCE
            expected = {(s - seat) % 5 for s in present}
            assert set(np.flatnonzero(seen[base : base + africa.SEATS])) == expected


def test_goofspiel_lists_the_viewers_hand_first() -> None:
    game = get_game("goofspiel")
    table = played("goofspiel", 3, 7)
    for seat in range(3):
        hand = game.view(table.state, seat)["players"][seat]["hand"]
        seen = table.observation(seat)
        block = seen[goofspiel.SEATS + goofspiel.HAND : goofspiel.SEATS + goofspiel.HAND + 13]
        assert sorted(int(v) + 1 for v in np.flatnonzero(block)) == hand


def test_mombasa_shows_the_own_hand_and_only_the_size_of_the_others() -> None:
    """Mombasa: a hand is secret (others see its size), so a seat's observation holds its
    own hand per face and of the others only how many cards they hold."""
    table = played("mombasa", 3, 25)
    for seat in range(3):
        view = table.game.view(table.state, seat)
        seen = table.observation(seat)
        own = mombasa.PLAYERS + mombasa.HAND
        expected = {mombasa.FACE_AT[face] for face in view["players"][seat]["hand"]}
        assert set(np.flatnonzero(seen[own : own + mombasa.F])) == expected
        for other in (1, 2):
            base = mombasa.PLAYERS + other * mombasa.PER_SEAT
            assert not seen[base + mombasa.HAND : base + mombasa.HAND + mombasa.F].any()
            size = view["players"][(seat + other) % 3]["hand_size"]
            assert np.isclose(seen[base + mombasa.HAND_SIZE], size / mombasa.HAND_CEILING)


def test_newworld_shows_the_own_cash_and_never_another_seats() -> None:
    """New World 13.3: a player's cash is secret; the observation holds the viewer's
    own cash and, for every other seat, zeros with the "known" place zero."""
    table = played("newworld", 4, 120)
    for seat in range(4):
        view = table.game.view(table.state, seat)
        seen = table.observation(seat)
        own = newworld.PLAYERS
        assert seen[own + newworld.CASH_KNOWN] == 1.0
        cash = view["players"][seat]["cash"]
        assert np.isclose(seen[own + newworld.CASH], min(1.0, cash / newworld.CASH_CEILING))
        for other in (1, 2, 3):
            base = newworld.PLAYERS + other * newworld.PER_SEAT
            assert seen[base + newworld.CASH_KNOWN] == 0.0
            assert seen[base + newworld.CASH] == 0.0


def test_newworld_a_planning_sheet_reaches_only_its_owner() -> None:
    """New World 4.1: Planning Sheets are secret until all are sealed; only the
    viewer's own sheet is encoded (its "shown" place and its entries)."""
    table = played("newworld", 3, 1)
    rng = Rng(5)
    while table.state.phase != PLANNING:
        seat = table.to_act()[0]
        table.step(seat, rng.choice(table.game.legal_actions(table.state, seat)))
    for seat in range(3):
        seen = table.observation(seat)
        assert seen[newworld.PLAYERS + newworld.PLAN_SHOWN] == 1.0
        for other in (1, 2):
            base = newworld.PLAYERS + other * newworld.PER_SEAT
            plan = seen[base + newworld.PLAN_SHOWN : base + newworld.FLEET_SHIPS]
            assert not plan.any()


def test_newworld_forces_are_numbered_from_the_viewer() -> None:
    table = played("newworld", 3, 150)
    for seat in range(3):
        view = table.game.view(table.state, seat)
        seen = table.observation(seat)
        for a, area in enumerate(view["areas"]):
            for force in area["forces"]:
                where = (
                    newworld.AREA_BLOCK
                    + a * newworld.PER_AREA
                    + newworld.FORCES
                    + (force["seat"] - seat) % 3 * newworld.PER_FORCE
                )
                soldiers = min(1.0, force["soldiers"] / 24)
                assert np.isclose(seen[where + newworld.SOLDIERS], soldiers)


def test_newworld_a_pirate_fleets_enemy_is_numbered_from_the_viewer() -> None:
    """New World 22 (Piracy): a Fleet's Pirate Ships and their declared enemy are
    public once the sheets are paid; the enemy is encoded as a seat from the viewer."""
    table = Table("newworld", 3, options={"piracy": True}, seed=1)
    rng, seen_enemy = Rng(1), 0
    while not table.is_over() and seen_enemy < 5:
        seat = table.to_act()[0]
        table.step(seat, rng.choice(table.game.legal_actions(table.state, seat)))
        for viewer in range(3):
            view = table.game.view(table.state, viewer)
            seen = table.observation(viewer)
            for owner, entry in enumerate(view["players"]):
                enemy = entry["fleet"]["enemy"]
                base = newworld.PLAYERS + (owner - viewer) % 3 * newworld.PER_SEAT
                block = seen[base + newworld.FLEET_ENEMY : base + newworld.FLEET_ENEMY + 6]
                if enemy is None:
                    assert not block.any()
                    continue
                seen_enemy += 1
                target = view["players"][[p["name"] for p in view["players"]].index(enemy)]
                assert list(np.flatnonzero(block)) == [(target["seat"] - viewer) % 3]
    assert seen_enemy >= 5
