"""One finished game as the history keeps it (:class:`GameRecord`), and whether its
recorded plays replay to it (:func:`replay_problem`).

Its own module so that what is worked out from a record (:mod:`.summaries`) and the
history that stores it (:mod:`.history`) both build on it without reaching into each
other.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Action, EngineError, Match, Rules
from swoop_desktop.i18n import N_, _
from swoop_desktop.names import shown
from swoop_desktop.storage.actioncodec import decode_hands


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


#: The longest hint kept with a game, and the most hints (one a decision is plenty).
HINT_CHARS = 600
MOST_HINTS = 5000


def hints_to_json(hints: dict[tuple[int, int], str]) -> list[list[Any]]:
    """The hints shown, as a file keeps them: ``[hand, play of the hand, words]`` each."""
    return [[h, s, words] for (h, s), words in sorted(hints.items())]


def hints_from_json(value: Any) -> dict[tuple[int, int], str]:
    """The hints a file keeps (see :func:`hints_to_json`). Hints are advice, not
    progress: an entry that does not read is left out, and never stops the game from
    reading (a review then simply quotes no hint there)."""
    out: dict[tuple[int, int], str] = {}
    if not isinstance(value, list):
        return out
    for entry in value[:MOST_HINTS]:
        if (
            isinstance(entry, list)
            and len(entry) == 3
            and all(type(x) is int and 0 <= x < 1_000_000 for x in entry[:2])
            and isinstance(entry[2], str)
        ):
            out[(entry[0], entry[1])] = entry[2][:HINT_CHARS]
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
