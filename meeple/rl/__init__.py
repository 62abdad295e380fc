"""Learning and research adapters: PettingZoo, Gymnasium and OpenSpiel.

Written once over the engine contract; every registered game whose ``Game``
gives an ``encoding()`` gets them, and none of them names a game. Install with
``pip install meeple[rl]``; ``docs/learning.md`` explains them.

The adapters import their libraries, so import the module you need:
``meeple.rl.pettingzoo_env``, ``meeple.rl.gym_env``, ``meeple.rl.openspiel_game``.
"""
