"""The authored components of Novelist: cards, events, awards, adverts, powers and rivals.

Content is validated on load (pydantic models plus the published counts and spreads) and then
frozen into plain tuples shared by every state: a state holds only card ids, never cards.
Card ids: 0..139 the genre cards in file order, then per seat the eight coin letters, then the
ten prestige letters (one each) dealt two per seat at set-up.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from inkhorn.core.content import read_json, validate
from inkhorn.core.errors import ContentError

GENRES = ("adventure", "horror", "mystery", "romance")
CARD_ACTIONS = ("wild", "up", "buy", "remove")  # the actions that name one card
SPECIALS = (
    "",
    "trash_self",
    "per_genre",
    "coin_or_prestige",
    "ink_or_remover",
    "per_ink",
    "uncover",
    "jail",
    "per_wild",
    "double",
    "trash_other",
)
EVENT_KINDS = (
    "min_length",
    "max_length",
    "max_wilds",
    "letter_coins",
    "letter_prestige",
    "ink_cost",
    "no_flush",
    "genre_discount",
    "hand_size",
    "long_word",
    "turn_ink",
    "no_foreign_classics",
    "buy_limit",
    "word_coins",
    "genre_prestige",
)
POWER_KEYS = ("borrow", "flourish", "research", "ghostwriter", "glance", "triangle", "smudge", "shrink", "heckle", "detour")
COST_SPREAD = {2: 4, 3: 7, 4: 9, 5: 6, 6: 4, 7: 2, 8: 2, 9: 1}
SIX_TIMES = frozenset("acefiknprw")
COIN_LETTERS = "aeilnrst"
PRESTIGE_LETTERS = "bcdghmopuy"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardModel(_Model):
    key: str
    name: str
    genre: Literal["", "adventure", "horror", "mystery", "romance"]
    letter: str = Field(pattern=r"^[a-z]$")
    cost: int = Field(ge=0, le=20)
    classic: bool = False
    coins: int = Field(0, ge=0, le=10)
    prestige: int = Field(0, ge=0, le=10)
    buy_prestige: int = Field(0, ge=0, le=10)
    genre_coins: int = Field(0, ge=0, le=10)
    genre_prestige: int = Field(0, ge=0, le=10)
    special: Literal[SPECIALS] = ""  # type: ignore[valid-type]
    special_basic: bool = False
    amount: int = Field(0, ge=0, le=10)
    alt: int = Field(0, ge=0, le=10)


class CardsFile(_Model):
    genre_cards: list[CardModel]
    starting_cards: list[CardModel]


class EventModel(_Model):
    key: str
    name: str
    text: str
    kind: Literal[EVENT_KINDS]  # type: ignore[valid-type]
    n: int = 0
    letters: str = ""
    genre: Literal["", "adventure", "horror", "mystery", "romance"] = ""
    length: int = 0


class EventsFile(_Model):
    events: list[EventModel]


class AwardModel(_Model):
    length: int = Field(ge=2)
    prestige: int = Field(ge=0)


class AdvertModel(_Model):
    cost: int = Field(ge=1)
    prestige: int = Field(ge=0)


class PowerModel(_Model):
    key: Literal[POWER_KEYS]  # type: ignore[valid-type]
    name: str
    kind: Literal["passive", "aggressive"]
    ink: int = Field(ge=0)
    text: str


class RivalModel(_Model):
    key: str
    name: str
    genre: Literal["adventure", "horror", "mystery", "romance"]
    double_genre: bool
    bought_bonus: int = Field(ge=0)
    used_bonus: int = Field(ge=0)
    jail_bonus: int = Field(ge=0)
    text: str


class SupplyModel(_Model):
    ink: int = Field(ge=1)
    remover: int = Field(ge=1)


class TablesFile(_Model):
    awards: list[AwardModel]
    adverts: list[AdvertModel]
    powers: list[PowerModel]
    rivals: list[RivalModel]
    supply: SupplyModel
    offer_row: int = Field(ge=1, le=12)
    hand_size: int = Field(ge=1, le=12)
    end_prestige: int = Field(ge=1)


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card (the id is its index in :attr:`Content.cards`)."""

    id: int
    key: str
    name: str
    genre: str
    letter: str
    cost: int
    classic: bool
    coins: int
    prestige: int
    buy_prestige: int
    genre_coins: int
    genre_prestige: int
    special: str
    special_basic: bool
    amount: int
    alt: int
    starting: bool

    @property
    def base_value(self) -> int:
        return self.coins + self.prestige


@dataclass(frozen=True)
class Content:
    source: str
    cards: tuple[Card, ...]
    genre_card_ids: tuple[int, ...]
    coin_ids: tuple[tuple[int, ...], ...]  # per seat (5 seats)
    prestige_ids: tuple[int, ...]
    events: tuple[EventModel, ...]
    awards: tuple[AwardModel, ...]
    adverts: tuple[AdvertModel, ...]
    powers: tuple[PowerModel, ...]
    rivals: tuple[RivalModel, ...]
    ink_supply: int
    remover_supply: int
    offer_row: int
    hand_size: int
    end_prestige: int
    # the bots' worth of every card at a coin weight (few weights occur; see game.deck_worth)
    _worths: dict[float, tuple[tuple[float, ...], tuple[float, ...]]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def worths(self, cw: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Per card, at coin weight ``cw``: its worth in a deck, and its worth as a Timeless
        Classic in play."""
        hit = self._worths.get(cw)
        if hit is None:
            hit = (
                tuple(c.prestige + c.coins * cw + 0.5 * (c.genre_prestige + c.genre_coins * cw)
                      + (0.4 if c.special else 0.0) for c in self.cards),
                tuple(1.5 * (c.prestige + c.coins * cw) for c in self.cards),
            )
            if len(self._worths) >= 64:
                self._worths.clear()
            self._worths[cw] = hit
        return hit

    @cached_property
    def card_actions(self) -> dict[str, tuple[str, ...]]:
        """``kind:card`` for every card id, by kind (``card_actions["wild"][7]`` is
        ``"wild:7"``): the same texts at every decision, made once. A learner reads each legal
        id's words at every step; a text made again costs its formatting and its hash each
        time. (A property kept in the instance: this module runs from its source, where a
        method call would cost more than the look-up.)"""
        return {kind: tuple([f"{kind}:{c}" for c in range(len(self.cards))]) for kind in CARD_ACTIONS}

    def power(self, key: str) -> PowerModel:
        return next(p for p in self.powers if p.key == key)

    def rival(self, key: str) -> RivalModel:
        return next(r for r in self.rivals if r.key == key)


MAX_SEATS = 5


SHIPPED = Path(__file__).parent / "content"


def _read(folder: Path | None, name: str) -> tuple[str, Any]:
    """One JSON file of a content folder; a designer's folder may override only some files."""
    path = SHIPPED / name
    source = f"novelist/content/{name}"
    if folder is not None and (folder / name).exists():
        path = folder / name
        source = str(path)
    return source, read_json(path, source)


def check_published_spread(cards: list[CardModel], source: str) -> None:
    """The genre cards must match the published counts (see docs/rulings/novelist.md)."""
    if len(cards) != 140:
        raise ContentError(source, f"{len(cards)} genre cards, the game has 140")
    keys = Counter(c.key for c in cards)
    dup = [k for k, n in keys.items() if n > 1]
    if dup:
        raise ContentError(source, f"card key {dup[0]!r} is used twice")
    for genre in GENRES:
        mine = [c for c in cards if c.genre == genre]
        if len(mine) != 35:
            raise ContentError(source, f"{genre} has {len(mine)} cards, not 35")
        letters = {c.letter for c in mine}
        if len(letters) != 26:
            missing = sorted(set("abcdefghijklmnopqrstuvwxyz") - letters)
            raise ContentError(source, f"{genre} lacks the letters {''.join(missing)}")
        costs = Counter(c.cost for c in mine)
        if dict(costs) != COST_SPREAD:
            raise ContentError(source, f"{genre} cost spread {dict(sorted(costs.items()))} is not {COST_SPREAD}")
        classics = sum(c.classic for c in mine)
        if classics != 4:
            raise ContentError(source, f"{genre} has {classics} Timeless Classics, not 4")
    counts = Counter(c.letter for c in cards)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        want = 6 if letter in SIX_TIMES else 5
        if counts[letter] != want:
            raise ContentError(source, f"letter {letter.upper()} appears {counts[letter]} times, not {want}")


def _card(i: int, m: CardModel, starting: bool) -> Card:
    return Card(
        id=i, key=m.key, name=m.name, genre=m.genre, letter=m.letter, cost=m.cost, classic=m.classic,
        coins=m.coins, prestige=m.prestige, buy_prestige=m.buy_prestige, genre_coins=m.genre_coins,
        genre_prestige=m.genre_prestige, special=m.special, special_basic=m.special_basic,
        amount=m.amount, alt=m.alt, starting=starting,
    )


@cache
def load_content(path: str | None = None) -> Content:
    """Load and validate the content (the shipped set, or a designer's folder/file)."""
    folder: Path | None = None
    if path is not None:
        folder = Path(path)
        if folder.is_file():
            folder = folder.parent
        if not folder.exists():
            raise ContentError(str(path), "no such content file or folder")
    src, data = _read(folder, "cards.json")
    cards_file = validate(CardsFile, data, src)
    check_published_spread(cards_file.genre_cards, src)
    start = {c.letter: c for c in cards_file.starting_cards}
    for letter in COIN_LETTERS + PRESTIGE_LETTERS:
        if letter not in start:
            raise ContentError(src, f"no starting card for the letter {letter.upper()}")
    if len(cards_file.starting_cards) != 18:
        raise ContentError(src, f"{len(cards_file.starting_cards)} starting cards, the game has 18 kinds")
    for c in cards_file.starting_cards:
        if c.cost != 0 or c.genre:
            raise ContentError(src, f"starting card {c.key} must cost 0 and have no genre")
    cards: list[Card] = [_card(i, m, False) for i, m in enumerate(cards_file.genre_cards)]
    coin_ids = []
    for _seat in range(MAX_SEATS):
        ids = []
        for letter in COIN_LETTERS:
            ids.append(len(cards))
            cards.append(_card(len(cards), start[letter], True))
        coin_ids.append(tuple(ids))
    prestige_ids = []
    for letter in PRESTIGE_LETTERS:
        prestige_ids.append(len(cards))
        cards.append(_card(len(cards), start[letter], True))
    esrc, edata = _read(folder, "events.json")
    events = validate(EventsFile, edata, esrc)
    if len(events.events) != 25:
        raise ContentError(esrc, f"{len(events.events)} events, the game has 25")
    tsrc, tdata = _read(folder, "tables.json")
    tables = validate(TablesFile, tdata, tsrc)
    if sorted(p.key for p in tables.powers) != sorted(POWER_KEYS):
        raise ContentError(tsrc, "powers must list each of the ten powers once")
    if sum(p.kind == "passive" for p in tables.powers) != 5:
        raise ContentError(tsrc, "five powers must be passive and five aggressive")
    if len(tables.rivals) != 2:
        raise ContentError(tsrc, f"{len(tables.rivals)} rival cards, the game has 2")
    lengths = [a.length for a in tables.awards]
    if lengths != sorted(set(lengths)):
        raise ContentError(tsrc, "awards must be listed by rising word length")
    return Content(
        source=src,
        cards=tuple(cards),
        genre_card_ids=tuple(range(140)),
        coin_ids=tuple(coin_ids),
        prestige_ids=tuple(prestige_ids),
        events=tuple(events.events),
        awards=tuple(tables.awards),
        adverts=tuple(tables.adverts),
        powers=tuple(tables.powers),
        rivals=tuple(tables.rivals),
        ink_supply=tables.supply.ink,
        remover_supply=tables.supply.remover,
        offer_row=tables.offer_row,
        hand_size=tables.hand_size,
        end_prestige=tables.end_prestige,
    )
