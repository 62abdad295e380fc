"""The Gold Phase (7.): Mines and Cities yield and may be depleted, Prospectors
look for Gold (none on turn 1, 7.1)."""

from __future__ import annotations

from meeple.games.newworld.state import (
    AREAS,
    GOLD_SITE,
    MINE,
    NO_MARKER,
    NOBODY,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import (
    area_word,
    country,
    die,
    log,
)


def gold_stage(state: NewWorldState) -> None:
    """Depletions then discoveries (4.31, 4.32); none on turn 1 (7.1)."""
    if state.turn == 1:
        return
    if _nobody_on(state.site_holder) and _nobody_on(state.city_holder):
        return  # no Miner, looter or Prospector: nothing yields, nothing is rolled
    for area in range(AREAS):
        for slot in (2 * area, 2 * area + 1):
            holder = state.site_holder[slot]
            if state.site_kind[slot] == MINE and holder != NOBODY:
                state.gold[at(holder, area)] += 1
                depleted = die(state) == 1
                log(
                    state,
                    "mine",
                    f"The Mine in {area_word(area)} yields a Gold Bar to"
                    f" {country(holder)}" + ("; it is depleted" if depleted else ""),
                    True,
                )
                if depleted:
                    state.site_kind[slot] = NO_MARKER
                    state.site_holder[slot] = NOBODY
        looter = state.city_holder[area]
        if state.city_value[area] and looter != NOBODY:
            state.gold[at(looter, area)] += state.city_value[area]
            depleted = die(state) == 1
            log(
                state,
                "city",
                f"The City in {area_word(area)} yields"
                f" {state.city_value[area]} Gold Bars to {country(looter)}"
                + ("; it is depleted" if depleted else ""),
                True,
            )
            if depleted:
                state.city_value[area] = 0
                state.city_holder[area] = NOBODY
    for area in range(AREAS):
        for slot in (2 * area, 2 * area + 1):
            holder = state.site_holder[slot]
            if state.site_kind[slot] == GOLD_SITE and holder != NOBODY:
                value = die(state)
                if value >= 5:
                    state.site_kind[slot] = MINE
                    state.site_holder[slot] = NOBODY
                    log(
                        state,
                        "discovery",
                        f"{country(holder)}'s Prospector discovers Gold in"
                        f" {area_word(area)} ({value}): a Mine",
                        True,
                    )
                else:
                    log(state, "discovery", f"No Gold found in {area_word(area)} ({value})", True)


def _nobody_on(holders: list[int]) -> bool:
    return holders.count(NOBODY) == len(holders)
