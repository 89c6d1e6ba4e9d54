"""Novelist: metadata, options (every variant), set-up, the bots' heuristic and the view hook."""

from __future__ import annotations

import random
from typing import Any, Literal

from pydantic import Field

from inkhorn.core.errors import OptionError
from inkhorn.core.features import SeatFeatures
from inkhorn.core.game import Game
from inkhorn.core.options import GameOptions
from inkhorn.core.rng import StateRng
from inkhorn.core.scene import Scene
from inkhorn.core.state import GameState
from inkhorn.core.value import margins
from inkhorn.games.novelist import rules
from inkhorn.games.novelist.content import load_content
from inkhorn.games.novelist.rules import (
    STEP_TYPES,
    Arrange,
    Choose,
    Glance,
    Purchase,
    SetAside,
    Spell,
    card_price,
    coin_weight,
    rounds_left,
)
from inkhorn.games.novelist.state import NovelistState, finder_for
from inkhorn.games.novelist.view import holdings as view_holdings


class NovelistOptions(GameOptions):
    awards: bool = Field(False, description="Literary Awards variant: long words claim awards of 7-12 letters")
    adverts: bool = Field(False, description="Adverts variant: buy adverts of 6/9/12/15/18 coins in order for prestige")
    powers: Literal["off", "passive", "aggressive"] = Field(
        "off", description="Player Powers variant: deal each player a passive or an aggressive power"
    )
    events: bool = Field(False, description="Events variant: draw an event on entering each new decade of prestige")
    classics: Literal["ongoing", "when-used"] = Field(
        "ongoing",
        description="Timeless Classics in play pay their owner's Basic Benefits every turn (ongoing, as written) "
        "or only in a word of the owner's (when-used)",
    )
    coop: Literal["off", "penny-hack", "gossip-sheet"] = Field(
        "off", description="co-op Penny Dreadful mode against the named rival card (solo or team)"
    )
    team_target: int = Field(60, ge=1, le=500, description="co-op: shared prestige per player the team must reach")
    rival_target: int = Field(120, ge=1, le=1000, description="co-op: rival points per player that beat the team")
    flush_rule: Literal["rulebook", "digital"] = Field(
        "rulebook",
        description="flush condition besides 4+ of one genre: all 7 cost 6+ (rulebook) or 4+ cost 6+ (digital)",
    )
    discard_oldest: bool = Field(
        False, description="digital rule: if nothing was bought in a turn, the oldest Offer Row card is discarded"
    )
    candidates: int = Field(10, ge=1, le=100, description="words the finder offers bots in each spell decision")
    max_rounds: int = Field(80, ge=1, le=1000, description="safety limit: the game ends after this many rounds")
    dictionary: str | None = Field(None, description="a word list file (one word a line) to use instead of SCOWL")
    content: str | None = Field(None, description="a folder of edited content files (cards/events/tables.json)")


class NovelistGame(Game):
    id = "novelist"
    name = "Novelist"
    min_players = 1
    max_players = 5
    default_players = 3
    Options = NovelistOptions
    State = NovelistState
    json_types = STEP_TYPES
    # A leaf is valued after three quick moves (the rest of the turn: the layout accepted, the
    # purchases made), not at once: the heuristic reads a turn half played poorly. A layout the
    # search cannot tell from the proposed one by 0.02 of return is not changed (confidence):
    # a card turned down can be turned up again, so a change looks as good as accepting, and
    # the bot toggled cards a dozen times a word. On the ladder's 120 games at 300 iterations
    # mcts beats greedy in 98.3% in 373 decisions a game (valued at once: 80.8% in 389; the
    # old search's greedy rollouts: 94.2% in 497; bench/results/novelist-300-settled).
    # The tree holds the searcher's own turn only (turns=1): the other seats' turns are
    # played by the rollout's quick moves, not searched in worlds that deal them hands they
    # may not hold. Searched, they cost the bot more the larger its budget: it beat greedy
    # in 98.3%, 94.2% and 90.8% at 300, 600 and 1000 iterations (novelist-300-settled,
    # novelist-600, novelist-settled); with one turn 95.8% at 600 and 95.0% at 1000 on the
    # same games (novelist-600-turns1, novelist-turns1: paired +4.2 at 1000, 95%: -0.7 to +9.1).
    search_settings = {"rollout": "playout", "depth": 3, "confidence": 0.02, "turns": 1}
    all_may_lose = True  # co-op Penny Dreadful: the rival can beat the whole team

    def initial_state(self, players: int, seed: int, options: GameOptions, rng: StateRng) -> GameState:
        assert isinstance(options, NovelistOptions)
        if players == 1 and options.coop == "off":
            raise OptionError("a solo game of Novelist is the co-op mode: add coop=penny-hack or coop=gossip-sheet")
        content = load_content(options.content)
        finder = finder_for(options.content, options.dictionary)
        offer = list(content.genre_card_ids)
        rng.shuffle(offer)
        prestige_cards = list(content.prestige_ids)
        rng.shuffle(prestige_cards)
        decks = []
        for seat in range(players):
            deck = list(content.coin_ids[seat]) + sorted(prestige_cards[2 * seat : 2 * seat + 2])
            rng.shuffle(deck)
            decks.append(deck)
        box = sorted(prestige_cards[2 * players :])
        for seat in range(players, 5):
            box.extend(content.coin_ids[seat])
        powers: list[str] = []
        if options.powers != "off":
            keys = [p.key for p in content.powers if p.kind == options.powers]
            rng.shuffle(keys)
            powers = keys[:players]
        events = list(range(len(content.events)))
        if options.events:
            rng.shuffle(events)
        row_size = content.offer_row
        state = NovelistState(
            num_players=players,
            seed=seed,
            options=options,
            rng=rng,
            deck=decks,
            hand=[[] for _ in range(players)],
            discard=[[] for _ in range(players)],
            classics=[()] * players,
            inked=[()] * players,
            forced_wild=[()] * players,
            set_aside=[()] * players,
            borrowed=(-1,) * players,
            known_top=(-1,) * players,
            played=[],
            offer_row=offer[-row_size:][::-1],
            offer_deck=tuple(offer[:-row_size]),
            offer_discard=[],
            box=tuple(box),
            jail=(-1,) * players,
            prestige=[0] * players,
            award=(0,) * players,
            award_len=(0,) * players,
            awards_left=tuple(a.length for a in content.awards) if options.awards else (),
            adverts=(0,) * players,
            ink=[0] * players,
            remover=(0,) * players,
            ink_supply=content.ink_supply,
            remover_supply=content.remover_supply,
            powers=tuple(powers),
            must_letter=("",) * players,
            heckled=(False,) * players,
            events=(-1,) * players,
            event_deck=tuple(events) if options.events else (),
            event_discard=(),
            decade=(0,) * players,
            rival_score=0,
            turn=0,
            phase="spell",
            coins=0,
            bought=0,
            purchased=False,
            flushed=False,
            aggressive_used=False,
            backs=0,
            final_round=False,
            rounds=0,
            last_word=(),
            content=content,
            finder=finder,
        )
        from inkhorn.games.novelist.rules import draw_hand, start_turn

        for seat in range(players):
            draw_hand(state, seat)
        start_turn(state)
        return state

    # ---- bots --------------------------------------------------------------------------------
    def advance(self, state: NovelistState) -> None:
        rules.advance(state)

    def scores(self, state: NovelistState) -> list[float]:
        if state.options.coop != "off":
            # co-op (ruling R22), in percent of the team's goal. The goal, like the 60 that
            # ends a game, counts prestige without awards (§6). A finished game scores what
            # decided it: a win all the team's prestige, awards too (100 and up); a loss how
            # near the team came, minus 100 (below 0). During play: how much nearer the team
            # is to its goal than the rival to its own.
            n = state.num_players
            goal = state.options.team_target * n
            team = sum(state.prestige) / goal
            if state.is_terminal():
                won = bool(state.winners())
                return [round(100.0 * (state.team_total() / goal if won else team - 1.0), 3)] * n
            rival = state.rival_score / (state.options.rival_target * n)
            return [round(100.0 * (team - rival), 3)] * n
        return [float(state.total(s)) for s in range(state.num_players)]

    def tiebreak(self, state: NovelistState, seat: int) -> tuple[float, ...]:
        return (float(state.ink[seat]),)

    def heuristic(self, state: GameState, seat: int) -> float:
        """Points now, plus what the deck should still earn, minus the best rival's points.

        The deck's worth: its average card (prestige, coins weighted by how much buying still
        matters) times a hand times the turns likely left. Coins of the turn count at the same
        weight until the turn ends (so leftover coins buy ink rather than vanish), and a word
        laid out but not yet accepted counts at its score.
        """
        return self.heuristics(state)[seat]

    def heuristics(self, state: GameState) -> list[float]:
        assert isinstance(state, NovelistState)
        if state.options.coop != "off":
            return [team_value(state)] * state.num_players
        return margins(own_values(state))

    def playout(self, state: GameState, legal: list[str], rng: random.Random) -> str:
        """An author's quick move: the finder's best word, the proposed layout, the best card
        that raises the deck's worth, leftover coins into ink."""
        assert isinstance(state, NovelistState)
        return quick_move(state, legal, rng)

    def check_integrity(self, state: GameState) -> None:
        assert isinstance(state, NovelistState)
        state.check_integrity()

    def hidden_names(self, state: GameState, seat: int | None) -> set[str]:
        assert isinstance(state, NovelistState)
        return state.hidden_names(seat)

    def stats(self, state: NovelistState) -> dict[str, float]:
        """Rounds played, and whether 60 prestige (or the co-op goals) ended the game rather
        than the round limit."""
        by_rules = state.final_round or (state.options.coop != "off" and state.rounds < state.options.max_rounds)
        return {"rounds": float(state.rounds), "ended_by_prestige": float(by_rules)}

    def picture(self, state: Any, seat: int | None) -> Any:
        from inkhorn.games.novelist.view import picture

        return picture(state, seat)

    def legend(self) -> tuple[tuple[str, str], ...]:
        from inkhorn.games.novelist.view import LEGEND

        return LEGEND

    def endings(self, options: Any) -> tuple[str, ...]:
        limit = f"the round limit ({options.max_rounds} rounds; our safety net, not a rule)"
        if options.coop != "off":
            return ("the team reached its prestige target", "the rival reached its target", limit)
        return ("an author reached 60 prestige (then the round was finished)", limit)

    def ending(self, state: NovelistState) -> str:
        names = self.endings(state.options)
        n, o = state.num_players, state.options
        if o.coop != "off":
            if sum(state.prestige) >= o.team_target * n:
                return names[0]
            return names[1] if state.rival_score >= o.rival_target * n else names[2]
        return names[0] if state.final_round else names[1]

    def chapter(self, state: NovelistState) -> str:
        return f"Round {state.rounds + 1}"

    def holdings(self, state: Any) -> Any:
        return view_holdings(state)

    def features(self, players: int, options: GameOptions) -> SeatFeatures[NovelistState]:
        from inkhorn.games.novelist.features import NovelistFeatures

        assert isinstance(options, NovelistOptions)
        return NovelistFeatures(players, load_content(options.content))

    def scene(self, observation: dict[str, Any], seat: int | None, options: GameOptions) -> Scene:
        from inkhorn.games.novelist.scene import scene

        return scene(observation, seat, options)

    def render(self, state: GameState, seat: int | None) -> Any:
        from inkhorn.games.novelist.view import render_state

        assert isinstance(state, NovelistState)
        return render_state(state, seat)


def deck_worth(state: NovelistState, seat: int, cw: float) -> float:
    """The mean worth of a scribe's cards: what each future hand is drawn from."""
    in_deck, in_play = state.content.worths(cw)
    cards = (*state.deck[seat], *state.hand[seat], *state.discard[seat], *(state.played if state.turn == seat else ()),
             *state.set_aside[seat])
    classics = state.classics[seat]
    total = sum(map(in_deck.__getitem__, cards)) + sum(map(in_play.__getitem__, classics))
    return total / max(1, len(cards) + len(classics))


def own_values(state: NovelistState) -> list[float]:
    """Every seat's value (the weights of the table read once)."""
    cw = coin_weight(state)
    turns_left = 0.0 if state.phase == "over" else rounds_left(state)
    return [own_value(state, s, cw, turns_left) for s in range(state.num_players)]


def own_value(state: NovelistState, seat: int, cw: float, turns_left: float) -> float:
    """``cw``: the coin weight of the table; ``turns_left``: its turns likely left."""
    v = float(state.total(seat))
    v += deck_worth(state, seat, cw) * state.content.hand_size * turns_left * 0.6
    v += 0.8 * cw * state.ink[seat] + 0.4 * state.remover[seat]
    if state.jail[seat] >= 0:
        v += 0.5
    if state.turn == seat and state.phase != "over":
        v += state.coins * cw * 0.35
        top = state.stack[-1] if state.stack else None
        if isinstance(top, Arrange) and top.seat == seat:
            sc = top.score(state)
            v += sc.prestige + sc.coins * cw * 0.35 + (sc.award - state.award[seat] if sc.award else 0)
    return v


def team_value(state: NovelistState) -> float:
    weight = state.options.team_target / state.options.rival_target
    return sum(own_values(state)) - weight * state.rival_score


def quick_move(state: NovelistState, legal: list[str], rng: random.Random) -> str:
    """``playout``'s move: what the heuristic would mostly pick, without trying each move."""
    step = state.stack[-1]
    seat = step.seat
    if isinstance(step, Spell):
        # the finder lists its words best first
        return legal[0] if legal[0].startswith("spell:") else "pass"
    if isinstance(step, Arrange):
        return "accept"
    cw = coin_weight(state)
    in_deck = state.content.worths(cw)[0]
    if isinstance(step, Purchase):
        mean = deck_worth(state, seat, cw)
        buys = [a for a in legal if a.startswith("buy:") and in_deck[int(a[4:])] > mean]
        if buys:
            return max(buys, key=lambda a: (in_deck[int(a[4:])] / card_price(state, seat, int(a[4:])), rng.random()))
        return next((a for a in ("advert", "ink:buy") if a in legal), "end")
    if isinstance(step, Choose):
        effect = step.effect
        if effect == "coin_or_prestige":
            return "gain:prestige"
        if effect == "ink_or_remover" or effect == "trash_self":
            return next(a for a in ("take:ink", "take:remover", "trash:no", "take:none") if a in legal)
        named = [a for a in legal if not a.endswith(":none")]
        if not named:
            return legal[0]
        if effect == "jail":  # the best Offer card, kept for oneself to buy
            return max(named, key=lambda a: in_deck[int(a[5:])])
        return min(named, key=lambda a: in_deck[int(a[6:])])  # the poorest discard, trashed for a coin
    if isinstance(step, Glance):
        top = state.deck[seat][-1]
        return "glance:keep" if in_deck[top] >= deck_worth(state, seat, cw) else "glance:discard"
    if isinstance(step, SetAside):
        return max(legal, key=lambda a: in_deck[int(a[6:])])
    return legal[rng.randrange(len(legal))]  # an event kept or passed on
