"""The rules of Africa 1880: the dispatcher (apply), the decisions of each phase
(placement: Setup's first presences; diplomacy; writing: the order sheet), the phases
that need no decision (phases) and why an action is refused (explain)."""
