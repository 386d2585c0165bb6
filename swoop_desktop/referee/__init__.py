"""The referee: the code that holds the real deal and asks the AI only what a seat may know.

Bots and the review's search see an :class:`~swoop_desktop.engine.observation.Observation`
(and, for hindsight or an upper-bound benchmark, a play-out state handed to them); they
never hold a :class:`~swoop_desktop.engine.Match`. The referee does: it deals, keeps the
public record, builds each seat's observation and applies the answers.

- :mod:`.tournament`: bots against bots over whole games or single deals,
  ``python -m swoop_desktop.referee.tournament``.
- :mod:`.review`: a recorded game replayed to the decisions of one seat, which
  :mod:`swoop_desktop.ai.review` then weighs.

This package sits above ``ai`` and below ``ui`` (the Review screen replays records with it).
"""

from __future__ import annotations

from .review import decisions, review

__all__ = ["decisions", "review"]
