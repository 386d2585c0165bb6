"""At the table, every play can be followed: its words, its marks, its log and its sheet.

Each test drives the real App through the headless pilot, the way a player does.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import pygame
import pytest

from swoop_desktop.engine import RANK_OF, Play
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.table import places
from swoop_desktop.ui.table.draw.questions import phase_words


def _legal_single(table) -> int:
    st = table.state
    return next(c for c in st.hand_ids(0) if table.input.action_for([c]) in st.legal_actions())


def _each_frame(p: Pilot, frames: int, look: Callable[[], bool]) -> None:
    """Step up to ``frames`` frames, and after each one ``look()`` at the table (True: stop
    here). The frames run as one stretch, drawn once it ends: the looks read what each
    frame shows (its words, its marks), not the screen's pixels."""
    p.step()
    p.until(look, (frames - 0.5) * p.dt)  # the look after the first frame and each one after


def test_space_with_nothing_selected_never_plays_your_card(tmp_path):
    # Space steps through the AIs' plays; pressed once too often, it must not play for you.
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        t = p.table
        assert t.model.selected == []
        plays = len(t.match.actions[-1])
        p.press(pygame.K_SPACE)
        p.advance(0.5)
        assert len(t.match.actions[-1]) == plays
        assert t.state.to_move == 0


def test_status_line_after_continue_during_a_follow_up(tmp_path):
    from tests.ui.test_table_play import _find_follow_up

    with Pilot(data_dir=tmp_path, seed=6, start="table") as p:
        for _ in range(4):
            if _find_follow_up(p):
                break
            p.app.new_game(seed=p.table.match.seed + 1)
        else:
            pytest.skip("no follow-up came up")
        assert p.table.state.phase_name == "follow"
        p.table.save_now()
        p.table.flow.saver.flush()
        p.app.to_title()
        p.app.continue_game()
        p.advance(0.3)
        t = p.table
        assert t.state.phase_name == "follow" and t.state.to_move == 0
        status = t.drawing.hud.status()
        assert status.startswith("Follow-up"), status
        assert phase_words(t.model).startswith("Add ")


def test_plates_and_lists_say_one_card_not_one_cards(tmp_path):
    from swoop_desktop.ui.table.view import counted

    assert counted(1, "card") == "1 card" and counted(2, "card") == "2 cards"
    assert counted(1, "hand") == "1 hand" and counted(0, "game") == "0 games"
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        t = p.table
        t.model.view.hands[1] = t.model.view.hands[1][:1]
        t.model.view.up[1] = [None] * 4
        t.model.view.down[1] = [None] * 4
        assert t.drawing.plate_words(1) == "1 card · 0 pts"


def test_refusals_are_in_plain_words_with_the_rule_kept_for_the_log():
    from swoop_desktop.engine import IllegalActionError
    from swoop_desktop.ui.table.refusals import plain_words

    refusal = IllegalActionError(
        "no_room",
        "two aces on top: at most 2 more A may be added (max_four)",
        rank=1,
        run=2,
        room=2,
    )
    words = plain_words(refusal)
    assert words == "Only two aces can still go on the pile: 2 lie on top, and four is the most"
    assert "R9" not in words and "max_four" not in words and refusal.rule == "R9"


def test_no_play_button_is_offered_for_an_illegal_play(tmp_path):
    # Two Swoop cards together (R10) is never a legal set: no "Play two ..." button.
    for seed in range(1, 30):
        with Pilot(data_dir=tmp_path / str(seed), seed=seed, start="table") as p:
            assert p.wait_for_turn()
            t = p.table
            st = t.state
            by_rank: dict[int, list[int]] = {}
            for c in st.hand_ids(0):
                if st.rules.is_swoop_rank(RANK_OF[c]):
                    by_rank.setdefault(RANK_OF[c], []).append(c)
            pair = next((v[:2] for v in by_rank.values() if len(v) >= 2), None)
            if pair is None:
                continue
            t.model.selected = list(pair)
            t.input.build_buttons()
            assert t.input.action_for(pair) not in st.legal_actions()
            labels = [b.label for b in t.model.buttons]
            assert not any(label.startswith("Play") for label in labels), labels
            p.press(pygame.K_RETURN)
            assert "R10" not in t.model.toast[0] and "own" in t.model.toast[0]
            assert t.model.log[-1].endswith("(rule R10)")
            return
    pytest.skip("no hand with two Swoop cards of one rank")


def test_the_log_follows_the_cards_never_leads_them(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table", speed="normal") as p:
        assert p.wait_for_turn()
        t = p.table
        card = _legal_single(t)
        before = list(t.model.log)
        t.input.try_play([card])
        assert t.model.anim.busy
        assert t.model.log == before  # the cards are still on their way
        p.until(lambda: not t.model.anim.busy, 10)
        assert any(line.startswith("You ") for line in t.model.log[len(before) :])


def test_high_card_draws_are_logged_as_they_are_shown(tmp_path):
    from swoop_desktop.engine import Rules

    rules = Rules.from_preset("traditional")
    with Pilot(data_dir=tmp_path, seed=4, start="table", speed="normal", rules=rules) as p:
        t = p.table
        if not any(s.label == "drew" for s in list(t.model.anim.queue)):
            pytest.skip("this rule set draws no high cards")
        assert not any(" drew " in line for line in t.model.log)
        p.until(lambda: not t.model.anim.busy, 20)
        assert any(" drew " in line for line in t.model.log)


def test_empty_pile_words_wait_for_the_cards_to_land(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table", speed="normal") as p:
        t = p.table
        p.step(3)
        assert t.model.anim.busy and not t.model.view.pile
        assert t.drawing.pile_label() == ""  # cards are flying: no "play anything" yet
        p.until(lambda: not t.model.anim.busy, 10)
        if not t.model.view.pile:
            assert t.drawing.pile_label() == "Empty pile: play anything"


def test_pick_up_news_stays_off_the_pile(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table", speed="normal", pace="fast") as p:
        t = p.table
        news: list[tuple[pygame.Rect, pygame.Rect]] = []  # a pick-up's news, and the pile
        banners: list[str] = []  # any banner that said a pick-up

        def look() -> bool:
            if p.top is not t:
                if p.top.name == "hand_over":
                    p.top.next_hand()
                    return False
                return True
            if t.state.to_move == 0 and t.idle:
                t.input.try_play([_legal_single(t)])
            pile = pygame.Rect(0, 0, *t.model.lay.pile_card)
            pile.center = (int(t.model.lay.pile_centre[0]), int(t.model.lay.pile_centre[1]))
            for seat, (words, _since) in t.model.news.items():
                if words.startswith("picked up"):
                    news.append((t.drawing.news_rect(seat, (200, 24)), pile))
            if t.model.banner and "picked up" in t.model.banner[0]:
                banners.append(t.model.banner[0])
            return bool(news)

        _each_frame(p, 4000, look)
        if not news:
            pytest.skip("nobody picked up")
        assert not [rect for rect, pile in news if rect.colliderect(pile)]
        assert banners == []


def test_no_play_buttons_while_cards_fly(tmp_path):
    # Click "Play ..." (a Swoop or any play): while its cards fly, no Play/All button stays.
    with Pilot(data_dir=tmp_path, seed=5, start="table", speed="normal") as p:
        assert p.wait_for_turn()
        t = p.table
        card = _legal_single(t)
        t.input.toggle_select(card)
        play = next(b for b in t.model.buttons if b.label.startswith("Play"))
        p.click(play.rect.center)
        assert t.model.anim.busy
        for _ in range(30):
            if not t.model.anim.busy:
                break
            labels = [b.label for b in t.model.buttons]
            assert not any(lb.split(" ")[0] in ("Play", "All", "Add", "Done") for lb in labels), (
                labels
            )
            p.step()


def test_the_hover_outline_leaves_with_the_card(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table", speed="normal") as p:
        assert p.wait_for_turn()
        t = p.table
        card = _legal_single(t)
        p.move(p.pos_of(card))
        assert t.model.hover == card
        t.input.try_play([card])
        p.until(lambda: not t.model.anim.busy, 10)
        p.step()
        assert t.model.hover != card
        assert t.model.hover == t.input.card_at(t.model.pointer)


def test_each_opponent_shows_its_last_play_until_you_play(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table", speed="normal", pace="fast") as p:
        assert p.wait_for_turn()
        t = p.table
        t.input.try_play([_legal_single(t)])
        assert p.wait_for_turn()
        # Every opponent who played since your play has its words at its plate.
        played = {
            s
            for s in (1, 2, 3)
            if any(line.startswith(t.seat_name(s)) for line in t.model.log[-6:])
        }
        assert played and played <= set(t.model.news)
        assert all(t.model.news[s][0] for s in played)
        t.input.try_play([_legal_single(t)])
        assert not any(s in t.model.news for s in played if s != 0) or t.model.news == {}


def _open_settings(p: Pilot):
    from swoop_desktop.ui.scenes.settings import SettingsScene

    scene = SettingsScene(p.app)
    p.app.push(scene)
    p.step()
    return scene


def test_f11_inside_settings_is_shown_by_the_full_screen_switch(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="title") as p:
        scene = _open_settings(p)
        before = p.app.fullscreen
        assert scene.rows["fullscreen"].value == before
        p.press(pygame.K_F11)
        p.step()
        assert p.app.fullscreen != before
        assert scene.rows["fullscreen"].value == p.app.fullscreen


def test_turning_the_hint_button_off_removes_it_at_once(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        assert any(b.label.startswith("Hint") for b in p.table.model.buttons)
        p.press(pygame.K_ESCAPE)  # the pause menu, then its Settings
        assert p.top.name == "pause"
        p.top.settings()
        p.step()
        p.top.change_setting("show_hints", False)
        p.app.pop()
        p.step()
        p.press(pygame.K_ESCAPE)  # resume
        assert p.top is p.table
        assert not any(b.label.startswith("Hint") for b in p.table.model.buttons)


def test_card_options_apply_at_once_and_are_remembered(tmp_path):
    from swoop_desktop.engine import card_suit
    from swoop_desktop.storage import load_settings, resolve_dirs

    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        t = p.table
        small = t.model.lay.hand_card
        scene = _open_settings(p)
        for name in ("four_colour", "large_cards", "reduced_motion"):
            scene.rows[name].activate()
        p.app.pop()
        p.step()
        assert t.art.four_colour and t.model.anim.reduced
        assert t.model.lay.hand_card[1] > small[1]
        # A club is printed green, a diamond blue.
        club = next(c for c in range(108) if int(card_suit(c)) == 0 and RANK_OF[c] == 5)
        face = t.art.face(club, t.model.lay.hand_card)
        colours = {
            face.get_at((x, y))[:3]
            for x in range(face.get_width())
            for y in range(face.get_height())
        }
        green = p.app.theme.clubs
        assert any(
            abs(c[0] - green[0]) + abs(c[1] - green[1]) + abs(c[2] - green[2]) < 30 for c in colours
        )
    settings, _ = load_settings(resolve_dirs(str(tmp_path)))
    assert settings.four_colour and settings.large_cards and settings.reduced_motion


def test_reduced_motion_cards_never_fly_they_fade_in_where_they_land(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table", speed="normal") as p:
        p.app.update_settings(reduced_motion=True)
        p.until(lambda: not p.table.model.anim.busy, 10)
        assert p.wait_for_turn()
        t = p.table
        assert t.model.anim.reduced
        card = _legal_single(t)
        t.input.try_play([card])
        p.step()
        s = t.model.sprites[card]
        target = places.targets(t.model)[card]
        # Already where it lands (no flight), still fading in.
        assert (round(s.x), round(s.y)) == (round(target[0]), round(target[1]))
        assert s.fade < 1.0
        p.until(lambda: not t.model.anim.busy, 10)
        assert s.fade == 1.0


def _replay(p: Pilot, seed: int = 22):
    from swoop_desktop.progress import load_history, record_finished_game
    from swoop_desktop.ui.scenes.replay import start_replay
    from tests.storage.helpers import finished_match

    record_finished_game(p.app.dirs, finished_match(seed), [{"name": "You"}])
    record = load_history(p.app.dirs)[0][0]
    return start_replay(p.app, record, "fast")


def test_a_replay_says_replay_and_never_your_turn(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="title") as p:
        table = _replay(p)
        seen_status = set()

        def look() -> bool:
            if p.top is not table:
                if p.top.name == "hand_over":
                    p.top.next_hand()
                    return False
                return True
            status = table.drawing.hud.status()
            seen_status.add(status)
            assert "Your turn" not in status and status.startswith("Replay")
            if table.model.view.to_move == 0:
                assert phase_words(table.model) != "Your turn"
            return False

        _each_frame(p, 600, look)
        assert len(seen_status) > 3
        p.app.stack.clear_to(table)
        p.press(pygame.K_ESCAPE)
        assert p.top.name == "pause"
        # The pause menu speaks of a replay, not of saving the game.
        assert p.top.heading() == "Replay paused"
        assert "saved after every play" not in p.top.note()


def test_replay_controls_pause_step_and_speed(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="title") as p:
        table = _replay(p)
        p.advance(1.0)
        p.press(pygame.K_p)
        assert table.config.controls.paused
        p.until(lambda: not table.model.anim.busy, 5)
        plays = table.model.plays
        p.advance(3.0)
        assert table.model.plays == plays  # paused: nothing moves on
        p.press(pygame.K_n)
        p.advance(0.2)
        assert table.model.plays == plays + 1  # one play at a time
        assert any(b.label.startswith("Resume") for b in table.model.buttons)
        speed = table.config.controls.speed
        p.press(pygame.K_s)
        assert table.config.controls.speed != speed
        assert any(
            b.label == f"Speed (S): {table.config.controls.speed}" for b in table.model.buttons
        )
        p.press(pygame.K_p)
        p.advance(3.0)
        assert table.model.plays > plays + 1


def _play_to_the_end(p: Pilot) -> list[str]:
    """Play (Home + Enter, Done) until the game ends; the overlays seen, in order."""
    table = p.table
    seen: list[str] = []

    def something_to_do() -> bool:  # a panel, or your turn: the frames before, one stretch
        return p.top.name != "table" or (table.idle and table.state.to_move == 0)

    for _ in range(30000):
        top = p.top
        if top.name != "table":
            if not seen or seen[-1] != top.name:
                seen.append(top.name)
            if top.name == "game_over":
                return seen
            if top.name == "hand_over":
                top.next_hand()
                continue
        if not table.idle or table.state.to_move != 0:
            if top.name == "table":
                p.until(something_to_do, 10)
            else:
                p.step()
            continue
        if table.state.phase_name in ("follow", "chain"):
            p.press(pygame.K_d)
        else:
            p.press(pygame.K_HOME)
            p.press(pygame.K_UP)  # choose it (F flips a mystery card)
            p.press(pygame.K_RETURN if table.model.selected else pygame.K_f)
    raise AssertionError("the game did not end")


def test_the_deciding_hand_is_shown_before_the_winner(tmp_path):
    from swoop_desktop.engine import Rules

    rules = Rules.from_preset("app", target=50)
    with Pilot(data_dir=tmp_path, seed=21, start="table", rules=rules) as p:
        table = p.table
        hands_seen = []
        orig = type(p.app.stack).push

        def spy(stack, scene):
            if scene.name == "hand_over":
                hands_seen.append(table.match.over)
            return orig(stack, scene)

        type(p.app.stack).push = spy
        try:
            seen = _play_to_the_end(p)
        finally:
            type(p.app.stack).push = orig
        assert seen[-2:] == ["hand_over", "game_over"]
        assert hands_seen[-1] is True  # the last breakdown was the deciding hand's
        assert len(hands_seen) == len(table.match.sheet)
        over = p.top
        words = over.margin()
        winner = table.match.winner
        if winner is not None:
            gap = (
                sorted(t for q, t in enumerate(table.match.totals) if q != winner)[0]
                - table.match.totals[winner]
            )
            assert f"by {gap} point" in words
        # "Watch again" plays the game just finished back on the table.
        next(b for b in over.buttons if b.label == "Watch again").click()
        replay = p.top
        assert replay.name == "table" and replay.config.title == "Replay"
        assert replay.match.seed == table.match.seed
        p.advance(2.0)
        assert replay.model.plays > 0


def test_every_hand_is_on_the_game_over_sheet():
    from swoop_desktop.ui.scenes.sheet import sheet_rows

    sheet = [[h, 2 * h, 0, 5] for h in range(1, 9)]
    went_out = [2] * 8
    rows = sheet_rows(sheet, went_out, room=5)
    assert len(rows) == 5 and rows[0][0] == "Hands 1–4"
    for p in range(4):  # the columns add up to the totals
        assert sum(r[1][p] for r in rows) == sum(h[p] for h in sheet)
    assert [r[0] for r in rows[1:]] == ["Hand 5", "Hand 6", "Hand 7", "Hand 8"]
    assert sheet_rows(sheet, went_out, room=10)[0][0] == "Hand 1"


def test_game_over_sheet_fits_800x600_with_full_names(tmp_path):
    from swoop_desktop.engine import Rules

    rules = Rules.from_preset("app", target=50)
    with Pilot(data_dir=tmp_path, seed=21, start="table", rules=rules) as p:
        p.resize((800, 600))  # a window manager may shrink the window below its minimum
        assert p.app.size == (800, 600)
        _play_to_the_end(p)
        p.step()
        over = p.top
        rect = over.panel_rect()
        assert p.app.screen.get_rect().contains(rect)
        assert all(rect.contains(b.rect) for b in over.buttons)
        from swoop_desktop.ui.controls import font

        for b in over.buttons:  # every button says its whole word ("Watch again")
            assert font(p.app.theme, b.size, True).size(b.label)[0] <= b.rect.w - 16, b.label


def test_score_sheet_headers_keep_full_names_in_a_narrow_window(tmp_path):
    from swoop_desktop.ui.scenes.scores import ScoresScene
    from swoop_desktop.ui.scenes.sheet import fit_label

    with Pilot(size=(800, 600), data_dir=tmp_path, seed=5, start="table") as p:
        theme = p.app.theme
        # The width a column gets at 800x600 on the "This game" tab.
        scene = ScoresScene(p.app)
        p.app.push(scene)
        p.step()
        for name in ("Lefty", "Topper", "Righty"):
            label, px = fit_label(theme, name, 14, 44)
            assert label == name and px >= 10
        label, _ = fit_label(theme, "A very long player name", 14, 44)
        assert label.endswith("…")


def test_every_pixel_between_hand_cards_selects_a_card(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        t = p.table
        hand = sorted(t.model.view.hands[0], key=lambda c: t.model.sprites[c].x)
        rects = [p.card_rect(c) for c in hand]
        y = rects[0].centery
        for a, b in zip(rects, rects[1:], strict=False):
            for x in range(a.right - 1, b.left + 1):
                assert t.input.card_at((x, y)) is not None, (x, a.right, b.left)


def test_reaching_for_a_card_during_an_ai_turn_says_whom_to_wait_for(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table", speed="normal", pace="fast") as p:
        assert p.wait_for_turn()
        t = p.table
        t.input.try_play([_legal_single(t)])
        assert p.until(lambda: t.model.anim.busy and t.state.to_move != 0, 10)
        mine = t.model.view.hands[0][0]
        pos = p.pos_of(mine)
        who = t.seat_name(t.state.to_move)
        p.mouse_down(pos)
        p.mouse_up(pos)
        assert t.model.toast is not None and t.model.toast[0] == f"Wait for {who}"


def test_title_tooltips_never_cover_another_button(tmp_path):
    from swoop_desktop.ui.controls import tooltip_rect

    for size in ((1280, 720), (960, 600)):
        with Pilot(size=size, data_dir=tmp_path, seed=5, start="title") as p:
            title = p.top
            assert title.name == "title"
            buttons = [b for b in title.buttons.values() if b.visible]
            screen = p.app.screen.get_rect()
            for b in buttons:
                if not b.tooltip:
                    continue
                others = [o.rect for o in buttons if o is not b]
                box = tooltip_rect(b.rect, (300, 60), others, screen)
                assert screen.contains(box)
                assert not box.colliderect(b.rect)
                assert not any(box.colliderect(o) for o in others), (b.label, box)


def test_holding_the_target_plus_runs_the_value_up(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="title") as p:
        scene = _open_settings(p)
        row = scene.rows["target"]
        scene.panel.scroll_to_widget(row)
        p.step()
        start = row.value
        plus = row.button_rects()[1].center
        p.mouse_down(plus)
        p.advance(3.0)
        p.mouse_up(plus)
        assert row.value >= start + 2000  # 300 to 5000 needs no 94 clicks
        assert p.app.settings.rules.target == row.value
        # A plain click is still one step.
        before = row.value
        minus = row.button_rects()[0].center
        p.click(minus)
        assert row.value == before - row.step


def test_chain_words_before_the_first_flip():
    from swoop_desktop.engine import Flip
    from swoop_desktop.ui.table.draw.questions import flipped_last

    def after(last):
        return SimpleNamespace(match=SimpleNamespace(actions=[[last]]))

    # A chain begun by playing a face-up card has had no flip yet: "flip another" is wrong.
    assert not flipped_last(after(Play((5,), (1,))))
    assert flipped_last(after(Flip(1)))


def test_the_header_says_when_the_rules_are_changed(tmp_path):
    from swoop_desktop.engine import Rules
    from swoop_desktop.ui.table.draw import rules_words

    assert rules_words(Rules.from_preset("app")) == "app rules"
    assert rules_words(Rules.from_preset("app", target=100)) == "app rules, changed"
    with Pilot(
        data_dir=tmp_path, seed=5, start="table", rules=Rules.from_preset("classic", target=100)
    ) as p:
        assert "classic rules, changed" in rules_words(p.table.match.rules)


def test_statistics_use_the_width_with_labelled_rows_and_a_chart(tmp_path):
    from swoop_desktop.progress import load_history, record_finished_game
    from swoop_desktop.ui.scenes.scores import ScoresScene
    from swoop_desktop.ui.scenes.sheet import past_game_line, your_totals
    from tests.storage.helpers import finished_match

    with Pilot(data_dir=tmp_path, seed=5, start="title") as p:
        names = [{"name": n} for n in ("You", "Lefty", "Topper", "Righty")]
        for seed in (21, 22, 23):
            record_finished_game(p.app.dirs, finished_match(seed), names)
        records = load_history(p.app.dirs)[0]
        line = past_game_line(records[0], ["You", "Lefty", "Topper", "Righty"])
        for name, total in zip(
            ("You", "Lefty", "Topper", "Righty"), records[0].totals, strict=True
        ):
            assert f"{name} {total}" in line
        assert your_totals(records) == [(r.totals[0], r.result()) for r in records]
        scene = ScoresScene(p.app, tab="stats")
        p.app.push(scene)
        p.step(2)
        assert len(scene.totals_points) == 3
        # The chart sits in the right half of the window.
        assert min(x for x, _ in scene.totals_points) > p.app.size[0] // 3


def test_the_hover_outline_leaves_when_the_pointer_leaves_the_window(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        t = p.table
        card = t.state.hand_ids(0)[0]
        p.move(p.pos_of(card))
        assert t.model.hover == card
        p.post(pygame.WINDOWLEAVE)
        p.step()
        assert t.model.hover is None


def test_seat_news_in_a_few_words():
    from swoop_desktop.engine import RANK_OF
    from swoop_desktop.engine.events import Flipped, PickedUp, Played, Swooped
    from swoop_desktop.ui.table.view import seat_news

    eight = 7 * 4
    assert RANK_OF[eight] == 8
    flip = [
        Flipped(1, 2, eight),
        PickedUp(1, (1, 2, 3, 4)),
        Played(1, (eight,), ("down2",), 8, new_pile=True),
    ]
    assert seat_news(flip) == "flipped an 8 · picked up 4 · new pile"
    swoop = [Played(2, (1,), ("hand",), 10), Swooped(2, "swoop_card", (1,))]
    assert seat_news(swoop) == "played a 10 · Swoop!"


def test_stepping_the_ais_with_space_never_runs_into_your_move(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table", speed="normal", pace="click") as p:
        assert p.wait_for_turn()
        t = p.table
        t.input.try_play([_legal_single(t)])
        p.until(lambda: not t.model.anim.busy, 5)  # your play is in the log once it has landed
        mine_before = sum(1 for line in t.model.log if line.startswith("You "))
        assert mine_before == 1
        for _ in range(40):  # far more presses than the opponents have plays
            p.press(pygame.K_SPACE)
            p.advance(0.3)
            if p.top is not t:
                break
        p.until(lambda: not t.model.anim.busy, 5)
        # Your only play is the one you made; the table waits for you.
        assert sum(1 for line in t.model.log if line.startswith("You ")) == mine_before
        if p.top is t and not t.state.is_over:
            assert t.state.to_move == 0


def test_look_settings_reach_the_table_when_they_change_not_a_frame_later(tmp_path):
    # The table is told by the App (settings_changed), not by looking every frame; the
    # demo, which writes no settings, is told too.
    for demo in (False, True):
        with Pilot(data_dir=tmp_path / str(demo), seed=5, start="table", demo=demo) as p:
            p.step(3)
            t = p.table
            small = t.model.lay.hand_card
            p.app.update_settings(four_colour=True, large_cards=True, reduced_motion=True)
            assert t.art.four_colour and t.model.anim.reduced
            assert t.model.lay.hand_card[1] > small[1]


def test_a_long_turn_keeps_every_swoop_in_its_marker(tmp_path):
    from swoop_desktop.engine.events import Played, Swooped

    # Lefty's turn: a 4 that Swoops, four queens that Swoop, then a 5.
    four, queens, five = (3 * 4,), tuple(range(11 * 4, 12 * 4)), (4 * 4,)
    assert RANK_OF[four[0]] == 4 and RANK_OF[five[0]] == 5
    turn = [
        [Played(1, four, ("hand",), 4), Swooped(1, "four", four)],
        [Played(1, queens, ("hand",), 12), Swooped(1, "four", queens)],
        [Played(1, five, ("hand",), 5)],
    ]
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        t = p.table
        presenter, model = t.presenter, t.model
        said = []
        for events in turn:
            words = presenter._marker_words(1, events, "", False)
            presenter.marked = 1
            model.news[1] = (words, model.clock)
            said.append(words)
        assert said[1] == "played a 4 · Swoop! Then played four queens · Swoop!"
        assert said[2] == "Swoop! ×2 Then played a 5"
        # The marker is drawn whole beside Lefty's plate, inside the window.
        p.step()
        rect = next(r for s, r, _lines, _ink in t.drawing.seating.news_marks() if s == 1)
        assert pygame.Rect(0, 0, *p.app.screen.get_size()).contains(rect)
    # A chain after a Swoop keeps its flip; a turn with no Swoop keeps its last two plays.
    from swoop_desktop.ui.table.presenter import fold_turn

    assert fold_turn(["played a 4 · Swoop!", "flipped a 3", "added two 3s"]) == (
        "Swoop! Then flipped a 3, then added two 3s"
    )
    assert fold_turn(["played a 4", "flipped a 3", "added two 3s"]) == (
        "flipped a 3, then added two 3s"
    )


def test_tips_and_hints_never_cover_your_marker(tmp_path):
    with Pilot(data_dir=tmp_path, size=(1920, 1080), seed=5, start="table") as p:
        assert p.wait_for_turn()
        t = p.table
        words = "played a 4 · Swoop! Then played four queens · Swoop! Then played a 5"
        t.model.news[0] = (words, t.model.clock)
        marker = next(r for s, r, lines, _ink in t.drawing.seating.news_marks() if s == 0)
        assert marker.h > 2 * t.drawing.pen.text("X", 16, (0, 0, 0), True).get_height()
        for tip in (
            "Drag cards onto the pile, or click them and press Enter. H for a hint.",
            "Hint: play your lowest card; keep the 10 for a Swoop later",
        ):
            t.model.notify(tip, (255, 255, 255), 5)
            p.step()
            back, _img = t.drawing.toast_place(tip, (255, 255, 255))
            assert not back.colliderect(marker), (back, marker)
            assert back.top >= 0


def test_pile_caption_and_status_change_when_the_cards_land(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table", speed="normal") as p:
        assert p.wait_for_turn()
        t = p.table
        p.step()
        caption = t.drawing.pile_label()
        assert t.drawing.hud.status().startswith("Your turn")
        t.input.try_play([_legal_single(t)])
        p.step()
        assert t.model.anim.busy
        assert t.drawing.pile_label() == caption  # the card is still on its way
        assert not t.drawing.hud.status().startswith("Your turn")
        p.until(lambda: not t.model.anim.busy, 10)
        p.step()
        assert t.drawing.pile_label() != caption
