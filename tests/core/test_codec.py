from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field

import pytest

from inkhorn.core.codec import Codec, CodecError, transient_field
from inkhorn.core.rng import StateRng


class Ink(enum.Enum):
    RED = "red"
    GOLD = "gold"


@dataclass
class Slot:
    kind: str
    tile: int | None = None


@dataclass
class Board:
    slots: list[Slot]
    costs: dict[int, tuple[Ink, ...]]
    seen: set[str]
    rng: StateRng
    cache: dict = transient_field(default_factory=dict)
    tags: dict[str, int] = field(default_factory=dict)


def test_round_trip_keeps_tuples_int_keys_sets_enums_and_rng():
    codec = Codec([Board, Slot, Ink])
    board = Board(
        slots=[Slot("corner"), Slot("text", 4)],
        costs={3: (Ink.RED, Ink.GOLD)},
        seen={"b", "a"},
        rng=StateRng(7, 3),
        cache={"x": 1},
        tags={"$odd": 1},
    )
    back = codec.decode(json.loads(json.dumps(codec.encode(board))))
    assert back.slots == board.slots
    assert back.costs == {3: (Ink.RED, Ink.GOLD)}
    assert back.seen == {"a", "b"}
    assert back.rng == StateRng(7, 3)
    assert back.tags == {"$odd": 1}
    assert not hasattr(back, "cache")


def test_unregistered_class_is_refused():
    with pytest.raises(CodecError, match="Slot"):
        Codec([]).encode(Slot("x"))


def test_unknown_type_in_saved_data_is_refused():
    with pytest.raises(CodecError, match="Nope"):
        Codec([Slot]).decode({"$t": "Nope"})
