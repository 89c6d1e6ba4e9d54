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
_AGE_WEIGHTS = tuple(1.0 / (1 + age) for age in range(HISTORY_DEPTH))  # the newest action first
# the 8 flags of each slot byte (its bits, the lowest first), byte after byte: what the tail
# copies from
_SLOT_ROWS = np.unpackbits(np.arange(256, dtype=np.uint8), bitorder="little").astype(np.float32).data
_SLOTS_BY_NUMPY = 20  # longer lists of slots are unpacked by numpy in one call, shorter copied row by row


def write_history(out: Any, start: int, ages: list[bytes], zeros: Any) -> None:
    """The history part from ``start`` of ``out`` (float32s): each bucket the weights of the
    ages its words were seen at, summed in full precision before it is made a float32.
    ``ages`` holds the buckets (all below ``HISTORY_BUCKETS``) of each action's words as
    bytes, the newest first; ``zeros`` at least ``HISTORY_BUCKETS`` zeros. ``encoding.pxd`` types it for
    the compiled build, so there the sums are C doubles."""
    totals = [0.0] * 128  # HISTORY_BUCKETS, spelled out for the compiled array (tests hold the two equal)
    for age, buckets in enumerate(ages):
        weight = _AGE_WEIGHTS[age]
        for bucket in buckets:
            totals[bucket] += weight
    out[start : start + HISTORY_BUCKETS] = zeros[:HISTORY_BUCKETS]
    for buckets in ages:
        for bucket in buckets:
            out[start + bucket] = totals[bucket]


def write_slots(out: Any, start: int, codes: bytes, cleared: int, rows: Any, zeros: Any) -> None:
    """The slot part from ``start`` of ``out`` (float32s): for each code its ``SLOT_BUCKETS``
    flags, copied from ``rows`` (every byte's flags, one after another), then ``cleared``
    zeros where an earlier list filled more slots. ``encoding.pxd`` types it for the compiled
    build, where the copies are C loops and no Python memoryview is made."""
    for code in codes:
        out[start : start + 8] = rows[code * 8 : code * 8 + 8]  # SLOT_BUCKETS, spelled out
        start += 8
    out[start : start + cleared] = zeros[:cleared]


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
        # legal list's slot blocks are one bytes object, compared with the last in one call
        self._action_bits: dict[str, int] = {}
        self._codes: dict[object, bytes] = {}  # per seat: the slot bytes written last
        self._views: dict[object, tuple[Numbers, Numbers]] = {}  # per seat: its kept vector's memoryviews
        # what the tail clears from: as long as the longer of its two parts
        self._zeros = np.zeros(max(HISTORY_BUCKETS, slots * SLOT_BUCKETS), dtype=np.float32).data

    def forget(self) -> None:
        """A new game: every seat's vector is written afresh."""
        if self.features is not None:
            self.features.forget()
        self._codes.clear()
        self._views.clear()

    def _hash(self, text: str, buckets: int) -> int:
        """``text``'s bucket among ``buckets`` times 2, plus 1 when its sign is +1 (see
        ``_hashes``)."""
        found = self._hashes.get(text)
        if found is None:
            if len(self._hashes) > _CACHE_LIMIT:
                self._hashes.clear()
            digest = zlib.crc32(text.encode("utf-8"))
            found = self._hashes[text] = ((digest >> 1) % buckets) << 1 | (digest & 1)
        return found

    def write(self, state: GameState, seat: int, history: Sequence[str], legal: Sequence[str], out: np.ndarray) -> None:
        """Bring ``seat``'s vector ``out`` up to date (a game with features): ``out`` is all
        zero or as this encoder last left it for that seat."""
        assert self.features is not None
        self.features.write(state, seat, self._views_of(out, seat)[1])
        self.write_tail(history, legal, out, seat)

    def _views_of(self, out: np.ndarray, viewer: object) -> tuple[Numbers, Numbers]:
        """``out`` as a memoryview of float32s ('f'), whole and its features' part: made once
        per kept vector, not at every step."""
        views = self._views.get(viewer)
        if views is None or views[0].obj is not out:
            view = cast("Numbers", out.data)
            views = self._views[viewer] = (view, view[: self.head])
        return views

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
        calls; ``None``: a fresh vector).

        Written through a memoryview, number by number: a step changes a few dozen numbers
        here, and numpy's cost per call is several times a memoryview's per number."""
        view = self._views_of(out, viewer)[0] if viewer is not None else out.data  # float32s ('f')
        base = self.head
        words = self._words
        ages = []  # the buckets of each action's words, the newest action first
        for text in reversed(history[-HISTORY_DEPTH:]):
            found = words.get(text)
            if found is None:
                if len(words) > _CACHE_LIMIT:
                    words.clear()
                found = words[text] = bytes([self._hash("h:" + w, HISTORY_BUCKETS) >> 1 for w in _WORDS.findall(text)])
            ages.append(found)
        write_history(view, base, ages, self._zeros)
        # slots: one byte per legal id, its words' buckets as bits; rewritten only when the
        # bytes differ from this vector's last list, all at once
        start = base + HISTORY_BUCKETS
        legal = legal[: self.slots]
        try:
            codes = bytes(map(self._action_bits.__getitem__, legal))
        except KeyError:
            codes = bytes([self._action_bits.get(action) or self._bits(action) for action in legal])
        before = self._codes.get(viewer, b"") if viewer is not None else b""
        if codes != before:
            cleared = (len(before) - len(codes)) * SLOT_BUCKETS if len(before) > len(codes) else 0
            if len(codes) > _SLOTS_BY_NUMPY:
                end = start + len(codes) * SLOT_BUCKETS
                out[start:end] = np.unpackbits(np.frombuffer(codes, dtype=np.uint8), bitorder="little")
                view[end : end + cleared] = self._zeros[:cleared]
            else:
                write_slots(view, start, codes, cleared, _SLOT_ROWS, self._zeros)
            if viewer is not None:
                self._codes[viewer] = codes

    def _bits(self, action: str) -> int:
        if len(self._action_bits) > _CACHE_LIMIT:
            self._action_bits.clear()
        code = 0
        for word in _WORDS.findall(action):
            code |= 1 << (self._hash("a:" + word, SLOT_BUCKETS) >> 1)
        self._action_bits[action] = code
        return code

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
