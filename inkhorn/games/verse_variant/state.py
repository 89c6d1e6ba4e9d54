"""The state of a Verse & Variant game: flat lists of ints, shared immutable content.

Token counts use six slots: the five Features (P M S D A, one per colour) then Lacuna.
Per-seat token lists are flat: ``ledger[seat * 6 + k]``. A Demand track is the list of its
stack sizes from the bottom space upward; its Demand value is the number of open spaces
above the top stack (ruling R1). Supply counts may go below zero: that is the rulebook's
"suitable substitute" when the supply runs out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from inkhorn.core.codec import transient_field
from inkhorn.core.errors import clip
from inkhorn.core.rng import permute
from inkhorn.core.state import GameState
from inkhorn.games.verse_variant.content import (
    CARD_NAMES,
    NUM_WITNESSES,
    Content,
    load_content,
)

if TYPE_CHECKING:
    from inkhorn.games.verse_variant.game import VerseOptions

TRACK_SPACES = 21
FEATURE_TOKENS = 55  # of each colour
LACUNA_TOKENS = 75
# phases of a Session while the cards are out (dealt, in play or on the Desk)
CARD_PHASES = frozenset({"play", "rank", "settle", "window", "claim", "bout_start", "after_window"})
SCALARS = (
    "phase", "session", "quill", "turn", "lead", "lead_seat", "winner", "widx", "claimer", "cl_stage",
    "cl_double", "cl_archive", "cl_lac", "cl_rapid", "cl_surge", "spot_next", "spot_bout", "spot_lock",
    "old_guard", "excluded", "no_eureka", "embargo", "end_flag", "quill_claim", "mom_exchange", "wash",
    "glossator", "laureate", "last_lead", "game_end", "sessions_done",
)
LISTS = (
    "desk", "desk_tok", "desk_cor", "discard", "supply", "ledger", "vault", "grants", "spent",
    "cubes", "slots", "eureka", "prestige", "order", "primary", "echo", "boost",
    "elevated", "finish", "haul",
)


def put(t: tuple, i: int, v: Any) -> tuple:
    """A copy of tuple ``t`` with item ``i`` replaced (rarely-changed parts are tuples:
    clones share them)."""
    return (*t[:i], v, *t[i + 1 :])


def _natural_spotlight(tracks: list[list[int]], old_guard: int, excluded: int) -> int:
    """``natural_spotlight`` from the tracks (a colour's value falls as its track grows, rises
    under Old Guard), the Old Guard flag and the excluded colours' bits. Asked at most
    decisions: ``state.pxd`` types it, a few dozen C comparisons, where a cache of the
    lengths' tuple cost more than the answer."""
    pick = -1
    best = 0
    colours = len(tracks)
    for c in range(colours):
        if excluded >> c & 1:
            continue
        k = -len(tracks[c]) if old_guard else len(tracks[c])
        if pick >= 0 and k >= best:
            continue
        shared = False
        for d in range(colours):
            if d != c and not excluded >> d & 1 and (-len(tracks[d]) if old_guard else len(tracks[d])) == k:
                shared = True
                break
        if not shared:
            pick = c
            best = k
    return pick


@dataclass(kw_only=True, eq=False)
class VerseState(GameState):
    if TYPE_CHECKING:  # the base holds any game's options; this state holds its own game's
        options: VerseOptions
    content: Content = transient_field(default=None)
    phase: str
    session: int
    sessions_done: int
    quill: int
    deck_cards: tuple[int, ...]
    set_aside: tuple[int, ...]
    hands: list[list[int]]
    tableau: list[list[int]]
    desk: list[int]
    desk_tok: list[int]
    desk_cor: tuple[int, ...]
    discard: list[int]
    tracks: list[list[int]]
    supply: list[int]
    ledger: list[int]
    vault: tuple[int, ...]
    grants: tuple[int, ...]
    spent: tuple[int, ...]
    lockdown: tuple[int, ...]
    cubes: tuple[int, ...]
    slots: tuple[int, ...]
    nostar: tuple[int, ...]
    laureate: int
    eureka: list[int]
    prestige: list[int]
    # the current bout
    turn: int
    order: tuple[int, ...]
    primary: tuple[int, ...]
    echo: tuple[int, ...]
    boost: tuple[int, ...]
    elevated: list[int]
    lead: int
    lead_seat: int
    winner: int
    finish: tuple[int, ...]
    widx: int
    lead_counts: tuple[int, ...]
    last_lead: int
    # a claim in progress
    claimer: int
    cl_stage: int
    haul: list[int]
    cl_double: int
    cl_archive: int
    cl_lac: int
    cl_rapid: int
    cl_surge: int
    # lasting effects
    spot_next: int
    spot_bout: int
    spot_lock: int
    old_guard: int
    excluded: int
    no_eureka: int
    embargo: int
    end_flag: int
    quill_claim: int
    mom_exchange: int
    wash: int
    glossator: int
    maj_mod: tuple[int, ...]
    maj_stat: tuple[int, ...]
    picks: tuple[int, ...]
    game_end: int
    final: tuple[int, ...]
    # a seat per Footnote Feint that counts as one token at Final Scoring (T-5c, ruling R13)
    feints: tuple[int, ...] = ()

    # ---- copies --------------------------------------------------------------------
    def clone(self) -> VerseState:
        """Scalars and shared tuples by reference, every list copied (unrolled for speed)."""
        new = self._clone_base()
        src = self.__dict__
        d = new.__dict__
        d["desk"] = src["desk"][:]
        d["desk_tok"] = src["desk_tok"][:]
        d["discard"] = src["discard"][:]
        d["supply"] = src["supply"][:]
        d["ledger"] = src["ledger"][:]
        d["eureka"] = src["eureka"][:]
        d["prestige"] = src["prestige"][:]
        d["elevated"] = src["elevated"][:]
        d["haul"] = src["haul"][:]
        d["hands"] = [h[:] for h in src["hands"]]
        d["tableau"] = [t[:] for t in src["tableau"]]
        d["tracks"] = [t[:] for t in src["tracks"]]
        return new

    def restore_transient(self) -> None:
        self.content = load_content(self.options.content)

    # ---- tokens ----------------------------------------------------------------------
    def demand(self, colour: int) -> int:
        return TRACK_SPACES - len(self.tracks[colour])

    def take_from_track(self, colour: int) -> None:
        """One token leaves the top stack of its track (or the supply when the track is bare)."""
        t = self.tracks[colour]
        if t:
            t[-1] -= 1
            if not t[-1]:
                t.pop()
        else:
            self.supply[colour] -= 1

    def return_to_track(self, colour: int, count: int = 1, one_stack: bool = False) -> None:
        """Tokens go back one per open space above the top (one stack if asked); full track: supply."""
        t = self.tracks[colour]
        if one_stack:
            if len(t) < TRACK_SPACES:
                t.append(count)
            else:
                self.supply[colour] += count
            return
        for _ in range(count):
            if len(t) < TRACK_SPACES:
                t.append(1)
            else:
                self.supply[colour] += 1

    def gain_feature(self, seat: int, colour: int, from_track: bool = True) -> None:
        if from_track:
            self.take_from_track(colour)
        else:
            self.supply[colour] -= 1
        self.ledger[seat * 6 + colour] += 1

    def gain_lacuna(self, seat: int, count: int = 1) -> None:
        self.supply[5] -= count
        self.ledger[seat * 6 + 5] += count
        if self.claimer == seat and self.phase == "claim":
            self.cl_lac += count
        if self.glossator >> seat & 1:
            from inkhorn.games.verse_variant.steps import Ask

            self.push(*(Ask(seat, "gloss") for _ in range(count)))

    def discard_token(self, seat: int, kind: int, to_track: bool = False) -> None:
        self.ledger[seat * 6 + kind] -= 1
        if to_track and kind < 5:
            self.return_to_track(kind)
        else:
            self.supply[kind] += 1

    def features(self, seat: int) -> int:
        b = seat * 6
        return sum(self.ledger[b : b + 5])

    def holdings(self, seat: int) -> list[int]:
        """Ledger plus Vault/Reserve: what scores."""
        b = seat * 6
        return [self.ledger[b + k] + self.vault[b + k] for k in range(6)]

    # ---- Spotlight ---------------------------------------------------------------------
    def spotlight(self) -> int:
        """The Spotlight colour now, or -1 when Spotlight is off."""
        if self.spot_lock >= 0:
            return self.spot_lock if self.spot_lock < 5 else -1
        if self.spot_bout >= 0:
            return self.spot_bout
        return self.natural_spotlight()

    def natural_spotlight(self) -> int:
        """The colour whose value (spaces left on its track; fewest under Old Guard) no other
        colour shares, the highest such: -1 when every value is shared."""
        return _natural_spotlight(self.tracks, self.old_guard, self.excluded)

    # ---- information ------------------------------------------------------------------
    def observe(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        obs: dict[str, Any] = {
            "phase": self.phase,
            "session": self.session,
            "quill": self.quill,
            "to_act": self.current_seat(),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": sorted(CARD_NAMES[c] for c in self.hands[seat]) if seat is not None else None,
            "tableau": [[CARD_NAMES[c] for c in t] for t in self.tableau],
            "desk": [CARD_NAMES[c] for c in self.desk],
            "desk_tokens": self.desk_tok[:],
            "desk_corruption": list(self.desk_cor),
            "discard": sorted(CARD_NAMES[c] for c in self.discard),
            "tracks": [t[:] for t in self.tracks],
            "supply": self.supply[:],
            "ledger": [self.ledger[s * 6 : s * 6 + 6] for s in range(n)],
            "vault": [self.vault[s * 6 : s * 6 + 6] for s in range(n)],
            "grants": list(self.grants),
            "spent": list(self.spent),
            "lockdown": list(self.lockdown),
            "cubes": list(self.cubes),
            "slots": list(self.slots),
            "nostar": list(self.nostar),
            "laureate": self.laureate,
            "eureka": self.eureka[:],
            "prestige": self.prestige[:],
            "bout": {
                "order": list(self.order),
                "primary": [CARD_NAMES[c] if c >= 0 else None for c in self.primary],
                "echo_played": [c >= 0 for c in self.echo],
                "my_echo": CARD_NAMES[self.echo[seat]] if seat is not None and self.echo[seat] >= 0 else None,
                "boost": list(self.boost),
                "elevated": self.elevated[:],
                "lead": self.lead,
                "finish": list(self.finish),
                "winner": self.winner,
            },
            "haul": [CARD_NAMES[c] for c in self.haul],
            "spotlight": self.spotlight(),
            "effects": {
                "spot_next": self.spot_next, "spot_lock": self.spot_lock, "old_guard": self.old_guard,
                "excluded": self.excluded, "no_eureka": self.no_eureka, "embargo": self.embargo,
                "end_flag": self.end_flag, "quill_claim": self.quill_claim, "mom_exchange": self.mom_exchange,
                "glossator": self.glossator, "wash": self.wash,
            },
            "maj_mod": list(self.maj_mod),
            "feints": [self.feints.count(x) for x in range(n)],
            "picks_made": [p >= 0 for p in self.picks],
            "my_pick": self.picks[seat] if seat is not None else None,
            "final": list(self.final),
        }
        if self._peeks_set_aside(seat):
            obs["set_aside"] = sorted(CARD_NAMES[c] for c in self.set_aside)
        return obs

    def check_integrity(self, phases: Iterable[str]) -> None:
        """Per-scholar parts for every scholar, the 120 cards split between deck and
        set-aside, every card of the deck in one place while cards are out, tokens conserved,
        seats and the phase (one of ``phases``) in range."""
        n = self.num_players
        cards = len(CARD_NAMES)
        self.require(self.phase in set(phases), "phase", f"{self.phase!r} is no phase")
        self.require_per_seat(
            "hands", "tableau", "grants", "spent", "lockdown", "cubes", "eureka", "prestige",
            "primary", "echo", "boost", "elevated", "picks",
        )
        self.require_per_seat("ledger", "vault", width=6)
        for name, size in (("desk_tok", 6), ("desk_cor", 5), ("tracks", 5), ("supply", 6), ("lead_counts", 5)):
            self.require(len(getattr(self, name)) == size, name, f"{size} entries")
        for name in ("quill", "lead_seat"):
            self.require_seat(name, getattr(self, name))
        self.require(0 <= self.turn <= n, "turn", f"{self.turn} is no place in the order of play")
        for name in ("laureate", "winner", "claimer", "quill_claim"):
            self.require_seat(name, getattr(self, name), none=-1)
        # colours: -1 for none (the Lead also -2: no Lead this bout; a Spotlight lock 5: off)
        for name, low, high in (("lead", -2, 4), ("embargo", -1, 4), ("spot_next", -1, 4), ("spot_lock", -1, 5)):
            value = getattr(self, name)
            self.require(low <= value <= high, name, f"{clip(value)} is no colour here ({low} to {high})")
        self.require(
            len(set(self.order)) == len(self.order) and all(0 <= x < n for x in self.order), "order", "not seats in an order"
        )
        for s in self.slots:
            self.require_seat("slots", s, none=-1)
        for s in self.feints:
            self.require_seat("feints", s)
        self.require(len(self.nostar) == len(self.slots), "nostar", "one entry per slot")
        self.require(
            sorted([*self.deck_cards, *self.set_aside]) == list(range(cards)), "deck_cards",
            f"deck and set-aside are not the {cards} cards",
        )
        self.require(all(len(t) <= TRACK_SPACES and min(t, default=1) > 0 for t in self.tracks), "tracks", "bad stacks")
        self.require(
            all(x >= 0 for part in (self.ledger, self.vault, self.grants, self.spent, self.cubes, self.desk_tok)
                for x in part),
            "ledger", "a negative count",
        )
        corrupting = Counter(y[6] for y in self.content.yields if y[6] >= 0)
        for c in range(5):
            # a Corruption token on the Desk came from a Witness showing it, in one of n Sessions
            most = corrupting[c] * n
            self.require(0 <= self.desk_cor[c] <= most, "desk_cor", f"{clip(self.desk_cor[c])} Corruption tokens of colour {c}")
            total = sum(self.tracks[c]) + self.supply[c] + self.desk_tok[c]
            total += sum(self.ledger[x * 6 + c] + self.vault[x * 6 + c] for x in range(n))
            self.require(total == FEATURE_TOKENS, "supply", f"Feature tokens of colour {c} not conserved")
        lacunae = self.supply[5] + self.desk_tok[5] + sum(self.ledger[x * 6 + 5] + self.vault[x * 6 + 5] for x in range(n))
        self.require(lacunae == LACUNA_TOKENS, "supply", "Lacuna tokens not conserved")
        out = [*self.desk, *self.discard, *self.haul]
        for x in range(n):
            out += [*self.hands[x], *self.tableau[x]]
            out += [c for c in (self.primary[x], self.echo[x]) if c >= 0 and c not in self.set_aside]
        self.require(all(0 <= c < cards for c in out), "hands", "an unknown card")
        if self.phase in CARD_PHASES:
            self.require(sorted(out) == sorted(self.deck_cards), "hands", "cards lost or duplicated")

    def hidden_names(self, seat: int | None) -> set[str]:
        """Other scholars' hands and face-down echoes and the set-aside Tools (unless
        ``seat`` is looking through them): card codes and Tool titles. (``deck_cards`` is
        the deck's make-up, dealt out in full each Session, not a pile.)"""
        unseen: set[int] = set()
        if not self._peeks_set_aside(seat):
            unseen.update(self.set_aside)
        for s in range(self.num_players):
            if s != seat:
                unseen.update(self.hands[s])
                if self.echo[s] >= 0:
                    unseen.add(self.echo[s])
        # a Paleographic Ledger played face up goes to the set-aside while still on show
        unseen -= set(self.primary)
        tools = self.content.tools

        def names(card: int) -> tuple[str, ...]:
            code = CARD_NAMES[card]
            tool = tools.get(code) if card >= NUM_WITNESSES else None
            return (code, tool.title) if tool is not None else (code,)

        hidden = {n for c in unseen for n in names(c)}
        seen = {n for c in range(len(CARD_NAMES)) if c not in unseen for n in names(c)}
        return hidden - seen

    def _peeks_set_aside(self, seat: int | None) -> bool:
        """Paleographic Ledger lets its player look through the set-aside Tools."""
        top = self.stack[-1] if self.stack else None
        return (
            seat is not None and top is not None and getattr(top, "kind", "") == "T-5d"
            and getattr(top, "stage", None) == 0 and top.seat == seat
        )

    def resample_hidden(self, seat: int | None) -> None:
        """Re-deal other scholars' hands and face-down echoes; which set-aside Tool of each
        rank is in play is resampled too (the set-aside is never seen)."""
        hidden = []
        for s in range(self.num_players):
            if s == seat:
                continue
            hidden.extend(self.hands[s])
            if self.echo[s] >= 0:
                hidden.append(self.echo[s])
        hidden_set = set(hidden)
        deck = list(self.deck_cards)
        aside = sorted(self.set_aside)
        by_rank: dict[int, list[int]] = {}  # the set-aside Tools of each rank
        for a in aside:
            by_rank.setdefault((a - NUM_WITNESSES) // 5, []).append(a)
        peek = self._peeks_set_aside(seat)
        pool = []
        dealer = self.rng.dealer()
        for c in sorted(hidden):
            if c >= NUM_WITNESSES and not peek:
                group = by_rank.setdefault((c - NUM_WITNESSES) // 5, [])
                cands = sorted([c, *group])
                pick = cands[dealer.randrange(len(cands))]
                if pick != c:
                    aside[aside.index(pick)] = c
                    group[group.index(pick)] = c
                    deck[deck.index(c)] = pick
                pool.append(pick)
            else:
                pool.append(c)
        assert len(hidden_set) == len(hidden)
        pool.sort()
        permute(pool, dealer)
        for s in range(self.num_players):
            if s == seat:
                continue
            k = len(self.hands[s])
            self.hands[s] = pool[:k]
            pool = pool[k:]
            if self.echo[s] >= 0:
                self.echo = put(self.echo, s, pool.pop())
        self.set_aside = tuple(sorted(aside))
        self.deck_cards = tuple(sorted(deck))

    # ---- results ---------------------------------------------------------------------------
