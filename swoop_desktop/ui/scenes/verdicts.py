"""How the review's verdicts look on every screen that shows them (the review, Puzzles,
Scores' accuracy): their colours and words, and the work a review opened from a screen
does. A part shared by screens, not a screen.
"""

from __future__ import annotations

from swoop_desktop.ai.review import REVIEW_WORLDS
from swoop_desktop.i18n import Np_, pgettext

LABEL_COLOURS = {
    "good": (110, 220, 140),
    "unclear": (170, 190, 225),
    "inaccuracy": (240, 220, 110),
    "mistake": (245, 160, 90),
    "blunder": (240, 90, 80),
}
#: The verdicts' names in English; :func:`label_words` says them in the player's language.
LABEL_WORDS = {
    "good": Np_("verdict", "Good"),
    "unclear": Np_("verdict", "Unclear"),
    "inaccuracy": Np_("verdict", "Inaccuracy"),
    "mistake": Np_("verdict", "Mistake"),
    "blunder": Np_("verdict", "Blunder"),
}


def label_words(label: str) -> str:
    """A verdict's name ("Mistake") in the player's language."""
    # Translators: the review's verdict on one play (Good, Unclear, Inaccuracy, ...).
    return pgettext("verdict", LABEL_WORDS[label])


#: Re-deals per decision when a screen opens a review (the analysis's own default).
DEFAULT_WORLDS = REVIEW_WORLDS
