"""The pages as players use them, in Debian's Chromium driven by Playwright: the lobby makes
a table, two browsers take two seats and play by clicking, a spectator page follows, and
hostile names show as text with no script run.

``INKHORN_SCREENSHOTS=docs/screenshots pytest tests/server/test_browser.py`` also saves a
screenshot of each game's table page there (the ones in the README)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import new_page

GAMES = {"scriptoria": 3, "verse_variant": 4, "manuscript": 3, "novelist": 3, "ancients": 3}


def version(page) -> int:
    return int(page.get_attribute("#table", "data-version") or -1)


def click_a_move(page, rng) -> bool:
    """If it is this page's turn, click one of its choices and wait for the table to move."""
    if not page.locator("#turn.yours").count():
        return False
    before = version(page)
    buttons = page.locator("#actions button[data-action]:visible")  # a choice, not "take back"
    buttons.nth(rng.randrange(buttons.count())).click()
    page.wait_for_function(f"Number(document.getElementById('table').dataset.version) > {before}",
                           timeout=30_000)
    return True


@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_browsers_take_two_seats_and_play_by_clicking(any_server, browser, game):
    players = GAMES[game]
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]
    seats += [{"kind": "bot", "agent": "random"}] * (players - 2)
    with httpx.Client(base_url=any_server.url, timeout=30) as http:
        created = http.post("/api/tables", json={"game": game, "players": players, "seats": seats}).json()
    pages = [new_page(browser) for _ in range(2)]
    for page, link in zip(pages, created["seat_links"]):
        page.goto(link["url"])
    watcher = new_page(browser)
    watcher.goto(created["spectator_url"])
    for k, page in enumerate(pages):
        page.wait_for_selector("#who:has-text('You are')")
        assert f"You are {['Ada', 'Bea'][k]} (seat {k})" in page.inner_text("#who")
    rng = random.Random(game)
    clicks = [0, 0]
    for _ in range(400):
        for k, page in enumerate(pages):
            if click_a_move(page, rng):
                clicks[k] += 1
        if min(clicks) >= 4 or any(p.locator("#result:visible").count() for p in pages):
            break
        pages[0].wait_for_timeout(30)
    assert min(clicks) >= 4, clicks
    # the deciding seat sees the newest game; the others see it up to the moves it may still
    # take back (its turn so far, until something is drawn or revealed)
    target = max(version(p) for p in pages)
    for page in [*pages, watcher]:
        page.wait_for_function("document.querySelector('#board pre.board') !== null")
    shown = []
    for page in [*pages, watcher]:
        # each page's log holds one line per move of the version it shows (bots play on
        # meanwhile, so each page is read in one script, where nothing changes)
        at, lines = page.evaluate("() => [Number(document.getElementById('table').dataset.version), "
                                  "document.querySelectorAll('#log li').length]")
        assert lines == at > 0
        shown.append(at)
    assert max(shown[:2]) >= target  # (the bots play on, so no page is read at one moment)
    assert "watching" in watcher.inner_text("#who")
    assert watcher.locator("#decide:visible").count() == 0
    for page in [*pages, watcher]:
        assert page.errors == [], page.errors
    shots = os.environ.get("INKHORN_SCREENSHOTS")
    if shots:
        mover = next((p for p in pages if p.locator("#turn.yours").count()), pages[0])
        mover.screenshot(path=str(Path(shots) / f"{game}.png"), full_page=True)
    for page in [*pages, watcher]:
        page.context.close()


def test_the_lobby_makes_a_table_whose_links_open_their_seats(any_server, browser):
    page = new_page(browser, 1100, 900)
    page.goto(any_server.url)
    for name in ("Scriptoria", "Verse & Variant", "Manuscript", "Novelist", "Ancients"):
        assert name in page.inner_text("#game")
    page.select_option("#game", "novelist")
    page.fill("#players", "2")
    page.dispatch_event("#players", "input")
    page.select_option("[data-kind='0']", "human")
    page.select_option("[data-kind='1']", "bot")
    page.select_option("[data-agent='1']", "random")
    page.fill("[data-name='0']", '<img src=x onerror=alert(1)>')
    page.fill("#table-name", "<b>bold</b> table")
    page.click("#create")
    page.wait_for_function("!document.getElementById('created').hidden || "
                           "document.getElementById('create-error').textContent")
    assert page.inner_text("#create-error") == ""
    links = page.locator("#links a")
    assert links.count() == 1
    assert "<img src=x onerror=alert(1)>" in links.first.inner_text()
    url = links.first.get_attribute("href")
    assert "#seat=" in url
    seat = new_page(browser, 1100, 900)
    seat.goto(url)
    seat.wait_for_selector("#who:has-text('You are')")
    assert "<img src=x onerror=alert(1)>" in seat.inner_text("#who")
    assert seat.locator("#who img").count() == 0 and "<b>bold</b> table" in seat.inner_text("h1")
    # a typed word that is not one: the reason is shown, nothing moves
    seat.wait_for_selector("#turn.yours")
    if seat.locator("#typed:visible").count():
        before = version(seat)
        seat.fill("#typed-input", "<script>alert(2)</script>")
        seat.click("#typed-form button")
        seat.wait_for_function("document.getElementById('move-error').textContent.length > 0")
        assert "refused" in seat.inner_text("#move-error") and version(seat) == before
    page.goto(any_server.url)
    page.wait_for_selector("#open-tables li a")
    assert "<b>bold</b> table" in page.inner_text("#open-tables")
    assert page.errors == [] and seat.errors == []
    page.context.close()
    seat.context.close()


def test_a_wrong_seat_link_says_so(any_server, browser):
    with httpx.Client(base_url=any_server.url, timeout=30) as http:
        created = http.post("/api/tables", json={"game": "scriptoria", "players": 2}).json()
    page = new_page(browser)
    page.goto(f"{created['spectator_url']}#seat=not-a-real-token")
    page.wait_for_function("document.getElementById('turn').textContent.includes('not valid')")
    page.goto(f"{any_server.url}/t/nope")
    assert "No such table" in page.inner_text("h1")
    page.context.close()
