"""The words of the Settings page: each setting's label, its one-line help and its choices,
keyed by the setting's name in the table of settings (``storage.settings.Settings``), and
each section's heading.

The table says which row a setting gets and in which section; these are only its words.
A new setting on the page needs its words here (a test checks every row has them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SettingWords:
    """A setting's label and help, and for a choice each value's name and help."""

    label: str
    help: str = ""
    choices: Mapping[str, tuple[str, str]] = field(default_factory=dict)


#: Each section's heading, by the section named in the table (in the order of the page).
SECTION_WORDS: dict[str, str] = {
    "rules": "Rules",
    "opponents": "Opponents",
    "speed": "Speed",
    "sound": "Sound and screen",
    "cards": "Cards and motion",
    "statistics": "Statistics",
}

#: The note a section's heading carries when its settings apply from the next new game.
NEXT_GAME_NOTE = "Used from the next new game"

SETTING_WORDS: dict[str, SettingWords] = {
    # The rules get a row for the rule set and one for each option (ui.rules_text).
    "rules": SettingWords("Rule set", "Choosing one resets every rule below to it."),
    # Each opponent gets a level and a style (their words are the settings scene's).
    "opponents": SettingWords("Opponents"),
    "animation_speed": SettingWords(
        "Animation speed",
        "How fast cards fly. A click or Space always skips an animation.",
        {
            "slow": ("Slow", ""),
            "normal": ("Normal", ""),
            "fast": ("Fast", ""),
            "instant": ("Instant", ""),
        },
    ),
    "ai_pace": SettingWords(
        "Opponents' pace",
        "How long the opponents think before each play.",
        {
            "slow": ("Slow", "The opponents take their time, so you can follow every play."),
            "normal": ("Normal", "A natural pace."),
            "fast": ("Fast", "The opponents play almost at once."),
            "click": (
                "Wait for click",
                "After each opponent's play the game waits for your click or a key.",
            ),
        },
    ),
    "volume": SettingWords("Sound volume", "Card sounds, pick-ups and Swoops."),
    "muted": SettingWords("Mute", "Silence every sound."),
    "fullscreen": SettingWords("Full screen", "Fill the whole screen (F11 switches at any time)."),
    "show_hints": SettingWords(
        "Hint button", "Show the Hint button at the table (H asks for a hint)."
    ),
    "four_colour": SettingWords(
        "Four-colour deck", "Clubs green and diamonds blue, so every suit has its colour."
    ),
    "large_cards": SettingWords("Large cards", "Bigger cards, for small or far screens."),
    "reduced_motion": SettingWords(
        "Reduced motion", "No flying cards: each card fades in where it lands."
    ),
    "count_abandoned": SettingWords(
        "Count abandoned games",
        "A game left for a new one counts as a loss. Either way it stays listed.",
    ),
}
