"""The summary of a review (:func:`summary_lines`): the counts of each label first,
then each costly decision, one line each."""

from __future__ import annotations

from collections.abc import Sequence

from swoop_desktop.i18n import _, ngettext, pgettext
from swoop_desktop.plural import about, counted

from .figures import Judged
from .labels import GOOD_WITHIN, UNCLEAR, label_word
from .plays import doing_named


def _label_count(name: str, n: int, points: str) -> str:
    """ "2 cost about 14 points (mistakes)", "1 costs about 5 points (an inaccuracy)"."""
    if name == "inaccuracy":
        # Translators: a part of the review summary's first line; {n} how many decisions;
        # {points} "about 5 points".
        message = ngettext(
            "{n} costs {points} (an inaccuracy)", "{n} cost {points} (inaccuracies)", n
        )
    elif name == "mistake":
        # Translators: as the inaccuracies': {n} how many decisions; {points} "about 14 points".
        message = ngettext("{n} costs {points} (a mistake)", "{n} cost {points} (mistakes)", n)
    else:
        # Translators: as the inaccuracies': {n} how many decisions; {points} "about 30 points".
        message = ngettext("{n} costs {points} (a blunder)", "{n} cost {points} (blunders)", n)
    return message.format(n=n, points=points)


def summary_lines(vs: Sequence[Judged]) -> list[str]:
    """The summary of a review's verdicts, one line each: the counts first, then each
    costly decision."""
    if not vs:
        return [_("No decisions to review: every play was forced.")]
    good = [v for v in vs if v.good]
    close = [v for v in good if v.cost >= 0.5]
    parts = [
        # Translators: the start of the review summary's first line; {decisions} is "12
        # decisions"; {n} a figure.
        _("{decisions}: {n} as good as the best").format(
            decisions=counted(len(vs), "decision"), n=len(good) - len(close)
        )
    ]
    if close:
        parts.append(
            # Translators: a part of the review summary's first line (after "… as good as
            # the best"); {n} how many decisions; {points} "2 points".
            _("{n} close to it (within {points})").format(
                n=len(close), points=counted(GOOD_WITHIN, "point")
            )
        )
    unclear = [v for v in vs if v.label == UNCLEAR]
    if unclear:
        total = round(sum(v.cost for v in unclear))
        low = round(sum(v.low for v in unclear))
        high = round(sum(v.high for v in unclear))
        parts.append(
            # Translators: a part of the review summary's first line; {n} how many decisions;
            # {points} "about 8 points"; {low} and {high} whole points.
            _("{n} unclear ({points} in all, somewhere between {low} and {high})").format(
                n=len(unclear), points=about(total), low=low, high=high
            )
        )
    for name in ("inaccuracy", "mistake", "blunder"):
        group = [v for v in vs if v.label == name]
        if group:
            total = round(sum(v.cost for v in group))
            parts.append(_label_count(name, len(group), about(total)))
    # Translators: the mark between the parts of the summary's first line.
    lines = [pgettext("list", ", ").join(parts) + pgettext("end of a sentence", ".")]
    for v in sorted((v for v in vs if not v.good), key=lambda v: -v.cost):
        if v.label == UNCLEAR:
            lines.append(
                # Translators: {played} is what you did ("played two 7s"); {play} the other
                # play as a doing ("playing a 10"); {points} "about 8 points".
                _(
                    "Hand {hand}, decision {number}: you {played}; {play} may have been "
                    "better ({points}, between {low} and {high}, unclear)."
                ).format(
                    hand=v.hand_no + 1,
                    number=v.number,
                    played=v.chosen,
                    play=doing_named(v, v.best),
                    points=about(v.cost),
                    low=round(v.low),
                    high=round(v.high),
                )
            )
            continue
        lines.append(
            # Translators: {label} is "inaccuracy", "mistake" or "blunder".
            _(
                "Hand {hand}, decision {number}: you {played} when {play} was better "
                "({points}, {label})."
            ).format(
                hand=v.hand_no + 1,
                number=v.number,
                played=v.chosen,
                play=doing_named(v, v.best),
                points=about(v.cost),
                label=label_word(v.label),
            )
        )
    return lines
