"""Every game package; importing this module registers them all."""

from meeple.games import namibia as namibia  # noqa: F401  (registers Namibia)
