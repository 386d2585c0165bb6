"""The position notation of docs/rules.md, both ways: ``parse_position`` and ``format_position``.

A position may list only part of the cards; every card it does not list is
set aside. Hands print sorted by rank; ``format(parse(x))`` is stable, and
``parse(format(p)) == p`` for every state.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import (
    RANK_OF,
    RANK_SYMBOLS,
    copies_per_rank,
    format_ranks,
    ids_by_rank,
    parse_rank,
    parse_ranks,
)
from .errors import PositionError, RulesError, short
from .playout import CHAIN, FOLLOW, OVER, PLAY
from .rules import SLOTS, Rules
from .state import GameState

TOP_KEYS = {
    "rules",
    "players",
    "pile",
    "to_move",
    "phase",
    "swept",
    "set_aside",
    "dealer",
    "scores",
    "seed",
}
PLAYER_KEYS = {"hand", "up", "down"}


def format_position(state: GameState) -> dict[str, Any]:
    """The JSON value of a state (always with ``swept`` and ``set_aside``)."""
    players = []
    for p in range(state.n):
        hand = state.hand_ids(p)
        players.append(
            {
                "hand": format_ranks(RANK_OF[c] for c in hand),
                "up": [None if c is None else RANK_SYMBOLS[RANK_OF[c]] for c in state.up[p]],
                "down": [None if c is None else RANK_SYMBOLS[RANK_OF[c]] for c in state.down[p]],
            }
        )
    if state.phase == FOLLOW:
        phase: Any = {"follow": RANK_SYMBOLS[state.follow_rank]}
        if state.rules.mystery_chain and state.picked_up:
            phase["picked_up"] = True
    else:
        phase = {PLAY: "play", CHAIN: "chain", OVER: "over"}[state.phase]
    out: dict[str, Any] = {
        "rules": state.rules.to_json(),
        "players": players,
        "pile": format_ranks(RANK_OF[c] for c in state.pile),
        "to_move": state.to_move,
        "phase": phase,
        "swept": format_ranks(RANK_OF[c] for c in state.swept),
        "set_aside": format_ranks(RANK_OF[c] for c in state.set_aside),
    }
    if state.dealer is not None:
        out["dealer"] = state.dealer
    if state.scores is not None:
        out["scores"] = list(state.scores)
    if state.seed is not None:
        out["seed"] = state.seed
    return out


def position_text(state: GameState) -> str:
    return json.dumps(format_position(state))


def _int(value: Any, key: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise PositionError(f"{key}: must be a whole number {low}-{high}, got {short(value)}")
    return value


def parse_position(data: Any) -> GameState:
    """Build a state from a position (a dict, or its JSON text)."""
    data = _position_object(data)
    try:
        rules = Rules.from_json(data.get("rules"))
    except RulesError as exc:
        text = str(exc)
        raise PositionError(text if text.startswith("rules") else f"rules.{text}") from None
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        raise PositionError("players: expected a list of players")
    n = len(raw_players)
    try:
        state = GameState(rules, n)
    except RulesError as exc:
        raise PositionError(str(exc)) from None
    cards = _Cards(state.decks)
    for p, raw in enumerate(raw_players):
        _place_player(state, cards, p, raw)
    _place_pile(state, cards, data)
    _read_table(state, data)
    _read_phase(state, data.get("phase", "play"))
    return state


def _position_object(data: Any) -> dict[str, Any]:
    """The position as an object (read from its JSON text), with no unknown key."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise PositionError(
                f"position: not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
            ) from None
    if not isinstance(data, dict):
        raise PositionError(f"position: expected a JSON object, got {type(data).__name__}")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise PositionError(f"{sorted(unknown)[0]}: unknown key in a position")
    return data


class _Cards:
    """The card ids of the decks, handed out rank by rank as the position names them."""

    def __init__(self, decks: int) -> None:
        self.decks = decks
        self.pools = ids_by_rank(decks)
        self.used = {r: 0 for r in self.pools}

    def take(self, rank: int, key: str) -> int:
        pool = self.pools[rank]
        if self.used[rank] >= len(pool):
            raise PositionError(
                f"{key}: more {RANK_SYMBOLS[rank]} cards than {self.decks} decks hold "
                f"({copies_per_rank(rank, self.decks)})"
            )
        card = pool[self.used[rank]]
        self.used[rank] += 1
        return card

    def left(self) -> list[int]:
        """The cards no place of the position named, rank by rank."""
        return [c for r in sorted(self.pools) for c in self.pools[r][self.used[r] :]]


def _place_player(state: GameState, cards: _Cards, p: int, raw: Any) -> None:
    """Seat ``p``'s hand, face-up and face-down cards."""
    key = f"players[{p}]"
    if not isinstance(raw, dict):
        raise PositionError(f"{key}: expected an object with hand, up and down")
    bad = set(raw) - PLAYER_KEYS
    if bad:
        raise PositionError(f"{key}.{sorted(bad)[0]}: unknown key")
    hand = [cards.take(r, f"{key}.hand") for r in parse_ranks(raw.get("hand", ""), f"{key}.hand")]
    state._to_hand(p, hand)
    for zone in ("up", "down"):
        slots = raw.get(zone, [None] * SLOTS)
        zkey = f"{key}.{zone}"
        if not isinstance(slots, list) or len(slots) != SLOTS:
            raise PositionError(f"{zkey}: expected a list of {SLOTS} cards or nulls")
        row = getattr(state, zone)[p]
        for s, token in enumerate(slots):
            if token is None:
                continue
            if not isinstance(token, str):
                raise PositionError(f'{zkey}[{s}]: expected a card like "7" or null')
            if not state.rules.table_cards:
                raise PositionError(f"{zkey}: table_cards is off, so no table cards (R4)")
            row[s] = cards.take(parse_rank(token, f"{zkey}[{s}]"), f"{zkey}[{s}]")
    for s in range(SLOTS):
        if state.up[p][s] is not None and state.down[p][s] is None:
            raise PositionError(
                f"{key}.down[{s}]: a face-up card always lies on a face-down card (R4)"
            )


def _place_pile(state: GameState, cards: _Cards, data: dict[str, Any]) -> None:
    """The pile (its top and run), the swept cards and those set aside, which take every
    card no place named."""
    pile_ranks = parse_ranks(data.get("pile", ""), "pile")
    _check_pile(state.rules, pile_ranks)
    state.pile = [cards.take(r, "pile") for r in pile_ranks]
    if pile_ranks:
        state.top = pile_ranks[-1]
        run = 0
        for r in reversed(pile_ranks):
            if r != state.top:
                break
            run += 1
        state.run = run
    state.swept = [cards.take(r, "swept") for r in parse_ranks(data.get("swept", ""), "swept")]
    state.set_aside = [
        cards.take(r, "set_aside") for r in parse_ranks(data.get("set_aside", ""), "set_aside")
    ]
    state.set_aside.extend(cards.left())


def _read_table(state: GameState, data: dict[str, Any]) -> None:
    """Who is to move, the dealer, the scores before this hand and the seed."""
    n, rules = state.n, state.rules
    state.to_move = _int(data.get("to_move", 0), "to_move", 0, n - 1)
    if "dealer" in data:
        state.dealer = _int(data["dealer"], "dealer", 0, n - 1)
    if "scores" in data:
        scores = data["scores"]
        if (
            not isinstance(scores, list)
            or len(scores) != n
            or not all(type(x) is int and x >= 0 for x in scores)
        ):
            raise PositionError(f"scores: expected {n} whole numbers >= 0, got {short(scores)}")
        reached = [p for p in range(n) if scores[p] >= rules.target]
        if reached:
            raise PositionError(
                f"scores: players[{reached[0]}] already has {scores[reached[0]]}, past the "
                f"target of {rules.target}, so the game was over before this hand (R16)"
            )
        state.scores = list(scores)
    if "seed" in data:
        seed = data["seed"]
        if type(seed) is not int:
            raise PositionError(f"seed: expected a whole number, got {short(seed)}")
        state.seed = seed


def _check_pile(rules: Rules, ranks: list[int]) -> None:
    run = 0
    for i, r in enumerate(ranks):
        if rules.is_swoop_rank(r):
            raise PositionError(
                f"pile: a Swoop card ({RANK_SYMBOLS[r]}) never stays on the pile (R10)"
            )
        if i and r > ranks[i - 1]:
            raise PositionError(
                f"pile: {RANK_SYMBOLS[r]} lies on a lower {RANK_SYMBOLS[ranks[i - 1]]}; "
                "the pile only goes down, bottom to top (R7)"
            )
        run = run + 1 if i and r == ranks[i - 1] else 1
        if run >= 4:
            raise PositionError(f"pile: four {RANK_SYMBOLS[r]}s in a row would have swooped (R9)")


def _read_phase(state: GameState, phase: Any) -> None:
    n = state.n
    empty = [p for p in range(n) if state.cards_left(p) == 0]
    if isinstance(phase, dict):
        bad = set(phase) - {"follow", "picked_up"}
        if bad or "follow" not in phase:
            raise PositionError(f'phase: expected {{"follow": "7"}}, got {short(phase)}')
        rank = (
            parse_rank(phase["follow"], "phase.follow")
            if isinstance(phase["follow"], str)
            else None
        )
        if rank is None or state.rules.is_swoop_rank(rank):
            raise PositionError(
                f"phase.follow: a follow-up needs an ordinary rank, got {short(phase['follow'])}"
            )
        if not state.pile or state.top != rank:
            raise PositionError(
                f"phase: a follow-up of {RANK_SYMBOLS[rank]}s needs a {RANK_SYMBOLS[rank]} on "
                "top of the pile (R12)"
            )
        picked = phase.get("picked_up", False)
        if type(picked) is not bool:
            raise PositionError(f"phase.picked_up: must be true or false, got {short(picked)}")
        state.phase = FOLLOW
        state.follow_rank = rank
        state.picked_up = picked
    elif phase == "play":
        state.phase = PLAY
    elif phase == "chain":
        if not state.rules.mystery_chain:
            raise PositionError('phase: "chain" needs the mystery_chain option (R13)')
        state.phase = CHAIN
    elif phase == "over":
        if not empty:
            raise PositionError("phase: the hand is over only when a player has no cards (R14)")
        if len(empty) > 1:
            raise PositionError(
                f"players[{empty[1]}]: has no cards, but players[{empty[0]}] went out already; "
                "the hand ends when the first player goes out (R14)"
            )
        state.phase = OVER
        state.out_player = empty[0]
        return
    else:
        raise PositionError(
            f'phase: expected "play", {{"follow": "7"}}, "chain" or "over", got {short(phase)}'
        )
    if empty:
        raise PositionError(
            f'players[{empty[0]}]: has no cards, so the hand is over; phase must be "over" (R14)'
        )
    if state.phase == FOLLOW and len(state.legal_actions()) < 2:
        raise PositionError(
            f"phase.follow: players[{state.to_move}] holds no {RANK_SYMBOLS[state.follow_rank]} "
            "to add, so no follow-up is offered and the turn passes at once (R12)"
        )
    if state.phase == CHAIN and not state.uncovered_slots(state.to_move):
        raise PositionError("phase: a chain needs an uncovered face-down card to flip (R13)")
