"""meeple's own games, one package each, registered as plugins through the
``meeple.games`` entry-point group in pyproject.toml (see docs/adding-a-game.md)."""
