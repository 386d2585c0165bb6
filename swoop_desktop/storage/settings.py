"""The player's settings: rules for the next game, opponents, speeds, sound, window.

Stored as ``settings.json`` (format ``swoop-settings``) in the config folder.
Rule changes apply to the next new game; a game in progress keeps the rules
it was started with (they are saved with the game).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from swoop_desktop.engine import Rules, RulesError

from .jsonfile import DocKind, DocumentError, check_type, get, load_document, write_document
from .paths import Dirs

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
AI_PACES = ("slow", "normal", "fast", "click")
LEVELS = ("easy", "normal", "hard")
SEATS = (1, 2, 3)


@dataclass(frozen=True)
class Settings:
    """Every setting, with its default. Change one with ``dataclasses.replace``."""

    rules: dict[str, Any] = field(default_factory=lambda: {"preset": "app"})
    opponents: dict[int, dict[str, str]] = field(default_factory=dict)
    animation_speed: str = "normal"
    ai_pace: str = "normal"
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    window_size: tuple[int, int] | None = None
    window_pos: tuple[int, int] | None = None
    show_hints: bool = True
    four_colour: bool = False  # clubs green, diamonds blue
    large_cards: bool = False  # bigger cards for small or far screens
    reduced_motion: bool = False  # no flying cards: they fade in where they land

    def rules_obj(self) -> Rules:
        """The engine rules these settings pick (the app preset if they are somehow invalid)."""
        try:
            return Rules.from_json(self.rules)
        except RulesError:
            return Rules.from_preset("app")

    def with_rules(self, rules: Rules) -> Settings:
        return replace(self, rules=rules.to_json())

    def opponent(self, seat: int) -> dict[str, str]:
        """Overrides for seat 1-3 (empty: use config/opponents.yaml)."""
        return dict(self.opponents.get(seat, {}))

    def to_json(self) -> dict[str, Any]:
        body = asdict(self)
        body["opponents"] = {str(k): dict(v) for k, v in sorted(self.opponents.items())}
        body["window_size"] = list(self.window_size) if self.window_size else None
        body["window_pos"] = list(self.window_pos) if self.window_pos else None
        return body


def _pair(value: Any, name: str, low: int, high: int) -> tuple[int, int] | None:
    """A window size or place. Two whole numbers; an unusable one (a window closed while
    minimised can report 0 x 0) is forgotten, never a reason to drop the other settings."""
    if value is None:
        return None
    check_type(value, list, name)
    if len(value) != 2:
        raise DocumentError(f"{name} should be two numbers, not {value!r}")
    for v in value:
        check_type(v, int, name)
    if not all(low <= v <= high for v in value):
        return None
    return (value[0], value[1])


def settings_from_json(data: dict[str, Any]) -> Settings:
    """Validate a current-version settings body; DocumentError names the bad value."""
    d = Settings()
    rules = get(data, "rules", dict, "", d.rules)
    try:
        Rules.from_json(rules)
    except RulesError as exc:
        raise DocumentError(f"rules: {exc}") from None
    raw_opp = get(data, "opponents", dict, "", {})
    opponents: dict[int, dict[str, str]] = {}
    for key, value in raw_opp.items():
        if key not in {str(s) for s in SEATS}:
            raise DocumentError(f"opponents: seat {key!r} should be 1, 2 or 3")
        check_type(value, dict, f"opponents.{key}")
        for k, v in value.items():
            check_type(v, str, f"opponents.{key}.{k}")
        if "level" in value and value["level"] not in LEVELS:
            raise DocumentError(f"opponents.{key}.level should be one of {', '.join(LEVELS)}, "
                                f"not {value['level']!r}")
        if value:
            opponents[int(key)] = dict(value)
    speed = get(data, "animation_speed", str, "", d.animation_speed)
    if speed not in ANIMATION_SPEEDS:
        raise DocumentError(f"animation_speed should be one of {', '.join(ANIMATION_SPEEDS)}, "
                            f"not {speed!r}")
    pace = get(data, "ai_pace", str, "", d.ai_pace)
    if pace not in AI_PACES:
        raise DocumentError(f"ai_pace should be one of {', '.join(AI_PACES)}, not {pace!r}")
    volume = get(data, "volume", float, "", d.volume)
    if not 0.0 <= volume <= 1.0:
        raise DocumentError(f"volume should be from 0.0 to 1.0, not {volume!r}")
    return Settings(
        rules=dict(rules),
        opponents=opponents,
        animation_speed=speed,
        ai_pace=pace,
        volume=float(volume),
        muted=get(data, "muted", bool, "", d.muted),
        fullscreen=get(data, "fullscreen", bool, "", d.fullscreen),
        window_size=_pair(data.get("window_size"), "window_size", 100, 100_000),
        window_pos=_pair(data.get("window_pos"), "window_pos", -100_000, 100_000),
        show_hints=get(data, "show_hints", bool, "", d.show_hints),
        four_colour=get(data, "four_colour", bool, "", d.four_colour),
        large_cards=get(data, "large_cards", bool, "", d.large_cards),
        reduced_motion=get(data, "reduced_motion", bool, "", d.reduced_motion),
    )


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept one ``"speed"`` for both animation and AI pace, and ``"sound": bool``."""
    out = dict(data)
    speed = out.pop("speed", None)
    if speed is not None:
        out.setdefault("animation_speed", speed if speed in ANIMATION_SPEEDS else "normal")
        out.setdefault("ai_pace", speed if speed in AI_PACES else "normal")
    sound = out.pop("sound", None)
    if sound is not None:
        check_type(sound, bool, "sound")
        out.setdefault("muted", not sound)
    return out


SETTINGS_KIND: DocKind[Settings] = DocKind(
    format="swoop-settings", version=2, label="settings", validate=settings_from_json,
    migrations={1: _v1_to_v2})


def load_settings(dirs: Dirs) -> tuple[Settings, list[str]]:
    """The saved settings (defaults when there are none) and messages for the player."""
    loaded = load_document(dirs.settings_file, SETTINGS_KIND)
    return (loaded.value or Settings()), loaded.messages


def save_settings(dirs: Dirs, settings: Settings) -> None:
    """Write the settings atomically (the previous file is kept as ``settings.json.bak``).

    Settings that could not be read back are refused (ValueError naming the
    value) before anything is written, so a bad value never costs the file.
    """
    body = settings.to_json()
    try:
        settings_from_json(body)
    except DocumentError as exc:
        raise ValueError(f"settings not saved: {exc}") from None
    write_document(dirs.settings_file, SETTINGS_KIND, body)
