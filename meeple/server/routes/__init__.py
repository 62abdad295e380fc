"""The server's routes, one ``APIRouter`` per concern; ``meeple.server.app`` assembles them.

* ``pages``: the browser client's pages (and ``STATIC``, mounted at ``/static``);
* ``lobby``: the games and the list of tables;
* ``tables``: one table's HTTP API (create, state, actions, seats, record, replay);
* ``ws``: one table's WebSocket (live state, actions, chat).
"""
