"""The rules of Goofspiel (see README.md, whose section names the refusals cite):
``apply`` is the dispatcher the game delegates to, ``bidding`` the one phase,
``explain`` why an action is refused."""
