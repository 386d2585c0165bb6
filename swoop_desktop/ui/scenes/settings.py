"""The settings screen: rules for the next game, opponents, speeds, sound and screen.

Every row is made from a declaration, never from a name: each rule option's row is the
control of its declared kind (``OPTION_SPECS``: a switch, a choice of its values, a number
in its range and steps) with its words (``rules_text.OPTION_INFO``); each setting's row is
the one the table of settings gives it (``storage.settings``) with its words
(``settings_text``); the opponents' levels and styles are the AI's, with the AI's words
(``ai.opponent_words``). Choosing a rule set resets the options to it. Each change is
checked by the engine (``Rules.with_options`` and ``validate_players``): a
combination it refuses is shown as a message and the control goes back,
never a crash. Every change is saved at once (``app.settings`` is replaced by
a new frozen Settings and ``app.save_settings()`` writes it), and the screen
says that rule changes apply to the next new game. The column scrolls when
the window is small, and works by keyboard (Up/Down/Tab, Left/Right to change,
Enter, Esc to go back).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop import i18n
from swoop_desktop.ai import LEVELS as AI_LEVELS
from swoop_desktop.ai import PERSONALITIES, load_opponents
from swoop_desktop.ai.opponent_words import LEVEL_CONTEXT, LEVEL_WORDS, PERSONALITY_WORDS
from swoop_desktop.choices import MAX_PLAYERS, MIN_PLAYERS, seat_name, seated_opponents
from swoop_desktop.engine import OPTION_NAMES, OPTION_SPECS, PRESETS, Rules, RulesError
from swoop_desktop.engine.rules import OptionKind
from swoop_desktop.i18n import N_, _, pgettext
from swoop_desktop.names import seat_place, shown_name
from swoop_desktop.storage import LEVELS as SAVED_LEVELS
from swoop_desktop.storage.settings import SETTING_BY_NAME, SETTINGS, Applies, Setting
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.results import ModalResult, Result
from swoop_desktop.ui.rules_text import (
    OPTION_INFO,
    option_applies,
    option_help,
    option_label,
    option_unit,
    preset_words,
    table_size_words,
    value_text,
)
from swoop_desktop.ui.scene import Scene
from swoop_desktop.ui.settings_text import (
    SettingWords,
    next_game_note,
    section_words,
    words_of,
)

_log = logging.getLogger(__name__)

#: What "Restore defaults" leaves as it is: the window's size and place, and the language.
_KEPT_ON_RESTORE = (Applies.KEPT, Applies.LANGUAGE)
_Z = (0, 0, 0, 0)  # a row's place before the panel lays it out


def _shown(text: str) -> str:
    return _(text) if text else ""


def level_text(level: str) -> tuple[str, str]:
    """A level's name with its measured rating beside it ("Casual 1122"), and its help."""
    from swoop_desktop.progress.rating import LEVEL_RATINGS

    words = LEVEL_WORDS.get(level)
    if words is not None:
        name, help_text = pgettext(LEVEL_CONTEXT, words.name), _(words.help)
    else:  # every declared level has words (a test holds it); a stray name is shown as is
        name, help_text = level, ""
    if level in LEVEL_RATINGS:
        rating, rd = LEVEL_RATINGS[level]
        name = f"{name} {rating:.0f}"
        # Translators: after a level's help; the numbers are its measured rating and margin.
        rated = _("Rated {rating} ± {margin} (normal is 1500).").format(
            rating=f"{rating:.0f}", margin=f"{2 * rd:.0f}"
        )
        help_text = f"{help_text} {rated}"
    return name, help_text


def personality_text(personality: str) -> tuple[str, str]:
    """A playing style's name and help in the player's language."""
    words = PERSONALITY_WORDS.get(personality)
    if words is None:  # every declared style has words (a test holds it)
        return personality, ""
    return _(words.name), _(words.help)


# Levels a player can pick here: the AI's levels that the settings file also accepts.
LEVEL_CHOICES = tuple(lv for lv in AI_LEVELS if lv in SAVED_LEVELS)

if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI


class SettingsScene(Scene):
    """Every setting on one scrollable page. Pops when Done (or Esc) is chosen."""

    name = "settings"
    animating = False  # a still page: the App draws it only on input

    def __init__(self, app: AppAPI) -> None:
        super().__init__(app)
        self.message = ""
        self.rules = self._initial_rules()
        self.seats = self._load_seats()
        self.rule_rows: dict[str, W.Row] = {}
        self.rows: dict[str, W.Widget] = {}
        self.setting_rows: dict[str, list[W.Widget]] = {}  # by setting: the rows it got
        self.panel = W.ScrollPanel((0, 0, 10, 10), [])
        self.done = W.Button(
            (0, 0, 10, 10),
            # Translators: Settings' main button: close the page (about 12 characters).
            N_("Done"),
            self.close,
            primary=True,
            tooltip=N_("Back (Esc). Your settings are already saved."),
        )
        self.defaults = W.Button(
            (0, 0, 10, 10),
            # Translators: a button in Settings: every setting back to how the game comes.
            N_("Restore defaults"),
            self.restore_defaults,
            tooltip=N_("Every setting back to how Swoop comes."),
        )
        self._name_buttons()
        self.ring = W.FocusRing([], on_back=self.close, panel=self.panel)
        self.notice = W.Message((0, 0, 0, 0), "", colour_name="error")
        self._size: tuple[int, int] | None = None
        self._build_rows()

    # -- reading the current settings ---------------------------------------------
    def _initial_rules(self) -> Rules:
        # A stored rule set that cannot be used is reported when the file is read, and the
        # App rules are used; what arrives here is always a valid Rules.
        return self.app.settings.rules

    def _load_seats(self) -> dict[int, Any]:
        try:
            seats, _messages = load_opponents(self.app.dirs.config)
        except Exception:  # noqa: BLE001 - names are decoration; the screen must open
            _log.exception("could not read the opponents")
            return {}
        return {seat.seat: seat for seat in seats}

    def seat_value(self, seat: int, key: str) -> str:
        chosen = self.app.settings.opponent(seat).get(key)
        if chosen:
            return chosen
        base = self.seats.get(seat)
        default = "normal" if key == "level" else "balanced"
        return (getattr(base, key, None) or default) if base else default

    # -- building -----------------------------------------------------------------------
    def _build_rows(self) -> None:
        """Every setting's rows, section by section, as the table of settings says."""
        sections: dict[str, list[tuple[Setting, str]]] = {}  # in the order first named
        for entry in SETTINGS:
            if entry.row is not None:  # None: kept for the player, not a choice
                sections.setdefault(entry.row.section, []).append((entry, entry.row.kind))
        rows: list[W.Widget] = []
        self.setting_rows = {}
        for section, entries in sections.items():
            next_game = all(e.applies is Applies.NEXT_GAME for e, _ in entries)
            note = next_game_note() if next_game else ""
            rows.append(W.Heading(_Z, section_words(section), note=note))
            for entry, kind in entries:
                made = self._row_makers[kind](entry)
                self.setting_rows[entry.name] = made
                rows += made
        self.panel.widgets = rows
        self.notice.text = self.message
        self.ring.set_widgets([w for w in rows if w.focusable] + [self.defaults, self.done])

    @property
    def _row_makers(self) -> dict[str, Callable[[Setting], list[W.Widget]]]:
        return {
            "players": self._players_row,
            "rules": self._rule_rows,
            "opponents": self._opponent_rows,
            "choice": self._choice_row,
            "toggle": self._toggle_row,
            "slider": self._slider_row,
            "language": self._language_row,
        }

    def _players_row(self, entry: Setting) -> list[W.Widget]:
        """How many sit at the table, each count with its decks in words."""
        words = words_of(entry.name)
        options = [
            W.Option(n, str(n), table_size_words(self.rules, n))
            for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        ]
        row = W.Choice(_Z, words.label, options, self.app.settings.players, self.change_players)
        return self._keep(entry, row, words)

    def change_players(self, players: int) -> None:
        """A new table size: refused (and said) where the rules' decks cannot seat it; the
        opponents' rows follow it."""
        try:
            self.rules.validate_players(players)
        except RulesError as exc:
            self.show_message(_("Those rules cannot be used: {reason}").format(reason=exc))
            self.rows["players"].set_value(self.app.settings.players)  # type: ignore[attr-defined]
            return
        self.show_message("")
        self._save(dataclasses.replace(self.app.settings, players=players))
        self._build_rows()
        self._layout()

    def _rule_rows(self, entry: Setting) -> list[W.Widget]:
        """The rule set, the message a refused change leaves, then every rule option."""
        r = self.rules
        words = words_of(entry.name)
        preset = W.Choice(
            _Z,
            words.label,
            [W.Option(name, *preset_words(name)) for name in PRESETS],
            r.preset,
            self.choose_preset,
            help=words.help,
        )
        self.rows["preset"] = preset
        rows: list[W.Widget] = [preset, self.notice]
        for name in OPTION_NAMES:
            row = self._option_row_makers[OPTION_SPECS[name].kind](name)
            row.help = option_help(name, r)
            # Its note and the one it shows when another rule leaves it no effect: the row
            # keeps the lines of the longer, so a rule changed above never moves it.
            info = OPTION_INFO[name]
            row.help_reserve = tuple(_(t) for t in (info.help, info.no_effect) if t)
            row.enabled = option_applies(name, r)
            self.rule_rows[name] = row
            self.rows[name] = row
            rows.append(row)
        return rows

    @property
    def _option_row_makers(self) -> dict[OptionKind, Callable[[str], W.Row]]:
        """The control each kind of rule option gets (its declaration's ``kind``)."""
        return {
            "toggle": self._option_toggle,
            "choice": self._option_choice,
            "number": self._option_number,
        }

    def _option_toggle(self, name: str) -> W.Row:
        value = bool(getattr(self.rules, name))
        return W.Toggle(_Z, option_label(name), value, partial(self.change_option, name))

    def _option_choice(self, name: str) -> W.Row:
        """One segment for each value the option's declaration lists, in its order."""
        info = OPTION_INFO[name]
        helps = {(type(c.value), c.value): c.help for c in info.choices}
        options = [
            W.Option(v, value_text(name, v), _shown(helps.get((type(v), v), "")))
            for v in OPTION_SPECS[name].values
        ]
        value = getattr(self.rules, name)
        return W.Choice(_Z, option_label(name), options, value, partial(self.change_option, name))

    def _option_number(self, name: str) -> W.Row:
        """A whole number in the option's declared range, changed in its declared steps."""
        spec = OPTION_SPECS[name]
        return W.Stepper(
            _Z,
            option_label(name),
            int(getattr(self.rules, name)),
            partial(self.change_option, name),
            minimum=spec.minimum,
            maximum=spec.maximum,
            step=spec.step,
            unit=option_unit(name),
        )

    def _opponent_rows(self, entry: Setting) -> list[W.Widget]:
        """A level and a style for each opponent at a table of the chosen size, in their
        seats' order from your left."""
        rows: list[W.Widget] = []
        players = self.app.settings.players
        for at, seat in enumerate(seated_opponents(players), start=1):
            base = self.seats.get(seat)
            # One naming everywhere: the name the table shows, and where that player sits.
            if base:
                # Translators: an opponent's name and where they sit ("Lefty (left seat)").
                who = _("{name} ({place})").format(
                    name=shown_name(base.name), place=seat_place(at, players)
                )
            else:
                who = shown_name(seat_name(seat))
            level = W.Choice(
                _Z,
                # Translators: the row choosing an opponent's level ("Lefty (left seat): level").
                _("{who}: level").format(who=who),
                [W.Option(lv, *level_text(lv)) for lv in LEVEL_CHOICES],
                self.seat_value(seat, "level"),
                partial(self.change_opponent, seat, "level"),
            )
            style = W.Choice(
                _Z,
                # Translators: the row choosing an opponent's playing style ("Lefty (left seat):
                # style").
                _("{who}: style").format(who=who),
                [W.Option(p, *personality_text(p)) for p in PERSONALITIES],
                self.seat_value(seat, "personality"),
                partial(self.change_opponent, seat, "personality"),
            )
            self.rows[f"level{seat}"] = level
            self.rows[f"style{seat}"] = style
            rows += [level, style]
        return rows

    def _language_row(self, entry: Setting) -> list[W.Widget]:
        """The languages present, each named in its own language; the system's language
        is shown as chosen until the player chooses one."""
        words = words_of(entry.name)
        present = i18n.available_languages()
        saved = getattr(self.app.settings, entry.name)
        # A saved language whose catalogue went is said in English: the row says so too.
        chosen = saved if saved in present else i18n.language()
        if chosen not in present:
            present.append(chosen)  # the pseudo-language (for tests)
        options = [W.Option(code, i18n.NAMES.get(code, code), "") for code in present]
        row = W.Choice(_Z, words.label, options, chosen, partial(self.change_setting, entry.name))
        return self._keep(entry, row, words)

    def _choice_row(self, entry: Setting) -> list[W.Widget]:
        words = words_of(entry.name)
        # Every value offered has its words (tests/ui/test_settings_page.py holds it).
        options = [W.Option(v, *words.choices.get(v, (v, ""))) for v in entry.offered]
        value = getattr(self.app.settings, entry.name)
        row = W.Choice(_Z, words.label, options, value, partial(self.change_setting, entry.name))
        return self._keep(entry, row, words)

    def _toggle_row(self, entry: Setting) -> list[W.Widget]:
        words = words_of(entry.name)
        value = bool(getattr(self.app.settings, entry.name))
        row = W.Toggle(_Z, words.label, value, partial(self.change_setting, entry.name))
        return self._keep(entry, row, words)

    def _slider_row(self, entry: Setting) -> list[W.Widget]:
        words = words_of(entry.name)
        value = float(getattr(self.app.settings, entry.name))
        row = W.Slider(_Z, words.label, value, partial(self.change_slider, entry.name))
        return self._keep(entry, row, words)

    def _keep(self, entry: Setting, row: W.Row, words: SettingWords) -> list[W.Widget]:
        row.help = words.help
        self.rows[entry.name] = row
        return [row]

    # -- changes ------------------------------------------------------------------------
    def _save(self, settings: Any) -> bool:
        """Make ``settings`` the app's and write them; a failed write is shown, not raised."""
        self.app.settings = settings
        try:
            self.app.save_settings()
        except OSError as exc:
            self.show_message(
                _(
                    "Your settings could not be saved ({reason}). They apply until you close Swoop."
                ).format(reason=exc)
            )
            return False
        finally:
            # A choice's own note may have grown or shrunk (a level's runs to two lines):
            # the rows are measured and placed again, so none touches the next.
            self._layout()
        return True

    def _set_rules(self, rules: Rules) -> None:
        self.rules = rules
        self.show_message("")
        self._save(self.app.settings.with_rules(rules))
        self._sync_rule_rows()

    def choose_preset(self, preset: str) -> None:
        """A rule set resets every option to it."""
        try:
            rules = Rules.from_preset(preset)
            rules.validate_players(self.app.settings.players)
        except RulesError as exc:
            self.show_message(_("Those rules cannot be used: {reason}").format(reason=exc))
            self.rows["preset"].set_value(self.rules.preset)  # type: ignore[attr-defined]
            return
        self._set_rules(rules)

    def change_option(self, name: str, value: Any) -> bool:
        """Change one rule option; a combination the engine refuses is shown and undone."""
        try:
            rules = self.rules.with_options(**{name: value})
            rules.validate_players(self.app.settings.players)
        except RulesError as exc:
            self.show_message(
                # Translators: a refused rule change; {option} is the rule's name.
                _(
                    "That combination cannot be played: {reason}. {option} was left as it was."
                ).format(reason=exc, option=option_label(name) if name in OPTION_INFO else name)
            )
            self._sync_rule_rows()
            return False
        self._set_rules(rules)
        return True

    def change_opponent(self, seat: int, key: str, value: str) -> None:
        opponents = {s: dict(v) for s, v in self.app.settings.opponents.items()}
        opponents.setdefault(seat, {})[key] = value
        self._save(dataclasses.replace(self.app.settings, opponents=opponents))

    def change_setting(self, name: str, value: Any) -> None:
        """Save one setting; the App makes the sound follow and tells every screen, and a
        window setting switches the window here and now."""
        self._save(dataclasses.replace(self.app.settings, **{name: value}))
        if SETTING_BY_NAME[name].applies is Applies.WINDOW:
            self._apply_fullscreen(bool(value))

    def change_slider(self, name: str, value: float) -> None:
        """A slider's setting (the volume), heard as it moves."""
        self.change_setting(name, round(float(value), 2))
        self.app.sound.play("place")

    def _apply_fullscreen(self, value: bool) -> None:
        """Switch the window now (the App's F11 switch), if it is not already so."""
        if self.app.fullscreen == value:
            return
        try:
            self.app.toggle_fullscreen()
        except pygame.error as exc:
            self.show_message(_("Full screen is not available here ({reason}).").format(reason=exc))

    def restore_defaults(self) -> None:
        """Ask first: one click must never undo every choice the player made."""
        self.app.open(
            "confirm",
            # Translators: the question's title before every setting goes back to its default.
            _("Restore every setting?"),
            _(
                "The rules, opponents, speeds, volume, mute, hints and card options go back to "
                "how Swoop comes. The window keeps its size and the game its language."
            ),
            _("Restore defaults"),
            _("Cancel"),
        )

    def on_result(self, value: ModalResult) -> None:
        if value is Result.YES:  # the player confirmed "Restore defaults"
            self.reset_to_defaults()

    def reset_to_defaults(self) -> None:
        """Every setting back to how Swoop comes (the window's size and place are kept)."""
        old = self.app.settings
        kept = {s.name: getattr(old, s.name) for s in SETTINGS if s.applies in _KEPT_ON_RESTORE}
        fresh = dataclasses.replace(type(old)(), **kept)
        self.rules = fresh.rules
        self.message = ""
        self._save(fresh)
        self._build_rows()
        self._layout()
        self.ring.focus(self.defaults if self.ring.focused is not None else None)
        self.app.sound.volume = int(round(fresh.volume * 100))
        self.app.sound.muted = fresh.muted
        self._apply_fullscreen(fresh.fullscreen)

    def show_message(self, text: str) -> None:
        self.message = text
        if self.notice.text != text:
            self.notice.text = text
            self._layout()
            if text:
                self.panel.scroll_to_widget(self.notice)

    def _sync_rule_rows(self) -> None:
        """Show the current rules in every row (after a preset, a refusal or a change)."""
        r = self.rules
        self.rows["preset"].set_value(r.preset)  # type: ignore[attr-defined]
        for name, row in self.rule_rows.items():
            value = getattr(r, name)
            if isinstance(row, W.Choice):
                row.set_value(value)
            elif isinstance(row, W.Toggle):
                row.value = bool(value)
            elif isinstance(row, W.Stepper):
                row.value = int(value)
            row.help = option_help(name, r)
            row.enabled = option_applies(name, r)
        self._layout()

    @property
    def subtitle(self) -> str:
        if self.in_game:
            return _("Saved as you change them. The game in progress keeps its rules.")
        return _("Saved as you change them. Rule changes apply to the next new game.")

    @property
    def in_game(self) -> bool:
        """Opened over a game (from the pause menu)?"""
        return self.app.table is not None

    def close(self) -> None:
        self.app.pop()

    # -- layout -------------------------------------------------------------------------
    def _layout(self) -> None:
        size = self.app.size
        w, h = size
        s = W.ui_scale(size)
        self.scale = s
        width = min(w - int(40 * s), int(1040 * s))
        x = (w - width) // 2
        header = int(96 * s)
        footer = int(20 * s)
        self.frame = pygame.Rect(x, header, width, h - header - footer)
        self.panel.rect = self.frame.inflate(-int(16 * s), -int(16 * s))
        # About a row and a half a notch (48 pixels, a third of a row, was a chore).
        self.panel.wheel_px = max(48, int(120 * s))
        label = max(14, int(19 * s))
        for widget in self.panel.widgets:
            widget.scale = s
            if isinstance(widget, W.Row):
                widget.label_size = label
                widget.help_size = max(12, int(15 * s))
            elif isinstance(widget, W.Heading):
                widget.size = max(18, int(24 * s))
        self.panel.layout(self.app.theme)
        bw, bh = int(150 * s), int(48 * s)
        self.done.rect = pygame.Rect(x + width - bw, int(24 * s), bw, bh)
        dw = int(210 * s)
        self.defaults.rect = pygame.Rect(self.done.rect.x - dw - int(14 * s), int(24 * s), dw, bh)
        self._size = (w, h)

    def enter(self) -> None:
        self._layout()

    def _name_buttons(self) -> None:
        """The buttons' words in the player's language (their English kept to look up)."""
        for button, label, tip in (
            (self.done, "Done", "Back (Esc). Your settings are already saved."),
            (self.defaults, "Restore defaults", "Every setting back to how Swoop comes."),
        ):
            button.label = _(label)
            button.tooltip = _(tip)

    def language_changed(self, size: tuple[int, int]) -> None:
        """Every row's words again in the new language, the focus kept where it was, and
        the row under the pointer (the language row just clicked) kept under it: the rows
        above it change height in the new words, and a second click lands where the first
        did."""
        focused = self.ring.focused
        names = {id(w): n for n, w in self.rows.items()}
        key = names.get(id(focused)) if focused is not None else None
        held = self._row_under_pointer()
        before = self._row_place(held)
        self._name_buttons()
        self._build_rows()
        self._layout()
        after = self._row_place(held)
        if before is not None and after is not None:
            self.panel.scroll_by(after - before)
        if focused is self.done or focused is self.defaults:
            self.ring.focus(focused)
        elif key is not None and key in self.rows:
            self.ring.focus(self.rows[key])

    def _row_under_pointer(self) -> str:
        """The name of the row under the pointer, else the language row's (a click does
        not always come after a move)."""
        pointer = self.panel.scroll.pointer
        for name, row in self.rows.items():
            if (
                pointer is not None
                and self.panel.is_visible(row)
                and row.rect.collidepoint(pointer)
            ):
                return name
        return "language"

    def _row_place(self, name: str) -> int | None:
        """Where the row's control is on the screen (its middle), if the row is there."""
        row = self.rows.get(name)
        if row is None or not row.visible:
            return None
        return row.control_rect().centery if isinstance(row, W.Row) else row.rect.centery

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    # -- input --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self._size != self.app.size:
            self._layout()
        if event.type == pygame.MOUSEMOTION:
            self.done.handle(event)
            self.defaults.handle(event)
            self.panel.handle(event)
            clickable = [self.done, self.defaults] + [
                w for w in self.panel.widgets if w.focusable and w.enabled
            ]
            W.set_hand_cursor(any(w.hovered for w in clickable))
            return True
        if self.done.handle(event) or self.defaults.handle(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            used = self.panel.handle(event)
            if used and event.type == pygame.MOUSEBUTTONUP:
                for widget in self.panel.widgets:
                    if (
                        widget.focusable
                        and widget.rect.collidepoint(event.pos)
                        and self.ring.focused is not None
                    ):
                        self.ring.focus(widget)  # a keyboard user keeps a sensible focus
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.panel.handle(event)
            return True
        if event.type == pygame.KEYDOWN:
            if self.ring.handle(event):
                return True
            if self.panel.handle(event):
                return True
        return False

    def update(self, dt: float) -> None:
        # F11 switches full screen from anywhere: the switch shows what the window is.
        full = self.rows.get("fullscreen")
        now = self.app.fullscreen
        if isinstance(full, W.Toggle) and full.value != now:
            full.value = now
        self.panel.update(dt)
        self.done.update(dt)
        self.defaults.update(dt)

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        if self._size != surface.get_size():
            self._layout()
        room = self.defaults.rect.x - int(10 * self.scale)  # the header's buttons begin
        W.draw_page(surface, theme, _("Settings"), self.subtitle, self.frame, self.scale, room)
        self.panel.draw(surface, theme)
        self.defaults.draw(surface, theme)
        self.done.draw(surface, theme)
        W.draw_tooltip(surface, theme, [self.done, self.defaults])
