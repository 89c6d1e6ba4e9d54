"""Scriptoria's table for the browser: the Cup, the lecterns, the Scriptorium, the
achievement piles, and each copyist's two-page scroll, inks and stock of sketches."""

from __future__ import annotations

from typing import Any

from inkhorn.core.scene import Piece, Scene, Zone, seat_order
from inkhorn.games.scriptoria.content import COLOURS, Content, load_content

# Where each slot of the shipped scroll lies on the drawn double page (row, column, span):
# the left frieze down the left edge, the drop cap and texts on the left page, the
# miniatures on the right page, the right frieze down the right edge.
SCROLL = {
    "LC1": (0, 0, (1, 1)), "LB1": (1, 0, (1, 1)), "LB2": (2, 0, (1, 1)), "LB3": (3, 0, (1, 1)),
    "LC2": (4, 0, (1, 1)),
    "D1": (0, 1, (1, 1)), "T1": (1, 1, (1, 3)), "T2": (2, 1, (1, 3)), "T3": (3, 1, (1, 3)),
    "M1": (0, 4, (2, 3)), "M2": (2, 4, (2, 3)),
    "RC1": (0, 7, (1, 1)), "RB1": (1, 7, (1, 1)), "RB2": (2, 7, (1, 1)), "RB3": (3, 7, (1, 1)),
    "RC2": (4, 7, (1, 1)),
}
SCROLL_SIZE = (5, 8)
SUPPLY_COLOUR = {"quill": "brown"}


def cost_text(cost: tuple[int, ...]) -> str:
    return " ".join(f"{n} {colour}" for colour, n in zip(COLOURS, cost) if n)


def takes(colour: str) -> tuple[str, ...]:
    """The First Hour takes an ink of the Cup may be part of (alone, or with another)."""
    k = COLOURS.index(colour)
    pairs = [f"take:{COLOURS[min(k, j)]}+{COLOURS[max(k, j)]}" for j in range(len(COLOURS)) if j != k]
    return (f"take:{colour}", *pairs)


def sketch(c: Content, sid: str, choices: tuple[str, ...] = ()) -> Piece:
    sk = c.sketches[c.sketch_index[sid]]
    kind = ("border", "corner", "text", "miniature", "drop cap")[sk.kind]
    main = max(range(len(COLOURS)), key=lambda k: (sk.cost[k], -k))
    return Piece(
        text=sk.name, sub=f"{sk.points} pts · {cost_text(sk.cost)}", kind="tile", colour=COLOURS[main],
        tip=f"{sk.id} {sk.name}: a {kind} sketch, {sk.points} points, costs {cost_text(sk.cost)}",
        choices=choices, marks=(kind,),
    )


def scene(obs: dict[str, Any], me: int | None, options: Any) -> Scene:
    c = load_content(options.content)
    players = len(obs["copyists"])
    decision = obs.get("decision")
    zones: list[Zone] = []

    grimoire = obs["grimoire"]
    cup = [Piece(text=colour, kind="token", colour=colour, count=n, tip=f"{n} {colour} ink in the Cup",
                 choices=takes(colour)) for colour, n in obs["cup"].items()]
    cup.append(Piece(text="Grimoire", kind="token", colour="brown", choices=("grimoire",),
                     sub="held by seat " + str(grimoire) if grimoire >= 0 else "free",
                     tip="The Grimoire: withdraw to study (no ink this Day); it makes you Archivist"))
    zones.append(Zone("The Cup", cup, key="cup",
                      note=f"ink bag {obs['ink_bag_size']} · sketch bag {obs['sketch_bag_size']}"))

    lecterns = []
    for lec in obs["lecterns"]:
        k = c.lectern_ids.index(lec["lectern"])
        owner = lec["owner"]
        lecterns.append(Piece(
            text=c.lectern_names[k], kind="card", colour=SUPPLY_COLOUR.get(lec["supply"], lec["supply"]),
            sub=(", ".join(c.sketches[c.sketch_index[s]].name for s in lec["sketches"]) or "no sketches")
            + (f" · seat {owner}" if owner >= 0 else ""),
            tip=f"{c.lectern_names[k]}: supplies {lec['supply']}; sketches "
                + (", ".join(f"{s} {c.sketches[c.sketch_index[s]].name}" for s in lec["sketches"]) or "none")
                + (f"; taken by seat {owner}" if owner >= 0 else ""),
            choices=(f"lectern:{lec['lectern']}",), marks=(f"seat {owner}",) if owner >= 0 else ()))
    zones.append(Zone("Lecterns", lecterns, key="lecterns"))

    scriptorium = [sketch(c, s, (f"take:{s}",)) for s in obs["scriptorium"]]
    scriptorium.append(Piece(text="Call for Help", kind="slot", choices=("help:scriptorium",),
                             tip="spend a Help token to take a sketch from the Scriptorium"))
    zones.append(Zone("Scriptorium", scriptorium,
                      key="scriptorium", note="sketches a Help may take",
                      tip="face-up sketches; a copyist calling for Help may take one"))
    piles = []
    for part, tiles in obs["achievement_piles"].items():
        p = c.part_ids.index(part)
        top = next((a for a in c.achievements[p] if tiles and a[0] == tiles[0]), None)
        piles.append(Piece(text=c.part_names[p], kind="tile", count=len(tiles),
                           sub=f"next: {top[2]} pts" if top else "none left",
                           tip=f"Achievement for completing {c.part_names[p]}: "
                               + (", ".join(f"{a[2]} pts" for a in c.achievements[p] if a[0] in tiles) or "all taken")))
    zones.append(Zone("Achievements", piles, key="achievements"))

    for s in seat_order(players, me):
        zones.extend(copyist(c, obs, s, me, decision))
    return Scene(
        status=f"Day {obs['day']} · {obs['phase']} · Archivist: seat {obs['archivist']}",
        zones=zones,
        legend=[("tile", "a sketch: its name, its points and the inks it costs"),
                ("count", "a small number is how many there are"),
                ("▢", "an empty place on the scroll")],
    )


def copyist(c: Content, obs: dict[str, Any], s: int, me: int | None, decision: str | None) -> list[Zone]:
    cp = obs["copyists"][s]
    own = s == me
    score = cp["score"]
    role = " · Archivist" if obs["archivist"] == s else ""
    inks = [Piece(text=colour, kind="token", colour=colour, count=n, tip=f"{n} {colour} ink",
                  choices=(f"discard:{colour}",) if own else ()) for colour, n in cp["inks"].items()]
    inks.append(Piece(text="Help", kind="counter", count=cp["help_left"],
                      tip=f"{cp['help_left']} Help tokens left, {cp['help_received']} received",
                      choices=() if own else (f"help:seat{s}",)))
    inks.append(Piece(text="Score", kind="counter", count=score["total"],
                      tip=f"{score['total']} points: {score['scored']} scored, {score['achievements']} "
                          f"from achievements, {score['help']} from Help"))
    if not own and decision == "ChooseReceiver" and obs["to_act"] == me:
        inks.append(Piece(text=f"give to seat {s}", kind="slot", choices=(f"to:seat{s}",),
                          tip=f"give the lectern to seat {s}"))
    lectern = next((lec for lec in obs["lecterns"] if lec["owner"] == s), None)
    on_lectern = [sketch(c, sid, (f"place:{sid}", f"discard:{sid}") if own else ()) for sid in lectern["sketches"]] \
        if lectern else []
    stock_choices = ("place:{}", "discard:{}") if own else ("take:{}",)
    stock = [sketch(c, sid, tuple(f.format(sid) for f in stock_choices)) for sid in cp["stock"]]
    scroll = []
    placed = 0
    extra_row = SCROLL_SIZE[0]
    for k, (slot, sid) in enumerate(cp["scroll"].items()):
        where = SCROLL.get(slot)
        if where is None:
            where = (extra_row + k // SCROLL_SIZE[1], k % SCROLL_SIZE[1], (1, 1))
        name = c.slot_names[c.slot_ids.index(slot)]
        side = c.slot_side[c.slot_ids.index(slot)]
        choices = (f"side:{side}",) if own and side and sid is None and decision == "ChooseSide" else ()
        if sid is None:
            piece = Piece(text=name, kind="slot", empty=True, tip=f"{name}: empty", choices=choices)
        else:
            placed += 1
            piece = sketch(c, sid)
            piece.tip = f"{name}: " + piece.tip
        piece.at, piece.span = where[:2], where[2]
        scroll.append(piece)
    rows = max(SCROLL_SIZE[0], max(p.at[0] + p.span[0] for p in scroll if p.at))
    names = {a[0]: f"{a[1]} ({a[2]} pts)" for pile in c.achievements for a in pile}
    ach = ", ".join(names.get(a, a) for a in cp["achievements"]) or "none"
    return [
        Zone("Inks and Help" + role, inks, seat=s, key=f"inks-{s}",
             note=f"{cp['points']} points scored · achievements: {ach}"),
        *([Zone(c.lectern_names[c.lectern_ids.index(lectern["lectern"])], on_lectern, seat=s, key=f"lectern-{s}",
                note="its sketches: place them this Last Hour; the rest go to the stock")] if lectern else []),
        Zone("Stock", stock, seat=s, key=f"stock-{s}", note=f"{len(stock)} of 7 sketches"),
        Zone("Scroll", scroll, seat=s, layout="grid", size=(rows, SCROLL_SIZE[1]), key=f"scroll-{s}",
             note=f"{placed} of {len(scroll)} places illuminated"),
    ]
