"""Rule options and the three presets of docs/rules.md, as one frozen, validated object.

Each option is declared once, as a field of :class:`Rules` made by :func:`_option`: its
type, the values it may take, each preset's value, the rule of docs/rules.md it changes
and when it applies. Validation, ``from_json``, the presets, :data:`OPTION_VALUES` and the
settings rows' kinds (:data:`OPTION_SPECS`) are all read from those declarations, so a new
option is its declaration (plus its words in ``ui/rules_text.py`` and the engine's play if
it changes play) and nothing else.

The follow-ups of R12 are answered here too (:meth:`Rules.follow_up`, :meth:`Rules.room`),
so the AI and the table ask the engine instead of reading options themselves.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Literal

from .cards import CARDS_PER_DECK
from .errors import RulesError, short

MIN_PLAYERS, MAX_PLAYERS = 3, 8
MIN_TARGET, MAX_TARGET = 50, 5000
SLOTS = 4  # face-down/face-up stacks per player (R4)
UNLIMITED = 1 << 30  # a set's size with max_four off

#: The rule sets of docs/rules.md ("Rule sets"), in the order the settings show them.
PRESET_NAMES: tuple[str, ...] = ("app", "classic", "traditional")

#: How the settings page shows an option: an on/off switch, one of a few values, a number.
OptionKind = Literal["toggle", "choice", "number"]


def _always(_rules: Any) -> bool:
    return True


@dataclass(frozen=True)
class OptionSpec:
    """One rule option, declared once (see :func:`_option`).

    ``values``: every value a toggle or a choice may take; for a number, the values a
    walk over the options tries (its ends and the app's value), the number itself may be
    any whole number from ``minimum`` to ``maximum``. ``presets``: each preset's value.
    ``rule``: the rule of docs/rules.md it changes. ``applies``: False where the other
    options make it have no effect (the settings grey it out).
    """

    name: str
    kind: OptionKind
    values: tuple[Any, ...]
    presets: Mapping[str, Any]
    rule: str
    applies: Callable[[Any], bool] = _always
    minimum: int = 0
    maximum: int = 0
    step: int = 1

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is one this option may take (``True`` is not ``1``)."""
        if self.kind == "number":
            return type(value) is int and self.minimum <= value <= self.maximum
        return any(type(value) is type(v) and value == v for v in self.values)

    def refusal(self, value: Any) -> str:
        """The one message for a value this option may not take."""
        if self.kind == "toggle":
            wanted = "true or false"
        elif self.kind == "number":
            wanted = f"a whole number from {self.minimum} to {self.maximum}"
        else:
            shown = [f'"{v}"' if isinstance(v, str) else str(v) for v in self.values]
            wanted = ", ".join(shown[:-1]) + " or " + shown[-1]
        return f"{self.name}: must be {wanted}, got {short(value)}"


def _option(
    kind: OptionKind,
    *,
    app: Any,
    classic: Any,
    traditional: Any,
    rule: str,
    values: tuple[Any, ...] = (),
    applies: Callable[[Any], bool] = _always,
    minimum: int = 0,
    maximum: int = 0,
    step: int = 1,
) -> Any:
    """A :class:`Rules` field that is a rule option: the app preset's value is its default,
    and the rest of its declaration rides along in the field's metadata."""
    if kind == "toggle":
        values = values or (app, not app)
    spec = OptionSpec(
        name="",  # filled in from the field's name
        kind=kind,
        values=values,
        presets=MappingProxyType({"app": app, "classic": classic, "traditional": traditional}),
        rule=rule,
        applies=applies,
        minimum=minimum,
        maximum=maximum,
        step=step,
    )
    return field(default=app, metadata={"option": spec})


class FollowUp(enum.Enum):
    """What the engine offers after a play that neither swooped nor ended the hand (R12)."""

    NONE = "none"  #: the turn passes (or, after a Swoop, the player plays again)
    ADD = "add"  #: more cards of the rank just played may be added, or Done
    CHAIN = "chain"  #: another uncovered mystery card may be flipped onto the pile, or Done
    UNKNOWN = "unknown"  #: ADD or CHAIN/NONE, by whether the flip was part of a chain


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of docs/rules.md. Build one with :meth:`Rules.from_preset`."""

    preset: str = "app"
    decks: str | int = _option(
        "choice", app="auto", classic="auto", traditional=3, rule="R1", values=("auto", 2, 3, 4)
    )
    tens_are_swoop_cards: bool = _option(
        "toggle", app=True, classic=True, traditional=True, rule="R2"
    )
    hand_size: int = _option(
        "choice", app=11, classic=11, traditional=11, rule="R4", values=(11, 12)
    )
    table_cards: bool = _option("toggle", app=True, classic=True, traditional=True, rule="R4")
    first_player: str = _option(
        "choice",
        app="left_of_dealer",
        classic="left_of_dealer",
        traditional="high_card",
        rule="R5",
        values=("left_of_dealer", "high_card"),
    )
    pickup: str = _option(
        "choice",
        app="new_pile",
        classic="new_pile",
        traditional="take_all",
        rule="R8",
        values=("new_pile", "take_all"),
    )
    match_after_pickup: bool = _option(
        "toggle",
        app=True,
        classic=False,
        traditional=False,
        rule="R8",
        applies=lambda r: r.pickup == "new_pile",
    )
    max_four: bool = _option("toggle", app=True, classic=True, traditional=True, rule="R9")
    mystery_chain: bool = _option(
        "toggle",
        app=False,
        classic=False,
        traditional=True,
        rule="R13",
        applies=lambda r: r.table_cards,
    )
    scoring: str = _option(
        "choice",
        app="standard",
        classic="standard",
        traditional="standard",
        rule="R15",
        values=("standard", "simple"),
    )
    target: int = _option(
        "number",
        app=300,
        classic=500,
        traditional=500,
        rule="R16",
        values=(MIN_TARGET, 300, MAX_TARGET),
        minimum=MIN_TARGET,
        maximum=MAX_TARGET,
        step=50,
    )

    # -- construction -------------------------------------------------------
    @classmethod
    def from_preset(cls, preset: str = "app", **overrides: Any) -> Rules:
        if type(preset) is not str or preset not in PRESETS:
            raise RulesError(
                f"preset: unknown rule set {short(preset)} (choose one of {', '.join(PRESETS)})"
            )
        rules = PRESETS[preset]
        if overrides:
            for key in overrides:
                if key not in OPTION_SPECS:
                    raise RulesError(
                        f"{key if len(str(key)) <= 40 else short(key)}: unknown rule option "
                        f"(known: {', '.join(sorted(OPTION_SPECS))})"
                    )
            rules = replace(rules, **overrides)
        rules.validate()
        return rules

    @classmethod
    def from_json(cls, data: Any) -> Rules:
        """``{"preset": "classic", "max_four": false}``; omitted options come from the preset."""
        if data is None:
            return cls.from_preset("app")
        if isinstance(data, str):
            return cls.from_preset(data)
        if not isinstance(data, dict):
            raise RulesError(
                f'rules: expected an object like {{"preset": "app"}}, got {short(data)}'
            )
        data = dict(data)
        preset = data.pop("preset", "app")
        return cls.from_preset(preset, **data)

    def to_json(self) -> dict[str, Any]:
        """The preset name plus only the options that differ from it."""
        base = asdict(PRESETS[self.preset])
        out: dict[str, Any] = {"preset": self.preset}
        for key, value in asdict(self).items():
            if key != "preset" and base[key] != value:
                out[key] = value
        return out

    def with_options(self, **overrides: Any) -> Rules:
        """These rules with some options changed (validated)."""
        options = {k: v for k, v in asdict(self).items() if k != "preset"}
        options.update(overrides)
        return Rules.from_preset(self.preset, **options)

    # -- validation ---------------------------------------------------------
    def validate(self) -> None:
        """Refuse a value an option may not take, naming the option (from its declaration)."""
        if self.preset not in PRESET_NAMES:
            raise RulesError(
                f"preset: unknown rule set {short(self.preset)} "
                f"(choose one of {', '.join(PRESET_NAMES)})"
            )
        for spec in OPTION_SPECS.values():
            value = getattr(self, spec.name)
            if not spec.allows(value):
                raise RulesError(spec.refusal(value))

    def validate_players(self, players: int) -> None:
        """Check a table size against these rules (R1, R3, R4)."""
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(f"players: must be {MIN_PLAYERS}-{MAX_PLAYERS}, got {short(players)}")
        decks = self.deck_count(players)
        need = players * self.cards_per_player
        have = decks * CARDS_PER_DECK
        if need > have:
            raise RulesError(
                f"decks: {players} players x {self.cards_per_player} cards = {need} cards, "
                f"but {decks} decks hold only {have}"
            )

    # -- derived facts ------------------------------------------------------
    def deck_count(self, players: int) -> int:
        if self.decks != "auto":
            return int(self.decks)
        return 2 if players <= 4 else 3 if players <= 6 else 4

    @property
    def table_slots(self) -> int:
        """R4: how many face-down mystery cards (each with a face-up card on it) every
        player gets on the table (none without ``table_cards``)."""
        return SLOTS if self.table_cards else 0

    @property
    def cards_per_player(self) -> int:
        return self.hand_size + 2 * self.table_slots

    @property
    def high_card_leads(self) -> bool:
        """R5: the first player of a hand is found by a draw from the set-aside cards
        (``high_card``), rather than being the player left of the dealer."""
        return self.first_player == "high_card"

    def is_swoop_rank(self, rank: int) -> bool:
        return rank == 14 or (rank == 10 and self.tens_are_swoop_cards)

    def room(self, rank: int, top: int, run: int) -> int:
        """How many cards of ``rank`` one play (or follow-up) may put on a pile showing
        ``run`` cards of rank ``top`` (``top`` 0: an empty pile).

        The one place the AI and the engine learn how big a set may be: a Swoop card
        goes alone (R10); with ``max_four`` a set is 1-4 cards (R6) and an equal set
        only fills the top's run up to four (R9), otherwise any number goes.
        """
        if self.is_swoop_rank(rank):
            return 1
        if not self.max_four:
            return UNLIMITED
        return 4 - run if rank == top else 4

    def applies(self, name: str) -> bool:
        """False when these rules make option ``name`` have no effect (its declaration's
        ``applies``): a switch the settings show greyed out."""
        return bool(OPTION_SPECS[name].applies(self))

    @property
    def pickup_starts_new_pile(self) -> bool:
        """R8: a set higher than the top takes the pile and starts a new one with the
        set (``new_pile``), rather than going into the hand with the pile (``take_all``)."""
        return self.pickup == "new_pile"

    def follow_up(
        self,
        *,
        flipped: bool,
        new_pile: bool = False,
        into_hand: bool = False,
        from_face_up: bool = False,
        after_pickup: bool = False,
        in_chain: bool | None = False,
    ) -> FollowUp:
        """What the engine offers after a play that neither swooped nor ended the hand
        (R8, R11, R12, R13): the one place the AI and the table learn it.

        ``flipped``: the play flipped a mystery card; ``new_pile``: it took the pile and
        started a new one (R8 ``new_pile``); ``into_hand``: it went into the hand with the
        pile (R8 ``take_all``); ``from_face_up``: the set held a face-up card;
        ``after_pickup``: it was added after this turn's pick-up; ``in_chain``: the flip
        was one of a chain of mystery cards (None: not known, as from the public history).
        ``ADD`` is offered only to a player who still holds a card of that rank (R12), and
        ``CHAIN`` only while one of their mystery cards is uncovered.
        """
        if into_hand:
            return FollowUp.NONE
        if new_pile:
            return FollowUp.ADD if self.match_after_pickup else FollowUp.NONE
        if flipped:
            if in_chain is None:
                return FollowUp.UNKNOWN if self.mystery_chain else FollowUp.ADD
            return FollowUp.CHAIN if in_chain else FollowUp.ADD
        chain = self.mystery_chain and from_face_up and not after_pickup
        return FollowUp.CHAIN if chain else FollowUp.NONE

    def card_points(self, rank: int) -> int:
        """R15 scoring tables."""
        if self.is_swoop_rank(rank):
            return 50 if self.scoring == "standard" else 20
        if self.scoring == "simple":
            return 10 if rank >= 10 else 5
        return 10 if rank >= 10 else rank


#: Each option's declaration, by name, in the order of :class:`Rules`' fields.
OPTION_SPECS: Mapping[str, OptionSpec] = MappingProxyType(
    {
        f.name: replace(f.metadata["option"], name=f.name)
        for f in fields(Rules)
        if "option" in f.metadata
    }
)

OPTION_NAMES: tuple[str, ...] = tuple(OPTION_SPECS)

PRESETS: dict[str, Rules] = {
    preset: Rules(
        preset=preset, **{name: spec.presets[preset] for name, spec in OPTION_SPECS.items()}
    )
    for preset in PRESET_NAMES
}
for _preset in PRESETS.values():
    _preset.validate()  # a preset value its option does not allow fails at import

#: Values each option may take, for tests that walk every option (``target`` stands for
#: its range by its ends and the app's value), read from the declarations.
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    name: spec.values for name, spec in OPTION_SPECS.items()
}
