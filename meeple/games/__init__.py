"""Every game package; importing this module registers them all."""

from meeple.games import africa1880 as africa1880
from meeple.games import namibia as namibia
