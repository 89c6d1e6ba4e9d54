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
import heapq
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


class Dictionary:
    """A word list: membership plus the signature indexes the finder uses."""

    def __init__(self, words: list[str], source: str):
        self.source = source
        self.words = frozenset(words)
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
        self.del1 = del1  # never mutated after building

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
    """A word laid out: the card at each position and which lie face down."""

    word: str
    cards: tuple[int, ...]
    wild: tuple[bool, ...]
    score: WordScore


def best_layout(table: tuple[Card, ...], sp: Spelling, word: str, genre_in_play: dict[str, int]) -> Play | None:
    """The highest-scoring legal layout of ``word`` (``None``: the cards cannot spell it)."""
    n = len(word)
    if n < sp.min_len or n > sp.max_len:
        return None
    if sp.required and sp.required not in word:
        return None
    up_cards = sp.hand + sp.own_classics + sp.foreign_classics
    by_letter: dict[str, list[int]] = {}
    for cid in up_cards:
        by_letter.setdefault(table[cid].letter, []).append(cid)
    remaining_letter: dict[str, int] = {}
    for ch in word:
        remaining_letter[ch] = remaining_letter.get(ch, 0) + 1
    forced = len(sp.must_wild)
    must_up = set(sp.must_up)
    hand_set = set(sp.hand)
    free_hand = [c for c in sp.hand if c not in must_up]
    best: list = [None, -1e18]
    chosen: list[int] = [-1] * n
    used: set[int] = set()
    uncovers = {c for c in up_cards if table[c].special == "uncover"}

    def leaf() -> None:
        if not must_up <= used:
            return
        wild_pos = [i for i in range(n) if chosen[i] < 0]
        w = len(wild_pos)
        if w < forced or w > sp.max_wilds:
            return
        pool = [c for c in free_hand if c not in used]
        if w - forced > len(pool):
            return
        pool.sort(key=lambda c: -(table[c].coins + table[c].prestige))
        picked = list(sp.must_wild) + pool[: w - forced]
        if uncovers:
            near = [i for i in wild_pos if (i > 0 and chosen[i - 1] in uncovers) or (i + 1 < n and chosen[i + 1] in uncovers)]
            far = [i for i in wild_pos if i not in near]
            picked.sort(key=lambda c: -(table[c].coins + table[c].prestige))
            order = near + far
        else:
            order = wild_pos
        cards = chosen[:]
        wild = [False] * n
        for pos, cid in zip(order, picked):
            cards[pos] = cid
            wild[pos] = True
        tcards = tuple(cards)
        used_classics = {c for c in tcards if c in own_classic_set}
        gip = genre_in_play
        if used_classics:
            gip = dict(genre_in_play)
            for c in used_classics:
                gip[table[c].genre] = gip.get(table[c].genre, 0) - 1
        sc = score_word(table, sp, word, tcards, tuple(wild), gip)
        # prefer using other players' classics (they go back to their owners), then fewer wilds
        v = sc.value + sp.foreign_bonus * sum(1 for c in tcards if c in foreign_set) - 0.001 * w
        if v > best[1]:
            best[0] = Play(word, tcards, tuple(wild), sc)
            best[1] = v

    own_classic_set = set(sp.own_classics)
    foreign_set = set(sp.foreign_classics)
    extra_wilds = [forced]

    def dfs(i: int) -> None:
        if i == n:
            leaf()
            return
        ch = word[i]
        cands = [c for c in by_letter.get(ch, ()) if c not in used]
        left = remaining_letter[ch]
        remaining_letter[ch] = left - 1
        seen_kinds = set()
        for c in cands:
            card = table[c]
            kind = (card.key, c in hand_set, c in must_up, c in foreign_set)
            if kind in seen_kinds:
                continue  # identical cards give identical layouts
            seen_kinds.add(kind)
            used.add(c)
            chosen[i] = c
            dfs(i + 1)
            used.discard(c)
        if not cands or left > len(cands) or extra_wilds[0] > 0:
            took_extra = bool(cands) and left <= len(cands)
            if took_extra:
                extra_wilds[0] -= 1
            chosen[i] = -1
            dfs(i + 1)
            if took_extra:
                extra_wilds[0] += 1
        remaining_letter[ch] = left

    dfs(0)
    return best[0]


# ---- the finder --------------------------------------------------------------------------------


class WordFinder:
    """Spellable words for a speller, best first. Results are cached by the speller's key."""

    def __init__(self, dictionary: Dictionary, table: tuple[Card, ...], cache_size: int = 4096):
        self.dic = dictionary
        self.table = table
        self._cand_cache: OrderedDict[tuple, list[str]] = OrderedDict()
        self._cache_size = cache_size

    def _card_value(self, c: Card, cw: float) -> float:
        return c.coins * cw + c.prestige + 0.5 * (c.genre_coins * cw + c.genre_prestige) + (0.7 if c.special else 0.0)

    def ranked_signatures(self, sp: Spelling, top: int | None = None) -> list[tuple[float, str]]:
        """(estimate, signature) of the signatures the speller can spell, best first (all of
        them, or the ``top`` best that hold the required letter)."""
        table = self.table
        cw = sp.coin_weight
        hand_c: dict[str, int] = {}
        classic_c: dict[str, int] = {}
        mu_c: dict[str, int] = {}
        vals: dict[str, list[float]] = {}
        for cid in sp.hand:
            c = table[cid]
            hand_c[c.letter] = hand_c.get(c.letter, 0) + 1
            vals.setdefault(c.letter, []).append(self._card_value(c, cw))
        for cid in sp.own_classics:
            c = table[cid]
            classic_c[c.letter] = classic_c.get(c.letter, 0) + 1
            vals.setdefault(c.letter, []).append(self._card_value(c, cw))
        for cid in sp.foreign_classics:
            c = table[cid]
            classic_c[c.letter] = classic_c.get(c.letter, 0) + 1
            vals.setdefault(c.letter, []).append(0.05)
        for cid in sp.must_up:
            ch = table[cid].letter
            mu_c[ch] = mu_c.get(ch, 0) + 1
        letters = sorted(vals)
        prefix: dict[str, list[float]] = {}
        for ch in letters:
            vs = sorted(vals[ch], reverse=True)
            acc = [0.0]
            for v in vs:
                acc.append(acc[-1] + v)
            prefix[ch] = acc
        f = len(sp.must_wild)
        n_free = len(sp.hand) - len(sp.must_up)
        cap = max(1, f)
        wild_cap = min(sp.max_wilds, cap)
        lo_len, hi_len = sp.min_len, min(sp.max_len, MAX_FIND_LEN)
        by_key, del1 = self.dic.by_key, self.dic.del1
        found: dict[str, float] = {}
        ev = sp.event
        long_len = ev.length if ev is not None and ev.kind == "long_word" else 99
        long_bonus = ev.n if ev is not None and ev.kind == "long_word" else 0
        award_gain = [0.0] * (MAX_FIND_LEN + 2)
        for L in range(MAX_FIND_LEN + 2):
            _alen, a = award_for(sp, L)
            award_gain[L] = (a - sp.award_now if a else 0) + (long_bonus if L >= long_len else 0) + 0.01 * L

        alphabet = "abcdefghijklmnopqrstuvwxyz"
        nl = len(letters)
        base_budget = f + n_free

        subsets: list[tuple[float, str, int]] = []

        def rec(idx: int, key: str, est: float, free_used: int) -> None:
            if idx < nl:
                ch = letters[idx]
                mu = mu_c.get(ch, 0)
                cl = classic_c.get(ch, 0)
                top_n = hand_c.get(ch, 0) + cl
                pre = prefix[ch]
                for s in range(mu, top_n + 1):
                    used_hand = mu if mu > s - cl else s - cl
                    rec(idx + 1, key + ch * s, est + pre[s], free_used + used_hand - mu)
            elif key:
                subsets.append((est, key, free_used))

        req = sp.required

        def lookup(est: float, key: str, free_used: int) -> None:
            k = len(key)
            wb = base_budget - free_used
            wmax = wb if wb < wild_cap else wild_cap
            for w in range(f, wmax + 1):
                L = k + w
                if L < lo_len or L > hi_len:
                    continue
                v = est + award_gain[L]
                if w == 0:
                    if key in by_key and found.get(key, -1e9) < v and (not req or req in key):
                        found[key] = v
                elif w == 1:
                    if k < 2 and f == 0:
                        continue  # two-letter words with a wild are never worth offering
                    sigs = del1.get(key)
                    if sigs:
                        for sig in sigs:
                            if found.get(sig, -1e9) < v and (not req or req in sig):
                                found[sig] = v
                else:
                    for x in alphabet:
                        pos = 0
                        while pos < k and key[pos] < x:
                            pos += 1
                        for sig in del1.get(key[:pos] + x + key[pos:], ()):
                            if found.get(sig, -1e9) < v and (not req or req in sig):
                                found[sig] = v

        rec(0, "", 0.0, 0)
        if top is None:
            for item in subsets:
                lookup(*item)
            return sorted(((v, k) for k, v in found.items()), reverse=True)
        # best subsets first; stop once no later subset can enter the top
        subsets.sort(reverse=True)
        max_bonus = max(award_gain)
        last = len(subsets) - 1
        for i, item in enumerate(subsets):
            lookup(*item)
            if i < last and len(found) >= top:
                bound = subsets[i + 1][0] + max_bonus
                if heapq.nlargest(top, found.values())[-1] > bound:
                    break
        best = heapq.nlargest(top, found.items(), key=lambda kv: (kv[1], kv[0]))
        return [(v, k) for k, v in best]

    def candidates(self, sp: Spelling, limit: int = 12) -> list[str]:
        """Up to ``limit`` good words by estimate (cheap; no layouts), best first."""
        key = (sp.key(), limit)
        hit = self._cand_cache.get(key)
        if hit is not None:
            self._cand_cache.move_to_end(key)
            return hit
        out: list[str] = []
        req = sp.required
        for _v, sig in self.ranked_signatures(sp, limit):
            if req and req not in sig:
                continue
            for w in self.dic.by_key[sig]:
                out.append(w)
                if len(out) >= limit:
                    break
            if len(out) >= limit:
                break
        self._cand_cache[key] = out
        if len(self._cand_cache) > self._cache_size:
            self._cand_cache.popitem(last=False)
        return out

    def find(self, sp: Spelling, genre_in_play: dict[str, int], limit: int = 20, examine: int = 40) -> list[Play]:
        """The best ``limit`` words with their best layouts, exact scores, best first."""
        words = self.candidates(sp, examine)
        plays = []
        for w in words:
            p = best_layout(self.table, sp, w, genre_in_play)
            if p is not None:
                plays.append(p)
        plays.sort(key=lambda p: (-p.score.value, -len(p.word), p.word))
        return plays[:limit]
