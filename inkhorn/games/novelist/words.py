"""The dictionary and the word finder.

The dictionary is indexed by *signature* (a word's letters, sorted): the
:class:`SignatureIndex` holds each signature's words and finds the signatures a hand's
letters (any sub-multiset) spell exactly, or with one face-down wild (the signatures one
letter longer), by two look-ups per sub-multiset.

The finder ranks signatures by an estimate (the best card for each letter), expands the best
ones into words, and lays each of those out exactly (which card at which position, which face
down) with :func:`best_layout`, maximising the word's score.
"""

from __future__ import annotations

import gzip
from array import array
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from inkhorn.core.errors import OptionError
from inkhorn.games.novelist.content import Card
from inkhorn.games.novelist.scoring import Spelling, WordScore, award_for, score_word

SHIPPED_WORDS = Path(__file__).parent / "content" / "words.txt.gz"
MAX_FIND_LEN = 12  # the longest Literary Award; longer words are still valid when typed
DEL1_MAX_LEN = 9  # a wild beside 8 face-up letters; longer words are found without wilds
SHAPE_CACHE = 4096  # letter shapes of hands whose sub-multisets the finder keeps
# Constants past 31 bits, typed in ``words.pxd``: a literal that long in a compiled function
# would be a Python int there, and the arithmetic on it Python's.
_TWELVE_LETTERS = 36028797018963968  # 1 << 55: a code of 12 letters or more is at least this
_FIBONACCI = 0x5851F42D4C957F2D  # the multiplier of the tables' hashing


class Dictionary:
    """A word list: membership plus the signature indexes the finder uses."""

    def __init__(self, words: list[str], source: str):
        self.source = source
        # a dict of texts, not a frozenset: the cycle collector never tracks it, where it would
        # walk a set of 112,000 words at each of its full passes
        self.words: dict[str, None] = dict.fromkeys(words)
        by_key: dict[str, tuple[str, ...]] = {}
        for w in words:
            if len(w) <= MAX_FIND_LEN:
                k = "".join(sorted(w))
                known = by_key.get(k)
                by_key[k] = (w,) if known is None else known + (w,)
        self.index = SignatureIndex(by_key)  # it keeps each signature's words
        self._offered: dict[frozenset[str], tuple[str, array]] = {}

    def offered(self, unsuggested: frozenset[str]) -> tuple[str, array]:
        """Every signature's words but ``unsuggested``, in one text, and where each
        signature's start (``sid``'s words, spaced, from ``starts[sid]`` to ``starts[sid + 1]``);
        made once per set left out. A new hand's words are read from its megabyte, not from
        the index's tuples and texts, spread through ten times as much memory and cold by the
        time the next hand is dealt."""
        found = self._offered.get(unsuggested)
        if found is None:
            texts = [" ".join([w for w in ws if w not in unsuggested]) for ws in self.index.words]
            starts = array("i", [0]) * (len(texts) + 1)
            at = 0
            for sid, text in enumerate(texts):
                at += len(text) + 1
                starts[sid + 1] = at
            found = self._offered[unsuggested] = (" ".join(texts), starts)
        return found

    def __contains__(self, word: str) -> bool:
        return word in self.words

    def __len__(self) -> int:
        return len(self.words)


def letter_code(sig: str) -> int:
    """A signature (at most 12 letters, sorted) as one exact number: its letters a=1 ... z=26,
    five bits each, the last letter lowest. A sub-multiset's code grows letter by letter as
    its signature does (``code << 5 | letter``), with no text made."""
    code = 0
    for ch in sig:
        code = code << 5 | (ord(ch) - 96)
    return code


def _grown(code: int, letter: int) -> int:
    """``code`` with ``letter`` added last; 0 once past 12 letters (a sub-multiset that long
    spells nothing the finder looks up, and its code would not fit 64 bits)."""
    return code << 5 | letter if code < _TWELVE_LETTERS else 0


def _slot(code: int, shift: int, mask: int) -> int:
    """A code's first slot in a table of ``mask + 1`` (Fibonacci hashing: the top bits of the
    64-bit product, alike in C's wrapping arithmetic and Python's exact one)."""
    return (code * _FIBONACCI) >> shift & mask


class SignatureIndex:
    """The dictionary's signatures (at most ``MAX_FIND_LEN`` letters) by code, and the
    signatures one letter longer than any code (``DEL1_MAX_LEN`` letters at most), in flat
    arrays: a look-up reads one or two cache lines, where a dict of texts reads four
    scattered ones (its index, its entry, the text, the value), and the finder keeps no
    texts but those it returns. Signatures are numbered in reverse alphabetical order, the
    order the finder gives equal estimates in."""

    def __init__(self, words: dict[str, tuple[str, ...]]) -> None:
        sigs = sorted(words, reverse=True)
        self.sigs = tuple(sigs)  # reverse alphabetical; a tuple of texts, which the cycle collector stops tracking
        self.words = tuple(words[sig] for sig in sigs)  # each signature's words
        self.letters = array("I", [_letter_bits(sig) for sig in sigs])  # per signature, a bit per letter
        codes = [letter_code(sig) for sig in sigs]
        self.key_bits, self.key_codes, self.key_ids = _table(codes)
        shorter = _one_letter_short(codes, [len(sig) for sig in sigs])
        short_codes = list(shorter)
        self.short_bits, self.short_codes, self.short_entries = _table(short_codes)
        flat: list[int] = []
        starts = [0]
        for short in short_codes:
            flat += shorter[short]
            starts.append(len(flat))
        self.short_start = array("i", starts)
        self.short_ids = array("i", flat)

    def signature(self, code: int) -> int:
        """The number of the signature of ``code``, or -1."""
        return _look_up(self.key_codes, self.key_ids, self.key_bits, code)

    def grown(self, code: int) -> int:
        """The entry of the signatures one letter longer than ``code`` (their numbers are
        ``short_ids[short_start[e]:short_start[e + 1]]``), or -1."""
        return _look_up(self.short_codes, self.short_entries, self.short_bits, code)


def _look_up(codes: array, values: array, bits: int, code: int) -> int:
    """The value beside ``code`` in a table made by :func:`_table`, or -1."""
    mask = (1 << bits) - 1
    slot = _slot(code, 64 - bits, mask)
    while True:
        found = codes[slot]
        if found == code:
            return values[slot]
        if found == 0:
            return -1
        slot = (slot + 1) & mask


def _letter_bits(sig: str) -> int:
    bits = 0
    for ch in sig:
        bits |= 1 << (ord(ch) - 97)
    return bits


def _one_letter_short(codes: list[int], lengths: list[int]) -> dict[int, list[int]]:
    """Each code one letter short of a signature of ``DEL1_MAX_LEN`` letters or fewer: the
    numbers of the signatures it grows into (each letter taken out once, the first of a run)."""
    shorter: dict[int, list[int]] = {}
    one = 1  # a 64-bit one in the compiled build, where a plain 1 shifted past 31 bits overflows
    for sid, code in enumerate(codes):
        n = lengths[sid]
        if n > DEL1_MAX_LEN:
            continue
        prev = 0
        for i in range(n):
            low_bits = 5 * (n - 1 - i)
            letter = code >> low_bits & 31
            if letter == prev:
                continue
            prev = letter
            short = (code >> (low_bits + 5)) << low_bits | (code & ((one << low_bits) - one))
            grown = shorter.get(short)
            if grown is None:
                shorter[short] = [sid]
            else:
                grown.append(sid)
    return shorter


def _table(codes: list[int]) -> tuple[int, array, array]:
    """An open-addressing table of ``codes`` (none of them 0, the empty slot), at most half
    full: its size in bits, each slot's code and the position in ``codes`` of that code."""
    bits = max(4, (2 * len(codes)).bit_length())
    mask = (1 << bits) - 1
    slots = array("Q", bytes(8 << bits))
    where = array("i", bytes(4 << bits))
    for position, code in enumerate(codes):
        slot = _slot(code, 64 - bits, mask)
        while slots[slot]:
            slot = (slot + 1) & mask
        slots[slot] = code
        where[slot] = position
    return bits, slots, where


def _read_words(path: Path, source: str) -> list[str]:
    try:
        if path.suffix == ".gz":
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                text = fh.read()
        else:
            text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise OptionError(f"dictionary {source}: cannot read ({exc})") from None
    words = []
    for line in text.split():
        w = line.strip().lower()
        if len(w) >= 2 and w.isascii() and w.isalpha():
            words.append(w)
    if not words:
        raise OptionError(f"dictionary {source}: holds no words of two letters or more")
    return sorted(set(words))


@cache
def unsuggested_words() -> frozenset[str]:
    """Vulgar words the game never suggests (``content/unsuggested.txt``); still legal to spell."""
    text = (Path(__file__).resolve().parent / "content" / "unsuggested.txt").read_text(encoding="utf-8")
    return frozenset(w.strip() for w in text.splitlines() if w.strip() and not w.startswith("#"))


@cache
def load_dictionary(path: str | None = None) -> Dictionary:
    """The shipped SCOWL-based list, or a word list file (one word a line, .gz allowed)."""
    if path is None:
        return Dictionary(_read_words(SHIPPED_WORDS, "novelist/content/words.txt.gz"), "scowl-70")
    p = Path(path)
    if not p.is_file():
        raise OptionError(f"dictionary {path!r}: no such file")
    return Dictionary(_read_words(p, path), str(path))


# ---- layouts ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """A word laid out: the card at each position and which lie face down, and its score
    (``None`` when only the layout was asked for and no other was possible)."""

    word: str
    cards: tuple[int, ...]
    wild: tuple[bool, ...]
    score: WordScore | None


_FACES: dict[int, _Faces] = {}


class _Faces:
    """Per card of a table, in arrays: its letter (a=0 ... z=25), face value (coins +
    prestige), whether it uncovers, and its face's number (cards of one face lay out alike)."""

    def __init__(self, table: tuple[Card, ...]) -> None:
        faces: dict[str, int] = {}
        self.table = table
        self.letter = array("b", [ord(c.letter) - 97 for c in table])
        self.value = array("i", [c.coins + c.prestige for c in table])
        self.uncovers = array("b", [c.special == "uncover" for c in table])
        self.face = array("i", [faces.setdefault(c.key, len(faces)) for c in table])


def _faces(table: tuple[Card, ...]) -> _Faces:
    """The table's :class:`_Faces`, made once."""
    found = _FACES.get(id(table))
    if found is None or found.table is not table:
        found = _FACES[id(table)] = _Faces(table)
    return found


def best_layout(table: tuple[Card, ...], sp: Spelling, word: str, genre_in_play: dict[str, int],
                scored: bool = True) -> Play | None:
    """The highest-scoring legal layout of ``word`` (``None``: the cards cannot spell it).
    ``scored=False``: only the layout is wanted, so when it is the only possible one it is
    not scored (a word typed or picked is laid out at every turn; its score comes later)."""
    found = _best_laid(table, sp, word, genre_in_play, scored)
    return None if found is None else Play(word, *found)


def _best_laid(table: tuple[Card, ...], sp: Spelling, word: str, genre_in_play: dict[str, int],
               scored: bool) -> tuple[tuple[int, ...], tuple[bool, ...], WordScore | None] | None:
    """:func:`best_layout` as (cards, face down, score), with no ``Play`` made where only the
    layout is wanted (a dataclass's ``__init__`` is a Python function, in the compiled build
    too)."""
    if not _may_spell(sp, word):
        return None
    search = _Search(table, sp, word, genre_in_play)
    if not sp.must_wild and search.lone():
        laid = search.laid()
        if laid is None:
            return None
        return laid[0], laid[1], search.scored(laid)[0] if scored else None
    search.start_over()
    search.place(0)
    return search.best


def searched_layout(table: tuple[Card, ...], sp: Spelling, word: str, genre_in_play: dict[str, int]) -> Play | None:
    """:func:`best_layout` by the full search alone, even where one layout only is possible
    (the tests hold the two equal)."""
    if not _may_spell(sp, word):
        return None
    search = _Search(table, sp, word, genre_in_play)
    search.place(0)
    return None if search.best is None else Play(word, *search.best)


def _may_spell(sp: Spelling, word: str) -> bool:
    """The word's length and required letter allow it."""
    return sp.min_len <= len(word) <= sp.max_len and (not sp.required or sp.required in word)


class _Search:
    """The layouts of one word from one speller's cards, in flat arrays (typed in
    ``words.pxd``: a Spell decision lays out the word picked, new at nearly every turn).

    The cards the speller may use face up are grouped by letter, each group in the order of
    ``hand + own classics + other players' classics``; a *slot* is a place in that grouping.
    A card's *kind* is what makes two cards of a letter lay out differently: its face, from
    the hand or not, to be used face up or not, lent by another player or not."""

    def __init__(self, table: tuple[Card, ...], sp: Spelling, word: str, genre_in_play: dict[str, int]) -> None:
        self.faces = _faces(table)
        self.table = table
        self.sp = sp
        self.word = word
        self.genre_in_play = genre_in_play
        hand = sp.hand
        up_cards = hand + sp.own_classics + sp.foreign_classics if sp.own_classics or sp.foreign_classics else hand
        self.n = len(word)
        self.n_worth = -1  # not sorted yet
        self.must_need = len(set(sp.must_up))
        self.must_used = 0
        self.forced = len(sp.must_wild)
        self.extra = self.forced
        self.max_wilds = sp.max_wilds
        self.best: tuple[tuple[int, ...], tuple[bool, ...], WordScore] | None = None  # cards, face down, score
        self.best_value = -1e18
        self.any_uncover = False
        # every array of the search in one block of C ints (one allocation), each a view of it
        size = 26 + 27 + 26 + 4 * len(up_cards) + 2 * self.n + 2 * len(hand)
        self._group(memoryview(array("i", bytes(4 * size))), up_cards)

    def _group(self, block: memoryview, up_cards: tuple[int, ...]) -> None:
        """The word's letters counted, the cards grouped by letter into their slots."""
        m, n, h = len(up_cards), self.n, len(self.sp.hand)
        self.remaining = block[:26]  # the places of each letter from the current one on
        self.start = block[26:53]  # letter ch's slots: start[ch] to start[ch + 1]
        self.taken = block[53:79]  # slots of each letter filled, while grouping
        self.card = block[79 : 79 + m]  # the card in each slot
        self.kind = block[79 + m : 79 + 2 * m]
        self.must = block[79 + 2 * m : 79 + 3 * m]  # 1: to be used face up
        self.used = block[79 + 3 * m : 79 + 4 * m]  # 1: placed face up
        self.letters = block[79 + 4 * m : 79 + 4 * m + n]  # a=0 ... z=25
        self.chosen = block[79 + 4 * m + n : 79 + 4 * m + 2 * n]  # the slot at each place, -1: a wild
        self.slot_of_hand = block[79 + 4 * m + 2 * n : 79 + 4 * m + 2 * n + h]
        self.worth = block[79 + 4 * m + 2 * n + h :]  # slots of the free hand cards, best first (the wilds)
        word = self.word
        faces = self.faces
        letter_of, uncovers, face_of = faces.letter, faces.uncovers, faces.face
        for i in range(self.n):
            ch = ord(word[i]) - 97
            self.letters[i] = ch
            self.remaining[ch] += 1
            self.chosen[i] = -1
        start = self.start
        for cid in up_cards:
            start[letter_of[cid] + 1] += 1
        for ch in range(26):
            start[ch + 1] += start[ch]
        taken = self.taken
        hand, must_up, lent = self.sp.hand, self.sp.must_up, self.sp.foreign_classics
        for k in range(len(up_cards)):
            cid = up_cards[k]
            ch = letter_of[cid]
            s = start[ch] + taken[ch]
            taken[ch] += 1
            self.card[s] = cid
            in_hand = k < len(hand)
            must = cid in must_up
            self.must[s] = must
            self.kind[s] = face_of[cid] * 8 + in_hand * 4 + must * 2 + (cid in lent)
            if in_hand:
                self.slot_of_hand[k] = s
            if uncovers[cid]:
                self.any_uncover = True

    def lone(self) -> bool:
        """Whether the search would find one layout only, and if so that layout's face-up
        cards placed: every letter of the word has either no card (its places go wild) or
        cards enough, all alike (they go in order, as the search would place them)."""
        start, kind, letters, chosen, used = self.start, self.kind, self.letters, self.chosen, self.used
        nth = self.taken  # the cards of each letter placed so far
        for ch in range(26):
            nth[ch] = 0
        for i in range(self.n):
            ch = letters[i]
            first = start[ch]
            cards = start[ch + 1] - first
            if not cards:
                continue
            j = nth[ch]
            if j >= cards:
                return False
            if not j:
                for s in range(first + 1, first + cards):
                    if kind[s] != kind[first]:
                        return False
            chosen[i] = first + j
            used[first + j] = 1
            self.must_used += self.must[first + j]
            nth[ch] = j + 1
        return True

    def start_over(self) -> None:
        """No card placed yet (after :meth:`lone` placed some)."""
        for i in range(self.n):
            self.chosen[i] = -1
        for s in range(len(self.used)):
            self.used[s] = 0
        self.must_used = 0

    def place(self, i: int) -> int:
        """The search from place ``i`` on: each kind of card that may stand there, or a wild;
        ``place(0)`` scores every layout and keeps the best in ``best`` (identical cards are
        tried once per place). (0: done; the compiled build's way of passing on an exception.)"""
        if i == self.n:
            laid = self.laid()
            if laid is not None:
                sc, v = self.scored(laid)
                if v > self.best_value:
                    self.best = (laid[0], laid[1], sc)
                    self.best_value = v
            return 0
        ch = self.letters[i]
        first, last = self.start[ch], self.start[ch + 1]
        used, kind, chosen = self.used, self.kind, self.chosen
        cands = 0
        for s in range(first, last):
            if not used[s]:
                cands += 1
        left = self.remaining[ch]
        self.remaining[ch] = left - 1
        for s in range(first, last):
            if used[s]:
                continue
            tried = False  # a card of this kind was tried here already: identical layouts
            for t in range(first, s):
                if not used[t] and kind[t] == kind[s]:
                    tried = True
                    break
            if tried:
                continue
            used[s] = 1
            self.must_used += self.must[s]
            chosen[i] = s
            self.place(i + 1)
            used[s] = 0
            self.must_used -= self.must[s]
        if not cands or left > cands or self.extra > 0:
            took_extra = cands and left <= cands
            if took_extra:
                self.extra -= 1
            chosen[i] = -1
            self.place(i + 1)
            if took_extra:
                self.extra += 1
        self.remaining[ch] = left
        return 0

    def laid(self) -> tuple[tuple[int, ...], tuple[bool, ...], int] | None:
        """(cards, face down, wilds) of the layout whose face-up cards are placed; ``None``
        when it breaks a rule. The forced wilds go first, then the least worth of the free
        hand cards; a card that uncovers turns up its best neighbour, so the best wilds go
        beside it."""
        if self.must_used < self.must_need:
            return None
        n, chosen, card = self.n, self.chosen, self.card
        w = 0
        for i in range(n):
            if chosen[i] < 0:
                w += 1
        if w < self.forced or w > self.max_wilds:
            return None
        cards = [-1] * n
        for i in range(n):
            if chosen[i] >= 0:
                cards[i] = card[chosen[i]]
        if not w:
            return tuple(cards), (False,) * n, 0
        sp = self.sp
        face = self.faces.value
        picked = list(sp.must_wild)
        if w > self.forced:
            if self.n_worth < 0:
                self._by_worth()
            for k in range(self.n_worth):
                if len(picked) == w:
                    break
                if not self.used[self.worth[k]]:
                    picked.append(card[self.worth[k]])
            if len(picked) < w:
                return None
        wild = [False] * n
        if self.any_uncover:
            # the places beside a face-up card that uncovers first, the best wilds there
            uncovers = self.faces.uncovers
            order = []
            for i in range(n):
                if chosen[i] < 0 and ((i > 0 and chosen[i - 1] >= 0 and uncovers[cards[i - 1]])
                                      or (i + 1 < n and chosen[i + 1] >= 0 and uncovers[cards[i + 1]])):
                    order.append(i)
            for i in range(n):
                if chosen[i] < 0 and i not in order:
                    order.append(i)
            for k in range(1, w):  # by face value, the best first (stable)
                c = picked[k]
                j = k
                while j > 0 and face[picked[j - 1]] < face[c]:
                    picked[j] = picked[j - 1]
                    j -= 1
                picked[j] = c
        else:
            order = []
            for i in range(n):
                if chosen[i] < 0:
                    order.append(i)
        for k in range(w):
            cards[order[k]] = picked[k]
            wild[order[k]] = True
        return tuple(cards), tuple(wild), w

    def _by_worth(self) -> None:
        """The free hand cards (not to be used face up) by face value, the best first (an
        insertion sort, stable: a hand holds a few cards)."""
        hand, must_up, face = self.sp.hand, self.sp.must_up, self.faces.value
        n = 0
        for k in range(len(hand)):
            if hand[k] in must_up:
                continue
            s = self.slot_of_hand[k]
            v = face[hand[k]]
            j = n
            while j > 0 and face[self.card[self.worth[j - 1]]] < v:
                self.worth[j] = self.worth[j - 1]
                j -= 1
            self.worth[j] = s
            n += 1
        self.n_worth = n

    def scored(self, laid: tuple[tuple[int, ...], tuple[bool, ...], int]) -> tuple[WordScore, float]:
        """The score of a layout, and its worth among the layouts of the word: using other
        players' classics is preferred (they go back to their owners), then fewer wilds."""
        table, sp, word = self.table, self.sp, self.word
        tcards, twild, w = laid
        gip = self.genre_in_play
        if sp.own_classics:
            used_classics = {c for c in tcards if c in sp.own_classics}
            if used_classics:
                gip = dict(gip)
                for c in used_classics:
                    gip[table[c].genre] = gip.get(table[c].genre, 0) - 1
        sc = score_word(table, sp, word, tcards, twild, gip)
        if sp.foreign_classics:
            foreign = sp.foreign_classics
            return sc, sc.value + sp.foreign_bonus * sum(1 for c in tcards if c in foreign) - 0.001 * w
        return sc, sc.value - 0.001 * w


# ---- the finder --------------------------------------------------------------------------------


class WordFinder:
    """Spellable words for a speller, best first. Results are cached by the speller's key.
    A finder serves one thread at a time (``state.finder_for`` gives each thread its own)."""

    def __init__(self, dictionary: Dictionary, table: tuple[Card, ...], cache_size: int = 256,
                 unsuggested: frozenset[str] = frozenset()):
        self.dic = dictionary
        self.unsuggested = unsuggested  # never offered; a player may still type them
        self.table = table
        # both caches keep tuples of texts and numbers, which the cycle collector stops tracking
        # at its first pass (lists or ``Play`` objects would be walked at every pass after).
        # What comes back is recent: a hand's list within its turn, a search's own hand at
        # each of its decisions. A few hundred entries keep that; a learner's loop, which
        # adds one at most decisions, paid for thousands (each one added put out one long
        # unused, from cold memory): 4,096 -> 256, -1.0 µs a step (medians of 8 alternated
        # runs), and bots' games took as long
        self._cand_cache: OrderedDict[tuple, tuple[str, ...]] = OrderedDict()
        self._layouts: OrderedDict[tuple, tuple[tuple[int, ...], tuple[bool, ...]] | None] = OrderedDict()
        self._cache_size = cache_size
        self._ranking = _Ranking(dictionary.index, table)
        self._offered, self._starts = dictionary.offered(unsuggested)  # see candidates

    def ranked_signatures(self, sp: Spelling, top: int | None = None) -> list[str]:
        """The signatures the speller can spell, best estimate first, equal estimates in
        reverse alphabetical order (all of them, or the ``top`` best that hold the required
        letter).

        Every sub-multiset of the speller's letters (inked and borrowed letters always in) is
        estimated by its best cards; a signature's estimate is the best over the sub-multisets
        that spell it (exactly, or with wilds) plus the gain of its length. With ``top``, the
        sub-multisets are looked up best first until none left can enter the top."""
        return ranked_signatures(self, sp, top)

    def candidates(self, sp: Spelling, limit: int = 12) -> tuple[str, ...]:
        """Up to ``limit`` good words by estimate (cheap; no layouts), best first."""
        key = (sp.key(), limit)
        hit = self._cand_cache.get(key)
        if hit is not None:
            self._cand_cache.move_to_end(key)
            return hit
        out: list[str] = []
        offered, starts = self._offered, self._starts
        for sid in ranked_ids(self, sp, limit):  # each holds the required letter
            for w in offered[starts[sid] : starts[sid + 1]].split():
                out.append(w)
                if len(out) >= limit:
                    break
            if len(out) >= limit:
                break
        hit = self._cand_cache[key] = tuple(out)
        if len(self._cand_cache) > self._cache_size:
            self._cand_cache.popitem(last=False)
        return hit

    def layout(self, sp: Spelling, word: str, genre_in_play: dict[str, int]) -> tuple[tuple[int, ...], tuple[bool, ...]] | None:
        """The best layout of ``word`` (:func:`best_layout`): the card at each place and which lie
        face down, or ``None`` when the cards cannot spell it. Remembered per speller and word:
        a search lays out the same few words of its own hand again and again."""
        key = (sp.key(), sp.inked, word, tuple(sorted(genre_in_play.items())))
        cache = self._layouts
        if key in cache:
            cache.move_to_end(key)
            return cache[key]
        found = _best_laid(self.table, sp, word, genre_in_play, False)
        laid = cache[key] = None if found is None else (found[0], found[1])
        if len(cache) > self._cache_size:
            cache.popitem(last=False)
        return laid

    def find(self, sp: Spelling, genre_in_play: dict[str, int], limit: int = 20, examine: int = 40) -> list[Play]:
        """The best ``limit`` words with their best layouts, exact scores, best first."""
        words = self.candidates(sp, examine)
        plays = []
        for w in words:
            p = best_layout(self.table, sp, w, genre_in_play)
            if p is not None:
                plays.append(p)
        plays.sort(key=lambda p: (-p.score.value if p.score else 0.0, -len(p.word), p.word))
        return plays[:limit]


def ranked_signatures(finder: WordFinder, sp: Spelling, top: int | None = None) -> list[str]:
    """:meth:`WordFinder.ranked_signatures`."""
    sigs = finder.dic.index.sigs
    return [sigs[sid] for sid in ranked_ids(finder, sp, top)]


def ranked_ids(finder: WordFinder, sp: Spelling, top: int | None = None) -> list[int]:
    """:meth:`WordFinder.ranked_signatures`, as the signatures' numbers in the dictionary's
    index."""
    if top is not None and top < 1:
        return []
    ranking = finder._ranking
    return ranking.rank(sp, 0 if top is None else top)


class _Ranking:
    """A finder's ranking of signatures (:meth:`WordFinder.ranked_signatures`), with what it
    works in kept between calls: a Spell decision ranks whenever the hand is new, and a
    ranking that made its arrays, a dict of what it found and two Python sorts anew cost
    more than its look-ups. Its arrays grow to the largest speller seen; the signatures
    found are kept in flat arrays, with a small open-addressing set of their numbers.
    ``words.pxd`` types it for the compiled build (C doubles and ints throughout)."""

    def __init__(self, index: SignatureIndex, table: tuple[Card, ...]) -> None:
        self.index = index
        self.table = table
        self.letter = _faces(table).letter  # a=0 ... z=25
        self.values: dict[float, array] = {}  # per coin weight: every card's estimate
        self.gains: dict[tuple, tuple[array, array]] = {}  # see _award_gain
        self.shapes: dict[tuple, tuple[array, array]] = {}  # see _subsets
        # per letter (a=0 ... z=25, in blocks of 26): the hand's cards, the classics, those to
        # be used face up, where its cards' estimates start in ``vals``, how many are in
        self.counts = array("i", bytes(4 * 26 * 5))
        self.vals = array("d", bytes(8 * 16))
        # per sub-multiset: its estimate and code; ``order`` (twice as long: room for merging)
        # and ``ties`` (0, 1, 2 ...) for sorting them
        self._subsets_room(64)
        # the signatures found: their numbers and estimates in the order found, the set of
        # their numbers (-1: an empty slot), room to sort them; the best ``top`` estimates
        self.found_ids, self.found_ests = array("i"), array("d")
        self.n_found = 0
        self._found_room(64)
        self.ranking = False  # while a ranking runs
        self.tops = array("d", bytes(8 * 16))
        self.n_tops = 0

    def _subsets_room(self, n: int) -> None:
        self.ests = array("d", bytes(8 * n))
        self.codes = array("Q", bytes(8 * n))
        self.order = array("i", bytes(8 * n))
        self.ties = array("i", range(n))

    def _found_room(self, n: int) -> None:
        """Room for ``n`` signatures found, those found so far kept (the set is made again)."""
        ids = array("i", bytes(4 * n))
        ests = array("d", bytes(8 * n))
        for i in range(self.n_found):
            ids[i] = self.found_ids[i]
            ests[i] = self.found_ests[i]
        self.found_ids = ids
        self.found_ests = ests
        self.found_order = array("i", bytes(8 * n))
        self.found_set = array("i", [-1]) * (2 * n)
        for i in range(self.n_found):
            self._put(ids[i])

    def _put(self, sid: int) -> bool:
        """``sid`` into the set of numbers found; whether it was not there."""
        room = self.found_set
        mask = len(room) - 1
        slot = _spread(sid) & mask
        while True:
            there = room[slot]
            if there == sid:
                return False
            if there < 0:
                room[slot] = sid
                return True
            slot = (slot + 1) & mask

    def _found(self, sid: int, v: float) -> bool:
        """``sid`` found at estimate ``v``, unless found before (its first estimate is its
        best: estimates only fall); whether it was new."""
        n = self.n_found
        if n == len(self.found_ids):
            self._found_room(2 * n)
        if not self._put(sid):
            return False
        self.found_ids[n] = sid
        self.found_ests[n] = v
        self.n_found = n + 1
        return True

    def _found_grown(self, entry: int, v: float, req_bit: int) -> None:
        """The signatures of ``entry`` in the index's one-letter-longer table that hold the
        required letter (``req_bit``, 0: any), found at estimate ``v``."""
        index = self.index
        letters, short_ids = index.letters, index.short_ids
        for at in range(index.short_start[entry], index.short_start[entry + 1]):
            sid = short_ids[at]
            if not req_bit or letters[sid] & req_bit:
                self._found(sid, v)

    def _forget_found(self) -> None:
        """Empty the set, each number taken out in the reverse of the order put in: a slot
        emptied is then never on the way to one still to take out."""
        room = self.found_set
        mask = len(room) - 1
        for i in range(self.n_found - 1, -1, -1):
            sid = self.found_ids[i]
            slot = _spread(sid) & mask
            while room[slot] != sid:
                slot = (slot + 1) & mask
            room[slot] = -1
        self.n_found = 0

    def _entered(self, v: float, n: int, n_top: int, kth: float) -> float:
        """``n`` signatures entered at estimate ``v``: ``tops`` (the best ``n_top`` estimates
        found, lowest first) takes them in, and the lowest of a full ``tops`` is returned
        (``kth`` while it is not full)."""
        tops = self.tops
        have = self.n_tops
        for _ in range(n if n < n_top else n_top):
            if have < n_top:
                j = have
                have += 1
                while j > 0 and tops[j - 1] > v:
                    tops[j] = tops[j - 1]
                    j -= 1
                tops[j] = v
            elif v > tops[0]:
                j = 0
                while j + 1 < have and tops[j + 1] < v:
                    tops[j] = tops[j + 1]
                    j += 1
                tops[j] = v
            else:
                break
        self.n_tops = have
        return tops[0] if have >= n_top else kth

    def _card_values(self, cw: float) -> array:
        """The estimate of every card at coin weight ``cw`` (cached: few weights occur)."""
        vals = self.values.get(cw)
        if vals is None:
            vals = array("d", [c.coins * cw + c.prestige + 0.5 * (c.genre_coins * cw + c.genre_prestige)
                               + (0.7 if c.special else 0.0) for c in self.table])
            if len(self.values) >= 64:
                self.values.clear()
            self.values[cw] = vals
        return vals

    def _award_gain(self, sp: Spelling, lo_len: int, hi_len: int, f: int, wild_cap: int,
                    most: int) -> tuple[array, array]:
        """The gain of a word per length (awards, long-word event, length tie-break), and per
        number ``k`` of letters the best gain a word spelled from them can reach (its length
        is ``k`` plus the wilds; awards for longer words are out of reach)."""
        ev = sp.event
        long_len = ev.length if ev is not None and ev.kind == "long_word" else 99
        long_bonus = ev.n if ev is not None and ev.kind == "long_word" else 0
        key = (sp.awards, sp.award_now, long_len, long_bonus, lo_len, hi_len, f, wild_cap, most)
        hit = self.gains.get(key)
        if hit is None:
            award_gain = [0.0] * (MAX_FIND_LEN + 2)
            for L in range(MAX_FIND_LEN + 2):
                _alen, a = award_for(sp, L)
                award_gain[L] = (a - sp.award_now if a else 0) + (long_bonus if long_len <= L else 0) + 0.01 * L
            reach = [max(award_gain[max(lo_len, k + f) : min(hi_len, k + wild_cap) + 1], default=-1e9)
                     for k in range(most + 1)]
            if len(self.gains) >= 1024:
                self.gains.clear()
            hit = self.gains[key] = (array("d", award_gain), array("d", reach))
        return hit

    def _subsets(self, shape: tuple[tuple[int, int, int], ...]) -> tuple[array, array]:
        """Every sub-multiset of a speller's letters: ``shape`` gives per letter (in order) the
        hand cards, the classics and the cards that must be used face up. Returns how many
        free hand cards each sub-multiset uses (classics are used first) and how many letters
        it holds, in the order :meth:`rank` estimates them (the first letter's counts vary
        fastest). The letters themselves are not part of the shape, so hands of different
        letters share it."""
        hit = self.shapes.get(shape)
        if hit is None:
            free = [0]
            sizes = [0]
            for hc, cc, mc in shape:
                parts = [(s, (mc if mc > s - cc else s - cc) - mc) for s in range(mc, hc + cc + 1)]
                free = [u + used for _s, used in parts for u in free]
                sizes = [n + s for s, _used in parts for n in sizes]
            if len(self.shapes) >= SHAPE_CACHE:
                self.shapes.clear()
            hit = self.shapes[shape] = (array("i", free), array("i", sizes))
        return hit

    def rank(self, sp: Spelling, top: int) -> list[int]:
        """:func:`ranked_ids` (``top`` 0: all of them)."""
        if self.ranking:  # the last ranking was stopped midway (an exception): nothing found yet
            self.found_set = array("i", [-1]) * len(self.found_set)
            self.n_found = 0
        self.ranking = True
        cv = self._card_values(sp.coin_weight)
        letter_of = self.letter
        hand, own, lent, must_up = sp.hand, sp.own_classics, sp.foreign_classics, sp.must_up
        most = len(hand) + len(own) + len(lent)
        # per letter: the hand's cards, the classics, those to be used face up, and where its
        # cards' estimates start in ``vals`` (hand cards first, then classics; another
        # player's classic lends only its letter: worth a token 0.05)
        counts = self.counts
        classics_at, up_at, start_at, taken_at = 26, 52, 78, 104
        for ch in range(130):
            counts[ch] = 0
        for cid in hand:
            counts[letter_of[cid]] += 1
        for cid in own:
            counts[classics_at + letter_of[cid]] += 1
        for cid in lent:
            counts[classics_at + letter_of[cid]] += 1
        for cid in must_up:
            counts[up_at + letter_of[cid]] += 1
        filled = 0
        for ch in range(26):
            counts[start_at + ch] = filled
            filled += counts[ch] + counts[classics_at + ch]
        if most > len(self.vals):
            self.vals = array("d", bytes(8 * most))
        vals = self.vals
        for cid in hand:
            ch = letter_of[cid]
            vals[counts[start_at + ch] + counts[taken_at + ch]] = cv[cid]
            counts[taken_at + ch] += 1
        for cid in own:
            ch = letter_of[cid]
            vals[counts[start_at + ch] + counts[taken_at + ch]] = cv[cid]
            counts[taken_at + ch] += 1
        for cid in lent:
            ch = letter_of[cid]
            vals[counts[start_at + ch] + counts[taken_at + ch]] = 0.05
            counts[taken_at + ch] += 1
        f = len(sp.must_wild)
        wild_cap = min(sp.max_wilds, max(1, f))
        lo_len, hi_len = sp.min_len, min(sp.max_len, MAX_FIND_LEN)
        award_gain, reach = self._award_gain(sp, lo_len, hi_len, f, wild_cap, most)
        base_budget = f + len(hand) - len(must_up)

        # the estimate and the code of each sub-multiset add the best cards of each letter, in
        # alphabetical order (the letter left out first, then once, twice ...)
        total = 1
        for ch in range(26):
            if counts[ch] or counts[classics_at + ch]:
                total *= max(0, counts[ch] + counts[classics_at + ch] + 1 - counts[up_at + ch])
        if total > len(self.ests):
            self._subsets_room(total)
        ests, codes = self.ests, self.codes
        ests[0] = 0.0
        codes[0] = 0
        n = 1
        shape = []
        for ch in range(26):
            hc = counts[ch]
            cl = counts[classics_at + ch]
            if not hc and not cl:
                continue
            letter = ch + 1
            mu = counts[up_at + ch]
            first = counts[start_at + ch]
            shape.append((hc, cl, mu))
            if hc + cl == 1 and not mu:
                v = vals[first]
                for j in range(n):
                    ests[n + j] = ests[j] + v
                    codes[n + j] = _grown(codes[j], letter)
                n *= 2
                continue
            # the letter's estimates, best first (an insertion sort: a letter has a few cards),
            # and the sums of the best 0, 1, 2 ... of them
            last = first + hc + cl
            for i in range(first + 1, last):
                v = vals[i]
                j = i
                while j > first and vals[j - 1] < v:
                    vals[j] = vals[j - 1]
                    j -= 1
                vals[j] = v
            # the block of each count, the highest first: block 0 overwrites the entries it reads
            for s in range(hc + cl, mu - 1, -1):
                p = 0.0
                for i in range(first, first + s):
                    p += vals[i]
                at = (s - mu) * n
                for j in range(n):
                    ests[at + j] = ests[j] + p
                    code = codes[j]
                    for _ in range(s):
                        code = _grown(code, letter)
                    codes[at + j] = code
            n *= max(0, hc + cl + 1 - mu)
        free, sizes = self._subsets(tuple(shape))
        # best subsets first (equal estimates in the order made): a signature's length fixes its
        # gain, so the first subset that spells it gives its estimate, and later ones never beat it
        order = self.order
        for i in range(n):
            order[i] = i
        _best_first(ests, self.ties, order, n)
        max_bonus = reach[0]
        for k in range(1, len(reach)):
            if reach[k] > max_bonus:
                max_bonus = reach[k]

        req = sp.required
        req_bit = 1 << (ord(req) - 97) if req else 0
        index = self.index
        full = top == 0
        # the top-th best estimate found so far: a signature below it can never enter the top
        # (estimates only fall), so it is not kept; ``tops`` holds the best ``top`` estimates
        # found, lowest first
        kth = -1e18
        if top > len(self.tops):
            self.tops = array("d", bytes(8 * top))
        self.n_tops = 0
        one_wild = f <= 1 <= wild_cap
        multi = wild_cap >= 2  # two wilds or more are possible at all
        one = 1  # see _one_letter_short
        for j in range(n):
            i = order[j]
            est = ests[i]
            k = sizes[i]
            if not k:
                continue
            if not full and self.n_tops >= top:
                # stop once no subset left can enter the top, and skip those too short for
                # a gain that would let them in
                if kth > est + max_bonus:
                    break
                if kth > est + reach[k]:
                    continue
            code = codes[i]
            # no wild: the sub-multiset's own signature
            if not f and lo_len <= k <= hi_len:
                sid = index.signature(code)
                if sid >= 0:
                    v = est + award_gain[k]
                    if v >= kth and (not req_bit or index.letters[sid] & req_bit) and self._found(sid, v) and not full:
                        kth = self._entered(v, 1, top, kth)
            wb = base_budget - free[i]  # wilds the hand cards left over can make
            if wb < 1:
                continue
            # one wild: the signatures one letter longer (two-letter words with a wild are
            # never worth offering)
            if one_wild and lo_len <= k + 1 <= hi_len and (k >= 2 or f):
                entry = index.grown(code)
                if entry >= 0:
                    v = est + award_gain[k + 1]
                    if v >= kth:
                        size = self.n_found
                        self._found_grown(entry, v, req_bit)
                        if not full and self.n_found != size:
                            kth = self._entered(v, self.n_found - size, top, kth)
            if not multi or wb < 2:
                continue
            # two wilds or more (forced ones)
            for w in range(max(2, f), (wb if wb < wild_cap else wild_cap) + 1):
                L = k + w
                if lo_len > L or hi_len < L:
                    continue
                v = est + award_gain[L]
                if v < kth:
                    continue
                size = self.n_found
                for x in range(1, 27):
                    # the code with letter x put in its place among the k letters
                    pos = 0
                    while pos < k and (code >> (5 * (k - 1 - pos)) & 31) < x:
                        pos += 1
                    low_bits = 5 * (k - pos)
                    entry = index.grown(((code >> low_bits) << 5 | x) << low_bits | (code & ((one << low_bits) - one)))
                    if entry >= 0:
                        self._found_grown(entry, v, req_bit)
                if not full and self.n_found != size:
                    kth = self._entered(v, self.n_found - size, top, kth)
        # by estimate, equal ones in reverse alphabetical order (the signatures' numbers)
        found_order = self.found_order
        kept = 0
        for i in range(self.n_found):
            if full or self.n_found <= top or self.found_ests[i] >= kth:
                found_order[kept] = i
                kept += 1
        _best_first(self.found_ests, self.found_ids, found_order, kept)
        if not full and kept > top:
            kept = top
        best = [self.found_ids[found_order[i]] for i in range(kept)]
        self._forget_found()
        self.ranking = False
        return best


def _spread(sid: int) -> int:
    """A signature's number, its low bits mixed (a set of numbers found starts its search there)."""
    return sid * 40503


def _best_first(keys: array, ties: array, both: array, n: int) -> None:
    """Sort the ``n`` numbers at the head of ``both`` (which holds ``2 n``: the rest is room
    for merging) highest ``keys`` first, equal keys by their ``ties``, lowest first (as
    ``sorted(..., key=lambda i: (-keys[i], ties[i]))``, with no Python object made): an
    insertion sort for a few, else a merge sort."""
    if n <= 32:
        for i in range(1, n):
            k = both[i]
            v = keys[k]
            t = ties[k]
            j = i
            while j > 0 and (keys[both[j - 1]] < v or (keys[both[j - 1]] == v and ties[both[j - 1]] > t)):
                both[j] = both[j - 1]
                j -= 1
            both[j] = k
        return
    src, dst = 0, n
    width = 1
    while width < n:
        lo = 0
        while lo < n:
            mid = lo + width if lo + width < n else n
            hi = lo + 2 * width if lo + 2 * width < n else n
            i, j, k = lo, mid, lo
            while i < mid and j < hi:
                a = both[src + i]
                b = both[src + j]
                if keys[b] > keys[a] or (keys[b] == keys[a] and ties[b] < ties[a]):
                    both[dst + k] = b
                    j += 1
                else:
                    both[dst + k] = a
                    i += 1
                k += 1
            while i < mid:
                both[dst + k] = both[src + i]
                i += 1
                k += 1
            while j < hi:
                both[dst + k] = both[src + j]
                j += 1
                k += 1
            lo = hi
        src, dst = dst, src
        width *= 2
    if src:
        for i in range(n):
            both[i] = both[n + i]
