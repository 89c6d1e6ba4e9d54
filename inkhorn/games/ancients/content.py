"""The authored cards of Ancients as validated data, and the words that describe them.

Every card effect is data in a small typed vocabulary (see ``Op`` and ``Cond``); the
interpreter in ``effects.py`` runs it. Card texts are produced from that data by
:func:`describe`, so a text can never disagree with what a card does.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from inkhorn.core.content import read_json, validate_each
from inkhorn.core.errors import ContentError

CONTENT_DIR = Path(__file__).parent / "content"
FILES = ("monuments.json", "artifacts.json", "technologies.json")

KINDS = ("city", "megalith", "pyramid")
TECH_TYPES = ("ancient", "secret", "writing")
# which monuments an effect reaches: any of yours, the card itself, the cards next to it
Where = Literal["any", "this", "adjacent"]
WHERE: tuple[str, ...] = get_args(Where)
TRIGGERS = ("immediate", "timeline", "decline", "endgame", "passive")
PASSIVE_KEYS = (
    "hand_limit",  # your hand limit is raised by n
    "move_discount",  # creating on another column costs n fewer discards (min 0)
    "create_discount",  # discard costs (C*) are n lower (min 0)
    "archive_bonus",  # each card discarded to ARCHIVE removes n more tokens
    "excavate_bonus",  # each card rotated by EXCAVATE draws n more
    "search_bonus",  # SEARCH draws n more
    "decline_guard",  # up to n tokens of each declining monument return to the reserve
    "learn_bonus",  # count n more monuments in your Past for technology requirements
)
PER = ("past", "artifacts", "techs", "rotated", "timeline", "sets")

# op name -> (fields that matter, triggers it may appear in)
OP_TABLE: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "draw": (frozenset({"n"}), frozenset({"immediate", "timeline", "decline"})),
    "discard": (frozenset({"n"}), frozenset({"immediate", "timeline", "decline"})),
    "remove_knowledge": (frozenset({"n", "where"}), frozenset({"immediate", "timeline", "decline"})),
    "add_knowledge": (frozenset({"n", "where"}), frozenset({"immediate", "timeline", "decline"})),
    "recover": (frozenset({"n"}), frozenset({"immediate", "timeline", "decline"})),
    "move": (frozenset({"where"}), frozenset({"immediate", "timeline", "decline"})),
    "swap": (frozenset(), frozenset({"immediate", "timeline", "decline"})),
    "slide": (frozenset({"n"}), frozenset({"immediate", "timeline"})),
    "straighten": (frozenset({"n"}), frozenset({"immediate", "timeline", "decline"})),
    "gain": (frozenset({"n"}), frozenset({"immediate", "timeline", "decline"})),
    "others_discard": (frozenset({"n"}), frozenset({"immediate", "timeline", "decline"})),
    "others_add_knowledge": (frozenset({"n"}), frozenset({"immediate", "timeline", "decline"})),
    "score": (frozenset({"n", "per", "kind", "every", "max"}), frozenset({"endgame"})),
    "passive": (frozenset({"n", "key"}), frozenset({"passive"})),
}
OPS = tuple(OP_TABLE)
COND_KINDS = ("past", "artifacts", "techs", "lost", "lost_max", "hand", "hand_max", "empty", "rotated")
REQ_KINDS = ("none", "past", "artifacts", "techs", "lost", "hand", "hand_max")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


M = TypeVar("M", bound=_Model)


class Op(_Model):
    """One verb of the effect language."""

    op: Literal[OPS]  # type: ignore[valid-type]
    n: int = Field(1, ge=0, le=20)
    where: Where = "any"
    per: Literal[PER] | None = None  # type: ignore[valid-type]
    kind: str | None = None  # a monument kind or a technology type, for per / conditions
    every: int = Field(1, ge=1, le=10)
    max: int | None = Field(None, ge=0, le=30)
    key: Literal[PASSIVE_KEYS] | None = None  # type: ignore[valid-type]

    @model_validator(mode="after")
    def _fits(self) -> Op:
        if self.op == "score" and self.per == "past" and self.kind not in (None, *KINDS):
            raise ValueError(f"score per past: kind must be one of {KINDS}, not {self.kind!r}")
        if self.op == "score" and self.per == "techs" and self.kind not in (None, *TECH_TYPES):
            raise ValueError(f"score per techs: kind must be one of {TECH_TYPES}, not {self.kind!r}")
        if self.op == "passive" and self.key is None:
            raise ValueError("a passive op needs a key")
        if self.op != "passive" and self.key is not None:
            raise ValueError(f"{self.op}: key is only for passive ops")
        if self.op != "score" and (self.per is not None or self.max is not None or self.every != 1):
            raise ValueError(f"{self.op}: per/every/max are only for score ops")
        if self.op == "move" and self.where == "adjacent":
            raise ValueError("move: where must be 'any' or 'this'")
        if self.op == "add_knowledge" and self.where != "this":
            raise ValueError("add_knowledge: only where='this' is supported")
        return self


class Cond(_Model):
    """A condition checked when an effect resolves (or is scored)."""

    kind: Literal[COND_KINDS]  # type: ignore[valid-type]
    n: int = Field(0, ge=0, le=30)
    of: str | None = None  # monument kind (past) or technology type (techs)

    @model_validator(mode="after")
    def _of(self) -> Cond:
        if self.kind == "past" and self.of not in (None, *KINDS):
            raise ValueError(f"condition past: of must be one of {KINDS}")
        if self.kind == "techs" and self.of not in (None, *TECH_TYPES):
            raise ValueError(f"condition techs: of must be one of {TECH_TYPES}")
        if self.kind not in ("past", "techs") and self.of is not None:
            raise ValueError(f"condition {self.kind}: 'of' is not used")
        return self


class Effect(_Model):
    when: Literal[TRIGGERS]  # type: ignore[valid-type]
    cond: Cond | None = Field(None, alias="if")
    do: tuple[Op, ...] = Field(min_length=1)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _ops_fit_trigger(self) -> Effect:
        for op in self.do:
            allowed = OP_TABLE[op.op][1]
            if self.when not in allowed:
                raise ValueError(f"op {op.op!r} cannot be used in a {self.when} effect")
        return self


class Monument(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{1,15}$")
    name: str = Field(min_length=2, max_length=40)
    kind: Literal[KINDS]  # type: ignore[valid-type]
    column: int = Field(ge=1, le=6)
    tokens: int = Field(ge=0, le=15)
    stars: int = Field(ge=0, le=12)
    cost: int = Field(ge=0, le=4)
    locked: bool = False
    effects: tuple[Effect, ...] = ()
    start_deck: int | None = Field(None, ge=1, le=4)


class Artifact(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{1,15}$")
    name: str = Field(min_length=2, max_length=40)
    cost: int = Field(0, ge=0, le=4)
    effects: tuple[Effect, ...] = Field(min_length=1)
    start_deck: int | None = Field(None, ge=1, le=4)

    @model_validator(mode="after")
    def _timing(self) -> Artifact:
        for eff in self.effects:
            if eff.when not in ("timeline", "passive"):
                raise ValueError(f"an artifact effect is timeline or passive (anytime), not {eff.when}")
        return self


class Requirement(_Model):
    kind: Literal[REQ_KINDS]  # type: ignore[valid-type]
    n: int = Field(0, ge=0, le=14)
    of: str | None = None

    @model_validator(mode="after")
    def _of(self) -> Requirement:
        if self.kind == "past" and self.of not in (None, *KINDS):
            raise ValueError(f"requirement past: of must be one of {KINDS}")
        if self.kind == "techs" and self.of not in (None, *TECH_TYPES):
            raise ValueError(f"requirement techs: of must be one of {TECH_TYPES}")
        if self.kind not in ("past", "techs") and self.of is not None:
            raise ValueError(f"requirement {self.kind}: 'of' is not used")
        return self


class Technology(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{1,15}$")
    name: str = Field(min_length=2, max_length=40)
    level: Literal[1, 2]
    type: Literal[TECH_TYPES]  # type: ignore[valid-type]
    requires: Requirement
    effects: tuple[Effect, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _timing(self) -> Technology:
        want = "immediate" if self.level == 1 else "endgame"
        for eff in self.effects:
            if eff.when != want:
                raise ValueError(f"a level {self.level} technology has {want} effects, not {eff.when}")
        return self


class Content:
    """All cards, indexed by a dense integer id (builder cards first, then technologies)."""

    def __init__(
        self, monuments: list[Monument], artifacts: list[Artifact], techs: list[Technology], source: str
    ):
        self.source = source
        self.monuments = tuple(monuments)
        self.artifacts = tuple(artifacts)
        self.techs = tuple(techs)
        self.builders: tuple[Monument | Artifact, ...] = (*self.monuments, *self.artifacts)
        self.all: tuple[Monument | Artifact | Technology, ...] = (*self.builders, *self.techs)
        self.n_builders = len(self.builders)
        self.index = {c.id: i for i, c in enumerate(self.all)}
        if len(self.index) != len(self.all):
            seen: set[str] = set()
            for c in self.all:
                if c.id in seen:
                    raise ContentError(source, f"card id {c.id!r} is used twice")
                seen.add(c.id)
        self.is_monument = tuple(i < len(self.monuments) for i in range(len(self.all)))
        self.is_artifact = tuple(
            len(self.monuments) <= i < self.n_builders for i in range(len(self.all))
        )
        self.tech_ids = tuple(range(self.n_builders, len(self.all)))
        self.level1 = tuple(i for i in self.tech_ids if self.all[i].level == 1)  # type: ignore[union-attr]
        self.level2 = tuple(i for i in self.tech_ids if self.all[i].level == 2)  # type: ignore[union-attr]
        # trigger -> effect per card (None when the card has none); tuples shared by every state
        self.by_trigger: dict[str, tuple[tuple[Effect, ...], ...]] = {
            t: tuple(tuple(e for e in getattr(c, "effects", ()) if e.when == t) for c in self.all)
            for t in TRIGGERS
        }
        self.has_trigger: dict[str, tuple[bool, ...]] = {
            t: tuple(bool(x) for x in effs) for t, effs in self.by_trigger.items()
        }
        # passive totals per card: tuple of (key, n)
        self.passive = tuple(
            tuple((op.key, op.n) for e in self.by_trigger["passive"][i] for op in e.do)
            for i in range(len(self.all))
        )
        self.kind_of = tuple(getattr(c, "kind", None) for c in self.all)
        self.stars = tuple(getattr(c, "stars", 0) for c in self.all)
        self.column = tuple(getattr(c, "column", 0) for c in self.all)
        self.tokens = tuple(getattr(c, "tokens", 0) for c in self.all)
        self.cost = tuple(getattr(c, "cost", 0) for c in self.all)
        self.locked = tuple(getattr(c, "locked", False) for c in self.all)
        self.start_decks = {
            d: tuple(i for i in range(self.n_builders) if self.builders[i].start_deck == d)
            for d in (1, 2, 3, 4)
        }

    def card(self, cid: int) -> Monument | Artifact | Technology:
        return self.all[cid]

    def cid(self, card_id: str) -> int | None:
        return self.index.get(card_id)


def _read(path: Path, model: type[M], source: str) -> list[M]:
    """One card file of a content folder: a JSON list of cards."""
    name = f"{source}/{path.name}"
    return validate_each(model, read_json(path, name), name, "card")


def load_content(folder: str | Path | None = None) -> Content:
    """Load and validate the three card files of a folder (default: the shipped set)."""
    path = Path(folder) if folder is not None else CONTENT_DIR
    source = str(folder) if folder is not None else "ancients content"
    if not path.is_dir():
        raise ContentError(source, "content must be a folder holding " + ", ".join(FILES))
    mons = _read(path / FILES[0], Monument, source)
    arts = _read(path / FILES[1], Artifact, source)
    techs = _read(path / FILES[2], Technology, source)
    for m in mons:
        if m.locked and m.column < 1:
            raise ContentError(source, f"monument {m.id}: locked monument without a column")
        if sum(1 for e in m.effects if e.when == "passive") > 1:
            raise ContentError(source, f"monument {m.id}: at most one passive effect")
    if not mons:
        raise ContentError(source, "no monuments")
    lvl1 = [t for t in techs if t.level == 1]
    lvl2 = [t for t in techs if t.level == 2]
    if len(lvl1) < 6 or len(lvl2) < 3:
        raise ContentError(source, "need at least 6 level I and 3 level II technologies to fill the tiles")
    return Content(mons, arts, techs, source)


@lru_cache(maxsize=8)
def cached_content(folder: str | None) -> Content:
    return load_content(folder)


# ---- words ---------------------------------------------------------------------------------
_KIND_PLURAL = {"city": "cities", "megalith": "megaliths", "pyramid": "pyramids", None: "monuments"}
_WHEN = {
    "immediate": "When created",
    "timeline": "Each Timeline phase",
    "decline": "On decline",
    "endgame": "At game end",
    "passive": "While in play",
}


def _cond_text(c: Cond) -> str:
    if c.kind == "past":
        return f"if your Past holds {c.n}+ {_KIND_PLURAL[c.of]}"
    if c.kind == "artifacts":
        return f"if you have {c.n}+ artifacts"
    if c.kind == "techs":
        return f"if you have {c.n}+ {c.of + ' ' if c.of else ''}technologies"
    if c.kind == "lost":
        return f"if you have {c.n}+ lost knowledge"
    if c.kind == "lost_max":
        return f"if you have at most {c.n} lost knowledge"
    if c.kind == "hand":
        return f"if you hold {c.n}+ cards"
    if c.kind == "hand_max":
        return f"if you hold at most {c.n} cards"
    if c.kind == "empty":
        return "if this card carries no knowledge"
    return f"if {c.n}+ cards of your Past are rotated"


_PASSIVE_TEXT = {
    "hand_limit": "your hand limit is {n} higher",
    "move_discount": "creating off the starting column costs {n} fewer discards",
    "create_discount": "discard costs of cards you create are {n} lower",
    "archive_bonus": "each card you ARCHIVE removes {n} more knowledge",
    "excavate_bonus": "each card you EXCAVATE draws {n} more",
    "search_bonus": "SEARCH draws {n} more",
    "decline_guard": "up to {n} knowledge on each declining monument returns to the reserve",
    "learn_bonus": "count {n} more monument{s} in your Past for technology requirements",
}
_WHERE_WORDS = {"any": "your monuments", "this": "this monument", "adjacent": "adjacent monuments"}


def _op_text(op: Op) -> str:
    n = op.n
    s = "" if n == 1 else "s"
    if op.op == "draw":
        return f"draw {n} card{s}"
    if op.op == "discard":
        return f"discard {n} card{s}"
    if op.op == "remove_knowledge":
        return f"remove {n} knowledge from {_WHERE_WORDS[op.where]}"
    if op.op == "add_knowledge":
        return f"add {n} knowledge to this monument"
    if op.op == "recover":
        return f"return {n} lost knowledge to the reserve"
    if op.op == "move":
        return "you may move this monument" if op.where == "this" else "you may move one of your monuments"
    if op.op == "swap":
        return "you may swap two of your monuments"
    if op.op == "slide":
        return f"this monument slides {n} column{s} right"
    if op.op == "straighten":
        return f"straighten {n} rotated card{s} of your Past"
    if op.op == "gain":
        return f"gain {n} point{s}"
    if op.op == "others_discard":
        return f"each opponent discards {n} card{s}"
    if op.op == "others_add_knowledge":
        return f"each opponent adds {n} knowledge to one of their monuments"
    if op.op == "passive":
        return _PASSIVE_TEXT[op.key].format(n=n, s=s)  # type: ignore[index]
    # score
    if op.per is None:
        return f"score {n} point{s}"
    one = op.every == 1
    kind = op.kind
    what = {
        "past": f"{(kind or 'monument') if one else _KIND_PLURAL.get(kind, kind)} in your Past",
        "artifacts": "artifact" if one else "artifacts",
        "techs": f"{kind + ' ' if kind else ''}technolog{'y' if one else 'ies'}",
        "rotated": f"rotated card{'' if one else 's'} in your Past",
        "timeline": f"monument{'' if one else 's'} in your Timeline",
        "sets": "set of city, megalith and pyramid in your Past",
    }[op.per]
    text = f"score {n} per {what}" if one else f"score {n} per {op.every} {what}"
    if op.max is not None:
        text += f" (max {op.max})"
    return text


def effect_text(e: Effect, learned: bool = False) -> str:
    body = ", then ".join(_op_text(op) for op in e.do)
    cond = f" {_cond_text(e.cond)}" if e.cond is not None else ""
    when = "When learned" if learned and e.when == "immediate" else _WHEN[e.when]
    return f"{when}{cond}: {body}."


def requirement_text(r: Requirement) -> str:
    if r.kind == "none":
        return "no requirement"
    if r.kind == "past":
        return f"{r.n}+ {_KIND_PLURAL[r.of]} in your Past"
    if r.kind == "artifacts":
        return f"{r.n}+ artifacts"
    if r.kind == "techs":
        return f"{r.n}+ {r.of + ' ' if r.of else ''}technologies"
    if r.kind == "lost":
        return f"{r.n}+ lost knowledge"
    if r.kind == "hand":
        return f"{r.n}+ cards in hand"
    return f"at most {r.n} cards in hand"


def describe(card: Monument | Artifact | Technology) -> str:
    learned = isinstance(card, Technology)
    return " ".join(effect_text(e, learned) for e in getattr(card, "effects", ()))
