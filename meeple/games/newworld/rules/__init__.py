"""The rules of New World, one module per concern: naval losses and combat dice
(pure procedures over a die), unit bookkeeping, the automatic stages of a turn,
the decisions of each phase, and why an action is refused."""
