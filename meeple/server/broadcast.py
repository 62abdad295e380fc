"""What clients see of a table, and pushing it to them.

Views, their JSON text, the SVG board and its shared board layer, the seats as
the lobby and the table page show them, and the snapshot a seat (or a spectator)
is sent. Everything derived from the state is cached in ``table.cache``, which
whoever changes the table clears.

After every change ``track_seen`` records, per seat, the version at which what it
may see last changed; ``broadcast`` pushes a new snapshot only to the clients
whose version moved, serialising each distinct message once.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from typing import Any

from meeple.ai.base import bot_names
from meeple.engine.undo import GAME_OVER, UndoStatus
from meeple.server import render
from meeple.server.people import bot_since, handover_at, person, played_by
from meeple.server.replays import Outline
from meeple.server.story import Stories
from meeple.server.tables import HUMAN, Client, Table, dumps, fragment, visible
from meeple.server.talk import GAME_RULES, closed_because
from meeple.server.undo import undo_status

MAX_REPLAYS = 256  # finished games whose replay outline is kept
BOT_PLAYS = "A bot plays your seat now: take it back first."


class Views:
    """Views of every table, the board layers they share, and the pushes to clients."""

    def __init__(self) -> None:
        # Board layers by (game, rules version, config): drawn once, shared by tables.
        self.boards: dict[tuple[str, str, str], tuple[str, str] | None] = {}
        self.absent_after = 120.0  # ``Limits.absent_after``: set by the hub
        # Each table's log annotated for the story clients tell (``meeple.server.story``).
        self.stories = Stories()
        # Finished games' replay outlines (steps, sections) by table, computed once.
        self.outlines: dict[str, Outline] = {}
        # Board legends by (game, rules version, config), like the board layers.
        self.legends: dict[tuple[str, str, str], list[dict[str, str]]] = {}

    # ---- views ----------------------------------------------------------------------

    def view(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The seat's view (None: the spectators'), a fresh copy of the cached one."""
        key = ("view", seat)
        cached = table.cache.get(key)
        if cached is None:
            if seat is not None and render.public_view(table.game):
                cached = {**self.view(table, None), "seat": seat}
            else:
                cached = table.game.view(table.state, seat)
            table.cache[key] = cached
        return dict(cached)

    def view_json(self, table: Table, seat: int | None) -> str:
        """The seat's view as JSON text, serialised once per change. A public-view game's
        views differ only by ``seat``: its text is spliced into the one serialisation."""
        key = ("view_json", seat)
        text = table.cache.get(key)
        if text is None:
            if render.public_view(table.game):
                shared = table.cache.get(("view_json",))
                if shared is None:
                    rest = {k: v for k, v in self.view(table, None).items() if k != "seat"}
                    shared = table.cache[("view_json",)] = dumps(rest)
                head = f'{{"seat":{"null" if seat is None else int(seat)}'
                text = head + ("}" if shared == "{}" else "," + shared[1:])
            else:
                text = dumps(self.view(table, seat))
            table.cache[key] = text
        return str(text)

    def svg(self, table: Table, seat: int | None, layered: bool = False) -> str | None:
        """The seat's whole board as SVG; with ``layered``, only what the state draws
        on top of the table's board layer (the whole board for a one-layer game)."""
        if seat is not None and render.public_view(table.game):
            seat = None  # a public-view game draws the same board for every seat
        key = ("overlay" if layered else "svg", seat)
        if key not in table.cache:
            view = self.view(table, seat)
            if layered:
                table.cache[key] = render.render_overlay(table.game, view)
            else:
                table.cache[key] = render.render_svg(table.game, view)
        value = table.cache[key]
        return None if value is None else str(value)

    def board(self, table: Table) -> tuple[str, str] | None:
        """The table's board layer as (id, SVG), or None for a one-layer game. Drawn once
        per game config; the id is a digest of the SVG, so it changes when it does."""
        config = table.record.config
        key = (table.game.name, table.game.rules_version, dumps(config.to_json()))
        if key not in self.boards:
            svg = render.render_board(table.game, self.view(table, None))
            self.boards[key] = (
                None if svg is None else (hashlib.sha256(svg.encode()).hexdigest()[:16], svg)
            )
        return self.boards[key]

    def seats_public(self, table: Table) -> list[dict[str, Any]]:
        """Every seat as anyone may see it: who plays it (``player``: its person, kept
        while a bot plays it ``bot_since``; ``played_by``: in words, see
        ``meeple.server.people``), its status, its panel; and, not cached, whether it
        is connected and ``handover_at``: when another player may hand it to a bot."""
        key = ("seats",)
        if key not in table.cache:
            view = self.view(table, None)
            waiting = list(table.game.to_act(table.state))
            names = table.game.seat_names(table.state.config)
            table.cache[key] = [
                {
                    "seat": seat,
                    "name": names[seat],
                    "player": person(info),
                    "bot_since": bot_since(info),
                    "played_by": played_by(info),
                    "kind": info["kind"],
                    "claimed": bool(info.get("claimed")),
                    "status": "finished"
                    if table.over
                    else render.seat_status(table.game, view, seat, waiting),
                    "panel": render.panel(table.game, view, seat),
                }
                for seat, info in enumerate(table.seats)
            ]
        out: list[dict[str, Any]] = [dict(s) for s in table.cache[key]]
        for entry in out:
            entry["connected"] = entry["kind"] != HUMAN or table.connected(entry["seat"])
            entry["handover_at"] = handover_at(table, entry["seat"], self.absent_after)
        return out

    def snapshot(
        self,
        table: Table,
        seat: int | None,
        *,
        svg: bool = False,
        since: int = 0,
        chat: bool = True,
        layered: bool = False,
        with_board: bool = True,
        fragments: bool = False,
    ) -> dict[str, Any]:
        """Everything one seat (or a spectator) may see of the table now.

        With ``svg``, the board as SVG: the whole board, or with ``layered`` (the
        WebSocket) ``svg`` is what this state draws on top of the board layer named by
        ``board``, whose SVG comes as ``board_svg`` only ``with_board``. With
        ``fragments`` (for ``dumps`` only) the view is its JSON text, serialised once."""
        game, state = table.game, table.state
        since = max(0, min(since, len(state.log)))
        out: dict[str, Any] = {
            "type": "state",
            "table": table.id,
            "game": game.name,
            "title": game.title,
            "reconstructed": game.reconstructed,
            "seat": seat,
            "version": table.seen.get(seat, table.version),
            "over": table.over,
            "to_act": list(game.to_act(state)),
            "legal": [a.text for a in game.legal(state, seat)] if seat is not None else [],
            "decision_version": None if seat is None else table.decision_version[seat],
            "seats": self.seats_public(table),
            "view": fragment(self.view_json(table, seat)) if fragments else self.view(table, seat),
            "result": table.record.result,
            "deadline": table.deadline,
            "now": time.time(),
            "bots": bot_names(game.name),
            "log_from": since,
            "log_to": len(state.log),
            "events": self.events(table, seat, since),
            "colours": self.colours(table),
            "chat": [m for m in table.chat if visible(m, seat)] if chat else None,
            "talk": table.talk,
            "chat_open": self.chat_open(table),
            "undo": None if seat is None else self.undo(table, seat).to_json(),
        }
        if table.analysis:  # its seed is open to all; play waits for these seats
            out["analysis"] = {"seed": table.record.seed, "waiting": table.unagreed()}
        targets_view = self.view(table, seat)
        out["labels"] = render.action_labels(game, targets_view, out["legal"])
        out.update(self.decision(table, seat, targets_view, out["legal"]))
        out["explain"] = None if table.over else render.explain(game, targets_view)
        for event in out["events"]:
            event.pop("private_to", None)
            event["targets"] = render.event_targets(game, targets_view, event)
        if svg:
            out["svg"] = self.svg(table, seat, layered)
            board = self.board(table) if layered else None
            if board is not None:
                out["board"] = board[0]
                if with_board:
                    out["board_svg"] = board[1]
            # The legend travels with the board layer (once per connection), or with
            # every whole board of a one-layer game.
            if board is None or with_board:
                out["legend"] = self.legend(table)
        return out

    def legend(self, table: Table) -> list[dict[str, str]]:
        """The symbols of the table's board and their meanings, once per game config."""
        config = table.record.config
        key = (table.game.name, table.game.rules_version, dumps(config.to_json()))
        if key not in self.legends:
            self.legends[key] = render.legend(table.game, self.view(table, None))
        return self.legends[key]

    def decision(
        self, table: Table, seat: int | None, view: dict[str, Any], legal: list[str]
    ) -> dict[str, Any]:
        """How a client draws the seat's decision: ``controls`` (the entries of
        ``meeple.engine.controls``), ``confirm`` (the question before each action that
        asks one, by text) and ``forced`` (the one legal action a client may play for
        the seat, or None: never in a timed phase, nor while the game's talks are on,
        which its "ready" would end). Kept until the table changes."""
        key = ("decision", seat)
        if key not in table.cache:
            game = table.game
            forced = render.plays_itself(game, view, legal)
            if forced is not None and (game.timed_phase(table.state) or self.talks_on(table)):
                forced = None
            table.cache[key] = {
                "controls": render.controls(game, view, legal),
                "confirm": render.confirm_questions(game, view, legal),
                "forced": forced,
            }
        return dict(table.cache[key])

    def talks_on(self, table: Table) -> bool:
        """Is the table in a phase the game's talk rules give to negotiation?"""
        if table.over or table.talk == "free" or table.game.name not in GAME_RULES:
            return False
        return self.chat_open(table)

    def undo(self, table: Table, seat: int) -> UndoStatus:
        """May ``seat`` take back its last decision now, and if not the one reason
        (``meeple.engine.undo``), from what the seat may see alone."""
        key = ("undo", seat)
        status = table.cache.get(key)
        if status is None:
            if table.over:
                status = UndoStatus(GAME_OVER)
            elif table.seats[seat]["kind"] != HUMAN:
                status = UndoStatus(BOT_PLAYS)
            else:
                status = undo_status(
                    table.last_decisions.get(seat),
                    table.state.log,
                    self.view(table, seat),
                    table.decided[seat],
                    seat,
                    table.undo_scans,
                )
            table.cache[key] = status
        assert isinstance(status, UndoStatus)
        return status

    def events(self, table: Table, seat: int | None, since: int) -> list[dict[str, Any]]:
        """The log's events from ``since`` on that ``seat`` may see, each with its story
        annotation: index ``i``, the ``seat`` it concerns, the ``section`` or ``phase``
        it begins and its ``dice`` (``meeple.server.story``)."""
        log = table.state.log
        notes = self.stories.annotate(table.id, table.game, log, table.players)
        return [
            {**log[i].to_json(), **notes[i]}
            for i in range(since, len(log))
            if log[i].visible_to(seat)
        ]

    def colours(self, table: Table) -> list[str]:
        """The colour each seat is drawn in (``Presentation.seat_colour``)."""
        names = table.game.seat_names(table.state.config)
        return [render.seat_colour(table.game, seat, name) for seat, name in enumerate(names)]

    def chat_open(self, table: Table) -> bool:
        """Does the table's talk option let seats chat now (``meeple.server.talk``)?"""
        view = self.view(table, None)
        return closed_because(table.talk, table.game, table.state, view, table.over) is None

    def kept_outline(self, table: Table) -> Outline | None:
        """The finished game's replay outline if it was worked out already."""
        outline = self.outlines.get(table.id)
        return outline if outline is not None and outline.total == len(table.record.moves) else None

    def keep_outline(self, table: Table, outline: Outline) -> None:
        """Keep ``outline`` (worked out elsewhere, e.g. in the CPU pool) for ``table``."""
        self.outlines[table.id] = outline
        if len(self.outlines) > MAX_REPLAYS:
            self.outlines.pop(next(iter(self.outlines)))

    # ---- after every change ---------------------------------------------------------

    def track_seen(self, table: Table, reset: bool = False) -> None:
        """Per seat (None: spectators), its own version: one more each time what it may
        see changes (the table's version when the table is loaded or created).

        A seat is shown this version, not the table's, and is pushed a new state only
        when it changes: so nobody learns how often, or when, another seat edited a
        secret decision (e.g. a line of its order sheet). A seat whose legal actions
        changed gets its new version as its ``decision_version``.
        """
        game, state, log = table.game, table.state, table.state.log
        self.seats_public(table)
        common = (
            dumps(table.cache[("seats",)]),
            tuple(game.to_act(state)),
            table.deadline,
            table.record.result is not None,
        )
        public = render.public_view(game)
        spectators = self.view_json(table, None)
        for seat in (None, *range(table.players)):
            done, count = table.event_counts.get(seat, (0, 0))
            if reset or done > len(log):
                done, count = 0, 0
            count += sum(1 for e in log[done:] if e.visible_to(seat))
            table.event_counts[seat] = (len(log), count)
            legal = () if seat is None else table.decided[seat]
            seen = spectators if public or seat is None else self.view_json(table, seat)
            undo = None if seat is None else self.undo(table, seat).reason
            key = hash((common, seen, legal, count, undo))
            if reset or seat not in table.seen:
                table.seen[seat] = table.version
            elif table.content.get(seat) != key:
                table.seen[seat] += 1
            table.content[seat] = key
        for seat in table.decisions_changed:
            table.decision_version[seat] = table.seen[seat]
        table.decisions_changed = set()

    async def broadcast(self, table: Table, force: bool = False) -> None:
        """Push the new state to every client that can see a change (all if ``force``).

        Every distinct message is serialised once and its text shared by every client
        it goes to. The board layer goes only to clients that do not hold it yet."""
        # Let the acting client's ack (queued just before this task runs) leave first.
        await asyncio.sleep(0)
        texts: dict[tuple[Any, ...], str] = {}
        board = self.board(table)
        board_id = None if board is None else board[0]
        for client in list(table.clients):
            version = table.seen.get(client.seat, table.version)
            if not force and version == client.version:
                # Nothing it may see changed; what an undo removed was hidden from it.
                client.log_to = min(client.log_to, len(table.state.log))
                continue
            client.version = version
            since = client.log_to if client.log_to <= len(table.state.log) else 0
            with_board = client.svg and board_id is not None and client.board != board_id
            key = (client.seat, client.svg, since, with_board)
            text = texts.get(key)
            if text is None:
                # Chat travels as its own messages.
                payload = self.snapshot(
                    table,
                    client.seat,
                    svg=client.svg,
                    since=since,
                    chat=False,
                    layered=True,
                    with_board=with_board,
                    fragments=True,
                )
                text = dumps(payload)
                texts[key] = text
            client.log_to = len(table.state.log)
            if with_board:
                client.board = board_id
            self.send(table, client, text)

    @staticmethod
    def send(table: Table, client: Client, text: str) -> None:
        """Queue ``text`` to one client; a client too far behind leaves the table."""
        if not client.push(text):
            table.clients.discard(client)
