"""The player's settings: rules for the next game, opponents, speeds, sound, window.

Stored as ``settings.json`` (format ``swoop-settings``) in the config folder.
Rule changes apply to the next new game; a game in progress keeps the rules
it was started with (they are saved with the game).

Each setting is declared once, as a field of :class:`Settings` made by
:func:`setting`: its default, how it is read and checked (a :class:`Reader`),
when it applies (:class:`Applies`) and the row it gets on the Settings page
(:class:`Row`). Reading, writing, the Settings page's rows, restoring defaults
and what the table redraws at once are all built from that table
(``SETTINGS``); the page's words are the UI's (``ui/settings_text.py``).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from enum import StrEnum
from functools import partial
from typing import Any, Literal, TypeVar

from swoop_desktop.choices import (
    DEFAULT_PLAYERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLAYER_LEVELS,
    PLAYER_PACES,
    AIPace,
    AnimationSpeed,
)
from swoop_desktop.engine import Rules, RulesError
from swoop_desktop.i18n import NAMES, PSEUDO, _
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
#: The opponents' numbers a setting may name (1 Lefty, 2 Topper, 3 Righty, then 4 to 7: the
#: opponents of a larger table); where each sits is ``choices.seated_opponents``'.
SEATS = (1, 2, 3, 4, 5, 6, 7)
#: The languages a saved choice may name: those the game has words for, and the
#: made-up one that tests layouts.
LANGUAGE_CODES: tuple[str, ...] = (*NAMES, PSEUDO)

T = TypeVar("T")


@dataclass(frozen=True)
class Known:
    """Names the AI package knows (the app passes them in; storage does not import the AI).

    ``None`` means "not checked here".
    """

    levels: tuple[str, ...] | None = None
    personalities: tuple[str, ...] | None = None
    features: tuple[str, ...] | None = None


# -- how a setting is read and checked ---------------------------------------------------------


class Reader(abc.ABC):
    """How one setting is read from ``settings.json`` and checked, and how it is written.

    ``read`` raises DocumentError naming a bad value (the setting then keeps its default);
    ``example`` is a good value other than the default (every setting is written so and
    read back by the tests, so a new setting is round-tripped with nothing else to add).
    """

    @abc.abstractmethod
    def read(
        self, data: Mapping[str, Any], key: str, default: Any, notes: Notes, known: Known
    ) -> Any:
        """The setting's value as ``data`` holds it under ``key`` (checked)."""

    def write(self, value: Any) -> Any:
        return value

    @abc.abstractmethod
    def example(self, default: Any) -> Any:
        """A good value other than ``default``."""


class Flag(Reader):
    """On or off: ``true`` or ``false``."""

    def read(
        self, data: Mapping[str, Any], key: str, default: Any, notes: Notes, known: Known
    ) -> Any:
        return bool(get(data, key, bool, "", default))

    def example(self, default: Any) -> Any:
        return not default


@dataclass(frozen=True)
class OneOf(Reader):
    """One of a few words (an animation speed, a pace)."""

    choices: tuple[str, ...]

    def read(
        self, data: Mapping[str, Any], key: str, default: Any, notes: Notes, known: Known
    ) -> Any:
        value: str = get(data, key, str, "", default)
        if value not in self.choices:
            # Translators: {name} is the setting's name in the file; {choices} the words
            # it may be (as written in the file); {value} what it was.
            told = _("{name} should be one of {choices}, not {value}")
            raise DocumentError(
                told.format(name=key, choices=", ".join(self.choices), value=shown(value))
            )
        return value

    def example(self, default: Any) -> Any:
        return next(c for c in self.choices if c != default)


@dataclass(frozen=True)
class Fraction(Reader):
    """A number from ``low`` to ``high`` (the volume: 0.0 to 1.0)."""

    low: float = 0.0
    high: float = 1.0

    def read(
        self, data: Mapping[str, Any], key: str, default: Any, notes: Notes, known: Known
    ) -> Any:
        value = get(data, key, float, "", default)
        if not self.low <= value <= self.high:
            # Translators: {name} is the setting's name in the file; {low} and {high} the
            # numbers it may be between; {value} what it was.
            told = _("{name} should be from {low} to {high}, not {value}")
            raise DocumentError(
                told.format(name=key, low=self.low, high=self.high, value=shown(value))
            )
        return float(value)

    def example(self, default: Any) -> Any:
        return self.low if default != self.low else self.high


@dataclass(frozen=True)
class Pair(Reader):
    """A window size or place: two whole numbers. An unusable one (a window closed while
    minimised can report 0 x 0) is forgotten, never a reason to drop the other settings."""

    low: int
    high: int

    def read(
        self, data: Mapping[str, Any], key: str, default: Any, notes: Notes, known: Known
    ) -> Any:
        return _pair(data.get(key), key, self.low, self.high)

    def write(self, value: Any) -> Any:
        return list(value) if value else None

    def example(self, default: Any) -> Any:
        return (max(self.low, 0) + 1000, max(self.low, 0) + 700)


@dataclass(frozen=True)
class Count(Reader):
    """A whole number from ``low`` to ``high`` (how many players sit at the table)."""

    low: int
    high: int

    def read(
        self, data: Mapping[str, Any], key: str, default: Any, notes: Notes, known: Known
    ) -> Any:
        value = data.get(key, default)
        if type(value) is not int or not self.low <= value <= self.high:
            # Translators: {name} is the setting's name in the file; {low} and {high} the
            # numbers it may be between; {value} what it was.
            told = _("{name} should be a whole number from {low} to {high}, not {value}")
            raise DocumentError(
                told.format(name=key, low=self.low, high=self.high, value=shown(value))
            )
        return value

    def example(self, default: Any) -> Any:
        return self.high if default != self.high else self.low


@dataclass(frozen=True)
class Language(Reader):
    """The player's language: ``""`` (the system's) or one of ``known`` ("de", "fi", ...).
    A code the game does not know (a language since removed, a hand-edited file) is told
    in one plain message and the system's language is used."""

    known: tuple[str, ...]

    def read(
        self, data: Mapping[str, Any], key: str, default: Any, notes: Notes, known: Known
    ) -> Any:
        value: str = get(data, key, str, "", default)
        if value and value not in self.known:
            # Translators: {language} is the language code found in the file ("de").
            told = _(
                "the language {language} is not one Swoop knows, so the system's language is used"
            )
            raise DocumentError(told.format(language=shown(value)))
        return value

    def example(self, default: Any) -> Any:
        return next(c for c in self.known if c != default and c != "en")


class RulesReader(Reader):
    """The rules for the next new game (``Rules.to_json``), checked by the engine."""

    def read(
        self, data: Mapping[str, Any], key: str, default: Any, notes: Notes, known: Known
    ) -> Any:
        raw = get(data, key, dict, "", None)
        if raw is None:
            return default
        try:
            rules = Rules.from_json(raw)
            rules.validate_players(4)
        except RulesError as exc:
            raise DocumentError(f"{key}: {exc}") from None
        return rules

    def write(self, value: Any) -> Any:
        return value.to_json()  # Rules in memory, their JSON only in the file

    def example(self, default: Any) -> Any:
        return Rules.from_preset("classic" if default.preset != "classic" else "app")


class OpponentsReader(Reader):
    """Each seat's overrides (name, level, style); a bad one is dropped on its own."""

    def read(
        self, data: Mapping[str, Any], key: str, default: Any, notes: Notes, known: Known
    ) -> Any:
        raw: dict[str, Any] = get(data, key, dict, "", {})
        opponents: dict[int, dict[str, str]] = {}
        for seat, value in raw.items():
            if seat not in {str(s) for s in SEATS}:
                # Translators: {name} is the setting's name in the file; {seat} the seat
                # number found.
                told = _("{name}: seat {seat} should be a number from 1 to 7")
                drop(notes, told.format(name=key, seat=shown(seat)))
                continue
            seat_values = _opponent(seat, value, notes, known)
            if seat_values:
                opponents[int(seat)] = seat_values
        return opponents

    def write(self, value: Any) -> Any:
        return {str(k): dict(v) for k, v in sorted(value.items())}

    def example(self, default: Any) -> Any:
        return {1: {"name": "Ann", "level": "hard"}}


# -- the table of settings ---------------------------------------------------------------------


class Applies(StrEnum):
    """When a changed setting takes effect."""

    NEXT_GAME = "next game"  # a game in progress keeps what it began with
    LANGUAGE = "language"  # the words switch at once (every screen builds its words again)
    AT_ONCE = "at once"  # read where it is used, each time (the screens are told of a change)
    SOUND = "sound"  # the sound follows at once
    WINDOW = "window"  # the window switches at once
    CARDS = "cards"  # the table draws and lays out its cards anew at once
    KEPT = "kept"  # remembered for the player, not a choice (kept when settings are restored)


RowKind = Literal["toggle", "choice", "slider", "players", "rules", "opponents", "language"]


@dataclass(frozen=True)
class Row:
    """The row a setting gets on the Settings page: the section it is in (``section``, in
    page order) and its kind of control; a choice offers ``offered`` (default: every value
    the reader accepts)."""

    section: str
    kind: RowKind
    offered: tuple[str, ...] = ()


@dataclass(frozen=True)
class Setting:
    """One entry of the table: a field of :class:`Settings` with its default, how it is read
    and checked, when it applies and the row it gets (``None``: not on the Settings page)."""

    read: Reader
    applies: Applies
    row: Row | None = None
    name: str = ""
    made: Callable[[], Any] = lambda: None  # makes the default (a fresh one each time)

    @property
    def default(self) -> Any:
        return self.made()

    @property
    def offered(self) -> tuple[str, ...]:
        """The values a choice row offers."""
        if self.row is not None and self.row.offered:
            return self.row.offered
        return tuple(getattr(self.read, "choices", ()))


_SETTING = "setting"


def setting(default: T, read: Reader, applies: Applies, row: Row | None = None) -> T:
    """A field of :class:`Settings` with its entry in the table."""
    return field(default=default, metadata={_SETTING: Setting(read, applies, row)})


def made_setting(
    made: Callable[[], T], read: Reader, applies: Applies, row: Row | None = None
) -> T:
    """A field of :class:`Settings` whose default is made afresh each time (a dict, the
    rules), with its entry in the table."""
    return field(default_factory=made, metadata={_SETTING: Setting(read, applies, row)})


_CHOICE_OF_PACES = tuple(p.value for p in PLAYER_PACES)  # "instant" is for tests and figures


@dataclass(frozen=True)
class Settings:
    """Every setting, with its default: the table of settings. Each field's entry says how it
    is read and checked, when it applies and the row it gets on the Settings page (its words
    and its effect are the UI's). Change one with ``dataclasses.replace``."""

    # how many sit at the table (you and the opponents), 3 to 8: R3
    players: int = setting(
        DEFAULT_PLAYERS,
        Count(MIN_PLAYERS, MAX_PLAYERS),
        Applies.NEXT_GAME,
        Row("rules", "players"),
    )
    rules: Rules = made_setting(
        lambda: Rules.from_preset("app"), RulesReader(), Applies.NEXT_GAME, Row("rules", "rules")
    )
    opponents: dict[int, dict[str, str]] = made_setting(
        dict, OpponentsReader(), Applies.NEXT_GAME, Row("opponents", "opponents")
    )
    animation_speed: str = setting(
        "normal", OneOf(ANIMATION_SPEEDS), Applies.AT_ONCE, Row("speed", "choice")
    )
    ai_pace: str = setting(
        "normal", OneOf(AI_PACES), Applies.AT_ONCE, Row("speed", "choice", _CHOICE_OF_PACES)
    )
    volume: float = setting(0.7, Fraction(0.0, 1.0), Applies.SOUND, Row("sound", "slider"))
    muted: bool = setting(False, Flag(), Applies.SOUND, Row("sound", "toggle"))
    fullscreen: bool = setting(False, Flag(), Applies.WINDOW, Row("sound", "toggle"))
    window_size: tuple[int, int] | None = setting(None, Pair(100, 100_000), Applies.KEPT)
    window_pos: tuple[int, int] | None = setting(None, Pair(-100_000, 100_000), Applies.KEPT)
    show_hints: bool = setting(True, Flag(), Applies.AT_ONCE, Row("sound", "toggle"))
    # clubs green, diamonds blue
    four_colour: bool = setting(False, Flag(), Applies.CARDS, Row("cards", "toggle"))
    # bigger cards for small or far screens
    large_cards: bool = setting(False, Flag(), Applies.CARDS, Row("cards", "toggle"))
    # no flying cards: they fade in where they land
    reduced_motion: bool = setting(False, Flag(), Applies.CARDS, Row("cards", "toggle"))
    # abandoned games count in statistics (as losses)
    count_abandoned: bool = setting(False, Flag(), Applies.AT_ONCE, Row("statistics", "toggle"))
    # the words' language: "" follows the system's (the choice on first start), else a code
    language: str = setting(
        "", Language(LANGUAGE_CODES), Applies.LANGUAGE, Row("language", "language")
    )
    # the title has offered the first hand that teaches
    lesson_offered: bool = setting(False, Flag(), Applies.AT_ONCE)

    def with_rules(self, rules: Rules) -> Settings:
        return replace(self, rules=rules)

    def opponent(self, seat: int) -> dict[str, str]:
        """Overrides for opponent 1-7 (empty: use config/opponents.yaml)."""
        return dict(self.opponents.get(seat, {}))

    def to_json(self) -> dict[str, Any]:
        return {s.name: s.read.write(getattr(self, s.name)) for s in SETTINGS}

    def applying(self, applies: Applies) -> tuple[Any, ...]:
        """The values of the settings that take effect so (say, everything the cards'
        look depends on), to see at a glance whether any of them changed."""
        return tuple(getattr(self, s.name) for s in SETTINGS if s.applies is applies)


def _same(value: T) -> T:
    return value


def _entries() -> tuple[Setting, ...]:
    out: list[Setting] = []
    for f in fields(Settings):
        entry = f.metadata.get(_SETTING)
        if not isinstance(entry, Setting):
            raise TypeError(f"settings: the field {f.name} is not declared with setting(...)")
        if f.default_factory is not MISSING:
            made = f.default_factory
        else:
            made = partial(_same, f.default)
        out.append(replace(entry, name=f.name, made=made))
    return tuple(out)


#: The table of settings, in the order of the fields (and of the Settings page).
SETTINGS: tuple[Setting, ...] = _entries()
SETTING_BY_NAME: dict[str, Setting] = {s.name: s for s in SETTINGS}


def _pair(value: Any, name: str, low: int, high: int) -> tuple[int, int] | None:
    """Two whole numbers from ``low`` to ``high``, or None (missing or unusable)."""
    if value is None:
        return None
    check_type(value, list, name)
    if len(value) != 2:
        # Translators: {name} is the setting's name in the file; {value} what it was.
        told = _("{name} should be two numbers, not {value}")
        raise DocumentError(told.format(name=name, value=shown(value)))
    for v in value:
        check_type(v, int, name)
    if not all(low <= v <= high for v in value):
        return None
    return (value[0], value[1])


def _opponent(key: str, value: Any, notes: Notes, known: Known) -> dict[str, str]:
    """One seat's overrides, each bad value dropped (and noted)."""
    where = f"opponents.{key}"
    if not isinstance(value, dict):
        # Translators: {name} is the setting's name in the file; {value} what it was.
        told = _("{name} should be an object, not {value}")
        drop(notes, told.format(name=where, value=shown(value)))
        return {}
    seat = int(key)
    out: dict[str, str] = {}
    for k, v in value.items():
        name = f"{where}.{label(k)}"
        if not isinstance(v, str):
            # Translators: {name} is the setting's name in the file; {value} what it was.
            drop(notes, _("{name} should be text, not {value}").format(name=name, value=shown(v)))
        elif k == "name":
            good, why = check_name(v)
            if good is None:
                # Translators: {name} is the setting's name in the file; {why} what is
                # wrong with the player's name; {default} the name used instead.
                told = _("{name}: {why}; the seat's default name {default} is used")
                drop(notes, told.format(name=name, why=why, default=repr(seat_default(seat))))
            else:
                out[k] = good
        elif k == "level":
            levels = known.levels or LEVELS
            if v not in levels and v not in LEVELS:
                # Translators: {name} is the setting's name in the file; {choices} the words
                # it may be (as written in the file); {value} what it was.
                told = _("{name} should be one of {choices}, not {value}")
                drop(notes, told.format(name=name, choices=", ".join(LEVELS), value=shown(v)))
            else:
                out[k] = v
        elif k == "personality":
            if known.personalities is not None and v not in known.personalities:
                # Translators: {name} is the setting's name in the file; {value} what it
                # was; {choices} the personalities it may be (as written in the file).
                told = _("{name}: unknown personality {value} (choose one of {choices})")
                choices = ", ".join(known.personalities)
                drop(notes, told.format(name=name, value=shown(v), choices=choices))
            elif len(v) > 40 or not v.isidentifier():
                # Translators: {name} is the setting's name in the file; {value} what it was.
                told = _("{name}: unknown personality {value}")
                drop(notes, told.format(name=name, value=shown(v)))
            else:
                out[k] = v
        elif len(k) > 40 or len(v) > 200:
            # Translators: {name} names the seat in the file; {key} the value's name.
            told = _("{name}: the value of {key} is too long")
            drop(notes, told.format(name=where, key=label(k)))
        else:
            out[k] = v
    return out


def settings_from_json(
    data: dict[str, Any], notes: Notes = None, known: Known | None = None
) -> Settings:
    """Validate a current-version settings body, each setting as its table entry says.

    Strict (``notes`` None): DocumentError names the first bad value. Lenient
    (a ``notes`` list): each bad value falls back to its default and is noted.
    """
    known = known or Known()
    values: dict[str, Any] = {}
    for entry in SETTINGS:  # each on its own: a bad one falls back to its default
        try:
            values[entry.name] = entry.read.read(data, entry.name, entry.default, notes, known)
        except DocumentError as exc:
            drop(notes, str(exc))
            values[entry.name] = entry.default
    players, rules = values["players"], values["rules"]
    try:
        rules.validate_players(players)
    except RulesError:
        # Translators: the settings' table size does not fit their rules' decks; {n} is the
        # number of players found, {default} the number used instead.
        told = _("the rules' decks cannot seat a table of {n}, so a table of {default} is used")
        drop(notes, told.format(n=players, default=DEFAULT_PLAYERS))
        values["players"] = DEFAULT_PLAYERS
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
            _(
                "Your settings are not saved this time, so that the settings file Swoop "
                "could not read stays as it is."
            ),
        )
        return settings
    except OSError as exc:
        dirs.notices.post(
            "settings",
            # Translators: {reason} says why, e.g. "the disk is full".
            _(
                "Your settings could not be saved ({reason}). The game goes on with them; "
                "they last until you quit."
            ).format(reason=plain_reason(exc)),
        )
        return settings
    dirs.notices.ok("settings")
    return settings
