"""A puzzle's answer: one that repeats the play made (:func:`answer_is_the_choice`), one
that is not the best, never naming the best (:func:`wrong_answer`), one accepted
(:func:`right_answer`), and the answer asked for (:func:`solution`)."""

from __future__ import annotations

from swoop_desktop.i18n import _
from swoop_desktop.plural import about, counted

from .figures import Figures, Judged
from .labels import GOOD_WITHIN, called, label_of
from .plays import capital, doing_named, doing_of, imperative
from .reasons import better_message, unclear_message


def _again() -> str:
    return _("Try another play, or ask for the answer.")


def answer_is_the_choice(verdict: Judged) -> str:
    """A puzzle's answer that repeats the play the player made."""
    # Translators: {called} is "a mistake", "an inaccuracy", "unclear" or "good".
    return _(
        "Not the best: that is what you played, and the review called it {called} "
        "({points} lost). {again}"
    ).format(called=called(label_of(verdict)), points=about(verdict.cost), again=_again())


def wrong_answer(words: str, cost: float, play: str | None = None) -> str:
    """A puzzle's answer that is not the best: it never names the best play. ``play`` is
    the answer named as a doing ("playing two 7s"; from ``words`` when not given)."""
    # Translators: a puzzle's answer; {play} is "playing two 7s"; {points} "about 8 points";
    # {again} "Try another play, or ask for the answer."
    return _("Not the best: {play} costs {points} more than the best play found. {again}").format(
        play=play or imperative(words), points=about(cost), again=_again()
    )


def right_answer(
    words: str, verdict: Judged, best: Figures | None, is_best: bool, play: str | None = None
) -> str:
    """A puzzle's answer accepted: the best itself (with the verdict's reason), or an
    alternative as good (its own words; the reason, which names the best as "better",
    is left out so that nothing contradicts it). ``play`` is the answer named as a doing
    (from ``words`` when not given)."""
    doing_ = play or imperative(words)
    # Translators: {played} is what you had done ("played two 7s"); {points} "about 8 points".
    had = _("you had {played}, {points} worse").format(
        played=verdict.chosen, points=about(verdict.cost)
    )
    if is_best:
        # Translators: a puzzle's answer; {play} is "playing two 7s"; {had} "you had played
        # two 5s, about 8 points worse"; {why} the review's reason, one or more sentences.
        return _("Right: {play} is the better play ({had}). {why}").format(
            play=doing_, had=had, why=_why(verdict)
        )
    if best is not None:
        # Translators: a puzzle's answer; {play} and {best} are "playing two 7s"; {points}
        # "2 points"; {had} "you had played two 5s, about 8 points worse".
        return _(
            "Right: {play} is as good a play: within {points} of the best the review found "
            "({best}); {had}."
        ).format(play=doing_, points=counted(GOOD_WITHIN, "point"), best=doing_of(best), had=had)
    # Translators: a puzzle's answer; {play} is "playing two 7s"; {points} "2 points"; {had}
    # "you had played two 5s, about 8 points worse".
    return _(
        "Right: {play} is as good a play: within {points} of the best the review found; {had}."
    ).format(play=doing_, points=counted(GOOD_WITHIN, "point"), had=had)


def _why(verdict: Judged) -> str:
    """The verdict's reason without its opening words when they name the best play again
    ("Playing a 10 was better: ..." becomes "Why: ..."), so that an answer that has just
    named the play does not name it twice."""
    play = capital(doing_named(verdict, verdict.best))
    text = verdict.reason
    better = better_message()
    head = better.split("{because}")[0]
    if head.startswith("{play}") and "{" not in head[len("{play}") :]:
        opening = head.replace("{play}", play, 1)
        if text.startswith(opening):
            # Translators: the reason of a puzzle's answer, its play already named.
            return _("Why: {reason}").format(reason=text[len(opening) :])
    if text.startswith(f"{play} was safer: "):  # the words of an older review
        return f"Why: {text[len(play) + len(' was safer: ') :]}"
    unclear = unclear_message().split("{points}")[0]
    if unclear.startswith("{play} ") and "{" not in unclear[len("{play}") :]:
        if text.startswith(unclear.replace("{play}", play, 1)):
            # Translators: "It" stands for the play just named: "It may have been better, ...".
            return _("It {reason}").format(reason=text[len(play) + 1 :])
    return text


def solution(verdict: Judged) -> str:
    """The answer to a puzzle, for a player who asks for it: the best play and why (the
    play named once)."""
    # Translators: a puzzle's answer when asked for; {play} is "playing two 7s"; {why} the
    # review's reason, one or more sentences ("Why: …").
    return _("The answer: {play}. {why}").format(
        play=doing_named(verdict, verdict.best), why=_why(verdict)
    )
