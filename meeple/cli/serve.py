"""``meeple serve``: the web server (lobby, tables, live play, replays)."""

from __future__ import annotations

import typer

from meeple.cli.common import console


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

    import uvicorn
    from sqlalchemy.engine import make_url

    from meeple.server.app import SERVE_BOT_DELAY, SERVE_DB, create_app
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
    console.print(
        f"meeple is serving on [bold]http://{host}:{port}[/] (database {shown},"
        f" {workers} process{'es' if workers > 1 else ''})"
    )
    if workers > 1:  # each worker builds its app from the environment
        os.environ[SERVE_DB] = db
        os.environ[SERVE_BOT_DELAY] = str(bot_delay)
        for name, value in options.items():
            os.environ[ENV_PREFIX + name.strip().replace("-", "_").upper()] = value
    app = (
        "meeple.server.app:app_from_env"
        if workers > 1
        else create_app(db, bot_delay=bot_delay, limits=limits)
    )
    uvicorn.run(
        app,
        factory=workers > 1,
        workers=workers,
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=ws_compression,
        proxy_headers=proxy_headers,  # the address is what the per-address limits count
    )


def register(app: typer.Typer) -> None:
    app.command()(serve)
