"""The first hand that teaches: a fixed deal and a script in which each rule comes up once.

The lesson is played with the app's rules (the default set) on a stacked deck
(:func:`lesson_match`): you lead, and every play of the hand is written down in
:data:`STEPS`, yours and the opponents'. Each of your steps names the one play it
waits for, a short prompt that says what to do and why, and the reason given when you
try something else. The opponents' steps are played as written, so each lesson comes
in its turn:

1. an empty pile takes any card (drag the king);
2. equal or lower goes on the pile (an 8 on a 9);
3. four of a rank swoop the pile (the fourth 7), and a Swoop plays again;
4. the face-up row plays like the hand (the face-up 5 starts the new pile);
5. higher picks the pile up, and the card played starts a fresh pile (the queen);
6. a 10 swoops the pile at once, whatever is on it;
7. a mystery card, uncovered, is flipped unseen and must be played (a 6);
8. a Joker swoops too (Righty shows it; you read why, then go on).

The engine checks all of it like any other deal: the deck is a real two-deck deck
dealt by :func:`~swoop_desktop.engine.new_deal`, and every step is applied by
``Match.apply`` (``tests/referee/test_lesson.py`` plays it through).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from swoop_desktop.card_words import SUBJECT, the_card, your_card
from swoop_desktop.engine import Action, Flip, GameState, Match, Play, Rules
from swoop_desktop.engine.cards import (
    CARDS_PER_DECK,
    RANK_NAMES,
    SYMBOL_RANKS,
    card_rank,
    card_suit,
)
from swoop_desktop.i18n import N_, Np_, _, pgettext

#: The lesson's rules: the app's (the default set in Settings).
LESSON_PRESET = "app"
#: Seat 3 deals, so you (seat 0, on the dealer's left) make the first play.
LESSON_DEALER = 3
LESSON_SEED = 31

# Each seat's cards by rank: face-down (slots 0-3), face-up (slots 0-3), hand (11).
_DEAL: tuple[tuple[str, str, str], ...] = (
    ("6 3 8 K", "5 J 9 3", "K Q T 8 7 4 4 2 2 A A"),  # you
    ("9 2 K A", "8 6 J 2", "Q 7 4 J 5 K 9 6 6 8 A"),  # Lefty
    ("4 Q 8 K", "2 9 6 A", "J 7 3 J 5 Q 9 8 4 K Q"),  # Topper
    ("A 4 5 Q", "6 K 2 J", "9 7 3 9 X 8 5 Q 4 3 2"),  # Righty
)


def _ranks(text: str) -> list[int]:
    return [SYMBOL_RANKS[s] for s in text.split()]


def lesson_deck() -> tuple[int, ...]:
    """The stacked deck: each seat's face-down, face-up and hand cards in the order
    :func:`~swoop_desktop.engine.new_deal` deals them, then the cards set aside."""
    free: dict[int, list[int]] = {}
    for card in range(2 * CARDS_PER_DECK):
        free.setdefault(card_rank(card), []).append(card)
    for ids in free.values():  # suits take turns, so a run of one rank looks like cards
        ids.sort(key=lambda c: (c // CARDS_PER_DECK, card_suit(c)))
        ids[:] = ids[0::2] + ids[1::2]
    order: list[int] = []
    for down, up, hand in _DEAL:
        for rank in _ranks(down) + _ranks(up) + _ranks(hand):
            if not free.get(rank):
                raise ValueError(f"the lesson's deal uses more cards of rank {rank} than exist")
            order.append(free[rank].pop(0))
    for rank in sorted(free):
        order.extend(free[rank])
    return tuple(order)


def lesson_rules() -> Rules:
    return Rules.from_preset(LESSON_PRESET)


def lesson_match() -> Match:
    """The lesson's match, not yet dealt (the table deals it, checked by the engine)."""
    return Match(lesson_rules(), 4, LESSON_SEED, stacked=lesson_deck(), first_dealer=LESSON_DEALER)


@dataclass(frozen=True)
class Step:
    """One play of the lesson's hand.

    Yours (``seat`` 0) waits for ``action`` and says ``prompt``; any other legal play is
    refused with ``why``. An opponent's
    step with a ``prompt`` waits for you to read it (a click or a key) before it is
    played; without one it is played at the table's pace.
    """

    seat: int
    action: Action
    prompt: str = ""
    why: str = ""
    title: str = ""

    def wants(self, action: Action) -> bool:
        """``action`` is this step's play (which physical cards of a rank does not matter)."""
        return action == self.action

    def refusal(self, state: GameState | None, action: Action) -> str:
        """Why ``action`` is not this step's play: what it would do first when that is not
        what the lesson teaches here (a card higher than the top would pick the pile up,
        a Swoop card would swoop it), then the step's own words."""
        if state is None or type(action) is not Play or not state.pile:
            return _(self.why)
        ranks = list(action.hand) + [
            card_rank(c) for c in (state.up[state.to_move][s] for s in action.up) if c is not None
        ]
        if not ranks:
            return _(self.why)
        rank = ranks[0]
        why = _(self.why)
        if state.rules.is_swoop_rank(rank):
            # Translators: {card} is "your 10" (the subject); {lesson} says what to play.
            does = _("{card} is a Swoop card: it would swoop the pile. {lesson}")
        elif rank > state.top:
            # Translators: {card} is "your king" (the subject); {top} "the 7" (the subject);
            # {lesson} says what to play.
            does = _("{card} is higher than {top} on top: it would pick the pile up. {lesson}")
        else:
            return why
        card = your_card(SUBJECT, rank)
        text = does.format(card=card, top=the_card(state.top), lesson=why).strip()
        return text[:1].upper() + text[1:]  # a sentence starts with a capital


#: The ranks' names as the lesson says them ("your king"), for the catalogues.
_RANK_WORDS = (
    Np_("card", "ace"),
    Np_("card", "2"),
    Np_("card", "3"),
    Np_("card", "4"),
    Np_("card", "5"),
    Np_("card", "6"),
    Np_("card", "7"),
    Np_("card", "8"),
    Np_("card", "9"),
    Np_("card", "10"),
    Np_("card", "jack"),
    Np_("card", "queen"),
    Np_("card", "king"),
    Np_("card", "Joker"),
)


def rank_name(rank: int) -> str:
    """A rank's name in the player's language ("king", German "König")."""
    return pgettext("card", RANK_NAMES[rank][0])


def _play(ranks: str = "", up: Sequence[int] = ()) -> Play:
    return Play(tuple(sorted(_ranks(ranks))), tuple(up))


STEPS: tuple[Step, ...] = (
    Step(
        0,
        _play("K"),
        N_(
            "You play first, and the pile is empty: an empty pile takes any card. "
            "Drag your king onto the pile (or click it, then press Enter)."
        ),
        N_(
            "Start with the king this time: high cards are easiest to lose while the pile is empty."
        ),
        # Translators: a lesson step's title, as in "Lesson 1 of 8: Start the pile".
        N_("Start the pile"),
    ),
    Step(1, _play("Q")),
    Step(2, _play("J")),
    Step(3, _play("9")),
    Step(
        0,
        _play("8"),
        N_(
            "Equal or lower: a card goes on the pile when it is equal to or lower than the top "
            "card. The top is a 9: play your 8."
        ),
        N_("Play your 8 now: it is lower than the 9 on top, so it simply goes on the pile."),
        # Translators: a lesson step's title: a card equal to or lower than the top goes on.
        N_("Equal or lower"),
    ),
    Step(1, _play("7")),
    Step(2, _play("7")),
    Step(3, _play("7")),
    Step(
        0,
        _play("7"),
        N_(
            "Three 7s are on top. Four of a rank swoop the pile: it leaves the game, and whoever "
            "made the Swoop plays again. Play your 7."
        ),
        N_("Play your 7: it makes four 7s in a row, and four of a rank swoop the pile."),
        N_("Four of a rank"),
    ),
    Step(
        0,
        _play(up=(0,)),
        N_(
            "Swooped! You play again. Your face-up cards (the row above your hand) play just like "
            "hand cards. Start the new pile with your face-up 5."
        ),
        N_("Play the face-up 5 from the row above your hand: face-up cards play like hand cards."),
        # Translators: a lesson step's title: the row of face-up cards above your hand.
        N_("The face-up row"),
    ),
    Step(1, _play("4")),
    Step(2, _play("3")),
    Step(3, _play("3")),
    Step(
        0,
        _play("Q"),
        N_(
            "Higher picks up: a card higher than the top takes the whole pile into your hand, "
            "then starts a fresh pile. The top is a 3: play your queen."
        ),
        N_(
            "Play your queen: it is higher than the 3, so you take the pile and the queen starts "
            "a fresh one."
        ),
        # Translators: a lesson step's title: a card higher than the top picks up the pile.
        N_("Higher: pick up"),
    ),
    Step(1, _play("J")),
    Step(2, _play("J")),
    Step(3, _play("9")),
    Step(
        0,
        _play("T"),
        N_(
            "10s and Jokers are Swoop cards: one played on its own swoops the pile at once, "
            "whatever is on it, and you play again. Play your 10."
        ),
        N_("Play your 10: a Swoop card clears the pile whatever is on top."),
        # Translators: a lesson step's title: a 10 or a Joker, which clears the pile.
        N_("A Swoop card"),
    ),
    Step(
        0,
        Flip(0),
        N_(
            "Your face-up 5 is gone, so the mystery card under it is uncovered. Flip it (click it, "
            "or press F): nobody knows it, not even you, and it must be played."
        ),
        N_("Flip the uncovered mystery card (click it, or press F): that is this lesson."),
        # Translators: a lesson step's title: a face-down card nobody has seen, played blind.
        N_("A mystery card"),
    ),
    Step(1, _play("5")),
    Step(2, _play("5")),
    Step(3, _play("X")),
    Step(
        3,
        _play("8"),
        N_(
            "Righty played a Joker: Jokers are Swoop cards too, so the pile was swooped and "
            "Righty plays again."
        ),
        "",
        # Translators: a lesson step's title: the Joker card (a Swoop card, like the 10).
        N_("A Joker"),
    ),
)

#: The words when the hand's lessons are done (the last prompt: the beginner's table next).
FINISHED = N_(
    "That is Swoop. Play on like this until someone has no cards left: the others score "
    "what they still hold (a Swoop card 50), and the lowest total wins the game."
)


def your_steps() -> list[int]:
    """The indices of the steps you play."""
    return [i for i, s in enumerate(STEPS) if s.seat == 0]


def play_through(match: Match | None = None) -> Match:
    """Deal the lesson and play every step through the engine (a refused step raises)."""
    match = match or lesson_match()
    match.start_hand()
    for step in STEPS:
        if match.state is None or match.state.to_move != step.seat:
            raise ValueError(f"the lesson expects seat {step.seat} to move, not another seat")
        match.apply(step.action)
    return match
