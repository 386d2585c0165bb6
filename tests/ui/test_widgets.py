"""The shared widgets, driven by real pygame events (positions from the event, never the mouse)."""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.ui import controls as W
from swoop_desktop.ui.theme import Theme


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface((960, 600))


@pytest.fixture(scope="module")
def theme():
    return Theme()


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos, buttons=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def wheel(y):
    return pygame.event.Event(
        pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)
    )


def click(widget_or_handler, pos):
    handle = getattr(widget_or_handler, "handle", widget_or_handler)
    a = handle(down(pos))
    b = handle(up(pos))
    return a and b


def test_button_click_runs_action_only_when_released_inside():
    hits = []
    b = W.Button((10, 10, 100, 40), "Go", lambda: hits.append(1))
    assert click(b, (50, 30))
    assert hits == [1]
    b.handle(down((50, 30)))
    assert b.pressed
    b.handle(up((300, 300)))  # dragged off before release: no click
    assert hits == [1] and not b.pressed
    assert not b.handle(down((300, 300)))  # outside: not taken
    assert not b.handle(down((50, 30), button=3))  # right button ignored


def test_button_disabled_and_shortcut_key():
    hits = []
    b = W.Button((10, 10, 100, 40), "Quit", lambda: hits.append("q"), key=pygame.K_q, enabled=False)
    click(b, (50, 30))
    b.handle(key(pygame.K_q))
    assert hits == []
    b.enabled = True
    assert b.handle(key(pygame.K_q))
    assert hits == ["q"]
    assert not b.handle(key(pygame.K_w))


def test_button_hover_follows_motion_events(surface, theme):
    b = W.Button((10, 10, 100, 40), "Go", None, tooltip="Start")
    b.handle(move((20, 20)))
    assert b.hovered
    b.update(1.0)
    b.draw(surface, theme)
    W.draw_tooltip(surface, theme, [b])
    b.handle(move((500, 500)))
    assert not b.hovered


def test_toggle_flips_on_click_and_keys():
    seen = []
    t = W.Toggle((0, 0, 600, 60), "Max four", True, seen.append, help="No more than four.")
    click(t, (580, 30))
    assert t.value is False and seen == [False]
    t.activate()
    assert t.value is True
    assert t.adjust(-1) and t.value is False
    assert not t.adjust(-1)  # already off
    assert seen == [False, True, False]


def test_choice_segment_click_and_cycle(surface, theme):
    seen = []
    c = W.Choice(
        (0, 0, 800, 60),
        "Rule set",
        [("app", "App"), ("classic", "Classic"), ("traditional", "Traditional")],
        "app",
        seen.append,
    )
    c.draw(surface, theme)
    seg = c.segment_rects()[2]
    click(c, seg.center)
    assert c.value == "traditional" and seen == ["traditional"]
    c.adjust(+1)
    assert c.value == "app"  # wraps
    c.adjust(-1)
    assert c.value == "traditional"
    c.set_value("classic")
    assert c.value == "classic" and seen[-1] == "traditional"  # set_value does not notify


def test_choice_cycler_arrows_when_options_do_not_fit(surface, theme):
    c = W.Choice((0, 0, 500, 60), "Pace", [(i, f"A rather long option {i}") for i in range(4)], 1)
    c.draw(surface, theme)
    left, right = c.arrow_rects()
    click(c, right.center)
    assert c.value == 2
    click(c, left.center)
    click(c, left.center)
    assert c.value == 0


def test_choice_keeps_int_and_string_values_apart():
    c = W.Choice((0, 0, 500, 60), "Decks", [("auto", "Auto"), (2, "2"), (3, "3")], 3)
    assert c.value == 3
    c.set_value("auto")
    assert c.value == "auto"


def test_stepper_steps_and_clamps():
    seen = []
    s = W.Stepper((0, 0, 700, 60), "Target", 300, seen.append, minimum=50, maximum=5000, step=50)
    minus, plus = s.button_rects()
    click(s, plus.center)
    assert s.value == 350
    click(s, minus.center)
    click(s, minus.center)
    assert s.value == 250
    s.set(60)
    s.adjust(-1)
    assert s.value == 50
    assert not s.adjust(-1)
    s.set(5000)
    assert not s.adjust(+1)
    assert seen == [350, 300, 250, 60, 50, 5000]


def test_slider_drag_and_keys():
    seen = []
    s = W.Slider((0, 0, 800, 60), "Volume", 0.5, seen.append)
    track = s.track_rect()
    s.handle(down((track.x, track.centery)))
    assert s.value == 0.0 and s.dragging
    s.handle(move((track.right, track.centery), buttons=(1, 0, 0)))
    assert s.value == 1.0
    s.handle(up((track.x + track.width // 2, track.centery)))
    assert not s.dragging and abs(s.value - 0.5) < 0.02
    s.adjust(+1)
    assert abs(s.value - 0.6) < 1e-6


def test_focus_ring_moves_skips_disabled_and_activates():
    hits = []
    a = W.Button((0, 0, 10, 10), "A", lambda: hits.append("a"))
    b = W.Button((0, 20, 10, 10), "B", lambda: hits.append("b"), enabled=False)
    c = W.Toggle((0, 40, 400, 50), "C", False)
    back = []
    ring = W.FocusRing([a, b, c], on_back=lambda: back.append(True))
    assert ring.focused is None
    ring.handle(key(pygame.K_DOWN))
    assert ring.focused is a and a.focused
    ring.handle(key(pygame.K_TAB))
    assert ring.focused is c and not a.focused  # B is disabled
    ring.handle(key(pygame.K_RETURN))
    assert c.value is True
    ring.handle(key(pygame.K_LEFT))
    assert c.value is False
    ring.handle(key(pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert ring.focused is a
    ring.handle(key(pygame.K_UP))
    assert ring.focused is c  # wraps
    ring.handle(key(pygame.K_DOWN))
    ring.handle(key(pygame.K_SPACE))
    assert hits == ["a"]
    ring.handle(key(pygame.K_ESCAPE))
    assert back == [True]


def test_scroll_panel_scrolls_and_hides_clicks_outside(surface, theme):
    flips = []
    rows = [
        W.Toggle(
            (0, 0, 0, 0),
            f"Option {i}",
            False,
            lambda v, i=i: flips.append(i),
            help="An explanation of this option.",
        )
        for i in range(20)
    ]
    panel = W.ScrollPanel((100, 100, 600, 300), rows)
    panel.layout(theme)
    assert panel.scroll.content_height > 300
    last = rows[-1]
    assert not panel.is_visible(last)
    # A click where the last row would be (below the panel) does nothing.
    panel.handle(down((last.rect.centerx, min(last.rect.centery, 590))))
    panel.handle(up((last.rect.centerx, min(last.rect.centery, 590))))
    assert flips == []
    panel.handle(move((300, 200)))
    panel.handle(wheel(-50))
    assert panel.offset == panel.scroll.max_offset(300)
    assert panel.is_visible(last)
    assert click(panel.handle, last.rect.center)
    assert flips == [19]
    panel.draw(surface, theme)
    ring = W.FocusRing(rows, panel=panel)
    ring.focus(rows[0])
    assert panel.offset == 0 and panel.is_visible(rows[0])


def test_scroll_text_wheel_and_keys(surface, theme):
    st = W.ScrollText((0, 0, 300, 120), [("h", "Title")] + [("p", "word " * 40)] * 5)
    st.draw(surface, theme)
    assert st.scroll.content_height > 120
    st.handle(wheel(-2))
    assert st.scroll.offset > 0
    st.focused = True
    st.handle(key(pygame.K_END))
    assert st.scroll.offset == st.scroll.max_offset(st.view_height)
    st.handle(key(pygame.K_HOME))
    assert st.scroll.offset == 0
    assert "Title" in st.text


def test_scroll_list_sticks_to_newest_unless_scrolled_back(surface, theme):
    log = W.ScrollList((0, 0, 300, 100), [f"line {i}" for i in range(30)])
    log.draw(surface, theme)
    bottom = log.scroll.max_offset(log.view_height)
    assert bottom > 0 and log.scroll.offset == bottom
    log.append("newest")
    log.draw(surface, theme)
    assert log.scroll.offset == log.scroll.max_offset(log.view_height) > bottom
    log.handle(wheel(3))
    kept = log.scroll.offset
    log.append("another")
    log.draw(surface, theme)
    assert log.scroll.offset == kept
    assert log.items[-1] == "another"


def test_wrap_text_fits_width(theme):
    f = theme.font(16)
    lines = W.wrap_text(f, "the quick brown fox jumps over the lazy dog " * 4, 150)
    assert len(lines) > 3
    assert all(f.size(line)[0] <= 150 for line in lines)
