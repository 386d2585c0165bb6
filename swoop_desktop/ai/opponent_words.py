"""What a player reads of each level and playing style an opponent may have: its name and
one line saying how it plays, keyed by the name the AI declares it under (the levels of
:data:`swoop_desktop.choices.Level`, ``ai.LEVELS``; the personalities of
``ai.features.PERSONALITY_SHIFTS``, ``ai.PERSONALITIES``).

A new level or personality gets its words here, beside the bots (a test checks that every
declared one has them, translated in every shipped catalogue, and is named in the docs).
The words are English marked for translation (a level's name with the context
``"level"``); the screens look them up in the player's language when they draw them
(``pgettext("level", name)`` and ``_(help)``). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from swoop_desktop.i18n import N_, Np_


@dataclass(frozen=True)
class OpponentWords:
    """A level's or a playing style's name and one line of help, in English."""

    name: str
    help: str


#: Each level's name (context "level") and how it plays, by the level's declared name.
LEVEL_WORDS: dict[str, OpponentWords] = {
    "random": OpponentWords(Np_("level", "Random"), N_("Plays any legal move.")),
    "lowest": OpponentWords(Np_("level", "Lowest"), N_("Always plays its lowest cards.")),
    "highest": OpponentWords(Np_("level", "Highest"), N_("Always plays its highest cards.")),
    "easy": OpponentWords(
        Np_("level", "Easy"), N_("Plays its lowest cards and rarely thinks ahead.")
    ),
    "casual": OpponentWords(
        Np_("level", "Casual"),
        N_("Often sees the good move, but plays loosely and forgets pick-ups."),
    ),
    "steady": OpponentWords(
        Np_("level", "Steady"), N_("Mostly plays the sensible move; slips now and then.")
    ),
    "keen": OpponentWords(
        Np_("level", "Keen"),
        N_("Nearly always finds the sensible move and remembers every pick-up."),
    ),
    "normal": OpponentWords(Np_("level", "Normal"), N_("Weighs every move sensibly.")),
    "sharp": OpponentWords(
        Np_("level", "Sharp"),
        N_("Looks a little ahead before it plays, guessing the cards it cannot see."),
    ),
    "hard": OpponentWords(
        Np_("level", "Hard"), N_("Looks ahead, guessing the cards it cannot see.")
    ),
    "expert": OpponentWords(
        Np_("level", "Expert"),
        N_("Looks further ahead than hard, trying more guesses before it plays."),
    ),
}

#: Each playing style's name and how it plays, by the personality's declared name.
PERSONALITY_WORDS: dict[str, OpponentWords] = {
    # Translators: an opponent's playing style, a short choice in Settings ("{who}: style").
    "balanced": OpponentWords(N_("Balanced"), N_("Plays a steady, even game.")),
    "aggressive": OpponentWords(
        N_("Aggressive"), N_("Keeps the pile low and presses the next player.")
    ),
    "cautious": OpponentWords(
        N_("Cautious"), N_("Avoids pick-ups and saves Swoop cards for danger.")
    ),
    # Translators: an opponent's playing style, a choice in Settings: a nickname for one who
    # fires its Swoop cards at once (a firebug); any short playful name will do.
    "pyro": OpponentWords(N_("Pyro"), N_("Fires Swoop cards as soon as it has them.")),
}

#: The context a level's name is translated in.
LEVEL_CONTEXT = "level"
