"""The Novelist game state: flat per-seat lists of card ids, shared immutable content.

Card piles are lists of card ids (the draw pile's top is its last item). Content, dictionary
and word finder are transient: restored from the options after loading a saved game.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from inkhorn.core.codec import transient_field
from inkhorn.core.rng import permute
from inkhorn.core.state import GameState
from inkhorn.games.novelist.content import Content, load_content
from inkhorn.games.novelist.rules import Arrange
from inkhorn.games.novelist.words import Dictionary, WordFinder, load_dictionary, unsuggested_words

if TYPE_CHECKING:
    from inkhorn.games.novelist.game import NovelistOptions

# per thread: a finder's caches and the arrays its ranking works in serve one caller at a time
_FINDERS = threading.local()


def finder_for(content_path: str | None, dictionary_path: str | None) -> WordFinder:
    """The word finder of a content and dictionary, one per thread (games played in two
    threads never share one; the dictionary itself is shared)."""
    finders: dict[tuple[str | None, str | None], WordFinder] | None = getattr(_FINDERS, "by_paths", None)
    if finders is None:
        finders = _FINDERS.by_paths = {}
    key = (content_path, dictionary_path)
    f = finders.get(key)
    if f is None:
        f = finders[key] = WordFinder(load_dictionary(dictionary_path), load_content(content_path).cards,
                                      unsuggested=unsuggested_words())
    return f


@dataclass(kw_only=True, eq=False)
class NovelistState(GameState):
    if TYPE_CHECKING:  # the base holds any game's options; this state holds its own game's
        options: NovelistOptions
    # per seat piles
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    # rarely changed per-seat piles are tuples, replaced on change: clones share them
    classics: list[tuple[int, ...]]  # Timeless Classics in play, per owner
    inked: list[tuple[int, ...]]  # hand cards carrying an ink token
    forced_wild: list[tuple[int, ...]]  # hand cards that must be played face down
    set_aside: list[tuple[int, ...]]  # cards set aside by a Jealous Triangle
    borrowed: tuple[int, ...]  # an Offer Row card lent by Borrowed Muse (-1: none)
    known_top: tuple[int, ...]  # the top card of the seat's own draw pile it has seen (-1: none)
    played: list[int]  # cards the current player laid in this turn's word
    # offer
    offer_row: list[int]  # oldest first
    offer_deck: tuple[int, ...]  # drawn from its end; replaced, not changed in place: clones share it
    offer_discard: list[int]
    box: tuple[int, ...]  # starting cards out of the game
    jail: tuple[int, ...]
    # tracks and tokens
    prestige: list[int]
    award: tuple[int, ...]  # prestige of each seat's active Literary Award
    award_len: tuple[int, ...]
    awards_left: tuple[int, ...]  # word lengths of the awards still in the stack
    adverts: tuple[int, ...]  # adverts bought per seat
    ink: list[int]
    remover: tuple[int, ...]
    ink_supply: int
    remover_supply: int
    # variants
    powers: tuple[str, ...]
    must_letter: tuple[str, ...]
    heckled: tuple[bool, ...]
    events: tuple[int, ...]  # event in front of each seat (-1 none)
    event_deck: tuple[int, ...]
    event_discard: tuple[int, ...]
    decade: tuple[int, ...]
    rival_score: int
    # turn
    turn: int
    phase: str  # "spell", "purchase", "ending", "over"
    coins: int
    bought: int
    purchased: bool
    flushed: bool
    aggressive_used: bool
    backs: int
    final_round: bool
    rounds: int
    last_word: tuple[Any, ...]  # (seat, word, coins, prestige) of the last word spelled
    content: Content = transient_field(default=None)
    finder: WordFinder = transient_field(default=None)

    # ---- transient parts ------------------------------------------------------------------
    def restore_transient(self) -> None:
        self.content = load_content(self.options.content)
        self.finder = finder_for(self.options.content, self.options.dictionary)

    @property
    def dictionary(self) -> Dictionary:
        return self.finder.dic

    # ---- copies ---------------------------------------------------------------------------
    def clone(self) -> NovelistState:
        # every field shared (immutable values, and the rarely changed per-seat tuples that
        # rules.put replaces), then fresh copies of the lists changed in place
        new = self._clone_base()
        d = new.__dict__
        d.pop("speller", None)  # the last Spell step's speller (rules.Spell), this state's own
        copy = list.copy
        d["deck"] = list(map(copy, self.deck))
        d["hand"] = list(map(copy, self.hand))
        d["discard"] = list(map(copy, self.discard))
        d["classics"] = self.classics[:]
        d["inked"] = self.inked[:]
        d["forced_wild"] = self.forced_wild[:]
        d["set_aside"] = self.set_aside[:]
        d["played"] = self.played[:]
        d["offer_row"] = self.offer_row[:]
        d["offer_discard"] = self.offer_discard[:]
        d["prestige"] = self.prestige[:]
        d["ink"] = self.ink[:]
        return new

    # ---- information -----------------------------------------------------------------------
    def public_cards(self) -> set[int]:
        """Hand cards everyone has seen: those laid out in a pending word, and borrowed ones."""
        shown: set[int] = {b for b in self.borrowed if b >= 0}
        for step in self.stack:
            if type(step) is Arrange:  # isinstance on a Step, an ABC, is a Python call: at every step of a learner
                shown.update(step.cards)
        return shown

    def check_integrity(self) -> None:
        """Every card in exactly one place, ink and removers conserved, per-seat parts for
        every seat, the turn's seat and the phase in range."""
        n = self.num_players
        c = self.content
        self.require_per_seat(
            "deck", "hand", "discard", "classics", "inked", "forced_wild", "set_aside", "borrowed", "known_top",
            "jail", "prestige", "award", "award_len", "adverts", "ink", "remover", "must_letter", "heckled",
            "events", "decade",
        )
        if self.powers:
            self.require_per_seat("powers")
        self.require(self.phase in ("spell", "purchase", "ending", "over"), "phase", f"{self.phase!r} is no phase")
        self.require_seat("turn", self.turn)
        self.require(min(self.coins, self.bought, self.backs, self.rounds) >= 0, "coins", "a negative count")
        places: list[int] = []
        for s in range(n):
            places += [*self.deck[s], *self.hand[s], *self.discard[s], *self.classics[s], *self.set_aside[s]]
            self.require(set(self.inked[s]) <= set(self.hand[s]), "inked", "an inked card is not in hand")
            self.require(set(self.forced_wild[s]) <= set(self.hand[s]), "forced_wild", "a forced wild is not in hand")
            self.require(self.borrowed[s] == -1 or self.borrowed[s] in self.hand[s], "borrowed", "not in hand")
            self.require(self.known_top[s] == -1 or self.known_top[s] in self.deck[s], "known_top", "not in the pile")
        places += [*self.offer_row, *self.offer_deck, *self.offer_discard, *self.box, *self.played]
        places += [j for j in self.jail if j >= 0]
        self.require_each_once("cards", places, len(c.cards))
        ink = self.ink_supply + sum(self.ink) + sum(len(i) for i in self.inked)
        self.require(ink == c.ink_supply, "ink_supply", "ink tokens not conserved")
        self.require(self.remover_supply + sum(self.remover) == c.remover_supply, "remover_supply", "removers not conserved")
        self.require(min(*self.ink, *self.remover, self.ink_supply, self.remover_supply) >= 0, "ink", "a negative count")
        events = range(len(c.events))
        self.require(
            all(e in events for e in (*self.event_deck, *self.event_discard)) and all(e == -1 or e in events for e in self.events),
            "events", "an unknown event",
        )

    def hidden_names(self, seat: int | None) -> set[str]:
        """Other seats' hands (bar cards shown) and draw piles, the Offer deck and the event
        deck: card and event keys and titles. A seat knows what its own pile holds (only
        the order is unknown), so its own pile is no secret to it."""
        shown = self.public_cards()
        unseen: set[int] = set(self.offer_deck)
        for s in range(self.num_players):
            if s != seat:
                unseen.update(self.deck[s])
                unseen.update(c for c in self.hand[s] if c not in shown)
        cards = self.content.cards
        hidden = {n for i in unseen for n in (cards[i].key, cards[i].name)}
        seen = {n for i, c in enumerate(cards) if i not in unseen for n in (c.key, c.name)}
        events = self.content.events
        face_down = set(self.event_deck)
        hidden |= {n for e in face_down for n in (events[e].key, events[e].name)}
        seen |= {n for e, ev in enumerate(events) if e not in face_down for n in (ev.key, ev.name)}
        return hidden - seen

    def observe(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        shown = self.public_cards()
        obs: dict[str, Any] = {
            "turn": self.turn,
            "phase": self.phase,
            "to_act": self.current_seat(),
            "offer_row": self.offer_row[:],
            "offer_deck": len(self.offer_deck),
            "offer_discard": sorted(self.offer_discard),
            "box": sorted(self.box),
            "jail": self.jail[:],
            "prestige": self.prestige[:],
            "award": self.award[:],
            "awards_left": self.awards_left[:],
            "adverts": self.adverts[:],
            "ink": self.ink[:],
            "remover": self.remover[:],
            "supply": [self.ink_supply, self.remover_supply],
            "powers": self.powers[:],
            "events": self.events[:],
            "event_deck": len(self.event_deck),
            "event_discard": self.event_discard[:],
            "rival_score": self.rival_score,
            "coins": self.coins,
            "bought": self.bought,
            "flushed": self.flushed,
            "final_round": self.final_round,
            "rounds": self.rounds,
            "last_word": list(self.last_word),
            "played": self.played[:],
            "seats": [
                {
                    "deck": len(self.deck[s]),
                    "hand": len(self.hand[s]),
                    "shown": sorted(c for c in self.hand[s] if c in shown),
                    "inked": len(self.inked[s]),
                    "forced_wild": len(self.forced_wild[s]),
                    "discard": self.discard[s][:],
                    "classics": list(self.classics[s]),
                    "set_aside": sorted(self.set_aside[s]),
                    "borrowed": self.borrowed[s],
                    "must_letter": self.must_letter[s],
                    "heckled": self.heckled[s],
                }
                for s in range(n)
            ],
        }
        if seat is not None:
            obs["me"] = {
                "seat": seat,
                "hand": sorted(self.hand[seat]),
                "inked": sorted(self.inked[seat]),
                "forced_wild": sorted(self.forced_wild[seat]),
                "deck_cards": sorted(self.deck[seat]),
                "known_top": self.known_top[seat],
            }
            top = self.stack[-1] if self.stack else None
            if top is not None and top.seat == seat and hasattr(top, "private"):
                obs["me"]["decision_detail"] = top.private(self)
        return obs

    def resample_hidden(self, seat: int | None) -> None:
        shown = self.public_cards()
        dealer = self.rng.dealer()
        for s in range(self.num_players):
            if s == seat:
                # only the order of the own draw pile is unknown (bar a card seen on top)
                top = self.known_top[s]
                rest = sorted(c for c in self.deck[s] if c != top)
                permute(rest, dealer)
                self.deck[s] = rest + ([top] if top >= 0 else [])
                continue
            hidden_hand = [c for c in self.hand[s] if c not in shown]
            pool = sorted(hidden_hand + self.deck[s])
            permute(pool, dealer)
            k = len(hidden_hand)
            new_hidden = pool[:k]
            self.deck[s] = pool[k:]
            n_ink = sum(1 for c in self.inked[s] if c not in shown)
            n_wild = sum(1 for c in self.forced_wild[s] if c not in shown)
            self.inked[s] = (*(c for c in self.inked[s] if c in shown), *new_hidden[:n_ink])
            rest = [c for c in new_hidden if c not in self.inked[s]]
            self.forced_wild[s] = (*(c for c in self.forced_wild[s] if c in shown), *rest[:n_wild])
            self.hand[s] = [c for c in self.hand[s] if c in shown] + new_hidden
            if self.known_top[s] >= 0:
                top = self.deck[s][-1] if self.deck[s] else -1
                self.known_top = self.known_top[:s] + (top,) + self.known_top[s + 1 :]
        deck = sorted(self.offer_deck)
        permute(deck, dealer)
        self.offer_deck = tuple(deck)
        ev = sorted(self.event_deck)
        permute(ev, dealer)
        self.event_deck = tuple(ev)

    # ---- results ---------------------------------------------------------------------------
    def total(self, seat: int) -> int:
        return self.prestige[seat] + self.award[seat]

    def team_total(self) -> int:
        return sum(self.total(s) for s in range(self.num_players))

    def winners(self) -> list[int]:
        if self.options.coop == "off" or not self.is_terminal():
            return super().winners()
        # co-op: the whole team wins by reaching its goal; otherwise the rival beat everyone
        if sum(self.prestige) >= self.options.team_target * self.num_players:
            return list(range(self.num_players))
        return []
