"""What the table shows, as a mirror of the engine that moves one event at a time.

The engine jumps straight to the state after an action; the table plays the
events in order. :class:`TableView` is where each card is *on screen*
(a hand, a face-up or face-down slot, the pile, the swooped or set-aside
stacks). It extends the engine's own fold of events
(:class:`~swoop_desktop.engine.board.EventBoard`) and is advanced by
:meth:`TableView.apply`. When the show
catches up, :meth:`TableView.matches` checks the picture against the
engine's state. :func:`describe` turns one action's events into the plain
words of the play log.
"""

from __future__ import annotations

from swoop_desktop.ai.opponent_words import LEVEL_WORDS
from swoop_desktop.card_words import OBJECT, SUBJECT, TOLD, WITH, cards_in, ranks_in
from swoop_desktop.engine import RANK_OF, GameState
from swoop_desktop.engine.board import EventBoard
from swoop_desktop.engine.cards import RANK_SYMBOLS
from swoop_desktop.engine.events import (
    Dealt,
    Event,
    Flipped,
    Out,
    PickedUp,
    Played,
    Swooped,
    Turn,
)
from swoop_desktop.i18n import Np_, _, npgettext, pgettext
from swoop_desktop.names import is_you_name
from swoop_desktop.plural import counted as counted  # one helper for every count

SLOTS = 4


class TableView(EventBoard):
    """Card ids per zone, as currently shown: the engine's fold of events, plus what only a
    picture needs. A flipped mystery card stays in its slot, face up (``revealed``), until
    its ``Played`` event moves it; a pick-up sorts the hand; ``aside`` holds the set-aside
    cards (the caller fills it, knowing the deck); ``follow_rank`` is the rank symbol a
    follow-up asks for."""

    def __init__(self, n: int = 4) -> None:
        super().__init__()
        self.n = n
        self.revealed: set[int] = set()
        self.aside: list[int] = []
        self.to_move: int | None = 0
        self.follow_rank = ""

    @classmethod
    def from_state(cls, state: GameState) -> TableView:
        view = cls(n=state.n)
        view.hands = [state.hand_ids(p) for p in range(state.n)]
        view.up = [list(u) for u in state.up]
        view.down = [list(d) for d in state.down]
        view.pile = list(state.pile)
        view.swept = list(state.swept)
        view.aside = list(state.set_aside)
        view.to_move = state.to_move
        view.phase = state.phase_name
        # A follow-up under way (after Continue) keeps its rank, so the words match it.
        view.follow_rank = (
            RANK_SYMBOLS[state.follow_rank]
            if state.phase_name == "follow" and state.follow_rank
            else ""
        )
        return view

    def all_ids(self) -> list[int]:
        ids = list(self.pile) + list(self.swept) + list(self.aside)
        for p in range(self.n):
            ids.extend(self.hands[p])
            ids.extend(c for c in self.up[p] if c is not None)
            ids.extend(c for c in self.down[p] if c is not None)
        return ids

    def apply(self, event: Event) -> None:
        """Move the cards ``event`` moved (engine event order)."""
        if isinstance(event, Flipped):
            self.revealed.add(event.id)  # shown in its slot until it is played
            return
        super().apply(event)
        match event:
            case Dealt():
                self.n = event.players
                self.aside = []  # filled by the caller, who knows the deck
                self.revealed = set()
            case Played(zones=zones):
                for card, zone in zip(event.ids, zones, strict=True):
                    if zone.startswith("down"):
                        self.revealed.discard(card)
            case PickedUp(player=p):
                self.hands[p].sort(key=lambda c: (RANK_OF[c], c))
            case Turn(rank=rank):
                self.follow_rank = RANK_SYMBOLS[rank] if rank is not None else ""

    def matches(self, state: GameState) -> bool:
        """True when the picture shows exactly the engine's zones."""
        if self.pile != list(state.pile) or sorted(self.swept) != sorted(state.swept):
            return False
        for p in range(state.n):
            if sorted(self.hands[p]) != sorted(state.hand_ids(p)):
                return False
            if self.up[p] != list(state.up[p]) or self.down[p] != list(state.down[p]):
                return False
        return True

    def seat_cards(self, seat: int) -> list[int]:
        """A seat's cards in keyboard order: hand (by rank), face-up, then the mystery cards
        no face-up card covers (what your input walks through and your drawing marks)."""
        hand = sorted(self.hands[seat], key=lambda c: (RANK_OF[c], c)) if self.hands else []
        if not self.up:
            return hand
        ups = [c for c in self.up[seat] if c is not None]
        downs = [
            c
            for s in range(len(self.up[seat]))
            if self.up[seat][s] is None and (c := self.down[seat][s]) is not None
        ]
        return hand + ups + downs

    def run_words(self) -> str:
        """The run on top of the pile in words, as the subject ("three 8s"), or "" when
        empty."""
        if not self.pile:
            return ""
        top = RANK_OF[self.pile[-1]]
        k = 0
        for c in reversed(self.pile):
            if RANK_OF[c] != top:
                break
            k += 1
        return cards_in(SUBJECT, top, k)


#: The lesson's opponents' word on their name plates (the lesson's own bots, not a level).
LESSON_WORD = Np_("level", "lesson")


def level_word(level: str) -> str:
    """A level's word in the player's language, as the name plates and the rating say it
    ("normal"): the word declared with the level (``ai.opponent_words``), else its id."""
    if level == "lesson":
        return pgettext("level", LESSON_WORD)
    words = LEVEL_WORDS.get(level)
    return pgettext("level", words.word) if words is not None else level


def plural(rank: int) -> str:
    """The plural name of a rank as the object of a button or question: "Add 7s?", "All
    jacks" (in the player's language, in that frame)."""
    return ranks_in(OBJECT, rank)


#: A seat's news in a few words, said of you and of another seat: the marker at a name
#: plate has no subject, but a language that conjugates its verbs ("ha girato un 2",
#: "hai girato un 2") needs to know whose plate it is. A language with a form that has no
#: person (English "flipped a 2", German "eine 2 aufgedeckt") says both the same.
_NEWS = {
    "flipped": (
        # Translators: the short news at your name plate (no subject: the plate is
        # yours); {card} is "a 3" (the object of a play told with its player). The same
        # as "news, they did" where your language does not mark the person.
        Np_("news, you did", "flipped {card}"),
        # Translators: the short news at another seat's name plate ("Lefty"; no subject);
        # {card} is "a 3" (the object of a play told with its player).
        Np_("news, they did", "flipped {card}"),
    ),
    "added": (
        # Translators: the short news at your name plate; {cards} is "two 7s" (told
        # with its player).
        Np_("news, you did", "added {cards}"),
        # Translators: the short news at another seat's name plate; {cards} is "two 7s" (told
        # with its player).
        Np_("news, they did", "added {cards}"),
    ),
    "played": (
        # Translators: the short news at your name plate; {cards} is "two 7s" (told
        # with its player).
        Np_("news, you did", "played {cards}"),
        # Translators: the short news at another seat's name plate; {cards} is "two 7s" (told
        # with its player).
        Np_("news, they did", "played {cards}"),
    ),
}


def picked_up_news(count: int, yours: bool = False) -> str:
    """The news at a name plate when its seat picks up the pile ("picked up 9")."""
    if yours:
        # Translators: the short news at your name plate: you picked up {n} cards (a
        # figure; English leaves out "cards").
        return npgettext("news, you did", "picked up {n}", "picked up {n}", count).format(n=count)
    # Translators: the short news at another seat's name plate: it picked up {n} cards
    # (a figure; English leaves out "cards").
    return npgettext("news, they did", "picked up {n}", "picked up {n}", count).format(n=count)


def seat_news(events: list[Event], action_kind: str = "", yours: bool = False) -> str:
    """A seat's play in a few words for its name plate: "played two 7s", "picked up 9",
    "flipped a king · picked up 3", "played a 10 · Swoop!" (``yours``: at your plate)."""
    parts: list[str] = []
    for ev in events:
        match ev:
            case Flipped():
                parts.append(_news("flipped", yours).format(card=cards_in(TOLD, ev.rank, 1)))
            case Played():
                if ev.zones and ev.zones[0].startswith("down"):
                    if ev.new_pile:
                        parts.append(pgettext("news", "new pile"))
                    continue
                if ev.new_pile:
                    # Translators: {cards} is "with two 7s" (the preposition included).
                    said = pgettext("news", "new pile {cards}")
                    parts.append(said.format(cards=cards_in(WITH, ev.rank, ev.count)))
                    continue
                said = _news("added" if action_kind == "add" else "played", yours)
                parts.append(said.format(cards=cards_in(TOLD, ev.rank, ev.count)))
            case PickedUp():
                parts.append(picked_up_news(ev.count, yours))
            case Swooped():
                parts.append(pgettext("news", "Swoop!"))
            case Out():
                parts.append(pgettext("news", "out!"))
    if not parts and action_kind == "end":
        return pgettext("news", "stopped")
    return " · ".join(parts)


def _news(kind: str, yours: bool) -> str:
    """A seat's news ``kind`` ("flipped", "added", "played") at your plate or another's."""
    context = "news, you did" if yours else "news, they did"
    return pgettext(context, _NEWS[kind][0 if yours else 1])


#: What a seat did, in the play log. A line starts with a whole sentence ("You played two
#: 7s", "Lefty played two 7s": said of you and of another, so a language free to drop
#: the pronoun or conjugate the verb), and a second part of the same play goes on without
#: its subject ("... and picked up 3 cards").
_SAID = {
    "flipped": (
        Np_("you did, sentence", "You flipped {card}"),
        Np_("they did, sentence", "{name} flipped {card}"),
    ),
    "new pile after flip": (
        Np_("you did, sentence", "You started a new pile"),
        Np_("they did, sentence", "{name} started a new pile"),
    ),
    "new pile": (
        Np_("you did, sentence", "You started a new pile {cards}"),
        Np_("they did, sentence", "{name} started a new pile {cards}"),
    ),
    "added": (
        Np_("you did, sentence", "You added {cards}"),
        Np_("they did, sentence", "{name} added {cards}"),
    ),
    "played": (
        Np_("you did, sentence", "You played {cards}"),
        Np_("they did, sentence", "{name} played {cards}"),
    ),
}
#: The same, going on after a first part of the play (the verb agrees with its subject).
_DID = {
    "flipped": (Np_("you did", "flipped {card}"), Np_("they did", "flipped {card}")),
    "new pile after flip": (
        Np_("you did", "started a new pile"),
        Np_("they did", "started a new pile"),
    ),
    "new pile": (
        Np_("you did", "started a new pile {cards}"),
        Np_("they did", "started a new pile {cards}"),
    ),
    "added": (Np_("you did", "added {cards}"), Np_("they did", "added {cards}")),
    "played": (Np_("you did", "played {cards}"), Np_("they did", "played {cards}")),
}


def _picked_up(n: int, you: bool, first: bool, name: str) -> str:
    """ "You picked up 3 cards" / "... and picked up 3 cards": counted in the sentence."""
    if first and you:
        return npgettext(
            "you did, sentence", "You picked up {n} card", "You picked up {n} cards", n
        ).format(n=n)
    if first:
        return npgettext(
            "they did, sentence", "{name} picked up {n} card", "{name} picked up {n} cards", n
        ).format(n=n, name=name)
    if you:
        return npgettext("you did", "picked up {n} card", "picked up {n} cards", n).format(n=n)
    return npgettext("they did", "picked up {n} card", "picked up {n} cards", n).format(n=n)


def describe(name: str, events: list[Event], action_kind: str = "") -> str:
    """One log line for one play: "Lefty played three 7s — Swoop!", "Topper picked up 14
    cards". ``name`` is the seat's name ("You" for the player, said in the player's
    language)."""
    you = is_you_name(name)
    which = 0 if you else 1

    def did(what: str, **words: str) -> str:
        # Translators: a part of the play log's line; {card} / {cards} "a king" / "two 7s"
        # (the object of a play told with its player), or "with two 7s" after "a new pile" (the preposition included).
        if not parts:
            context = "you did, sentence" if you else "they did, sentence"
            return pgettext(context, _SAID[what][which]).format(name=name, **words)
        context = "you did" if you else "they did"
        return pgettext(context, _DID[what][which]).format(**words)

    parts: list[str] = []
    swoop = False
    out = False
    for ev in events:
        match ev:
            case Flipped():
                parts.append(did("flipped", card=cards_in(TOLD, ev.rank, 1)))
            case Played():
                if ev.zones and ev.zones[0].startswith("down"):
                    if ev.new_pile:
                        parts.append(did("new pile after flip"))
                    continue
                if ev.new_pile:
                    parts.append(did("new pile", cards=cards_in(WITH, ev.rank, ev.count)))
                else:
                    what = "added" if action_kind == "add" else "played"
                    parts.append(did(what, cards=cards_in(TOLD, ev.rank, ev.count)))
            case PickedUp(count=n):
                parts.append(_picked_up(n, you, not parts, name))
            case Swooped():
                swoop = True
            case Out():
                out = True
    if not parts:
        if action_kind == "end":
            if you:
                # Translators: your news on your name plate: you ended your turn there (no more
                # cards added or flipped).
                return _("You stop there")
            # Translators: news on {name}'s name plate ("Lefty"): they ended their turn there.
            return _("{name} stops there").format(name=name)
        return ""
    if len(parts) > 1:
        # Translators: the last two of a list: "You flipped a king and picked up 3 cards"
        # ({first} is a whole sentence, {last} goes on without its subject).
        line = _("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])
    else:
        line = parts[0]
    if swoop:
        line += pgettext("log", " — Swoop!")
    if out:
        if you:
            said = _("You are out!")
        else:
            # Translators: at the end of a player's news: {name} ("Lefty") played their last
            # card.
            said = _("{name} is out!").format(name=name)
        line += f"{'' if line.endswith('!') else '.'} {said}"
    return line


def mystery_ids(state: GameState | None, seat: int) -> set[int]:
    """The ids of a seat's face-down (mystery) cards in the engine's deal."""
    return {c for c in state.down[seat] if c is not None} if state is not None else set()
