"""Tournaments between bots: seat rotation, parallel runs, statistics and ratings."""

from meeple.tournament.runner import Match, MatchResult, TournamentSpec, run, schedule
from meeple.tournament.stats import summarise, wilson

__all__ = [
    "Match",
    "MatchResult",
    "TournamentSpec",
    "run",
    "schedule",
    "summarise",
    "wilson",
]
