"""The dictionary and the word finder.

The dictionary is indexed by *signature* (a word's letters, sorted): ``by_key`` maps a
signature to its words and ``del1`` maps a signature with one letter removed to the full
signatures, so a hand's letters (any sub-multiset) find the words spelled with them exactly
or with one face-down wild by two dictionary look-ups per sub-multiset.

The finder ranks signatures by an estimate (the best card for each letter), expands the best
ones into words, and lays each of those out exactly (which card at which position, which face
down) with :func:`best_layout`, maximising the word's score.
"""

from __future__ import annotations

import gzip
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from inkhorn.core.errors import OptionError
from inkhorn.games.novelist.content import Card
from inkhorn.games.novelist.scoring import Spelling, WordScore, award_for, score_word

SHIPPED_WORDS = Path(__file__).parent / "content" / "words.txt.gz"
MAX_FIND_LEN = 12  # the longest Literary Award; longer words are still valid when typed
DEL1_MAX_LEN = 9  # a wild beside 8 face-up letters; longer words are found without wilds
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
SHAPE_CACHE = 4096  # letter shapes of hands whose sub-multisets the finder keeps


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
        self.by_key = by_key
        del1: dict[str, list[str]] = {}
        get = del1.get
        for k in by_key:
            if len(k) > DEL1_MAX_LEN:
                continue
            prev = ""
            for i, ch in enumerate(k):
                if ch == prev:
                    continue
                prev = ch
                shorter = k[:i] + k[i + 1 :]
                sigs = get(shorter)
                if sigs is None:
                    del1[shorter] = [k]
                else:
                    sigs.append(k)
        # tuples, never changed after building: the garbage collector leaves them out of every
        # pass, where 238,000 lists would be walked at each full collection
        self.del1: dict[str, tuple[str, ...]] = {k: tuple(sigs) for k, sigs in del1.items()}

    def __contains__(self, word: str) -> bool:
        return word in self.words

    def __len__(self) -> int:
        return len(self.words)


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


_INFO: dict[int, tuple] = {}


def _table_info(table: tuple[Card, ...]) -> tuple:
    """Per card: letter, face value (coins + prestige), whether it uncovers (cached per table)."""
    info = _INFO.get(id(table))
    if info is None or info[0] is not table:
        info = (
            table,
            tuple(c.letter for c in table),
            tuple(c.coins + c.prestige for c in table),
            frozenset(c.id for c in table if c.special == "uncover"),
        )
        _INFO[id(table)] = info
    return info


def best_layout(table: tuple[Card, ...], sp: Spelling, word: str, genre_in_play: dict[str, int],
                scored: bool = True) -> Play | None:
    """The highest-scoring legal layout of ``word`` (``None``: the cards cannot spell it).
    ``scored=False``: only the layout is wanted, so when it is the only possible one it is
    not scored (a word typed or picked is laid out at every turn; its score comes later)."""
    n = len(word)
    if n < sp.min_len or n > sp.max_len:
        return None
    if sp.required and sp.required not in word:
        return None
    info = _table_info(table)
    hand = sp.hand
    up_cards = hand + sp.own_classics + sp.foreign_classics if sp.own_classics or sp.foreign_classics else hand
    letter_of = info[1]
    by_letter: dict[str, list[int]] = {}
    for cid in up_cards:
        ch = letter_of[cid]
        cs = by_letter.get(ch)
        if cs is None:
            by_letter[ch] = [cid]
        else:
            cs.append(cid)
    by_worth: list[int] = []  # free hand cards, best first (the wilds picked from them); built when needed
    if not sp.must_wild:
        chosen = _lone_layout(table, sp, word, by_letter)
        if chosen is not None:
            laid = _wilds_placed(sp, word, chosen, set(chosen), info, up_cards, by_worth)
            if laid is None:
                return None
            if not scored:
                return Play(word, laid[0], laid[1], None)
            return Play(word, laid[0], laid[1], _scored(table, sp, word, laid, genre_in_play)[0])
    return _searched(table, sp, word, genre_in_play, info, up_cards, by_letter, by_worth)


def _searched(table: tuple[Card, ...], sp: Spelling, word: str, genre_in_play: dict[str, int], info: tuple,
              up_cards: tuple[int, ...], by_letter: dict[str, list[int]], by_worth: list[int]) -> Play | None:
    """Every layout of ``word``, scored: the best (identical cards tried once per place)."""
    n = len(word)
    forced = len(sp.must_wild)
    best: list = [None, -1e18]
    chosen: list[int] = [-1] * n
    used: set[int] = set()

    def leaf() -> None:
        laid = _wilds_placed(sp, word, chosen, used, info, up_cards, by_worth)
        if laid is None:
            return
        sc, v = _scored(table, sp, word, laid, genre_in_play)
        if v > best[1]:
            best[0] = Play(word, laid[0], laid[1], sc)
            best[1] = v

    remaining_letter: dict[str, int] = {}
    for ch in word:
        remaining_letter[ch] = remaining_letter.get(ch, 0) + 1
    _place(0, table, sp, word, by_letter, used, chosen, remaining_letter, [forced], leaf)
    return best[0]


def _place(i: int, table: tuple[Card, ...], sp: Spelling, word: str, by_letter: dict[str, list[int]], used: set[int],
           chosen: list[int], remaining_letter: dict[str, int], extra_wilds: list[int], leaf: Callable[[], None]) -> None:
    """The search from place ``i`` on: each card that may stand there, or a wild. (A function
    of its own, not a closure calling itself: that would be a reference cycle, left at every
    search for the cycle collector, whose passes a learner's every step pays for.)"""
    if i == len(word):
        leaf()
        return
    ch = word[i]
    cands = [c for c in by_letter.get(ch, ()) if c not in used]
    left = remaining_letter[ch]
    remaining_letter[ch] = left - 1
    if len(cands) == 1:
        c = cands[0]
        used.add(c)
        chosen[i] = c
        _place(i + 1, table, sp, word, by_letter, used, chosen, remaining_letter, extra_wilds, leaf)
        used.discard(c)
    elif cands:
        seen_kinds = set()
        for c in cands:
            k = _kind(table, sp, c)
            if k in seen_kinds:
                continue  # identical cards give identical layouts
            seen_kinds.add(k)
            used.add(c)
            chosen[i] = c
            _place(i + 1, table, sp, word, by_letter, used, chosen, remaining_letter, extra_wilds, leaf)
            used.discard(c)
    if not cands or left > len(cands) or extra_wilds[0] > 0:
        took_extra = bool(cands) and left <= len(cands)
        if took_extra:
            extra_wilds[0] -= 1
        chosen[i] = -1
        _place(i + 1, table, sp, word, by_letter, used, chosen, remaining_letter, extra_wilds, leaf)
        if took_extra:
            extra_wilds[0] += 1
    remaining_letter[ch] = left


def _wilds_placed(sp: Spelling, word: str, chosen: list[int], used: set[int], info: tuple,
                  up_cards: tuple[int, ...], by_worth: list[int]) -> tuple[tuple[int, ...], tuple[bool, ...], int] | None:
    """(cards, face down, wilds) of a layout whose face-up cards are placed (``-1``: a place
    for a wild); ``None`` when it breaks a rule. The forced wilds go first, then the least
    worth of the free hand cards; a card that uncovers turns up its best neighbour, so the
    best wilds go beside it."""
    if sp.must_up and not used.issuperset(sp.must_up):
        return None
    if -1 not in chosen:
        if sp.must_wild:
            return None
        return tuple(chosen), (False,) * len(word), 0
    wild_pos = [i for i, c in enumerate(chosen) if c < 0]
    w = len(wild_pos)
    must_wild = sp.must_wild
    forced = len(must_wild)
    if w < forced or w > sp.max_wilds:
        return None
    face = info[2]
    if w > forced:
        if not by_worth:
            must_up = sp.must_up
            by_worth.extend(sorted((c for c in sp.hand if c not in must_up), key=face.__getitem__, reverse=True))
        pool = [c for c in by_worth if c not in used]
        if w - forced > len(pool):
            return None
        picked = list(must_wild) + pool[: w - forced]
    else:
        picked = list(must_wild)
    uncovers = info[3].intersection(up_cards) if info[3] else ()
    if uncovers:
        n = len(word)
        near = [i for i in wild_pos
                if (i > 0 and chosen[i - 1] in uncovers) or (i + 1 < n and chosen[i + 1] in uncovers)]
        far = [i for i in wild_pos if i not in near]
        picked.sort(key=lambda c: -face[c])
        order = near + far
    else:
        order = wild_pos
    cards = chosen[:]
    wild = [False] * len(word)
    for pos, cid in zip(order, picked):
        cards[pos] = cid
        wild[pos] = True
    return tuple(cards), tuple(wild), w


def _scored(table: tuple[Card, ...], sp: Spelling, word: str, laid: tuple[tuple[int, ...], tuple[bool, ...], int],
            genre_in_play: dict[str, int]) -> tuple[WordScore, float]:
    """The score of a layout, and its worth among the layouts of the word: using other
    players' classics is preferred (they go back to their owners), then fewer wilds."""
    tcards, twild, w = laid
    gip = genre_in_play
    if sp.own_classics:
        used_classics = {c for c in tcards if c in sp.own_classics}
        if used_classics:
            gip = dict(genre_in_play)
            for c in used_classics:
                gip[table[c].genre] = gip.get(table[c].genre, 0) - 1
    sc = score_word(table, sp, word, tcards, twild, gip)
    if sp.foreign_classics:
        foreign = sp.foreign_classics
        return sc, sc.value + sp.foreign_bonus * sum(1 for c in tcards if c in foreign) - 0.001 * w
    return sc, sc.value - 0.001 * w


def _lone_layout(table: tuple[Card, ...], sp: Spelling, word: str, by_letter: dict[str, list[int]]) -> list[int] | None:
    """The face-up cards at each place (``-1``: a wild) when the layout search would find one
    layout only: every letter of the word has either no card (its places go wild) or cards
    enough, all alike (they go in order, as the search would place them). ``None``: the
    word needs the search."""
    chosen = []
    nth: dict[str, int] = {}
    for ch in word:
        cards = by_letter.get(ch)
        if cards is None:
            chosen.append(-1)
            continue
        j = nth.get(ch, 0)
        if j >= len(cards):
            return None
        if not j and len(cards) > 1 and not _alike(table, sp, cards):
            return None
        chosen.append(cards[j])
        nth[ch] = j + 1
    return chosen


def _alike(table: tuple[Card, ...], sp: Spelling, cards: list[int]) -> bool:
    """Whether swapping these cards changes nothing: the same card face, all from the hand
    or none, all to be used face up or none, all lent by other players or none."""
    kind = _kind(table, sp, cards[0])
    return all(_kind(table, sp, c) == kind for c in cards[1:])


def _kind(table: tuple[Card, ...], sp: Spelling, c: int) -> tuple:
    """What makes two cards of a letter lay out differently: the card face, from the hand or
    not, to be used face up or not, lent by another player or not."""
    return (table[c].key, c in sp.hand, c in sp.must_up, c in sp.foreign_classics)


# ---- the finder --------------------------------------------------------------------------------


class WordFinder:
    """Spellable words for a speller, best first. Results are cached by the speller's key."""

    def __init__(self, dictionary: Dictionary, table: tuple[Card, ...], cache_size: int = 4096,
                 unsuggested: frozenset[str] = frozenset()):
        self.dic = dictionary
        self.unsuggested = unsuggested  # never offered; a player may still type them
        self.table = table
        # both caches keep tuples of texts and numbers, which the cycle collector stops tracking
        # at its first pass (lists or ``Play`` objects would be walked at every pass after)
        self._cand_cache: OrderedDict[tuple, tuple[str, ...]] = OrderedDict()
        self._layouts: OrderedDict[tuple, tuple[tuple[int, ...], tuple[bool, ...]] | None] = OrderedDict()
        self._cache_size = cache_size
        self._letter = tuple(c.letter for c in table)
        self._values: dict[float, tuple[float, ...]] = {}
        self._gains: dict[tuple, tuple[list[float], list[float]]] = {}
        self._shapes: dict[tuple, tuple[list[int], list[int]]] = {}

    def _card_value(self, c: Card, cw: float) -> float:
        return c.coins * cw + c.prestige + 0.5 * (c.genre_coins * cw + c.genre_prestige) + (0.7 if c.special else 0.0)

    def _card_values(self, cw: float) -> tuple[float, ...]:
        """The estimate of every card at coin weight ``cw`` (cached: few weights occur)."""
        vals = self._values.get(cw)
        if vals is None:
            vals = tuple(self._card_value(c, cw) for c in self.table)
            if len(self._values) >= 64:
                self._values.clear()
            self._values[cw] = vals
        return vals

    def _award_gain(self, sp: Spelling, lo_len: int, hi_len: int, f: int, wild_cap: int,
                    most: int) -> tuple[list[float], list[float]]:
        """The gain of a word per length (awards, long-word event, length tie-break), and per
        number ``k`` of letters the best gain a word spelled from them can reach (its length
        is ``k`` plus the wilds; awards for longer words are out of reach)."""
        ev = sp.event
        long_len = ev.length if ev is not None and ev.kind == "long_word" else 99
        long_bonus = ev.n if ev is not None and ev.kind == "long_word" else 0
        key = (sp.awards, sp.award_now, long_len, long_bonus, lo_len, hi_len, f, wild_cap, most)
        hit = self._gains.get(key)
        if hit is None:
            award_gain = [0.0] * (MAX_FIND_LEN + 2)
            for L in range(MAX_FIND_LEN + 2):
                _alen, a = award_for(sp, L)
                award_gain[L] = (a - sp.award_now if a else 0) + (long_bonus if long_len <= L else 0) + 0.01 * L
            reach = [max(award_gain[max(lo_len, k + f) : min(hi_len, k + wild_cap) + 1], default=-1e9)
                     for k in range(most + 1)]
            if len(self._gains) >= 1024:
                self._gains.clear()
            hit = self._gains[key] = (award_gain, reach)
        return hit

    def _subsets(self, shape: tuple[tuple[int, int, int], ...]) -> tuple[list[int], list[int]]:
        """Every sub-multiset of a speller's letters: ``shape`` gives per letter (in order) the
        hand cards, the classics and the cards that must be used face up. Returns how many
        free hand cards each sub-multiset uses (classics are used first) and how many letters
        it holds, in the order :meth:`ranked_signatures` estimates them (the first letter's
        counts vary fastest). The letters themselves are not part of the shape, so hands of
        different letters share it."""
        hit = self._shapes.get(shape)
        if hit is None:
            free = [0]
            sizes = [0]
            for hc, cc, mc in shape:
                parts = [(s, (mc if mc > s - cc else s - cc) - mc) for s in range(mc, hc + cc + 1)]
                free = [u + used for _s, used in parts for u in free]
                sizes = [n + s for s, _used in parts for n in sizes]
            if len(self._shapes) >= SHAPE_CACHE:
                self._shapes.clear()
            hit = self._shapes[shape] = (free, sizes)
        return hit

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
        req = sp.required
        for sig in self.ranked_signatures(sp, limit):
            if req and req not in sig:
                continue
            for w in self.dic.by_key[sig]:
                if w in self.unsuggested:
                    continue
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
        play = best_layout(self.table, sp, word, genre_in_play, scored=False)
        laid = cache[key] = None if play is None else (play.cards, play.wild)
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
    """:meth:`WordFinder.ranked_signatures` (typed in ``words.pxd``: its estimates are C doubles
    and its counts C integers, and a Spell decision asks it whenever the hand is new)."""
    if top is not None and top < 1:
        return []
    cv = finder._card_values(sp.coin_weight)
    letter_of = finder._letter
    vals: dict[str, list[float]] = {}  # per letter, the estimate of each card
    for cid in sp.hand:
        ch = letter_of[cid]
        vs = vals.get(ch)
        if vs is None:
            vals[ch] = [cv[cid]]
        else:
            vs.append(cv[cid])
    classic_c: dict[str, int] = {}
    hand_c: dict[str, int] | None = None  # per letter, the hand's cards (None: no classics)
    if sp.own_classics or sp.foreign_classics:
        hand_c = {ch: len(vs) for ch, vs in vals.items()}
        # another player's classic lends only its letter: worth a token 0.05
        for cards, lent in ((sp.own_classics, False), (sp.foreign_classics, True)):
            for cid in cards:
                ch = letter_of[cid]
                classic_c[ch] = classic_c.get(ch, 0) + 1
                vals.setdefault(ch, []).append(0.05 if lent else cv[cid])
    mu_c: dict[str, int] = {}
    for cid in sp.must_up:
        ch = letter_of[cid]
        mu_c[ch] = mu_c.get(ch, 0) + 1
    f = len(sp.must_wild)
    wild_cap = min(sp.max_wilds, max(1, f))
    lo_len, hi_len = sp.min_len, min(sp.max_len, MAX_FIND_LEN)
    most = len(sp.hand) + len(sp.own_classics) + len(sp.foreign_classics)
    award_gain, reach = finder._award_gain(sp, lo_len, hi_len, f, wild_cap, most)
    base_budget = f + len(sp.hand) - len(sp.must_up)

    # the estimate and the signature of each sub-multiset add the best cards of each letter,
    # in alphabetical order
    letters = sorted(vals)
    shape = []
    ests = [0.0]
    keys = [""]
    for ch in letters:
        vs = vals[ch]
        mu = mu_c.get(ch, 0) if mu_c else 0
        if len(vs) == 1 and not mu:
            shape.append((1, 0, 0) if hand_c is None or hand_c.get(ch) else (0, 1, 0))
            v = vs[0]
            ests += [est + v for est in ests]  # the letter left out, then in
            keys += [key + ch for key in keys]
            continue
        hc = len(vs) if hand_c is None else hand_c.get(ch, 0)
        cl = classic_c.get(ch, 0)
        shape.append((hc, cl, mu))
        vs.sort(reverse=True)
        pre = [0.0]
        for v in vs:
            pre.append(pre[-1] + v)
        ests = [est + p for p in pre[mu : hc + cl + 1] for est in ests]
        keys = [key + ch * s for s in range(mu, hc + cl + 1) for key in keys]
    free, sizes = finder._subsets(tuple(shape))
    # best subsets first: a signature's length fixes its gain, so the first subset that
    # spells it gives its estimate, and later ones never beat it
    order = sorted(range(len(ests)), key=ests.__getitem__, reverse=True)
    max_bonus = max(reach)

    req = sp.required
    by_key, del1 = finder.dic.by_key, finder.dic.del1
    found: dict[str, float] = {}
    full = top is None
    n_top = top or 0
    # the top-th best estimate found so far: a signature below it can never enter the top
    # (estimates only fall), so it is not kept; ``tops`` holds the best ``top`` estimates
    # found, lowest first
    kth = -1e18
    tops: list[float] = []
    one_wild = f <= 1 <= wild_cap
    multi = wild_cap >= 2  # two wilds or more are possible at all
    setdefault = found.setdefault
    for i in order:
        est = ests[i]
        k = sizes[i]
        if not k:
            continue
        if not full and len(tops) >= n_top:
            # stop once no subset left can enter the top, and skip those too short for
            # a gain that would let them in
            if kth > est + max_bonus:
                break
            if kth > est + reach[k]:
                continue
        key = keys[i]
        # no wild: the sub-multiset's own signature
        if not f and lo_len <= k <= hi_len and key in by_key:
            v = est + award_gain[k]
            if v >= kth and key not in found and (not req or req in key):
                found[key] = v
                if not full:
                    kth = _entered(tops, v, 1, n_top, kth)
        wb = base_budget - free[i]  # wilds the hand cards left over can make
        if wb < 1:
            continue
        # one wild: the signatures one letter longer (two-letter words with a wild are
        # never worth offering)
        if one_wild and lo_len <= k + 1 <= hi_len and (k >= 2 or f):
            sigs = del1.get(key)
            if sigs:
                v = est + award_gain[k + 1]
                if v >= kth:
                    size = len(found)
                    if req:
                        for sig in sigs:
                            if req in sig:
                                setdefault(sig, v)
                    else:
                        for sig in sigs:
                            setdefault(sig, v)
                    if not full and len(found) != size:
                        kth = _entered(tops, v, len(found) - size, n_top, kth)
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
            size = len(found)
            for x in ALPHABET:
                pos = 0
                while pos < k and key[pos] < x:
                    pos += 1
                for sig in del1.get(key[:pos] + x + key[pos:], ()):
                    if sig not in found and (not req or req in sig):
                        found[sig] = v
            if not full and len(found) != size:
                kth = _entered(tops, v, len(found) - size, n_top, kth)
    if full or len(found) <= n_top:
        best = sorted(found, reverse=True)
    else:
        best = sorted([sig for sig, v in found.items() if v >= kth], reverse=True)
    best.sort(key=found.__getitem__, reverse=True)  # stable: equal estimates stay in that order
    return best if full else best[:n_top]


def _entered(tops: list[float], v: float, n: int, n_top: int, kth: float) -> float:
    """``n`` signatures entered at estimate ``v``: ``tops`` (the best ``n_top`` estimates,
    lowest first) takes them in, and the lowest of a full ``tops`` is returned (``kth``
    while it is not full)."""
    at = bisect_left(tops, v)
    tops[at:at] = [v] * (n if n < n_top else n_top)
    if len(tops) < n_top:
        return kth
    del tops[: len(tops) - n_top]
    return tops[0]
