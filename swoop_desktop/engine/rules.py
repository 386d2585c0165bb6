"""Rule options and the three presets of docs/rules.md, as one frozen, validated object."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .cards import CARDS_PER_DECK
from .errors import RulesError, short

MIN_PLAYERS, MAX_PLAYERS = 3, 8
MIN_TARGET, MAX_TARGET = 50, 5000
SLOTS = 4  # face-down/face-up stacks per player (R4)
UNLIMITED = 1 << 30  # a set's size with max_four off


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of docs/rules.md. Build one with :meth:`Rules.from_preset`."""

    preset: str = "app"
    decks: str | int = "auto"
    tens_are_swoop_cards: bool = True
    hand_size: int = 11
    table_cards: bool = True
    first_player: str = "left_of_dealer"
    pickup: str = "new_pile"
    match_after_pickup: bool = True
    max_four: bool = True
    mystery_chain: bool = False
    scoring: str = "standard"
    target: int = 300

    # -- construction -------------------------------------------------------
    @classmethod
    def from_preset(cls, preset: str = "app", **overrides: Any) -> Rules:
        if type(preset) is not str or preset not in PRESETS:
            raise RulesError(
                f"preset: unknown rule set {short(preset)} (choose one of {', '.join(PRESETS)})"
            )
        rules = PRESETS[preset]
        if overrides:
            known = {f.name for f in fields(cls)} - {"preset"}
            for key in overrides:
                if key not in known:
                    raise RulesError(
                        f"{key if len(str(key)) <= 40 else short(key)}: unknown rule option (known: {', '.join(sorted(known))})"
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
        def check(ok: bool, message: str) -> None:
            if not ok:
                raise RulesError(message)

        check(
            self.decks == "auto" or (type(self.decks) is int and 2 <= self.decks <= 4),
            f'decks: must be "auto" or 2-4, got {short(self.decks)}',
        )
        for name in (
            "tens_are_swoop_cards",
            "table_cards",
            "match_after_pickup",
            "max_four",
            "mystery_chain",
        ):
            value = getattr(self, name)
            check(type(value) is bool, f"{name}: must be true or false, got {value!r}")
        check(
            type(self.hand_size) is int and self.hand_size in (11, 12),
            f"hand_size: must be 11 or 12, got {short(self.hand_size)}",
        )
        check(
            self.first_player in ("left_of_dealer", "high_card"),
            f'first_player: must be "left_of_dealer" or "high_card", got {short(self.first_player)}',
        )
        check(
            self.pickup in ("new_pile", "take_all"),
            f'pickup: must be "new_pile" or "take_all", got {short(self.pickup)}',
        )
        check(
            self.scoring in ("standard", "simple"),
            f'scoring: must be "standard" or "simple", got {short(self.scoring)}',
        )
        check(
            type(self.target) is int and MIN_TARGET <= self.target <= MAX_TARGET,
            f"target: must be a whole number from {MIN_TARGET} to {MAX_TARGET}, got {short(self.target)}",
        )

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
    def cards_per_player(self) -> int:
        return self.hand_size + (2 * SLOTS if self.table_cards else 0)

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

    def card_points(self, rank: int) -> int:
        """R15 scoring tables."""
        if self.is_swoop_rank(rank):
            return 50 if self.scoring == "standard" else 20
        if self.scoring == "simple":
            return 10 if rank >= 10 else 5
        return 10 if rank >= 10 else rank


PRESETS: dict[str, Rules] = {
    "app": Rules(preset="app"),
    "classic": Rules(preset="classic", match_after_pickup=False, target=500),
    "traditional": Rules(
        preset="traditional",
        decks=3,
        pickup="take_all",
        match_after_pickup=False,
        mystery_chain=True,
        first_player="high_card",
        target=500,
    ),
}

OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.name != "preset")

#: Values each option may take, for tests that walk every option (``target`` and the
#: deck count stand for their ranges by their ends). A new option is added here too:
#: a test fails while an option is missing, so no walk over the options can skip it.
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "decks": ("auto", 2, 3, 4),
    "tens_are_swoop_cards": (True, False),
    "hand_size": (11, 12),
    "table_cards": (True, False),
    "first_player": ("left_of_dealer", "high_card"),
    "pickup": ("new_pile", "take_all"),
    "match_after_pickup": (True, False),
    "max_four": (True, False),
    "mystery_chain": (False, True),
    "scoring": ("standard", "simple"),
    "target": (MIN_TARGET, 300, MAX_TARGET),
}
