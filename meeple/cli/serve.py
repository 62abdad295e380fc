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
    limit: list[str] = typer.Option(
        [],
        "--limit",
        help="a server limit as name=value, repeatable (e.g. --limit http_rate=20);"
        " also MEEPLE_LIMIT_<NAME>; the limits are listed in docs/server.md",
    ),
) -> None:
    """Serve the browser client and the HTTP API (OpenAPI page at /docs)."""
    import uvicorn
    from sqlalchemy.engine import make_url

    from meeple.server.app import create_app
    from meeple.server.limits import Limits, parse_options

    try:
        limits = Limits.from_settings(options=parse_options(limit))
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--limit") from None
    app = create_app(db, bot_delay=bot_delay, limits=limits)
    shown = make_url(db).render_as_string(hide_password=True)
    console.print(f"meeple is serving on [bold]http://{host}:{port}[/] (database {shown})")
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=ws_compression,
        proxy_headers=proxy_headers,  # the address is what the per-address limits count
    )


def register(app: typer.Typer) -> None:
    app.command()(serve)
