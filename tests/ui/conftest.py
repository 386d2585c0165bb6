"""Screens are tested for what they show and how they answer, not for how well the AI
weighs a play: the review's verdicts, puzzles' answers and the daily deal's hard score at
the shipped work are tested in ``tests/ai`` and ``tests/referee``. Here a review weighs each
decision on 8 re-deals without growing (the shipped 48, up to 8 times more where it is
close), dealt from 8 candidate hands (the shipped 32), and the daily deal's hard opponent
plays on 4 worlds (48): the same code paths on less work, so the screens' tests stay quick. A test marked ``full_work`` keeps the shipped
work.
"""

from __future__ import annotations

from functools import partial

import pytest

from swoop_desktop.ai import review as review_search
from swoop_desktop.ai.features import weights_for
from swoop_desktop.ai.inference import PolicyInference
from swoop_desktop.referee.daily import hard_in_seat
from swoop_desktop.ui.scenes import daily as daily_screen
from swoop_desktop.ui.scenes import verdicts


@pytest.fixture(autouse=True)
def _light_thinking(request, monkeypatch):
    if request.node.get_closest_marker("full_work"):
        return
    monkeypatch.setattr(verdicts, "DEFAULT_WORLDS", 8)
    monkeypatch.setattr(review_search, "REVIEW_MORE", 1)
    monkeypatch.setattr(
        review_search, "new_inference", lambda: PolicyInference(weights_for(), particles=8)
    )
    monkeypatch.setattr(daily_screen, "hard_in_seat", partial(hard_in_seat, worlds=4))


@pytest.fixture
def catalogues(monkeypatch, compiled):
    """The catalogues compiled from their .po files into a scratch folder the game reads
    (skipped where neither GNU msgfmt nor Babel is installed); the system's language again
    after the test."""
    from swoop_desktop import i18n

    monkeypatch.setattr(i18n, "locale_dir", lambda: compiled)
    yield
    i18n.set_language(None)
