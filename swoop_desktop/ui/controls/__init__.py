"""The controls every screen is made of: buttons, toggles, choices, steppers, sliders,
scroll areas, keyboard focus and tooltips, and the page and panel helpers.

Controls read input only from the event itself (``event.pos``, ``event.button``,
``event.key``): events posted by the pilot under the dummy video driver never
move ``pygame.mouse``. Each control has ``handle(event) -> bool`` (True when it
used the event) and ``draw(surface, theme)``; fonts and colours come from the
theme.

- :mod:`.base`: colour roles, fonts and text, input helpers, the ``Widget`` base;
- :mod:`.buttons`: ``Button``;
- :mod:`.rows`: a settings screen is a column of rows (``Toggle``, ``Choice``,
  ``Stepper``, ``Slider``), with ``Heading`` and ``Message``;
- :mod:`.scroll`: ``ScrollPanel`` (a column of controls), ``ScrollText``, ``ScrollList``,
  ``ScrollView`` (a window onto what a screen draws itself);
- :mod:`.focus`: ``FocusRing`` (Up/Down/Tab move, Enter/Space activate,
  Left/Right change, Esc goes back) and tooltips;
- :mod:`.page`: ``ui_scale``, ``draw_backdrop``, ``draw_page``, ``draw_panel``.
"""

from .base import (
    FIT_FLOOR,
    FIT_LAST_PX,
    FIT_MIN_PX,
    Colour,
    Widget,
    colour,
    draw_lines,
    draw_text,
    draw_wrapped,
    fit_label,
    fit_lines,
    font,
    render,
    set_hand_cursor,
    short_words,
    wrap_text,
)
from .buttons import Button, fitted_widths
from .focus import FocusRing, draw_tooltip, tooltip_rect
from .page import draw_backdrop, draw_page, draw_panel, ui_scale
from .rows import Choice, Heading, Message, Option, Row, Slider, Stepper, Toggle
from .scroll import Block, ScrollList, ScrollPanel, ScrollText, ScrollView

__all__ = [
    "Block",
    "Button",
    "Choice",
    "Colour",
    "FocusRing",
    "Heading",
    "Message",
    "Option",
    "Row",
    "ScrollList",
    "ScrollPanel",
    "ScrollText",
    "ScrollView",
    "Slider",
    "Stepper",
    "Toggle",
    "Widget",
    "colour",
    "draw_backdrop",
    "draw_page",
    "draw_panel",
    "draw_lines",
    "draw_text",
    "draw_wrapped",
    "FIT_FLOOR",
    "FIT_LAST_PX",
    "FIT_MIN_PX",
    "draw_tooltip",
    "fit_label",
    "fit_lines",
    "fitted_widths",
    "font",
    "render",
    "set_hand_cursor",
    "short_words",
    "tooltip_rect",
    "ui_scale",
    "wrap_text",
]
