"""The ancients' table for the browser: each civilisation's Timeline (six columns, the
first declining), its Past, artifacts and technologies; the technology tiles; the viewer's
hand with every card's text."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from inkhorn.core.scene import Piece, Scene, Zone, seat_order
from inkhorn.games.ancients.content import (
    Artifact,
    Content,
    Monument,
    cached_content,
    describe,
    requirement_text,
)

KIND_COLOUR = {"city": "yellow", "megalith": "blue", "pyramid": "purple"}
TECH_COLOUR = "green"
# what a card in each place may stand for
HAND = ("create:{}", "discard:{}", "pay:{}", "archive:{}", "first:{}")
TIMELINE = ("token:{}", "move:{}", "first:{}")


@lru_cache(maxsize=4096)
def face(c: Content, cid: str) -> tuple[str, str, str, str]:
    """(name, colour, second line, full text) of a card: the same on every table."""
    x = c.all[c.index[cid]]
    if isinstance(x, Monument):
        lock = " · locked" if x.locked else ""
        return (x.name, KIND_COLOUR[x.kind], f"{x.kind} · col {x.column} · {x.stars}★ · cost {x.cost}{lock}",
                f"{x.name} ({x.kind} monument, column {x.column}, {x.stars} points, {x.tokens} knowledge, "
                f"cost {x.cost}{lock}): {describe(x)}")
    if isinstance(x, Artifact):
        return x.name, "brown", f"artifact · cost {x.cost}", f"{x.name} (artifact, cost {x.cost}): {describe(x)}"
    return (x.name, TECH_COLOUR, f"{x.type} · level {x.level}",
            f"{x.name} (level {x.level} {x.type} technology; needs {requirement_text(x.requires)}): {describe(x)}")


def card(c: Content, cid: str, formats: tuple[str, ...] = (), **extra: Any) -> Piece:
    name, colour, sub, tip = face(c, cid)
    return Piece(text=name, kind="card", colour=colour, sub=sub, tip=tip,
                 choices=tuple(f.format(cid) for f in formats), **extra)


def scene(obs: dict[str, Any], me: int | None, options: Any) -> Scene:
    c = cached_content(options.content)
    n = len(obs["boards"])
    zones: list[Zone] = []
    tiles = []
    for k, tile in enumerate(obs["tiles"]):
        for cid in tile["cards"]:
            tiles.append(card(c, cid, ("learn:{}", "first:{}"), marks=(f"tile {k + 1}",)))
    zones.append(Zone("Technologies", tiles, key="tiles",
                      note=f"tech decks: level 1 {obs['tech_deck_sizes'][0]}, level 2 {obs['tech_deck_sizes'][1]}"))
    zones.append(Zone("Deck and discard", [
        Piece(text="Deck", kind="counter", count=obs["deck_size"], tip=f"{obs['deck_size']} cards in the deck"),
        Piece(text="Discard", kind="counter", count=len(obs["discard"]), tip=f"{len(obs['discard'])} cards discarded"),
        Piece(text="Reserve", kind="counter", count=obs["reserve"], tip=f"{obs['reserve']} knowledge tokens in reserve"),
    ], key="piles"))
    if obs["placing"]:
        zones.append(Zone("Being created", [card(c, obs["placing"])], key="placing"))
    for s in seat_order(n, me):
        zones.extend(civilisation(c, obs, s, me))
    status = f"Round {obs['round']} · {obs['phase']} · seat {obs['turn']} to play"
    if obs["phase"] == "action":
        status += f" ({obs['actions_left']} action{'s' if obs['actions_left'] != 1 else ''} left)"
    if obs["end_triggered"]:
        status += " · the end is triggered"
    return Scene(status=status, zones=zones, legend=[
        ("★", "points"), ("knowledge", "tokens on a monument; each one left at the end costs"),
        ("col", "the Timeline column a monument is built in; column 1 declines next"),
        ("rotated", "a monument of the Past turned by Excavate"),
        *((k.title(), f"{k} monument ({v})") for k, v in KIND_COLOUR.items()),
        ("Artifact", "artifact (brown)"), ("Technology", f"technology ({TECH_COLOUR})"),
    ])


def civilisation(c: Content, obs: dict[str, Any], s: int, me: int | None) -> list[Zone]:
    board = obs["boards"][s]
    own = s == me
    timeline = []
    for col, levels in enumerate(board["timeline"]):
        for level, slot in enumerate(levels):
            at = (1 - level, col)  # the upper level is drawn above
            if slot is None:
                timeline.append(Piece(text="second card" if level else f"column {col + 1}", kind="slot",
                                      sub=f"column {col + 1}" if level else "", empty=True, at=at,
                                      choices=(f"col:{col + 1}",) if own else (),
                                      tip=f"column {col + 1}{' (declines next)' if col == 0 else ''}, "
                                          f"{'upper' if level else 'lower'} level: empty"))
            else:
                cid, tokens = slot
                piece = card(c, cid, TIMELINE if own else (), at=at,
                             marks=(f"{tokens} knowledge",) + (("declines next",) if col == 0 else ()))
                if own:
                    piece.choices += (f"col:{col + 1}",)
                timeline.append(piece)
    past = [card(c, cid, ("rotate:{}", "first:{}") if own else (), marks=("rotated",) if rotated else ())
            for cid, rotated in board["past"]]
    kept = [card(c, cid, ("first:{}",) if own else ()) for cid in board["artifacts"] + board["techs"]]
    facts = [
        Piece(text="Hand", kind="counter", count=board["hand_size"], tip=f"{board['hand_size']} cards in hand"),
        Piece(text="Lost knowledge", kind="counter", count=board["lost"], tip=f"{board['lost']} lost knowledge"),
        Piece(text="Banked", kind="counter", count=board["banked"], tip=f"{board['banked']} points banked"),
    ]
    zones = [
        Zone("Civilisation", facts, seat=s, key=f"facts-{s}",
             note=("to play" if obs["turn"] == s else "") + (" · first player" if obs["first"] == s else "")),
        Zone("Timeline", timeline, seat=s, layout="grid", size=(2, 6), key=f"timeline-{s}",
             note="columns 1 to 6, a second card above; column 1 declines next"),
        Zone("Past", past, seat=s, key=f"past-{s}"),
        Zone("Artifacts and technologies", kept, seat=s, key=f"kept-{s}"),
    ]
    if own and obs["hand"] is not None:
        zones.append(Zone("Your hand", [card(c, cid, HAND) for cid in obs["hand"]], seat=s, key="hand"))
        if obs["set_aside"]:
            zones.append(Zone("Set aside", [card(c, cid, HAND) for cid in obs["set_aside"]], seat=s, key="set-aside"))
    return zones
