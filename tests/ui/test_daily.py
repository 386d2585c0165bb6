"""The daily deal from the title: one hand against the fixed opponents, counted
once, and its result shown beside the hard opponent's in your seat."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pygame
import pytest

from swoop_desktop.progress.daily_results import load_daily
from swoop_desktop.referee.daily import daily_seed, hard_in_seat
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.daily import DailyResultScene, DailyScene
from swoop_desktop.ui.scenes.review import ReviewScene

DAY = date(2026, 12, 1)
DOCS = Path(__file__).resolve().parents[2] / "docs"


def _play_to_the_result(p: Pilot) -> DailyResultScene:
    """Play seat 0 with the first legal action each turn, until the hand's result shows
    (the opponents' plays between your turns run as one stretch of frames)."""

    def your_turn() -> bool:
        table = p.app.table
        return table is not None and p.top is table and table.human_turn

    def result_or_your_turn() -> bool:
        return isinstance(p.top, DailyResultScene) or your_turn()

    for _ in range(400):
        top = p.top
        if isinstance(top, DailyResultScene):
            return top
        if your_turn():
            table = p.app.table
            table.apply(table.state.legal_actions()[0])
            p.step(2)
        else:
            p.until(result_or_your_turn, 10)
    raise AssertionError("the daily hand did not end")


def _play_your_hand(p: Pilot) -> None:
    """Play the hand, read its result, and go back to the daily page (Enter: Back)."""
    result = _play_to_the_result(p)
    p.advance(1.5)  # read a moment (a press within the first second goes on the taps')
    p.press(pygame.K_RETURN)
    assert p.top is not result and p.app.table is None


def _wait_for_hard(p: Pilot, scene: DailyScene) -> None:
    assert p.until(lambda: scene.job is not None and not scene.job.running, 240)
    p.step(2)


@pytest.mark.parametrize(
    "work",
    [
        # The referee plays what the page asks on the screens' 4 worlds: what is checked
        # is the page's asking (the day's deal, at the shipped work) and its storing of
        # the referee's answer, whatever the answer is.
        pytest.param({"worlds": 4}, id="quick"),
        # The referee plays the deal at the shipped work, as asked (as before: 48 worlds).
        pytest.param({}, id="full", marks=[pytest.mark.slow, pytest.mark.full_work]),
    ],
)
def test_the_daily_deal_is_played_from_the_title_and_compared_with_hard(
    tmp_path, monkeypatch, work
):
    from swoop_desktop.ui.scenes import daily as daily_module

    # What the page asks the referee for, and what the referee answers: its play of the
    # deal is compared with the stored score below (worked out once, not again here).
    asked: list[tuple[tuple, dict, object]] = []

    def referee(*args, **kwargs):
        asked.append((args, kwargs, answer := hard_in_seat(*args, **kwargs, **work)))
        return answer

    monkeypatch.setattr(daily_module, "hard_in_seat", referee)
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        p.press(pygame.K_d)
        daily = p.top
        assert isinstance(daily, DailyScene)
        daily.today = DAY  # a fixed day, so the deal is known
        daily.seed = daily_seed(DAY, daily.rules)
        daily.reload()
        assert daily.entry is None
        daily.play()
        table = p.app.table
        assert table is not None and table.match.seed == daily.seed
        assert [s.level for s in table.seats] == ["human", "normal", "normal", "normal"]
        assert table.flow.saver is None  # not saved for Continue, not in the history
        _play_your_hand(p)
        assert p.top is daily
        entries, _ = load_daily(p.app.dirs)
        assert len(entries) == 1 and entries[0].finished
        assert entries[0].points is not None and len(entries[0].points) == 4
        _wait_for_hard(p, daily)
        entry = daily.entry
        assert entry is not None and entry.hard is not None
        # The hard result stored is the referee's play of the same deal in your seat, at
        # the shipped work: the page gave it the day's rules and seed, and no other seat
        # or work (only a pause, to hand the frames the interpreter); the score stored is
        # the referee's answer.
        assert len(asked) == 1
        args, kwargs, answer = asked[0]
        assert args == (daily.rules, daily.seed) and set(kwargs) <= {"pause"}
        assert entry.hard == answer.points
        words = [left + " " + right for _, left, right in daily.lines()]
        assert any(w.startswith("Hard opponent in your seat") for w in words), words
        assert any("Days in a row played 1" in w for w in words), words

        # A replay is allowed and changes nothing of the record.
        before = load_daily(p.app.dirs)[0][0]
        daily.play()
        assert "not counted" in p.app.table.config.caption
        _play_your_hand(p)
        assert load_daily(p.app.dirs)[0][0] == before


def test_a_daily_deal_left_unfinished_counts_as_played(tmp_path, monkeypatch):
    from types import SimpleNamespace

    from swoop_desktop.ui.scenes import daily as daily_module

    # The hard opponent's game is not what is looked at here (its answer, a fixed one, is
    # asked for as the deal starts and again when the page opens): no search left running.
    monkeypatch.setattr(
        daily_module,
        "hard_in_seat",
        lambda *a, **k: SimpleNamespace(points=[14, 0, 33, 41], actions=()),
    )
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        p.press(pygame.K_d)
        daily = p.top
        daily.today = DAY
        daily.seed = daily_seed(DAY, daily.rules)
        daily.play()
        p.step(5)
        p.app.to_title()  # left before the hand ended
        entries, _ = load_daily(p.app.dirs)
        assert len(entries) == 1 and not entries[0].finished
        p.press(pygame.K_d)
        again = p.top
        again.today = DAY
        again.seed = daily_seed(DAY, again.rules)
        again.reload()
        assert again.play_button.label == "Play it again (not counted)"
        assert any("left unfinished" in right for _, _, right in again.lines())


def _today(p: Pilot) -> DailyScene:
    p.press(pygame.K_d)
    daily = p.top
    assert isinstance(daily, DailyScene)
    daily.today = DAY
    daily.seed = daily_seed(DAY, daily.rules)
    daily.reload()
    return daily


def test_the_daily_hand_ends_like_a_hand_with_the_hard_opponents_result(tmp_path):
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        daily = _today(p)
        daily.play()
        table = p.app.table
        drawn: list[str] = []
        real = table.drawing.pen.text
        table.drawing.pen.text = lambda text, *a, **k: drawn.append(text) or real(text, *a, **k)
        p.step()
        assert "One hand · fewer points is better" in drawn
        assert not any("Game to" in text or "lowest total" in text for text in drawn)
        result = _play_to_the_result(p)
        # The breakdown, as at the table: who went out, what each held, everyone's points.
        match = table.match
        out = match.state.out_player
        assert result.heading().startswith("Daily deal: ") and "out!" in result.heading()
        assert out is not None and match.sheet[-1][out] == 0
        mine = match.sheet[-1][0]
        assert result.lines()[0].startswith(f"You: {mine} pts (")
        # Then the hard opponent in your seat, once its play is done, in the same sentence.
        assert p.until(lambda: daily.hard_points() is not None, 240)
        p.step(2)
        hard = daily.hard_points()
        said = result.lines()[0]
        assert said.startswith(f"You: {mine} pts (") and said.endswith(
            ("points better.", "point better.", "the same margin as the hard opponent.")
        )
        assert f"the hard opponent with your cards: {hard[0]} pts (" in said
        for size in ((800, 600), (960, 600), (1920, 1080)):  # the words fit above the buttons
            p.resize(size)
            p.step(2)
            assert result.text_bottom <= min(b.rect.top for b in result.buttons), size
            assert result.panel_rect().contains(result.buttons[-1].rect), size
        p.resize((1280, 720))
        p.step()
        # Review this hand, and back to the result.
        p.advance(1.0)
        review_button = next(b for b in result.buttons if b.label == "Review this hand")
        p.click(review_button.rect.center)
        review = p.top
        assert isinstance(review, ReviewScene) and review.hand == 0
        p.press(pygame.K_ESCAPE)
        assert p.top is result
        p.advance(1.0)
        p.press(pygame.K_RETURN)  # Back to the daily deal
        assert p.top is daily and p.app.table is None


@pytest.mark.skipif(not os.environ.get("SWOOP_SHOTS"), reason="set SWOOP_SHOTS=1 to redraw")
@pytest.mark.full_work  # the pictures show the shipped review and hard opponent
@pytest.mark.parametrize("size", [(1920, 1080), (800, 600)])
def test_screenshots_of_the_daily_hands_end(tmp_path, size):
    from swoop_desktop.ui.scenes import daily as daily_module

    with Pilot(size=size, data_dir=tmp_path, seed=1, start="title") as p:
        p.resize(size)  # below the window's minimum, as a window manager may
        daily = _today(p)
        theirs = list(daily_module.hard_in_seat(daily.rules, daily.seed).actions)
        daily.play()
        # As the hard opponent for two choices, then another way: the games part at the third.
        _play_as_the_hard_opponent_then_not(p, theirs, follow=2)
        result = p.top
        assert isinstance(result, DailyResultScene)
        assert p.until(lambda: daily.hard_points() is not None, 240)
        p.step(3)
        assert result.lines()
        p.screenshot(DOCS / f"daily-result-{size[0]}x{size[1]}.png")
        # Review this hand: the decision where the hard opponent's game parted from yours.
        p.advance(1.0)
        result.review_hand()
        review = p.top
        assert isinstance(review, ReviewScene) and p.until(lambda: review.ready, 600)
        assert review.beside is not None and review.beside.at is not None
        p.step(3)
        p.screenshot(DOCS / f"daily-review-summary-{size[0]}x{size[1]}.png")
        review.go(review.beside.at)
        p.step(3)
        p.screenshot(DOCS / f"daily-review-{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("size", [(1920, 1080), (800, 600)])
def test_the_daily_page_keeps_its_words_off_the_buttons_and_inside_the_panel(
    tmp_path, size, monkeypatch
):
    from swoop_desktop.ui import controls as W
    from swoop_desktop.ui.controls import page

    drawn: list[tuple[str, pygame.Rect]] = []
    for module in (W, page):
        real = module.draw_text

        def spy(surface, theme, text, pos, *a, _real=real, **k):
            rect = _real(surface, theme, text, pos, *a, **k)
            drawn.append((text, rect))
            return rect

        monkeypatch.setattr(module, "draw_text", spy)
    with Pilot(size=size, data_dir=tmp_path, seed=1, start="title") as p:
        p.resize(size)
        daily = _today(p)
        drawn.clear()
        p.step()
        buttons = [daily.play_button.rect, daily.back_button.rect]
        words = [
            (text, rect) for text, rect in drawn if text not in (daily.play_button.label, "Back")
        ]
        assert words, "the daily page's words were drawn through draw_text, and so looked at"
        for text, rect in words:
            assert not any(rect.colliderect(b) for b in buttons), (text, size)
            if rect.top >= daily.frame.top:
                assert daily.frame.contains(rect), (text, size)


def test_the_share_line_gives_the_day_points_margin_hard_and_streak_and_no_cards():
    from swoop_desktop.ui.scenes.daily import share_line

    line = share_line(DAY, [12, 0, 30, 45], [20, 0, 25, 40], 3)
    assert line == (
        "Swoop daily deal, 1 December 2026: 12 pts, -13.0 · hard opponent in my seat "
        "20 pts, -1.7 · 3 days in a row"
    )
    assert share_line(DAY, [12, 0, 30, 45], None, 1).endswith(": 12 pts, -13.0 · 1 day in a row")
    replay = share_line(DAY, [12, 0, 30, 45], None, 1, counted=False)
    assert replay.endswith("(played again, not counted)")


def test_copy_result_puts_the_share_line_on_the_clipboard_and_says_so(tmp_path, monkeypatch):
    from types import SimpleNamespace

    from swoop_desktop.ui.scenes import daily as daily_module

    hard = [14, 0, 33, 41]
    monkeypatch.setattr(
        daily_module,
        "hard_in_seat",
        lambda *a, **k: SimpleNamespace(points=list(hard), actions=()),
    )
    copied: list[str] = []
    monkeypatch.setattr(daily_module, "copy_text", lambda text: copied.append(text) or True)
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        daily = _today(p)
        daily.play()
        result = _play_to_the_result(p)
        assert p.until(lambda: daily.hard_points() == hard, 10)
        p.step(2)
        mine = result.table.match.sheet[-1]
        share = result.share()
        assert share.startswith(f"Swoop daily deal, 1 December 2026: {mine[0]} pts, ")
        assert "hard opponent in my seat 14 pts, -10.7" in share and "1 day in a row" in share
        assert f"To share: {share}" in result.lines()
        p.advance(1.0)
        button = next(b for b in result.buttons if b.label == "Copy result")
        p.click(button.rect.center)
        assert copied == [share]
        assert f"Copied to the clipboard: {share}" in result.lines()
        for size in ((800, 600), (960, 600), (1920, 1080)):  # the share line fits above the buttons
            p.resize(size)
            p.step(2)
            assert result.text_bottom <= min(b.rect.top for b in result.buttons), size
            panel = result.panel_rect()
            assert all(panel.contains(b.rect) for b in result.buttons), size
        monkeypatch.setattr(daily_module, "copy_text", lambda text: False)
        p.click(next(b for b in result.buttons if b.label == "Copy result").rect.center)
        assert f"No clipboard here; copy it by hand: {share}" in result.lines()


def _play_as_the_hard_opponent_then_not(p: Pilot, theirs: list, follow: int) -> None:
    """Play seat 0 as the hard opponent did in its game of the deal for ``follow`` real
    choices, then differently, then the first legal action, until the result shows."""
    choices, parted = 0, False
    for _ in range(400):
        if isinstance(p.top, DailyResultScene):
            return
        table = p.app.table
        if table is not None and p.top is table and table.human_turn:
            legal = table.state.legal_actions()
            if parted:  # the games differ from here: any play
                table.apply(legal[0])
            else:
                hard = theirs[len(table.match.actions[0])]
                choices += len(legal) > 1
                parted = choices > follow
                table.apply(next(a for a in legal if a != hard) if parted else hard)
        p.step(2)
    raise AssertionError("the daily hand did not end")


@pytest.mark.slow  # the hand, the hard opponent's game and the review: about 4 s
def test_review_this_hand_shows_the_hard_opponents_play_until_the_games_part(tmp_path):
    """Each decision of the daily hand's review says the hard opponent played the same in
    your seat while both games were one; the decision where they parted names its play and
    says that from there the games differ; the summary marks it and jumps to it."""
    from swoop_desktop.ai.review_words.plays import describe
    from swoop_desktop.ui.scenes import daily as daily_module

    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        daily = _today(p)
        theirs = list(daily_module.hard_in_seat(daily.rules, daily.seed).actions)
        daily.play()
        _play_as_the_hard_opponent_then_not(p, theirs, follow=2)
        result = p.top
        assert p.until(lambda: daily.hard_actions() is not None, 240)
        assert daily.hard_actions() == theirs  # the same game as the one worked out here
        # The hard opponent's hand is kept with the day, for a review opened later.
        assert load_daily(p.app.dirs)[0][0].hard_actions == theirs
        p.step(2)
        p.advance(1.0)
        p.click(next(b for b in result.buttons if b.label == "Review this hand").rect.center)
        review = p.top
        assert isinstance(review, ReviewScene)
        assert p.until(lambda: review.ready, 240)
        p.step(2)
        d = review.decisions[2]  # your third real choice: where you parted
        their_words = describe(d.obs, theirs[d.step])
        assert their_words != describe(d.obs, d.chosen)
        assert (
            f"Decision 3 is where you and the hard opponent parted ways: you "
            f"{describe(d.obs, d.chosen)}, the hard opponent {their_words}" in review.words
        )
        # The summary's line for it is the first one to choose: Enter jumps there.
        p.press(pygame.K_RETURN)
        p.step()
        assert review.view == "decision" and review.index == 2
        assert (
            f"Here the hard opponent {their_words} instead; from here the games differ."
            in review.words
        )
        for i in range(len(review.decisions)):
            review.go(i)
            p.step()
            words = review.words
            if i < 2:
                assert "The hard opponent played the same here." in words, i
            elif i > 2:
                assert "The games differ from here" in words, i
                assert "The hard opponent played the same" not in words, i


@pytest.mark.slow  # the hand, the hard opponent's game and the review
def test_the_daily_hands_review_turns_its_mistakes_into_puzzles_and_says_why_plays_differ(
    tmp_path,
):
    """Review this hand, once worked out, puts each mistake or blunder on your puzzles
    (the daily deal is not in the history, where Puzzles finds a reviewed game's); each
    decision the two games shared says whether the review agrees with the hard opponent
    or why they name different plays."""
    from swoop_desktop.progress.puzzle_book import PUZZLE_LABELS, load_puzzles
    from swoop_desktop.ui.scenes import daily as daily_module

    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        daily = _today(p)
        theirs = list(daily_module.hard_in_seat(daily.rules, daily.seed).actions)
        daily.play()
        _play_as_the_hard_opponent_then_not(p, theirs, follow=2)
        result = p.top
        assert p.until(lambda: daily.hard_actions() is not None, 240)
        p.step(2)
        p.advance(1.0)
        p.click(next(b for b in result.buttons if b.label == "Review this hand").rect.center)
        review = p.top
        assert isinstance(review, ReviewScene)
        assert p.until(lambda: review.ready, 600)
        costly = [v for v in review.result.verdicts if v.label in PUZZLE_LABELS]
        assert costly, "the hand played this way has a mistake to make a puzzle of"
        book, _ = load_puzzles(p.app.dirs)
        assert sorted((q.hand_no, q.step) for q in book.puzzles) == sorted(
            (v.hand_no, v.step) for v in costly
        )
        for i, v in enumerate(review.result.verdicts[: review.beside.at + 1]):
            review.go(i)
            p.step()
            said = review.beside.against(i, v)
            assert said is not None and said in review.words
            assert said.startswith(("The review agrees", "The review named")), said


def test_the_daily_page_opened_again_waits_for_the_hard_game_already_at_work(tmp_path, monkeypatch):
    """Leave the daily page while the hard opponent still plays today's deal, and open it
    again: the one game at work is waited for, not a second one started beside it."""
    import threading
    from types import SimpleNamespace

    from swoop_desktop.ui.scenes import daily as daily_module

    asked: list[int] = []
    gate = threading.Event()

    def slow_hard(rules, seed, **work):
        asked.append(seed)
        gate.wait(30)
        return SimpleNamespace(points=[14, 0, 33, 41], actions=())

    monkeypatch.setattr(daily_module, "hard_in_seat", slow_hard)
    try:
        with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
            daily = _today(p)
            daily.play()
            p.until(lambda: bool(asked), 5)
            p.app.to_title()
            again = _today(p)  # the day's deal is dealt: the page asks for the hard game
            p.advance(0.5)
            assert asked == [daily.seed]  # one game for the day's deal
            gate.set()
            assert p.until(lambda: again.hard_points() is not None, 10)
            assert load_daily(p.app.dirs)[0][0].hard == [14, 0, 33, 41]
    finally:
        gate.set()


#: Fewer points than the hard opponent, but a worse margin against the table.
FEWER_POINTS_WORSE_MARGIN = ([18, 9, 10, 10], [20, 25, 25, 26])


def test_the_comparison_with_the_hard_opponent_says_who_did_better_by_the_margin():
    from swoop_desktop.progress.daily_results import compare
    from swoop_desktop.ui.scenes.daily import comparison_words, verdict_words

    mine, hard = FEWER_POINTS_WORSE_MARGIN
    assert comparison_words(mine, hard) == (
        "You: 18 pts (+8.3 against the table); the hard opponent with your cards: "
        "20 pts (-5.3): it did 13.6 points better."
    )
    assert comparison_words(hard, mine).endswith(": you did 13.6 points better.")
    assert comparison_words([1, 0, 0, 0], [2, 1, 1, 1]).endswith(
        "(+1.0): the same margin as the hard opponent."
    )
    # A whole difference is written whole, and one point is one point.
    assert comparison_words([0, 0, 0, 0], [1, 0, 0, 0]).endswith(": you did 1 point better.")
    assert comparison_words([3, 0, 0, 0], [1, 0, 0, 0]).endswith(": it did 2 points better.")
    assert verdict_words(compare(mine, hard)) == (
        "The hard opponent did 13.6 points better with your cards."
    )
    assert verdict_words(compare(hard, mine)) == (
        "You did 13.6 points better than the hard opponent with your cards."
    )


def test_the_comparisons_numbers_take_the_languages_decimal_mark(monkeypatch):
    from swoop_desktop import plural
    from swoop_desktop.ui.scenes.daily import comparison_words

    real = plural.pgettext
    monkeypatch.setattr(
        plural, "pgettext", lambda ctx, msg: "," if ctx == "decimal mark" else real(ctx, msg)
    )
    said = comparison_words(*FEWER_POINTS_WORSE_MARGIN)
    assert "(+8,3 against the table)" in said and "(-5,3)" in said
    assert said.endswith("13,6 points better.")


def test_a_day_with_fewer_points_but_a_worse_margin_is_not_beating_the_hard_opponent(tmp_path):
    from datetime import timedelta

    from swoop_desktop.progress.daily_results import finish_daily, start_daily, store_hard

    mine, hard = FEWER_POINTS_WORSE_MARGIN
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        dirs = p.app.dirs
        yesterday = DAY - timedelta(days=1)
        start_daily(dirs, yesterday, 5, p.app.settings.rules)
        finish_daily(dirs, yesterday, 5, mine)
        store_hard(dirs, yesterday, 5, hard)
        daily = _today(p)
        seed, rules = daily.seed, daily.rules
        start_daily(dirs, DAY, seed, rules)
        finish_daily(dirs, DAY, seed, mine)
        store_hard(dirs, DAY, seed, hard)
        daily.reload()
        lines = daily.lines()
        said = [left for style, left, _ in lines if style == "p"]
        assert "The hard opponent did 13.6 points better with your cards." in said
        rows = {left: right for style, left, right in lines if style == "row"}
        assert rows["Days in a row you beat the hard opponent"] == "0 (best 0)"
        assert rows["Days in a row played"] == "2 (best 2)"
        earlier = rows["30 November 2026"]
        assert "beat hard" not in earlier and earlier.startswith("18 pts, +8.3")


def test_the_daily_result_says_the_hard_opponent_did_better_on_the_margin(tmp_path, monkeypatch):
    from types import SimpleNamespace

    from swoop_desktop.ui.scenes import daily as daily_module

    monkeypatch.setattr(
        daily_module,
        "hard_in_seat",
        lambda *a, **k: SimpleNamespace(points=[0, 0, 0, 0], actions=()),
    )
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        daily = _today(p)
        daily.play()
        result = _play_to_the_result(p)
        mine = list(result.table.match.sheet[-1])
        # More points than you, and a better margin: the others took far more beside it.
        hard = [mine[0] + 1, 500, 500, 500]
        monkeypatch.setattr(daily, "hard_points", lambda: hard)
        p.step(2)
        said = result.lines()[0]
        assert said.startswith(f"You: {mine[0]} pts (")
        assert f"the hard opponent with your cards: {mine[0] + 1} pts (" in said
        assert said.endswith("points better.") and ": it did " in said
        for size in ((800, 600), (960, 600), (1920, 1080)):  # the words fit above the buttons
            p.resize(size)
            p.step(2)
            assert result.text_bottom <= min(b.rect.top for b in result.buttons), size


def test_return_tapped_through_the_daily_hands_end_never_skips_its_result_unseen(tmp_path):
    # As the hand's breakdown at a game: Return tapped every 0.7 s as the daily hand ends
    # leaves its result up for the settle time; only a press after it answers.
    from swoop_desktop.ui.scenes.panels import SETTLE_S

    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        daily = _today(p)
        daily.play()
        result = _play_to_the_result(p)
        p.step()
        shown_at = result.shown_at
        assert shown_at is not None
        while p.top is result and p.app.keys.now - shown_at < SETTLE_S + 3.0:
            p.press(pygame.K_RETURN)
            p.advance(0.7)
        assert p.top is not result, "a press after the settle time answers"
        assert p.app.keys.now - shown_at >= SETTLE_S
