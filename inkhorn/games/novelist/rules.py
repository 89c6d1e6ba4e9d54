"""The decisions of a Novelist turn and the flow between them.

A turn: :class:`Spell` (ink draws, removers, powers, then a word typed or picked, or a pass),
:class:`Arrange` (the engine's proposed layout of the word; the player may turn cards face
down or up, then accepts), one :class:`Choose` step per benefit that needs a choice, then
:class:`Purchase` until the player ends the turn; an :class:`EventDraw` may follow. The state's
``phase`` tells :func:`advance` what comes when the stack runs empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from inkhorn.core.errors import IllegalAction, clip
from inkhorn.core.step import Step
from inkhorn.games.novelist.scoring import MIN_WORD, Spelling, WordScore, score_word

if TYPE_CHECKING:
    from inkhorn.games.novelist.state import NovelistState as S


# ---- helpers ------------------------------------------------------------------------------------


def put(state: S, field: str, seat: int, value) -> None:
    """Set one seat's entry of a rarely changed per-seat tuple (clones share them)."""
    old = getattr(state, field)
    if old[seat] != value:
        setattr(state, field, old[:seat] + (value,) + old[seat + 1 :])


def event_of(state: S, seat: int):
    e = state.events[seat]
    return state.content.events[e] if e >= 0 else None


EXPECTED_ROUNDS = 22


def rounds_left(state: S) -> float:
    """A rough count of the rounds still to play (bots' estimates only)."""
    if state.final_round:
        return 0.5
    return max(1.0, EXPECTED_ROUNDS - state.rounds)


def coin_weight(state: S) -> float:
    """How much a coin of this turn is worth against a point of prestige (falls near the end)."""
    left = rounds_left(state)
    return 0.25 + 0.5 * (left / 15.0 if left < 15.0 else 1.0)


_AWARDS: dict[tuple, tuple] = {}


def _awards_left(state: S) -> tuple[tuple[int, int], ...]:
    """(length, prestige) of the awards still in the stack (cached: few stacks occur)."""
    awards = state.content.awards
    key = (id(awards), *state.awards_left)
    hit = _AWARDS.get(key)
    if hit is None or hit[0] is not awards:
        by_len = {a.length: a.prestige for a in awards}
        if len(_AWARDS) >= 256:
            _AWARDS.clear()
        hit = _AWARDS[key] = (awards, tuple((length, by_len[length]) for length in state.awards_left))
    return hit[1]


def spelling(state: S, seat: int) -> Spelling:
    """The speller's side of a word, for the finder, the layouts and the checks."""
    e = state.events[seat]
    ev = state.content.events[e] if e >= 0 else None
    hand = state.hand[seat]
    forced = state.forced_wild[seat]
    if forced:
        up = tuple(sorted([c for c in hand if c not in forced]))
        must_wild = tuple(sorted(forced))
    else:
        up = tuple(sorted(hand))
        must_wild = ()
    inked = tuple(sorted(state.inked[seat])) if state.inked[seat] else ()
    borrowed = state.borrowed[seat]
    must_up = tuple(sorted([*inked, borrowed])) if borrowed >= 0 else inked
    classics = state.classics
    own = classics[seat]
    foreign: tuple[int, ...] = ()
    if ev is None or ev.kind != "no_foreign_classics":
        others: list[int] = []
        for s, held in enumerate(classics):
            if held and s != seat:
                others += held
        if others:
            foreign = tuple(sorted(others))
    min_len, max_len, max_wilds = MIN_WORD, 99, 99
    if ev is not None:
        if ev.kind == "min_length":
            min_len = ev.n
        elif ev.kind == "max_length":
            max_len = ev.n
        elif ev.kind == "max_wilds":
            max_wilds = ev.n
    options = state.options
    # made by the tuple's own constructor (a C call; the named tuple's __new__ is a Python
    # function): every Spell decision makes one, with every field given
    return tuple.__new__(Spelling, (
        up,
        must_up,
        must_wild,
        tuple(sorted(own)) if own else (),
        foreign,
        min_len,
        max_len,
        max_wilds,
        state.must_letter[seat],
        ev,
        _awards_left(state) if options.awards else (),
        state.award[seat],
        inked,
        coin_weight(state),
        0.01 if options.coop == "off" else -1.5,
    ))


def genre_in_play(state: S, seat: int, word_cards: tuple[int, ...] = ()) -> dict[str, int]:
    """Own Timeless Classics in play, per genre, that are not part of the word."""
    out: dict[str, int] = {}
    table = state.content.cards
    for c in state.classics[seat]:
        if c not in word_cards:
            g = table[c].genre
            out[g] = out.get(g, 0) + 1
    return out


def draw_card(state: S, seat: int) -> int:
    """Draw one card (shuffling the discard pile in when the draw pile is empty); -1: none."""
    deck = state.deck[seat]
    if not deck:
        pile = [*state.discard[seat], *state.set_aside[seat]]
        if not pile:
            return -1
        pile.sort()
        state.rng.shuffle(pile)
        state.deck[seat] = deck = pile
        state.discard[seat] = []
        state.set_aside[seat] = ()
    put(state, "known_top", seat, -1)
    c = deck.pop()
    state.hand[seat].append(c)
    return c


def can_draw(state: S, seat: int) -> bool:
    return bool(state.deck[seat] or state.discard[seat] or state.set_aside[seat])


def hand_size(state: S, seat: int) -> int:
    ev = event_of(state, seat)
    return ev.n if ev is not None and ev.kind == "hand_size" else state.content.hand_size


def draw_hand(state: S, seat: int) -> None:
    for _ in range(hand_size(state, seat)):
        if draw_card(state, seat) < 0:
            break
    if state.heckled[seat]:
        state.heckled = tuple(h and s != seat for s, h in enumerate(state.heckled))
        hand = state.hand[seat]
        if hand:
            c = hand[state.rng.randrange(len(hand))]
            hand.remove(c)
            state.discard[seat].append(c)


def draw_offer(state: S) -> int:
    """The Offer Deck's top card, the deck made anew from its shuffled discards when empty;
    -1 when both are empty (as ``draw_card``)."""
    if not state.offer_deck:
        if not state.offer_discard:
            return -1
        pile = sorted(state.offer_discard)
        state.rng.shuffle(pile)
        state.offer_deck = tuple(pile)
        state.offer_discard = []
    card = state.offer_deck[-1]
    state.offer_deck = state.offer_deck[:-1]
    return card


def refill_row(state: S) -> None:
    size = state.content.offer_row
    while len(state.offer_row) < size:
        card = draw_offer(state)
        if card < 0:
            return
        state.offer_row.append(card)


def to_trash(state: S, card: int) -> None:
    """Trashed cards leave their owner: genre cards go back towards the Offer Deck."""
    if state.content.cards[card].starting:
        state.box = state.box + (card,)
    else:
        state.offer_discard.append(card)


def gain_prestige(state: S, seat: int, amount: int) -> None:
    state.prestige[seat] += amount


def release_ink(state: S, seat: int) -> None:
    n = len(state.inked[seat])
    state.ink_supply += n
    state.inked[seat] = ()


def return_borrowed(state: S, seat: int) -> None:
    b = state.borrowed[seat]
    if b >= 0:
        if b in state.hand[seat]:
            state.hand[seat].remove(b)
            state.offer_row.append(b)
        put(state, "borrowed", seat, -1)


def card_price(state: S, seat: int, card: int) -> int:
    c = state.content.cards[card]
    ev = event_of(state, seat)
    if ev is not None and ev.kind == "genre_discount" and (ev.genre == "" or ev.genre == c.genre):
        return max(1, c.cost - ev.n)
    return c.cost


def ink_price(state: S, seat: int) -> int:
    ev = event_of(state, seat)
    return ev.n if ev is not None and ev.kind == "ink_cost" else 1


def can_flush(state: S, seat: int) -> bool:
    if state.flushed or state.purchased:
        return False
    ev = event_of(state, seat)
    if ev is not None and ev.kind == "no_flush":
        return False
    row = state.offer_row
    if not row:
        return False
    table = state.content.cards
    counts: dict[str, int] = {}
    for c in row:
        counts[table[c].genre] = counts.get(table[c].genre, 0) + 1
    if max(counts.values()) >= 4:
        return True
    dear = sum(1 for c in row if table[c].cost >= 6)
    if state.options.flush_rule == "digital":
        return dear >= 4
    return dear == len(row) == state.content.offer_row


def rival(state: S):
    return state.content.rival(state.options.coop) if state.options.coop != "off" else None


# ---- powers -----------------------------------------------------------------------------------------


def power_actions(state: S, seat: int, before_word: bool) -> list[str]:
    key = state.powers[seat] if state.powers else ""
    if not key:
        return []
    p = state.content.power(key)
    ink = state.ink[seat]
    if p.kind == "aggressive" and state.aggressive_used:
        return []
    if key == "shrink":
        return [f"power:shrink:{x}" for x in range(1, ink + 1)]
    if ink < p.ink:
        return []
    if key == "flourish":
        return ["power:flourish"]
    if key in ("heckle", "detour", "smudge"):
        if key == "smudge" and not (state.offer_deck or state.offer_discard):
            return []
        return [f"power:{key}"]
    if key == "triangle":
        if any(state.discard[s] for s in range(state.num_players) if s != seat):
            return ["power:triangle"]
        return []
    if not before_word:
        return []
    if key == "borrow":
        if state.borrowed[seat] >= 0:
            return []
        return [f"power:borrow:{c}" for c in state.offer_row]
    if key == "research":
        table = state.content.cards
        genres = sorted({table[c].genre for c in state.deck[seat] if table[c].genre})
        return [f"power:research:{g}" for g in genres]
    if key == "ghostwriter":
        return ["power:ghostwriter"] if can_draw(state, seat) else []
    if key == "glance":
        return ["power:glance"] if state.deck[seat] else []
    return []


def use_power(state: S, seat: int, action: str) -> bool:
    """Carry out a power; True when it pushed follow-up decisions of its own."""
    parts = action.split(":")
    key = parts[1]
    p = state.content.power(key)
    cost = int(parts[2]) if key == "shrink" else p.ink
    state.ink[seat] -= cost
    state.ink_supply += cost
    if p.kind == "aggressive":
        state.aggressive_used = True
    others = [s for s in range(state.num_players) if s != seat]
    if key == "flourish":
        gain_prestige(state, seat, 1)
    elif key == "borrow":
        card = int(parts[2])
        state.offer_row.remove(card)
        state.hand[seat].append(card)
        put(state, "borrowed", seat, card)  # its place in the row stays empty until it comes back
    elif key == "research":
        genre = parts[2]
        table = state.content.cards
        deck = state.deck[seat]
        revealed = []
        while deck:
            c = deck.pop()
            if table[c].genre == genre:
                state.hand[seat].append(c)
                state.inked[seat] += (c,)
                state.ink_supply -= 1  # one of the three ink paid rides on the card
                break
            revealed.append(c)
        deck.extend(sorted(revealed))
        state.rng.shuffle(deck)
        put(state, "known_top", seat, -1)
    elif key == "ghostwriter":
        c = draw_card(state, seat)
        if c >= 0:
            state.forced_wild[seat] += (c,)
    elif key == "glance":
        state.push(Glance(seat))
        return True
    elif key == "triangle":
        state.push(*(SetAside(seat, s) for s in others if state.discard[s]))
        return True
    elif key == "smudge":
        c = draw_offer(state)
        if c >= 0:
            state.offer_discard.append(c)
            letter = state.content.cards[c].letter
            for s in others:
                put(state, "must_letter", s, letter)
    elif key == "shrink":
        x = int(parts[2])
        for s in others:
            lose = min(state.ink[s], 2 * x)
            state.ink[s] -= lose
            state.ink_supply += lose
    elif key == "heckle":
        state.heckled = tuple(s != seat for s in range(state.num_players))
    elif key == "detour":
        for s in others:
            free = sorted(c for c in state.hand[s] if c not in state.forced_wild[s] and c not in state.inked[s]
                          and c != state.borrowed[s])
            if free:
                state.forced_wild[s] += (free[state.rng.randrange(len(free))],)
    return False


# ---- steps -----------------------------------------------------------------------------------------


def _parse_int(action: str, legal_fn) -> int:
    try:
        return int(action.rsplit(":", 1)[1])
    except ValueError:
        raise IllegalAction(action, "expected a card number after the colon", legal_fn()) from None


@dataclass(frozen=True, init=False)
class Spell(Step):
    """Before the word: draw with ink, lift ink with a remover, use powers, then spell or pass."""

    open = True

    def __init__(self, seat: int) -> None:
        self.__dict__["seat"] = seat  # see inkhorn.core.step: made at most decisions

    def legal_actions(self, state: S) -> list[str]:
        seat = self.seat
        sp = spelling(state, seat)
        state.__dict__["speller"] = (seat, len(state.history), tuple(state.hand[seat]), sp)  # see word_speller
        words = state.finder.candidates(sp, state.options.candidates)
        acts = [f"spell:{w}" for w in words]
        if state.ink[seat] > 0 and can_draw(state, seat):
            acts.append("ink")
        if state.remover[seat] > 0:
            removes = state.content.card_actions["remove"]
            acts.extend([removes[c] for c in sorted(state.inked[seat])])
        acts.extend(power_actions(state, seat, True))
        acts.append("pass")
        return acts

    def check(self, state: S, action: str) -> None:
        if not isinstance(action, str) or not action:
            raise IllegalAction(action, "empty action", self.legal_actions(state), self.seat)
        seat = self.seat
        if action.startswith("spell:"):
            word = action[6:]
            if not word.isalpha() or not word.isascii():
                raise IllegalAction(action, "a word is made of the letters a-z only", [], seat)
            word = word.lower()
            if len(word) < MIN_WORD:
                raise IllegalAction(action, f"a word has at least {MIN_WORD} letters", [], seat)
            if word not in state.dictionary:
                raise IllegalAction(action, f"{word!r} is not in the dictionary", [], seat)
            sp = spelling(state, seat)
            if state.finder.layout(sp, word, genre_in_play(state, seat)) is None:
                raise IllegalAction(action, why_unspellable(state, sp, word), [], seat)
            return
        if action == "ink" or action == "pass" or action.startswith("remove:") or action.startswith("power:"):
            legal = self.legal_actions(state)
            if action not in legal:
                raise IllegalAction(action, f"not possible now for: {self.prompt(state)}", legal, seat)
            return
        raise IllegalAction(action, "expected spell:WORD, ink, remove:CARD, power:..., or pass",
                            self.legal_actions(state), seat)

    def resolve(self, state: S, action: str) -> None:
        seat = self.seat
        if action.startswith("spell:"):
            word = action[6:].lower()
            laid = state.finder.layout(word_speller(state, seat), word, genre_in_play(state, seat))
            assert laid is not None
            state.push(Arrange(seat, word, *laid))
            return
        if action == "ink":
            state.ink[seat] -= 1
            c = draw_card(state, seat)
            state.inked[seat] += (c,)
        elif action.startswith("remove:"):
            c = int(action[7:])
            state.inked[seat] = tuple(x for x in state.inked[seat] if x != c)
            put(state, "remover", seat, state.remover[seat] - 1)
            state.remover_supply += 1
            state.ink_supply += 1
        elif action.startswith("power:"):
            if use_power(state, seat, action):
                return
        elif action == "pass":
            pass_turn(state, seat)
            return
        state.push(Spell(seat))

    def prompt(self, state: S) -> str:
        return "Spell a word (spell:WORD), draw with ink, use a remover or power, or pass"

    def label(self, state: S, action: str) -> str:
        if action.startswith("spell:"):
            return f"spell {action[6:].upper()}"
        if action == "ink":
            return "spend 1 ink: draw a card that must be used"
        if action.startswith("remove:"):
            return f"spend a remover: lift the ink from {state.content.cards[int(action[7:])].letter.upper()}"
        if action == "pass":
            return "pass: discard the hand, return ink, draw a new hand"
        return action


# Arrange's turns of a card face down or up: they change the pending layout and nothing else
LAYOUT_TURNS = ("wild:", "up:")
# decisions that change the stack of decisions and nothing a seat is shown besides: the turns,
# a word to lay out, and going back from one (which also counts the backs, shown to no one)
STACK_ONLY = ("spell:", "back", *LAYOUT_TURNS)


def word_speller(state: S, seat: int) -> Spelling:
    """The speller of the word being picked or laid out. The one the Spell step listed its
    words with serves while nothing but the word and its layout was decided since (the same
    seat and hand); otherwise (a clone, a world, a replay) it is worked out again."""
    memo = state.__dict__.get("speller")
    if memo is not None and memo[0] == seat and memo[2] == tuple(state.hand[seat]):
        since = state.history[memo[1] :]
        if not since or (since[0].startswith("spell:") and all(a.startswith(LAYOUT_TURNS) for a in since[1:])):
            return memo[3]
    return spelling(state, seat)


def why_unspellable(state: S, sp: Spelling, word: str) -> str:
    n = len(word)
    if n < sp.min_len:
        return f"your event demands words of at least {sp.min_len} letters"
    if n > sp.max_len:
        return f"your event allows words of at most {sp.max_len} letters"
    if sp.required and sp.required not in word:
        return f"your next word must contain the letter {sp.required.upper()}"
    table = state.content.cards
    if sp.must_up:
        letters = "".join(sorted(table[c].letter.upper() for c in sp.must_up))
        return f"your cards cannot spell {word.upper()} using every inked or borrowed card ({letters}) face up"
    cards = len(sp.hand) + len(sp.must_wild) + len(sp.own_classics) + len(sp.foreign_classics)
    if n > cards:
        return f"{word.upper()} has {n} letters but you have only {cards} cards to spell with"
    return f"your cards cannot spell {word.upper()}"


def classic_income(state: S, seat: int, word: tuple[int, ...] = ()) -> tuple[int, int]:
    """(coins, prestige): the Basic Benefits the owner's Timeless Classics in play give this
    turn besides those in the word, which pay through it (§5, ruling R7)."""
    if state.options.classics != "ongoing":
        return 0, 0
    table = state.content.cards
    coins = prestige = 0
    for c in state.classics[seat]:
        if c not in word:
            coins += table[c].coins
            prestige += table[c].prestige
    return coins, prestige


def pass_turn(state: S, seat: int) -> None:
    gain_prestige(state, seat, classic_income(state, seat)[1])  # no purchase: the coins are lost
    return_borrowed(state, seat)
    state.discard[seat].extend(state.hand[seat])
    state.hand[seat] = []
    release_ink(state, seat)
    state.forced_wild[seat] = ()
    put(state, "must_letter", seat, "")
    draw_hand(state, seat)
    state.last_word = (seat, "", 0, 0)
    end_of_turn(state, seat)


MAX_BACKS = 3  # words abandoned for another in one turn: bounded so a turn always ends


@dataclass(frozen=True, init=False)
class Arrange(Step):
    """The proposed layout of a typed word: accept it, or turn cards face down or up."""

    # how the word just spelled is laid out: a search judges the word by its best layout
    detail: ClassVar[bool] = True
    word: str
    cards: tuple[int, ...]
    wild: tuple[bool, ...]
    changes: int = 0  # face down/up turns so far: bounded so a layout cannot cycle forever

    def __init__(self, seat: int, word: str, cards: tuple[int, ...], wild: tuple[bool, ...], changes: int = 0) -> None:
        fields = self.__dict__  # see inkhorn.core.step: made at most decisions
        fields["seat"] = seat
        fields["word"] = word
        fields["cards"] = cards
        fields["wild"] = wild
        fields["changes"] = changes

    def check_loaded(self, state: S) -> None:
        """The layout of a dictionary word from cards the speller may use, face-up cards
        showing their letter."""
        word, cards, seat = self.word, self.cards, self.seat
        state.require(word in state.dictionary, "word", f"{clip(word)} is not in the dictionary")
        state.require(len(cards) == len(self.wild) == len(word), "cards", "one card and one face per letter")
        usable = {*state.hand[seat], *(c for held in state.classics for c in held)}
        state.require(len(set(cards)) == len(cards) and usable.issuperset(cards), "cards", "a card the speller cannot use")
        table = state.content.cards
        faces = all(w or table[c].letter == ch for c, w, ch in zip(cards, self.wild, word, strict=True))
        state.require(faces, "wild", "a face-up card does not show its letter")
        state.require(0 <= self.changes <= 2 * len(word), "changes", f"{clip(self.changes)} turns of cards")

    def _variants(self, state: S) -> list[str]:
        seat = self.seat
        word = self.word
        if self.changes >= 2 * len(word):
            return []
        forced = state.forced_wild[seat]
        inked = state.inked[seat]
        borrowed = state.borrowed[seat]  # -1 (no card) when none is borrowed
        e = state.events[seat]
        ev = state.content.events[e] if e >= 0 else None
        max_wilds = ev.n if ev is not None and ev.kind == "max_wilds" else 99
        hand = state.hand[seat]
        cards, wild = self.cards, self.wild
        acts = []
        if sum(wild) < max_wilds:
            wilds = state.content.card_actions["wild"]
            for i, c in enumerate(cards):
                if not wild[i] and c in hand and c not in inked and c != borrowed and c not in forced:
                    acts.append(wilds[c])
        if True in wild:
            table = state.content.cards
            must_up = None
            for i, c in enumerate(cards):
                if wild[i] and c not in forced and table[c].letter in word:
                    if must_up is None:
                        must_up = self._must_up(state)
                    if self._can_turn_up(state, c, must_up):
                        acts.append(state.content.card_actions["up"][c])
        return acts

    def _must_up(self, state: S) -> set[int]:
        seat = self.seat
        must_up = set(state.inked[seat])
        if state.borrowed[seat] >= 0:
            must_up.add(state.borrowed[seat])
        return must_up

    def _can_turn_up(self, state: S, card: int, must_up: set[int]) -> bool:
        """Whether :meth:`_turned_up` finds a place for ``card`` (without building it)."""
        letter = state.content.cards[card].letter
        word = self.word
        i = self.cards.index(card)
        if word[i] == letter:
            return True
        hand = state.hand[self.seat]
        for j, ch in enumerate(word):
            if ch != letter or j == i:
                continue
            if self.wild[j]:
                return True
            other = self.cards[j]
            if other in hand and other not in must_up:
                return True
        return False

    def _turned_up(self, state: S, card: int, must_up: set[int]) -> tuple[tuple[int, ...], tuple[bool, ...]] | None:
        """Turn a face-down card face up at a position of its letter, swapping places."""
        table = state.content.cards
        letter = table[card].letter
        i = self.cards.index(card)
        cards, wild = list(self.cards), list(self.wild)
        if self.word[i] == letter:
            wild[i] = False
            return tuple(cards), tuple(wild)
        for j, ch in enumerate(self.word):
            if ch != letter or j == i:
                continue
            other = cards[j]
            if wild[j]:
                cards[i], cards[j] = other, card
                wild[j] = False
                return tuple(cards), tuple(wild)
            if other in state.hand[self.seat] and other not in must_up:
                cards[i], cards[j] = other, card
                return tuple(cards), tuple(wild)
        return None

    def private(self, state: S) -> dict[str, Any]:
        """The layout as its author sees it (the cards come from the author's own hand)."""
        return {"word": self.word, "cards": list(self.cards), "wild": list(self.wild)}

    def legal_actions(self, state: S) -> list[str]:
        acts = ["accept", *self._variants(state)]
        if state.backs < MAX_BACKS:
            acts.append("back")
        return acts

    def resolve(self, state: S, action: str) -> None:
        seat = self.seat
        if action == "accept":
            apply_word(state, seat, self.word, self.cards, self.wild)
        elif action == "back":
            state.backs += 1
            state.push(Spell(seat))
        elif action.startswith("wild:"):
            c = int(action[5:])
            i = self.cards.index(c)
            wild = list(self.wild)
            wild[i] = True
            state.push(Arrange(seat, self.word, self.cards, tuple(wild), self.changes + 1))
        else:
            c = int(action[3:])
            turned = self._turned_up(state, c, self._must_up(state))
            assert turned is not None
            state.push(Arrange(seat, self.word, turned[0], turned[1], self.changes + 1))

    def score(self, state: S) -> WordScore:
        sp = word_speller(state, self.seat)
        return score_word(state.content.cards, sp, self.word, self.cards, self.wild,
                          genre_in_play(state, self.seat, self.cards))

    def prompt(self, state: S) -> str:
        sc = self.score(state)
        return (f"Lay out {self.word.upper()} ({sc.coins} coins, {sc.prestige} prestige): accept, "
                "or turn a card face down (wild:CARD) or up (up:CARD), or go back")

    def label(self, state: S, action: str) -> str:
        if action.startswith(("wild:", "up:")):
            c = int(action.split(":")[1])
            card = state.content.cards[c]
            how = "face down" if action.startswith("wild:") else "face up"
            return f"turn {card.letter.upper()} ({card.name}) {how}"
        return action


def apply_word(state: S, seat: int, word: str, cards: tuple[int, ...], wild: tuple[bool, ...]) -> None:
    table = state.content.cards
    sp = word_speller(state, seat)
    sc = score_word(table, sp, word, cards, wild, genre_in_play(state, seat, cards))
    ongoing_coins, ongoing_prestige = classic_income(state, seat, cards)
    hand = state.hand[seat]
    own_classics = list(state.classics[seat])
    played = []
    for i, c in enumerate(cards):
        if c in hand:
            hand.remove(c)
            if not wild[i] and table[c].classic and c != state.borrowed[seat]:
                own_classics.append(c)
            else:
                played.append(c)
        elif c in own_classics:
            pass  # stays in play
        else:
            for s in range(state.num_players):
                if c in state.classics[s]:
                    state.classics[s] = tuple(x for x in state.classics[s] if x != c)
                    state.discard[s].append(c)
                    break
    state.classics[seat] = tuple(own_classics)
    if state.borrowed[seat] in played:
        played.remove(state.borrowed[seat])
        state.offer_row.append(state.borrowed[seat])
        put(state, "borrowed", seat, -1)
    state.played = played
    release_ink(state, seat)
    state.forced_wild[seat] = ()
    put(state, "must_letter", seat, "")
    state.coins += sc.coins + ongoing_coins
    gain_prestige(state, seat, sc.prestige + ongoing_prestige)
    if sc.award:
        put(state, "award", seat, sc.award)
        put(state, "award_len", seat, sc.award_length)
        state.awards_left = tuple(a for a in state.awards_left if a > sc.award_length)
    rv = rival(state)
    if rv is not None and rv.used_bonus:
        hits = sum(1 for i, c in enumerate(cards) if not wild[i] and table[c].genre == rv.genre and c not in sp.foreign_classics)
        state.rival_score += rv.used_bonus * hits
    state.last_word = (seat, word, sc.coins, sc.prestige)
    steps = []
    for effect, card in sc.choices:
        if effect == "jail" and (state.jail[seat] >= 0 or not state.offer_row):
            continue
        if effect == "trash_other" and not state.discard[seat]:
            continue
        steps.append(Choose(seat, effect, card))
    state.phase = "purchase"
    state.push(*steps)


# a benefit that asks a choice, and the question (``card``: the card granting it)
CHOICE_PROMPTS = {
    "coin_or_prestige": "{card.name}: take {card.amount} coins or {card.alt} prestige",
    "ink_or_remover": "{card.name}: take an ink or a remover token",
    "jail": "{card.name}: jail an Offer Row card (only you may buy it)",
    "trash_self": "{card.name}: trash it for {card.amount} coins and {card.alt} prestige?",
    "trash_other": "{card.name}: trash a card from your discard pile for {card.amount} coin",
}


@dataclass(frozen=True)
class Choose(Step):
    """A benefit that needs a choice: coin or prestige, ink or remover, jail, trash."""

    effect: str
    card: int

    def check_loaded(self, state: S) -> None:
        state.require(self.effect in CHOICE_PROMPTS, "effect", f"{clip(self.effect)} is no benefit asking a choice")
        state.require(0 <= self.card < len(state.content.cards), "card", f"{clip(self.card)} is no card")

    def legal_actions(self, state: S) -> list[str]:
        e = self.effect
        if e == "coin_or_prestige":
            return ["gain:coins", "gain:prestige"]
        if e == "ink_or_remover":
            acts = []
            if state.ink_supply > 0:
                acts.append("take:ink")
            if state.remover_supply > 0:
                acts.append("take:remover")
            return acts or ["take:none"]
        if e == "jail":
            if state.jail[self.seat] >= 0:
                return ["jail:none"]  # one jailed card at most
            return [f"jail:{c}" for c in state.offer_row] + ["jail:none"]
        if e == "trash_self":
            return ["trash:yes", "trash:no"] if self.card in state.played else ["trash:no"]
        # trash_other
        return [f"trash:{c}" for c in sorted(set(state.discard[self.seat]))] + ["trash:none"]

    def resolve(self, state: S, action: str) -> None:
        seat = self.seat
        card = state.content.cards[self.card]
        if action == "gain:coins":
            state.coins += card.amount
        elif action == "gain:prestige":
            gain_prestige(state, seat, card.alt)
        elif action == "take:ink":
            state.ink_supply -= 1
            state.ink[seat] += 1
        elif action == "take:remover":
            state.remover_supply -= 1
            put(state, "remover", seat, state.remover[seat] + 1)
        elif action.startswith("jail:") and action != "jail:none":
            c = int(action[5:])
            state.offer_row.remove(c)
            put(state, "jail", seat, c)
            refill_row(state)
            rv = rival(state)
            if rv is not None:
                state.rival_score += rv.jail_bonus
        elif action == "trash:yes":
            state.played.remove(self.card)
            to_trash(state, self.card)
            state.coins += card.amount
            gain_prestige(state, seat, card.alt)
        elif action.startswith("trash:") and action not in ("trash:no", "trash:none"):
            c = int(action[6:])
            state.discard[seat].remove(c)
            to_trash(state, c)
            state.coins += card.amount

    def prompt(self, state: S) -> str:
        card = state.content.cards[self.card]
        return CHOICE_PROMPTS[self.effect].format(card=card)

    def label(self, state: S, action: str) -> str:
        head, _, tail = action.partition(":")
        if tail.isdigit():
            c = state.content.cards[int(tail)]
            return f"{head} {c.letter.upper()} ({c.name})"
        card = state.content.cards[self.card]
        return {
            "gain:coins": f"take {card.amount} coins", "gain:prestige": f"take {card.alt} prestige",
            "take:ink": "take an ink token", "take:remover": "take a remover token",
            "take:none": "take nothing (the supply is empty)", "jail:none": "jail no card",
            "trash:yes": f"trash {card.name}", "trash:no": f"keep {card.name}", "trash:none": "trash no card",
        }.get(action, action)


@dataclass(frozen=True, init=False)
class Purchase(Step):
    """Spend this turn's coins: cards, ink, adverts; flush the row first; powers; end the turn."""

    def __init__(self, seat: int) -> None:
        self.__dict__["seat"] = seat  # see inkhorn.core.step: made at most decisions

    def legal_actions(self, state: S) -> list[str]:
        seat = self.seat
        coins = state.coins
        acts = []
        ev = event_of(state, seat)
        limit = ev.n if ev is not None and ev.kind == "buy_limit" else 99
        if state.bought < limit:
            table = state.content.cards
            disc = ev if ev is not None and ev.kind == "genre_discount" else None
            buys = state.content.card_actions["buy"]
            j = state.jail[seat]
            for c in (*state.offer_row, j) if j >= 0 else state.offer_row:
                card = table[c]
                price = card.cost
                if disc is not None and (disc.genre == "" or disc.genre == card.genre):
                    price = max(1, price - disc.n)  # as card_price()
                if price <= coins:
                    acts.append(buys[c])
        if state.ink_supply > 0 and coins >= ink_price(state, seat):
            acts.append("ink:buy")
        if state.ink[seat] >= 3:
            acts.append("ink:coin")
        if state.options.adverts:
            k = state.adverts[seat]
            if k < len(state.content.adverts) and coins >= state.content.adverts[k].cost:
                acts.append("advert")
        if can_flush(state, seat):
            acts.append("flush")
        acts.extend(power_actions(state, seat, False))
        acts.append("end")
        return acts

    def resolve(self, state: S, action: str) -> None:
        seat = self.seat
        table = state.content.cards
        if action == "end":
            finish_purchases(state, seat)
            return
        if action.startswith("buy:"):
            c = int(action[4:])
            state.coins -= card_price(state, seat, c)
            if state.jail[seat] == c:
                put(state, "jail", seat, -1)
            else:
                state.offer_row.remove(c)
                refill_row(state)
            state.discard[seat].append(c)
            state.bought += 1
            state.purchased = True
            gain_prestige(state, seat, table[c].buy_prestige)
            rv = rival(state)
            if rv is not None and table[c].genre == rv.genre:
                state.rival_score += rv.bought_bonus
        elif action == "ink:buy":
            state.coins -= ink_price(state, seat)
            state.ink_supply -= 1
            state.ink[seat] += 1
            state.purchased = True
        elif action == "ink:coin":
            state.ink[seat] -= 3
            state.ink_supply += 3
            state.coins += 1
        elif action == "advert":
            ad = state.content.adverts[state.adverts[seat]]
            state.coins -= ad.cost
            put(state, "adverts", seat, state.adverts[seat] + 1)
            gain_prestige(state, seat, ad.prestige)
            state.purchased = True
        elif action == "flush":
            state.offer_discard.extend(state.offer_row)
            state.offer_row = []
            refill_row(state)
            state.flushed = True
        elif use_power(state, seat, action):
            return
        state.push(Purchase(seat))

    def prompt(self, state: S) -> str:
        return f"Spend your {state.coins} coins (buy:CARD, ink:buy, advert, flush...) or end the turn"

    def label(self, state: S, action: str) -> str:
        if action.startswith("buy:"):
            c = state.content.cards[int(action[4:])]
            return f"buy {c.letter.upper()} {c.name} ({c.genre}, {card_price(state, self.seat, c.id)}¢)"
        return {"ink:buy": "buy 1 ink", "ink:coin": "turn 3 ink into 1 coin", "end": "end the turn",
                "advert": "buy the next advert", "flush": "flush the Offer Row"}.get(action, action)


def finish_purchases(state: S, seat: int) -> None:
    # discard what was played and what stayed in hand, then draw the next hand
    return_borrowed(state, seat)
    state.discard[seat].extend(state.played)
    state.played = []
    state.discard[seat].extend(state.hand[seat])
    state.hand[seat] = []
    draw_hand(state, seat)
    end_of_turn(state, seat)


def end_of_turn(state: S, seat: int) -> None:
    """Events for a new decade of prestige; then the state finishes the turn in ``advance``."""
    if state.options.discard_oldest and not state.purchased and state.offer_row:
        state.offer_discard.append(state.offer_row.pop(0))  # the digital edition's rule
        refill_row(state)
    state.phase = "ending"
    state.coins = 0
    if state.options.events:
        dec = state.prestige[seat] // 10
        if dec > state.decade[seat]:
            state.decade = tuple(dec if s == seat else d for s, d in enumerate(state.decade))
            if not state.event_deck and state.event_discard:
                pile = sorted(state.event_discard)
                state.rng.shuffle(pile)
                state.event_deck = tuple(pile)
                state.event_discard = ()
            if state.event_deck:
                e = state.event_deck[-1]
                state.event_deck = state.event_deck[:-1]
                state.push(EventDraw(seat, e))


@dataclass(frozen=True)
class EventDraw(Step):
    """A new decade of prestige: keep the event drawn, or swap it with a player ahead."""

    event: int

    def check_loaded(self, state: S) -> None:
        drawn = 0 <= self.event < len(state.content.events) and self.event not in state.event_deck
        state.require(drawn, "event", f"{clip(self.event)} is no event drawn")

    def legal_actions(self, state: S) -> list[str]:
        mine = state.prestige[self.seat]
        ahead = [s for s in range(state.num_players) if state.prestige[s] > mine]
        return ["event:keep", *(f"event:swap:{s}" for s in ahead)]

    def resolve(self, state: S, action: str) -> None:
        seat = self.seat
        if action == "event:keep":
            if state.events[seat] >= 0:
                state.event_discard = state.event_discard + (state.events[seat],)
            put(state, "events", seat, self.event)
            return
        other = int(action.rsplit(":", 1)[1])
        theirs = state.events[other]
        put(state, "events", other, self.event)
        if state.events[seat] >= 0:
            state.event_discard = state.event_discard + (state.events[seat],)
        put(state, "events", seat, theirs)

    def prompt(self, state: S) -> str:
        ev = state.content.events[self.event]
        return f"Event {ev.name}: {ev.text} Keep it, or swap it with a player ahead of you"


@dataclass(frozen=True)
class Glance(Step):
    """Quick Glance: the top card of the own draw pile stays there or is discarded."""

    def legal_actions(self, state: S) -> list[str]:
        return ["glance:keep", "glance:discard"]

    def resolve(self, state: S, action: str) -> None:
        seat = self.seat
        deck = state.deck[seat]
        if action == "glance:keep":
            put(state, "known_top", seat, deck[-1])
        else:
            state.discard[seat].append(deck.pop())
            put(state, "known_top", seat, -1)
        state.push(Spell(seat) if state.phase == "spell" else Purchase(seat))

    def prompt(self, state: S) -> str:
        c = state.content.cards[state.deck[self.seat][-1]]
        return f"Top of your draw pile: {c.letter.upper()} ({c.name}); keep it there or discard it"


@dataclass(frozen=True)
class SetAside(Step):
    """Jealous Triangle: set aside one card of an opponent's discard pile."""

    target: int

    def check_loaded(self, state: S) -> None:
        state.require_seat("target", self.target)
        state.require(self.target != self.seat, "target", "a player sets aside an opponent's card, not their own")

    def legal_actions(self, state: S) -> list[str]:
        return [f"aside:{c}" for c in sorted(set(state.discard[self.target]))]

    def resolve(self, state: S, action: str) -> None:
        c = int(action[6:])
        state.discard[self.target].remove(c)
        state.set_aside[self.target] += (c,)
        if not any(isinstance(s, SetAside) for s in state.stack):
            state.push(Spell(self.seat) if state.phase == "spell" else Purchase(self.seat))

    def prompt(self, state: S) -> str:
        return f"Set aside a card from seat {self.target}'s discard pile"


STEP_TYPES = (Spell, Arrange, Choose, Purchase, EventDraw, Glance, SetAside)


# ---- the flow ---------------------------------------------------------------------------------------


def start_turn(state: S) -> None:
    seat = state.turn
    state.phase = "spell"
    state.coins = 0
    state.bought = 0
    state.purchased = False
    state.flushed = False
    state.aggressive_used = False
    state.backs = 0
    state.played = []
    ev = event_of(state, seat)
    if ev is not None and ev.kind == "turn_ink":
        k = min(ev.n, state.ink_supply)
        state.ink_supply -= k
        state.ink[seat] += k


def finish_turn(state: S) -> None:
    """After a turn: the rival's move (co-op), the end checks, the next seat."""
    seat = state.turn
    n = state.num_players
    rv = rival(state)
    end = state.content.end_prestige
    if rv is not None:
        if state.offer_row:
            c = state.offer_row.pop(0)
            card = state.content.cards[c]
            state.rival_score += card.cost * (2 if rv.double_genre and card.genre == rv.genre else 1)
            state.offer_discard.append(c)
            refill_row(state)
        if sum(state.prestige) >= state.options.team_target * n or state.rival_score >= state.options.rival_target * n:
            state.phase = "over"
            return
    elif any(p >= end for p in state.prestige):
        state.final_round = True
    if seat == n - 1:
        state.rounds += 1
        if state.final_round or state.rounds >= state.options.max_rounds:
            state.phase = "over"
            return
    state.turn = (seat + 1) % n
    start_turn(state)


def advance(state: S) -> None:
    if state.phase == "ending":
        finish_turn(state)
    if state.phase == "over":
        return
    if state.phase == "spell":
        state.push(Spell(state.turn))
    elif state.phase == "purchase":
        state.push(Purchase(state.turn))
