"""What a player reads of each level and playing style an opponent may have: its name and
one line saying how it plays, keyed by the name the AI declares it under (the levels of
:data:`swoop_desktop.choices.Level`, ``ai.LEVELS``; the personalities of
``ai.features.PERSONALITY_SHIFTS``, ``ai.PERSONALITIES``); a level also its word on the
table's name plates and in sentences ("Lefty steady").

A new level or personality gets its words here, beside the bots, and nowhere else (a test
checks that every declared one has them, translated in every shipped catalogue, and is
named in the docs). The words are English marked for translation (a level's name and word
with the context ``"level"``); the screens look them up in the player's language when they
draw them (``pgettext("level", name)`` and ``_(help)``). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from swoop_desktop.i18n import N_, Np_


@dataclass(frozen=True)
class OpponentWords:
    """A level's or a playing style's name and one line of help, in English."""

    name: str
    help: str


@dataclass(frozen=True)
class LevelWords(OpponentWords):
    """A level's name and help (the Settings page's), and ``word``: the level as the name
    plates and sentences say it, in lower case ("Lefty steady"), English too."""

    word: str


#: Each level's name and word (context "level") and how it plays, by the level's declared
#: name.
LEVEL_WORDS: dict[str, LevelWords] = {
    "random": LevelWords(
        Np_("level", "Random"),
        N_("Plays any legal move."),
        Np_("level", "random"),
    ),
    "lowest": LevelWords(
        Np_("level", "Lowest"),
        N_("Always plays its lowest cards."),
        Np_("level", "lowest"),
    ),
    "highest": LevelWords(
        Np_("level", "Highest"),
        N_("Always plays its highest cards."),
        Np_("level", "highest"),
    ),
    "easy": LevelWords(
        Np_("level", "Easy"),
        N_("Plays its lowest cards and rarely thinks ahead."),
        Np_("level", "easy"),
    ),
    "casual": LevelWords(
        Np_("level", "Casual"),
        N_("Often sees the good move, but plays loosely and forgets pick-ups."),
        Np_("level", "casual"),
    ),
    "steady": LevelWords(
        Np_("level", "Steady"),
        N_("Mostly plays the sensible move; slips now and then."),
        Np_("level", "steady"),
    ),
    "keen": LevelWords(
        Np_("level", "Keen"),
        N_("Nearly always finds the sensible move and remembers every pick-up."),
        Np_("level", "keen"),
    ),
    "normal": LevelWords(
        Np_("level", "Normal"),
        N_("Weighs every move sensibly."),
        Np_("level", "normal"),
    ),
    "sharp": LevelWords(
        Np_("level", "Sharp"),
        N_("Looks a little ahead before it plays, guessing the cards it cannot see."),
        Np_("level", "sharp"),
    ),
    "hard": LevelWords(
        Np_("level", "Hard"),
        N_("Looks ahead, guessing the cards it cannot see."),
        Np_("level", "hard"),
    ),
    "expert": LevelWords(
        Np_("level", "Expert"),
        N_("Looks further ahead than hard, trying more guesses before it plays."),
        Np_("level", "expert"),
    ),
}

#: Each playing style's name and how it plays, by the personality's declared name.
PERSONALITY_WORDS: dict[str, OpponentWords] = {
    # Translators: an opponent's playing style, a short choice in Settings ("{who}: style").
    "balanced": OpponentWords(N_("Balanced"), N_("Plays a steady, even game.")),
    "aggressive": OpponentWords(
        # Translators: an opponent's playing style, a short choice in Settings.
        N_("Aggressive"),
        N_("Keeps the pile low and presses the next player."),
    ),
    "cautious": OpponentWords(
        # Translators: an opponent's playing style, a short choice in Settings.
        N_("Cautious"),
        N_("Avoids pick-ups and saves Swoop cards for danger."),
    ),
    # Translators: an opponent's playing style, a choice in Settings: a nickname for one who
    # fires its Swoop cards at once (a firebug); any short playful name will do.
    "pyro": OpponentWords(N_("Pyro"), N_("Fires Swoop cards as soon as it has them.")),
}

#: The context a level's name is translated in.
LEVEL_CONTEXT = "level"
