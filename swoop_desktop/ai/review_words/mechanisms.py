"""What happens in the play-outs, in words: a Swoop at once and how, the Swoop a pick-up
sets up, a pick-up a play only delays, the opponent about to go out, the mystery card's
odds, the cards and points a set sheds, and the shares of the play-outs each is seen in.
The reasons (:mod:`.reasons`) are made of these."""

from __future__ import annotations

from collections.abc import Sequence

from swoop_desktop.card_words import OBJECT, SUBJECT, cards_in, your_card
from swoop_desktop.choices import seat_name
from swoop_desktop.engine import RANK_OF, Action, Add, Flip, Play
from swoop_desktop.engine.observation import Observation
from swoop_desktop.i18n import _, ngettext
from swoop_desktop.plural import about

from ..bots import action_rank
from .figures import Figures
from .plays import action_of, capital, doing_of, pile_words


def swoops_at_once(obs: Observation, action: Action | None) -> bool:
    """Whether ``action`` swoops the pile as it is played: a Swoop card (a 10 or a Joker,
    as the rules say), or a set that makes four of a rank with the pile's top cards."""
    if action is None or type(action) not in (Play, Add):
        return False
    r = action_rank(obs, action)
    if obs.rules.is_swoop_rank(r):
        return True
    k = action.size  # type: ignore[union-attr]
    if type(action) is Add:
        return obs.run + k >= 4
    if obs.pile and r > obs.top:
        return False  # a pick-up first, whatever follows
    run = obs.run + k if (obs.pile and r == obs.top) else k
    return run >= 4


def swoop_how(obs: Observation, action: Action) -> str:
    """How a play swoops at once, in words: "your 10 swoops at once: it clears the 6-card
    pile (30 points) and you play again", "two 7s make four with the pile's two 7s: ..."."""
    r = action_rank(obs, action)
    if obs.pile:
        # Translators: {clears} in "{card} swoops at once: {clears}"; {pile} is "the pile of
        # 6 cards (30 points)".
        clears = _("it clears {pile} and you play again").format(pile=pile_words(obs, obs.rules))
    else:
        # Translators: after "your 10 swoops at once: " when there is no pile to clear.
        clears = _("and you play again")
    if obs.rules.is_swoop_rank(r):
        # Translators: {card} is "your 10" (the subject); {clears} what follows.
        return _("{card} swoops at once: {clears}").format(
            card=your_card(SUBJECT, r), clears=clears
        )
    k = action.size  # type: ignore[union-attr]
    on_top = obs.run if obs.pile and r == obs.top else 0
    if on_top:
        # Translators: {cards} is "two 7s" (the subject); {clears} what follows.
        return ngettext(
            "{cards} makes four of a kind with the top of the pile: a Swoop at once; {clears}",
            "{cards} make four of a kind with the top of the pile: a Swoop at once; {clears}",
            k,
        ).format(cards=cards_in(SUBJECT, r, k), clears=clears)
    # Translators: {cards} is "four 7s" (the subject); {clears} "it clears the pile of 6
    # cards (30 points) and you play again" or "and you play again".
    return _("{cards} make four of a kind: a Swoop at once; {clears}").format(
        cards=cards_in(SUBJECT, r, k), clears=clears
    )


def tenths(share: float) -> str:
    """A share of the play-outs in words: "in about 7 in 10 play-outs", "in nearly all"."""
    n = round(share * 10)
    if n <= 0:
        return _("in almost none of the play-outs")
    if n >= 10:
        return _("in nearly every play-out")
    return _("in about {n} of 10 play-outs").format(n=n)


def short(share: float) -> str:
    """The same share, short, for the second half of a comparison: "in about 3 of 10"."""
    n = round(share * 10)
    if n <= 0:
        # Translators: {other} in "... (after your play: in almost none)": of the play-outs.
        return _("in almost none")
    if n >= 10:
        # Translators: {other} in "... (after your play: in nearly all)": of the play-outs.
        return _("in nearly all")
    return _("in about {n} of 10").format(n=n)


def next_difference(mine: Figures, best: Figures, better: str) -> str | None:
    """What happens next in the play-outs that makes the difference between the two, in
    words: the biggest gap among the pick-ups, the Swoops and who goes out. ``better`` is
    the best play named as a doing ("playing two 7s")."""
    gaps = [
        (mine.pickups - best.pickups, "pickups"),
        (best.swoops - mine.swoops, "swoops"),
        (best.out - mine.out, "out"),
        (mine.opponent_out - best.opponent_out, "opponent_out"),
    ]
    gap, what = max(gaps)
    if gap < 0.15:
        return None
    better = better[:1].lower() + better[1:]  # it follows "after": "after playing a 4"
    if what == "pickups":
        # Translators: {play} is the better play as a doing ("playing two 7s"); {share} and
        # {other} say how often ("in about 7 of 10 play-outs", "in about 3 of 10").
        return _("after your play you picked up the pile {share}; after {play}, {other}").format(
            share=tenths(mine.pickups), play=better, other=short(best.pickups)
        )
    if what == "swoops":
        # Translators: {share} is "in about 7 of 10 play-outs"; {other} "in about 3 of 10".
        return _("it leads to a Swoop of yours {share} (your play: {other})").format(
            share=tenths(best.swoops), other=short(mine.swoops)
        )
    if what == "out":
        # Translators: {share} is "in about 7 of 10 play-outs"; {other} "in about 3 of 10".
        return _("after it you go out first {share} (after your play: {other})").format(
            share=tenths(best.out), other=short(mine.out)
        )
    # Translators: {share} is "in about 7 of 10 play-outs"; {other} "in about 3 of 10";
    # {play} the better play as a doing ("playing two 7s").
    return _(
        "after your play another player goes out while you still hold cards {share} "
        "(after {play}: {other})"
    ).format(share=tenths(mine.opponent_out), play=better, other=short(best.opponent_out))


def _own(obs: Observation, rank: int) -> int:
    """Cards of ``rank`` the seat holds in hand and face up."""
    ups = obs.up[obs.seat] if obs.up else ()
    return sum(RANK_OF[c] == rank for c in obs.hand) + sum(
        c is not None and RANK_OF[c] == rank for c in ups
    )


def swoop_set_up(obs: Observation, action: Action, took: float) -> str | None:
    """A pick-up that sets up a Swoop, in words: the pile's cards of a rank and the
    player's own (hand and face-up) make four, e.g. "picking up the pile gives you four 7s
    (the pile's three 7s and your 7): a Swoop to come". ``took`` is the share of the
    play-outs in which the action picked up the pile (a play does always or never)."""
    if type(action) is not Play or took < 0.99 or not obs.pile:
        return None
    found: tuple[tuple[int, int, int], int, int, int] | None = None
    for rank in range(1, 14):
        if obs.rules.is_swoop_rank(rank):
            continue
        pile = sum(RANK_OF[c] == rank for c in obs.pile)
        own = _own(obs, rank)
        if pile and own and pile + own >= 4 and own < 4:
            key = (pile + own, pile, obs.rules.card_points(rank))
            if found is None or key > found[0]:
                found = (key, rank, pile, own)
    if found is None:
        return None
    _whole, rank, pile, own = found
    # Translators: {cards} is "four 7s" (the object); {pile} and {own} figures: how many
    # come from the pile and how many you hold.
    return _(
        "picking up the pile gives you {cards} ({pile} from the pile, {own} of your own): "
        "a Swoop to come"
    ).format(cards=cards_in(OBJECT, rank, pile + own), pile=pile, own=own)


def delayed(
    mine: Figures, now: Sequence[Figures], cheaper: bool, obs: Observation | None = None
) -> str | None:
    """A play that went on the pile but only put off a pick-up, when another play (one of
    ``now``) picked up at once: ``cheaper`` when delaying it was still the better deal.
    A play that swoops (a 10 or a Joker, four of a rank) clears the pile at once and
    delays nothing: a later pick-up is of another pile."""
    later = mine.pickups - mine.pickup
    if mine.pickup >= 0.5 or later < 0.5 or not any(o.pickup >= 0.99 for o in now):
        return None
    if obs is not None and swoops_at_once(obs, action_of(mine)):
        return None
    if cheaper:
        deal = _("still cheaper than picking it up now")
    else:
        deal = _("picking it up now was cheaper")
    # Translators: {share} is "in about 7 of 10 play-outs"; {deal} "still cheaper than
    # picking it up now" or "picking it up now was cheaper".
    return _(
        "your play went on the pile but only delayed the pick-up: you picked up the pile "
        "later anyway {share}; {deal}"
    ).format(share=tenths(later), deal=deal)


def delays_avoided(
    mine: Figures, others: Sequence[Figures], obs: Observation | None = None
) -> str | None:
    """A pick-up now, where the plays that go on the pile only delay one (a play that
    swoops is never one of them: it clears the pile)."""
    if mine.pickup < 0.99:
        return None
    safe = [
        o
        for o in others
        if o.pickup < 0.5
        and o.pickups - o.pickup >= 0.5
        and not (obs is not None and swoops_at_once(obs, action_of(o)))
    ]
    if not safe:
        return None
    o = max(safe, key=lambda o: o.pickups - o.pickup)
    # Translators: {play} is a play named as a doing ("playing two 7s").
    return _(
        "the safe play only delays the pick-up: after {play} you picked up the pile later "
        "anyway {share}"
    ).format(play=doing_of(o), share=tenths(o.pickups - o.pickup))


def going_out(obs: Observation) -> str | None:
    """The opponent about to go out: one or two cards left, in words."""
    near = [
        (obs.cards_left(p), p) for p in range(obs.n) if p != obs.seat and 0 < obs.cards_left(p) <= 2
    ]
    if not near:
        return None
    n, p = min(near)
    if n == 1:
        # Translators: {player} is an opponent's name ("Lefty").
        return _("{player} has one card left and may go out soon").format(
            player=seat_name(p, obs.n)
        )
    # Translators: {player} is an opponent's name ("Lefty").
    return _("{player} has two cards left and may go out soon").format(player=seat_name(p, obs.n))


def mystery(obs: Observation, action: Action, figures: Figures, chosen: bool) -> str | None:
    """The mystery card that might play: the share of the play-outs in which a flip went
    on the pile (or Swooped) instead of picking it up."""
    if type(action) is not Flip or not obs.pile:
        return None
    plays = 1.0 - figures.pickup
    if chosen:
        if figures.pickup < 0.05:
            # Translators: {share} is "in about 7 of 10 play-outs".
            return _("the mystery card went on the pile or swooped {share}").format(
                share=tenths(plays)
            )
        # Translators: {share} is "in about 7 of 10 play-outs"; {other} "in about 3 of 10".
        return _("the mystery card picked up the pile {share} (it played {other})").format(
            share=tenths(figures.pickup), other=short(plays)
        )
    # Translators: {share} is "in about 7 of 10 play-outs".
    return _("the mystery card might play: it goes on the pile {share}").format(share=tenths(plays))


def sentences(parts: Sequence[str | None]) -> str:
    """The mechanisms found, each once, as sentences after the reason's first."""
    return "".join(f" {capital(p)}." for p in dict.fromkeys(p for p in parts if p))


def set_points(obs: Observation, action: Action) -> tuple[int, int]:
    """Cards and points a set takes out of your hand and face-up stacks."""
    r = action_rank(obs, action)
    k = action.size  # type: ignore[union-attr]
    return k, k * obs.rules.card_points(r)


def on_pile(obs: Observation, action: Action) -> bool:
    """A set that goes on the pile as it is (no pick-up, no Swoop)."""
    if type(action) is Add:
        return not swoops_at_once(obs, action)
    if type(action) is not Play or swoops_at_once(obs, action):
        return False
    return not obs.pile or action_rank(obs, action) <= obs.top


def held(mine: Figures, best: Figures) -> str | None:
    """The points you ended the hand holding after each play, when they differ."""
    if mine.points - best.points < 1:
        return None
    # Translators: {points} is "about 8 points"; {mine} a whole number of points.
    return _(
        "in the play-outs you ended the hand holding {points} after it, {mine} after your play"
    ).format(points=about(best.points), mine=round(mine.points))
