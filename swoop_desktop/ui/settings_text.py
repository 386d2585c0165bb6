"""The words of the Settings page: each setting's label, its one-line help and its choices,
keyed by the setting's name in the table of settings (``storage.settings.Settings``), and
each section's heading.

The table says which row a setting gets and in which section; these are only its words.
A new setting on the page needs its words here (a test checks every row has them).

The words are English, marked for translation with ``N_`` and looked up with ``_()`` when
the page is built (so a change of language shows at once): use :func:`words_of`,
:func:`section_words` and :func:`next_game_note` to get them in the player's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from swoop_desktop.i18n import N_, _


@dataclass(frozen=True)
class SettingWords:
    """A setting's label and help, and for a choice each value's name and help."""

    label: str
    help: str = ""
    choices: Mapping[str, tuple[str, str]] = field(default_factory=dict)


#: Each section's heading, by the section named in the table (in the order of the page).
SECTION_WORDS: dict[str, str] = {
    # Translators: a section heading in Settings (the rules of the game).
    "rules": N_("Rules"),
    # Translators: a section heading in Settings (the AI players' levels and styles).
    "opponents": N_("Opponents"),
    # Translators: a section heading in Settings (how fast cards move and opponents play).
    "speed": N_("Speed"),
    # Translators: a section heading in Settings (volume, mute, full screen).
    "sound": N_("Sound and screen"),
    # Translators: a section heading in Settings (how the cards look and move).
    "cards": N_("Cards and motion"),
    # Translators: a section heading in Settings (what counts in your statistics).
    "statistics": N_("Statistics"),
    # Translators: a section heading in Settings, and its row choosing the game's language.
    "language": N_("Language"),
}

#: The note a section's heading carries when its settings apply from the next new game.
NEXT_GAME_NOTE = N_("Used from the next new game")

SETTING_WORDS: dict[str, SettingWords] = {
    # The languages are named in their own language (i18n.NAMES), never translated.
    "language": SettingWords(
        N_("Language"), N_("The language of every word in the game. It changes at once.")
    ),
    "players": SettingWords(
        # Translators: a row in Settings' Rules: how many sit at the table, you included.
        N_("Players"),
        N_(
            "How many sit at the table, you included: 2 decks for 3 or 4, 3 for 5 or 6, 4 for 7 or 8."
        ),
    ),
    # The rules get a row for the rule set and one for each option (ui.rules_text).
    # Translators: a row in Settings' Rules choosing App, Classic or Traditional rules.
    "rules": SettingWords(N_("Rule set"), N_("Choosing one resets every rule below to it.")),
    # Each opponent gets a level and a style (their words are the AI's: ai/opponent_words.py).
    # Translators: the AI players, as the Settings section of their levels and styles.
    "opponents": SettingWords(N_("Opponents")),
    "animation_speed": SettingWords(
        # Translators: a row in Settings: how fast the cards fly across the table.
        N_("Animation speed"),
        N_("How fast cards fly. A click or Space always skips an animation."),
        {
            "slow": (N_("Slow"), ""),
            # Translators: a value of Animation speed in Settings (a speed, not a level).
            "normal": (N_("Normal"), ""),
            # Translators: a value of Animation speed in Settings.
            "fast": (N_("Fast"), ""),
            # Translators: a value of Animation speed in Settings: no animation, cards jump.
            "instant": (N_("Instant"), ""),
        },
    ),
    "ai_pace": SettingWords(
        # Translators: a row in Settings: how long the AI opponents take over each play.
        N_("Opponents' pace"),
        N_("How long the opponents think before each play."),
        {
            "slow": (
                N_("Slow"),
                N_("The opponents take their time, so you can follow every play."),
            ),
            # Translators: a value of Opponents' pace in Settings, then its explanation.
            "normal": (
                N_("Normal"),
                # Translators: the explanation of the Normal pace of the opponents in Settings.
                N_("A natural pace."),
            ),
            # Translators: a value of Opponents' pace in Settings.
            "fast": (N_("Fast"), N_("The opponents play almost at once.")),
            "click": (
                # Translators: a value of Opponents' pace in Settings: each waits for a click.
                N_("Wait for click"),
                N_("After each opponent's play the game waits for your click or a key."),
            ),
        },
    ),
    # Translators: a row in Settings with a slider for how loud the sounds are.
    "volume": SettingWords(N_("Sound volume"), N_("Card sounds, pick-ups and Swoops.")),
    "muted": SettingWords(
        # Translators: a row in Settings, on or off: silence all sound (an adjective or verb).
        N_("Mute"),
        # Translators: the explanation of the Mute row in Settings.
        N_("Silence every sound."),
    ),
    "fullscreen": SettingWords(
        # Translators: a row in Settings, on or off: the game fills the whole screen.
        N_("Full screen"),
        N_("Fill the whole screen (F11 switches at any time)."),
    ),
    "show_hints": SettingWords(
        # Translators: a row in Settings, on or off: the table shows its Hint button.
        N_("Hint button"),
        N_("Show the Hint button at the table (H asks for a hint)."),
    ),
    "four_colour": SettingWords(
        # Translators: a row in Settings, on or off: a deck with four suit colours.
        N_("Four-colour deck"),
        N_("Clubs green and diamonds blue, so every suit has its colour."),
    ),
    # Translators: a row in Settings, on or off: bigger cards on the table.
    "large_cards": SettingWords(N_("Large cards"), N_("Bigger cards, for small or far screens.")),
    "reduced_motion": SettingWords(
        # Translators: a row in Settings, on or off: less movement on screen (accessibility).
        N_("Reduced motion"),
        N_("No flying cards: each card fades in where it lands."),
    ),
    "count_abandoned": SettingWords(
        # Translators: a row in Settings, on or off: games left unfinished count as losses.
        N_("Count abandoned games"),
        N_("A game left for a new one counts as a loss. Either way it stays listed."),
    ),
}


def _shown(text: str) -> str:
    return _(text) if text else ""


def words_of(name: str) -> SettingWords:
    """The words of setting ``name`` in the player's language (looked up now)."""
    words = SETTING_WORDS[name]
    return SettingWords(
        _shown(words.label),
        _shown(words.help),
        {v: (_shown(t), _shown(h)) for v, (t, h) in words.choices.items()},
    )


def section_words(section: str) -> str:
    """A section's heading in the player's language."""
    return _(SECTION_WORDS[section])


def next_game_note() -> str:
    """The heading's note for settings used from the next new game, in the player's language."""
    return _(NEXT_GAME_NOTE)
