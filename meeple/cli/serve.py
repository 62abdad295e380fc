"""``meeple serve``: the web server (lobby, tables, live play, replays)."""

from __future__ import annotations

import errno
import socket
import threading
import time
from typing import Any

import typer


def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: str = typer.Option(
        "sqlite:///meeple.db",
        help="database URL: sqlite:///FILE (default) or postgresql://user:pass@host/db",
    ),
    bot_delay: float = typer.Option(0.4, help="seconds a bot waits before each move"),
    ws_compression: bool = typer.Option(
        False, help="permessage-deflate on WebSockets: less traffic, more CPU per message"
    ),
    proxy_headers: bool = typer.Option(
        False,
        help="take the client address from X-Forwarded-For when the peer is 127.0.0.1 (a"
        " local reverse proxy); off by default: any local process could pick its address",
    ),
    workers: int = typer.Option(
        1,
        min=1,
        help="server processes sharing the port (PostgreSQL only: they coordinate through"
        " the database; see docs/server.md, 'Several processes')",
    ),
    limit: list[str] = typer.Option(
        [],
        "--limit",
        help="a server limit as name=value, repeatable (e.g. --limit http_rate=20);"
        " also MEEPLE_LIMIT_<NAME>; the limits are listed in docs/server.md",
    ),
) -> None:
    """Serve the browser client and the HTTP API (OpenAPI page at /docs)."""
    import os

    from sqlalchemy.engine import make_url

    from meeple.server.limits import ENV_PREFIX, Limits, parse_options

    try:
        options = parse_options(limit)
        limits = Limits.from_settings(options=options)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--limit") from None
    if workers > 1 and db.startswith("sqlite"):
        raise typer.BadParameter(
            "several workers need PostgreSQL (--db postgresql://user:pass@host/db); SQLite"
            " serves from one process",
            param_hint="--workers",
        )
    shown = make_url(db).render_as_string(hide_password=True)
    announce = (
        f"meeple is serving on http://{host}:{port} (database {shown},"
        f" {workers} process{'es' if workers > 1 else ''})"
    )
    sock = listen_or_exit(host, port)  # first: a busy port fails before anything loads
    import uvicorn

    from meeple.server.app import SERVE_BOT_DELAY, SERVE_DB, create_app
    from meeple.server.transport import uvicorn_settings

    # Frame size, header timeout, answered handshakes, stalled sockets dropped.
    transport = uvicorn_settings(limits)

    if workers > 1:  # each worker builds its app from the environment
        os.environ[SERVE_DB] = db
        os.environ[SERVE_BOT_DELAY] = str(bot_delay)
        for name, value in options.items():
            os.environ[ENV_PREFIX + name.strip().replace("-", "_").upper()] = value
        sock.close()  # uvicorn binds the port again for the workers it starts
        announce_when_answering(host, port, announce)
        uvicorn.run(
            "meeple.server.app:app_from_env",
            factory=True,
            workers=workers,
            host=host,
            port=port,
            log_level="warning",
            ws_per_message_deflate=ws_compression,
            proxy_headers=proxy_headers,
            **transport,
        )
        return
    config = uvicorn.Config(
        create_app(db, bot_delay=bot_delay, limits=limits),
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=ws_compression,
        proxy_headers=proxy_headers,  # the address is what the per-address limits count
        **transport,
    )
    if not run_announcing(config, sock, announce):
        raise typer.Exit(1)  # the app could not start (uvicorn said why)


def run_announcing(config: Any, sock: socket.socket, announce: str) -> bool:
    """Serve ``config`` (a ``uvicorn.Config``) on ``sock``, printing ``announce`` once
    it listens and its app has started; False if the app could not start."""
    import uvicorn

    class AnnouncingServer(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                typer.echo(announce)

    server = AnnouncingServer(config)
    server.run(sockets=[sock])
    return bool(server.started)


def listen_or_exit(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening; a port in use (or any other
    refusal) is one sentence on stderr and exit status 1, never a traceback."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            sentence = (
                f"meeple serve: port {port} on {host} is already in use by another program;"
                f" stop it or choose another port (--port, or make serve PORT=...)."
            )
        else:
            sentence = f"meeple serve: cannot listen on {host}:{port}: {error.strerror or error}."
        typer.echo(sentence, err=True)
        raise typer.Exit(1) from None
    sock.set_inheritable(True)
    return sock


def announce_when_answering(host: str, port: int, announce: str) -> None:
    """Print ``announce`` from a background thread once ``host:port`` accepts
    connections (the workers' uvicorn binds it after this returns)."""
    target = "::1" if host == "::" else "127.0.0.1" if host == "0.0.0.0" else host

    def wait() -> None:
        while True:
            try:
                with socket.create_connection((target, port), timeout=1):
                    typer.echo(announce)
                    return
            except OSError:
                time.sleep(0.1)

    threading.Thread(target=wait, daemon=True).start()


def register(app: typer.Typer) -> None:
    app.command()(serve)
