"""Terminal view of Verse & Variant (rich) and words for action ids."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from inkhorn.core.picture import Picture, SeatPicture
from inkhorn.games.verse_variant.content import (
    CARD_BY_NAME,
    CARD_NAMES,
    COLOURS,
    FEATURE_NAMES,
    FEATURES,
    NUM_WITNESSES,
)

STYLE = {"blue": "bold blue", "green": "bold green", "yellow": "bold yellow", "red": "bold red", "black": "bold white on grey23"}
KIND_NAMES = (*FEATURES, "L")


# What each code of the picture means (Game.legend: `help` at the prompt, `inkhorn rules`)
LEGEND = (
    ("G2[M]", "a Witness: its colour (B blue, G green, Y yellow, R red, K black) and rank, then the "
              "Features it yields"),
    ("P M S D A", "the Features: Papyrus, Majority Text, Sinaiticus, Section Division, UBS A"),
    ("L", "a Lacuna"),
    ("†", "a corrupted Witness (adds Corruption to its colour)"),
    ("T-3c Variant Matrix", "a Tool: its code and name (the 'Tools in view' table says what it does)"),
    ("▮", "a card face down (another scholar's echo)"),
    ("◀", "the scholar to act"),
    ("M×4", "tokens in a Ledger or Vault: 4 of Majority Text"),
    ("[1]  [ ]", "an Institution slot funded by scholar 1, or open"),
    ("stacks 1 2 1 …", "a demand track's stacks, bottom → top"),
    ("★", "prestige"),
)


def card_text(state, card: int) -> Text:
    name = CARD_NAMES[card]
    if card >= NUM_WITNESSES:
        tool = state.content.tools[name]
        return Text(f"{name} {tool.title}", style="bold magenta")
    y = state.content.yields[card]
    icons = "".join(KIND_NAMES[k] * y[k] for k in range(6)) + ("†" if y[6] >= 0 else "")
    return Text(f"{name}[{icons}]", style=STYLE[COLOURS[card // 9]])


def cards_text(state, cards) -> Text:
    t = Text()
    for i, c in enumerate(cards):
        if i:
            t.append(" ")
        t.append_text(card_text(state, c))
    return t or Text("—", style="dim")


def tokens_text(counts) -> str:
    parts = [f"{KIND_NAMES[k]}×{counts[k]}" for k in range(len(counts)) if counts[k]]
    return " ".join(parts) or "—"


def picture(state, seat: int | None) -> Picture:
    n = state.num_players
    spot = state.spotlight()
    head = Text(f"Session {state.session} · phase {state.phase} · Quill: scholar {state.quill}")
    head.append(f" · Spotlight: {COLOURS[spot] if spot >= 0 else 'off'}", style=STYLE[COLOURS[spot]] if spot >= 0 else "dim")
    if state.lead >= 0:
        head.append(f" · Lead: {COLOURS[state.lead]}", style=STYLE[COLOURS[state.lead]])
    if state.winner >= 0:
        head.append(f"\nBout won by scholar {state.winner}"
                    + (f" (finish order: {', '.join(map(str, state.finish))})" if len(state.finish) > 1 else ""),
                    style="bold")

    tracks = Table(title="Demand tracks", show_header=True)
    tracks.add_column("colour")
    tracks.add_column("demand", justify="right")
    tracks.add_column("stacks (bottom → top)")
    for c in range(5):
        tracks.add_row(Text(f"{COLOURS[c]} ({FEATURES[c]})", style=STYLE[COLOURS[c]]), str(state.demand(c)),
                       " ".join(map(str, state.tracks[c])) or "empty")

    insts = Table(title="Institutions", show_header=True)
    insts.add_column("Institution")
    insts.add_column("slots 5★+Grant / 3★+Lacuna / 1★")
    for i, inst in enumerate(state.content.institutions):
        marks = []
        for j in range(3):
            x = state.slots[i * 3 + j]
            marks.append(f"[{x}]" if x >= 0 else "[ ]")
        emb = " (embargoed)" if state.embargo == i else ""
        insts.add_row(f"{inst.name} ({inst.feature}, pays {inst.cost})", " ".join(marks) + emb)

    seats = []
    for x in range(n):
        prim = state.primary[x]
        bout = card_text(state, prim) if prim >= 0 else Text("")
        if state.echo[x] >= 0:
            bout.append(" +echo " + (CARD_NAMES[state.echo[x]] if x == seat else "▮"))
        hand = cards_text(state, state.hands[x]) if x == seat else Text(f"{len(state.hands[x])} cards")
        # in words: "G4" would read as the card G4
        means = (f"{state.grants[x]}/{state.grants[x] + state.spent[x]} grants, {state.cubes[x]} cubes"
                 f"{', Eureka' if state.eureka[x] else ''}{', lockdown' if state.lockdown[x] else ''}")
        ledger = tokens_text(state.ledger[x * 6 : x * 6 + 6]) + (
            f" (Vault {tokens_text(state.vault[x * 6 : x * 6 + 6])})" if any(state.vault[x * 6 : x * 6 + 6]) else "")
        title = f"Scholar {x}" + (" (you)" if x == seat else "") + (" ◀" if state.current_seat() == x else "")
        grid = Table.grid(padding=(0, 1))
        grid.add_row("prestige", f"{state.prestige[x]}★ · {means}")
        grid.add_row("Ledger", ledger)
        grid.add_row("hand", hand)
        grid.add_row("tableau", cards_text(state, state.tableau[x]))
        feints = state.feints.count(x)
        if feints:  # T-5c, ruling R13; not named after the card, of which copies may be hidden
            grid.add_row("Final Scoring", f"+{feints} token{'s' * (feints > 1)} of the Feature worth most (Feint played)")
        if bout.plain:
            grid.add_row("bout", bout)
        summary = (f"{title}: {state.prestige[x]}★ · {means} · Ledger {ledger} · hand {len(state.hands[x])}"
                   + (f" · Feint{'s' * (feints > 1)} played {feints}" if feints else "") + (f" · bout {bout.plain}" if bout.plain else ""))
        seats.append(SeatPicture(summary, Panel(grid, title=title, title_align="left", expand=False)))
    desk = Text("Reading Desk: ")
    desk.append_text(cards_text(state, state.desk))
    if any(state.desk_tok) or any(state.desk_cor):
        desk.append(f"  tokens {tokens_text(state.desk_tok)}  corruption {state.desk_cor}")
    shared: list[RenderableType] = [head, tracks, insts, desk]
    shown = sorted({c for c in (state.hands[seat] if seat is not None else []) if c >= NUM_WITNESSES}
                   | {c for t in state.tableau for c in t} | {c for c in state.primary if c >= NUM_WITNESSES})
    if shown:
        tools = Table(title="Tools in view", show_header=True)
        for col in ("card", "timing", "effect"):
            tools.add_column(col)
        for c in shown:
            t = state.content.tools[CARD_NAMES[c]]
            tools.add_row(f"{t.id} {t.title}", t.timing.replace("_", " "), t.text)
        shared.append(tools)
    status: list[RenderableType] = []
    step = state.decision()
    if step is not None:
        status.append(Text(f"Scholar {step.seat}: {step.prompt(state)}", style="bold"))
    if state.phase == "over":
        status.append(Text(f"Final prestige: {state.prestige}  winners: {state.winners()}", style="bold green"))
    return Picture(shared=shared, seats=seats, status=status)


def render(state, seat: int | None) -> Any:
    return Panel(Group(*picture(state, seat).whole()), title="Verse & Variant")


def card_words(state, card: int) -> str:
    """A card in words, for choices and the log: "Green 2 (1 Majority Text; corrupted)",
    "T-10c Momentum Forge"."""
    name = state.content.card_words[card]
    if card >= NUM_WITNESSES:
        return name
    y = state.content.yields[card]
    words = ", ".join(f"{y[k]} {(*FEATURE_NAMES, 'Lacuna')[k]}" for k in range(6) if y[k]) or "no Feature"
    return f"{name} ({words}{'; corrupted' if y[6] >= 0 else ''})"


def action_label(state, step, action: str) -> str:
    head, _, rest = action.partition(":")
    if rest in CARD_BY_NAME:
        return f"{head} {card_words(state, CARD_BY_NAME[rest])}"
    words = {
        "take": "Take the Desk (spend a Grant)", "pass": "Pass", "lockdown": "Archive-Lockdown",
        "eureka": "Spend Eureka (+2 rank)", "skip": "Skip", "done": "Done", "keep": "Keep it for later",
        "seal": "Pass as a Lockdown (Gate Seal)",
    }
    if action in words:
        return words[action]
    if action == "take:eureka":
        return "Take the Desk paying a Eureka disc"
    if action == "take:crew":
        return "Take the Desk paying three Features (Double-Take Crew)"
    phrase = COLOUR_WORDS.get(head)
    if phrase is not None:
        colour, _, slot = rest.partition(":")
        feature = FEATURE_NAMES[COLOURS.index(colour)] if colour in COLOURS else "Lacuna" if colour == "lacuna" else ""
        what = f"{colour} ({feature})" if feature and colour != "lacuna" else colour
        return phrase.format(what) + (f", slot {slot}" if slot else "")
    return action


# words for the actions that name a colour ("colour:blue", "slot:red:2")
COLOUR_WORDS = {
    "colour": "{}", "tok": "a {} token", "grant": "fund the {} Institution", "show": "show {}",
    "from": "from the {} track", "to": "onto the {} track", "slot": "the {} Institution", "pay": "pay four {}",
    "lose": "discard a {} token", "give": "give up a {} Feature",
}


def holdings(state) -> list[dict[str, Counter[str]]]:
    """Per seat: Witnesses and Tools in hand (acquired) and in the tableau (played), by name
    ("Green 2", "T-10c Momentum Forge"); see ``Game.holdings``."""
    names = state.content.card_words
    return [
        {"acquired": Counter(map(names.__getitem__, state.hands[seat])),
         "played": Counter(map(names.__getitem__, state.tableau[seat]))}
        for seat in range(state.num_players)
    ]
