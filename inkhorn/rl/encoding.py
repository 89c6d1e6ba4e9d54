"""Fixed-shape numeric observations, built only from what a seat may know.

Each game's ``observation(seat)`` is a JSON-ready dict whose size changes during play (hands
grow, tracks fill, Manuscript's grids hold more text). A learner needs one fixed shape per
game and player count, so the vector is made with *feature hashing*: every leaf of the dict
is hashed by its path into a fixed number of buckets. The scheme is stable (CRC-32, not
Python's salted ``hash``), so a trained policy keeps its meaning across runs and machines.

Layout of the ``observation`` vector (``float32``)
==================================================

=====================================  ===============================================
``[0, OBS_BUCKETS)``                   ``observation(seat)``, hashed leaf by leaf:
                                       a number or bool adds its value (with a sign bit
                                       from the hash) at ``hash(path)``; a text adds 1
                                       at ``hash(path=text)``. List positions are part of
                                       the path for numbers and nested values (seat 2's
                                       score is not seat 3's), but not for texts: a list
                                       of component names is a bag ("a hand holding K5").
``[OBS_BUCKETS, +HISTORY_BUCKETS)``    the last ``HISTORY_DEPTH`` actions as this seat
                                       saw them (``ActionRecord.seen_by``), word by word,
                                       weighted 1, 1/2, 1/3 ... from the newest.
``[+0, +slots * SLOT_BUCKETS)``        one block per action slot: the words of the
                                       legal action id in that slot, hashed; all zero
                                       where the slot is empty.
=====================================  ===============================================

Nothing else goes in: no state field, no seed, no other seat's view. The leak tests check
that by construction the encoder is only ever handed those three inputs.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np

OBS_BUCKETS = 1024
HISTORY_BUCKETS = 128
HISTORY_DEPTH = 8
SLOT_BUCKETS = 8
_WORDS = re.compile(r"[A-Za-z0-9_]+")
_CACHE_LIMIT = 200_000
# Parts of an observation this many levels deep or less are remembered with their hashed
# contribution and reused while unchanged.
MEMO_DEPTH = 1


class Encoder:
    """Turns (observation, history view, legal ids) into the fixed vector described above.

    Consecutive observations of one seat share most of their parts, so the hashed
    contribution of each top-level part is kept with the part itself and reused while the
    part compares equal (a C-speed comparison); the result is exactly what a full pass
    would give.
    """

    def __init__(self, slots: int):
        self.slots = slots
        self.size = OBS_BUCKETS + HISTORY_BUCKETS + slots * SLOT_BUCKETS
        self._hashes: dict[str, tuple[int, float]] = {}
        self._parts: dict[object, dict[str, tuple[Any, np.ndarray, np.ndarray]]] = {}

    def _hash(self, text: str, buckets: int) -> tuple[int, float]:
        found = self._hashes.get(text)
        if found is None:
            if len(self._hashes) > _CACHE_LIMIT:
                self._hashes.clear()
            digest = zlib.crc32(text.encode("utf-8"))
            found = (digest >> 1) % buckets, (1.0 if digest & 1 else -1.0)
            self._hashes[text] = found
        return found

    def encode(
        self, observation: dict[str, Any], history: Sequence[str], legal: Sequence[str], viewer: object = None
    ) -> np.ndarray:
        """The vector; ``viewer`` (e.g. the seat) keys the reuse of unchanged parts."""
        memo = self._parts.setdefault(viewer, {})
        if len(memo) > _CACHE_LIMIT:
            memo.clear()
        idx: list[int] = []
        val: list[float] = []
        for key, part in observation.items():
            self._walk(part, "." + str(key), idx, val, memo, MEMO_DEPTH)
        out = np.zeros(self.size, dtype=np.float32)
        if idx:
            out[:OBS_BUCKETS] = np.bincount(idx, val, minlength=OBS_BUCKETS)
        base = OBS_BUCKETS
        for age, text in enumerate(reversed(history[-HISTORY_DEPTH:])):
            weight = 1.0 / (1 + age)
            for word in _WORDS.findall(text):
                index, _ = self._hash("h:" + word, HISTORY_BUCKETS)
                out[base + index] += weight
        base += HISTORY_BUCKETS
        for slot, action in enumerate(legal[: self.slots]):
            start = base + slot * SLOT_BUCKETS
            for word in _WORDS.findall(action):
                index, _ = self._hash("a:" + word, SLOT_BUCKETS)
                out[start + index] = 1.0
        return out

    def _walk(self, value: Any, path: str, idx: list[int], val: list[float], memo: dict, depth: int) -> None:
        hashes = self._hashes
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
                        found = hashes.get(text) or self._hash(text, OBS_BUCKETS)
                        idx.append(found[0])
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
                    found = hashes.get(text) or self._hash(text, OBS_BUCKETS)
                    idx.append(found[0])
                    val.append(1.0)
                else:
                    self._walk(item, f"{path}[{position}]", idx, val, memo, 0)
        elif kind is str:
            text = f"{path}={value}"
            found = hashes.get(text) or self._hash(text, OBS_BUCKETS)
            idx.append(found[0])
            val.append(1.0)
        elif value and (kind is int or kind is float or kind is bool):
            found = hashes.get(path) or self._hash(path, OBS_BUCKETS)
            idx.append(found[0])
            val.append(found[1] * value)
