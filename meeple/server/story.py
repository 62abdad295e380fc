"""The story a table's log tells: per logged event, what clients need to tell it.

``Stories.annotate`` gives, for each event of a table's log, its place in the story:
its index in the log (``i``: clients number events and merge what they receive by
it), the seat it concerns (``seat``, from its data), the part of the game it begins
(``section``: a round, a turn, a year) or the phase within that part (``phase``), and
the dice it rolled (``dice``), all from the game's presentation hooks
(``Presentation.section``, ``phase``, ``first_section``, ``event_dice``).

Parts and phases are found walking the log in order: a heading equal to the current
one continues it, so a game may name the phase of every event of it. Only public
events begin parts and phases, so the headings every seat is shown depend on public
events alone; a private event's annotation goes only to the seat that sees it.

The hooks read one event each, never the state: the annotations of a log's events
do not change once made, and are kept per table (checked against the log's event
objects, so an undo or a reload that rebuilt the log starts again where it differs).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.engine import Event, Game, Presentation

MAX_TABLES = 512  # tables whose annotations are kept (the oldest go first)
PROLOGUE = "Setup"  # the heading of what comes before a game's first part
# Kinds of events that begin a part on nobody's behalf, whatever seat their data names
# (Mombasa's new round names its first player): told as the game's, not a seat's.
TABLE_KINDS = frozenset({"round", "turn", "over", "end"})

Annotation = dict[str, Any]


class Story:
    """One table's annotated log: the events seen so far and what they begin."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.notes: list[Annotation] = []
        # The part and phase in force after each event (public events only change them).
        self.after: list[tuple[str, str | None]] = []

    def annotate(self, game: Game[Any], log: Sequence[Event], players: int) -> list[Annotation]:
        """The annotation of every event of ``log`` (made for those not seen before)."""
        kept, same = 0, min(len(self.events), len(log))
        if same and self.events[same - 1] is log[same - 1]:
            kept = same  # a log only grows: its last kept event there, all are the same
        while kept < same and self.events[kept] is log[kept]:
            kept += 1
        del self.events[kept:], self.notes[kept:], self.after[kept:]
        presentation = game.presentation()
        part, phase = self.after[-1] if self.after else (PROLOGUE, None)
        for index in range(kept, len(log)):
            event = log[index]
            raw = event.to_json()
            note: Annotation = {"i": index}
            seat = raw["data"].get("seat") if isinstance(raw["data"], dict) else None
            if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
                note["seat"] = seat
            if event.private_to is None:
                part, phase = self._headings(presentation, raw, note, part, phase, index)
                if "section" in note and raw["kind"] in TABLE_KINDS:
                    note.pop("seat", None)  # a round begun, the game ended: no seat's doing
            dice = presentation.event_dice(raw)
            if dice:
                note["dice"] = dice
            self.events.append(event)
            self.notes.append(note)
            self.after.append((part, phase))
        return self.notes

    @staticmethod
    def _headings(
        presentation: Presentation,
        raw: dict[str, Any],
        note: Annotation,
        part: str,
        phase: str | None,
        index: int,
    ) -> tuple[str, str | None]:
        """Mark in ``note`` the part and phase a public event begins; the new ones."""
        heading = presentation.section(raw)
        if heading is None and index == 0:
            heading = PROLOGUE  # the log's first event begins its first part
        if heading is not None and (heading != part or index == 0):
            note["section"] = part = heading
            phase = None
        named = presentation.phase(raw)
        if named is not None and named != phase:
            first = presentation.first_section
            if part == PROLOGUE and first is not None and index > 0:
                note["section"] = part = first
            note["phase"] = phase = named
        return part, phase


class Stories:
    """The annotated logs of the tables a process holds, by table id."""

    def __init__(self) -> None:
        self.tables: dict[str, Story] = {}

    def annotate(
        self, table_id: str, game: Game[Any], log: Sequence[Event], players: int
    ) -> list[Annotation]:
        story = self.tables.pop(table_id, None) or Story()
        self.tables[table_id] = story  # the most recently used last
        if len(self.tables) > MAX_TABLES:
            self.tables.pop(next(iter(self.tables)))
        return story.annotate(game, log, players)


def annotate_events(game: Game[Any], log: Sequence[Event], players: int) -> list[Annotation]:
    """The annotations of a whole log at once (replays, tests): see ``Story``."""
    return Story().annotate(game, log, players)
