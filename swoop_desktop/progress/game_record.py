"""One finished game as the history keeps it (:class:`GameRecord`), its reader (the
format ``history.json`` always held a game in, :func:`record_from_json`, for a stored
row, a game waiting beside the database and an older Swoop's file alike), and whether
its recorded plays replay to it (:func:`replay_problem`).

Its own module so that what is worked out from a record (:mod:`.summaries`) and the
history that stores it (:mod:`.stored_games`, :mod:`.history`) both build on it without
reaching into each other.
"""

from __future__ import annotations

import hashlib
import logging
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Action, EngineError, Match, Rules
from swoop_desktop.i18n import N_, _
from swoop_desktop.names import check_name, seat_default, shown
from swoop_desktop.storage.actioncodec import check_deal_text, decode_hands
from swoop_desktop.storage.jsonfile import DocumentError, Notes, check_type, drop, get, int_list
from swoop_desktop.storage.savegame import stored_rules

#: The most a believable count in a record or a row may be (a game has fewer plays than
#: this).
MOST = 1_000_000

_log = logging.getLogger("swoop_desktop.storage")


@dataclass(frozen=True)
class GameRecord:
    """One finished game. ``counted`` is false for games before a statistics reset (and
    for a ``practice`` game, which is never counted nor rated); ``abandoned`` marks a game left for a new one before anyone reached the target (it is
    listed, and counted in statistics only if the player chooses so, as a loss)."""

    id: str
    date: str  # ISO 8601, local time, seconds
    rules: dict[str, Any]
    players: int
    seed: int
    seats: list[dict[str, Any]]
    totals: list[int]
    winner: int | None
    sheet: list[list[int]]
    went_out: list[int]
    swoops: list[int]
    actions: list[str] = field(repr=False)
    counted: bool = True
    abandoned: bool = False
    #: an unrated practice game (take-backs allowed): listed, marked, never counted
    practice: bool = False
    #: the hints shown to the player, by (hand, play of the hand): their exact words (a
    #: review quotes only these; absent in records before they were kept)
    hints: dict[tuple[int, int], str] = field(default_factory=dict, repr=False, compare=False)

    @property
    def preset(self) -> str:
        return str(self.rules.get("preset", "app"))

    @property
    def options(self) -> dict[str, Any]:
        """Rule options that differ from the preset."""
        return {k: v for k, v in self.rules.items() if k != "preset"}

    @property
    def hands(self) -> int:
        return len(self.sheet)

    def rules_obj(self) -> Rules:
        return Rules.from_json(self.rules)

    def result(self, seat: int = HUMAN_SEAT) -> str:
        """ "win", "tie" (lowest total shared, R16), "loss", or "abandoned" for ``seat``."""
        if self.abandoned:
            return "abandoned"
        if self.winner == seat:
            return "win"
        if self.winner is None and self.totals[seat] == min(self.totals):
            return "tie"
        return "loss"

    def deals(self) -> list[list[Action]]:
        """The recorded actions of every deal (raises DocumentError if damaged)."""
        return decode_hands(self.actions)

    def new_match(self) -> Match:
        """A fresh Match with this game's rules, table and seed, before the first deal."""
        return Match(self.rules_obj(), self.players, self.seed)

    def replayed(self) -> Match:
        """The whole game re-played to its end (checks the record is sound)."""
        match = self.new_match()
        match.replay(self.deals())
        return match

    def replay_problem(self) -> str | None:
        """None when the recorded plays replay to this very game (so it can be watched and
        reviewed); else why not, in plain words. Worked out once per record (cached)."""
        return replay_problem(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "date": self.date,
            "rules": self.rules,
            "players": self.players,
            "seed": self.seed,
            "seats": self.seats,
            "totals": self.totals,
            "winner": self.winner,
            "sheet": self.sheet,
            "went_out": self.went_out,
            "swoops": self.swoops,
            "actions": self.actions,
            "counted": self.counted,
            "abandoned": self.abandoned,
            # Only when set: the record of any other game reads as it always has.
            **({"practice": True} if self.practice else {}),
            **({"hints": hints_to_json(self.hints)} if self.hints else {}),
        }


#: The longest hint kept with a game, and the most hints (one a decision is plenty). A
#: hint is one short line (its longest, in any shipped language, is under 200 characters).
HINT_CHARS = 600
MOST_HINTS = 5000


def hints_to_json(hints: dict[tuple[int, int], str]) -> list[list[Any]]:
    """The hints shown, as a file keeps them: ``[hand, play of the hand, words]`` each."""
    return [[h, s, words] for (h, s), words in sorted(hints.items())]


def hint_words_fit(words: str) -> bool:
    """Whether stored hint words can be words the game showed: one line of at most
    :data:`HINT_CHARS` printable characters with something to see, the rule names are
    held to (:func:`~swoop_desktop.names.check_name`) but for the spaces a translation
    sets between words (the French no-break spaces before a colon). No control character
    (NUL, a line break), no format character (a right-to-left override), no unpaired
    surrogate, private-use or unassigned character."""
    return (
        len(words) <= HINT_CHARS
        and not words.isspace()
        and bool(words)
        and all(ch.isprintable() or unicodedata.category(ch) == "Zs" for ch in words)
    )


def hints_from_json(value: Any) -> dict[tuple[int, int], str]:
    """The hints a file keeps (see :func:`hints_to_json`). Hints are advice, not
    progress: an entry that does not read is left out, and never stops the game from
    reading (a review then simply quotes no hint there). Words that cannot be the game's
    (:func:`hint_words_fit`) are left out here, where they enter, with a line in the log:
    nothing after this point sees them. (Whether the words are the hint's at their
    decision is checked by the review, which works them out: :func:`~swoop_desktop.ai.
    review.assess`.)"""
    out: dict[tuple[int, int], str] = {}
    if not isinstance(value, list):
        return out
    unfit = 0
    for entry in value[:MOST_HINTS]:
        if (
            isinstance(entry, list)
            and len(entry) == 3
            and all(type(x) is int and 0 <= x < 1_000_000 for x in entry[:2])
            and isinstance(entry[2], str)
        ):
            if hint_words_fit(entry[2]):
                out[(entry[0], entry[1])] = entry[2]
            else:
                unfit += 1
    if unfit:
        _log.warning(
            "left out stored hints that cannot be the game's words (a control, invisible "
            "or unpaired character, a line break, or more characters than %d), how many: %d",
            HINT_CHARS,
            unfit,
        )
    return out


_REPLAYS: dict[str, str | None] = {}  # digest of a record -> why it does not replay (None: it does)
_REPLAY_FAILURES = (
    EngineError,
    ValueError,  # DocumentError, RulesError and a number too long to read among them
    TypeError,
    KeyError,
    IndexError,
    OverflowError,
    RecursionError,
    AssertionError,
)


def replay_problem(record: GameRecord) -> str | None:
    """Why ``record``'s plays do not replay to the game it describes, or None when they do.

    The plays are re-applied by the engine from the recorded rules, table and seed;
    the totals, score sheet, winner and who went out must come out as recorded.
    Cached by the record's content, so a long history is replayed once per session.
    """
    key = hashlib.sha256(
        repr(
            (
                sorted(record.rules.items()),
                record.players,
                record.seed,
                record.actions,
                record.totals,
                record.sheet,
                record.winner,
                record.went_out,
            )
        ).encode("utf-8", "replace")
    ).hexdigest()
    if key not in _REPLAYS:
        if len(_REPLAYS) > 10_000:
            _REPLAYS.clear()
        _REPLAYS[key] = _replay_problem(record)
    return _REPLAYS[key]


def _replay_problem(record: GameRecord) -> str | None:
    try:
        match = record.replayed()
    except _REPLAY_FAILURES as exc:
        # Translators: {error} is the game engine's own words (in English).
        told = _("its recorded plays do not fit its rules and seed ({error})")
        return told.format(error=shown(str(exc)))
    if not match.over and not record.abandoned:
        return _("its recorded plays stop before the end of the game")
    for told, recorded, replayed in (
        (N_("the recorded totals and its recorded plays disagree"), record.totals, match.totals),
        (N_("the recorded score sheet and its recorded plays disagree"), record.sheet, match.sheet),
        (N_("the recorded winner and its recorded plays disagree"), record.winner, match.winner),
        (
            N_("the recorded record of who went out and its recorded plays disagree"),
            record.went_out,
            match.went_out,
        ),
    ):
        if _plain_value(recorded) != _plain_value(replayed):
            return _(told)
    return None


def _plain_value(value: Any) -> Any:
    return [_plain_value(v) for v in value] if isinstance(value, (list, tuple)) else value


def _seats_from_json(seats: list[Any], w: str, notes: Notes) -> list[dict[str, Any]]:
    """Seat descriptions as the Scores screen shows them; a bad name becomes the default."""
    out = []
    for i, s in enumerate(seats):
        check_type(s, dict, f"{w}seats[{i}]")
        seat: dict[str, Any] = {}
        if "name" in s:
            name, why = check_name(s["name"])
            if name is None:
                name = seat_default(i)
                # Translators: {where} names the entry in the file (seats[2].name); {why}
                # says what is wrong with the name; {name} is the name shown instead.
                told = _("{where}: {why}; shown as {name}")
                drop(notes, told.format(where=f"{w}seats[{i}].name", why=why, name=repr(name)))
            seat["name"] = name
        level = s.get("level")
        if isinstance(level, str) and len(level) <= 40:
            seat["level"] = level
        for key, value in s.items():
            if (
                key not in ("name", "level")
                and isinstance(key, str)
                and len(key) <= 40
                and (value is None or type(value) in (str, int, float, bool))
                and not (isinstance(value, str) and len(value) > 200)
            ):
                seat[key] = value
        out.append(seat)
    return out


def record_from_json(g: Any, where: str, notes: Notes = None) -> GameRecord:
    check_type(g, dict, where)
    w = where + "."
    rules = stored_rules(g, w)
    players = get(g, "players", int, w)
    if not 3 <= players <= 8:
        # Translators: {name} is where the value is in the file; {value} what it held.
        told = _("{name} should be 3-8, not {value}")
        raise DocumentError(told.format(name=f"{w}players", value=players))
    seats = _seats_from_json(get(g, "seats", list, w, []), w, notes)
    totals = int_list(get(g, "totals", list, w), f"{w}totals", players)
    winner = get(g, "winner", (int, type(None)), w)
    if winner is not None and not 0 <= winner < players:
        # Translators: {name} is where the value is in the file; {high} the last seat's number; {value} what it held.
        told = _("{name} should be a seat 0-{high}, not {value}")
        raise DocumentError(told.format(name=f"{w}winner", high=players - 1, value=winner))
    sheet = [int_list(r, f"{w}sheet", players) for r in get(g, "sheet", list, w)]
    went_out = int_list(get(g, "went_out", list, w), f"{w}went_out", len(sheet))
    swoops = int_list(get(g, "swoops", list, w, [0] * players), f"{w}swoops", players)
    for name, values, low in (("totals", totals, -MOST), ("swoops", swoops, 0)):
        if not all(low <= v <= MOST for v in values):
            # Translators: {name} is where the value is in the file; {low} and {high} are numbers.
            told = _("{name} should hold numbers of {low} to {high}")
            raise DocumentError(told.format(name=f"{w}{name}", low=f"{low:,}", high=f"{MOST:,}"))
    if not all(-MOST <= v <= MOST for row in sheet for v in row):
        # Translators: {name} is where the value is in the file; {low} and {high} are numbers.
        told = _("{name} should hold numbers of {low} to {high}")
        raise DocumentError(told.format(name=f"{w}sheet", low=f"{-MOST:,}", high=f"{MOST:,}"))
    # A practice game (absent in every record before practice games) is never counted.
    practice = get(g, "practice", bool, w, False)
    actions = get(g, "actions", list, w)
    for i, text in enumerate(actions):
        check_type(text, str, f"{w}actions[{i}]")
        try:
            check_deal_text(text)
        except DocumentError as exc:
            raise DocumentError(f"{w}actions[{i}]: {exc}") from None
    return GameRecord(
        id=get(g, "id", str, w)[:64],
        date=get(g, "date", str, w)[:40],
        rules=dict(rules),
        players=players,
        seed=get(g, "seed", int, w),
        seats=seats,
        totals=totals,
        winner=winner,
        sheet=sheet,
        went_out=went_out,
        swoops=swoops,
        actions=list(actions),
        counted=get(g, "counted", bool, w, True) and not practice,
        abandoned=get(g, "abandoned", bool, w, False),
        practice=practice,
        hints=hints_from_json(g.get("hints")),
    )
