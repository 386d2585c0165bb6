"""Text wrapping is linear in the length of the text, however long a word without spaces
(a 4,000-character reason or data-folder path used to take seconds to wrap, every frame)."""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.ui.controls.base import wrap_text


class CountingFont:
    """A font that counts the characters it is asked to measure."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font = font
        self.measured = 0

    def size(self, text: str) -> tuple[int, int]:
        self.measured += len(text)
        return self.font.size(text)

    def metrics(self, text: str):
        self.measured += len(text)
        return self.font.metrics(text)


@pytest.mark.parametrize("length", [4_000, 8_000])
def test_wrapping_an_unbroken_word_measures_each_character_a_few_times(length):
    pygame.font.init()
    font = CountingFont(pygame.font.Font(None, 24))
    word = "/data" + "x" * length
    lines = wrap_text(font, f"Your file at {word} is damaged.", 400)
    assert "".join(lines).replace(" ", "") == f"Yourfileat{word}isdamaged."
    assert all(font.font.size(line)[0] <= 400 for line in lines)
    assert font.measured <= 16 * (length + 40), font.measured  # old code: about length**2
    before = font.measured
    assert wrap_text(font, f"Your file at {word} is damaged.", 400) == lines  # cached
    assert font.measured == before


def test_ordinary_text_still_wraps_at_word_boundaries():
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    lines = wrap_text(font, "the quick brown fox jumps over the lazy dog\nand again", 120)
    assert all(font.size(line)[0] <= 120 for line in lines)
    assert " ".join(lines) == "the quick brown fox jumps over the lazy dog and again"
