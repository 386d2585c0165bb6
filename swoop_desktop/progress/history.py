"""The history of finished games as the screens ask for it: what the Scores screen lists
and statistics count, a finished game recorded, and the games waiting to be stored
brought in.

Each game is a row of ``games`` in the progress database (:mod:`.stored_games`),
holding the record as ``history.json`` (format ``swoop-history``, :mod:`.history_file`)
always held it: the date, rules (preset and options), opponents, final totals, winner,
score sheet, who went out, Swoops made per seat, and what it takes to watch it again
(rules, table size, match seed and the compact action list of every deal, a few KB). A
game the database cannot take now waits beside it (:mod:`.pending_games`); an older
Swoop's ``history.json`` is brought in by the first change of an opening; ``swoop
--export`` writes one (:mod:`.export`).

Resetting statistics never deletes games: a backup of the database is made first and
the games played so far are marked as not counted.
"""

from __future__ import annotations

import errno
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from typing import Any

from swoop_desktop.choices import MAX_PLAYERS, MIN_PLAYERS
from swoop_desktop.engine import Match
from swoop_desktop.i18n import _, ngettext
from swoop_desktop.names import printable, shown
from swoop_desktop.storage import db
from swoop_desktop.storage.db import why_not as _why
from swoop_desktop.storage.imported import move_imported
from swoop_desktop.storage.jsonfile import DocumentError
from swoop_desktop.storage.notices import plain_reason
from swoop_desktop.storage.paths import Dirs
from swoop_desktop.storage.savegame import (
    FINISHED,
    clear_game,
    has_saved_game,
    load_game,
    save_game,
    saved_game_body,
)

from . import summaries
from .game_record import GameRecord, record_from_json
from .history_file import OLDER_LOOKED, import_older, load_older, older_due
from .pending_games import keep_pending, pending_files, waiting_games, with_waiting
from .stored_games import (
    changed_since_stored,
    is_first_plays_of,
    read_stored,
    record_from_match,
    record_from_row,
    rescue,
    settle,
    store_records,
    supersedes,
    unsettled,
)

LOCK_WAIT = 5.0  # seconds a worker thread waits for another window to finish a change
UI_WAIT = 0.3  # the most the window's own thread ever waits for it (New game)


def _merge(
    dirs: Dirs, wait: float, again: bool = False, tell: bool = False
) -> tuple[list[str], bool]:
    """Store every game waiting to be stored (an older Swoop's history when it is still to
    be brought in, games beside the database, games only in memory) in one change.
    (messages, stored). Raises StoreError, sqlite3.Error or OSError when the database
    cannot take them. ``again``: an older Swoop's history that could not be read is tried
    again (the reads and the opening; a game being stored never looks for it). ``tell``:
    the games that were waiting (not a game being recorded now) are said, in one line,
    once they are in the history."""
    waiting, messages = pending_files(dirs)
    older = older_due(dirs, again)
    added = 0
    with db.change(dirs, wait) as con:
        rescued = rescue(dirs, con)
        more, files = import_older(dirs, con) if older else ([], [])
        records = sorted(
            list(dirs.state.unsaved) + [r for _unused, r in waiting], key=lambda r: r.date
        )
        # A game is stored once: a record of it left earlier (abandoned at an earlier
        # play) gives way to a fuller one, and one with less than a stored one is not kept.
        for record in records:  # each looked at once those before it are stored
            if supersedes(con, record):
                added += store_records(con, [record], "play")
    db.ready(dirs).rescue = None
    _remember(dirs, rescued)  # Scores says it again, as it does the damage itself
    if older:
        dirs.state.cache[OLDER_LOOKED] = "kept" if dirs.history_file in dirs.state.kept else True
    messages = rescued + more + messages
    if tell and added:
        # Translators: {n} counts finished games that an earlier session (a full disk,
        # another window busy) could not add to the history, added now.
        told = ngettext(
            "{n} finished game that was waiting to be added to your history is in it now.",
            "{n} finished games that were waiting to be added to your history are in it now.",
            added,
        )
        messages.append(told.format(n=added))
    move_imported(dirs, files)
    for path, _unused in waiting:
        try:
            path.unlink()
        except OSError:
            pass
    dirs.state.unsaved.clear()
    return messages, True


def _pending_there(dirs: Dirs) -> bool:
    try:
        return (
            db.ready(dirs).rescue is not None
            or bool(dirs.state.unsaved)
            or older_due(dirs, again=True)
            or any(True for _unused in dirs.data.glob("history.pending-*.json"))
        )
    except OSError:
        return False


def _opening_messages(dirs: Dirs) -> list[str]:
    """What opening the database told (damage, a newer Swoop), once per process: posted
    for the player at once, and kept for Scores to say again."""
    found = db.ready(dirs)
    told, found.messages = [printable(m) for m in found.messages], []
    for text in told:
        dirs.notices.post("progress-file", text)
    _remember(dirs, told)
    return told


def bring_in(dirs: Dirs) -> list[str]:
    """Open the database (told once) and store the games waiting to be stored (an older
    Swoop's history, games beside the database, games in memory); messages for the
    player. Raises StoreError, sqlite3.Error or OSError when the database cannot be
    opened; a merge that must wait is left for next time."""
    messages = _opening_messages(dirs)
    if _pending_there(dirs) and not db.ready(dirs).read_only:
        try:
            messages += _merge(dirs, UI_WAIT, again=True, tell=True)[0]
        except db.FAILURES as exc:
            messages += _not_added_yet(dirs, exc)
    _sum_up(dirs)
    _daily_backup(dirs)
    return messages


def _not_added_yet(dirs: Dirs, exc: BaseException) -> list[str]:
    """Why the games waiting to be stored could not be stored now, in one line (nothing
    while another window holds the database: it is tried again at once)."""
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return []
    # Translators: {reason} says why, e.g. "the disk is full".
    told = _(
        "Games waiting to be added to your history could not be added yet "
        "({reason}); they are shown, and added next time."
    )
    return [told.format(reason=_why(exc, dirs))]


def _sum_up(dirs: Dirs) -> None:
    """Sum up the stored games that have no summary yet (games a database of an earlier
    version held, a summary found out of range, a body changed from outside), once per
    process; the facts an older Swoop's records file kept go with them, and the file then
    joins the imported ones. The database is first made to keep summaries and the rating
    in step with the bodies (summaries.follow_bodies), where it does not yet; then the
    games changed from outside are settled (counted nowhere: stored_games.settle) and the
    player told once, over whatever screen is up (and by Scores again)."""
    if dirs.state.cache.get("summed-up") or db.ready(dirs).read_only:
        return
    try:
        with db.connection(dirs) as con:
            followed = summaries.bodies_followed(con)
        if not followed:  # once (or again, should they be dropped): see summaries
            with db.change(dirs, UI_WAIT) as con:
                if not summaries.bodies_followed(con):
                    summaries.follow_bodies(con, changed_since_stored(con))
        with db.connection(dirs) as con:
            rows = summaries.missing(con)
        if rows:
            facts, files = summaries.older_facts(dirs)
            with db.change(dirs, UI_WAIT) as con:
                summaries.fill(con, summaries.missing(con), record_from_row, facts)
            move_imported(dirs, files)
        changed = 0
        with db.connection(dirs) as con:
            found = bool(unsettled(con))
        if found:
            with db.change(dirs, UI_WAIT) as con:
                changed = settle(con)
        dirs.state.cache["summed-up"] = True
    except db.FAILURES:
        return  # the screens sum up what has no summary themselves; tried again next start
    if changed:
        # Translators: {n} counts games whose stored record or marks were edited outside
        # the game (or damaged), so that they disagreed on whether the game counts.
        told = ngettext(
            "{n} game in your history was changed outside Swoop, so what is stored of it "
            "no longer agrees: it stays in your list of past games, but counts in none of "
            "your statistics, records or rating.",
            "{n} games in your history were changed outside Swoop, so what is stored of "
            "them no longer agrees: they stay in your list of past games, but count in none "
            "of your statistics, records or rating.",
            changed,
        ).format(n=changed)
        dirs.notices.post("progress-changed", told)
        _remember(dirs, [told])  # Scores says it again, as it does other damage


#: A database larger than this (bytes; about 2,500 games) is backed up on a thread.
BACKUP_ASIDE = 8 << 20


def _daily_backup(dirs: Dirs) -> None:
    """Once per process: a backup of the database when it holds games and the newest
    backup is over a day old (what a damaged database is put back from). With a long
    history it is made on a thread of its own: the copy then takes a few hundred
    milliseconds, which SQLite spends without holding the interpreter, so the first
    screen is not kept waiting (:func:`wait_for_backup` waits for it)."""
    if dirs.state.cache.get("db-backup-looked") or db.ready(dirs).read_only:
        return
    dirs.state.cache["db-backup-looked"] = True

    def make() -> None:
        try:
            with db.connection(dirs) as con:
                if not con.execute("SELECT 1 FROM games LIMIT 1").fetchall():
                    return
            db.make_backup(dirs)
        except db.FAILURES:
            pass  # tried again at the next start; nothing of the games is at stake

    try:
        large = db.db_file(dirs).stat().st_size > BACKUP_ASIDE
    except OSError:
        large = False
    if not large:  # a copy of a few milliseconds: made at once
        make()
        return
    thread = threading.Thread(target=make, name="daily-backup", daemon=True)
    dirs.state.cache["db-backup-thread"] = thread
    thread.start()


def wait_for_backup(dirs: Dirs, timeout: float = 30.0) -> None:
    """Wait for the day's backup, if one is being made (tests; the game never waits)."""
    thread = dirs.state.cache.get("db-backup-thread")
    if isinstance(thread, threading.Thread):
        thread.join(timeout)


def newest_games(dirs: Dirs, above: int = 0, batch: int = 100) -> Iterator[tuple[int, GameRecord]]:
    """The finished games, newest first, with their numbers: those waiting to be stored
    (number 0) and then the stored ones numbered above ``above``, read ``batch`` at a time
    as the caller goes on (a search that stops early reads only what it looked at). A
    row that does not read is passed over. Raises what the database does."""
    for record in reversed(waiting_games(dirs)):
        yield 0, record
    before = None
    while True:
        with db.connection(dirs) as con:
            rows = con.execute(
                "SELECT seq, counted, body, checked FROM games WHERE seq < ? AND seq > ? "
                "ORDER BY seq DESC LIMIT ?",
                (before if before is not None else 2**62, above, batch),
            ).fetchall()
        if not rows:
            return
        for number, counted, body, checked in rows:
            try:
                record = record_from_row(body, checked, counted)
            except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
                continue
            yield int(number), record
        before = int(rows[-1][0])


def load_history(dirs: Dirs) -> tuple[list[GameRecord], list[str]]:
    """Finished games, oldest first, and messages for the player about any damage. Never
    raises, and never waits long: a history that cannot be read gives the games waiting
    to be stored and a message saying why."""
    if not dirs.usable:
        return [], []
    messages: list[str] = []
    try:
        messages += bring_in(dirs)
        games, more = read_stored(dirs)
        messages += more
    except db.FAILURES as exc:
        games = []
        why = _why(exc, dirs)
        try:  # an older Swoop's file, not yet brought in, is still shown
            old = load_older(dirs)[0] if dirs.history_file.exists() else None
        except OSError:
            old = None
        if old is not None and old.games:
            games = list(old.games)
            # Translators: {reason} says why, e.g. "the disk is full".
            words = _(
                "Your progress file could not be opened ({reason}); the games of your "
                "history file are shown, and new games are kept beside it until it can."
            )
            messages.append(words.format(reason=why))
        else:
            # Translators: {reason} says why, e.g. "the disk is full".
            messages.append(_("Your game history could not be read ({reason}).").format(reason=why))
    told = [printable(m) for m in messages]
    _remember(dirs, told)
    return with_waiting(dirs, games), told


def load_summaries(dirs: Dirs) -> tuple[list[summaries.GameSummary], list[str]]:
    """Every finished game summed up, oldest first (the games waiting to be stored last,
    each with its record), and messages for the player about any damage. What Scores,
    the statistics and Progress count: narrow rows, never every game's plays. Never
    raises; a history that cannot be read gives what :func:`load_history` would."""
    if not dirs.usable:
        return [], []
    messages: list[str] = []
    try:
        messages += bring_in(dirs)
        games, more = _summed_up(dirs)
        messages += more
    except db.FAILURES:
        records, told = load_history(dirs)  # says why, and shows an older file's games
        return [summaries.summarize(r, keep=True) for r in records], told
    known = {g.id for g in games}
    for record in waiting_games(dirs):
        if record.id not in known:
            facts = summaries.game_facts(record)
            games.append(summaries.summarize(record, facts=facts, keep=True))
    told = [printable(m) for m in messages]
    _remember(dirs, told)
    return games, told


def _summed_up(dirs: Dirs) -> tuple[list[summaries.GameSummary], list[str]]:
    """Every stored game's summary, oldest first (one out of range summed up again)."""
    games: list[summaries.GameSummary] = []
    again: list[int] = []
    with db.connection(dirs) as con:
        for row in con.execute(summaries.SELECT + " ORDER BY seq"):
            try:
                games.append(summaries.from_row(row))
            except (ValueError, TypeError):
                again.append(row[0])
    fixed, messages = _sum_again(dirs, again)
    return sorted(games + fixed, key=lambda g: g.seq), messages


#: Games whose wrong summary is put right with a replay at once (the rest by a worker).
REPLAYED_AT_ONCE = 20


def summed_up(dirs: Dirs, again: Sequence[int] = ()) -> list[str]:
    """Sum up again the stored games numbered ``again`` (their summaries held values out
    of range) and any without a summary; messages for the games whose record does not
    read either (left out of Scores, kept as they are). Raises what the database does."""
    return _sum_again(dirs, again)[1]


def _sum_again(dirs: Dirs, again: Sequence[int]) -> tuple[list[summaries.GameSummary], list[str]]:
    wrong = set(again)
    with db.connection(dirs) as con:
        rows = summaries.missing(con)
        if again:
            marks = ",".join("?" * len(again))
            rows += con.execute(
                f"SELECT seq, counted, body, checked FROM games WHERE seq IN ({marks})",
                list(again),
            ).fetchall()
    if not rows:
        return [], []
    bad: list[str] = []
    fixed: list[summaries.GameSummary] = []
    for seq, counted, body, checked in rows:
        try:
            record = record_from_row(body, checked, counted)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as exc:
            bad.append(f"{seq}: {shown(str(exc))}")
            continue
        except RecursionError:
            bad.append(f"{seq}: nested too deeply")
            continue
        # A summary found wrong is put right with its facts (a handful, so replayed here);
        # a game summed up for the first time has them worked out later, in a worker.
        replay = int(seq) in wrong and len(fixed) < REPLAYED_AT_ONCE
        facts = summaries.game_facts(record) if replay else None
        fixed.append(summaries.summarize(record, int(seq), facts))
    if fixed and not db.ready(dirs).read_only:
        try:
            with db.change(dirs, UI_WAIT) as con:
                for summary in fixed:
                    summaries.insert(con, summary.seq, summary)
        except db.FAILURES:
            pass  # shown as worked out; kept another time
    messages = []
    if bad:
        # Translators: {first} is the number of the first game that did not read, with
        # what is wrong with it.
        told = ngettext(
            "{n} game in your history could not be read (game {first}); the others are "
            "shown, and the unreadable ones are kept as they are.",
            "{n} games in your history could not be read (game {first}); the others are "
            "shown, and the unreadable ones are kept as they are.",
            len(bad),
        )
        messages.append(told.format(n=len(bad), first=bad[0]))
    return fixed, messages


def games_by_seq(dirs: Dirs, seqs: Sequence[int]) -> dict[int, GameRecord]:
    """The stored games numbered ``seqs`` (for the few a screen shows at once); a game
    that does not read is left out, and why is kept for Scores to say
    (:func:`take_history_notes`). Never raises."""
    if not seqs or not dirs.usable:
        return {}
    out: dict[int, GameRecord] = {}
    try:
        with db.connection(dirs) as con:
            marks = ",".join("?" * len(seqs))
            rows = con.execute(
                f"SELECT seq, counted, body, checked FROM games WHERE seq IN ({marks})",
                list(seqs),
            ).fetchall()
    except db.FAILURES:
        return {}
    bad: list[str] = []
    for seq, counted, body, checked in rows:
        try:
            out[int(seq)] = record_from_row(body, checked, counted)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as exc:
            # Translators: {n} is the game's number; {error} Python's words (in English).
            bad.append(_("game {n}: {error}").format(n=seq, error=shown(str(exc))))
        except RecursionError:
            # Translators: {n} is the game's number; its stored record is nested too deeply.
            bad.append(_("game {n}: nested too deeply").format(n=seq))
    if bad:  # its summary read, so nothing told of it yet: Scores says it once
        # Translators: {first} names the first game that did not read, with what is wrong.
        told = ngettext(
            "{n} game in your history could not be read ({first}); they are listed but "
            "cannot be shown, and are kept as they are.",
            "{n} games in your history could not be read ({first}); they are listed but "
            "cannot be shown, and are kept as they are.",
            len(bad),
        )
        _remember(dirs, [told.format(n=len(bad), first=bad[0])])
    return out


def _remember(dirs: Dirs, messages: list[str]) -> None:
    """Keep what a read of the history told until Scores shows it (see take_history_notes)."""
    notes = dirs.state.history_notes
    notes.extend(m for m in messages if m not in notes)
    del notes[:-20]  # a handful is plenty; the oldest go first


def take_history_notes(dirs: Dirs) -> list[str]:
    """Everything reading the history told since Scores last showed it, oldest first (and
    forget it). Whichever screen read the history first (the title's rating line), Scores
    still says so, once."""
    notes = list(dirs.state.history_notes)
    dirs.state.history_notes.clear()
    return notes


def record_pending(dirs: Dirs, wait: float = UI_WAIT) -> list[str]:
    """Store the games left waiting (by an earlier session that could not), and bring an
    older Swoop's history in. Returns messages for the player; never raises."""
    if not dirs.usable:
        return []
    try:
        _opening_messages(dirs)  # told through dirs.notices
        over = _from_saved_game(dirs)
        if not _pending_there(dirs) or db.ready(dirs).read_only:
            return []
        told = [printable(m) for m in _merge(dirs, wait, again=True, tell=True)[0]]
        if over:  # the saved game is a finished game, in the history now
            clear_game(dirs)
        return told
    except db.FAILURES:
        # They wait beside the database or in the saved game, listed in Scores, for the
        # next time; why is said in one line by the start's next read (bring_in).
        return []


def _from_saved_game(dirs: Dirs) -> bool:
    """The finished games an earlier session could keep nowhere but in the saved game
    (:func:`keep_unsaved`) join the games in memory, to be stored with the others; whether
    the saved game itself is one of them (a game that is over: never offered to Continue
    once it is stored). A kept game that does not read is left out (the file stays)."""
    body = saved_game_body(dirs)
    kept = body.get("extra") if body is not None else None
    found = kept.get(FINISHED) if isinstance(kept, dict) else None
    if body is None or not isinstance(found, list):
        return False
    known = {g.id for g in dirs.state.unsaved}
    over = False
    for i, data in enumerate(found):
        try:
            record = record_from_json(data, f"extra.{FINISHED}[{i}]")
        except (DocumentError, KeyError, TypeError, ValueError, AttributeError, IndexError):
            continue
        if record.id not in known:
            dirs.state.unsaved.append(record)
            known.add(record.id)
        same = (body.get("seed"), body.get("players"), body.get("actions"))
        over = over or (body.get("over") is True and same == _game_of(record))
    return over


def _game_of(record: GameRecord) -> tuple[Any, ...]:
    return (record.seed, record.players, record.actions)


def record_finished_game(
    dirs: Dirs,
    match: Match,
    seats: list[dict[str, Any]],
    abandoned: bool = False,
    wait: float = LOCK_WAIT,
    practice: bool = False,
) -> list[str]:
    """Add a finished game to the history (once; recording it again changes nothing).

    ``seats`` describes each seat (e.g. ``{"name": "Left", "level": "hard"}``).
    Returns messages for the player, and posts them to ``dirs.notices`` too, so
    they reach the player whatever screen is up (Game Over included).
    See :func:`retire_game` for what is kept when the history cannot take it.
    """
    record = record_from_match(match, seats, abandoned=abandoned, practice=practice)
    return _record(dirs, record, wait)[1]


def retire_game(
    dirs: Dirs,
    match: Match,
    seats: list[dict[str, Any]],
    abandoned: bool = False,
    wait: float = LOCK_WAIT,
    practice: bool = False,
    hints: dict[tuple[int, int], str] | None = None,
) -> bool:
    """Record a game that has ended (or was left for a new one), then forget it as the
    game in progress: the saved game is deleted only once its new home has it.

    The game is stored in the database in one change (waiting at most ``wait``
    seconds for another window's change), so two windows finishing games at once
    lose none. When the database cannot take it now, it is written on its own
    beside it and stored the next time that works (listed in Scores meanwhile).
    When no file can be made beside it either (a full disk), the finished game goes with
    the saved game at once (:func:`_with_saved_game`), which is kept: the next start adds
    it to the history, however this session ends. Only when nothing at all can be
    written is the player told it is not saved. Messages reach the player through
    ``dirs.notices``. Returns True when the game is safely kept and the saved game was
    cleared (False: the saved game is kept, and must not be deleted).
    """
    if not dirs.usable:
        return False
    record = record_from_match(match, seats, abandoned=abandoned, practice=practice, hints=hints)
    kept, _unused = _record(dirs, record, wait)
    if kept:
        clear_game(dirs)
    return kept


def _record(dirs: Dirs, record: GameRecord, wait: float) -> tuple[bool, list[str]]:
    """(kept on disk, and the saved game is no longer needed for it; messages). Messages
    are posted to ``dirs.notices`` too."""
    if not dirs.usable:
        return False, []
    if all(g.id != record.id for g in dirs.state.unsaved):
        dirs.state.unsaved.append(record)  # stored with the others, in one change
    messages: list[str] = []
    try:
        messages += _opening_messages(dirs)
        more, written = _merge(dirs, wait)
        messages += more
        dirs.notices.ok("history")
    except db.FAILURES as exc:
        written = False
        cause = _why(exc, dirs)
    if not written:
        problem = keep_pending(dirs, record)
        if problem is None:
            dirs.state.unsaved[:] = [g for g in dirs.state.unsaved if g.id != record.id]
            # Translators: {reason} says why, e.g. "the disk is full".
            told = _(
                "This game could not be added to your scores yet ({reason}). It is kept "
                "beside them, shown in Scores, and added as soon as the history can take it."
            )
            messages.append(told.format(reason=cause))
        elif _room_for_the_saved_game(problem) and _with_saved_game(dirs):
            # Still in memory too: stored with the next game that can be.
            # Translators: {reason} says why, e.g. "the disk is full".
            told = _(
                "This game could not be added to your scores yet ({reason}). It is kept "
                "with your saved game, shown in Scores, and added to your history the "
                "next time Swoop starts with room for it."
            )
            messages.append(told.format(reason=cause))
        else:
            messages.append(_not_saved(dirs, cause, problem))
        written = problem is None
    for text in messages:
        dirs.notices.post("history", text)
    return written, messages


#: Why a file beside the history could not be made that holds for the saved game too (the
#: same folder): the saved game is then not tried, and the player told once.
_EVERY_FILE = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})


def _room_for_the_saved_game(problem: OSError) -> bool:
    """Whether the saved game may still be written where a file beside the history could
    not be (a full disk may still take the saved game written over; a read-only folder
    takes nothing)."""
    return problem.errno not in _EVERY_FILE


def _not_saved(dirs: Dirs, cause: str, problem: OSError) -> str:
    """The words for a game that could be written nowhere: it is only in memory."""
    why = plain_reason(problem, dirs.data)
    if why == cause:
        # Translators: {reason} says why, e.g. "the disk is full"; {folder} is Swoop's
        # data folder.
        told = _(
            "This game is NOT saved: it could not be added to your scores ({reason}). Make "
            "room in {folder}; Swoop tries again with your next finished game and when you "
            "close it."
        )
    else:
        # Translators: {reason} says why the scores could not take it, {kept_reason} why
        # it could not be written beside them; {folder} is Swoop's data folder.
        told = _(
            "This game is NOT saved: it could not be added to your scores ({reason}), nor "
            "kept beside them ({kept_reason}). Make room in {folder}; Swoop tries again "
            "with your next finished game and when you close it."
        )
    return told.format(reason=cause, kept_reason=why, folder=dirs.data)


def keep_unsaved(dirs: Dirs, wait: float = UI_WAIT) -> list[str]:
    """Before the window closes: try once more to keep the finished games that are only
    in memory (stored, else each written beside the database). Returns the message for
    the player when some are still not saved (nothing when every game is kept); never
    raises."""
    if not dirs.usable or not dirs.state.unsaved:
        return []
    before = list(dirs.state.unsaved)
    try:
        if not db.ready(dirs).read_only:
            _merge(dirs, wait)
    except db.FAILURES:
        pass
    problem: OSError | None = None
    for record in list(dirs.state.unsaved):
        trouble = keep_pending(dirs, record)
        if trouble is None:
            dirs.state.unsaved[:] = [g for g in dirs.state.unsaved if g.id != record.id]
        else:
            problem = trouble
    kept = [r for r in before if r not in dirs.state.unsaved]
    if kept and has_saved_game(dirs):  # the saved game of a game now kept is done with
        saved, _unused = load_game(dirs)
        if saved is not None and any(is_first_plays_of(saved.match, r) for r in kept):
            clear_game(dirs)
    left = len(dirs.state.unsaved)
    if not left or problem is None or _with_saved_game(dirs):
        return []
    # Translators: {reason} says why, e.g. "the disk is full"; {folder} is Swoop's data
    # folder.
    told = ngettext(
        "{n} finished game is NOT saved ({reason}). Make room in {folder} and close Swoop "
        "again to keep it; closing again as it is leaves without it.",
        "{n} finished games are NOT saved ({reason}). Make room in {folder} and close Swoop "
        "again to keep them; closing again as it is leaves without them.",
        left,
    )
    return [told.format(n=left, reason=plain_reason(problem, dirs.data), folder=dirs.data)]


def _with_saved_game(dirs: Dirs) -> bool:
    """Where no file beside the database can be made, the finished games only in memory
    go with the saved game (``save_game`` keeps ``dirs.state.unsaved`` in it), which may
    still be written: the next start stores them (:func:`record_pending`). The saved game
    of one of them (a position before its last plays) gives way to the finished game
    itself, so that Continue never resumes a game that is over; a game in progress stays
    as it is. Whether it was written."""
    unsaved = list(dirs.state.unsaved)
    if _carried(dirs, unsaved):
        return True
    saved = load_game(dirs)[0] if has_saved_game(dirs) else None
    if saved is not None and not any(is_first_plays_of(saved.match, r) for r in unsaved):
        return save_game(dirs, saved.match, saved.log, saved.extra, seats=saved.seats)
    last = unsaved[-1]
    if not MIN_PLAYERS <= last.players <= MAX_PLAYERS:
        return False
    try:
        match = last.replayed()
    except (DocumentError, ValueError):
        return False
    return save_game(dirs, match, [], {"practice": True} if last.practice else {})


def _carried(dirs: Dirs, records: list[GameRecord]) -> bool:
    """Whether the saved game's file already carries every one of ``records`` (written
    there when the game ended, or with a later save of the game in progress)."""
    body = saved_game_body(dirs)
    kept = body.get("extra") if body is not None else None
    found = kept.get(FINISHED) if isinstance(kept, dict) else None
    if not records or not isinstance(found, list):
        return False
    ids = {g.get("id") for g in found if isinstance(g, dict)}
    return all(r.id in ids for r in records)


def reset_stats(dirs: Dirs) -> tuple[str | None, list[str]]:
    """Start the statistics afresh; the games stay listed and a backup of the database is
    made first. Returns the backup's path (None when there was no history) and messages.
    """
    if not dirs.usable:
        return None, []
    try:
        messages = _opening_messages(dirs)
        if _pending_there(dirs):
            messages += _merge(dirs, LOCK_WAIT, again=True)[0]
        if dirs.history_file in dirs.state.kept:  # its games would come in counted later
            return None, messages + [
                _("Statistics were not reset, because your history file could not be read.")
            ]
        with db.connection(dirs) as con:
            if not con.execute("SELECT 1 FROM games LIMIT 1").fetchall():
                return None, messages
        copy = db.make_backup(dirs, force=True)
        with db.change(dirs, LOCK_WAIT) as con:
            con.execute("UPDATE games SET counted = 0")
            con.execute("UPDATE game_summaries SET counted = 0")
            # The rating follows the counted games: worked out again (progress.rating).
            con.execute("DELETE FROM rating_points")
            con.execute("DELETE FROM meta WHERE key LIKE 'rating.%'")
        return (str(copy) if copy else None), messages
    except db.FAILURES as exc:
        # Translators: {reason} says why, e.g. "the disk is full".
        return None, [_("Statistics were not reset ({reason}).").format(reason=_why(exc, dirs))]
