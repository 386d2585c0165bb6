"""The player's settings: rules for the next game, opponents, speeds, sound, window.

Stored as ``settings.json`` (format ``swoop-settings``) in the config folder.
Rule changes apply to the next new game; a game in progress keeps the rules
it was started with (they are saved with the game).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from swoop_desktop.choices import PLAYER_LEVELS, AIPace, AnimationSpeed
from swoop_desktop.engine import Rules, RulesError
from swoop_desktop.names import check_name, label, seat_default, shown

from .jsonfile import (
    DocKind,
    DocumentError,
    KeptFile,
    Notes,
    check_type,
    drop,
    get,
    load_document,
    write_document,
)
from .notices import plain_reason
from .paths import Dirs

ANIMATION_SPEEDS: tuple[str, ...] = tuple(s.value for s in AnimationSpeed)
AI_PACES: tuple[str, ...] = tuple(p.value for p in AIPace)
LEVELS: tuple[str, ...] = tuple(level.value for level in PLAYER_LEVELS)
SEATS = (1, 2, 3)


@dataclass(frozen=True)
class Settings:
    """Every setting, with its default. Change one with ``dataclasses.replace``."""

    rules: Rules = field(default_factory=lambda: Rules.from_preset("app"))
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
    count_abandoned: bool = False  # abandoned games count in statistics (as losses)
    lesson_offered: bool = False  # the title has offered the first hand that teaches

    def with_rules(self, rules: Rules) -> Settings:
        return replace(self, rules=rules)

    def opponent(self, seat: int) -> dict[str, str]:
        """Overrides for seat 1-3 (empty: use config/opponents.yaml)."""
        return dict(self.opponents.get(seat, {}))

    def to_json(self) -> dict[str, Any]:
        body = asdict(self)
        body["rules"] = self.rules.to_json()  # Rules in memory, their JSON only in the file
        body["opponents"] = {str(k): dict(v) for k, v in sorted(self.opponents.items())}
        body["window_size"] = list(self.window_size) if self.window_size else None
        body["window_pos"] = list(self.window_pos) if self.window_pos else None
        return body


@dataclass(frozen=True)
class Known:
    """Names the AI package knows (the app passes them in; storage does not import the AI).

    ``None`` means "not checked here".
    """

    levels: tuple[str, ...] | None = None
    personalities: tuple[str, ...] | None = None
    features: tuple[str, ...] | None = None


def _pair(value: Any, name: str, low: int, high: int) -> tuple[int, int] | None:
    """A window size or place. Two whole numbers; an unusable one (a window closed while
    minimised can report 0 x 0) is forgotten, never a reason to drop the other settings."""
    if value is None:
        return None
    check_type(value, list, name)
    if len(value) != 2:
        raise DocumentError(f"{name} should be two numbers, not {shown(value)}")
    for v in value:
        check_type(v, int, name)
    if not all(low <= v <= high for v in value):
        return None
    return (value[0], value[1])


def _opponent(key: str, value: Any, notes: Notes, known: Known) -> dict[str, str]:
    """One seat's overrides, each bad value dropped (and noted)."""
    where = f"opponents.{key}"
    if not isinstance(value, dict):
        drop(notes, f"{where} should be an object, not {shown(value)}")
        return {}
    seat = int(key)
    out: dict[str, str] = {}
    for k, v in value.items():
        name = f"{where}.{label(k)}"
        if not isinstance(v, str):
            drop(notes, f"{name} should be text, not {shown(v)}")
        elif k == "name":
            good, why = check_name(v)
            if good is None:
                drop(
                    notes, f"{name}: {why}; the seat's default name {seat_default(seat)!r} is used"
                )
            else:
                out[k] = good
        elif k == "level":
            levels = known.levels or LEVELS
            if v not in levels and v not in LEVELS:
                drop(notes, f"{name} should be one of {', '.join(LEVELS)}, not {shown(v)}")
            else:
                out[k] = v
        elif k == "personality":
            if known.personalities is not None and v not in known.personalities:
                drop(
                    notes,
                    f"{name}: unknown personality {shown(v)} (choose one of "
                    f"{', '.join(known.personalities)})",
                )
            elif len(v) > 40 or not v.isidentifier():
                drop(notes, f"{name}: unknown personality {shown(v)}")
            else:
                out[k] = v
        elif len(k) > 40 or len(v) > 200:
            drop(notes, f"{where}: the value of {label(k)} is too long")
        else:
            out[k] = v
    return out


def settings_from_json(
    data: dict[str, Any], notes: Notes = None, known: Known | None = None
) -> Settings:
    """Validate a current-version settings body.

    Strict (``notes`` None): DocumentError names the first bad value. Lenient
    (a ``notes`` list): each bad value falls back to its default and is noted.
    """
    known = known or Known()
    d = Settings()

    def field_of(key: str, check: Any, default: Any) -> Any:
        try:
            return check()
        except DocumentError as exc:
            drop(notes, str(exc))
            return default

    def rules_check() -> Rules:
        raw = get(data, "rules", dict, "", None)
        if raw is None:
            return d.rules
        try:
            rules = Rules.from_json(raw)
            rules.validate_players(4)
        except RulesError as exc:
            raise DocumentError(f"rules: {exc}") from None
        return rules

    rules = field_of("rules", rules_check, d.rules)
    raw_opp = field_of("opponents", lambda: get(data, "opponents", dict, "", {}), {})
    opponents: dict[int, dict[str, str]] = {}
    for key, value in raw_opp.items():
        if key not in {str(s) for s in SEATS}:
            drop(notes, f"opponents: seat {shown(key)} should be 1, 2 or 3")
            continue
        seat_values = _opponent(key, value, notes, known)
        if seat_values:
            opponents[int(key)] = seat_values

    def one_of(key: str, choices: tuple[str, ...], default: str) -> Any:
        def check() -> str:
            value: str = get(data, key, str, "", default)
            if value not in choices:
                raise DocumentError(
                    f"{key} should be one of {', '.join(choices)}, not {shown(value)}"
                )
            return value

        return field_of(key, check, default)

    def volume_check() -> float:
        volume = get(data, "volume", float, "", d.volume)
        if not 0.0 <= volume <= 1.0:
            raise DocumentError(f"volume should be from 0.0 to 1.0, not {shown(volume)}")
        return float(volume)

    def flag(key: str) -> bool:
        default: bool = getattr(d, key)
        return bool(field_of(key, lambda: get(data, key, bool, "", default), default))

    # One reader over the dataclass's own fields: each is checked on its own (a bad one
    # falls back to its default), and a field without a reader here is refused at once.
    readers: dict[str, Callable[[], Any]] = {
        "rules": lambda: rules,
        "opponents": lambda: opponents,
        "animation_speed": lambda: one_of("animation_speed", ANIMATION_SPEEDS, d.animation_speed),
        "ai_pace": lambda: one_of("ai_pace", AI_PACES, d.ai_pace),
        "volume": lambda: field_of("volume", volume_check, d.volume),
        "window_size": lambda: field_of(
            "window_size", lambda: _pair(data.get("window_size"), "window_size", 100, 100_000), None
        ),
        "window_pos": lambda: field_of(
            "window_pos",
            lambda: _pair(data.get("window_pos"), "window_pos", -100_000, 100_000),
            None,
        ),
    }
    values: dict[str, Any] = {}
    for f in fields(Settings):
        if f.name in readers:
            values[f.name] = readers[f.name]()
        elif type(getattr(d, f.name)) is bool:
            values[f.name] = flag(f.name)
        else:
            raise TypeError(f"settings: no reader for the field {f.name}")
    return Settings(**values)


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
    format="swoop-settings",
    version=2,
    label="settings",
    validate=settings_from_json,
    migrations={1: _v1_to_v2},
    cap=1 << 20,
)


def load_settings(dirs: Dirs, known: Known | None = None) -> tuple[Settings, list[str]]:
    """The saved settings (defaults when there are none) and messages for the player.

    A bad value falls back to its default (and is told); a file that cannot be
    read at all is kept as it is: the settings are then not saved this session.
    """
    if not dirs.usable:
        return Settings(), []
    kind = replace(
        SETTINGS_KIND, validate=lambda data, notes: settings_from_json(data, notes, known)
    )
    loaded = load_document(dirs.settings_file, kind, dirs.state.kept)
    return (loaded.value or Settings()), loaded.messages


def save_settings(dirs: Dirs, settings: Settings, since: Settings | None = None) -> Settings:
    """Write the settings atomically (the previous file is kept as ``settings.json.bak``);
    return what was written.

    With ``since`` (the settings this window last read or wrote), only the fields
    that changed since then are written, merged over what is on disk at this
    moment: two windows on one data folder never undo each other's changes.

    Settings that could not be read back are refused (ValueError naming the
    value) before anything is written, so a bad value never costs the file.
    A disk problem is told to the player once (``dirs.notices``), not raised;
    a settings file the player was told is kept is never written over.
    """
    try:
        settings_from_json(settings.to_json())
    except DocumentError as exc:
        raise ValueError(f"settings not saved: {exc}") from None
    if not dirs.usable:
        return settings
    if since is not None:
        changed = {
            f.name: getattr(settings, f.name)
            for f in fields(Settings)
            if getattr(settings, f.name) != getattr(since, f.name)
        }
        if not changed:
            return settings
        on_disk = load_document(dirs.settings_file, SETTINGS_KIND, dirs.state.kept).value
        settings = replace(on_disk or since, **changed)
    body = settings.to_json()
    try:
        for text in write_document(dirs.settings_file, SETTINGS_KIND, body, dirs.state.kept):
            dirs.notices.post("settings-moved", text)
    except KeptFile:
        dirs.notices.post(
            "settings",
            "Your settings are not saved this time, so that the "
            "settings file Swoop could not read stays as it is.",
        )
        return settings
    except OSError as exc:
        dirs.notices.post(
            "settings",
            f"Your settings could not be saved ({plain_reason(exc)}). "
            "The game goes on with them; they last until you quit.",
        )
        return settings
    dirs.notices.ok("settings")
    return settings
