"""Novelist's table for the browser: the Offer Row, the prestige track, each author's
Timeless Classics and piles, the viewer's hand, and the word being laid out letter by letter
(a card turned face down is a wild)."""

from __future__ import annotations

from typing import Any

from inkhorn.core.scene import Piece, Scene, Zone, seat_order
from inkhorn.games.novelist.content import Card, load_content
from inkhorn.games.novelist.view import describe_card

GENRE_COLOUR = {"adventure": "yellow", "horror": "green", "mystery": "blue", "romance": "red", "": "grey"}


def card_piece(card: Card, choices: tuple[str, ...] = (), **extra: Any) -> Piece:
    sub = " ".join(x for x in (f"{card.coins}¢" if card.coins else "", f"{card.prestige}★" if card.prestige else "",
                               f"cost {card.cost}" if card.genre else "") if x)
    return Piece(text=card.letter.upper(), sub=sub, kind="card", colour=GENRE_COLOUR.get(card.genre, "grey"),
                 tip=describe_card(card) + ("; a Timeless Classic" if card.classic else ""), choices=choices,
                 **extra)


def scene(obs: dict[str, Any], me: int | None, options: Any) -> Scene:
    c = load_content(options.content)
    cards = c.cards
    n = len(obs["seats"])
    zones: list[Zone] = []
    offer = [card_piece(cards[x], (f"buy:{x}", f"jail:{x}", f"power:borrow:{x}"),
                        marks=(cards[x].name,)) for x in obs["offer_row"]]
    zones.append(Zone("Offer Row", offer, key="offer",
                      note=f"offer deck {obs['offer_deck']} · discard {len(obs['offer_discard'])}"
                      + (f" · awards left: {', '.join(map(str, obs['awards_left']))}" if obs["awards_left"] else "")))
    track = [Piece(text=f"seat {s}", kind="counter", count=obs["prestige"][s],
                   marks=("to play",) if obs["turn"] == s else (),
                   tip=f"seat {s}: {obs['prestige'][s]} prestige" + (f", award {obs['award'][s]}" if obs["award"][s] else ""))
             for s in range(n)]
    zones.append(Zone("Prestige", track, layout="track", key="prestige",
                      note=f"the game ends at {c.end_prestige}★" + (" · final round" if obs["final_round"] else "")))
    if obs["played"]:
        zones.append(Zone(f"Played by seat {obs['turn']}", [card_piece(cards[x]) for x in obs["played"]], key="played"))

    detail = (obs.get("me") or {}).get("decision_detail")
    spelling = not detail and me is not None and obs["phase"] == "spell" and obs["to_act"] == me
    for s in seat_order(n, me):
        if s == me:
            zones.extend(word_zones(detail, spelling, s, cards))
        zones.extend(author(obs, s, me, cards, spelling))
    last = obs["last_word"]
    status = f"Turn of seat {obs['turn']} · {obs['phase']}" + (f" · {obs['coins']}¢ to spend" if obs["coins"] else "")
    if last and len(last) == 4:
        status += f" · last word: seat {last[0]} " + (f"{last[1].upper()} ({last[2]}¢, {last[3]}★)" if last[1] else "passed")
    return Scene(status=status, zones=zones, legend=[
        ("¢", "coins"), ("★", "prestige"), ("letter", "the letter a card spells"),
        ("face down", "a wild: any letter, worth nothing"),
        *((g.title(), f"{g} genre ({GENRE_COLOUR[g]})") for g in GENRE_COLOUR if g),
    ])


def word_zones(detail: dict[str, Any] | None, spelling: bool, me: int, cards: tuple[Card, ...]) -> list[Zone]:
    """The word the viewer is spelling (clicked together on the table), or laying out."""
    if spelling:
        return [Zone("Spell a word", [], layout="word", seat=me, key="compose", compose="spell:",
                     note="click your cards (or any Timeless Classic) in order; type a letter no card "
                          "of yours shows and a card is laid face down as a wild for it")]
    if not detail:
        return []
    word = []
    for k, (x, wild) in enumerate(zip(detail["cards"], detail["wild"])):
        letter = detail["word"][k].upper()
        if wild:
            word.append(Piece(text=letter, sub="wild", kind="card", face_down=True, choices=(f"up:{x}",),
                              tip=f"{letter}: {cards[x].name} ({cards[x].letter.upper()}) laid face down as a wild"))
        else:
            word.append(card_piece(cards[x], (f"wild:{x}",)))
    return [Zone(f"Your word: {detail['word'].upper()}", word, layout="word", seat=me, key="word",
                 note="click a card to turn it face down (a wild) or face up again")]


def author(obs: dict[str, Any], s: int, me: int | None, cards: tuple[Card, ...], spelling: bool) -> list[Zone]:
    seat = obs["seats"][s]
    own = s == me
    facts = [
        Piece(text="Prestige", kind="counter", count=obs["prestige"][s], tip=f"{obs['prestige'][s]} prestige"),
        Piece(text="Ink", kind="counter", count=obs["ink"][s], choices=("ink",) if own else (),
              tip=f"{obs['ink'][s]} ink: spend one to draw a card that must be used"),
        Piece(text="Remover", kind="counter", count=obs["remover"][s], tip=f"{obs['remover'][s]} remover"),
        Piece(text="Deck", kind="counter", count=seat["deck"], tip=f"{seat['deck']} cards in the deck"),
        Piece(text="Hand", kind="counter", count=seat["hand"], tip=f"{seat['hand']} cards in hand"),
        Piece(text="Discard", kind="counter", count=len(seat["discard"]), tip=f"{len(seat['discard'])} cards discarded"),
    ]
    jail = obs["jail"][s]
    zones = [Zone("Author", facts, seat=s, key=f"facts-{s}",
                  note=" · ".join(x for x in (f"must use {seat['must_letter'].upper()}" if seat["must_letter"] else "",
                                              "heckled" if seat["heckled"] else "",
                                              f"jailed: {cards[jail].name}" if jail >= 0 else "") if x))]
    classics = [card_piece(cards[x], marks=(cards[x].name,), letter=cards[x].letter if spelling else "")
                for x in seat["classics"]]
    if jail >= 0:
        classics.append(card_piece(cards[jail], (f"buy:{jail}",) if own else (), marks=("jailed: only seat "
                                                                                      f"{s} may buy it",)))
    zones.append(Zone("Timeless Classics", classics, seat=s, key=f"classics-{s}"))
    if own and obs.get("me"):
        mine = obs["me"]
        inked, wild = set(mine["inked"]), set(mine["forced_wild"])
        hand = [card_piece(cards[x], (f"remove:{x}",),
                           marks=tuple(m for m, on in (("inked", x in inked), ("wild", x in wild)) if on),
                           letter=cards[x].letter if spelling and x not in wild else "")
                for x in mine["hand"]]
        zones.append(Zone("Your hand", hand, seat=s, key="hand",
                          note="inked cards must be used face up; cards marked wild are laid face down"))
        if seat["discard"]:
            zones.append(Zone("Your discard", [card_piece(cards[x], (f"trash:{x}",)) for x in seat["discard"]],
                              seat=s, key="discard"))
    elif seat["shown"]:
        zones.append(Zone("Shown from hand", [card_piece(cards[x]) for x in seat["shown"]], seat=s, key=f"shown-{s}"))
    return zones
