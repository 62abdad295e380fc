"""Where a data file's facts come from: every game data file carries one top-level
``provenance`` field, ``{"kind": "printed" | "reconstructed" | "derived", "source":
text}`` with optional ``"notes"`` (a list of texts).

``printed``: the facts are printed in the rulebook; ``reconstructed``: no public
source gives them, meeple built them to fit every rule the rulebook states;
``derived``: computed from other files or from play (the source names how).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, cast

ProvenanceKind = Literal["printed", "reconstructed", "derived"]
PROVENANCE_KINDS: tuple[ProvenanceKind, ...] = ("printed", "reconstructed", "derived")
FIELDS = frozenset({"kind", "source", "notes"})


@dataclass(frozen=True)
class Provenance:
    kind: ProvenanceKind
    source: str
    notes: tuple[str, ...] = ()


def read_provenance(
    document: Mapping[str, object], name: str, error: type[Exception] = ValueError
) -> Provenance:
    """The ``provenance`` field of the data file ``name``; ``error`` (the game's
    data error) naming what is wrong if it is missing or malformed."""
    raw = document.get("provenance")
    if not isinstance(raw, dict):
        raise error(f"{name}: 'provenance' must be an object with 'kind' and 'source'")
    unknown = sorted(set(raw) - FIELDS)
    if unknown:
        raise error(f"{name}: unknown provenance fields {unknown}")
    kind, source, notes = raw.get("kind"), raw.get("source"), raw.get("notes", [])
    if kind not in PROVENANCE_KINDS:
        raise error(f"{name}: provenance kind {kind!r} is not one of {PROVENANCE_KINDS}")
    if not isinstance(source, str) or not source.strip():
        raise error(f"{name}: provenance needs a 'source' saying where the facts come from")
    if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        raise error(f"{name}: provenance notes must be a list of texts")
    return Provenance(cast(ProvenanceKind, kind), source, tuple(notes))
