"""The report: one self-contained HTML file (plots embedded as PNG, no network), each
section a plot or table and a few sentences a designer can act on."""

from __future__ import annotations

import base64
import html
import io
import math
import os
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator, MultipleLocator  # noqa: E402

from inkhorn.core.errors import OptionError  # noqa: E402
from inkhorn.core.options import parse_key_values  # noqa: E402
from inkhorn.lab.analysis import RATING_ORDERS, Analysis, analyse  # noqa: E402
from inkhorn.lab.spec import BASELINE  # noqa: E402

CSS = """
body{font-family:Georgia,serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:#222;background:#fdfbf6}
h1{font-size:1.8rem;border-bottom:2px solid #8a5a2b}h2{color:#8a5a2b;margin-top:2.2rem}
table{border-collapse:collapse;margin:.6rem 0;font-size:.9rem}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:right}
th{background:#f1e9da}td:first-child,th:first-child{text-align:left}
.finding{background:#f6efe2;border-left:4px solid #8a5a2b;padding:.4rem .8rem;margin:.5rem 0}
.flag-dominant{color:#a01c1c;font-weight:bold}.flag-weak{color:#1c4fa0;font-weight:bold}.flag-dead{color:#777;font-weight:bold}
img{max-width:100%}.muted{color:#666;font-size:.85rem}
"""


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return f'<img alt="plot" src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}">'


def _err(value: float, low: float, high: float) -> list[list[float]]:
    """Matplotlib's error bar lengths for an interval (never negative, whatever rounding did)."""
    return [[max(0.0, value - low)], [max(0.0, high - value)]]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _num(x: float) -> str:
    if isinstance(x, float) and (math.isnan(x) or math.isinf(x)):
        return "n/a"
    return f"{x:.3g}" if abs(x) < 100 else f"{x:.0f}"


def _table(head: list[str], rows: list[list[str]]) -> str:
    out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for r in rows:
        out.append("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>")
    return "".join(out) + "</table>"


def _finding(text: str) -> str:
    return f'<p class="finding">{html.escape(text)}</p>'


def _section(sid: str, title: str, body: str) -> str:
    return f'<section id="{sid}"><h2>{html.escape(title)}</h2>{body}</section>'


# ---- sections ---------------------------------------------------------------------------------
def _overview(a: Analysis) -> str:
    s = a.spec
    rows = [["game", html.escape(str(s["game"]))],
            ["player counts", html.escape(", ".join(map(str, s.get("players") or ["default"])))],
            ["agents (rotated over the seats)", html.escape(", ".join(s["agents"]))],
            ["games per cell", str(s["games"])], ["first seed", str(s["seed"])],
            ["options", html.escape(", ".join(f"{k}={v}" for k, v in s["options"].items()) or "defaults")],
            ["variants", html.escape(", ".join(a.variants[1:]) or "none")],
            ["games in these results", str(a.games)]]
    return _section("overview", "Experiment", _table(["", ""], rows))


def _seat_advantage(a: Analysis) -> str:
    parts = []
    counts = sorted({s.players for s in a.seat_lines})
    fig, axes = plt.subplots(1, len(counts), figsize=(4 * len(counts), 3), squeeze=False)
    for ax, players in zip(axes[0], counts):
        lines = [s for s in a.seat_lines if s.players == players]
        bars = [_err(s.rate, *s.ci) for s in lines]
        ax.bar([str(s.seat + 1) for s in lines], [s.rate for s in lines], color="#c9a66b",
               yerr=[[b[0][0] for b in bars], [b[1][0] for b in bars]], capsize=4)
        ax.axhline(1 / players, color="#8a5a2b", linestyle="--", label="fair share")
        ax.set_title(f"{players} players")
        ax.set_xlabel("seat (1 = first to play)")
        ax.set_ylabel("win share")
        ax.set_ylim(0, 1)
        ax.legend(fontsize=8)
    parts.append(_png(fig))
    rows = []
    for s in a.seat_lines:
        rows.append([str(s.players), str(s.seat + 1), str(s.games), _pct(s.rate),
                     f"{_pct(s.ci[0])}–{_pct(s.ci[1])}", _pct(s.expected), f"{s.p_value:.3g}",
                     f"{s.adjusted:.3g}", "yes" if s.significant else "no", _num(s.mean_score)])
    parts.append(_table(["players", "seat", "games", "win share", "95% CI", "fair share", "p", "p (Holm)",
                         "significant", "mean score"], rows))
    parts.append(f"<p class='muted'>Exact binomial test of each seat's wins against its fair share, "
                 f"with an exact (Clopper–Pearson) interval; the {len(a.seat_lines)} seats are judged "
                 f"together, so “significant” uses p-values adjusted by Holm's method.</p>")
    for players in counts:
        first = a.seat(players, 0)
        worst = min((s for s in a.seat_lines if s.players == players), key=lambda s: s.rate)
        best = max((s for s in a.seat_lines if s.players == players), key=lambda s: s.rate)
        verdict = ("a significant seat advantage" if any(s.significant for s in a.seat_lines if s.players == players)
                   else "no significant seat advantage")
        parts.append(_finding(
            f"{players} players: the first seat wins {_pct(first.rate)} (95% CI {_pct(first.ci[0])}–"
            f"{_pct(first.ci[1])}) against a fair {_pct(first.expected)}; seat {best.seat + 1} does best "
            f"({_pct(best.rate)}), seat {worst.seat + 1} worst ({_pct(worst.rate)}): {verdict} over "
            f"{first.games} games."))
    return _section("seat-advantage", "Seat advantage (baseline)", "".join(parts))


def _distributions(a: Analysis) -> str:
    parts = []
    counts = sorted(a.scores)
    fig, axes = plt.subplots(1, len(counts), figsize=(4 * len(counts), 3), squeeze=False)
    for ax, players in zip(axes[0], counts):
        per_seat = a.scores[players]
        ax.hist(per_seat, bins=20, label=[f"seat {i + 1}" for i in range(players)], alpha=0.8)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(f"final scores, {players} players")
        ax.set_xlabel("score")
        ax.legend(fontsize=7)
    parts.append(_png(fig))
    names = list(a.lengths)
    fig, axes = plt.subplots(1, len(names), figsize=(3.6 * len(names), 2.8), squeeze=False)
    rows = []
    for ax, name in zip(axes[0], names):
        values = a.lengths[name]
        whole = all(float(v).is_integer() for v in values)
        low, high = min(values), max(values)
        if whole and high - low < 30:
            # one bar per whole number, centred on it (5 bins over 4..8 Days put bars between Days)
            ax.hist(values, bins=[v - 0.5 for v in range(int(low), int(high) + 2)], rwidth=0.85, color="#8a5a2b")
        else:
            ax.hist(values, bins=min(30, max(5, len(set(values)))), color="#8a5a2b")
        ax.set_title(name.replace("_", " "))
        if whole:
            few = high - low < 10
            ax.xaxis.set_major_locator(MultipleLocator(1) if few else MaxNLocator(nbins=5, integer=True))
        mean = sum(values) / len(values)
        ordered = sorted(values)
        rows.append([html.escape(name.replace("_", " ")), _num(mean), _num(ordered[len(ordered) // 2]),
                     _num(ordered[0]), _num(ordered[-1])])
    parts.append(_png(fig))
    parts.append(_table(["measure", "mean", "median", "min", "max"], rows))
    d = a.lengths["decisions"]
    parts.append(_finding(f"Games last {_num(sum(d) / len(d))} decisions on average "
                          f"(from {_num(min(d))} to {_num(max(d))})."))
    return _section("distributions", "Scores and game length (baseline)", "".join(parts))


def _endings(a: Analysis) -> str:
    rows = []
    for name, (hits, n, ci) in a.endings.items():
        rows.append([html.escape(name), str(hits), _pct(hits / n if n else 0.0), f"{_pct(ci[0])}–{_pct(ci[1])}"])
    total = sum(hits for hits, _, _ in a.endings.values())
    rows.append(["<b>all games</b>", str(total), _pct(1.0 if total else 0.0), ""])
    most = max(a.endings.items(), key=lambda kv: kv[1][0])
    others = [f"{name} in {_pct(hits / n)}" for name, (hits, n, _) in a.endings.items() if name != most[0] and hits]
    hits, n, _ = most[1]
    if others:
        finding = f"Most games end with {most[0]} ({hits} of {n}, {_pct(hits / n)}); the others with {', '.join(others)}."
    else:  # every game that ended, ended so
        finding = f"Every game ends with {most[0]} ({hits} of {n})."
    body = _table(["ending", "games", "share of games", "95% CI"], rows) + _finding(finding)
    return _section("end-conditions", "How games end (baseline)", body)


def _describe_diff(label: str, e: Any, base: float, significant: bool) -> str:
    if e.n < 2:
        return f"{label}: too few paired games"
    change = "no clear change" if not significant else ("higher" if e.mean > 0 else "lower")
    unit = " points" if label == "first seat win share" else ""
    scale = 100 if label == "first seat win share" else 1
    return (f"{label} {e.mean * scale:+.3g}{unit} (95% CI {e.low * scale:+.3g} to {e.high * scale:+.3g}; "
            f"baseline {base * scale:.3g}): {change}")


def _variants(a: Analysis) -> str:
    if not a.variant_lines:
        return _section("variants", "Variants against the baseline",
                        "<p>No variants in this experiment: add <code>[variants.NAME]</code> to the spec.</p>")
    parts = []
    for v in a.variant_lines:
        opts = a.spec.get("variants", {}).get(v.variant, {})
        parts.append(f"<h3>{html.escape(v.variant)} <span class='muted'>"
                     f"({html.escape(', '.join(f'{k}={x}' for k, x in opts.items()))}; {v.pairs} paired games)</span></h3>")
        labels = list(v.measures)
        fig, ax = plt.subplots(figsize=(6, 0.4 * len(labels) + 1))
        for i, label in enumerate(labels):
            e = v.measures[label]
            base = abs(v.baseline_means[label]) or 1.0
            if e.n > 1:
                ax.errorbar([e.mean / base], [i], xerr=_err(e.mean / base, e.low / base, e.high / base),
                            fmt="o", color="#a01c1c" if v.significant(label) else "#555", capsize=3)
        ax.axvline(0, color="#8a5a2b")
        ax.set_yticks(range(len(labels)), labels)
        ax.set_xlabel("difference relative to the baseline mean (95% CI)")
        parts.append(_png(fig))
        rows = [[html.escape(label), _num(v.baseline_means[label]), _num(e.mean), f"{_num(e.low)} to {_num(e.high)}",
                 f"{v.adjusted[label]:.3g}" if label in v.adjusted else "n/a",
                 "yes" if v.significant(label) else "no"] for label, e in v.measures.items()]
        parts.append(_table(["measure", "baseline mean", "difference", "95% CI", "p (Holm)", "significant"], rows))
        parts.append("<p class='muted'>Paired on the same seeds: Student-t interval of the differences and a "
                     "paired t-test, the measures judged together (Holm).</p>")
        changed = [lab for lab in v.measures if v.significant(lab)]
        key = ["first seat win share", "decisions", "score spread", "lead changes"]
        sentence = f"{v.variant}: " + "; ".join(_describe_diff(k, v.measures[k], v.baseline_means[k], v.significant(k))
                                                for k in key)
        sentence += "." if changed else ". No measure changes significantly."
        parts.append(_finding(sentence))
    return _section("variants", "Variants against the baseline (paired seeds)", "".join(parts))


def _components(a: Analysis) -> str:
    if not a.components:
        return _section("components", "Cards and tiles",
                        "<p>No content events were recorded (the game reports none, or the run used --no-events).</p>")
    comps = a.components
    solid = [c for c in comps if c.flag != "dead"]
    parts = []
    top = solid[:15] + [c for c in solid[-15:] if c not in solid[:15]]
    if top:
        fig, ax = plt.subplots(figsize=(7, 0.28 * len(top) + 1))
        for i, c in enumerate(top):
            ax.errorbar([c.rate], [i], xerr=_err(c.rate, *c.ci), fmt="o", capsize=2,
                        color={"dominant": "#a01c1c", "weak": "#1c4fa0"}.get(c.flag, "#555"))
            ax.plot([c.baseline], [i], "|", color="#8a5a2b", markersize=10)
        ax.set_yticks(range(len(top)), [c.component for c in top], fontsize=7)
        ax.invert_yaxis()
        ax.set_title(f"the {min(15, len(solid))} components with the highest lift and the "
                     f"{max(0, len(top) - 15)} with the lowest, of {len(solid)}", fontsize=9)
        ax.set_xlabel("win share of the seats that took it (bar: comparable seats' share)")
        parts.append(_png(fig))
    rows = []
    for c in comps:
        flag = f'<span class="flag-{c.flag}">{c.flag}</span>' if c.flag else ""
        rows.append([html.escape(c.component), str(c.taken), _pct(c.share), _pct(c.rate),
                     f"{_pct(c.ci[0])}–{_pct(c.ci[1])}", _pct(c.baseline), f"{c.lift:.2f}", flag])
    dominant = [c.component for c in comps if c.flag == "dominant"]
    weak = [c.component for c in comps if c.flag == "weak"]
    dead = [c.component for c in comps if c.flag == "dead"]
    parts.append(_finding(
        f"{len(comps)} components were taken at least once. "
        + (f"Dominant (takers win significantly more than usual): {', '.join(dominant[:8])}. " if dominant
           else "No component is significantly dominant. ")
        + (f"Weak: {', '.join(weak[:8])}. " if weak else "")
        + (f"Dead (taken in under 2% of seat-games): {', '.join(dead[:8])}. " if dead else "None is dead. ")
        + "Takers are compared with seats that took about as many components, by an exact binomial test; "
        f"the {sum(1 for c in comps if c.taken >= 20 and c.flag != 'dead')} components taken at least 20 times "
        "are judged together (Holm's adjustment), so a flag is not luck among many."))
    parts.append("<details open><summary>every component</summary>" + _table(
        ["component", "taken", "of seat-games", "takers' win share", "95% CI", "comparable seats", "lift", "flag"],
        rows) + "</details>")
    return _section("components", "Cards and tiles: impact of taking each", "".join(parts))


def _ladder(a: Analysis) -> str:
    if not a.agents:
        return _section("ladder", "Agents' ladder", "<p>One agent played every seat: no ladder.</p>")
    fig, ax = plt.subplots(figsize=(6, 0.5 * len(a.agents) + 1))
    names = [x.agent for x in a.agents]
    for i, x in enumerate(a.agents):
        ax.errorbar([x.mu], [i], xerr=[3 * x.sigma], fmt="o", color="#8a5a2b", capsize=4)
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xlabel("OpenSkill rating mu ± 3 sigma (the ordinal is the left end)")
    rows = [[html.escape(x.agent), str(x.seats), _pct(x.rate), f"{_pct(x.ci[0])}–{_pct(x.ci[1])}",
             f"{x.mu:.1f} ± {x.sigma:.1f}", f"{x.ordinal:.1f}"] for x in a.agents]
    h_rows = []
    for first in names:
        cells = [html.escape(first)]
        for second in names:
            if first == second:
                cells.append("—")
                continue
            rate, n, ci = a.head_to_head.get((first, second), (float("nan"), 0, (0.0, 1.0)))
            cells.append(f"{_pct(rate)} ({_pct(ci[0])}–{_pct(ci[1])})" if n else "n/a")
        h_rows.append(cells)
    best = a.agents[0]
    body = _png(fig) + _table(["agent", "seats", "win share", "95% CI", "rating", "ordinal"], rows) + (
        f"<p>Ratings: OpenSkill (Plackett–Luce), the mean over up to {RATING_ORDERS} shuffled orders of the "
        "games, since a rating updated game by game depends on the order it is fed the games in.</p>"
        "<p>Head-to-head: share of seat pairs where the row agent beat the column agent (95% CI).</p>"
        + _table([""] + [html.escape(n) for n in names], h_rows)
        + _finding(f"{best.agent} rates highest (ordinal {best.ordinal:.1f}) and wins {_pct(best.rate)} of its seats.")
        + _budget_curves(a, names))
    return _section("ladder", "Agents' ladder (OpenSkill)", body)


BUDGETS = ("iters", "time")


def budget_families(names: list[str]) -> dict[tuple[str, str], list[tuple[float, str]]]:
    """Agents that differ only in their budget (``mcts:iters=100`` and ``mcts:iters=300``):
    (spec without the budget, budget key) -> [(budget, agent)], smallest first, for the
    families of at least two."""
    families: dict[tuple[str, str], list[tuple[float, str]]] = {}
    for name in names:
        kind, _, params = name.partition(":")
        try:  # read as make_agent reads it
            values = parse_key_values(p for p in params.split(",") if p.strip())
        except OptionError:
            continue
        for key in BUDGETS:
            try:
                budget = float(values[key])
            except (KeyError, ValueError):
                continue
            rest = ",".join(f"{k}={v}" for k, v in sorted(values.items()) if k != key)
            families.setdefault((kind + (":" + rest if rest else ""), key), []).append((budget, name))
    return {k: sorted(v) for k, v in families.items() if len(v) > 1}


def _budget_curves(a: Analysis, names: list[str]) -> str:
    """Strength against budget: each family's head-to-head share against every other agent."""
    out = []
    for (family, key), members in budget_families(names).items():
        inside = {name for _, name in members}
        rivals = [n for n in names if n not in inside]
        if not rivals:
            continue
        fig, ax = plt.subplots(figsize=(6, 3.4))
        rows = []
        for rival in rivals:
            xs, ys, lo, hi = [], [], [], []
            for budget, name in members:
                rate, n, ci = a.head_to_head.get((name, rival), (float("nan"), 0, (0.0, 1.0)))
                if n:
                    xs.append(budget)
                    ys.append(rate)
                    lo.append(max(0.0, rate - ci[0]))
                    hi.append(max(0.0, ci[1] - rate))
                    rows.append([html.escape(name), html.escape(rival), str(int(n)), _pct(rate),
                                 f"{_pct(ci[0])}–{_pct(ci[1])}"])
            if xs:
                ax.errorbar(xs, ys, yerr=[lo, hi], fmt="o-", capsize=4, label=f"against {rival}")
        ax.axhline(0.5, color="#999", lw=0.8, ls="--")
        ax.set_xscale("log")
        ax.set_xticks([b for b, _ in members], [f"{b:g}" for b, _ in members])
        ax.set_ylim(0, 1)
        ax.set_xlabel(f"{family}: {key}")
        ax.set_ylabel("share of head-to-head results won")
        ax.legend(fontsize=8)
        out.append(f"<h3>{html.escape(family)}: strength against its budget ({html.escape(key)})</h3>" + _png(fig)
                   + _table(["agent", "against", "pairs", "won", "95% CI"], rows))
    return "".join(out)


def render_html(a: Analysis) -> str:
    sections = [_overview(a), _seat_advantage(a), _distributions(a), _endings(a), _variants(a),
                _components(a), _ladder(a)]
    title = f"inkhorn lab: {a.spec['game']}"
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{CSS}</style></head><body><h1>{html.escape(title)}</h1>"
            f"<p class='muted'>Intervals are 95%; “significant” means a test finds an effect at the 5% level "
            f"after adjusting for the comparisons made together. "
            f"The {BASELINE} is the spec's options without any variant.</p>{''.join(sections)}</body></html>")


def write_report(results: str | Path, out: str | Path) -> Analysis:
    analysis = analyse(results)
    out = Path(out)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(render_html(analysis), encoding="utf-8")
    os.replace(tmp, out)
    return analysis
