"""Fixed-shape numeric observations, built only from what a seat may know.

A learner needs one fixed shape per game and player count. The vector has three parts:

=====================================  ===============================================
``[0, F)``                             the seat's view of the table. A game with
                                       features (``Game.features``, see
                                       ``inkhorn.core.features``) writes its own
                                       ``F = features.size`` numbers, named one by one
                                       and kept up to date between steps. Any other
                                       game's ``observation(seat)`` is hashed leaf by
                                       leaf into ``F = OBS_BUCKETS`` buckets: a number or
                                       bool adds its value (with a sign bit from the
                                       hash) at ``hash(path)``; a text adds 1 at
                                       ``hash(path=text)``. List positions are part of the
                                       path for numbers and nested values, not for texts
                                       (a list of names is a bag).
``[F, F + HISTORY_BUCKETS)``           the last ``HISTORY_DEPTH`` actions as this seat
                                       saw them (``ActionRecord.seen_by``), word by word,
                                       weighted 1, 1/2, 1/3 ... from the newest.
``[+0, +slots * SLOT_BUCKETS)``        one block per action slot: the words of the
                                       legal action id in that slot, hashed; all zero
                                       where the slot is empty.
=====================================  ===============================================

Words and paths are hashed with CRC-32, not Python's salted ``hash``, so a trained policy
keeps its meaning across runs and machines. Nothing else goes in: no state field the seat
may not see, no seed, no other seat's view. The leak tests check the inputs of the last two
parts, and that a world re-dealt from what the seat cannot see gives the same vector.
"""

from __future__ import annotations

import re
import zlib
from array import array
from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from inkhorn.core.features import Numbers, SeatFeatures
from inkhorn.core.state import GameState

OBS_BUCKETS = 1024
HISTORY_BUCKETS = 128
HISTORY_DEPTH = 8
SLOT_BUCKETS = 8
_WORDS = re.compile(r"[A-Za-z0-9_]+")
_CACHE_LIMIT = 200_000
# Parts of an observation this many levels deep or less are remembered with their hashed
# contribution and reused while unchanged.
MEMO_DEPTH = 1
_SLOTS_BY_NUMPY = 20  # longer lists of slots are unpacked by numpy in one call, shorter bit by bit


class SeatVector:
    """A vector the encoder writes, with what it keeps beside it: its float32s as a
    memoryview, the features' part of them (as the game's features write it, a ``Numbers``),
    and the slot bytes written last.

    ``encoding.pxd`` makes it a C type whose ``floats`` are a typed memoryview, made once
    per vector: a compiled function given a Python memoryview instead checks its format and
    makes a typed one at every call (about 900 instructions each, counted; writing the
    whole history part takes about 2,000)."""

    def __init__(self, array: np.ndarray, head: int) -> None:
        self.array = array
        self.floats: memoryview[float] = cast("memoryview[float]", array.data)  # float32s ('f')
        self.features = Numbers(array.data[:head])
        self.codes = bytearray()


def write_history(vector: SeatVector, start: int, ages: list[bytes]) -> None:
    """The history part from ``start``: each bucket the weights of the ages its words were
    seen at, summed in full precision before it is made a float32. ``ages`` holds the
    buckets (all below ``HISTORY_BUCKETS``) of each action's words as bytes, the newest
    first. ``encoding.pxd`` types it for the compiled build, where the sums are C doubles."""
    totals = [0.0] * 128  # HISTORY_BUCKETS, spelled out for the compiled array (tests hold the two equal)
    for age, buckets in enumerate(ages):
        weight = 1.0 / (1 + age)  # the newest action 1, the one before 1/2 ...
        for bucket in buckets:
            totals[bucket] += weight
    out = vector.floats
    for bucket in range(HISTORY_BUCKETS):
        out[start + bucket] = totals[bucket]


def write_slots(vector: SeatVector, start: int, codes: bytearray) -> None:
    """The slot part from ``start``: for each code its ``SLOT_BUCKETS`` flags (its bits, the
    lowest first), then zeros where the last list written filled more slots. Nothing is
    written when the codes are the last ones."""
    before = vector.codes
    if codes == before:
        return
    out = vector.floats
    if len(codes) > _SLOTS_BY_NUMPY:
        end = start + len(codes) * 8  # SLOT_BUCKETS, spelled out
        vector.array[start:end] = np.unpackbits(np.frombuffer(codes, dtype=np.uint8), bitorder="little")
        start = end
    else:
        for code in codes:
            for bit in range(8):  # SLOT_BUCKETS
                out[start + bit] = float(code >> bit & 1)
            start += 8
    for _ in range(len(codes), len(before)):  # the slots the last list filled beyond this one
        for bit in range(8):
            out[start + bit] = 0.0
        start += 8
    vector.codes = codes


def write_tail_parts(vector: SeatVector, start: int, history: list[str], legal: list[str], words: dict[str, bytes],
                     action_bits: IdCodes, hashes: dict[str, int]) -> None:
    """The history and slot parts from ``start``: ``words`` holds the buckets of each history
    text's words (as bytes), ``action_bits`` the bits of each legal id's words; one missing is
    hashed on the way and kept. A table that could grow past ``_CACHE_LIMIT`` here is emptied
    first. In one typed function for the compiled build: a step runs it, and the tables'
    look-ups are C calls there."""
    if len(words) + HISTORY_DEPTH > _CACHE_LIMIT:
        words.clear()
    if len(action_bits) + len(legal) > _CACHE_LIMIT:
        action_bits.clear()
    ages = []  # the buckets of each action's words, the newest action first
    for text in reversed(history[-HISTORY_DEPTH:]):
        found = words.get(text)
        if found is None:
            found = words[text] = bytes([hashed(hashes, "h:" + w, HISTORY_BUCKETS) >> 1 for w in _WORDS.findall(text)])
        ages.append(found)
    codes = bytearray(len(legal))  # one byte per legal id: its words' buckets as bits
    for slot, action in enumerate(legal):
        key = hash(action)
        code = action_bits.get(key)
        if code < 0:
            code = 0
            for word in _WORDS.findall(action):
                code |= 1 << (hashed(hashes, "a:" + word, SLOT_BUCKETS) >> 1)
            action_bits.put(key, code)
        codes[slot] = code
    write_history(vector, start, ages)
    write_slots(vector, start + HISTORY_BUCKETS, codes)  # kept by the vector as it is: never changed after


class IdCodes:
    """The slot code of each legal id seen, by the id's ``hash()`` (kept in the text once
    worked out; Python's salted hash serves as the key only, the code is CRC-32's as ever):
    (hash, code + 1) pairs in one flat array, open addressing, at most half full (0: an empty
    slot). A dict of the ids reads three scattered cache lines a look-up
    (its index, its entry and the text it compares); a pair is one, and a new Novelist hand's
    ids are looked up from cold memory once a turn. Ids of one hash would share a code: at
    64 bits, a chance of about one in 10^9 over the table's ``_CACHE_LIMIT`` ids, and a shared
    code is what the slot part's 8 hashed buckets give many ids anyway. ``encoding.pxd``
    types it for the compiled build."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.mask = 1023
        self.pairs = array("q", bytes(16 * 1024))
        self.used = 0

    def __len__(self) -> int:
        return self.used

    def get(self, key: int) -> int:
        """The code kept for ``key``, or -1."""
        pairs, mask = self.pairs, self.mask
        slot = key & mask  # a hash's low bits: a string's hash is mixed already
        while True:
            code = pairs[2 * slot + 1]
            if not code:
                return -1
            if pairs[2 * slot] == key:
                return code - 1
            slot = (slot + 1) & mask

    def put(self, key: int, code: int) -> None:
        """Keep ``code`` for ``key`` (not kept yet)."""
        if 2 * (self.used + 1) > self.mask + 1:
            old = self.pairs
            self.mask = 2 * self.mask + 1
            self.pairs = array("q", bytes(16 * (self.mask + 1)))
            self.used = 0
            for i in range(0, len(old), 2):
                if old[i + 1]:
                    self.put(old[i], old[i + 1] - 1)
        pairs, mask = self.pairs, self.mask
        slot = key & mask
        while pairs[2 * slot + 1]:
            slot = (slot + 1) & mask
        pairs[2 * slot] = key
        pairs[2 * slot + 1] = code + 1
        self.used += 1


def hashed(table: dict[str, int], text: str, buckets: int) -> int:
    """``text``'s bucket among ``buckets`` times 2, plus 1 when its sign is +1, kept in
    ``table`` (CRC-32, the same on every machine and run)."""
    found = table.get(text)
    if found is None:
        if len(table) > _CACHE_LIMIT:
            table.clear()
        digest = zlib.crc32(text.encode("utf-8"))
        found = table[text] = ((digest >> 1) % buckets) << 1 | (digest & 1)
    return found


class Encoder:
    """Turns what a seat may know into the fixed vector described above.

    With the game's features, :meth:`write` keeps one vector per seat up to date (the
    features rewrite what changed; the history and slot parts are rewritten). Without,
    :meth:`encode` hashes the observation dict; consecutive observations of one seat share
    most of their parts, so the hashed contribution of each top-level part is kept with the
    part itself and reused while the part compares equal (a C-speed comparison), giving
    exactly what a full pass would.
    """

    def __init__(self, slots: int, features: SeatFeatures | None = None):
        self.slots = slots
        self.features = features
        self.head = features.size if features is not None else OBS_BUCKETS
        self.size = self.head + HISTORY_BUCKETS + slots * SLOT_BUCKETS
        # The caches below hold no tuples, lists or other containers as values: the garbage
        # collector untracks a dict that holds none, but a dict it untracked is tracked again
        # as new at the next such entry, and walked entry by entry at the collector's next
        # passes. Learning adds entries at most steps (the words of a new action).
        self._hashes: dict[str, int] = {}  # a text: its bucket * 2, plus 1 for a + sign
        self._parts: dict[object, dict[str, tuple[Any, np.ndarray, np.ndarray]]] = {}
        self._words: dict[str, bytes] = {}  # a history entry: its words' buckets
        # an action id: its words' buckets as the bits of one byte (SLOT_BUCKETS is 8), so a
        # legal list's slot blocks are one bytearray, compared with the last in one call
        self._action_bits = IdCodes()
        self._vectors: dict[object, SeatVector] = {}  # per seat: its kept vector

    def forget(self) -> None:
        """A new game: every seat's vector is written afresh."""
        if self.features is not None:
            self.features.forget()
        self._vectors.clear()

    def _hash(self, text: str, buckets: int) -> int:
        """``text``'s bucket among ``buckets`` times 2, plus 1 when its sign is +1 (see
        ``_hashes``)."""
        return hashed(self._hashes, text, buckets)

    def write(self, state: GameState, seat: int, history: Sequence[str], legal: Sequence[str], out: np.ndarray) -> None:
        """Bring ``seat``'s vector ``out`` up to date (a game with features): ``out`` is all
        zero or as this encoder last left it for that seat."""
        assert self.features is not None
        self.features.write(state, seat, self._vector_for(out, seat).features)
        self.write_tail(history, legal, out, seat)

    def _vector_for(self, out: np.ndarray, viewer: object) -> SeatVector:
        """``viewer``'s vector ``out`` (``None``: a fresh one), its typed view made once. When
        the seat's vector is another array, it is a copy of the last one (as the caller of
        :meth:`write` promises), so the slot bytes written last carry over."""
        vector = self._vectors.get(viewer) if viewer is not None else None
        if vector is None or vector.array is not out:
            codes = vector.codes if vector is not None else bytearray()
            vector = SeatVector(out, self.head)
            vector.codes = codes
            if viewer is not None:
                self._vectors[viewer] = vector
        return vector

    def encode(
        self, observation: dict[str, Any], history: Sequence[str], legal: Sequence[str], viewer: object = None
    ) -> np.ndarray:
        """The vector of a game without features; ``viewer`` (e.g. the seat) keys the reuse
        of unchanged parts."""
        out = np.zeros(self.size, dtype=np.float32)
        self.hash_observation(observation, out, viewer)
        self.write_tail(history, legal, out)
        return out

    def hash_observation(self, observation: dict[str, Any], out: np.ndarray, viewer: object = None) -> None:
        memo = self._parts.setdefault(viewer, {})
        if len(memo) > _CACHE_LIMIT:
            memo.clear()
        idx: list[int] = []
        val: list[float] = []
        for key, part in observation.items():
            self._walk(part, "." + str(key), idx, val, memo, MEMO_DEPTH)
        if idx:
            out[:OBS_BUCKETS] = np.bincount(idx, val, minlength=OBS_BUCKETS)

    def write_tail(self, history: Sequence[str], legal: Sequence[str], out: np.ndarray, viewer: object = None) -> None:
        """The history and slot parts (``viewer``: whose vector ``out`` is, kept between
        calls; ``None``: a fresh vector). The slots are rewritten only when the legal list's
        bytes differ from the last ones written in this vector."""
        vector = self._vector_for(out, viewer)
        history = history if type(history) is list else list(history)
        legal = legal[: self.slots]  # a list's slice is a list: copied once
        legal = legal if type(legal) is list else list(legal)
        write_tail_parts(vector, self.head, history, legal, self._words, self._action_bits, self._hashes)

    def _walk(self, value: Any, path: str, idx: list[int], val: list[float], memo: dict, depth: int) -> None:
        kind = type(value)
        if (kind is dict or kind is list or kind is tuple) and depth > 0:
            # a part equal to the one seen at this path last time adds what it added then;
            # its repr (made in C) is the fingerprint, so a live list changed in place since
            # is never mistaken for the old one
            print_ = repr(value)
            known = memo.get(path)
            if known is not None and known[0] == print_:
                idx.extend(known[1])
                val.extend(known[2])
                return
            first = len(idx)
            if kind is dict:
                for key, item in value.items():
                    self._walk(item, f"{path}.{key}", idx, val, memo, depth - 1)
            else:
                for position, item in enumerate(value):
                    if type(item) is str:
                        text = f"{path}[]={item}"
                        idx.append(self._hash(text, OBS_BUCKETS) >> 1)
                        val.append(1.0)
                    else:
                        self._walk(item, f"{path}[{position}]", idx, val, memo, depth - 1)
            memo[path] = (print_, idx[first:], val[first:])
        elif kind is dict:
            for key, item in value.items():
                self._walk(item, f"{path}.{key}", idx, val, memo, 0)
        elif kind is list or kind is tuple:
            for position, item in enumerate(value):
                if type(item) is str:
                    text = f"{path}[]={item}"
                    idx.append(self._hash(text, OBS_BUCKETS) >> 1)
                    val.append(1.0)
                else:
                    self._walk(item, f"{path}[{position}]", idx, val, memo, 0)
        elif kind is str:
            text = f"{path}={value}"
            idx.append(self._hash(text, OBS_BUCKETS) >> 1)
            val.append(1.0)
        elif value and (kind is int or kind is float or kind is bool):
            found = self._hash(path, OBS_BUCKETS)
            idx.append(found >> 1)
            val.append((1.0 if found & 1 else -1.0) * value)
