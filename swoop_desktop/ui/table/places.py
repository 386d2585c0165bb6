"""Where every card belongs now, and the tweens that take the cards there.

Functions of the :class:`~.model.TableModel` (its view, sprites and layout),
used by the presenter (after every event), by input (a selection's lift, a
card snapping back) and by the scene (a resize). Computing the places also
notes which cards lie wholly hidden under others (``model.buried``), so the
drawing skips them.
"""

from __future__ import annotations

from typing import Any

import pytweening

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import RANK_OF

from . import layout as L
from .model import TableModel
from .show import CardSprite, Tween

PILE_FAN = 5  # top pile cards spread out

Place = tuple[float, float, int, int, bool, int]  # x, y, w, h, face up, z


def sprite(model: TableModel, card: int) -> CardSprite:
    """The card's sprite (made on first use)."""
    found = model.sprites.get(card)
    if found is None:
        found = CardSprite(card)
        model.sprites[card] = found
    return found


def targets(model: TableModel) -> dict[int, Place]:
    """Where every card should be now: id -> (x, y, w, h, face up, z)."""
    lay, view = model.lay, model.view
    out: dict[int, Place] = {}
    lift = lay.px(22)
    selected = model.selected
    for p in range(view.n):
        hand = view.hands[p]
        if p == HUMAN_SEAT:
            hand = sorted(hand, key=lambda c: (RANK_OF[c], c))
            pos = L.hand_positions(lay, len(hand))
            w, h = lay.hand_card
            for i, c in enumerate(hand):  # seat 0's hand is shown, whoever plays it
                y = pos[i][1] - (lift if c in selected else 0)
                out[c] = (pos[i][0], y, w, h, True, 600 + i)
        else:
            pos = L.seat_fan_positions(lay, p, len(hand))
            w, h = lay.small_card
            for i, c in enumerate(hand):
                out[c] = (pos[i][0], pos[i][1], w, h, False, 300 + i)  # seats never overlap
        size = L.seat_card_size(lay, p, "table")
        for slot in range(4):
            d = view.down[p][slot]
            if d is not None:
                x, y = L.slot_position(lay, p, slot, down=True)
                out[d] = (x, y, size[0], size[1], d in view.revealed, 100 + p * 4 + slot)
            u = view.up[p][slot]
            if u is not None:
                x, y = L.slot_position(lay, p, slot)
                raised = lift // 2 if (p == HUMAN_SEAT and u in selected) else 0
                out[u] = (x, y - raised, size[0], size[1], True, 140 + p * 4 + slot)
    pw, ph = lay.pile_card
    fanned = min(PILE_FAN, len(view.pile))
    pos = L.pile_positions(lay, len(view.pile), fanned)
    # Cards wholly hidden under others at rest are not drawn (deep piles and stacks).
    buried: set[int] = set(view.pile[: max(0, len(view.pile) - fanned - 6)])
    for i, c in enumerate(view.pile):
        out[c] = (pos[i][0], pos[i][1], pw, ph, True, 200 + i)
    sw, sh = lay.small_card
    for stack, centre, z0 in (
        (view.swept, lay.swept_centre, 20),
        (view.aside, lay.aside_centre, 10),
    ):
        places = L.stack_positions(centre, len(stack), lay.u)
        for i, (c, spot) in enumerate(zip(stack, places, strict=True)):
            out[c] = (spot[0], spot[1], sw, sh, False, z0 + i)
        buried.update(stack[L.STACK_STEPS : len(stack) - 1])
    model.buried = buried
    return out


def relayout(
    model: TableModel,
    duration: float,
    special: dict[int, dict[str, Any]] | None = None,
    raise_ids: list[int] | None = None,
) -> list[Tween]:
    """Tweens taking every card that is out of place to where it belongs now."""
    special = special or {}
    tweens: list[Tween] = []
    for c, (x, y, w, h, up, z) in targets(model).items():
        s = sprite(model, c)
        s.z = z
        opts = special.get(c)
        if (
            opts is None
            and abs(s.x - x) < 0.5
            and abs(s.y - y) < 0.5
            and s.w == w
            and s.face_up == up
        ):
            continue
        opts = opts or {}
        tweens.append(
            Tween(
                s,
                (x, y, w, h),
                opts.get("duration", duration),
                delay=opts.get("delay", 0.0),
                ease=opts.get("ease", pytweening.easeInOutCubic),
                lift=opts.get("lift", 0.0),
                turn_to=up if up != s.face_up else None,
            )
        )
    if raise_ids:
        for c in raise_ids:
            if c in model.sprites:
                model.sprites[c].z = 1000 + model.sprites[c].z
    return tweens


def settle(model: TableModel) -> None:
    """Put every card where it belongs at once."""
    for c, (x, y, w, h, up, z) in targets(model).items():
        s = sprite(model, c)
        s.place(x, y, w, h)
        s.face_up, s.z, s.turn, s.moving = up, z, 1.0, False


def restack(model: TableModel) -> None:
    """Tween the player's own cards (a selection's lift) without touching the queue."""
    places = targets(model)
    dragged = model.drag.ids if model.drag else ()
    for c in model.view.seat_cards(HUMAN_SEAT):
        if c not in places or c in dragged:
            continue
        x, y, w, h, _up, _z = places[c]
        s = sprite(model, c)
        if abs(s.x - x) > 0.5 or abs(s.y - y) > 0.5:
            model.anim.tween(
                Tween(s, (x, y, w, h), 0.12, ease=pytweening.easeOutQuad, on_top=False)
            )


def snap_back(model: TableModel, ids: list[int]) -> None:
    """Cards let go of off the pile fly back to their places."""
    places = targets(model)
    for c in ids:
        if c in places:
            x, y, w, h, _up, z = places[c]
            s = model.sprites[c]
            s.z = z
            model.anim.tween(Tween(s, (x, y, w, h), 0.3, ease=pytweening.easeOutBack))
