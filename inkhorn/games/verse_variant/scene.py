"""Verse & Variant's table for the browser: the Reading Desk, the demand tracks, the
Institutions, the bout (Spotlight, Lead, the cards played), and each scholar's Ledger,
tableau and hand (the viewer's own cards; the others' as counts)."""

from __future__ import annotations

from typing import Any

from inkhorn.core.scene import Piece, Scene, Zone, seat_order
from inkhorn.games.verse_variant.content import (
    CARD_BY_NAME,
    COLOURS,
    FEATURE_NAMES,
    FEATURES,
    NUM_WITNESSES,
    Content,
    load_content,
)

TOKENS = (*COLOURS, "lacuna")
TOKEN_NAMES = (*FEATURE_NAMES, "Lacuna")
PIECE_COLOUR = {"lacuna": "grey"}
# the actions a card in each place may stand for
HAND = ("play:{}", "echo:{}", "give:{}", "use:{}", "card:{}")
HAUL = ("take:{}", "card:{}")


def card(c: Content, name: str, formats: tuple[str, ...] = (), **extra: Any) -> Piece:
    """A Witness (colour, rank, the Features it yields) or a Tool (rank, title, effect)."""
    cid = CARD_BY_NAME[name]
    choices = tuple(f.format(name) for f in formats)
    if cid >= NUM_WITNESSES:
        tool = c.tools[name]
        return Piece(text=tool.title, sub=f"{name} · rank {tool.rank}", kind="card", colour="purple",
                     tip=f"Tool {name} {tool.title} (rank {tool.rank}, {tool.timing.replace('_', ' ')}): {tool.text}",
                     choices=choices, **extra)
    y = c.yields[cid]
    colour = COLOURS[cid // 9]
    icons = " ".join(f"{y[k]}{FEATURES[k] if k < 5 else 'L'}" for k in range(6) if y[k])
    words = ", ".join(f"{y[k]} {TOKEN_NAMES[k]}" for k in range(6) if y[k]) or "nothing"
    corrupt = " · corrupt" if y[6] >= 0 else ""
    return Piece(text=f"{colour.title()} {cid % 9 + 1}", sub=(icons or "—") + corrupt, kind="card", colour=colour,
                 tip=f"Witness {name}: {colour}, rank {cid % 9 + 1}; yields {words}"
                     + ("; corrupted (adds Corruption to its colour)" if y[6] >= 0 else ""),
                 choices=choices, **extra)


def tokens(counts: list[int], formats: tuple[str, ...] = (), what: str = "") -> list[Piece]:
    return [Piece(text=TOKEN_NAMES[k], kind="token", colour=PIECE_COLOUR.get(t, t), count=n,
                  tip=f"{n} {TOKEN_NAMES[k]} ({t}) {what}".strip(),
                  choices=tuple(f.format(t) for f in formats))
            for k, (t, n) in enumerate(zip(TOKENS, counts))]


def scene(obs: dict[str, Any], me: int | None, options: Any) -> Scene:
    c = load_content(options.content)
    n = len(obs["prestige"])
    bout = obs["bout"]
    spot, lead = obs["spotlight"], bout["lead"]
    zones: list[Zone] = []

    tracks = []
    for k, stacks in enumerate(obs["tracks"]):
        colour = COLOURS[k]
        marks = tuple(m for m, on in (("Spotlight", k == spot), ("Lead", k == lead)) if on)
        tracks.append(Piece(
            text=f"{colour.title()} · {FEATURE_NAMES[k]}", kind="tile", colour=colour, count=len(stacks),
            sub="stacks " + (" ".join(map(str, stacks)) or "none"), marks=marks,
            tip=f"{colour} demand track ({FEATURE_NAMES[k]}): {len(stacks)} stacks, bottom to top "
                + (", ".join(map(str, stacks)) or "none") + (f"; {', '.join(marks)}" if marks else ""),
            choices=(f"from:{colour}", f"to:{colour}", f"colour:{colour}", f"pay:{colour}")))
    zones.append(Zone("Demand tracks", tracks, layout="track", key="tracks",
                      note=f"supply: {', '.join(f'{TOKEN_NAMES[k]} {v}' for k, v in enumerate(obs['supply']))}"))

    desk = [card(c, name) for name in obs["desk"]]
    desk.append(Piece(text="Take the Desk", kind="slot", choices=("take", "take:eureka", "take:crew", "lockdown", "seal"),
                      tip="the Reading Desk: take it (spend a Grant), or lock it down"))
    desk += [p for p in tokens(obs["desk_tokens"], what="on the Desk") if p.count]
    cor = obs["desk_corruption"]
    zones.append(Zone("Reading Desk", desk, key="desk",
                      note="corruption: " + (", ".join(f"{COLOURS[k]} {v}" for k, v in enumerate(cor) if v) or "none")))

    insts = []
    slots = obs["slots"]
    for i, inst in enumerate(c.institutions):
        colour = COLOURS[i]
        embargo = obs["effects"]["embargo"] == i
        for j, slot in enumerate(inst.slots):
            holder = slots[i * 3 + j]
            perk = {"grant": " + Grant", "lacuna": " + Lacuna", "none": ""}[slot.perk]
            insts.append(Piece(
                text=inst.name if j == 0 else f"slot {j + 1}", kind="slot", colour=colour,
                sub=f"{slot.stars}★{perk}" + (f" · seat {holder}" if holder >= 0 else " · open"),
                empty=holder < 0, at=(i, j), marks=("embargoed",) if embargo and j == 0 else (),
                tip=f"{inst.name} ({FEATURE_NAMES[i]}, costs {inst.cost}): slot {j + 1}, {slot.stars} prestige{perk}; "
                    + (f"held by seat {holder}" if holder >= 0 else "open"),
                choices=(f"slot:{colour}:{j + 1}",) + ((f"grant:{colour}",) if holder < 0 else ())))
    zones.append(Zone("Institutions", insts, layout="grid", size=(5, 3), key="institutions"))

    played = []
    for s in bout["order"]:
        prim = bout["primary"][s]
        if prim is not None:
            played.append(card(c, prim, marks=(f"seat {s}",)))
        if bout["echo_played"][s]:
            mine = s == me and bout["my_echo"] is not None
            played.append(card(c, bout["my_echo"], marks=(f"seat {s}", "your echo")) if mine else
                          Piece(text="Echo", kind="card", face_down=True, marks=(f"seat {s}",),
                                tip=f"seat {s}'s echo card, face down"))
    status = f"Session {obs['session']} · {obs['phase']} · Quill: seat {obs['quill']}"
    status += f" · Spotlight: {COLOURS[spot]}" if spot >= 0 else " · Spotlight: off"
    if lead >= 0:
        status += f" · Lead: {COLOURS[lead]}"
    if bout["winner"] >= 0:
        status += f" · bout won by seat {bout['winner']}"
    zones.append(Zone("The bout", played, key="bout",
                      note="order: " + ", ".join(f"seat {s}" for s in bout["order"])
                      + (f" · Spotlight {COLOURS[spot]}" if spot >= 0 else "")
                      + (f" · Lead {COLOURS[lead]}" if lead >= 0 else "")))
    if obs["haul"]:
        zones.append(Zone("The haul", [card(c, x, HAUL) for x in obs["haul"]], key="haul"))
    if obs.get("set_aside"):
        zones.append(Zone("Set aside", [card(c, x, HAUL) for x in obs["set_aside"]], key="set-aside"))

    for s in seat_order(n, me):
        zones.extend(scholar(c, obs, s, me))
    return Scene(status=status, zones=zones, legend=[
        ("★", "prestige"), *((f, f"{name} Feature") for f, name in zip(FEATURES, FEATURE_NAMES)),
        ("L", "Lacuna"), ("Spotlight", "the colour that scores double this bout"),
        ("Lead", "the colour led this bout"), ("face down", "a card whose face you may not see"),
    ])


def scholar(c: Content, obs: dict[str, Any], s: int, me: int | None) -> list[Zone]:
    own = s == me
    facts = [
        Piece(text="Prestige", kind="counter", count=obs["prestige"][s], tip=f"{obs['prestige'][s]} prestige"),
        Piece(text="Grants", kind="counter", count=obs["grants"][s],
              tip=f"{obs['grants'][s]} Grants left, {obs['spent'][s]} spent"),
        Piece(text="Cubes", kind="counter", count=obs["cubes"][s], tip=f"{obs['cubes'][s]} cubes to fund Institutions"),
    ]
    if obs["eureka"][s]:
        facts.append(Piece(text="Eureka", kind="token", colour="gold", tip="a Eureka disc (+2 rank once)",
                           choices=("eureka",) if own else ()))
    if obs["lockdown"][s]:
        facts.append(Piece(text="Lockdown", kind="token", tip="has locked the Desk down this session"))
    if obs["feints"][s]:  # T-5c, ruling R13; not named after the card, of which copies may be hidden
        facts.append(Piece(text="Feint played", kind="counter", count=obs["feints"][s],
                           tip="counts as a token of the Feature worth most at Final Scoring"))
    ledger = tokens(obs["ledger"][s], ("tok:{}", "show:{}") if own else (), "in the Ledger")
    vault = obs["vault"][s]
    zones = [
        Zone("Scholar", facts, seat=s, key=f"facts-{s}",
             note=f"hand: {obs['hand_sizes'][s]} cards" + (" · to act" if obs["to_act"] == s else "")),
        Zone("Ledger", ledger, seat=s, key=f"ledger-{s}",
             note="Vault: " + (", ".join(f"{TOKEN_NAMES[k]} {v}" for k, v in enumerate(vault) if v) or "empty")),
        Zone("Tableau", [card(c, x, ("use:{}",) if own else ()) for x in obs["tableau"][s]], seat=s, key=f"tableau-{s}"),
    ]
    if own and obs["hand"] is not None:
        zones.append(Zone("Your hand", [card(c, x, HAND) for x in obs["hand"]], seat=s, key="hand"))
    return zones
