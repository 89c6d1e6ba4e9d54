"""Whole games played by clicking the drawn tables, in Debian's Chromium.

For every game, two people take two seats of one table (bots in the rest): one on a desktop
screen, one on a phone-sized screen (390 × 844). They play to the end by clicking the pieces
of the drawn table (a choice no piece stands for is a button beside the prompt; a Novelist
word is laid out by clicking its cards one by one); one of
them takes a move back when the page offers it, and the other never sees that move. A
spectator watches. Every page's DOM (hidden elements and attributes included) is audited
against what was hidden from its seat at the version it showed, like the WebSocket frames.
After the end, the replay page steps through the game.

``INKHORN_SCREENSHOTS=docs/screenshots`` also saves each game's table, desktop and phone,
as a player sees it mid-game (the pictures in the README).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from inkhorn.server.harness import ServerProcess, start_server
from tests.server.clients import Sent, audit
from tests.server.conftest import new_page

GAMES = {"scriptoria": 3, "verse_variant": 3, "manuscript": 2, "novelist": 2, "ancients": 3}
PHONE = (390, 844)

# The page's DOM without its log (log entries are audited per entry, against what was
# hidden just before and after each move, by the frame audit of the play tests)
DOM = """() => {
  const copy = document.documentElement.cloneNode(true);
  const log = copy.querySelector('#log');
  if (log) log.replaceChildren();
  return [Number(document.getElementById('table').dataset.version), copy.outerHTML];
}"""
# What a page's log has shown, entry by entry, including entries later taken back
WATCH_LOG = """
window.__shown = [];
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => {
    for (const li of document.querySelectorAll('#log li')) window.__shown.push(li.value + ':' + li.textContent);
  }).observe(document.getElementById('log'), {childList: true, subtree: true});
});
"""

# Whether the first choice on the table lies inside the window
IN_VIEW = """() => {
  const r = document.querySelector('#board .choosable').getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight;
}"""


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory) -> Iterator[ServerProcess]:
    process = start_server(str(tmp_path_factory.mktemp("db") / "inkhorn.db"))
    yield process
    process.stop()


def version(page) -> int:
    return int(page.get_attribute("#table", "data-version") or -1)


def click_a_move(page, rng: random.Random) -> str | None:
    """If it is this page's turn, click one of its choices (on the drawn table when there
    is one) and wait for the table to move; what was clicked, or None."""
    if not page.locator("#turn.yours").count() or page.locator("#decide[hidden]").count():
        return None
    before = version(page)
    pieces = page.locator("#board .choosable[data-choices]")
    buttons = page.locator("#actions button[data-action]:visible")
    words = page.eval_on_selector_all("#actions button[data-action^='spell:']", "bs => bs.map(b => b.dataset.action)")
    if page.locator("#board .compose").count() and words and rng.random() < 0.7:
        spell_by_clicking(page, rng.choice(words)[len("spell:"):])
        what = "word"
    elif pieces.count() and (not buttons.count() or rng.random() < 0.85):
        piece = pieces.nth(rng.randrange(pieces.count()))
        what = "piece"
        piece.click()
        menu = page.locator(".choice-menu button[data-action]")
        if menu.count():
            menu.nth(rng.randrange(menu.count())).click()
            what = "menu"
    elif buttons.count():
        buttons.nth(rng.randrange(buttons.count())).click()
        what = "button"
    else:
        return None
    page.wait_for_function(f"Number(document.getElementById('table').dataset.version) !== {before} || "
                           "document.getElementById('move-error').textContent.length > 0", timeout=30_000)
    return what


def spell_by_clicking(page, word: str) -> None:
    """Lay a word out on the table: click a card of each letter in order (a letter no card
    shows is typed, as a wild), check the word the page shows, and send it."""
    for letter in word:
        card = page.locator(f"#board .spells[data-letter='{letter}']:not(.picked)")
        if card.count():
            card.first.click()
            add = page.locator(".choice-menu button:not([data-action]):not(.cancel)")
            if add.count():  # the card stands for other choices too: the menu asks
                add.first.click()
        else:
            page.fill("#board .compose-type", letter)
    send = page.locator("#board .compose button.spell")
    assert send.text_content() == f"Spell {word.upper()}"
    send.click()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_is_played_by_clicking_the_drawn_table(sqlite_server, browser, game):
    players = GAMES[game]
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]
    seats += [{"kind": "bot", "agent": "random"}] * (players - 2)
    with httpx.Client(base_url=sqlite_server.url, timeout=30) as http:
        created = http.post("/api/tables", json={"game": game, "players": players, "seats": seats}).json()
    pages = [new_page(browser), new_page(browser, *PHONE)]
    for page, link in zip(pages, created["seat_links"]):
        page.add_init_script(WATCH_LOG)
        page.goto(link["url"])
        page.wait_for_selector("#board .zone")
    watcher = new_page(browser, 1200, 900)
    watcher.goto(created["spectator_url"])
    watcher.wait_for_selector("#board .zone")  # before it is drawn the page shows no version to audit
    rng = random.Random(game)
    seen: list[Sent] = []
    clicks = {"piece": 0, "menu": 0, "word": 0, "button": 0}
    undone = 0
    shown_me = False
    shots = os.environ.get("INKHORN_SCREENSHOTS")
    shot = [False, False]
    for step in range(6000):
        if all(p.locator("#result:visible").count() for p in pages):
            break
        moved = False
        for k, page in enumerate(pages):
            other = pages[1 - k]
            if not undone and page.locator("#undo").count() and rng.random() < 0.5:
                taken = version(page)
                undone_entry = page.evaluate("() => { const li = document.querySelector('#log li:last-child');"
                                             " return li.value + ':' + li.textContent; }")
                page.click("#undo")
                page.wait_for_function(f"Number(document.getElementById('table').dataset.version) < {taken}")
                assert undone_entry not in other.evaluate("() => window.__shown")
                undone += 1
            if k == 1 and not shown_me and page.locator("#to-choices:visible").count():
                page.click("#to-choices")  # on a phone the choices may lie screens below the prompt
                assert page.evaluate(IN_VIEW), "Show me did not bring the choices into view"
                shown_me = True
            what = click_a_move(page, rng)
            if what:
                clicks[what] += 1
                moved = True
            if shots and not shot[k] and sum(clicks.values()) > 24 and page.locator("#turn.yours").count():
                suffix = "desktop" if k == 0 else "phone"
                page.screenshot(path=str(Path(shots) / f"{game}-{suffix}.png"), full_page=True)
                shot[k] = True
        if step % 15 == 0:
            for seat, page in enumerate([*pages, watcher]):
                at, html = page.evaluate(DOM)
                seen.append(Sent(seat if seat < 2 else None, at, "page", html))
        if not moved:
            pages[0].wait_for_timeout(20)
    assert all(p.locator("#result:visible").count() for p in pages), f"{game} did not end: {clicks}"
    assert clicks["piece"] + clicks["menu"] + clicks["word"] > clicks["button"], clicks  # played on the table
    if game == "novelist":
        assert clicks["word"] > 0, clicks  # words laid out card by card
    assert shown_me
    for seat, page in enumerate([*pages, watcher]):
        page.wait_for_selector("#result:visible")
        at, html = page.evaluate(DOM)
        seen.append(Sent(seat if seat < 2 else None, at, "page", html))
    with httpx.Client(base_url=sqlite_server.url, timeout=30) as http:
        log = http.get(f"/api/tables/{created['table']['id']}/log").json()
    assert audit(log, seen) == len(seen)
    for page in [*pages, watcher]:
        assert page.errors == [], page.errors

    # the replay page steps through the finished game, from a seat's view
    replay = pages[1]
    replay.goto(f"{sqlite_server.url}/t/{created['table']['id']}/replay")
    replay.wait_for_selector("#board .zone")
    replay.select_option("#seat", "1")
    for key in ("ArrowRight", "ArrowRight", "End"):
        replay.keyboard.press(key)
    moves = len(log["actions"])
    replay.wait_for_function(f"document.getElementById('replay').dataset.version === '{moves}'")
    assert replay.locator("#board .area.own").count() == 1 and replay.errors == []
    for page in [*pages, watcher]:
        page.context.close()
