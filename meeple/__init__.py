"""meeple: play and study board games with every rule enforced."""

__version__ = "0.1.0"
