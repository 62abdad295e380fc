"""A game's "how to play" page: its help file (``help.md`` in the game's package)
rendered by a small, safe subset of Markdown, or a generic page from its metadata.

The subset: headings (``#`` to ``####``, an optional ``{#anchor}`` at the end),
paragraphs, lists (``- `` and ``1. ``), ``*emphasis*``, ``**strong**``, ``[links](url)``
to ``http(s)://``, ``/`` or ``#`` addresses, and ``{legend}`` alone on a line (the
board's symbols, drawn by the game's ``legend`` hook). Every character of the file is
escaped; nothing else becomes markup.

Rule references: a link reference definition ``[rule text]: #anchor`` (invisible, as
in Markdown) maps a rule a refusal names (``IllegalAction.rule``, e.g. "2.1) Orders
Given to Presences") to the section that explains it. ``anchor_for`` finds the
section of any rule: its exact text, else the definition sharing its longest leading
section number, else the page's top.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from importlib import resources
from typing import Any

from meeple.engine import Game

HELP_FILE = "help.md"
HEADING = re.compile(r"^(#{1,4})\s+(.*?)(?:\s*\{#([a-z0-9][a-z0-9-]*)\})?\s*$")
RULE_DEFINITION = re.compile(r"^\[([^\]]+)\]:\s*#([a-z0-9][a-z0-9-]*)\s*$")
BULLET = re.compile(r"^\s*(?:[-*]|(\d+)\.)\s+(.*)$")
LINK = re.compile(r"\[([^\]]+)\]\(((?:https?://|/(?!/)|#)[^)\s*]*)\)")
STRONG = re.compile(r"\*\*(.+?)\*\*")
EMPHASIS = re.compile(r"\*(.+?)\*")
NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)*)")


@dataclass
class HelpDoc:
    """A rendered help file: its body's HTML, its title, the anchors of its headings
    (in order, with their titles) and its rule references (rule text -> anchor)."""

    title: str
    html: str
    anchors: list[tuple[str, str]] = field(default_factory=list)
    rules: dict[str, str] = field(default_factory=dict)

    def anchor_for(self, rule: str) -> str | None:
        """The anchor of the section explaining ``rule``; None: the page's top."""
        wanted = _normal(rule)
        for text, anchor in self.rules.items():
            if _normal(text) == wanted:
                return anchor
        number = _number(rule)
        best: tuple[int, str] | None = None
        for text, anchor in self.rules.items():
            theirs = _number(text)
            if number and theirs and _covers(theirs, number):
                depth = theirs.count(".")
                if best is None or depth > best[0]:
                    best = (depth, anchor)
        return None if best is None else best[1]


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


def _number(text: str) -> str:
    found = NUMBER.match(text)
    return found.group(1) if found else ""


def _covers(prefix: str, number: str) -> bool:
    """Does section ``prefix`` ("8.2") contain section ``number`` ("8.22" is not in
    "8.2": sections are dotted, "8.2.1" is)?"""
    return number == prefix or number.startswith(prefix + ".")


def inline(text: str) -> str:
    """One line's text escaped, then its links, strong and emphasised words marked up."""
    out = escape(text, quote=True)
    out = LINK.sub(lambda m: f'<a href="{m.group(2)}">{m.group(1)}</a>', out)
    out = STRONG.sub(r"<strong>\1</strong>", out)
    return EMPHASIS.sub(r"<em>\1</em>", out)


def slug(words: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-") or "section"


def render_help(text: str, legend_html: str = "") -> HelpDoc:
    """The help file ``text`` as HTML (see the module's docstring for the subset)."""
    out: list[str] = []
    doc = HelpDoc(title="", html="")
    paragraph: list[str] = []
    list_tag: str | None = None

    def flush() -> None:
        nonlocal list_tag
        if paragraph:
            out.append(f"<p>{inline(' '.join(paragraph))}</p>")
            paragraph.clear()
        if list_tag:
            out.append(f"</{list_tag}>")
            list_tag = None

    for raw in text.splitlines():
        line = raw.rstrip()
        definition = RULE_DEFINITION.match(line)
        heading = HEADING.match(line)
        bullet = BULLET.match(line)
        if definition:
            flush()
            doc.rules[definition.group(1).strip()] = definition.group(2)
        elif not line.strip():
            flush()
        elif line.strip() == "{legend}":
            flush()
            out.append(legend_html)
        elif heading:
            flush()
            level, words = len(heading.group(1)), heading.group(2)
            if level == 1 and not doc.title:
                doc.title = words
                out.append(f"<h1>{inline(words)}</h1>")
                continue
            anchor = heading.group(3) or slug(words)
            doc.anchors.append((anchor, words))
            out.append(
                f'<h{level} id="{anchor}">{inline(words)}'
                f' <a class="anchor" href="#{anchor}" aria-label="link to this section">#</a>'
                f"</h{level}>"
            )
        elif bullet:
            if paragraph:
                out.append(f"<p>{inline(' '.join(paragraph))}</p>")
                paragraph.clear()
            tag = "ol" if bullet.group(1) else "ul"
            if list_tag != tag:
                if list_tag:
                    out.append(f"</{list_tag}>")
                out.append(f"<{tag}>")
                list_tag = tag
            out.append(f"<li>{inline(bullet.group(2))}</li>")
        elif list_tag and raw.startswith("  "):
            # A list item's continued line.
            out[-1] = out[-1][: -len("</li>")] + " " + inline(line.strip()) + "</li>"
        else:
            if list_tag:
                out.append(f"</{list_tag}>")
                list_tag = None
            paragraph.append(line.strip())
    flush()
    doc.html = "\n".join(out)
    return doc


def help_source(game: Game[Any]) -> str | None:
    """The text of the game's help file (``help.md`` beside its game module), or None."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        path = resources.files(package).joinpath(HELP_FILE)
        return path.read_text("utf-8") if path.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError):
        return None


def legend_html(entries: list[dict[str, str]]) -> str:
    """The board's symbols as a list: each symbol (the game's own SVG) and its meaning."""
    if not entries:
        return ""
    items = "".join(
        f'<li><span class="symbol">{e["symbol"]}</span><span>{escape(e["meaning"])}</span></li>'
        for e in entries
    )
    return f'<ul class="legend">{items}</ul>'


def generic_help(game: Game[Any], legend: str) -> HelpDoc:
    """A page from the game's metadata alone, for a game without a help file."""
    players = (
        f"{game.min_players}"
        if game.min_players == game.max_players
        else f"{game.min_players} to {game.max_players}"
    )
    parts = [
        f"<h1>How to play {escape(game.title)}</h1>",
        '<h2 id="about">About this game</h2>',
        f"<p>{escape(game.title)} is played by {players} players. This game has no"
        " how-to-play page of its own yet: the table offers only legal actions, and a"
        " refused one says which rule forbids it.</p>",
    ]
    summary = str(getattr(game, "summary", "") or "")
    if summary:
        parts.append(f"<p>{escape(summary)}</p>")
    anchors = [("about", "About this game")]
    if game.option_specs:
        parts.append('<h2 id="options">Options</h2><ul>')
        anchors.append(("options", "Options"))
        for spec in game.option_specs:
            parts.append(
                f"<li><strong>{escape(spec.title)}</strong>: {escape(spec.description)}</li>"
            )
        parts.append("</ul>")
    if legend:
        parts.append(f'<h2 id="symbols">Symbols of the board</h2>{legend}')
        anchors.append(("symbols", "Symbols of the board"))
    return HelpDoc(title=f"How to play {game.title}", html="\n".join(parts), anchors=anchors)


PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>meeple: {title}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
<header><a href="/">meeple</a><span>{title}</span><span class="spacer"></span></header>
<main class="helppage">
<nav class="card helpnav" aria-label="sections"><h2>On this page</h2><ul>{nav}</ul></nav>
<article class="card help">
{body}
</article>
</main>
</body>
</html>
"""


def page(doc: HelpDoc) -> str:
    """The whole HTML page of a rendered help document."""
    nav = "".join(
        f'<li><a href="#{anchor}">{inline(words)}</a></li>' for anchor, words in doc.anchors
    )
    return PAGE.format(title=escape(doc.title), nav=nav, body=doc.html)
