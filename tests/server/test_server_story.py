"""The story the log tells (meeple.server.story and the games' section, phase and
dice hooks): on real seeded games every round, turn or year begins its part of the
log where it begins, phases follow one another in the game's order, the dice are
listed where an event rolled them and nowhere else; the server sends each seat its
events numbered by their index in the log, with those annotations, and nothing of
an event hidden from it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_support import act, create, state

from meeple.engine import Event, GameState, get_game
from meeple.engine.conformance import random_playout
from meeple.server.story import PROLOGUE, TABLE_KINDS, Story, annotate_events

CASES = [("namibia", 4, 3), ("mombasa", 4, 5), ("newworld", 4, 2), ("africa1880", 4, 7)]
# The phases of a part, in the order each game plays them.
PHASE_ORDER = {
    "namibia": ["Bribing the colonial officials", "Construction", "Shipping", "Administration"],
    "mombasa": ["Planning", "Actions"],
    "newworld": [
        "Colonists",
        "Exclusive Landfall",
        "Planning",
        "Payment and outbound voyage",
        "Gold",
        "Movement and combat",
        "Native uprisings",
        "Survival",
        "Homebound voyage",
    ],
    "africa1880": ["Diplomacy", "Writing orders", "Orders carried out"],
}
# The kind of the event that ends each game, and the heading it begins.
ENDINGS = {
    "namibia": ("final", "Final scoring"),
    "mombasa": ("over", "End of the game"),
    "newworld": ("end", "End of the game"),
    "africa1880": ("end", "End of the game"),
}


def played(name: str, players: int, seed: int) -> GameState:
    game = get_game(name)
    state, _ = random_playout(game, game.make_config(players), seed)
    assert game.is_over(state)
    return state


def expected_sections(name: str, log: list[Event]) -> dict[int, str]:
    """Where each part must begin, read from the events' own data or words."""
    out = {0: PROLOGUE}
    for i, e in enumerate(log):
        if name == "namibia" and e.kind == "round":
            out[i] = f"Round {e.data['round']}"
        elif name == "mombasa" and e.kind == "round":
            out[i] = "Round " + re.findall(r"\d+", e.text)[0]
        elif name == "newworld" and e.kind == "turn":
            out[i] = f"Game Turn {e.data['turn']}"
        elif name == "africa1880" and e.kind == "turn":
            out[i] = f"{e.data['year']} (turn {e.data['turn']})"
    kind, heading = ENDINGS[name]
    out[next(i for i, e in enumerate(log) if e.kind == kind)] = heading
    if name == "mombasa":  # round 1 begins with the first card planned
        out[next(i for i, e in enumerate(log) if e.kind == "plan")] = "Round 1"
    return out


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_every_part_begins_at_its_round_and_phases_keep_the_games_order(
    name: str, players: int, seed: int
) -> None:
    log = played(name, players, seed).log
    notes = annotate_events(get_game(name), log, players)
    assert [n["i"] for n in notes] == list(range(len(log)))
    found = {n["i"]: n["section"] for n in notes if "section" in n}
    assert found == expected_sections(name, log)
    assert len(found) - 2 >= 3, found  # three rounds or more, beside the setup and the end
    # Within a part, phases never repeat back to back and keep the game's order; no
    # private event begins anything.
    order = PHASE_ORDER[name]
    phases: list[str] = []
    for n in notes:
        if "section" in n:
            assert phases == sorted(phases, key=order.index), phases
            phases = []
        if "phase" in n:
            assert log[n["i"]].private_to is None
            assert not phases or phases[-1] != n["phase"]
            phases.append(n["phase"])
    seen = {n["phase"] for n in notes if "phase" in n}
    assert seen <= set(order) and len(seen) >= len(order) - 2, seen
    # The seat an event concerns is its data's; a new round or turn is nobody's.
    for n, e in zip(notes, log, strict=True):
        if "seat" in n:
            assert n["seat"] == e.data["seat"]
            assert e.kind not in TABLE_KINDS or "section" not in n
        elif isinstance(e.data, dict) and "seat" in e.data:
            assert e.kind in TABLE_KINDS and "section" in n


def test_a_story_kept_for_a_table_starts_again_where_its_log_changed() -> None:
    name = "namibia"
    log = played(name, 3, 1).log
    game = get_game(name)
    story = Story()
    whole = [dict(n) for n in story.annotate(game, log[:50], 3)]
    assert story.annotate(game, log, 3) == annotate_events(game, log, 3)
    # An undo: the log cut back and grown again with other events.
    redone = [*log[:40], Event("round", "round 9 begins", {"round": 9})]
    notes = story.annotate(game, redone, 3)
    assert notes[:40] == whole[:40] and notes[40]["section"] == "Round 9"
    assert len(notes) == 41


def newworld_rolls(e: Event, args: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The dice a New World event rolled, read from the arguments its words are
    formatted from (``args``: what the game rolled)."""
    if e.kind == "colonists" and args[1]:
        return [{"label": "Colonists", "rolls": [args[1]]}]
    if e.kind == "uprising":
        return [{"label": "Uprising", "rolls": [args[2]]}]
    if e.kind == "voyage":
        # A crossing: (seat, where, faces, losses, notes, Perils markers); a Fleet card
        # arranged on the way: (seat, notes, done).
        crossing = len(args) == 6
        faces = list(args[2]) if crossing else []
        notes = args[4] if crossing else args[1]
        table = [int(n.rsplit(" ", 1)[1]) for n in notes if n.startswith("Naval Losses Table: ")]
        out = [{"label": "Crossing", "rolls": faces}] if faces else []
        return out + ([{"label": "Naval Losses Table", "rolls": table}] if table else [])
    if e.kind == "battle":
        # An attacking Soldier is lost on each odd die that is no reroll after a 6
        # (8.31); since newworld-6 the die after a 6 is a reroll only if the attacker
        # chose to roll again (he "may"), so the dice listed bound the losses told:
        # at least the odd dice after no 6, at most every odd die.
        dice = e.data["dice"]
        odd = [value % 2 == 1 for value in dice]
        surely = sum(o for k, o in enumerate(odd) if k == 0 or dice[k - 1] != 6)
        assert surely <= args[3] <= sum(odd), (dice, args)
        return [{"label": "Combat", "rolls": e.data["dice"]}] if e.data["dice"] else []
    if e.kind == "piracy" and args:
        return [{"label": "Pirates", "rolls": list(args[3])}] if args[3] else []
    return []


@pytest.mark.parametrize("seed", [2, 11])
def test_new_world_lists_the_dice_each_event_rolled(seed: int) -> None:
    log = played("newworld", 4, seed).log
    # The values each lazy text is written from (the dice themselves), read before the
    # words are (an event keeps only its words once they are written).
    arguments = [e._args for e in log]
    assert sum(1 for a in arguments if a) > 100
    notes = annotate_events(get_game("newworld"), log, 4)
    checked: set[str] = set()
    for n, e, args in zip(notes, log, arguments, strict=True):
        dice = n.get("dice", [])
        for roll in dice:
            assert roll["rolls"] and all(1 <= r <= 6 for r in roll["rolls"]), (e.text, dice)
        if e.kind == "discovery":  # words only: the die in brackets
            assert [r["rolls"] for r in dice] == [[int(re.findall(r"\((\d)\)", e.text)[0])]]
        elif e.kind == "piracy" and not args:  # a raid, said in words
            assert dice and dice[0]["label"] == "Pirates"
        else:
            if e.kind == "uprising climate":
                assert dice == [{"label": "Uprising Climate die", "rolls": [e.data["die"]]}]
            elif e.kind == "survival":
                assert dice == [{"label": "Survival die", "rolls": [e.data["die"]]}]
            else:
                assert dice == newworld_rolls(e, args), e.text
        if dice:
            checked.add(e.kind)
    assert {"colonists", "voyage", "uprising climate", "survival", "battle"} <= checked, checked


@pytest.mark.parametrize(("name", "players", "seed"), [c for c in CASES if c[0] != "newworld"])
def test_games_without_dice_list_none(name: str, players: int, seed: int) -> None:
    notes = annotate_events(get_game(name), played(name, players, seed).log, players)
    assert not any("dice" in n for n in notes)


def without_targets(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events without their board targets (found in each seat's own view)."""
    return [{k: v for k, v in e.items() if k != "targets"} for e in events]


def test_the_server_numbers_each_seats_events_and_hides_the_others_secrets(
    client: TestClient,
) -> None:
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(3)]
    tid, tokens = create(client, "newworld", seats, seed=3)
    # Play the first legal action of whoever decides until the secret bids are made.
    for _ in range(60):
        snap = state(client, tid)
        if any(e["kind"] == "bids" for e in snap["events"]):
            break
        for seat in snap["to_act"]:
            mine = state(client, tid, tokens[seat])
            if mine["legal"]:
                assert act(client, tid, tokens[seat], mine["legal"][0]).status_code == 200
    game = get_game("newworld")
    spectator = state(client, tid)
    assert spectator["colours"] == [
        game.presentation().seat_colour(s, n)
        for s, n in enumerate(game.seat_names(game.make_config(3)))
    ]
    public = spectator["events"]
    assert any(e["kind"] == "bids" for e in public)
    for seat, token in tokens.items():
        mine = state(client, tid, token)
        indices = [e["i"] for e in mine["events"]]
        assert indices == sorted(set(indices)) and indices[-1] < mine["log_to"]
        own = [e for e in mine["events"] if e["kind"] == "bid"]
        assert len(own) == 1 and "private_to" not in own[0]
        # Every public event comes to every seat alike, annotations and all.
        shared = [e for e in mine["events"] if e["kind"] != "bid"]
        assert without_targets(shared) == without_targets(public), seat
        # The secret bids of the others are not sent: their numbers are gaps.
        assert not set(indices) - {e["i"] for e in public} - {own[0]["i"]}
    assert spectator["events"][0]["section"] == PROLOGUE
    assert any(e.get("section") == "Game Turn 1" for e in public)
    # From a later index on: only the events from there, numbered alike.
    later = client.get(f"/api/tables/{tid}", params={"since": 5}).json()
    assert [e["i"] for e in later["events"]] == [e["i"] for e in public if e["i"] >= 5]
