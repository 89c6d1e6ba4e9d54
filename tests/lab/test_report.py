"""The report as its reader sees it: rendered by Chromium (Playwright), every section shown,
plots decoded, nothing fetched from the network."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lab.helpers import lab

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SECTIONS = {
    "overview": "Experiment",
    "seat-advantage": "Seat advantage",
    "distributions": "Scores and game length",
    "end-conditions": "How games end",
    "variants": "Variants against the baseline",
    "components": "Cards and tiles",
    "ladder": "Agents' ladder",
}


@pytest.fixture(scope="module")
def report(coin, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("report") / "report.html"
    done = lab("report", str(coin), "-o", str(out))
    assert done.returncode == 0, done.stderr
    return out


def test_report_is_one_self_contained_file(report):
    text = report.read_text()
    assert "http://" not in text and "https://" not in text and "<script" not in text
    assert text.count("data:image/png;base64,") >= 6


def test_every_section_shows_in_chromium(report):
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: apt-get install -y chromium")
    requests: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.on("request", lambda r: requests.append(r.url))
        page.goto(report.as_uri())
        for sid, title in SECTIONS.items():
            section = page.locator(f"section#{sid}")
            assert section.is_visible(), sid
            assert title in section.locator("h2").inner_text()
        # every plot decoded to a real picture
        sizes = page.eval_on_selector_all("img", "imgs => imgs.map(i => i.complete ? i.naturalWidth : 0)")
        assert sizes and min(sizes) > 100
        findings = page.locator("p.finding").all_inner_texts()
        assert any("significant" in f for f in findings)
        variants = page.locator("section#variants").inner_text()
        assert "planted" in variants and "salted" in variants
        assert "No measure changes significantly" in variants  # the salted coin
        assert "dominant" in page.locator("section#components").inner_text()  # Heads
        ladder = page.locator("section#ladder").inner_text()
        assert "greedy" in ladder and "random" in ladder and "Head-to-head" in ladder
        browser.close()
    assert all(u.startswith(("file:", "data:")) for u in requests), requests
