"""The encodings' fast path: ``encode_state(state, seat)`` must give exactly the
numbers of ``encode(view(state, seat))`` for every state and seat, so it can
never show a seat what its view hides. Checked on every position of random
games at every player count, and on states a seat cannot tell from the real one
(``determinize``): there the fast path must not change either."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from meeple.engine import Game, Rng, all_games
from meeple.rl.core import Observations

GAMES_PER_COUNT = 3


def offering(game: Game[Any]) -> Any:
    encoding = game.encoding()
    config = game.make_config(game.min_players)
    offered = encoding is not None and (
        encoding.encode_state(game.new_game(config, 0), 0, config) is not None
    )
    reason = f"{game.name}'s encoding offers no encode_state (the adapters use its views)"
    marks = [] if offered else [pytest.mark.skip(reason=reason)]
    return pytest.param(game, id=game.name, marks=marks)


OFFERING = [offering(game) for game in all_games()]


def both_ways(game: Game[Any], state: Any, seat: int) -> tuple[Any, Any]:
    encoding = game.encoding()
    assert encoding is not None
    fast = encoding.encode_state(state, seat, state.config)
    assert fast is not None
    slow = encoding.encode(game.view(state, seat), state.config)
    return np.asarray(fast, dtype=np.float32), np.asarray(slow, dtype=np.float32)


@pytest.mark.parametrize("game", OFFERING)
def test_the_fast_path_equals_the_encoded_view_everywhere(game: Game[Any]) -> None:
    positions = 0
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(GAMES_PER_COUNT):
            state = game.new_game(game.make_config(players), seed)
            rng = Rng(100 + seed)
            while True:
                for seat in range(players):
                    fast, slow = both_ways(game, state, seat)
                    differ = np.flatnonzero(fast != slow)
                    assert not differ.size, (
                        f"{players} players, seed {seed}, decision {state.version}, seat {seat}:"
                        f" places {differ[:10].tolist()} differ"
                    )
                positions += 1
                if game.is_over(state):
                    break
                seat = game.to_act(state)[0]
                game.play(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert positions > 100 * (game.max_players - game.min_players + 1)


@pytest.mark.parametrize("game", OFFERING)
def test_the_fast_path_cannot_tell_determinized_states_apart(game: Game[Any]) -> None:
    rng = Rng(7)
    for players in (game.min_players, game.max_players):
        state = game.new_game(game.make_config(players), 7)
        while not game.is_over(state):
            for seat in range(players):
                twin = game.determinize(state, seat, rng)
                assert np.array_equal(
                    both_ways(game, twin, seat)[0], both_ways(game, state, seat)[0]
                )
            seat = game.to_act(state)[0]
            game.play(state, seat, rng.choice(game.legal_actions(state, seat)))


# ---- the incremental encoder: only the sections that changed are written again -----


def sectioned(game: Game[Any]) -> Any:
    encoding = game.encoding()
    config = game.make_config(game.min_players)
    offered = encoding is not None and encoding.state_encoder(config, 0) is not None
    reason = f"{game.name}'s encoding offers no state_encoder (no sections)"
    marks = [] if offered else [pytest.mark.skip(reason=reason)]
    return pytest.param(game, id=game.name, marks=marks)


SECTIONED = [sectioned(game) for game in all_games()]


def played_in_place(game: Game[Any], config: Any, seed: int, rng: Rng) -> Iterator[Any]:
    """One random game's state at every decision, the same object changed in place
    between them (as the adapters' state is)."""
    state = game.new_game(config, seed)
    while True:
        yield state
        if game.is_over(state):
            return
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def encoded_view(game: Game[Any], state: Any, seat: int) -> Any:
    """The seat's view, encoded, as float32: what every fast path must equal."""
    encoding = game.encoding()
    assert encoding is not None
    return np.asarray(encoding.encode(game.view(state, seat), state.config), dtype=np.float32)


def random_positions(game: Game[Any], players: int, seed: int) -> list[Any]:
    """Every position of a random game, cloned."""
    state = game.new_game(game.make_config(players), seed)
    rng, positions = Rng(300 + seed), [state.clone()]
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        positions.append(state.clone())
    return positions


@pytest.mark.parametrize("game", SECTIONED)
def test_the_incremental_encoder_equals_a_full_rebuild(game: Game[Any]) -> None:
    """Each seat's encoder follows two random games in turns (so it also meets states
    that are not the next one) and a determinized twin of each position: its vector
    must always be the one a fresh encoding of the view gives."""
    encoding = game.encoding()
    assert encoding is not None
    rng, checked = Rng(11), 0
    for players in range(game.min_players, game.max_players + 1):
        config = game.make_config(players)
        encoders = [encoding.state_encoder(config, seat) for seat in range(players)]
        first, second = random_positions(game, players, 1), random_positions(game, players, 2)
        for step in range(max(len(first), len(second))):
            for positions in (first, second):
                state = positions[min(step, len(positions) - 1)]
                for seat, encoder in enumerate(encoders):
                    assert encoder is not None
                    twin = game.determinize(state, seat, rng)
                    for seen in (state, twin, state):
                        fresh = encoding.encode(game.view(seen, seat), config)
                        kept = np.asarray(encoder.encode(seen), dtype=np.float32)
                        differ = np.flatnonzero(kept != np.asarray(fresh, dtype=np.float32))
                        assert not differ.size, (
                            f"{players} players, decision {seen.version}, seat {seat}:"
                            f" places {differ[:10].tolist()} differ from a full rebuild"
                        )
                        checked += 1
    assert checked > 1000


@pytest.mark.parametrize("game", SECTIONED)
def test_the_incremental_encoder_follows_a_state_changed_in_place(game: Game[Any]) -> None:
    """The adapters' state changes in place: a section that kept a reference to the
    state's own list instead of a copy would see no change and keep stale numbers."""
    encoding = game.encoding()
    assert encoding is not None
    for players in range(game.min_players, game.max_players + 1):
        config = game.make_config(players)
        for seed in range(2):
            encoders = [encoding.state_encoder(config, seat) for seat in range(players)]
            for state in played_in_place(game, config, seed, Rng(500 + seed)):
                for seat, encoder in enumerate(encoders):
                    assert encoder is not None
                    kept = np.asarray(encoder.encode(state))
                    assert np.array_equal(kept, encoded_view(game, state, seat)), (
                        f"{players} players, seed {seed}, decision {state.version}, seat {seat}"
                    )


@pytest.mark.parametrize("game", SECTIONED)
def test_every_section_writes_only_its_own_places(game: Game[Any]) -> None:
    """Sections do not overlap, and each one, written alone, changes nothing outside
    its range (else an unchanged section could keep another's stale numbers)."""
    encoding = game.encoding()
    assert encoding is not None
    for players in (game.min_players, game.max_players):
        config = game.make_config(players)
        for seat in range(players):
            size, taken = encoding.size(config), set[int]()
            sections = encoding.sections(config, seat)
            for section in sections:
                places = section.indices(size)
                assert not places & taken, f"sections share places {sorted(places & taken)[:5]}"
                taken |= places
            base = np.asarray(encoding.base(config), dtype=np.float32)
            for state in random_positions(game, players, 3)[::7]:
                for section in sections:
                    out = encoding.base(config)
                    section.write(out, section.read(state))
                    changed = set(np.flatnonzero(np.asarray(out, dtype=np.float32) != base))
                    outside = sorted(changed - section.indices(size))
                    assert not outside, (
                        f"a section of places {section.places[:2]}... wrote at {outside[:5]}"
                    )


@pytest.mark.parametrize("game", SECTIONED)
def test_shared_sections_show_every_seat_the_same_numbers(game: Game[Any]) -> None:
    """A section marked ``shared`` is written once for all seats by the adapters, so
    every seat's copy of it must have the same places and write the same numbers."""
    encoding = game.encoding()
    assert encoding is not None
    for players in (game.min_players, game.max_players):
        config = game.make_config(players)
        per_seat = [
            [s for s in encoding.sections(config, seat) if s.shared] for seat in range(players)
        ]
        for state in random_positions(game, players, 4)[::5]:
            for seat, sections in enumerate(per_seat[1:], start=1):
                assert len(sections) == len(per_seat[0])
                for mine, first in zip(sections, per_seat[0], strict=True):
                    assert mine.places == first.places
                    ours, theirs = encoding.base(config), encoding.base(config)
                    mine.write(ours, mine.read(state))
                    first.write(theirs, first.read(state))
                    assert ours == theirs, f"seat {seat} sees a shared section otherwise"


@pytest.mark.parametrize("game", SECTIONED)
def test_the_adapters_observations_equal_a_full_rebuild(game: Game[Any]) -> None:
    """``Observations`` (what every adapter reads): the shared sections' encoder plus
    each seat's own, asked for every seat at every decision of games played in place
    and for determinized twins in between, always equal to the encoded view."""
    encoding = game.encoding()
    assert encoding is not None
    rng = Rng(13)
    for players in range(game.min_players, game.max_players + 1):
        config = game.make_config(players)
        observations = Observations(game, encoding, config)
        for state in played_in_place(game, config, 21, rng):
            for seat in range(players):
                for seen in (state, game.determinize(state, seat, rng)):
                    assert np.array_equal(
                        observations.of(seen, seat), encoded_view(game, seen, seat)
                    ), f"{players} players, decision {seen.version}, seat {seat}"
