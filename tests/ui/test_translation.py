"""The screens speak the player's language: in the pseudo-language every word they draw is
stretched and accented (so a plain English word left on them is a message that never went
through gettext), and switching the language changes the next frame's words."""

from __future__ import annotations

import re

import pytest

from swoop_desktop import i18n
from swoop_desktop.ui.pilot import Pilot
from tests.ui.overlap import layout, mark_words

#: Words that are the same in every language: the game's and the players' names, card
#: ranks and suits, keys, and numbers.
KEPT = {
    "Swoop",
    "Lefty",
    "Topper",
    "Righty",
    "You",
    "Esc",
    "Enter",
    "Tab",
    "MIT",
}
ENGLISH_WORD = re.compile(r"\b[A-Za-z]{3,}\b")


@pytest.fixture
def pseudo():
    """The whole test in the pseudo-language; English again after it."""
    i18n.set_language(i18n.PSEUDO)
    yield
    i18n.set_language(i18n.SOURCE)


def english_left(words: list[tuple[str, object]]) -> list[str]:
    """The drawn lines that still hold a plain English word (a message never looked up)."""
    found = []
    for text, _rect in words:
        plain = [w for w in ENGLISH_WORD.findall(text) if w not in KEPT]
        if plain:
            found.append(text)
    return found


def drawn(pilot: Pilot) -> list[tuple[str, object]]:
    pilot.step(2)
    words, _buttons = layout(pilot)
    return words


def test_the_title_speaks_the_pseudo_language(pseudo, monkeypatch, tmp_path):
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        words = drawn(pilot)
        assert words, "the title drew no words"
        assert english_left(words) == []


def test_switching_the_language_changes_the_next_frames_words(monkeypatch, tmp_path):
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        before = {text for text, _rect in drawn(pilot)}
        assert "How to play" in before
        try:
            i18n.set_language(i18n.PSEUDO)
            after = {text for text, _rect in drawn(pilot)}
        finally:
            i18n.set_language(i18n.SOURCE)
        assert "How to play" not in after
        stretched = i18n.pseudo("How to play")[:12]  # a button may end it with "…"
        assert any(text.startswith(stretched) for text in after), after
        again = {text for text, _rect in drawn(pilot)}
        assert "How to play" in again


@pytest.mark.parametrize("screen", ["scores", "howto", "daily", "puzzles"])
def test_the_wrapped_screens_speak_the_pseudo_language(screen, pseudo, monkeypatch, tmp_path):
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        pilot.app.open(screen)
        words = drawn(pilot)
        assert words, f"{screen} drew no words"
        assert english_left(words) == []


def test_the_title_speaks_german_with_a_german_catalogue(catalogues, monkeypatch, tmp_path):
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path / "data", start="title") as pilot:
        try:
            assert i18n.set_language("de_DE.UTF-8") == "de"
            words = {text for text, _rect in drawn(pilot)}
        finally:
            i18n.set_language(i18n.SOURCE)
    assert {"Neues Spiel", "Spielen lernen", "Einstellungen", "Beenden"} <= words, words
    assert not {"New game", "Learn to play", "Settings", "Quit"} & words


def _play_a_card(pilot: Pilot) -> None:
    """Your turn: a legal card of yours dragged onto the pile."""
    from swoop_desktop.engine import Play

    st = pilot.table.state
    for c in st.hand_ids(0):
        action = pilot.table.input.action_for([c])
        if isinstance(action, Play) and action in st.legal_actions():
            pilot.drag(c, "pile")
            return


def _refused_card(pilot: Pilot) -> int | None:
    """A card of yours the rules refuse now (None when every one fits)."""
    st = pilot.table.state
    for c in st.hand_ids(0):
        action = pilot.table.input.action_for([c])
        if action is not None and action not in st.legal_actions():
            return c
    return None


def test_the_table_mid_hand_speaks_the_pseudo_language(pseudo, monkeypatch, tmp_path):
    """Status line, name plates, pile caption, header, buttons, seat news, the play log,
    a refusal (its rule number kept) and a hint: nothing of them left in plain English."""
    import pygame

    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path, seed=5, start="table") as pilot:
        model = pilot.table.model
        for _turn in range(3):
            assert pilot.wait_for_turn()
            _play_a_card(pilot)
            pilot.advance(1.0)
        assert pilot.wait_for_turn()
        refused = _refused_card(pilot)
        if refused is not None:
            pilot.drag(refused, "pile")
        said = {"refusal": model.toast[0] if refused is not None and model.toast else ""}
        pilot.press(pygame.K_h)
        assert pilot.until(lambda: pilot.table.input.hint_job is None, 60)
        said["hint"] = model.toast[0] if model.toast else ""
        words = drawn(pilot)
        buttons = [b.label for b in model.buttons] + [b.tooltip or "" for b in model.buttons]
        log = list(model.log)
    assert len(log) >= 4, log
    assert any(re.search(r" R\d+\)", line) for line in log) or refused is None, log  # the rule
    assert words, "the table drew no words"
    lines = [(text, None) for text in [*log, *buttons, *said.values()] if text]
    assert english_left(words) == [], english_left(words)
    assert english_left(lines) == [], english_left(lines)


def test_a_review_screen_speaks_the_pseudo_language(pseudo, monkeypatch, tmp_path):
    """The review's summary and a decision: the plays named, the reasons, the labels and
    the expected outcomes, worked out on the workers in the language of the game."""
    from swoop_desktop.ai import make_bot
    from swoop_desktop.engine import Match, Rules
    from swoop_desktop.ui.scenes.review import ReviewScene
    from tests.ai.helpers import play_hands

    mark_words(monkeypatch)
    bots = [make_bot("easy" if p == 0 else "normal", seed=p) for p in range(4)]
    match = play_hands(Match(Rules.from_preset("app"), 4, 21), bots)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        # Two re-deals a decision: the words, not how well they weigh.
        scene = ReviewScene(pilot.app, match.rules, 4, match.seed, match.actions, hand=0, worlds=2)
        pilot.app.push(scene)
        assert pilot.until(lambda: scene.ready, 120)
        pages = [drawn(pilot)]
        costly = [i for i, v in enumerate(scene.result.verdicts) if not v.good]
        for index in [0, *costly[:2]]:
            scene.go(index)
            pages.append(drawn(pilot))
        summary = scene.result.summary_lines()
        reasons = [v.reason for v in scene.result.verdicts]
    for words in pages:
        assert words, "the review drew no words"
        assert english_left(words) == [], english_left(words)
    told = [(text, None) for text in [*summary, *reasons]]
    assert english_left(told) == [], english_left(told)


@pytest.fixture
def german(catalogues):
    """The German catalogue compiled from its .po and in use; English again after it."""
    assert i18n.set_language("de") == "de"
    yield
    i18n.set_language(i18n.SOURCE)


def test_a_play_and_a_review_reason_read_in_german(german):
    """A play the review names, and the reason a Swoop with a 10 was better than picking
    up the pile, are whole German sentences (no English part left in them)."""
    import json

    from swoop_desktop.ai import observe
    from swoop_desktop.ai.review import Option
    from swoop_desktop.ai.review_words.plays import describe, doing
    from swoop_desktop.ai.review_words.reasons import reason
    from swoop_desktop.engine import Play
    from tests.ai.helpers import player, position

    state = position(
        players=[
            player("T 3 K"),
            player("A A 2 2 3 9 9", up=["A", None, None, None], down=["9", "9", "J", "8"]),
            player("A 2 2 A 3 8 8", up=[None, "2", None, None], down=["Q", "Q", "J", "8"]),
            player("2 A A 2 3 7 7", up=[None, None, "A", None], down=["K", "9", "J", "8"]),
        ],
        pile="9 9 4",
        scores=[40, 60, 80, 100],
    )
    obs = observe(state, 0)
    ten, king = Play((10,), ()), Play((13,), ())
    assert describe(obs, ten) == "eine 10 gespielt"
    assert doing(obs, king) == "einen König zu spielen"

    def option(action: Play, **figures: float) -> Option:
        base = dict(points=20.0, margin=0.0, win=0.3, pickup=0.0)
        base.update(figures)
        return Option(
            json.dumps(action.to_json()),
            describe(obs, action),
            doing=doing(obs, action),
            **base,  # type: ignore[arg-type]
        )

    best = option(ten, pickup=0.0, pickups=0.0)
    mine = option(king, pickup=1.0, pickups=1.0)
    said = reason(obs, state.legal_actions(), king, mine, best, "mistake", 8.0)
    assert said.startswith("Eine 10 zu spielen wäre besser gewesen: dein Zug hat den Stapel"), said
    assert "swoopt sofort" in said and said.endswith("Es hat etwa 8 Punkte gekostet."), said
    assert "Nach deinem Zug hast du den Stapel in fast jeder Simulation aufgenommen" in said
    english = {"played", "playing", "better", "picked", "pile", "swoops", "cost", "points"}
    assert not english & set(ENGLISH_WORD.findall(said)), said


def test_the_table_names_your_seat_and_the_default_opponents_in_the_players_language(
    german, tmp_path
):
    """The table showed the stored English "You" on your name plate and in its lines in
    every language; the default names are now shown in the player's language while the
    files keep them as they were."""
    with Pilot(data_dir=tmp_path, seed=3, start="table") as p:
        p.step(5)
        table = p.app.table
        drawn: list[str] = []
        real = table.drawing.pen.text
        table.drawing.pen.text = lambda text, *a, **k: drawn.append(text) or real(text, *a, **k)
        p.step()
        shown = i18n.pgettext("seat name", "You")
        assert shown != "You"
        assert shown in drawn and "You" not in drawn
        assert table.seat_name(0) == shown
        assert table.model.seats[0].name == "You"  # kept as stored


def test_the_titles_table_suggestion_names_the_levels_in_the_players_language(pseudo, tmp_path):
    """The Play at your level tooltip said "Lefty keen, Topper keen, Righty keen" in
    English whatever the language."""
    with Pilot(data_dir=tmp_path, start="title") as p:
        p.step(3)
        words = p.top.suggestion_words()
        assert not {"keen", "normal", "steady", "casual", "easy"} & set(words.split()), words


def test_the_review_commands_seconds_take_the_languages_decimal_mark(german):
    from swoop_desktop.ai.review import Review
    from swoop_desktop.review import _report

    head = _report(Review([]), "x", None, 3.25).splitlines()[0]
    assert "3,2 s" in head and "3.2" not in head, head


def test_a_puzzles_plays_are_commands_in_the_players_language(tmp_path, catalogues):
    """The plays a puzzle offers are buttons in the player's language ("Spiel ein Ass",
    never "Ein Ass gespielt" nor an English verb put before German words), and the play
    the player made is named in German even when the review was read in English."""
    import pygame

    from swoop_desktop.ui.scenes.puzzles import PuzzleScene
    from tests.referee.test_puzzles import WORLDS, reviewed

    reviewed(tmp_path)  # reviewed in English: "you played a king"
    assert i18n.set_language("de") == "de"
    try:
        with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
            scene = PuzzleScene(pilot.app, worlds=WORLDS)
            pilot.app.push(scene)
            assert pilot.until(lambda: bool(scene.choice_btns), 60), "the puzzle offers plays"
            labels = [b.label for b in scene.choice_btns]
            intro = scene.words
            pilot.press(pygame.K_1)
            assert pilot.until(lambda: scene.answer is not None, 60)
    finally:
        i18n.set_language(i18n.SOURCE)
    assert labels[0] == "1. Spiel ein Ass" and labels[-1] == "5. Spiel einen König", labels
    assert not [label for label in labels if "gespielt" in label or "Play" in label]
    assert "Du hast einen König gespielt" in intro and "played" not in intro, intro
