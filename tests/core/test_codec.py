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


def test_a_saved_state_with_a_huge_number_is_refused_when_loaded():
    """A number no game part can hold (here 5,000 digits in Ancients' actions left) is a corrupt
    save, refused on loading, not an error later when the state is shown."""
    import pytest

    from inkhorn.core.errors import InkhornError
    from inkhorn.games import get_game

    game = get_game("ancients")
    data = game.new_game(2, 0).to_json()
    data["state"]["actions_left"] = 10**5000
    with pytest.raises(InkhornError, match="bit number"):
        game.state_from_json(data)
    data["state"]["actions_left"] = 2
    assert game.state_from_json(data).actions_left == 2


def test_a_field_missing_from_an_older_save_takes_its_default_and_only_then():
    codec = Codec([Slot])
    assert codec.decode({"$t": "Slot", "kind": "corner"}) == Slot("corner", None)
    with pytest.raises(CodecError, match="missing field 'kind'"):
        codec.decode({"$t": "Slot", "tile": 3})
