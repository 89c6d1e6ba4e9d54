"""The pages as players use them, in Debian's Chromium driven by Playwright: the lobby makes
a table whose links open their seats, hostile names show as text with no script run, and a
wrong link says so. (Whole games played by clicking the drawn tables: ``test_boards.py``.)"""

from __future__ import annotations

import httpx

from inkhorn.agents import DEFAULT_BOT
from tests.server.conftest import new_page


def version(page) -> int:
    return int(page.get_attribute("#table", "data-version") or -1)


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
    assert page.input_value("[data-agent='1']") == DEFAULT_BOT  # a searched, time-bounded bot unless chosen
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
