"""Components of Verse & Variant: Witness and Tool cards, Institutions, loaded from JSON.

Cards are plain ints for speed: Witness ids 0..44 (colour * 9 + rank - 1), Tool ids
45..119 (45 + (rank - 1) * 5 + variant). The loaded :class:`Content` is shared, never copied.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from inkhorn.core.content import Readable, entries, read_json, validate_each
from inkhorn.core.errors import ContentError

COLOURS = ("blue", "green", "yellow", "red", "black")
# Each Scriptorium colour has its own Feature, in the same order.
FEATURES = ("P", "M", "S", "D", "A")
FEATURE_NAMES = ("Papyrus", "Majority Text", "Sinaiticus", "Section Division", "UBS A")
LACUNA = 5
COLOUR_LETTER = ("B", "G", "Y", "R", "K")
NUM_WITNESSES = 45
NUM_TOOLS = 75
TIMINGS = (
    "instant", "before_primary", "on_primary", "after_lead", "after_reveal", "on_eureka",
    "on_second", "after_bout", "window", "claim", "after_tokenise", "after_claim", "anytime",
    "majority", "session_end",
)


class WitnessModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    color: Literal["blue", "green", "yellow", "red", "black"]
    rank: int
    icons: list[Literal["P", "M", "S", "D", "A", "L", "C"]]


class ToolModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    rank: int
    title: str
    timing: Literal[TIMINGS]  # type: ignore[valid-type]
    text: str


class SlotModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    stars: int
    perk: Literal["grant", "lacuna", "none"]


class InstitutionModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    feature: Literal["P", "M", "S", "D", "A"]
    cost: int
    slots: list[SlotModel]


M = TypeVar("M", bound=BaseModel)
# what one entry of each file is called in an error message
NOUNS = {"witnesses": "witness", "tools": "tool", "institutions": "institution"}


def tool_code(tid: int) -> str:
    i = tid - NUM_WITNESSES
    return f"T-{i // 5 + 1}{'abcde'[i % 5]}"


def card_name(card: int) -> str:
    if card < NUM_WITNESSES:
        return f"{COLOUR_LETTER[card // 9]}{card % 9 + 1}"
    return tool_code(card)


CARD_NAMES = tuple(card_name(c) for c in range(NUM_WITNESSES + NUM_TOOLS))
CARD_BY_NAME = {n: c for c, n in enumerate(CARD_NAMES)}
TOOL_BY_CODE = {card_name(c): c for c in range(NUM_WITNESSES, NUM_WITNESSES + NUM_TOOLS)}


def card_colour(card: int) -> int:
    """Scriptorium colour of a Witness; -1 for a Tool."""
    return card // 9 if card < NUM_WITNESSES else -1


def card_rank(card: int) -> int:
    return card % 9 + 1 if card < NUM_WITNESSES else (card - NUM_WITNESSES) // 5 + 1


class Content:
    """The loaded, validated components; immutable tuples shared by every state."""

    def __init__(self, witnesses: list[WitnessModel], tools: list[ToolModel], institutions: list[InstitutionModel]):
        # yields[card] = (P, M, S, D, A, Lacuna, corrupted colour or -1)
        ylds = []
        for w in witnesses:
            counts = [0] * 6
            corrupt = -1
            for icon in w.icons:
                if icon == "C":
                    corrupt = COLOURS.index(w.color)
                elif icon == "L":
                    counts[LACUNA] += 1
                else:
                    counts[FEATURES.index(icon)] += 1
            ylds.append((*counts, corrupt))
        self.yields: tuple[tuple[int, ...], ...] = tuple(ylds)
        # a card's rough worth on the Desk, as the heuristic counts it: a Witness's Features
        # (2 each) and Lacuna, minus 4 for Corruption; a Tool nothing
        self.desk_worth: tuple[float, ...] = tuple(
            [2.0 * (y[0] + y[1] + y[2] + y[3] + y[4]) + y[5] - (4 if y[6] >= 0 else 0) for y in ylds]
            + [0.0] * (len(CARD_NAMES) - len(ylds))
        )
        self.tools = {t.id: t for t in tools}
        self.timing = {TOOL_BY_CODE[t.id]: t.timing for t in tools}
        self.institutions = tuple(institutions)
        self.inst_feature = tuple(FEATURES.index(i.feature) for i in institutions)
        self.inst_cost = tuple(i.cost for i in institutions)
        self.slot_stars = tuple(s.stars for i in institutions for s in i.slots)
        self.slot_perk = tuple(s.perk for i in institutions for s in i.slots)
        self.witness_models = tuple(witnesses)
        # each card in words, by card number ("Green 2", "T-10c Momentum Forge")
        self.card_words: tuple[str, ...] = tuple(
            f"{COLOURS[c // 9].title()} {c % 9 + 1}" if c < NUM_WITNESSES
            else f"{CARD_NAMES[c]} {self.tools[CARD_NAMES[c]].title}" for c in range(len(CARD_NAMES)))


def _read(path: Readable, source: str, key: str, model: type[M]) -> list[M]:
    """One content file: a JSON object whose list ``key`` holds the entries."""
    return validate_each(model, entries(read_json(path, source), key, source), source, NOUNS[key])


def _validate(witnesses: list[WitnessModel], tools: list[ToolModel], insts: list[InstitutionModel], where: str) -> Content:
    if len(witnesses) != NUM_WITNESSES:
        raise ContentError(f"{where}/witnesses.json", f"needs {NUM_WITNESSES} witnesses, found {len(witnesses)}")
    for i, w in enumerate(witnesses):
        want = (COLOURS[i // 9], i % 9 + 1)
        if (w.color, w.rank) != want:
            raise ContentError(f"{where}/witnesses.json", f"witness {i} must be {want[0]} rank {want[1]} (colour blocks, ranks 1-9)")
        if not w.icons:
            raise ContentError(f"{where}/witnesses.json", f"witness {w.color} {w.rank} has no icon")
        if "C" in w.icons and len(w.icons) != 1:
            raise ContentError(f"{where}/witnesses.json", f"witness {w.color} {w.rank}: a Corruption card shows nothing else")
    codes = [t.id for t in tools]
    expected = [tool_code(c) for c in range(NUM_WITNESSES, NUM_WITNESSES + NUM_TOOLS)]
    if sorted(codes) != sorted(expected) or len(codes) != NUM_TOOLS:
        missing = sorted(set(expected) - set(codes))
        raise ContentError(f"{where}/tools.json", f"needs each of T-1a..T-15e exactly once; missing {missing[:5]}")
    base = {t.id: t.timing for t in _default_models()[1]} if where != "(built-in)" else None
    for t in tools:
        if t.rank != int(t.id[2:-1]):
            raise ContentError(f"{where}/tools.json", f"{t.id}: rank {t.rank} does not match its id")
        if base is not None and base[t.id] != t.timing:
            raise ContentError(f"{where}/tools.json", f"{t.id}: timing {t.timing!r} cannot change (its effect is {base[t.id]!r})")
    if len(insts) != 5 or sorted(i.feature for i in insts) != sorted(FEATURES):
        raise ContentError(f"{where}/institutions.json", "needs five Institutions, one per Feature")
    for inst in insts:
        if len(inst.slots) != 3 or inst.cost < 1:
            raise ContentError(f"{where}/institutions.json", f"{inst.name}: needs 3 slots and a cost of at least 1")
    insts = sorted(insts, key=lambda i: FEATURES.index(i.feature))
    return Content(witnesses, tools, insts)


@cache
def _default_models() -> tuple[list[WitnessModel], list[ToolModel], list[InstitutionModel]]:
    base = resources.files(__package__).joinpath("content")
    return (
        _read(base.joinpath("witnesses.json"), "witnesses.json", "witnesses", WitnessModel),
        _read(base.joinpath("tools.json"), "tools.json", "tools", ToolModel),
        _read(base.joinpath("institutions.json"), "institutions.json", "institutions", InstitutionModel),
    )


@cache
def default_content() -> Content:
    return _validate(*_default_models(), "(built-in)")


@cache
def load_content(path: str | None) -> Content:
    """The built-in content, or a designer's edited folder (any file missing = built-in)."""
    if path is None:
        return default_content()
    folder = Path(path)
    if not folder.is_dir():
        raise ContentError(path, "content must be a folder holding witnesses.json, tools.json and/or institutions.json")
    witnesses, tools, insts = _default_models()
    if (folder / "witnesses.json").exists():
        witnesses = _read(folder / "witnesses.json", str(folder / "witnesses.json"), "witnesses", WitnessModel)
    if (folder / "tools.json").exists():
        tools = _read(folder / "tools.json", str(folder / "tools.json"), "tools", ToolModel)
    if (folder / "institutions.json").exists():
        insts = _read(folder / "institutions.json", str(folder / "institutions.json"), "institutions", InstitutionModel)
    return _validate(witnesses, tools, insts, str(folder))
