"""Pure scoring of a spelled word: what each face-up card earns, with genre pairs, doubling,
uncovering, scaling cards and the holder's event, and what the choices it opens are worth.

A word is laid out as ``cards`` (one card id per letter position) and ``wild`` (True where the
card lies face down). ``Spelling`` says everything about the speller that matters: which cards
are theirs, their Timeless Classics in play, inked cards, the event in front of them.
"""

from __future__ import annotations

from typing import NamedTuple

from inkhorn.games.novelist.content import Card, EventModel

# Rough worth, in points, of the choices some effects open (bots rank words with them).
CHOICE_WORTH = {"ink_or_remover": 1.0, "jail": 1.0, "trash_other": 1.5}


MIN_WORD = 2  # a word has at least two letters (ruling R2: the dictionary holds none shorter)


class Spelling(NamedTuple):
    """The speller's side of a word: their cards, constraints and modifiers (a named tuple:
    built several times a turn, so cheap to make)."""

    hand: tuple[int, ...]  # hand cards that may be face up (forced wilds excluded)
    must_up: tuple[int, ...]  # inked or borrowed cards: must be used face up
    must_wild: tuple[int, ...]  # cards that must be used face down
    own_classics: tuple[int, ...]  # the speller's Timeless Classics in play
    foreign_classics: tuple[int, ...]  # other players' Timeless Classics in play (letters only)
    min_len: int = MIN_WORD
    max_len: int = 99
    max_wilds: int = 99
    required: str = ""  # a letter the word must contain (its first holder gives nothing)
    event: EventModel | None = None
    awards: tuple[tuple[int, int], ...] = ()  # (length, prestige) of awards still claimable
    award_now: int = 0  # prestige of the speller's active award
    inked: tuple[int, ...] = ()
    coin_weight: float = 1.0
    foreign_bonus: float = 0.01  # worth of sending another player's classic home (negative in co-op)

    def key(self) -> tuple:
        return (
            self.hand, self.must_up, self.must_wild, self.own_classics, self.foreign_classics,
            self.min_len, self.max_len, self.max_wilds, self.required,
            self.event.key if self.event else "", self.awards, self.award_now, self.coin_weight,
            self.foreign_bonus,
        )


# A layout search scores every layout it finds: its scores are built by the tuple's own
# constructor, a C call, not the named tuple's ``__new__``, a Python function.
_made = tuple.__new__


class WordScore(NamedTuple):
    coins: int
    prestige: int
    choices: tuple[tuple[str, int], ...]  # (effect, card id) opened by the word, in order
    award: int  # index-free: prestige of the award the word claims (0: none better)
    award_length: int
    value: float  # coins * weight + prestige + choice worth + award gain


def award_for(sp: Spelling, length: int) -> tuple[int, int]:
    """The best award a word of ``length`` letters claims: the longest one not above it."""
    best_len = best = 0
    for alen, prest in sp.awards:
        if alen <= length and prest > best:
            best_len, best = alen, prest
    if best <= sp.award_now:
        return 0, 0
    return best_len, best


def score_word(cards_table: tuple[Card, ...], sp: Spelling, word: str, cards: tuple[int, ...],
               wild: tuple[bool, ...], genre_in_play: dict[str, int]) -> WordScore:
    """Score a laid-out word for its speller. ``genre_in_play``: own classics in play per genre
    that are not part of this word (they count as genre partners)."""
    n = len(cards)
    hand, must_wild, own_classics = sp.hand, sp.must_wild, sp.own_classics
    req_pos = word.find(sp.required) if sp.required else -1
    table = cards_table
    # the cards at the positions that give benefits (face up, the speller's own, not the
    # required letter's first holder); None elsewhere
    gives: list[Card | None] = [None] * n
    count: dict[str, int] = {}
    for i in range(n):
        if wild[i] or i == req_pos:
            continue
        k = cards[i]
        if k in hand or k in must_wild or k in own_classics:
            mine = gives[i] = table[k]
            g = mine.genre
            if g:
                count[g] = count.get(g, 0) + 1
    active = [False] * n
    if count:
        for i in range(n):
            giver = gives[i]
            if giver is not None:
                g = giver.genre
                if g and count[g] - 1 + genre_in_play.get(g, 0) >= 1:
                    active[i] = True
    # doubling: each active doubler picks its better adjacent benefit-giving neighbour
    mult = [1] * n
    for i in range(n):
        c = gives[i]
        if c is not None and c.special == "double" and (c.special_basic or active[i]):
            best_j, best_v = -1, -1
            for j in (i - 1, i + 1):
                if 0 <= j < n:
                    d = gives[j]
                    if d is not None:
                        v = d.coins + d.prestige
                        if v > best_v:
                            best_j, best_v = j, v
            if best_j >= 0:
                mult[best_j] += 1
    coins = prestige = 0
    uncovered: set[int] = set()
    choices: list[tuple[str, int]] = []
    worth = 0.0
    cw = sp.coin_weight
    for i in range(n):
        c = gives[i]
        if c is None:
            continue
        m = mult[i]
        coins += c.coins * m
        prestige += c.prestige * m
        if active[i]:
            coins += c.genre_coins
            prestige += c.genre_prestige
        s = c.special
        if not s or not (c.special_basic or active[i]):
            continue
        if s == "per_genre":
            others = count[c.genre] - 1
            if c.genre == "adventure":
                prestige += c.amount * others
            else:
                coins += c.amount * others
        elif s == "per_ink":
            inked = sp.inked
            for x in cards:  # a loop, not a generator: the compiled build types this function
                if x in inked:
                    coins += c.amount
        elif s == "per_wild":
            coins += c.amount * sum(wild)
        elif s == "uncover":
            best_j, best_v = -1, -1
            for j in (i - 1, i + 1):
                if 0 <= j < n and wild[j] and j not in uncovered:
                    u = table[cards[j]]
                    v = u.coins + u.prestige
                    if v > best_v:
                        best_j, best_v = j, v
            if best_j >= 0:
                uncovered.add(best_j)
                u = table[cards[best_j]]
                coins += u.coins
                prestige += u.prestige
        elif s == "double":
            pass  # applied above through the multipliers
        elif s == "coin_or_prestige":
            choices.append((s, c.id))
            worth += max(c.amount * cw, c.alt)
        elif s == "trash_self":
            choices.append((s, c.id))
            worth += max(0.0, c.amount * cw + c.alt - 1.0)
        else:
            choices.append((s, c.id))
            worth += CHOICE_WORTH[s] * (cw if s == "trash_other" else 1.0)
    ev = sp.event
    if ev is not None:
        kind = ev.kind
        if kind == "letter_coins" or kind == "letter_prestige" or kind == "genre_prestige":
            hits = 0
            for c in gives:
                if c is not None and (
                    (kind == "genre_prestige" and c.genre == ev.genre) or (kind != "genre_prestige" and c.letter in ev.letters)
                ):
                    hits += 1
            if kind == "letter_coins":
                coins += ev.n * hits
            else:
                prestige += ev.n * hits
        elif kind == "long_word" and n >= ev.length:
            prestige += ev.n
        elif kind == "word_coins":
            coins = max(0, coins + ev.n)
    alen, award = award_for(sp, n)
    value = coins * cw + prestige + worth + (award - sp.award_now if award else 0)
    return _made(WordScore, (coins, prestige, tuple(choices), award, alen, value))
