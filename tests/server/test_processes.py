"""The server as an operator runs it: killed with SIGKILL in the middle of games (nothing
accepted is lost, every game finishes after a restart), and several processes on one
PostgreSQL database serving the same table."""

from __future__ import annotations

import asyncio
import contextlib
import time

import httpx
import pytest

from inkhorn import games
from inkhorn.core import ReplayLog
from inkhorn.server.harness import start_server
from inkhorn.server.tables import NOTIFY_CHANNEL
from tests.server.clients import Seat, create_table
from tests.server.conftest import BOTH, logs_on_failure
from tests.server.test_play import play_whole_game


async def follow(ws: str, table_id: str, seconds: float, patience: float = 60.0) -> Seat:
    """A spectator who watches for ``seconds`` (the moves it is told of were accepted), and
    on, ``seconds`` at a time, until it has been told of a move: on a machine busy with other
    work the bots may start late. It gives up after ``patience`` seconds."""
    spectator = Seat(ws, table_id, None)
    deadline = time.monotonic() + patience
    while True:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(spectator.play(), seconds)  # reconnects with the log it has
        if spectator.log or time.monotonic() >= deadline:
            return spectator


async def wait_finished(url: str, table_ids: list[str], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        while time.monotonic() < deadline:
            infos = [(await http.get(f"/api/tables/{t}")).json() for t in table_ids]
            if all(i["finished"] for i in infos):
                return
            await asyncio.sleep(0.5)
    raise AssertionError(f"tables not finished within {seconds} s: {infos}")


@pytest.mark.parametrize("end", ["stop", "kill"])
def test_a_server_stopped_or_killed_leaves_no_log_behind(tmp_path, end):
    """Each server the tests and benches start writes a temporary log: gone once it ends."""
    server = start_server(str(tmp_path / "inkhorn.db"))
    try:
        assert server.log_path.is_file() and server.process.poll() is None
    finally:
        getattr(server, end)()
    assert server.process.poll() is not None
    assert not server.log_path.exists()
    assert "log removed" in server.log()


@pytest.mark.slow
@BOTH
def test_a_server_killed_mid_game_loses_no_accepted_move_and_resumes(database):
    server = start_server(database, bot_delay=0.03)
    games_played = ["scriptoria", "manuscript", "verse_variant", "ancients", "novelist"]
    try:
        async def before_the_crash():
            async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
                tables = []
                for game in games_played:
                    g = games.get_game(game)
                    seats = [{"kind": "bot", "agent": "random"} for _ in range(g.default_players)]
                    tables.append((await create_table(http, game, seats))["table"]["id"])
                person = await create_table(http, "scriptoria", [{"kind": "human"}, {"kind": "bot", "agent": "random"}],
                                            players=2)
            me = Seat(server.ws, person["table"]["id"], person["seat_links"][0]["token"])
            watched = await asyncio.gather(*(follow(server.ws, t, 2.5) for t in tables),
                                           asyncio.wait_for(me.play(stop_after=15), 60))
            return tables, person, me, watched[:-1]

        tables, person, me, watched = asyncio.run(before_the_crash())
        server.kill()
        assert all(len(w.log) > 0 for w in watched), "the bots had not started"
        assert not any(w.last and w.last["finished"] for w in watched), "a game ended before the crash"
        accepted_by_me = len(me.log)

        server = start_server(database, port=server.port, bot_delay=0)  # the same address, as a restart

        async def after_the_restart():
            # the person comes back with what they had, and finishes their game
            await asyncio.wait_for(me.play(), 300)
            await wait_finished(server.url, tables, 300)
            async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
                return [(await http.get(f"/api/tables/{t}/log")).json()
                        for t in [*tables, person["table"]["id"]]]

        logs = asyncio.run(after_the_restart())
    finally:
        server.stop()
    for spectator, log in zip([*watched, me], logs):
        seen = spectator.log if spectator is not me else me.log[:accepted_by_me]
        for entry in seen:  # every move anyone was told of is in the log, in its place
            assert entry["action"] is None or log["actions"][entry["index"]] == entry["action"]
        assert len(log["actions"]) > len(seen)
        final = ReplayLog.from_json(log).final_state(games.get_game(log["game"]))
        assert final.is_terminal()


@pytest.mark.slow
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
@pytest.mark.parametrize("game", ["scriptoria", "verse_variant"])
def test_two_server_processes_on_one_postgresql_serve_one_table(database, game):
    one = start_server(database)
    two = start_server(database)
    with logs_on_failure(one, two):
        # the table is made on the first; one person plays on each process, the spectator on the second
        asyncio.run(play_whole_game(one.url, one.ws, game, ws_of=[one.ws, two.ws, two.ws]))


@pytest.mark.slow
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_two_processes_racing_for_every_bot_turn_keep_everyone_in_step(database):
    """Each process looks for waiting bots every 50 ms, so both play most bot turns: one
    commit wins, and the loser's copy, which ran ahead of the database, is dropped and its
    followers are sent the winner's move. The person who plays after the bots is on the
    second process, so a loser that kept quiet would leave them waiting."""
    fast = ["--sweep-every", "0.05"]
    one = start_server(database, extra=fast, bot_delay=0.05)
    two = start_server(database, extra=fast, bot_delay=0.05)
    with logs_on_failure(one, two):
        asyncio.run(play_whole_game(one.url, one.ws, "verse_variant", ws_of=[two.ws, one.ws, two.ws],
                                    patience=240))


async def cut_notice_links(admin: str, every: float, stop: asyncio.Event) -> int:
    """Terminate the servers' ``LISTEN`` connections every ``every`` seconds, as a database
    restart or a network cut does; the number cut."""
    import psycopg

    cut = 0
    async with await psycopg.AsyncConnection.connect(admin, autocommit=True) as conn:
        while not stop.is_set():
            rows = await (await conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE query = %s AND pid <> pg_backend_pid()", (f"LISTEN {NOTIFY_CHANNEL}",))).fetchall()
            cut += sum(1 for (done,) in rows if done)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), every)
    return cut


@pytest.mark.slow
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_moves_made_while_the_notice_links_are_down_reach_everyone(database):
    """The notices sent while a process's link to the database is down are lost: the process
    catches up every table it shows when it reconnects (and at each sweep)."""
    one = start_server(database)
    two = start_server(database)

    async def play_with_cuts() -> int:
        stop = asyncio.Event()
        cutter = asyncio.create_task(cut_notice_links(database, 1.0, stop))
        try:
            await play_whole_game(one.url, one.ws, "scriptoria", ws_of=[one.ws, two.ws, two.ws], patience=240)
        finally:
            stop.set()
        return await cutter

    with logs_on_failure(one, two):
        assert asyncio.run(play_with_cuts()) >= 2


@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
@pytest.mark.parametrize("catch_up", ["sweep", "refused move"])
def test_a_copy_caught_up_before_the_moves_notice_still_tells_its_followers(database, catch_up):
    """A process may bring its copy of a table up to date before the notice of the move
    arrives: its sweep for bots reads the table again, or a move made at an old version is
    refused after the copy caught up. The notice then finds nothing new, so the catch-up
    itself must wake the table's followers, or a person on that process waits for ever for a
    move already made (seen once in CI as a stalled two-process game)."""
    from inkhorn.server.api import NewTable, SeatSpec
    from inkhorn.server.app import Server, Settings
    from inkhorn.server.db import database_url
    from inkhorn.server.hub import Hub, Watcher
    from inkhorn.server.migrate import upgrade
    from inkhorn.server.tables import Stale

    url = database_url(database)
    upgrade(url)

    async def scenario() -> None:
        one, two = Server(Settings(db=url)), Server(Settings(db=url))  # not started: no notices but ours
        try:
            created = await one.tables.create(NewTable(game="scriptoria", seats=[SeatSpec(), SeatSpec()]), "")
            table_id = created.table.id
            follower = Watcher(table_id, 1, websocket=None)  # type: ignore[arg-type]  # its frames are read here
            two.hub.join(follower)
            assert Hub.frame(follower, await two.tables.committed(table_id))["version"] == 0
            for version in range(2):
                live = await one.tables.committed(table_id)
                await one.submit(table_id, live.state.current_seat(), live.state.legal_actions()[0], version)
            if catch_up == "sweep":
                await two.tables.refresh(table_id)
            else:
                with pytest.raises(Stale):
                    await two.submit(table_id, 0, "anything", 1)
            assert (await two.tables.committed(table_id)).version == 2
            await two.on_notices(f"{table_id}:1,{table_id}:2")  # the notices, late
            assert not follower.outbox.empty(), "the followers were not told of the moves caught up"
            frame = Hub.frame(follower, await two.tables.committed(table_id))
            assert frame is not None and frame["version"] == 2 and len(frame["log"]) == 2
        finally:
            await one.stop()
            await two.stop()

    asyncio.run(scenario())
