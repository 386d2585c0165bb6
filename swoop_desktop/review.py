"""``python -m swoop_desktop.review GAME.json``: the hand review from the command line.

For bug reports and for checking the advice. ``GAME.json`` is a saved game
(``game.json`` in the data folder), the player's progress file (``swoop.sqlite3``,
read without writing to it) or a game history (``history.json``, as ``swoop
--export`` writes it); the newest game unless ``--game`` names one by the start
of its id. The
analysis is the same as the Review screen's (``swoop_desktop.referee.review``
replays the record, ``swoop_desktop.ai.review`` weighs it): the reviewed
seat's decisions, weighed from that seat's own observation.

This module sits above both the referee and ``storage`` (it needs the files of
one and the analysis of the other), like the self-test, so neither has to know
the other. Bad input exits 2 with one line saying what is wrong.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import sys
import time
from pathlib import Path
from typing import Any

from swoop_desktop.ai import workers
from swoop_desktop.ai.review import REVIEW_WORLDS, Review
from swoop_desktop.ai.review_words.labels import label_word
from swoop_desktop.engine import Action, Rules
from swoop_desktop.engine.jsontext import OneLineParser
from swoop_desktop.i18n import _
from swoop_desktop.names import printable
from swoop_desktop.plural import counted, decimal
from swoop_desktop.progress.game_record import GameRecord, hints_from_json
from swoop_desktop.progress.history_file import HISTORY_KIND
from swoop_desktop.progress.stored_games import stored_after
from swoop_desktop.referee.review import decisions
from swoop_desktop.safeio import Refused, parse_json, read_capped, write_out
from swoop_desktop.storage import db
from swoop_desktop.storage.jsonfile import DocumentError, decode_document
from swoop_desktop.storage.notices import short_path
from swoop_desktop.storage.savegame import GAME_KIND

MAX_BYTES = 20 * 1024 * 1024


class ReviewInputError(ValueError):
    """The file or an argument cannot be reviewed; the message says why in plain words."""


#: What a game file gives the review: rules, players, seed, the recorded actions, a label,
#: and the hints the player was shown (by hand and play of the hand).
Loaded = tuple[Rules, int, int, list[list[Action]], str, dict[tuple[int, int], str]]


def load_game_file(path: Path, game: str | None = None) -> Loaded:
    """Rules, players, seed and recorded actions of the game in ``path``, a label, and the
    hints shown in it.

    Read like the app reads its own files: capped, without blocking, ordinary
    files only (a pipe, a device or a folder is refused, never read for ever).
    """
    where = printable(short_path(path, 80))
    _refuse_unless_ordinary(path, where)
    if _is_database(path):
        games = _database_games(path, where)
        return _from_history(games, game, where)
    try:
        raw = read_capped(path, MAX_BYTES)
    except Refused as exc:
        # Translators: a review command-line error: {where} is the file, {problem} what is wrong.
        raise ReviewInputError(_("{where}: {problem}").format(where=where, problem=exc)) from None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ReviewInputError(_unreadable(where, reason)) from None
    try:
        data = parse_json(raw, huge="mark")
        fmt = data.get("format") if isinstance(data, dict) else None
    except (ValueError, RecursionError):
        fmt = None
    try:
        if fmt == "swoop-history":
            return _from_history(decode_document(raw, HISTORY_KIND).games, game, where)
        saved = decode_document(raw, GAME_KIND)
    except DocumentError as exc:
        raise ReviewInputError(
            # Translators: a review command-line error: {where} the file, {problem} what is wrong.
            _("{where}: {problem}").format(where=where, problem=printable(str(exc)))
        ) from None
    match = saved.match
    hints = hints_from_json(saved.extra.get("hints"))
    return (
        match.rules,
        match.n,
        match.seed,
        match.actions,
        _("the saved game in progress"),
        hints,
    )


def _refuse_unless_ordinary(path: Path, where: str) -> None:
    """Raise :class:`ReviewInputError` unless ``path`` is an ordinary file, looked at before
    anything opens it (opening a pipe with nothing writing to it waits for ever)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ReviewInputError(_unreadable(where, reason)) from None
    if stat.S_ISDIR(mode):
        raise ReviewInputError(_("{where}: it is a folder, not a file").format(where=where))
    if not stat.S_ISREG(mode):
        raise ReviewInputError(
            _("{where}: it is not an ordinary file (a pipe, a device or a socket)").format(
                where=where
            )
        )


def _unreadable(where: str, reason: str) -> str:
    """ "game.json: cannot be read (Permission denied)"."""
    return _("{where}: cannot be read ({reason})").format(where=where, reason=printable(reason))


def _is_database(path: Path) -> bool:
    """A SQLite file (the player's ``swoop.sqlite3``), told by its first bytes; opened
    without blocking and looked at again once open (a pipe put in its place since the
    first look is not read)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError):
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        return os.read(fd, 16) == b"SQLite format 3\x00"
    except OSError:
        return False
    finally:
        os.close(fd)


def _database_games(path: Path, where: str) -> list[GameRecord]:
    """The games in the progress database at ``path``, read without writing to it or
    leaving anything beside it (no ``-wal`` or ``-shm``: ``db.looked_at``); rows that
    do not read are left out."""
    try:
        with db.looked_at(path) as con:
            return [record for _number, record in stored_after(con, 0)]
    except (sqlite3.Error, OSError, UnicodeDecodeError) as exc:
        raise ReviewInputError(_unreadable(where, str(exc))) from None


def _from_history(games: list[GameRecord], game: str | None, where: str) -> Loaded:
    """The game to review among a history's games: the one whose id starts with ``game``,
    or the newest."""
    if not games:
        raise ReviewInputError(_("{where}: the history holds no games").format(where=where))
    if game:
        found = [g for g in games if g.id.startswith(game)]
        if len(found) != 1:
            if not found:
                said = _("--game {id}: no game in the history starts with that id")
            else:
                said = _("--game {id}: several games in the history start with that id")
            raise ReviewInputError(said.format(id=repr(printable(game[:20]))))
        record = found[0]
    else:
        record = games[-1]
    problem = record.replay_problem()
    if problem is not None:
        raise ReviewInputError(
            # Translators: {where} is the file; {problem} why the game's plays do not replay.
            _("{where}: game {id} cannot be reviewed: {problem}").format(
                where=where, id=printable(record.id), problem=problem
            )
        )
    return (
        record.rules_obj(),
        record.players,
        record.seed,
        record.deals(),
        _("game {id} of {date}").format(id=printable(record.id), date=printable(record.date)),
        record.hints,
    )


def _report(result: Any, label: str, hand: int | None, seconds: float) -> str:
    decisions = counted(len(result.verdicts), "decision")
    seconds_said = decimal(seconds, 1)  # the language's own decimal mark
    if hand:
        # Translators: {what} is "game 1a2b of 2026-01-31"; {seconds} "3.4".
        head = _("Review of {what}, hand {hand} ({decisions}, {seconds} s)")
    else:
        # Translators: {what} is "game 1a2b of 2026-01-31"; {decisions} "12 decisions".
        head = _("Review of {what} ({decisions}, {seconds} s)")
    lines = [head.format(what=label, hand=hand, decisions=decisions, seconds=seconds_said)]
    lines += result.summary_lines()
    lines.append("")
    for v in result.verdicts:
        # Translators: a row of the review's table: hand, decision, label, cost, then
        # "you played two 7s: <the reason>".
        lines.append(
            # Translators: {label} is "mistake"…; {played} "played two 7s"; {reason} a sentence.
            _("hand {hand} #{number} {label} {cost}  you {played}: {reason}").format(
                hand=v.hand_no + 1,
                number=f"{v.number:<3}",
                label=f"{label_word(v.label):<10}",
                cost=f"{decimal(v.cost, 1):>5}",  # the language's decimal mark
                played=v.chosen,
                reason=v.reason,
            )
        )
    for v in result.hindsight:
        lines.append(
            # Translators: a row of the review's table judged with every card shown (in
            # hindsight): {label} is "mistake"…; {reason} a sentence.
            _("hindsight, hand {hand} #{number} {label} {cost}  {reason}").format(
                hand=v.hand_no + 1,
                number=f"{v.number:<3}",
                label=f"{label_word(v.label):<10}",
                cost=f"{decimal(v.cost, 1):>5}",  # the language's decimal mark
                reason=v.reason,
            )
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(
        prog="python -m swoop_desktop.review",
        description="Review a game: where your plays cost points, as the hard bot sees it.",
    )
    parser.add_argument(
        "game",
        type=Path,
        help="a saved game.json, a history.json, or your progress file swoop.sqlite3",
    )
    parser.add_argument("--hand", type=int, default=None, help="review one hand (1 = the first)")
    parser.add_argument(
        "--game",
        dest="game_id",
        default=None,
        help="in a history, the game whose id starts with this",
    )
    parser.add_argument("--seat", type=int, default=0, help="whose decisions (0 = you)")
    parser.add_argument(
        "--worlds",
        type=int,
        default=REVIEW_WORLDS,
        help=f"re-deals per decision (default {REVIEW_WORLDS})",
    )
    parser.add_argument(
        "--hindsight", action="store_true", help="also judge each decision with all cards shown"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    args = parser.parse_args(argv)
    try:
        rules, players, seed, hands, label, hints = load_game_file(args.game, args.game_id)
        if args.hand is not None and not 1 <= args.hand <= len(hands):
            raise ReviewInputError(
                _("--hand: the game has hands 1-{last}, not {hand}").format(
                    last=len(hands), hand=args.hand
                )
            )
        if not 0 <= args.seat < players:
            raise ReviewInputError(
                _("--seat: the game has seats 0-{last}").format(last=players - 1)
            )
        if not 1 <= args.worlds <= 10_000:
            raise ReviewInputError(_("--worlds: must be 1-10000"))
        start = time.perf_counter()
        found = decisions(
            rules,
            players,
            seed,
            hands,
            args.seat,
            None if args.hand is None else args.hand - 1,
            hints if args.seat == 0 else None,  # the hints you were shown, at your seat
        )
        try:  # side by side on the machine's cores (the same verdicts as one by one)
            fair = workers.weigh_all(found, args.worlds, seed)
            seen = (
                workers.weigh_all(found, args.worlds, seed, hindsight=True)
                if args.hindsight
                else []
            )
        finally:
            workers.shutdown()
        result = Review(fair, seen)
        seconds = time.perf_counter() - start
    except ReviewInputError as exc:
        # Translators: the review command line's error on the terminal; {problem} is an error.
        print(_("error: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    if args.json:
        body = result.to_json()
        body["summary"] = result.summary_lines()
        body["seconds"] = round(seconds, 2)
        text = json.dumps(body)
    else:
        text = _report(result, label, args.hand, seconds)
    return write_out(text)


if __name__ == "__main__":
    sys.exit(main())
