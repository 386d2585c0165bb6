"""What the table asks you on your turn: the question on your name plate and the one
the status line words at length (a follow-up's rank, a chain's next flip)."""

from __future__ import annotations

from swoop_desktop.engine import Flip
from swoop_desktop.i18n import _

from ..model import TableModel
from ..view import plural


def asked_phase(model: TableModel) -> str:
    """The phase the picture may ask about: the cards' phase while the engine agrees.
    When a play has moved the game on (a chained flip that picks up) and its cards are
    still flying, no follow-up or chain question is asked of it."""
    st, view = model.state, model.view
    if st is None:
        return "play"
    if st.to_move == view.to_move and st.phase_name == view.phase:
        return view.phase
    return "play"


def flipped_last(model: TableModel) -> bool:
    """Was the play that led here a flip (a chain under way), not a face-up card?"""
    done = model.match.actions[-1] if model.match.actions else []
    return bool(done) and isinstance(done[-1], Flip)


def phase_words(model: TableModel) -> str:
    """The question at the name plate of the seat to play, on its turn."""
    st = model.state
    if st is None:
        return ""
    phase = asked_phase(model)
    if phase == "follow":
        # Translators: the question on your name plate after a play: add more of the rank?
        # {cards} is "7s" or "jacks" (a rank in the plural, as an object).
        return _("Add {cards}?").format(cards=plural(st.follow_rank))
    if phase == "chain":
        if flipped_last(model):
            # Translators: the question on your name plate: flip another mystery card?
            return _("Flip again?")
        # Translators: the question on your name plate before the first flip of a chain:
        # flip a mystery card?
        return _("Flip?")
    if model.you_play:
        # Translators: on your name plate when it is your turn to play (short).
        return _("Your turn")
    # Translators: on an opponent's name plate when it is their turn to play (short).
    return _("To play")
