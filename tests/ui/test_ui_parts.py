"""The table's parts on their own: tweens on a virtual clock, card art, sounds, the log words."""

from __future__ import annotations

import pygame
import pytest
import pytweening

from swoop_desktop.engine import Rules, new_deal
from swoop_desktop.engine.events import Out, PickedUp, Played, Swooped
from swoop_desktop.ui.cards import CardArt, card_size
from swoop_desktop.ui.sound import EFFECTS, Sound, synthesize
from swoop_desktop.ui.table.show import Animator, CardSprite, Step, Tween
from swoop_desktop.ui.table.view import TableView, describe
from swoop_desktop.ui.theme import Theme
from tests.sizes import quick_and_full


def test_tween_is_exact_on_a_virtual_clock():
    s = CardSprite(1, x=0, y=0, w=10, h=14)
    tw = Tween(s, (100, 50, 20, 28), 1.0, ease=pytweening.linear)
    tw.update(0.5)
    assert (s.x, s.y, s.w) == (50, 25, 15)
    assert tw.update(0.5)
    assert (s.x, s.y, s.w, s.h) == (100, 50, 20, 28)


def test_animator_plays_steps_in_order_scales_by_speed_and_skips():
    order = []
    s = CardSprite(1)

    def step(name, dest):
        def begin():
            order.append(name)
            return [Tween(s, dest, 1.0)]

        return Step(begin)

    anim = Animator("slow")
    anim.add(step("a", (10, 0, 10, 14)))
    anim.add(step("b", (20, 0, 10, 14)))
    anim.update(1.0)  # slow: 1.6 s per step, so "a" is still running
    assert order == ["a"] and anim.busy
    anim.skip()
    assert order == ["a", "b"] and not anim.busy
    assert s.x == 20
    fast = Animator("instant")
    fast.add(step("c", (5, 5, 10, 14)))
    fast.update(0.0)
    assert not fast.busy and s.x == 5


def test_turn_over_shows_the_face_after_the_middle():
    s = CardSprite(3, face_up=False)
    tw = Tween(s, (0, 0, 10, 14), 1.0, turn_to=True)
    tw.update(0.4)
    assert not s.face_up
    tw.update(0.2)
    assert s.face_up
    tw.update(1.0)
    assert s.turn == 1.0


def test_card_faces_are_cached_per_size_and_swoop_cards_wear_the_accent():
    pygame.init()
    theme = Theme()
    art = CardArt(theme)
    small, big = card_size(60), card_size(150)
    assert art.face(0, small) is art.face(0, small)
    assert art.face(0, big).get_size() == big
    ten = 36  # ids 36-39 are the 10s of the first deck
    assert art.is_swoop(ten) and art.is_swoop(52) and not art.is_swoop(0)
    edge = art.face(ten, big).get_at((big[0] // 2, 2))[:3]
    assert sum(abs(a - b) for a, b in zip(edge, theme.accent, strict=True)) < 60
    plain = art.face(0, big).get_at((big[0] // 2, 2))[:3]
    assert sum(abs(a - b) for a, b in zip(plain, theme.accent, strict=True)) > 60
    art.set_swoop_tens(False)
    assert not art.is_swoop(ten)


def test_sounds_are_synthesized_and_in_range():
    sounds = synthesize()
    assert {"place", "swoop", "pickup", "flip"} <= set(sounds)
    for samples in sounds.values():
        assert samples and max(abs(v) for v in samples) <= 1.5


def test_a_second_window_has_its_sounds_at_once_without_making_them_again():
    first = Sound()
    if not first.available:
        pytest.skip("no mixer here")
    while not first.ready:
        first.warm(0.05)
    first.warm_at_rest(1.0)
    first.warm_at_rest(1.0)
    second = Sound()
    # No time at all to make an effect (a loaded machine's frame): what another window
    # made is taken at once all the same.
    second.warm(0.0)
    assert second.ready
    second.warm_at_rest(0.0)
    second.warm_at_rest(0.0)
    assert set(second.sounds) == set(first.sounds) == set(EFFECTS)
    assert second.sounds["place"].get_raw() == first.sounds["place"].get_raw()


def test_view_follows_events_to_the_engine_state():
    rules = Rules.from_preset("app")
    state, events = new_deal(rules, 4, seed=3)
    view = TableView()
    for ev in events:
        view.apply(ev)
    view.aside = list(state.set_aside)
    assert view.matches(state)
    for _ in range(60):
        if state.is_over:
            break
        for ev in state.apply(state.legal_actions()[0]):
            view.apply(ev)
        assert view.matches(state)


def test_log_lines_are_plain_words():
    played = Played(1, (1, 2, 3), ("hand",) * 3, 7)
    swoop = Swooped(1, "four", (1, 2, 3, 4))
    assert describe("Left", [played, swoop]) == "Left played three 7s — Swoop!"
    pick = PickedUp(2, tuple(range(14)))
    assert describe("Top", [pick]) == "Top picked up 14 cards"
    assert describe("You", [played, Out(0)]).endswith("You are out!")


@quick_and_full(300, 900, name="frames")
def test_card_art_stays_in_the_layout_sizes_however_long_the_game(tmp_path, frames):
    """Cards in flight are scaled from the layout's sizes: the art cache never grows.
    Five seconds of the demo, every frame drawn, fly about ten plays' cards (the cache
    is full of the four layout sizes after the first); fifteen seconds, over thirty."""
    from swoop_desktop.ui.app import App

    app = App(
        size=(1280, 720), data_dir=str(tmp_path), demo=True, seed=3, speed="fast", pace="instant"
    )
    try:
        for _ in range(frames):
            app.step(1 / 60)
        art = app.stack.find("table").art
        # The four layout sizes, and the hand-result panel's when a hand ends in time.
        assert len(art._faces) <= 54 * 5 and len(art._backs) <= 4
        assert len({(k[2], k[3]) for k in art._faces}) <= 5
    finally:
        app.shutdown()


def test_your_cards_and_mystery_cards_come_from_the_view_and_the_deal_without_an_app():
    from swoop_desktop.engine import RANK_OF, Match
    from swoop_desktop.ui.table.view import TableView, mystery_ids

    match = Match(seed=4)
    match.start_hand()
    state = match.state
    view = TableView.from_state(state)
    cards = view.seat_cards(0)
    hand = state.hand_ids(0)
    assert cards[: len(hand)] == sorted(hand, key=lambda c: (RANK_OF[c], c))
    ups = [c for c in state.up[0] if c is not None]
    assert cards[len(hand) :] == ups  # every mystery card is still covered
    assert mystery_ids(state, 0) == {c for c in state.down[0] if c is not None}
    assert mystery_ids(None, 0) == set()
    view.up[0] = [None] * len(view.up[0])  # the face-up cards played: the mystery cards show
    assert view.seat_cards(0)[len(hand) :] == [c for c in view.down[0] if c is not None]


def test_fonts_used_least_recently_are_let_go_and_made_again_when_asked():
    """The review draws text at many sizes; at rest the game keeps the fonts used most
    recently and lets the others go (each is a font of its own), and a font let go is
    simply made again."""
    from swoop_desktop.ui.theme import Theme

    theme = Theme()
    sizes = list(range(10, 40))
    for px in sizes:
        theme.font(px)
    recent = theme.font(12)  # used again: among the most recent
    theme.let_fonts_go(keep=4)
    assert len(theme._fonts) == 4
    assert theme.font(12) is recent
    again = theme.font(20)  # let go, made again, and it draws
    assert again.render("Swoop", True, (0, 0, 0)).get_width() > 0
