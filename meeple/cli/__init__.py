"""The terminal: Typer commands over the engine, reading seats' views only."""
