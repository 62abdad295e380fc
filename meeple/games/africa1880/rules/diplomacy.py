"""1) Diplomatic Action: the seats negotiate (in the chat, against the clock) and
each says ``ready``; when all are ready the writing of orders begins."""

from __future__ import annotations

from meeple.engine import Event, TimedPhase
from meeple.games.africa1880 import texts
from meeple.games.africa1880.actions import TABLES
from meeple.games.africa1880.rules import phases
from meeple.games.africa1880.state import DIPLOMACY, AfricaState


def ready(state: AfricaState, seat: int) -> None:
    """``seat``'s negotiations are over; the last seat ready opens 2) Writing Orders."""
    state.ready |= 1 << seat
    state.log.append(
        Event("ready", f"{texts.country(state, seat)} is ready to write orders.", {"seat": seat})
    )
    if state.ready == (1 << state.players) - 1:
        phases.begin_writing(state)


def timed_phase(state: AfricaState) -> TimedPhase | None:
    """1) Diplomatic Action runs against the negotiation time limit (the option
    ``diplomacy_seconds``, from 1 to 3600: ``make_config`` refuses any other)."""
    seconds = float(state.config.options.get("diplomacy_seconds", 0) or 0)
    if state.phase != DIPLOMACY or seconds <= 0:
        return None
    return TimedPhase(f"diplomacy:{state.turn}", seconds)


def on_timeout(state: AfricaState, seat: int) -> int | None:
    """When the negotiation time is up, a seat still negotiating is ready (None: the
    engine's default, the seat's only legal action if it has one)."""
    if state.phase == DIPLOMACY and not state.ready >> seat & 1:
        return TABLES.ready
    return None
