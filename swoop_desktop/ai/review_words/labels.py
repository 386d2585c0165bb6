"""The one scale of every screen: the label a cost and its range earn (good, unclear,
inaccuracy, mistake, blunder; :func:`verdict_label`), read in whole points as they are
shown, and the label's words (:func:`label_word` for the summary's lines, :func:`called`
after "the review called it")."""

from __future__ import annotations

from swoop_desktop.i18n import Np_, pgettext

from .figures import Judged

#: Label thresholds in points of margin lost against the best action, upper bounds.
LABELS: tuple[tuple[str, float], ...] = (
    ("good", 3.0),
    ("inaccuracy", 8.0),
    ("mistake", 20.0),
    ("blunder", float("inf")),
)
#: The label of a cost beyond the "good" line that the play-outs cannot separate from it.
UNCLEAR = "unclear"


#: The most whole points a "good" decision is shown to cost (under the "good" line).
GOOD_WITHIN = round(LABELS[0][1]) - 1


def label_for(cost: float) -> str:
    """The label of a cost, read as it is shown: rounded to whole points ("about 8
    points" is one label wherever it is written, never an inaccuracy here and a mistake
    there)."""
    shown = round(cost)
    for name, upper in LABELS:
        if shown < upper:
            return name
    return LABELS[-1][0]


def verdict_label(cost: float, low: float, high: float) -> str:
    """The word for a cost and the range it very likely lies in, both read as they are
    shown (whole points): "good" only when the whole range lies within the "good" line;
    a range that reaches past it from within is "unclear" (the play-outs cannot separate
    it from good); a range wholly beyond it gets the cost's own label. The one scale of
    every screen: the review, its summary, Puzzles and the daily deal's review."""
    line = LABELS[0][1]
    if round(high) < line:
        return LABELS[0][0]
    if round(low) < line:
        return UNCLEAR
    return label_for(cost)


def label_of(verdict: Judged) -> str:
    """A verdict's label on today's scale, worked out again from its cost and range (a
    puzzle keeps the verdict of the review it came from, which may be older)."""
    return verdict_label(verdict.cost, verdict.low, verdict.high)


def label_word(label: str) -> str:
    """A verdict's label as the summary's lines end: "mistake", "blunder"."""
    words = {
        "good": Np_("review label", "good"),
        "unclear": Np_("review label", "unclear"),
        "inaccuracy": Np_("review label", "inaccuracy"),
        "mistake": Np_("review label", "mistake"),
        "blunder": Np_("review label", "blunder"),
    }
    return pgettext("review label", words[label]) if label in words else label


def called(label: str) -> str:
    """ "a mistake", "an inaccuracy", "unclear", "good": a label after "called it"."""
    words = {
        "good": Np_("called it", "good"),
        "unclear": Np_("called it", "unclear"),
        "inaccuracy": Np_("called it", "an inaccuracy"),
        "mistake": Np_("called it", "a mistake"),
        "blunder": Np_("called it", "a blunder"),
    }
    return pgettext("called it", words[label]) if label in words else label
