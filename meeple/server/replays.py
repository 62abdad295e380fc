"""A finished game's replay as the table saw it: its steps, sections, people and chat.

A replay is shown in *steps*, not moves. A move that changed nothing a spectator
could see (no public event, the same spectators' view and seats to act: a line of a
secret order sheet, a face-down card, a sealed bid) is no step of its own: it is
stepped over with the next move that did change something, so "next" goes from
before the writing to the sealing and then to the revealed sheets, as the table saw
it. Where several seats decide at once, the action texts of their decisions are not
shown at all (the table saw only what the events and the views tell).

The outline of a game (its steps, where each section begins, which moves' texts
stay unsaid) is computed once per finished game by replaying its record; the
server keeps it with the table's views (``Views.kept_outline``).
"""

from __future__ import annotations

import bisect
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from meeple.engine import Game, GameRecord, GameState, get_game
from meeple.server import render
from meeple.server.story import PROLOGUE, Annotation, annotate_events
from meeple.server.tables import HUMAN, dumps


@dataclass(frozen=True)
class Section:
    """A part of the story (a round, a game turn, a year) or a phase within one, and
    the ply of the step at which the event that begins it appears."""

    heading: str
    ply: int
    phase: bool = False


@dataclass(frozen=True)
class Outline:
    """What a replay needs of a whole finished game, computed once.

    ``steps``: the plies shown as steps, in order, from 0 (the setup) to the last
    move. ``log_at[p]``: the length of the log after ``p`` moves. ``unsaid``: the
    plies whose action text the table never saw (a move stepped over, or a decision
    made while another seat was deciding too). ``notes``: the story's annotation of
    each event of the final log (``meeple.server.story``)."""

    steps: tuple[int, ...]
    sections: tuple[Section, ...]
    log_at: tuple[int, ...]
    unsaid: frozenset[int]
    notes: tuple[Annotation, ...] = ()

    @property
    def total(self) -> int:
        return len(self.log_at) - 1

    def step_at(self, ply: int) -> int:
        """The index of the last step at or before ``ply``."""
        return bisect.bisect_right(self.steps, ply) - 1

    def is_step(self, ply: int) -> bool:
        return self.steps[self.step_at(ply)] == ply

    def heading_at(self, ply: int) -> tuple[str, str | None]:
        """The part of the game ``ply`` lies in ("Round 3"), and its phase or None."""
        part, phase = PROLOGUE, None
        for section in self.sections:
            if section.ply > ply:
                break
            if section.phase:
                phase = section.heading
            else:
                part, phase = section.heading, None
        return part, phase


class _Simultaneous:
    """Tells, move by move, whether a move belongs to a simultaneous decision: one
    that began with several seats to act, lasting while the seats still to act are
    among those still deciding, until a public event reveals."""

    def __init__(self) -> None:
        self.deciding: set[int] = set()

    def part_of(self, seat: int, waiting: Sequence[int]) -> bool:
        """Is the move ``seat`` is about to make (``waiting``: the seats to act before
        it) part of a simultaneous decision?"""
        if not self.deciding and len(waiting) > 1:
            self.deciding = set(waiting)
        return seat in self.deciding

    def after(self, waiting: Sequence[int], revealed: bool) -> None:
        """After the move: ``waiting`` to act now; ``revealed``: a public event revealed."""
        if revealed or not set(waiting) <= self.deciding:
            self.deciding = set()
        else:
            self.deciding = set(waiting)


def _seen(game: Game[Any], state: GameState) -> str:
    """What a spectator sees of ``state`` besides the log, as one text."""
    return dumps({"view": game.view(state, None), "to_act": list(game.to_act(state))})


def build_outline(game: Game[Any], record: GameRecord) -> Outline:
    """Replay ``record`` once: its steps, its sections and its unsaid moves.

    A move ends a step if it changed what a spectator sees (a public event, the
    spectators' view or the seats to act) and no simultaneous decision goes on after
    it; the last move of a simultaneous decision always ends one."""
    state = game.new_game(record.config, record.seed)
    total = len(record.moves)
    steps, log_at, unsaid = [0], [len(state.log)], set()
    seen = _seen(game, state)
    simultaneous = _Simultaneous()
    for ply, (seat, text) in enumerate(record.moves, start=1):
        secret = simultaneous.part_of(seat, game.to_act(state))
        game.play(state, seat, text)
        public = game.events(state, None, log_at[-1])
        log_at.append(len(state.log))
        simultaneous.after(game.to_act(state), any(e.reveals for e in public))
        now = _seen(game, state)
        visible = bool(public) or now != seen
        if not visible or secret:
            unsaid.add(ply)
        ends_decision = secret and not simultaneous.deciding
        if ends_decision or (visible and not simultaneous.deciding) or ply == total:
            steps.append(ply)
        seen = now
    notes = annotate_events(game, state.log, record.config.players)
    sections = _sections(notes, log_at, steps)
    return Outline(tuple(steps), sections, tuple(log_at), frozenset(unsaid), tuple(notes))


def _sections(
    notes: Sequence[Annotation], log_at: Sequence[int], steps: Sequence[int]
) -> tuple[Section, ...]:
    """The parts and phases the story's annotations begin, each at the step that shows
    its event (the step a simultaneous decision's moves end in, for an event inside
    one), the first part at the setup. A section that begins at the same step as the
    one after it shows nothing of its own: the later one stands for it (a part for
    the parts and phases before it, a phase for the phases)."""
    found: list[Section] = []
    for note in notes:
        ply = bisect.bisect_left(log_at, note["i"] + 1)  # the move that logged it
        at = steps[bisect.bisect_left(steps, ply)]
        for heading, phase in ((note.get("section"), False), (note.get("phase"), True)):
            if heading is None:
                continue
            while found and found[-1].ply == at and (found[-1].phase or not phase):
                found.pop()
            found.append(Section(str(heading), at, phase))
    if not found or found[0].ply != 0:
        first = found[0] if found else None
        if first is not None and first.heading == PROLOGUE and not first.phase:
            found[0] = Section(PROLOGUE, 0)
        else:
            found.insert(0, Section(PROLOGUE, 0))
    return tuple(found)


# ---- the people at the table -----------------------------------------------------


def _person(entry: dict[str, Any], info: dict[str, Any]) -> str | None:
    """The name of the person of a seat (``entry``: as ``Views.seats_public`` shows
    it; ``info``: as the table stores it), None for a seat no person ever held."""
    kind = entry.get("kind")
    for name in (entry.get("player"), info.get("player"), info.get("name")):
        if isinstance(name, str) and name.strip() and name != f"{kind} bot":
            return name.strip()
    return None


def _since(value: Any, outline: Outline) -> str | None:
    """When a bot took the seat over, in words: a ply becomes its section."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return outline.heading_at(value)[0] if value > 0 else "the start"
    return str(value) or None


def seat_people(
    game: Game[Any],
    record: GameRecord,
    outline: Outline,
    seats: list[dict[str, Any]],
    stored: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """Every seat as the replay names it: ``label`` "Ann (Red)" (a bot's own seat:
    "Red, medium bot"), ``detail`` also saying who played it in the end ("Ann (Red),
    played by the medium bot since round 4"), and its CSS ``colour``. ``seats`` are
    the public seats (``Views.seats_public``), ``stored`` the table's own."""
    names = game.seat_names(record.config)
    out = []
    for seat, name in enumerate(names):
        entry = seats[seat] if seat < len(seats) else {}
        info = stored[seat] if seat < len(stored) else {}
        kind = str(entry.get("kind") or info.get("kind") or HUMAN)
        person = _person(entry, info)
        bot = kind != HUMAN
        label = f"{name}, {kind} bot" if bot else name
        if person:
            label = f"{person} ({name})"
        detail = label
        if bot and person:
            told = entry.get("bot_since") or info.get("since_words") or info.get("since")
            since = _since(told, outline)
            detail = f"{label}, played by the {kind} bot" + (f" since {since}" if since else "")
        out.append(
            {
                "seat": seat,
                "name": name,
                "player": person,
                "kind": kind,
                "label": label,
                "detail": detail,
                "colour": render.seat_colour(game, seat, name),
            }
        )
    return out


def public_chat(messages: list[dict[str, Any]], outline: Outline) -> list[dict[str, Any]]:
    """The table's messages to everyone, in the order they were sent, each with the
    ``ply`` it was sent after (a message stored before plies were recorded: the end)
    and the ``step`` that shows it (the one whose moves it was sent among)."""
    out = []
    for message in messages:
        if message.get("to") is not None:
            continue  # private: never in a replay
        ply = message.get("ply")
        ply = outline.total if not isinstance(ply, int) else max(0, min(ply, outline.total))
        out.append(
            {
                "id": message["id"],
                "from": message["from"],
                "text": message["text"],
                "time": message["time"],
                "ply": ply,
                "step": bisect.bisect_left(outline.steps, ply),  # the step showing it
            }
        )
    out.sort(key=lambda m: (m["ply"], m["id"]))
    return out


# ---- what the client gets -----------------------------------------------------------


def outline_json(
    table_id: str,
    game: Game[Any],
    outline: Outline,
    people: list[dict[str, Any]],
    chat: list[dict[str, Any]],
) -> dict[str, Any]:
    """The replay's outline: steps, sections (with the step each begins), people, chat."""
    return {
        "table": table_id,
        "game": game.name,
        "title": game.title,
        "total": outline.total,
        "steps": list(outline.steps),
        "sections": [
            {"heading": s.heading, "ply": s.ply, "step": outline.step_at(s.ply), "phase": s.phase}
            for s in outline.sections
        ],
        "seats": people,
        "chat": chat,
    }


def moves_of_step(
    record: GameRecord, outline: Outline, ply: int, people: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The moves shown at ``ply``: at a step, every move since the step before it; at
    a ply inside a step (reached by a link to a move), that move alone. A move the
    table never saw said has ``action`` None."""
    if ply == 0:
        return []
    first = ply
    if outline.is_step(ply):
        first = outline.steps[outline.step_at(ply) - 1] + 1
    out = []
    for at in range(first, ply + 1):
        seat, text = record.moves[at - 1]
        out.append(
            {
                "ply": at,
                "seat": seat,
                "name": people[seat]["label"],
                "action": None if at in outline.unsaid else text,
            }
        )
    return out


def step_json(
    game: Game[Any],
    record: GameRecord,
    outline: Outline,
    state: GameState,
    ply: int,
    people: list[dict[str, Any]],
    svg: bool,
    before: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The finished game after ``ply`` moves (``state``) as a spectator saw it: view,
    board, the moves and public events since the step before, the section it is in.
    ``before``: the spectators' view before move ``ply``, which names that move in the
    game's words (``label``) when the table saw it made."""
    view = game.view(state, None)
    moves = moves_of_step(record, outline, ply, people)
    last = moves[-1] if moves else None
    if last is not None and last["action"] is not None and before is not None:
        words = render.action_labels(game, before, [last["action"]]).get(last["action"])
        last["label"] = words or last["action"]
    since = outline.log_at[moves[0]["ply"] - 1] if moves else 0
    events = []
    for i in range(since, len(state.log)):
        event = state.log[i]
        if event.visible_to(None):
            data = {**event.to_json(), **(outline.notes[i] if i < len(outline.notes) else {})}
            data.pop("private_to", None)
            events.append(data)
    index = outline.step_at(ply)
    part, phase = outline.heading_at(ply)
    continues = outline.heading_at(moves[0]["ply"] - 1) if moves else (part, phase)
    return {
        "ply": ply,
        "total": outline.total,
        "step": index if outline.steps[index] == ply else None,
        "steps": len(outline.steps),
        "section": " · ".join(h for h in (part, phase) if h),
        "part": part,
        "phase": phase,
        "continues": {"part": continues[0], "phase": continues[1]},  # at its first event
        "move": moves[-1] if moves else None,
        "moves": moves,
        "seat_names": list(game.seat_names(record.config)),
        "seats": people,
        "view": view,
        "svg": render.render_svg(game, view) if svg else None,
        "events": events,
        "result": record.result if ply == outline.total else None,
    }


# ---- answers kept ---------------------------------------------------------------------


class Answers:
    """The JSON text of replay answers already given, least recently used dropped
    first past ``most`` answers or ``most_bytes`` bytes in all. A finished game
    changes no more, so an answer keyed by its table's version (and, for the outline,
    its last chat message) stays true: asking again costs no replay."""

    def __init__(self, most: int = 1024, most_bytes: int = 32 * 1024 * 1024) -> None:
        self.most, self.most_bytes = most, most_bytes
        self.kept: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self.size = 0

    def get(self, key: tuple[Any, ...]) -> bytes | None:
        body = self.kept.get(key)
        if body is not None:
            self.kept.move_to_end(key)
        return body

    def put(self, key: tuple[Any, ...], body: bytes) -> None:
        old = self.kept.pop(key, None)
        if old is not None:
            self.size -= len(old)
        self.kept[key] = body
        self.size += len(body)
        while self.kept and (len(self.kept) > self.most or self.size > self.most_bytes):
            _, dropped = self.kept.popitem(last=False)
            self.size -= len(dropped)


def step_in_worker(
    game_name: str,
    record: GameRecord,
    outline: Outline,
    ply: int,
    people: list[dict[str, Any]],
    svg: bool,
    table_id: str,
) -> tuple[bytes, float]:
    """In a worker process of the CPU pool: the JSON text of the finished game after
    ``ply`` moves as a spectator saw it (``step_json``, with the table, game and
    title), and the CPU seconds it took (charged to whoever asked). Replaying the
    record and drawing the board can take long: never on the event loop."""
    start = time.thread_time()
    game = get_game(game_name)
    state = game.new_game(record.config, record.seed)
    for seat, text in record.moves[: max(0, ply - 1)]:
        game.play(state, seat, text)
    before = None
    if ply > 0:
        if ply not in outline.unsaid:  # the move is named in the game's words
            before = game.view(state, None)
        seat, text = record.moves[ply - 1]
        game.play(state, seat, text)
    step = step_json(game, record, outline, state, ply, people, svg, before)
    body = orjson.dumps({"table": table_id, "game": game.name, "title": game.title, **step})
    return body, time.thread_time() - start


def outline_in_worker(game_name: str, record: GameRecord) -> tuple[Outline, float]:
    """In a worker process of the CPU pool: ``build_outline`` of the finished game
    ``record``, and the CPU seconds it took."""
    start = time.thread_time()
    outline = build_outline(get_game(game_name), record)
    return outline, time.thread_time() - start
