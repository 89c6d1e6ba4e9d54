"""Terminal view of a Novelist table (rich): tracks, Offer Row, classics, the seat's hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from inkhorn.core.picture import Picture, SeatPicture
from inkhorn.games.novelist.content import Card

GENRE_STYLE = {"adventure": "yellow", "horror": "green", "mystery": "blue", "romance": "red", "": "white"}


# What each code of the picture means (Game.legend: `help` at the prompt, `inkhorn rules`)
LEGEND = (
    ("[K 2¢ 2★ h TC]#61", "a card: its letter, the coins and prestige it gives, its genre (a adventure, "
                          "h horror, m mystery, r romance), TC a Timeless Classic, #61 its number"),
    ("¢", "coins"),
    ("★", "prestige"),
    ("ink", "an inked card: it must be used face up in your word"),
    ("wild", "a card laid face down: any letter, worth nothing"),
    ("▶", "the author to play"),
)


def card_text(card: Card, *, inked: bool = False, wild: bool = False) -> Text:
    """One card as ``[Q 3¢ 2★ h]``: letter, basic benefits, genre initial."""
    bits = [card.letter.upper()]
    if card.coins:
        bits.append(f"{card.coins}¢")
    if card.prestige:
        bits.append(f"{card.prestige}★")
    if card.genre:
        bits.append(card.genre[0])
    if card.classic:
        bits.append("TC")
    if inked:
        bits.append("ink")
    if wild:
        bits.append("wild")
    return Text("[" + " ".join(bits) + "]", style=GENRE_STYLE[card.genre])


def card_line(state: Any, ids: list[int], **marks: Any) -> Text:
    table = state.content.cards
    out = Text()
    for c in ids:
        out.append(card_text(table[c], inked=c in marks.get("inked", ()), wild=c in marks.get("wild", ())))
        out.append(f"#{c} ", style="dim")
    return out or Text("—", style="dim")


def describe_card(card: Card) -> str:
    parts = [f"{card.letter.upper()} {card.name}"]
    if card.genre:
        parts.append(f"{card.genre}, {card.cost}¢")
    ben = []
    if card.coins:
        ben.append(f"{card.coins}¢")
    if card.prestige:
        ben.append(f"{card.prestige}★")
    if ben:
        parts.append("gives " + " ".join(ben))
    gen = []
    if card.genre_coins:
        gen.append(f"+{card.genre_coins}¢")
    if card.genre_prestige:
        gen.append(f"+{card.genre_prestige}★")
    if card.special:
        gen.append(card.special.replace("_", " ") + ("" if not card.special_basic else " (always)"))
    if gen:
        parts.append("genre: " + " ".join(gen))
    if card.buy_prestige:
        parts.append(f"{card.buy_prestige}★ when bought")
    return "; ".join(parts)


def picture(state: Any, seat: int | None) -> Picture:
    n = state.num_players
    content = state.content
    tracks = Table(title="Novelists", show_lines=False)
    for col in ("seat", "prestige", "award", "ink", "remover", "deck", "hand", "discard", "classics", "jail", "extras"):
        tracks.add_column(col)
    for s in range(n):
        extras = []
        if state.powers:
            extras.append(content.power(state.powers[s]).name)
        if state.events[s] >= 0:
            extras.append("event: " + content.events[state.events[s]].name)
        if state.options.adverts:
            extras.append(f"adverts {state.adverts[s]}/5")
        if state.must_letter[s]:
            extras.append(f"must use {state.must_letter[s].upper()}")
        marker = "▶ " if s == state.turn else ""
        jail = state.jail[s]
        tracks.add_row(
            f"{marker}{s}", str(state.prestige[s]), str(state.award[s] or ""), str(state.ink[s]),
            str(state.remover[s]), str(len(state.deck[s])), str(len(state.hand[s])), str(len(state.discard[s])),
            card_line(state, state.classics[s]), card_line(state, [jail]) if jail >= 0 else "",
            ", ".join(extras),
        )
    parts: list[Any] = [tracks]
    row = Table(title=f"Offer Row (deck {len(state.offer_deck)}, oldest first)")
    row.add_column("card")
    row.add_column("cost")
    row.add_column("what it does")
    for c in state.offer_row:
        row.add_row(card_line(state, [c]), str(content.cards[c].cost), describe_card(content.cards[c]))
    parts.append(row)
    info = [f"turn: seat {state.turn}", f"phase: {state.phase}", f"coins: {state.coins}"]
    if state.awards_left:
        info.append("awards left: " + ", ".join(str(a) for a in state.awards_left))
    if state.options.coop != "off":
        info.append(f"rival {content.rival(state.options.coop).name}: {state.rival_score}")
        info.append(f"team: {state.team_total()} / {state.options.team_target * n}")
    if state.last_word:
        s, w, c, p = state.last_word
        info.append(f"last word: seat {s} {w.upper() or '(passed)'} {c}¢ {p}★")
    if state.final_round:
        info.append("FINAL ROUND")
    parts.append(Text("  ".join(info)))
    seats = []
    for s in range(n):
        summary = (f"Seat {s}{' ▶' if s == state.turn else ''}: {state.prestige[s]} prestige · ink {state.ink[s]} · "
                   f"remover {state.remover[s]} · hand {len(state.hand[s])} · deck {len(state.deck[s])} · "
                   f"classics {len(state.classics[s])}")
        if s != seat:
            seats.append(SeatPicture(summary, Text(summary)))
            continue
        own: list[Any] = [Panel(card_line(state, sorted(state.hand[s]), inked=state.inked[s], wild=state.forced_wild[s]),
                                title=f"Seat {s} (you): your hand", title_align="left")]
        step = state.decision()
        if step is not None and step.seat == seat:
            from inkhorn.games.novelist.rules import Arrange

            if isinstance(step, Arrange):
                laid = Text()
                for c, w in zip(step.cards, step.wild):
                    laid.append(card_text(content.cards[c], wild=w))
                    laid.append(" ")
                own.append(Panel(laid, title=f"layout of {step.word.upper()}", title_align="left"))
        seats.append(SeatPicture(summary, Group(*own)))
    return Picture(shared=parts, seats=seats)


def render_state(state: Any, seat: int | None) -> Any:
    """The whole table (a pipe, ``board``): the shared table, then your own part."""
    pic = picture(state, seat)
    return Group(*pic.shared, *([pic.seats[seat].detail] if seat is not None else []))


def holdings(state: Any) -> list[dict[str, Counter[str]]]:
    """Per seat: cards owned (deck, hand, discard, set aside; acquired), cards laid in the
    word being spelled and Timeless Classics in play (played); see ``Game.holdings``.
    Starting cards (no genre) are left out: every author has the same."""
    cards = state.content.cards
    out = []
    for seat in range(state.num_players):
        owned = Counter(cards[x].name for pile in (state.deck[seat], state.hand[seat], state.discard[seat],
                                                   state.set_aside[seat]) for x in pile if cards[x].genre)
        played = Counter(cards[x].name for x in state.classics[seat])
        if seat == state.turn:
            played.update(cards[x].name for x in state.played if cards[x].genre)
        out.append({"acquired": owned, "played": played})
    return out
