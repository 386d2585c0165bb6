"""Cards, ranks and the notation ``A 2 3 4 5 6 7 8 9 T J Q K X`` (R1, R2).

Ranks are small ints: A=1, 2..9, T=10, J=11, Q=12, K=13 and the joker X=14.
With ``tens_are_swoop_cards`` the 10 is a Swoop card and has no place in the
order; otherwise the int order above is exactly the rank order (T between 9
and J). Jokers are always Swoop cards.

Every deck holds 54 cards: 13 ranks in 4 suits, then 2 jokers. A card's id is
``deck * 54 + index``, so rank and suit follow from the id alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from .errors import PositionError, short

CARDS_PER_DECK = 54
ACE, TEN, JACK, QUEEN, KING, JOKER = 1, 10, 11, 12, 13, 14
RANKS = tuple(range(1, 15))
NON_JOKER_RANKS = tuple(range(1, 14))

RANK_SYMBOLS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "X"}
RANK_SYMBOLS.update({r: str(r) for r in range(2, 10)})
SYMBOL_RANKS = {s: r for r, s in RANK_SYMBOLS.items()}
SYMBOL_RANKS["10"] = TEN  # accepted on input, never printed

RANK_NAMES = {
    1: ("ace", "aces"),
    10: ("10", "10s"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("Joker", "Jokers"),  # a name, written with a capital as the rules write it
}
RANK_NAMES.update({r: (str(r), f"{r}s") for r in range(2, 10)})


class Suit(IntEnum):
    """Suits are drawn for looks only; they never matter to the rules (R2)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    BLACK_JOKER = 4
    RED_JOKER = 5


def card_rank(card_id: int) -> int:
    index = card_id % CARDS_PER_DECK
    return JOKER if index >= 52 else index // 4 + 1


def card_suit(card_id: int) -> Suit:
    index = card_id % CARDS_PER_DECK
    if index >= 52:
        return Suit(4 + index - 52)
    return Suit(index % 4)


# Lookup tables for the fast paths (ids up to 8 decks).
RANK_OF: tuple[int, ...] = tuple(card_rank(i) for i in range(8 * CARDS_PER_DECK))


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: a stable id (what the UI tracks a sprite by), rank and suit."""

    id: int

    @property
    def rank(self) -> int:
        return card_rank(self.id)

    @property
    def suit(self) -> Suit:
        return card_suit(self.id)

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self.rank]

    def __repr__(self) -> str:
        return f"Card({self.id}: {self.symbol}{'' if self.rank == JOKER else 'cdhs'[self.suit]})"


def deck_ids(decks: int) -> list[int]:
    return list(range(decks * CARDS_PER_DECK))


def copies_per_rank(rank: int, decks: int) -> int:
    return 2 * decks if rank == JOKER else 4 * decks


def ids_by_rank(decks: int) -> dict[int, list[int]]:
    """Every card id of each rank, in id order."""
    pools: dict[int, list[int]] = {r: [] for r in RANKS}
    for card_id in range(decks * CARDS_PER_DECK):
        pools[card_rank(card_id)].append(card_id)
    return pools


def rank_symbol(rank: int) -> str:
    return RANK_SYMBOLS[rank]


def parse_rank(token: str, key: str = "card") -> int:
    rank = SYMBOL_RANKS.get(token.strip().upper())
    if rank is None:
        raise PositionError(f"{key}: unknown card {short(token)} (use A 2 3 4 5 6 7 8 9 T J Q K X)")
    return rank


def parse_ranks(text: str, key: str) -> list[int]:
    """Parse a space-separated card list such as ``"9 8 8"``."""
    if not isinstance(text, str):
        raise PositionError(f'{key}: expected a string of cards like "9 8 8", got {short(text)}')
    return [parse_rank(tok, key) for tok in text.split()]


def format_ranks(ranks: Iterable[int]) -> str:
    return " ".join(RANK_SYMBOLS[r] for r in ranks)


def count_phrase(rank: int, count: int) -> str:
    """Plain words for a set: 'a 7', 'three 8s', 'two jacks', in English: the engine's own
    words (its command line, its errors). What the player reads of cards is said in the
    player's language by :mod:`swoop_desktop.card_words`."""
    singular, plural = RANK_NAMES[rank]
    if count == 1:
        article = "an" if singular in ("ace", "8") else "a"
        return f"{article} {singular}"
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
    return f"{words.get(count, str(count))} {plural}"
