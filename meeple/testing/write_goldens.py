"""Write golden playthroughs from the shell (``meeple.testing.golden``)::

    python -m meeple.testing.write_goldens FOLDER GAME...

GAME is a registered game's name, or ``module:object`` for a game no entry point
declares (registered on the way). Per game: its random-play goldens at the most and
the fewest players, and every other golden file of it in FOLDER refreshed.
"""

from __future__ import annotations

from meeple.testing.golden import main

if __name__ == "__main__":
    main()
