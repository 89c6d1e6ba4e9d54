"""Manuscript: scribes buy, borrow and copy medieval texts onto a two-page squared grid."""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from inkhorn.core.errors import OptionError
from inkhorn.core.features import SeatFeatures
from inkhorn.core.game import Game
from inkhorn.core.options import GameOptions
from inkhorn.core.rng import StateRng
from inkhorn.core.scene import Scene
from inkhorn.core.state import GameState
from inkhorn.core.value import margins
from inkhorn.games.manuscript import rules, scoring
from inkhorn.games.manuscript.content import load_content
from inkhorn.games.manuscript.grid import COPY_TABLE, geometry
from inkhorn.games.manuscript.state import CUBES, DECO, PLAY, SHOP_ROW, TEXTS_TO_END, ManuscriptState
from inkhorn.games.manuscript.view import holdings as view_holdings


class ManuscriptOptions(GameOptions):
    page_rows: int = Field(18, ge=10, le=24, description="rows of squares on each page (even; 12 columns always)")
    shop_costs: str = Field(
        "1,1,2,2,3",
        description="cube cost of the five spaces of a shop row, from the discard pile to the draw pile",
    )
    round_limit: int = Field(30, ge=1, le=200, description="the game also ends after this many rounds (a safety net)")
    diagonal_gap: bool = Field(True, description="texts may not touch even at a corner (False: sides only)")
    decoration_passes_on: bool = Field(
        False,
        description="a decoration the first follower cannot place waits for the next follower with room "
        "(by the rulebook it goes back to the box)",
    )
    content: str | None = Field(None, description="folder or JSON file of edited texts, exemplars and decorations")

    @field_validator("page_rows")
    @classmethod
    def _even(cls, v: int) -> int:
        if v % 2:
            raise ValueError("pages need an even number of rows (quadrants split them in half)")
        return v

    @field_validator("shop_costs")
    @classmethod
    def _costs(cls, v: str) -> str:
        parts = [p.strip() for p in v.split(",")]
        if len(parts) != SHOP_ROW or not all(p.isdigit() and 1 <= int(p) <= CUBES for p in parts):
            raise ValueError(f"give {SHOP_ROW} comma-separated costs from 1 to {CUBES}")
        return ",".join(parts)

    def costs(self) -> tuple[int, ...]:
        return tuple(int(p) for p in self.shop_costs.split(","))


class ManuscriptGame(Game):
    id = "manuscript"
    name = "Manuscript"
    min_players = 2
    max_players = 4
    default_players = 3
    Options = ManuscriptOptions
    State = ManuscriptState
    json_types = rules.STEPS
    # UCT on the children's raw mean returns, not rescaled to [0, 1] at each node: the
    # root's visits spread over its moves (27, 24, 24, 24, ... of 300 in one position, against
    # 192 on one move rescaled), so a move's mean averages the answers below it rather than
    # following the one line that looks best. At 300 iterations mcts beats greedy in 70.0%
    # of the ladder's 240 games (95%: 64.0-75.4%), against 61.7% rescaled (paired on 120:
    # +10.8, 95%: -0.4 to +22.0), and in 72.1% at the ladders' 600;
    # bench/results/manuscript-300-unnormalized-240 and manuscript-600.
    search_settings = {"normalize": False}

    def initial_state(self, players: int, seed: int, options: GameOptions, rng: StateRng) -> GameState:
        assert isinstance(options, ManuscriptOptions)
        content = load_content(options.content)
        geo = geometry(options.page_rows)
        too_tall = [t.id for t in content.texts if not fits_empty_page(t, geo.rows)]
        if too_tall:
            raise OptionError(f"text {too_tall[0]!r} cannot fit on a page of {geo.rows} rows")
        deck = list(range(len(content.texts)))
        rng.shuffle(deck)
        shop = [deck.pop() for _ in range(2 * SHOP_ROW)]
        chosen = rng.sample(range(len(content.exemplars)), players + 2)
        first = rng.randrange(players)
        n = players
        state = ManuscriptState(
            num_players=n,
            seed=seed,
            options=options,
            rng=rng,
            shop=shop,
            deck=deck,
            discard=[],
            exemplars=tuple(chosen),
            followers=[()] * len(chosen),
            deco_owner=[-1] * len(chosen),
            deco_place=[()] * len(chosen),
            grid=[(0,) * (2 * geo.page_cells)] * n,
            tmask=[0] * (2 * n),
            dmask=[0] * (2 * n),
            hand=[CUBES] * n,
            own=[CUBES] * n,
            own_spent=[0] * n,
            locked=[0] * n,
            reserved=[0] * n,
            pool=[()] * n,
            kept=[()] * n,
            active=[-1] * n,
            plan=[()] * n,
            progress=[0] * n,
            records=[()] * n,
            finished=[()] * n,
            voided=[()] * n,
            round=1,
            first=first,
            actor=(first - 1) % n,
            phase=PLAY,
            end_trigger=-1,
        )
        state.restore_transient()
        return state

    # ---- bots -------------------------------------------------------------------------------
    def advance(self, state: ManuscriptState) -> None:
        rules.advance(state)

    def scores(self, state: ManuscriptState) -> list[float]:
        return [float(scoring.total(state, s)) for s in range(state.num_players)]

    def tiebreak(self, state: ManuscriptState, seat: int) -> tuple[float, ...]:
        decorations = sum(1 for o in state.deco_owner if o == seat)
        return (float(decorations), float(len(state.finished[seat])), float(scoring.blank_columns(state, seat)))

    def heuristic(self, state: GameState, seat: int) -> float:
        """A seat's own view of its prospects against the best rival's manuscript."""
        assert isinstance(state, ManuscriptState)
        return public_values(state)[seat] + own_value(state, seat)

    def heuristics(self, state: GameState) -> list[float]:
        assert isinstance(state, ManuscriptState)
        return [ahead + own_value(state, s) for s, ahead in enumerate(public_values(state))]

    def check_integrity(self, state: GameState) -> None:
        assert isinstance(state, ManuscriptState)
        state.check_integrity([step.card for step in state.stack if isinstance(step, rules.Acquire)])

    def hidden_names(self, state: GameState, seat: int | None) -> set[str]:
        assert isinstance(state, ManuscriptState)
        return state.hidden_names(seat)

    def chapter(self, state: ManuscriptState) -> str:
        return f"Round {state.round}"

    def holdings(self, state: Any) -> Any:
        return view_holdings(state)

    def features(self, players: int, options: GameOptions) -> SeatFeatures[ManuscriptState]:
        from inkhorn.games.manuscript.features import ManuscriptFeatures

        assert isinstance(options, ManuscriptOptions)
        return ManuscriptFeatures(players, load_content(options.content), 2 * geometry(options.page_rows).page_cells,
                                  2 * SHOP_ROW)

    def scene(self, observation: dict[str, Any], seat: int | None, options: GameOptions) -> Scene:
        from inkhorn.games.manuscript.scene import scene

        return scene(observation, seat, options)

    def render(self, state: GameState, seat: int | None) -> Any:
        from inkhorn.games.manuscript.view import render

        return render(state, seat)  # type: ignore[arg-type]

    def picture(self, state: Any, seat: int | None) -> Any:
        from inkhorn.games.manuscript.view import picture

        return picture(state, seat)

    def legend(self) -> tuple[tuple[str, str], ...]:
        from inkhorn.games.manuscript.view import LEGEND

        return LEGEND

    def endings(self, options: Any) -> tuple[str, ...]:
        return ("a scribe with text in every quadrant and 8 texts finished",
                f"the round limit ({options.round_limit} rounds; our safety net, not a rule)")

    def ending(self, state: GameState) -> str:
        assert isinstance(state, ManuscriptState)
        return self.endings(state.options)[0 if state.end_trigger >= 0 else 1]

    def stats(self, state: GameState) -> dict[str, float]:
        assert isinstance(state, ManuscriptState)
        n = state.num_players
        return {
            "rounds": float(state.round),
            "end_triggered": float(state.end_trigger >= 0),
            "texts_per_scribe": sum(len(f) for f in state.finished) / n,
        }


LAYING = (rules.ChoosePage, rules.ChooseWidth, rules.ChooseSpacing, rules.ChooseAnchor)


def fits_empty_page(t: Any, rows: int) -> bool:
    if t.form == "prose":
        return True
    span = t.lines
    if span <= rows:
        return True
    return t.line_length <= 6 and span <= 2 * rows


def public_values(state: ManuscriptState) -> list[float]:
    """Each seat's :func:`manuscript_value` against the best rival's, with a share of ENDING
    for a scribe on its way to closing the game (:func:`closing`)."""
    values = [manuscript_value(state, s) for s in range(state.num_players)]
    for s in range(state.num_players):
        values[s] += ENDING * closing(state, s)
    return margins(values)


def closing(state: ManuscriptState, s: int) -> float:
    """How far a scribe is in ending the game in the lead: 1 once it triggered the end ahead; from
    0.5 to 1 while it copies the text that will (its last text needed, every quadrant then
    reached); HELD_CLOSING while it holds or lays out such a text; else 0. The lead is
    judged on the score the end counts, against what the rivals may still reach."""
    if state.end_trigger >= 0 and state.end_trigger != s:
        return 0.0
    if state.end_trigger < 0 and len(state.finished[s]) != TEXTS_TO_END - 1:
        return 0.0
    if state.end_trigger == s:
        closed: float = scoring.total(state, s)
        part = 1.0
    else:
        base = scoring.points_but_luxury(state, s)
        if state.plan[s]:
            pages = (page_layout(state, s, 0), page_layout(state, s, 1))
            if pages[0][1] + pages[1][1] < 2 * len(state.geo.quadrants):
                return 0.0
            closed = base + begun_points(state, s) + scoring.LUXURY_TABLE[min(pages[0][0] + pages[1][0], 4)]
            part = 0.5 + 0.5 * state.progress[s] / len(state.plan[s])
        else:
            held = [*state.pool[s], *([state.active[s]] if state.active[s] >= 0 else [])]
            gains = [closing_placement(state, s, c) for c in held if not rules.already_copied(state, s, c)]
            best = max((g for g in gains if g is not None), default=None)
            if best is None:
                return 0.0
            closed, part = base + best, HELD_CLOSING
    rivals = max(final_reach(state, r) for r in range(state.num_players) if r != s)
    return part if closed > rivals else 0.0


def final_reach(state: ManuscriptState, r: int) -> int:
    """What a rival may score by the end when the game is closed now: its score, and the text
    it is copying if a last round's cubes can finish it."""
    total = scoring.total(state, r)
    if state.plan[r] and len(state.plan[r]) - state.progress[r] <= COPY_TABLE[-1]:
        total += begun_points(state, r)
    return total


def closing_placement(state: ManuscriptState, s: int, card: int) -> float | None:
    """The most a text adds (its points and the luxury left) placed where it reaches every
    quadrant still empty; None where no placement does. Kept like :func:`best_anywhere`."""
    k = 2 * s
    key = ("closing", id(state.content), card, state.tmask[k], state.tmask[k + 1], state.dmask[k], state.dmask[k + 1])
    memo = state.geo.placements
    if key in memo:
        return memo[key]
    geo = state.geo
    points = state.content.points[card]
    plain = (page_layout(state, s, 0), page_layout(state, s, 1))
    best: float | None = None
    for page in (0, 1):
        other = plain[1 - page]
        forbidden = state.text_forbidden(s, page)
        for lens in rules.text_shapes(state, card):
            for double in (False, True) if len(lens) > 1 else (False,):
                for _r, _c, m in geo.shapes(lens, double):
                    if m & forbidden:
                        continue
                    pairs, quads = page_layout(state, s, page, m)[:2]
                    if quads + other[1] < 2 * len(geo.quadrants):
                        continue
                    gain = points[1 if double else 0] + scoring.LUXURY_TABLE[min(pairs + other[0], 4)]
                    if best is None or gain > best:
                        best = gain
    if len(memo) >= PLACEMENT_MEMO:
        memo.clear()
    memo[key] = best
    return best


def manuscript_value(state: ManuscriptState, s: int) -> float:
    """Score now plus what anyone can see under way: the text being copied, quadrants
    reached, margins kept and cubes left this round. Rivals are judged by this alone, so
    taking texts merely to deny them earns nothing."""
    value = float(scoring.points_but_luxury(state, s))
    value += layout_value(state, s) + FINISHED * min(len(state.finished[s]), TEXTS_TO_END)
    # cubes to spend this round, and those promised to next round: a cube given to a rival
    # with a borrow is a cube it copies with
    value += CUBE * state.hand[s] - 0.6 * state.reserved[s]
    return value + begun_value(state, s)[0]


def begun_value(state: ManuscriptState, s: int) -> tuple[float, float]:
    """The text a scribe is copying, worth more than one held and growing with every square
    to its value finished: (worth now, worth once finished); (0, 0) with none begun."""
    if state.active[s] < 0 or not state.plan[s]:
        return 0.0, 0.0
    points = begun_points(state, s)
    begun = held_value(points) + BEGUN
    finished = points + FINISHED
    return begun + (finished - begun) * state.progress[s] / len(state.plan[s]), finished


def begun_points(state: ManuscriptState, s: int) -> int:
    """What the text a scribe is copying scores once finished (with the spacing chosen)."""
    double = state.records[s][-1][5]
    return state.content.points[state.active[s]][1 if double else 0]


def page_layout(state: ManuscriptState, s: int, page: int, extra: int = 0) -> tuple[int, int, int, int, int]:
    """One page as the layout terms see it, with the begun text in place (and ``extra``
    squares of a text being laid out): (luxury pairs, quadrants reached, room, open room,
    open room inside the margins). Room counts squares neither a text nor the gap around
    one takes (compact layouts keep more); a text's own squares are not counted lost, so
    beginning a copy costs only the gap it leaves. Open room, see SHORT_OF_ROOM; inside the
    margins, the open room that keeps the page's pairs (both, on a blank page)."""
    geo = state.geo
    k = 2 * s + page
    planned = state.tmask[k] | (state.reserved_mask(s, page) if state.plan[s] else 0) | extra
    key = (planned, state.dmask[k])
    terms = geo.page_terms.get(key)
    if terms is None:  # a search asks it of the same pages in many worlds
        quads = sum(1 for q in geo.quadrants if planned & q)
        used = geo.columns_used(planned | state.dmask[k])
        pairs = 0 if used is None else min(used[0], geo.cols - 1 - used[1], 2)
        forbidden = geo.dilate(planned) | state.dmask[k]
        room = geo.page_cells - forbidden.bit_count() + planned.bit_count()
        kept = 2 if used is None else pairs
        usable = geo.open_room(forbidden)
        terms = pairs, quads, room, usable, geo.open_room(forbidden | geo.margin_masks[kept]) if kept else usable
        if len(geo.page_terms) >= PLACEMENT_MEMO:
            geo.page_terms.clear()
        geo.page_terms[key] = terms
    return terms


def layout_value(state: ManuscriptState, s: int, pages: tuple[tuple[int, int, int, int, int], ...] | None = None,
                 under_way: bool | None = None) -> float:
    """What the layout of a scribe's two pages is worth: luxury, quadrants, room and open room
    against the texts still to copy (``pages``: the two pages' terms when already known).
    Luxury counts as far as the texts still to copy fit inside the margins; beyond that it
    is worth what is left once a page gives its margins up (two pairs fewer), or a scribe
    guarding margins it cannot keep waits for ever and the game never ends."""
    if pages is None:
        pages = (page_layout(state, s, 0), page_layout(state, s, 1))
    pairs = min(pages[0][0] + pages[1][0], 4)
    quads = pages[0][1] + pages[1][1]
    room = pages[0][2] + pages[1][2]
    usable = pages[0][3] + pages[1][3]
    inside = pages[0][4] + pages[1][4]
    if under_way is None:
        under_way = bool(state.plan[s]) or is_laying(state, s)
    # in the last round no later text needs room
    still = TEXTS_TO_END - len(state.finished[s]) - under_way if state.end_trigger < 0 else 0
    return (
        luxury_value(pairs, still, inside) + 0.6 * quads + 0.04 * room
        - SHORT_OF_ROOM * max(0.0, still - usable / TEXT_ROOM)
    )


def luxury_value(pairs: int, still: float, inside: int) -> float:
    """Margins kept are worth their luxury only as far as the texts still to copy fit inside
    them (``inside``: open room there); beyond that, what is left once a page gives its
    margins up (two pairs fewer), or a scribe guarding margins it cannot keep waits for
    ever. Margins kept early are mostly given up later: the worth grows as the end nears."""
    luxury = float(scoring.LUXURY_TABLE[pairs])
    doomed = min(1.0, max(0.0, still - inside / TEXT_ROOM))
    luxury -= doomed * (luxury - scoring.LUXURY_TABLE[max(0, pairs - 2)])
    return LUXURY_WEIGHT * luxury * (1.0 - still / TEXTS_TO_END)


def is_laying(state: ManuscriptState, s: int) -> bool:
    top = state.stack[-1] if state.stack else None
    return top is not None and top.seat == s and isinstance(top, LAYING)


def laying_value(state: ManuscriptState, s: int, top: Any) -> float:
    """A text being laid out counts as begun (BEGUN more than held), placed as well as the
    choices made so far (page, width, spacing) still allow: its best placement's worth (text
    and layout) against the pages as they are. Held, begun or laid out, a text is judged by
    the same placement, so no step of the chain looks better or worse than the next."""
    card = state.active[s]
    chosen = best_anywhere(state, s, card) if isinstance(top, rules.ChoosePage) else best_placement(state, s, card, top)
    if chosen is None:  # nothing fits (the laying steps offer only what fits)
        return held_value(state.content.points[card][0]) + BEGUN
    return chosen - layout_value(state, s) + BEGUN


def best_anywhere(state: ManuscriptState, s: int, card: int) -> float | None:
    """:func:`best_placement` with no choice made yet. Each step of a copy chain asks it
    again of the same pages, and bots ask it of many worlds: it is kept per text and pages
    (on the geometry, which every state of a page height shares; content is loaded once per
    process and stays alive, so its id names it)."""
    k = 2 * s
    key = (id(state.content), card, state.tmask[k], state.tmask[k + 1], state.dmask[k], state.dmask[k + 1],
           len(state.finished[s]), state.plan[s], state.end_trigger >= 0)
    memo = state.geo.placements
    if key not in memo:
        if len(memo) >= PLACEMENT_MEMO:
            memo.clear()
        memo[key] = best_placement(state, s, card, None)
    return memo[key]


def best_held(state: ManuscriptState, s: int, texts: list[int]) -> float | None:
    """The most one of the ``texts`` a scribe holds adds, placed at its best (its points and
    what the placement does to the pages: :func:`best_anywhere` against the pages as they
    are); None when none fits. Kept like :func:`best_anywhere`: a search asks it at most of
    its leaves, of pages and texts that seldom change."""
    k = 2 * s
    key = ("held", id(state.content), tuple(texts), state.tmask[k], state.tmask[k + 1], state.dmask[k],
           state.dmask[k + 1], len(state.records[s]), len(state.finished[s]), state.end_trigger >= 0)
    memo = state.geo.placements
    if key in memo:
        return memo[key]
    best = None
    now = None
    for c in texts:
        if rules.already_copied(state, s, c) or not rules.text_fits(state, s, c):
            continue
        placed = best_anywhere(state, s, c)
        if placed is None:
            continue
        if now is None:
            now = layout_value(state, s, under_way=False)
        if best is None or placed - now > best:
            best = placed - now
    if len(memo) >= PLACEMENT_MEMO:
        memo.clear()
    memo[key] = best
    return best


def best_placement(state: ManuscriptState, s: int, card: int, top: Any) -> float | None:
    """The best layout value plus text value of ``card`` placed as the choices made in
    ``top`` allow (``None``: no choice made yet). With page, width and spacing chosen every
    anchor is tried; before that LAYING_SAMPLES anchors, evenly spread, for each page,
    width and spacing."""
    points = state.content.points[card]
    geo = state.geo
    pages = (0, 1) if top is None or isinstance(top, rules.ChoosePage) else (top.page,)
    width = top.width if isinstance(top, (rules.ChooseSpacing, rules.ChooseAnchor)) else None
    spacings = (top.double,) if isinstance(top, rules.ChooseAnchor) else (False, True)
    sample = not isinstance(top, rules.ChooseAnchor)
    plain = (page_layout(state, s, 0), page_layout(state, s, 1))
    best = None
    for page in pages:
        forbidden = state.text_forbidden(s, page)
        for lens in rules.text_shapes(state, card, width):
            for double in spacings:
                if double and len(lens) < 2:
                    continue
                fitting = [m for _r, _c, m in geo.shapes(lens, double) if not m & forbidden]
                if sample and len(fitting) > LAYING_SAMPLES:
                    fitting = fitting[:: len(fitting) // LAYING_SAMPLES]
                text = held_value(points[1 if double else 0])
                for m in fitting:
                    laid = (page_layout(state, s, 0, m), plain[1]) if page == 0 else (plain[0], page_layout(state, s, 1, m))
                    v = layout_value(state, s, laid, under_way=True) + text
                    if best is None or v > best:
                        best = v
    return best


def held_value(points: int) -> float:
    """A text held that fits, waiting to be copied."""
    return 0.3 * points + 0.4


def own_value(state: ManuscriptState, s: int) -> float:
    """What a seat adds from its own view: texts held, exemplars within reach."""
    content = state.content
    value = 0.0
    a = state.active[s]
    done = state.done_cards(s)
    top = state.stack[-1] if state.stack else None
    # A text being laid out counts as begun already, laid out as well as it still can be, so
    # that no step of the copy's chain (page, width, spacing, anchor) looks worse than not
    # copying unless every way on is worse.
    laying = is_laying(state, s)
    copying = a >= 0 and (bool(state.plan[s]) or laying)
    stuck = False  # no text it could copy fits, before the last round
    if laying:
        value += laying_value(state, s, top)
    if not copying:
        # the best text held that fits, to copy next, counted as it will be once begun
        candidates = list(state.pool[s])
        if a >= 0:
            candidates.append(a)
        for step in state.stack:
            if step.seat == s and isinstance(step, (rules.Acquire, rules.BorrowPayment)):
                candidates.append(step.card)
        best = best_held(state, s, candidates)
        if best is not None:
            value += best
        else:
            value -= stuck_cost(state, s, candidates, top)
            stuck = state.end_trigger < 0
        if a >= 0:
            value += 0.2  # a text waiting in the Active Text Area cannot be borrowed away
    if isinstance(top, rules.Scrape) and top.seat == s and not top.done and not stuck:
        value -= cheapest_row(state, s)  # a scrape begun must erase a line, which only the stuck need
    for j, e in enumerate(state.exemplars if done else ()):  # with no text finished, none is in reach
        if s in state.followers[j]:
            continue
        components = content.components[e]
        have = sum(1 for c in done if c in components)
        need = content.exemplars[e].partial_needs
        value += 0.5 * content.exemplars[e].partial_bonus * min(have, need) / need
    if isinstance(top, rules.CopyCubes) and top.seat == s:
        value += 0.3  # cubes about to be spent on the copy (and not, say, on a scrape)
    return value


# A scribe with nothing under way and no text it holds or could buy that fits is stuck:
# its manuscript, and the game's end, go on only after a scrape. Being stuck costs what the
# cheapest scrape that lets a text fit costs (lines, and the finished texts they void),
# plus STUCK unless that scrape is under way; with no such scrape, STUCK_FOR_GOOD. In the
# last round, once the end is triggered, being stuck costs nothing.
STUCK = 3.0
FINISHED = 3.5
BEGUN = 0.5
STUCK_FOR_GOOD = 12.0

# A cube in hand is worth CUBE to whoever holds it, rivals too (cubes are in plain sight):
# a cube given for a borrowed text is one its owner copies with this round.
CUBE = 0.4

# Only the trigger ends the game, and the scribe who pulls it while ahead wins. The last
# text often fits only where it costs margins (luxury), so without ENDING two scribes with
# seven texts each wait for ever; with it the leader pays that price to close the game.
# A closing text held already earns HELD_CLOSING of it: buying it, then copying it two
# turns later, lies beyond what a search sees, and a leader that could close would wait.
ENDING = 20.0
HELD_CLOSING = 0.25

# The game ends only when a scribe has TEXTS_TO_END texts finished. Open room (squares in free
# blocks of 3 x 3: slivers thinner than that hold no text worth copying) short of what the
# texts still to copy need, at TEXT_ROOM squares each, means scraping finished texts later:
# SHORT_OF_ROOM per text the room lacks. Without it a scribe fills a page early with one
# double-spaced text and later scrapes texts away in a loop, and the game never ends.
# Fitted on 200 greedy two-scribe games (final margin against the terms at each round's
# start, rounds 3-10), a text short of room costs about 5 points by the end, and each
# luxury pair kept mid-game about -3 (most are given up later): hence SHORT_OF_ROOM and the
# luxury that grows as the end nears. Set higher, a search sees every big text as a loss of
# room and buys instead of copying, and greedy (which commits at the page step) wins.
TEXT_ROOM = 40.0
SHORT_OF_ROOM = 5.0
LUXURY_WEIGHT = 0.8
LAYING_SAMPLES = 6
PLACEMENT_MEMO = 1 << 14


def stuck_cost(state: ManuscriptState, s: int, held: list[int], top: Any) -> float:
    if state.end_trigger >= 0:
        return 0.0  # the last round: no scrape can pay for itself any more
    shop = [c for c in state.shop if c >= 0 and not rules.already_copied(state, s, c)]
    if any(rules.text_fits(state, s, c) for c in shop):
        return 0.0
    texts = [c for c in held if not rules.already_copied(state, s, c)] + shop
    scraping = top is not None and top.seat == s and isinstance(top, rules.Scrape)
    cost = cheapest_scrape(state, s, texts)
    if cost is None:
        return STUCK_FOR_GOOD
    return cost if scraping else cost + STUCK


def row_texts(state: ManuscriptState, s: int, page: int, row: int) -> set[int]:
    """The texts with a square on one row of a scribe's page (what scraping it touches)."""
    geo = state.geo
    grid = state.grid[s]
    start = page * geo.page_cells + row * geo.cols
    return {grid[x] - 1 for x in range(start, start + geo.cols) if 0 < grid[x] < DECO}


def cheapest_row(state: ManuscriptState, s: int) -> float:
    """The least one line that may be scraped costs: a cube's worth, and each finished text
    it voids at its points plus FINISHED."""
    finished = dict(state.finished[s])
    best = None
    for page, r in rules.scrape_rows(state, s):
        cost = 0.4 + sum(finished[c] + FINISHED for c in row_texts(state, s, page, r) if c in finished)
        if best is None or cost < best:
            best = cost
    return 0.0 if best is None else best


def cheapest_scrape(state: ManuscriptState, s: int, texts: list[int]) -> float | None:
    """The least a band of up to MAX_SCRAPE rows on one page costs to scrape (a cube's worth
    per line, and each finished text it voids at its points plus FINISHED, as the text lost
    towards the end) so that one of ``texts`` fits; None when no band does."""
    geo = state.geo
    finished = dict(state.finished[s])
    best: float | None = None
    for page in (0, 1):
        k = 2 * s + page
        tmask, dmask = state.tmask[k], state.dmask[k]
        if not tmask:
            continue
        for r0 in range(geo.rows):
            if not tmask & geo.row_masks[r0]:
                continue
            band = 0
            hit: set[int] = set()
            for r in range(r0, min(r0 + rules.MAX_SCRAPE, geo.rows)):
                band |= geo.row_masks[r]
                hit |= row_texts(state, s, page, r)
                cost = 0.4 * (r - r0 + 1) + sum(finished[c] + FINISHED for c in hit if c in finished)
                if best is not None and cost >= best:
                    break
                forbidden = geo.dilate(tmask & ~band, state.options.diagonal_gap) | dmask
                if any(rules.fits_beside(state, c, forbidden) for c in texts):
                    best = cost
                    break
    return best

