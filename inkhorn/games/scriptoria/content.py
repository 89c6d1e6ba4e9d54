"""Scriptoria's authored components, loaded from JSON and validated.

The shipped files live in ``content/`` beside this module (sketches, inks, lecterns,
achievements, scroll). A designer may load an edited copy through the ``content`` option:
either a folder holding the same five files (missing ones fall back to the shipped files)
or a single JSON file whose top-level keys are those five names. Anything malformed raises
:class:`ContentError` naming the file and the problem.

The loaded :class:`Content` is immutable and shared by every state (never copied): states
hold indices into its tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from operator import itemgetter
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from inkhorn.core.content import read_json, validate
from inkhorn.core.errors import ContentError

Colour = Literal["red", "blue", "green", "black", "gold"]
COLOURS: tuple[Colour, ...] = ("red", "blue", "green", "black", "gold")
RED, BLUE, GREEN, BLACK, GOLD = range(5)
KINDS = ("border", "corner", "text", "miniature", "dropcap")
SUPPLIES = ("red", "blue", "green", "black", "gold", "quill")
SECTIONS = ("sketches", "inks", "lecterns", "achievements", "scroll")
SHIPPED = Path(__file__).with_name("content")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SketchModel(_Model):
    id: str = Field(min_length=1, max_length=12, pattern=r"^[A-Za-z0-9_-]+$")
    kind: Literal["border", "corner", "text", "miniature", "dropcap"]
    name: str = Field(min_length=1)
    cost: dict[Colour, int]
    points: int = Field(ge=0, le=50)

    @field_validator("cost")
    @classmethod
    def _cost(cls, v: dict[str, int]) -> dict[str, int]:
        if any(n < 0 or n > 9 for n in v.values()):
            raise ValueError("each ink count must be between 0 and 9")
        return v


class SketchFile(_Model):
    sketches: list[SketchModel] = Field(min_length=1)


class InkModel(_Model):
    colour: Colour
    name: str
    count: int = Field(ge=0, le=200)


class InkFile(_Model):
    colours: list[InkModel]


class LecternModel(_Model):
    id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_-]+$")
    name: str
    supply: Literal["red", "blue", "green", "black", "gold", "quill"]


class LecternFile(_Model):
    lecterns: list[LecternModel]


class AchievementModel(_Model):
    id: str = Field(min_length=1)
    part: str
    name: str
    points: int = Field(ge=0, le=50)


class AchievementFile(_Model):
    achievements: list[AchievementModel]


class PartModel(_Model):
    id: str
    name: str
    side: Literal["left", "right"] | None = None


class SlotModel(_Model):
    id: str = Field(min_length=1)
    kind: Literal["border", "corner", "text", "miniature", "dropcap"]
    parts: list[str]
    name: str


class ScrollFile(_Model):
    parts: list[PartModel] = Field(min_length=1)
    manuscript_part: str
    slots: list[SlotModel] = Field(min_length=1)


@dataclass(frozen=True)
class Sketch:
    index: int
    id: str
    kind: int  # index into KINDS
    name: str
    cost: tuple[int, ...]  # per colour, in COLOURS order (five)
    points: int


@dataclass(frozen=True)
class Content:
    """Everything the rules read and never change."""

    source: str
    sketches: tuple[Sketch, ...]
    sketch_index: dict[str, int]
    ink_counts: tuple[int, ...]  # per colour
    ink_names: tuple[str, ...]
    lectern_ids: tuple[str, ...]
    lectern_names: tuple[str, ...]
    lectern_supply: tuple[int, ...]  # index into SUPPLIES
    # parts: the 4 section parts, then the whole manuscript last
    part_ids: tuple[str, ...]
    part_names: tuple[str, ...]
    part_slots: tuple[tuple[int, ...], ...]
    part_side: tuple[str | None, ...]
    achievements: tuple[tuple[tuple[str, str, int], ...], ...]  # per part: (id, name, points) top first
    slot_ids: tuple[str, ...]
    slot_kind: tuple[int, ...]
    slot_names: tuple[str, ...]
    slot_side: tuple[str | None, ...]  # friezes: which side the slot belongs to
    slots_of_kind: tuple[tuple[int, ...], ...]  # per kind index
    # kinds whose slots lie on both sides (placing needs a side choice)
    sided_kinds: frozenset[int]

    @property
    def total_inks(self) -> int:
        return sum(self.ink_counts)

    @property
    def num_parts(self) -> int:
        return len(self.part_ids)

    @cached_property
    def part_cells(self) -> tuple[Callable[[Sequence[int]], Sequence[int]], ...]:
        """Per part, what reads its slots of a scroll in one call (a bot counts them often)."""
        return tuple(_cells(slots) for slots in self.part_slots)

    @cached_property
    def kind_cells(self) -> tuple[Callable[[Sequence[int]], Sequence[int]], ...]:
        """Per kind, what reads its slots of a scroll in one call."""
        return tuple(_cells(slots) for slots in self.slots_of_kind)


def _cells(slots: tuple[int, ...]) -> Callable[[Sequence[int]], Sequence[int]]:
    start = slots[0] if slots else 0
    if slots == tuple(range(start, start + len(slots))):  # a run of slots: a slice
        return itemgetter(slice(start, start + len(slots)))
    return itemgetter(*slots)  # two or more apart


def _sections(path: str | None) -> dict[str, tuple[Any, str]]:
    """Raw data and source name of every section, edited ones over the shipped ones."""
    raw: dict[str, tuple[Any, str]] = {s: (read_json(SHIPPED / f"{s}.json"), f"{s}.json") for s in SECTIONS}
    if path is None:
        return raw
    p = Path(path)
    if p.is_dir():
        for s in SECTIONS:
            f = p / f"{s}.json"
            if f.exists():
                raw[s] = (read_json(f), str(f))
        return raw
    data = read_json(p)
    if not isinstance(data, dict):
        raise ContentError(str(p), "a content file is a JSON object with keys " + ", ".join(SECTIONS))
    unknown = sorted(set(data) - set(SECTIONS))
    if unknown:
        raise ContentError(str(p), f"unknown section {unknown[0]!r}; sections: {', '.join(SECTIONS)}")
    for s in SECTIONS:
        if s in data:
            raw[s] = (data[s], f"{p} [{s}]")
    return raw


@lru_cache(maxsize=16)
def load_content(path: str | None = None) -> Content:
    raw = _sections(path)
    src = {s: raw[s][1] for s in SECTIONS}
    sk: SketchFile = validate(SketchFile, raw["sketches"][0], src["sketches"])
    ink: InkFile = validate(InkFile, raw["inks"][0], src["inks"])
    lec: LecternFile = validate(LecternFile, raw["lecterns"][0], src["lecterns"])
    ach: AchievementFile = validate(AchievementFile, raw["achievements"][0], src["achievements"])
    scr: ScrollFile = validate(ScrollFile, raw["scroll"][0], src["scroll"])

    # sketches
    ids = [s.id for s in sk.sketches]
    dup = next((i for i in ids if ids.count(i) > 1), None)
    if dup:
        raise ContentError(src["sketches"], f"sketch id {dup!r} is used twice")
    sketches = tuple(
        Sketch(i, s.id, KINDS.index(s.kind), s.name, tuple(s.cost.get(c, 0) for c in COLOURS), s.points)
        for i, s in enumerate(sk.sketches)
    )
    for s in sketches:
        if sum(s.cost) == 0:
            raise ContentError(src["sketches"], f"sketch {s.id} costs no ink")

    # inks
    seen = [c.colour for c in ink.colours]
    if sorted(seen) != sorted(COLOURS):
        raise ContentError(src["inks"], f"list each of the colours {', '.join(COLOURS)} exactly once (got {seen})")
    by_colour = {c.colour: c for c in ink.colours}
    ink_counts = tuple(by_colour[c].count for c in COLOURS)
    if sum(ink_counts) < 1:
        raise ContentError(src["inks"], "there must be at least one ink")

    # lecterns
    lids = [lectern.id for lectern in lec.lecterns]
    if len(set(lids)) != len(lids):
        raise ContentError(src["lecterns"], "lectern ids must be unique")
    if len(lids) < 5:
        raise ContentError(src["lecterns"], f"at least 5 lecterns are needed for 4 copyists, got {len(lids)}")

    # scroll
    part_ids = [p.id for p in scr.parts]
    if len(set(part_ids)) != len(part_ids) or scr.manuscript_part in part_ids:
        raise ContentError(src["scroll"], "part ids must be unique and differ from the manuscript part")
    sids = [s.id for s in scr.slots]
    if len(set(sids)) != len(sids):
        raise ContentError(src["scroll"], "slot ids must be unique")
    part_slots: list[list[int]] = [[] for _ in part_ids]
    for i, slot in enumerate(scr.slots):
        if not slot.parts:
            raise ContentError(src["scroll"], f"slot {slot.id} belongs to no part")
        for p in slot.parts:
            if p not in part_ids:
                raise ContentError(src["scroll"], f"slot {slot.id} names unknown part {p!r}")
            part_slots[part_ids.index(p)].append(i)
    for pid, slots in zip(part_ids, part_slots):
        if not slots:
            raise ContentError(src["scroll"], f"part {pid} has no slot")
    slot_side: list[str | None] = []
    for slot in scr.slots:
        sides = {scr.parts[part_ids.index(p)].side for p in slot.parts} - {None}
        if len(sides) > 1:
            raise ContentError(src["scroll"], f"slot {slot.id} lies on both sides")
        slot_side.append(sides.pop() if sides else None)
    slot_kind = tuple(KINDS.index(s.kind) for s in scr.slots)
    slots_of_kind = tuple(tuple(i for i, k in enumerate(slot_kind) if k == kind) for kind in range(len(KINDS)))
    sided = frozenset(
        k for k in range(len(KINDS)) if len({slot_side[i] for i in slots_of_kind[k]}) > 1
    )
    for k in sided:
        if any(slot_side[i] is None for i in slots_of_kind[k]):
            raise ContentError(src["scroll"], f"{KINDS[k]} slots lie partly on a side and partly on none")
    kinds_in_bag = {s.kind for s in sketches}
    for k in range(len(KINDS)):
        if slots_of_kind[k] and k not in kinds_in_bag:
            raise ContentError(src["scroll"], f"the scroll has {KINDS[k]} slots but no {KINDS[k]} sketch exists")

    # achievements: per part, in file order (top of the pile first)
    all_parts = part_ids + [scr.manuscript_part]
    piles: list[list[tuple[str, str, int]]] = [[] for _ in all_parts]
    aids = [a.id for a in ach.achievements]
    if len(set(aids)) != len(aids):
        raise ContentError(src["achievements"], "achievement ids must be unique")
    for a in ach.achievements:
        if a.part not in all_parts:
            raise ContentError(src["achievements"], f"achievement {a.id} names unknown part {a.part!r}; parts: {', '.join(all_parts)}")
        piles[all_parts.index(a.part)].append((a.id, a.name, a.points))
    for pile in piles:
        pile.sort(key=lambda t: -t[2])

    names = [p.name for p in scr.parts] + ["Whole manuscript"]
    return Content(
        source=path or "shipped",
        sketches=sketches,
        sketch_index={s.id: s.index for s in sketches},
        ink_counts=ink_counts,
        ink_names=tuple(by_colour[c].name for c in COLOURS),
        lectern_ids=tuple(lids),
        lectern_names=tuple(lectern.name for lectern in lec.lecterns),
        lectern_supply=tuple(SUPPLIES.index(lectern.supply) for lectern in lec.lecterns),
        part_ids=tuple(all_parts),
        part_names=tuple(names),
        part_slots=tuple(tuple(s) for s in part_slots) + (tuple(range(len(scr.slots))),),
        part_side=tuple(p.side for p in scr.parts) + (None,),
        achievements=tuple(tuple(p) for p in piles),
        slot_ids=tuple(sids),
        slot_kind=slot_kind,
        slot_names=tuple(s.name for s in scr.slots),
        slot_side=tuple(slot_side),
        slots_of_kind=slots_of_kind,
        sided_kinds=sided,
    )
