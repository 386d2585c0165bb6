"""The rules in plain words: one line per rule option (settings) and the how-to-play text.

Everything here follows docs/rules.md and asks a :class:`Rules` what its options make of
the game (``is_swoop_rank``, ``room``, ``follow_up``, ``card_points``...), never reading an
option to decide a rule itself, so the how-to-play screen always describes the table the
player will actually get. No pygame here: the text is data, the screens draw it.

The tables hold English marked with ``N_``; the functions here give every word in the
player's language, looked up when called (:func:`option_label`, :func:`preset_words`,
:func:`option_help`, :func:`value_text`, :func:`summary`, :func:`how_to_play`).
"""

from __future__ import annotations

from dataclasses import dataclass

from swoop_desktop.engine import OPTION_NAMES, PRESETS, FollowUp, Rules
from swoop_desktop.engine.cards import CARDS_PER_DECK, JACK, JOKER, KING, TEN
from swoop_desktop.i18n import N_, _, ngettext
from swoop_desktop.plural import counted

# A block of text for a ScrollText: ("h", heading), ("p", paragraph), ("li", bullet),
# ("note", a quieter line).
Block = tuple[str, str]


@dataclass(frozen=True)
class OptionChoice:
    """One value of a rule option, the word shown for it and what it means."""

    value: object
    text: str
    help: str = ""


@dataclass(frozen=True)
class OptionInfo:
    """The words for a rule option, as the settings screen shows it. What the option is
    (its values, presets, rule and when it applies) is declared once in the engine
    (``OPTION_SPECS``); these are only its words, keyed by its name in ``OPTION_INFO``."""

    label: str
    help: str
    choices: tuple[
        OptionChoice, ...
    ] = ()  # a choice's words for each value; empty: a toggle or a number
    no_effect: str = ""  # said instead of ``help`` where the other options make it have no effect
    unit: str = ""  # a number's unit, shown after it ("300 points"); empty: none


PRESET_INFO: dict[str, tuple[str, str]] = {
    "app": (
        # Translators: a rule set's name, a choice in Settings' Rules: this app's own rules.
        N_("App"),
        N_(
            "The app's table: game to 300, after a pick-up you may add more of the rank you played."
        ),
    ),
    "classic": (
        # Translators: a rule set's name, a choice in Settings' Rules: the common published rules.
        N_("Classic"),
        N_("The common published rules: game to 500, your turn ends after a pick-up."),
    ),
    "traditional": (
        # Translators: a rule set's name, a choice in Settings' Rules: the older written rules.
        N_("Traditional"),
        N_(
            "The older written rules: three decks, a pick-up takes "
            "your cards too, high card leads, mystery cards chain."
        ),
    ),
}

OPTION_INFO: dict[str, OptionInfo] = {
    "decks": OptionInfo(
        # Translators: a rule's row label in Settings' Rules: how many decks of cards.
        N_("Decks"),
        N_("How many decks (52 cards and 2 Jokers each) are shuffled together."),
        (
            OptionChoice(
                "auto",
                # Translators: a value of the Decks rule: chosen automatically by the players'
                # count.
                N_("Auto"),
                N_("Auto: 2 decks for 3 or 4 players, 3 for 5 or 6, 4 for 7 or 8."),
            ),
            OptionChoice(2, "2"),
            OptionChoice(3, "3"),
            OptionChoice(4, "4"),
        ),
    ),
    "tens_are_swoop_cards": OptionInfo(
        N_("10s are Swoop cards"),
        N_(
            "On: a 10 swoops the pile just like a Joker. Off: only Jokers do, and 10 ranks "
            "between 9 and J."
        ),
    ),
    "hand_size": OptionInfo(
        # Translators: a rule's row label in Settings' Rules: how many cards each player holds.
        N_("Cards in hand"),
        N_("How many cards each player holds in hand after the deal."),
        (OptionChoice(11, "11"), OptionChoice(12, "12", N_("12 is the 20-card variant."))),
    ),
    "table_cards": OptionInfo(
        N_("Face-up and mystery cards"),
        N_(
            "Each player also gets four face-down mystery cards with a face-up card on each. "
            "Off: hands only."
        ),
    ),
    "first_player": OptionInfo(
        # Translators: a rule's row label in Settings' Rules: who makes a hand's first play.
        N_("Who plays first"),
        N_("Who makes the first play of each hand."),
        (
            OptionChoice(
                "left_of_dealer",
                # Translators: a choice of the rule "who starts": the player left of the dealer.
                N_("Left of dealer"),
                N_("The player left of the dealer starts."),
            ),
            OptionChoice(
                "high_card",
                # Translators: a choice of the rule "who starts": whoever draws the highest card.
                N_("High card"),
                N_("Everyone draws a card; the highest starts."),
            ),
        ),
    ),
    "pickup": OptionInfo(
        N_("Playing higher than the pile"),
        N_("What happens when your cards rank higher than the top of the pile."),
        (
            OptionChoice(
                "new_pile",
                # Translators: a choice of the rule for playing higher than the pile: your cards
                # start a new pile after you take the old one.
                N_("New pile"),
                N_("You take the pile and your cards start a new one."),
            ),
            OptionChoice(
                "take_all",
                # Translators: a value of the rule "Playing higher than the pile": you take the
                # pile and the cards you played into your hand.
                N_("Take all"),
                N_("Your cards go into your hand with the pile; your turn ends."),
            ),
        ),
    ),
    "match_after_pickup": OptionInfo(
        N_("Add more after a pick-up"),
        N_(
            "After a pick-up you may add more cards of the rank you played, including ones "
            "you just picked up. Only with New pile."
        ),
        no_effect=N_("No effect with Take all: your turn ends after a pick-up."),
    ),
    "max_four": OptionInfo(
        N_("At most four of a kind"),
        N_(
            "No play may put more than four equal cards on top of the pile. Off: any number, "
            "and four or more swoop."
        ),
    ),
    "mystery_chain": OptionInfo(
        # Translators: a rule's row label in Settings' Rules: flipping mystery cards one after
        # another (on or off).
        N_("Chained mystery cards"),
        N_(
            "After you play a face-up card you may keep flipping mystery cards onto the pile "
            "(the older rules)."
        ),
        no_effect=N_("No effect without face-up and mystery cards."),
    ),
    "scoring": OptionInfo(
        # Translators: a rule's row label in Settings' Rules: what cards left in hand count.
        N_("Scoring"),
        N_("What the cards left in your hand are worth when someone goes out."),
        (
            # Translators: a value of the Scoring rule: cards count their face value.
            OptionChoice("standard", N_("Standard"), N_("Face value, J Q K 10, Swoop cards 50.")),
            # Translators: a value of the Scoring rule: fewer, rounder card values.
            OptionChoice("simple", N_("Simple"), N_("A to 9 are 5, J Q K 10, Swoop cards 20.")),
        ),
    ),
    "target": OptionInfo(
        # Translators: a rule's row label in Settings' Rules, before a number ("300 points").
        N_("Game ends at"),
        N_("The game ends after the hand in which someone reaches this total. Lowest total wins."),
        # Translators: after the number a game ends at ("300 points").
        unit=N_("points"),
    ),
}


def option_label(name: str) -> str:
    """Option ``name``'s label in the player's language ("Decks")."""
    return _(OPTION_INFO[name].label)


def preset_words(preset: str) -> tuple[str, str]:
    """A rule set's name and its one-line description, in the player's language."""
    label, help_text = PRESET_INFO[preset]
    return _(label), _(help_text)


def option_unit(name: str) -> str:
    """What follows a number option's value on its row (" points"), in the player's language."""
    unit = OPTION_INFO[name].unit
    return " " + _(unit) if unit else ""


def option_help(name: str, rules: Rules) -> str:
    """The one-line explanation of option ``name``, with a note where the current rules
    make it have no effect (so a player is never puzzled by a dead switch)."""
    info = OPTION_INFO[name]
    if not rules.applies(name) and info.no_effect:
        return _(info.no_effect)
    return _(info.help)


def option_applies(name: str, rules: Rules) -> bool:
    """False when ``rules`` make option ``name`` meaningless (it is shown greyed out):
    the engine's declaration of the option says when it applies."""
    return rules.applies(name)


def value_text(name: str, value: object) -> str:
    """The word shown for an option's value ("New pile", "On", "300")."""
    info = OPTION_INFO[name]
    for choice in info.choices:
        if choice.value == value and type(choice.value) is type(value):
            return _(choice.text)
    if isinstance(value, bool):
        # Translators: a rule's value when it is switched on (the second: off), as in the
        # summary of rules changed ("Chained mystery cards: On").
        return _("On") if value else _("Off")
    return str(value)


def differences(rules: Rules) -> list[str]:
    """Plain words for each option that differs from the rules' preset."""
    base = PRESETS[rules.preset]
    out = []
    for name in OPTION_NAMES:
        value = getattr(rules, name)
        if value != getattr(base, name):
            # Translators: a rule changed from its rule set ("Decks: 3").
            out.append(
                # Translators: {option} is a rule's name ("Decks"), {value} its value ("3").
                _("{option}: {value}").format(
                    option=option_label(name), value=value_text(name, value)
                )
            )
    return out


def table_size_words(rules: Rules, players: int) -> str:
    """A table size in words: "6 players · 3 decks, 162 cards"."""
    decks = rules.deck_count(players)
    # Translators: a table size in Settings: "6 players · 3 decks, 162 cards" ({players},
    # {decks} and {cards} are counted: "6 players", "3 decks", "162 cards").
    return _("{players} · {decks}, {cards}").format(
        players=counted(players, "player"),
        decks=counted(decks, "deck"),
        cards=counted(decks * CARDS_PER_DECK, "card"),
    )


def summary(rules: Rules, players: int = 4) -> str:
    """One line naming the rule set and any changes: "Classic rules, game to 500", with
    the table size first when it is not four: "6 players · Classic rules, game to 500"."""
    label = preset_words(rules.preset)[0]
    base = PRESETS[rules.preset]
    # Translators: the title's "Next game" line ("Classic rules, game to 500").
    text = _("{preset} rules, game to {target}").format(preset=label, target=rules.target)
    if players != 4:
        # Translators: the table size before the rules in the "Next game" line and How to
        # play's note: "6 players · Classic rules, game to 500".
        text = _("{players} · {rules}").format(players=counted(players, "player"), rules=text)
    extra = [
        # Translators: a rule changed from the rule set: {option} its name, {value} its value.
        _("{option}: {value}").format(
            option=option_label(name), value=value_text(name, getattr(rules, name))
        )
        for name in OPTION_NAMES
        if name != "target" and getattr(rules, name) != getattr(base, name)
    ]
    if extra:
        joined = (
            # Translators: what joins the rules changed from the rule set: "target 50; jokers
            # off" (a semicolon and a space in English).
            _("; ").join(extra)
        )
        # Translators: after the rule set, the rules changed from it, joined by "; ".
        text += _(" — changed: {changes}").format(changes=joined)
    return text


def _tens_swoop(rules: Rules) -> bool:
    return rules.is_swoop_rank(TEN)


def _at_most_four(rules: Rules) -> bool:
    """A set is one to four cards (the largest set the rules allow on an empty pile)."""
    return rules.room(JACK, 0, 0) == 4


def _rank_order(rules: Rules) -> str:
    if _tens_swoop(rules):
        return _(
            "Low to high: A 2 3 4 5 6 7 8 9 J Q K. 10s and Jokers are Swoop cards and "
            "have no place in that order. Suits never matter."
        )
    return _(
        "Low to high: A 2 3 4 5 6 7 8 9 10 J Q K. Jokers are the Swoop cards and have "
        "no place in that order. Suits never matter."
    )


#: "Play ... cards of the same rank", by (at most four, face-up cards on the table): whole
#: sentences, so each language words them its own way.
_PLAY_WORDS = {
    (True, True): lambda: _(
        "Play one to four cards of the same rank from your hand, your face-up cards, or both "
        "together."
    ),
    (True, False): lambda: _("Play one to four cards of the same rank from your hand."),
    (False, True): lambda: _(
        "Play one or more cards of the same rank from your hand, your face-up cards, or both "
        "together."
    ),
    (False, False): lambda: _("Play one or more cards of the same rank from your hand."),
}


def _pickup(rules: Rules) -> list[Block]:
    if not rules.pickup_starts_new_pile:
        return [
            (
                "li",
                _(
                    "Higher than the top card? You pick up the whole pile, and the cards "
                    "you played go into your hand with it. Your turn ends, and the next "
                    "player starts a new pile."
                ),
            )
        ]
    if rules.follow_up(flipped=False, new_pile=True) is FollowUp.ADD:
        return [
            (
                "li",
                _(
                    "Higher than the top card? You pick up the pile, and your cards start "
                    "a new one; you may then add more cards of that rank, for example "
                    "more 7s, including any you just picked up. Then your turn ends "
                    "(unless you made a Swoop)."
                ),
            )
        ]
    return [
        (
            "li",
            _(
                "Higher than the top card? You pick up the pile, and your cards start a "
                "new one. Your turn ends there (unless your cards made a Swoop)."
            ),
        )
    ]


def _four_limit(rules: Rules) -> str:
    if _at_most_four(rules):
        return _(
            "Never more than four of a kind: with three 8s on top you may add one 8, not "
            "two, and no set is larger than four cards."
        )
    return _(
        "There is no limit of four: a set may hold any number of cards, and a run of "
        "four or more equal cards swoops."
    )


def _deal(rules: Rules, players: int) -> list[Block]:
    decks = rules.deck_count(players)
    cards = decks * CARDS_PER_DECK
    if rules.table_slots:
        layout = (
            # Translators: {cards} is a counted phrase ("11 cards").
            _(
                "Each player gets four face-down mystery cards in a row, a face-up card on "
                "each of them, and {cards} in hand."
            ).format(cards=counted(rules.hand_size, "card"))
        )
    else:
        # Translators: {cards} is a counted phrase ("11 cards").
        layout = _("Each player gets {cards} in hand, and nothing on the table.").format(
            cards=counted(rules.hand_size, "card")
        )
    if rules.high_card_leads:
        leader = _(
            "To decide who plays first, everyone draws a card from the unused cards: "
            "the highest rank starts (a Swoop card or a tie draws again)."
        )
    else:
        leader = _(
            "The player to the left of the dealer plays first. The deal moves left each hand."
        )
    return [
        (
            "p",
            # Translators: {decks} is a figure; {cards} a counted phrase ("54 cards").
            ngettext(
                "{decks} deck is shuffled ({cards}, Jokers included).",
                "{decks} decks are shuffled together ({cards}, Jokers included).",
                decks,
            ).format(decks=decks, cards=counted(cards, "card"))
            # Translators: the space between two sentences of How to play (in a language
            # written without spaces, nothing).
            + _(" ")
            + layout
            # Translators: the space between two sentences of How to play (in a language
            # written without spaces, nothing).
            + _(" ")
            + _("The cards left over are set aside unseen."),
        ),
        ("p", leader),
    ]


def _card_values(rules: Rules) -> list[str]:
    """What each card is worth when someone goes out, as the rules count it (R15)."""
    low = [rules.card_points(rank) for rank in range(1, 10)]  # aces to 9s
    if low == list(range(1, 10)):
        values = [_("Aces: 1 point; 2 to 9: their face value")]
    else:
        # Translators: {points} is a counted phrase ("5 points").
        values = [_("Aces and 2 to 9: {points} each").format(points=counted(low[0], "point"))]
    # Translators: {points} is a counted phrase ("10 points").
    faces = _("J, Q, K: {points} each").format(points=counted(rules.card_points(KING), "point"))
    values.append(faces)
    swoop = counted(rules.card_points(JOKER), "point")
    if _tens_swoop(rules):
        values.append(
            # Translators: {points} is a counted phrase ("50 points").
            _("10s and Jokers: {points} each, so play them before you get caught").format(
                points=swoop
            )
        )
    else:
        # Translators: {points} is a counted phrase ("10 points").
        tens = _("10s: {points} each").format(points=counted(rules.card_points(TEN), "point"))
        values.append(tens)
        values.append(
            # Translators: {points} is a counted phrase ("50 points").
            _("Jokers: {points} each, so play them before you get caught").format(points=swoop)
        )
    return values


def _scoring(rules: Rules) -> list[Block]:
    values = _card_values(rules)
    blocks: list[Block] = [
        (
            "p",
            _(
                "The hand ends the moment one player has no cards left at all: hand, face-up "
                "and face-down. That player scores nothing. Everyone else adds up every card "
                "they still hold, hand and table, and adds it to their total:"
            ),
        ),
    ]
    blocks += [("li", v) for v in values]
    blocks.append(
        (
            "p",
            # Translators: {points} is a counted phrase ("300 points").
            _(
                "After a hand, if anyone has reached {points} the game is over and the lowest "
                "total wins. If two or more players share the lowest total, nobody wins."
            ).format(points=counted(rules.target, "point")),
        )
    )
    return blocks


def how_to_play(rules: Rules, players: int = 4, *, this_game: bool = False) -> list[Block]:
    """The whole how-to-play text for ``rules``, as blocks for a ScrollText
    (``this_game``: they are the rules of the game in progress, not of the next one)."""
    which = (
        # Translators: the note atop How to play; {summary} is "Classic rules, game to 500 —
        # changed: Decks: 3".
        _("These are the rules of the game you are playing: {summary}.")
        if this_game
        # Translators: the note atop How to play; {summary} is "Classic rules, game to 500".
        else _("These are the rules of your next new game: {summary}.")
    )
    blocks: list[Block] = [
        ("note", which.format(summary=summary(rules, players))),
        # Translators: a heading in How to play: what you play for.
        ("h", _("The aim")),
        (
            "p",
            _(
                "Get rid of all your cards before the others do. When someone goes out, "
                "everyone else scores what they still hold, and points are bad: the lowest "
                "total when someone reaches {target} wins."
            ).format(target=rules.target),
        ),
        # Translators: a heading in How to play: how the cards are dealt.
        ("h", _("The deal")),
    ]
    blocks += _deal(rules, players)
    blocks += [
        # Translators: a heading in How to play: the ranks from low to high.
        ("h", _("Card order")),
        ("p", _rank_order(rules)),
        # Translators: a heading in How to play: what you may do when it is your turn.
        ("h", _("Your turn")),
        (
            "p",
            _(
                "On your turn you make one play. There is no passing: there is always something "
                "you can play."
            ),
        ),
        (
            "li",
            _PLAY_WORDS[(_at_most_four(rules), bool(rules.table_slots))](),
        ),
        (
            "li",
            _(
                "Equal to or lower than the top card of the pile (or the pile is empty)? Your "
                "cards go on the pile, and the turn passes to the left."
            ),
        ),
    ]
    blocks += _pickup(rules)
    blocks += [
        # Translators: a heading in How to play: clearing the pile (the game's name, a cry).
        ("h", _("Swoop!")),
        (
            "p",
            _(
                "When the top four cards of the pile are all of one rank (whoever played "
                "them), the whole pile is swooped away for the rest of the hand, and the "
                "player who made it plays again."
            ),
        ),
        (
            "p",
            (
                _(
                    "You may also play a 10 or a Joker on its own at any time, whatever is on "
                    "the pile: it swoops the pile and you play again. Only one Swoop card per "
                    "play, never in a set."
                )
                if _tens_swoop(rules)
                else _(
                    "You may also play a Joker on its own at any time, whatever is on the pile: "
                    "it swoops the pile and you play again. Only one Swoop card per play, never "
                    "in a set."
                )
            ),
        ),
        ("p", _four_limit(rules)),
    ]
    blocks += _mystery_cards(rules)
    # Translators: a heading in How to play: what the cards left in hand count.
    blocks += [("h", _("Scoring"))]
    blocks += _scoring(rules)
    blocks += _playing_on_screen()
    return blocks


def _mystery_cards(rules: Rules) -> list[Block]:
    """The mystery cards: flipping one, and chaining them where the rules allow it (none
    when the rules deal no table cards)."""
    if not rules.table_slots:
        return []
    blocks: list[Block] = [
        # Translators: a heading in How to play: the face-down cards nobody has seen.
        ("h", _("Mystery cards")),
        (
            "p",
            _(
                "You may play your face-up cards at any time. Once a face-up card is gone, "
                "the mystery card under it is uncovered. As a play, you may flip an "
                "uncovered mystery card without looking at it first, and it must be played:"
            ),
        ),
        (
            "li",
            _("A 10 or a Joker swoops the pile.")
            if _tens_swoop(rules)
            else _("A Joker swoops the pile."),
        ),
        (
            "li",
            _(
                "Equal or lower than the top card: it goes on the pile, and you may add "
                "more of its rank from your hand or face-up cards, or say Done."
            ),
        ),
        ("li", _("Higher: you pick up the pile, as if you had played it from your hand.")),
    ]
    if rules.follow_up(flipped=False, from_face_up=True) is FollowUp.CHAIN:
        blocks.append(
            (
                "p",
                _(
                    "Chained mystery cards: after a play that put a face-up card "
                    "on the pile without a pick-up, you may flip an uncovered "
                    "mystery card onto it, then another, until you stop, run out, "
                    "pick up the pile or make a Swoop."
                ),
            )
        )
    return blocks


def _playing_on_screen() -> list[Block]:
    """Playing with the mouse and keyboard, hints and reviews, and taking back a play."""
    return [
        ("h", _("Playing with the mouse and keyboard")),
        (
            "li",
            _(
                "Drag a card (and the cards of the same rank you selected) onto the pile. The "
                "pile lights up when the play is allowed; a refused card goes back and the "
                "reason is shown."
            ),
        ),
        (
            "li",
            _(
                "Or click cards to select them, then click the pile or press Enter. "
                "Double-click plays a single card."
            ),
        ),
        ("li", _("Click an uncovered mystery card to flip it.")),
        (
            "li",
            _(
                "When you may add more cards or flip another mystery card, add them the same "
                "way, or press Done."
            ),
        ),
        (
            "li",
            _(
                "Keyboard: Left and Right move along your cards; Up picks the card and Down puts "
                "it back; a number key picks that many cards of its rank. Enter or Space plays, "
                "F flips a mystery card, D says Done, H shows a hint, Esc pauses and F11 "
                "switches full screen. Space also hurries the opponents' plays, so it never "
                "closes the results of a hand or a game: press Enter or click to go on."
            ),
        ),
        ("h", _("Hints, reviews and the hard opponent")),
        (
            "p",
            _(
                "The hint (H) thinks for a quarter of a second; a review weighs each of your "
                "decisions afterwards with many more play-outs, from what you could see; in the "
                "daily deal the hard opponent plays your cards in a game of its own. When two "
                "plays are close, they can name different best plays: the review says so at "
                "that decision, with how far apart the plays are and whether that is the luck "
                "of the play-outs or the review's closer look."
            ),
        ),
        ("h", _("Taking back a play")),
        (
            "p",
            _(
                "In a practice game (Practice game on the title) and in the lesson, Undo (U, "
                "Ctrl+Z or the Undo button) takes back your last play and the opponents' plays "
                "since, back to the moment it was your play, as often as you like within the "
                "hand being played. A practice game is kept in your history marked as practice, "
                "never rated nor counted in your statistics, records or streaks. A rated game, "
                "the daily deal and puzzles never allow it: a play taken back would have shown "
                "you hidden cards (a mystery card flipped, a pile picked up) to play again "
                "knowing them."
            ),
        ),
        (
            "note",
            _("You can change any of these rules in Settings; changes apply to the next new game."),
        ),
    ]


def how_to_play_text(rules: Rules, players: int = 4) -> str:
    """The how-to-play text as one string (for tests, logs and copying)."""
    return "\n".join(body for _kind, body in how_to_play(rules, players))
