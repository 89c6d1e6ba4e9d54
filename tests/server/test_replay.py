"""The replay of a finished game: any position, from any seat's view or the table's, is what
that seat was shown then (checked against the game replayed here from the downloaded log),
and the replay page steps through it by buttons and keys (in Chromium, driven by the
playwright package)."""

from __future__ import annotations

import time

import httpx
import pytest

from inkhorn import games
from inkhorn.core import ReplayLog
from tests.server.conftest import new_page


def finished_table(url: str, game: str = "scriptoria") -> dict:
    """A table of three bots, played to its end."""
    with httpx.Client(base_url=url, timeout=30) as http:
        seats = [{"kind": "bot", "agent": "random", "name": n} for n in ("Ada", "Bea", "Cy")]
        table = http.post("/api/tables", json={"game": game, "players": 3, "seats": seats}).json()["table"]
        deadline = time.monotonic() + 120
        while not http.get(f"/api/tables/{table['id']}").json()["finished"]:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.3)
        return http.get(f"/api/tables/{table['id']}").json()


@pytest.mark.parametrize("game", ["scriptoria", "ancients"])
def test_each_position_is_what_its_seat_was_shown(any_server, game):
    table = finished_table(any_server.url, game)
    with httpx.Client(base_url=any_server.url, timeout=30) as http:
        log = ReplayLog.from_json(http.get(f"/api/tables/{table['id']}/log").json())
        states = list(log.records(games.get_game(game)))
        n = len(log.actions)
        for version in sorted({0, 1, 2, 63, 64, 65, n // 2, n - 1, n}):
            for seat in (None, 0, 2):
                params = {"version": version} | ({} if seat is None else {"seat": seat})
                view = http.get(f"/api/tables/{table['id']}/replay", params=params).json()
                state = log.new_game(games.get_game(game))
                for action in log.actions[:version]:
                    state.apply(action)
                assert view["version"] == version and len(view["log"]) == version
                assert view["observation"] == state.observation(seat)
                assert [e["text"] for e in view["log"]] == [r.seen_by(seat) for _, r in states[:version]]
                assert view["finished"] == (version == n)
                assert view["scene"] == games.get_game(game).scene(state.observation(seat), seat,
                                                                   state.options).to_json()
        for bad in ({"version": n + 1}, {"version": 0, "seat": 3}, {"version": -1}, {"version": "x"}):
            reply = http.get(f"/api/tables/{table['id']}/replay", params=bad)
            assert reply.status_code == 422 and reply.json()["error"], (bad, reply.text)


def test_a_game_in_play_has_no_replay_yet(any_server):
    with httpx.Client(base_url=any_server.url, timeout=30) as http:
        table = http.post("/api/tables", json={"game": "novelist", "players": 2}).json()["table"]
        reply = http.get(f"/api/tables/{table['id']}/replay", params={"version": 0})
        assert reply.status_code == 409 and "not over" in reply.json()["error"]
        page = http.get(f"/t/{table['id']}/replay").text
        assert "still being played" in page


def test_the_replay_page_steps_through_a_game(any_server, browser):
    table = finished_table(any_server.url)
    page = new_page(browser, 1300, 900)
    page.goto(f"{any_server.url}/t/{table['id']}/replay")

    def at(version):
        page.wait_for_function(f"document.getElementById('replay').dataset.version === '{version}'")
        shown, lines = page.evaluate("() => [Number(document.getElementById('replay').dataset.version), "
                                     "document.querySelectorAll('#log li').length]")
        assert shown == lines == version
        assert page.locator("#board .zone").count() > 0

    at(0)
    assert "Move 0 of" in page.inner_text("#turn")
    page.click("#forward")
    at(1)
    page.keyboard.press("ArrowRight")
    at(2)
    page.keyboard.press("ArrowLeft")
    at(1)
    page.keyboard.press("End")
    at(table["version"])
    assert "the game is over" in page.inner_text("#turn")
    page.fill("#move", "40")
    page.dispatch_event("#move", "change")
    at(40)
    page.select_option("#seat", "1")
    at(40)
    assert "Bea" in page.inner_text("#log")
    page.click("#first")
    at(0)
    assert page.errors == []
    page.context.close()
