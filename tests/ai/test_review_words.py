"""The review's words a strong player can trust: the mechanism of each play (a 10 or a
Joker swoops at once and delays nothing), a why for every costly decision, one scale of
labels, a puzzle's answer that names its play once, and the hard opponent's play beside
the review's best with the reason they differ."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from swoop_desktop.ai import observe
from swoop_desktop.ai.hint import chance_words
from swoop_desktop.ai.review import Decision, Option, Verdict, assess
from swoop_desktop.ai.review_words.answers import right_answer, solution
from swoop_desktop.ai.review_words.beside import Beside
from swoop_desktop.ai.review_words.labels import label_for, verdict_label
from swoop_desktop.ai.review_words.mechanisms import delayed, delays_avoided
from swoop_desktop.ai.review_words.plays import describe
from swoop_desktop.ai.review_words.reasons import reason, why_better
from swoop_desktop.ai.review_words.summary import summary_lines
from swoop_desktop.engine import Play

from .helpers import played_position, player, position

# You hold a 10, a 3 and a king; the pile is a 4 and two 9s (the 3 goes on it, the king
# picks it up, the 10 swoops it at once).
TEN_TO_PLAY = dict(
    players=[
        player("T 3 K"),
        player("A A 2 2 3 9 9", up=["A", None, None, None], down=["9", "9", "J", "8"]),
        player("A 2 2 A 3 8 8", up=[None, "2", None, None], down=["Q", "Q", "J", "8"]),
        player("2 A A 2 3 7 7", up=[None, None, "A", None], down=["K", "9", "J", "8"]),
    ],
    pile="9 9 4",
    scores=[40, 60, 80, 100],
)
OUTCOME_ONLY = ("after your play", "after it ", "it leads to", "you ended", "in the play-outs")


def _option(action, words, **figures) -> Option:
    base = dict(points=20.0, margin=0.0, win=0.3, pickup=0.0)
    base.update(figures)
    return Option(json.dumps(action.to_json()), words, **base)


def _obs():
    return observe(position(**TEN_TO_PLAY), 0)


def test_a_swoop_with_a_ten_never_delays_a_pickup():
    obs = _obs()
    ten = _option(Play((10,), ()), "played a 10", pickup=0.0, pickups=0.8)
    king = _option(Play((13,), ()), "played a king", pickup=1.0, pickups=1.0)
    assert delayed(ten, [king], cheaper=True, obs=obs) is None
    assert delays_avoided(king, [ten], obs) is None
    three = _option(Play((3,), ()), "played a 3", pickup=0.0, pickups=0.8)
    assert delayed(three, [king], cheaper=True, obs=obs) is not None  # a 3 only puts it off
    legal = position(**TEN_TO_PLAY).legal_actions()
    words = reason(obs, legal, Play((10,), ()), ten, ten, "good", 0.0, others=[king, three])
    assert "delay" not in words, words


def test_the_review_of_a_swoop_with_a_ten_says_it_swoops_and_delays_nothing():
    state = position(**TEN_TO_PLAY)
    verdict = assess(
        Decision(0, 0, observe(state, 0), tuple(state.legal_actions()), Play((10,), ()), None, 1),
        worlds=12,
    )
    assert "delay" not in verdict.reason, verdict.reason


def test_a_better_ten_names_its_swoop_at_once():
    obs = _obs()
    three = _option(Play((3,), ()), "played a 3", points=30.0, margin=10.0)
    ten = _option(Play((10,), ()), "played a 10", points=10.0, margin=-5.0)
    legal = position(**TEN_TO_PLAY).legal_actions()
    words = reason(obs, legal, Play((3,), ()), three, ten, "mistake", 15.0)
    assert words.startswith(
        "Playing a 10 was better: your 10 swoops at once: it clears the pile of 3 "
        "cards (22 points) and you play again."
    ), words


def _why_of(words: str) -> str:
    head, _, rest = words.partition(" was better: ")
    assert rest, words
    return rest.split(". ")[0]


def test_every_mistake_says_why_in_a_sentence_not_only_the_play_outs_figures():
    """Over real positions, every pair of plays labelled a mistake gets a why that names
    a mechanism, never only what happened next in the play-outs."""
    seen = 0
    for seed in range(8):
        state, history = played_position("app", seed, plays=6 + 3 * seed)
        obs = observe(state, state.to_move, history)
        legal = state.legal_actions()
        for chosen in legal[:4]:
            for best in legal[:4]:
                if best == chosen:
                    continue
                mine = _option(chosen, describe(obs, chosen), points=30.0, margin=8.0, pickups=0.9)
                better = _option(best, describe(obs, best), points=10.0, margin=-4.0, pickups=0.1)
                why = why_better(obs, legal, chosen, mine, best, better)
                assert why and not why.lower().startswith(OUTCOME_ONLY), why
                words = reason(obs, legal, chosen, mine, better, "mistake", 12.0)
                assert not _why_of(words).lower().startswith(OUTCOME_ONLY), words
                assert words.endswith("It cost about 12 points."), words
                seen += 1
    assert seen >= 20


def test_one_cost_as_shown_gets_one_label_everywhere():
    for tenth in range(0, 300):
        cost = tenth / 10
        assert label_for(cost) == label_for(round(cost)), cost
        assert verdict_label(cost, cost, cost) == label_for(round(cost))
    verdicts = [
        SimpleNamespace(
            hand_no=0,
            number=n,
            chosen="played a 9",
            best="played a 6",
            cost=c,
            label=verdict_label(c, c, c),
            reason="",
            low=c,
            high=c,
            good=verdict_label(c, c, c) == "good",
        )
        for n, c in enumerate((7.6, 8.0, 8.4, 2.6, 3.0, 3.4, 19.6, 20.4), 1)
    ]
    labels: dict[str, set[str]] = {}
    for line in summary_lines(verdicts)[1:]:
        figure, _, label = line.rpartition(" (")[2].rstrip(").").partition(", ")
        labels.setdefault(figure, set()).add(label)
    assert labels["about 8 points"] == {"mistake"}
    assert labels["about 3 points"] == {"inaccuracy"}
    assert labels["about 20 points"] == {"blunder"}


def test_a_puzzles_answer_names_its_play_once():
    v = Verdict(
        0,
        3,
        1,
        "played a 3",
        "played a 10",
        15.0,
        "mistake",
        "Playing a 10 was better: your 10 swoops at once. It cost about 15 points.",
        (),
        8,
        low=9.0,
        high=21.0,
    )
    for words in (solution(v), right_answer("played a 10", v, None, is_best=True)):
        assert words.lower().count("playing a 10") == 1, words
        assert "your 10 swoops at once" in words


def test_the_hard_opponents_play_and_the_reviews_best_agree_or_say_why_not():
    obs = _obs()
    d = SimpleNamespace(number=1, step=0, obs=obs, chosen=Play((3,), ()))
    ten, king = Play((10,), ()), Play((13,), ())
    options = (
        _option(ten, "played a 10", margin=-5.0),
        _option(king, "played a king", margin=-3.0),
        _option(Play((3,), ()), "played a 3", margin=2.0),
    )

    def verdict(best, cost, low, high):
        return Verdict(
            0,
            0,
            1,
            "played a 3",
            best,
            cost,
            verdict_label(cost, low, high),
            "",
            options,
            96,
            low=low,
            high=high,
        )

    agree = Beside([d], [ten], parted=0, work=48)
    assert agree.against(0, verdict("played a 10", 7.0, 4.0, 10.0)) == (
        "The review agrees with the hard opponent: playing a 10 was its best play."
    )
    close = Beside([d], [king], parted=0, work=48)
    words = close.against(0, verdict("played a 10", 7.0, 4.0, 10.0))
    assert words.startswith(
        "The review named playing a 10 as best, about 2 points better than "
        "playing a king in its play-outs."
    ), words
    assert "48 play-outs a decision" in words and "96 play-outs from your seat" in words
    assert "luck of the play-outs" in words
    same = Beside([d], [Play((3,), ())], parted=None, work=48)
    sure = same.against(0, verdict("played a 10", 9.0, 6.0, 12.0))
    assert "about 9 points (somewhere between 6 and 12 points)" in sure, sure
    assert "not luck" in sure


def test_a_joker_is_written_with_a_capital():
    state = position(players=[player("X 3"), player("4 5"), player("6 7"), player("8 9")], pile="9")
    assert describe(observe(state, 0), Play((14,), ())) == "played a Joker"


@pytest.mark.parametrize(
    ("share", "words"), [(0.0, "almost never"), (0.3, "about 3 in 10"), (1.0, "nearly always")]
)
def test_a_mystery_cards_odds_are_said_in_words_never_10_in_10(share, words):
    assert chance_words(share) == words
