"""The daily deal's comparison: another player's game on the same deal (the hard
opponent in your seat) laid beside yours, decision by decision (:class:`Beside`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from swoop_desktop.engine import Action
from swoop_desktop.engine.observation import Observation
from swoop_desktop.i18n import _, ngettext
from swoop_desktop.plural import about, counted

from .figures import Figures, Judged
from .labels import LABELS
from .plays import capital, describe, doing, doing_named, imperative


class Met(Protocol):
    """A decision as the words for another play of the same deal read it."""

    @property
    def number(self) -> int: ...
    @property
    def step(self) -> int: ...
    @property
    def obs(self) -> Observation: ...
    @property
    def chosen(self) -> Action: ...


class Weighed(Judged, Protocol):
    """A verdict with the plays it weighed (the review's ``Verdict``)."""

    @property
    def options(self) -> Sequence[Figures]: ...
    @property
    def worlds(self) -> int: ...


class Beside:
    """Another player's game on the same deal (the daily deal's hard opponent in your
    seat) laid beside yours, decision by decision: :attr:`lines` has one line for each
    decision, :attr:`summary` one for the summary, :attr:`at` the decision where the
    games parted (an index into the decisions; None when they parted at no decision of
    yours).

    ``theirs`` is that game's actions, every seat's, in order; ``parted`` the index of
    the first action where the two games differ (None when they never do). Before it,
    both games are the same card for card, so at each of your decisions they played what
    you played; at it, they played something else (when it was your decision); after it,
    the games differ and nothing of theirs is said of yours.

    ``who`` names the other player ("the hard opponent"), in the player's language.
    """

    def __init__(
        self,
        found: Sequence[Met],
        theirs: Sequence[Action],
        parted: int | None,
        who: str | None = None,
        work: int | None = None,
    ) -> None:
        # Translators: the AI the review sets in your seat, as {who} in its lines (lower case).
        who = who if who is not None else _("the hard opponent")
        self.lines: list[str] = []
        self.at: int | None = None
        self.who = who
        self.work = work  # the other player's play-outs per decision, when known
        # What the other player played at each of your decisions (None once the games differ).
        self.played: list[str | None] = []
        # ... and the same named as a doing, for what the review says of it.
        self.doings: list[str | None] = []
        head = capital(who)
        since = ""
        for i, d in enumerate(found):
            if parted is None or d.step < parted:
                # Translators: {who} is "The hard opponent" (with its capital).
                self.lines.append(_("{who} played the same here.").format(who=head))
                self.played.append(describe(d.obs, d.chosen) if d.obs is not None else None)
                self.doings.append(doing(d.obs, d.chosen) if d.obs is not None else None)
            elif d.step == parted and d.step < len(theirs):
                self.played.append(describe(d.obs, theirs[d.step]))
                self.doings.append(doing(d.obs, theirs[d.step]))
                self.at = i
                # Translators: {who} is "the hard opponent"; {played} "played two 7s".
                self.lines.append(
                    # Translators: a line of the review beside the hard opponent's game.
                    _("Here {who} {played} instead; from here the games differ.").format(
                        who=who, played=describe(d.obs, theirs[d.step])
                    )
                )
                # Translators: {since} in "...'s hand went its own way {since}" (the review).
                since = _("after decision {number}").format(number=d.number)
            else:
                self.played.append(None)
                self.doings.append(None)
                since = since or _("before decision {number}, at another player's turn").format(
                    number=d.number
                )
                # Translators: {since} is "after decision 4" or "before decision 4, at
                # another player's turn".
                self.lines.append(
                    # Translators: {who} is "the hard opponent"; {since} as said just above.
                    _("The games differ from here: {who}'s hand went its own way {since}.").format(
                        who=who, since=since
                    )
                )
        if self.at is not None:
            d = found[self.at]
            # Translators: {who} is "the hard opponent"; {yours} and {theirs} plays in the
            # past ("played two 7s").
            self.summary = _(
                "Decision {number} is where you and {who} parted ways: you {yours}, {who} "
                "{theirs}; from there the games differ."
            ).format(
                number=d.number,
                who=who,
                yours=describe(d.obs, d.chosen),
                theirs=describe(d.obs, theirs[d.step]),
            )
        elif parted is not None and any(d.step > parted for d in found):
            # Translators: {who} is "The hard opponent" (with its capital); {since} is "after
            # decision 4" or "before decision 4, at another player's turn".
            self.summary = _(
                "{who}'s game went another way {since}; up to there it was yours, play for play."
            ).format(who=head, since=since)
        else:
            # Translators: {who} is "The hard opponent" (with its capital).
            self.summary = _("{who} in your seat made every decision as you did.").format(who=head)

    def against(self, index: int, verdict: Weighed) -> str | None:
        """What the review says of the other player's play at decision ``index``: that
        they agree, or why they name different plays (the review's figures for theirs,
        and the work and luck of the play-outs behind each). None once the games differ."""
        if not 0 <= index < len(self.played):
            return None
        theirs = self.played[index]
        if theirs is None:
            return None
        their_doing = self.doings[index] or imperative(theirs)
        best = verdict.best
        best_doing = doing_named(verdict, best)
        if theirs == best:
            if theirs == verdict.chosen:
                # Translators: {play} is the play as a doing ("playing two 7s").
                return _("The review agrees with you both: {play} was its best too.").format(
                    play=best_doing
                )
            # Translators: {who} is "the hard opponent"; {play} a doing ("playing two 7s").
            return _("The review agrees with {who}: {play} was its best play.").format(
                who=self.who, play=best_doing
            )
        if self.work:
            # Translators: {work} in "They differ because {work} and {review}"; {who} is "the
            # hard opponent"; {playouts} "400 play-outs".
            work = _("{who} weighs {playouts} a decision in its own game").format(
                who=self.who, playouts=counted(self.work, "play-out")
            )
        else:
            # Translators: {work} in "They differ because {work} and {review}"; {who} is "the
            # hard opponent".
            work = _("{who} weighs its own play-outs in its own game").format(who=self.who)
        # Translators: {review} in "They differ because {work} and {review}"; {playouts} is
        # "400 play-outs".
        review = _("the review weighed {playouts} from your seat").format(
            playouts=counted(verdict.worlds, "play-out")
        )
        options = list(verdict.options)
        top = options[0] if options else None
        other = next((o for o in options if o.words == theirs), None)
        if theirs == verdict.chosen:  # the review weighed it as your play, with a range
            gap, low = verdict.cost, verdict.low
            high = round(verdict.high)
            # Translators: {low} and {high} whole points.
            span = ngettext(
                " (somewhere between {low} and {high} point)",
                " (somewhere between {low} and {high} points)",
                high,
            ).format(low=round(low), high=high)
        elif other is not None and top is not None:
            gap, low, span = max(0.0, other.margin - top.margin), 0.0, ""
        else:
            # Translators: {best} and {theirs} are doings ("playing two 7s"); {work} "the hard
            # opponent weighs 400 play-outs a decision…"; {review} "the review weighed …".
            return _(
                "The review named {best} as best and did not weigh {theirs} among its best "
                "few: {work}; {review}."
            ).format(best=best_doing, theirs=their_doing, work=work, review=review)
        # Translators: {span} is " (somewhere between 2 and 9 points)" or nothing.
        named = _(
            "The review named {best} as best, {points}{span} better than {theirs} in its play-outs"
        ).format(best=best_doing, points=about(gap), span=span, theirs=their_doing)
        if round(low) < LABELS[0][1]:
            # Translators: {named} is the sentence "The review named … in its play-outs";
            # {work} and {review} as in the message before.
            return _(
                "{named}. They differ because {work} and {review}: plays this close can come "
                "out either way with the luck of the play-outs."
            ).format(named=named, work=work, review=review)
        # Translators: {named} is the sentence "The review named … in its play-outs";
        # {work} and {review} as in the message before.
        return _(
            "{named}. They differ because {work} and {review}: a gap this sure is the "
            "review's closer look, not luck."
        ).format(named=named, work=work, review=review)
