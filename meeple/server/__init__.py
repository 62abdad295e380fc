"""Play in the browser: a FastAPI server, its storage and its static web client.

The server is a thin adapter over the engine contract: every response to a seat is
built from ``game.view(state, seat)`` and ``game.events(state, seat)`` only.
"""
