"""Game review and hints over the bots' IS-MCTS, for every registered game.

``review_record`` judges each decision of a record from its seat's information at
that moment; ``hints`` gives the search's best choices at a live position. Both
return plain data (``meeple.review.model``) that round-trips through JSON.
"""

from meeple.review.hints import hints
from meeple.review.model import GRADES, REVIEW_VERSION, Choice, Decision, Review, SeatSummary
from meeple.review.review import DEFAULT_ITERATIONS, judge, review_record

__all__ = [
    "DEFAULT_ITERATIONS",
    "GRADES",
    "REVIEW_VERSION",
    "Choice",
    "Decision",
    "Review",
    "SeatSummary",
    "hints",
    "judge",
    "review_record",
]
