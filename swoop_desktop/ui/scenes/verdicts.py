"""How the review's verdicts look on every screen that shows them (the review, Puzzles,
Scores' accuracy): their colours and words, and the work a review opened from a screen
does. A part shared by screens, not a screen.
"""

from __future__ import annotations

from swoop_desktop.ai.review import REVIEW_WORLDS

LABEL_COLOURS = {
    "good": (110, 220, 140),
    "unclear": (170, 190, 225),
    "inaccuracy": (240, 220, 110),
    "mistake": (245, 160, 90),
    "blunder": (240, 90, 80),
}
LABEL_WORDS = {
    "good": "Good",
    "unclear": "Unclear",
    "inaccuracy": "Inaccuracy",
    "mistake": "Mistake",
    "blunder": "Blunder",
}
#: Re-deals per decision when a screen opens a review (the analysis's own default).
DEFAULT_WORLDS = REVIEW_WORLDS
