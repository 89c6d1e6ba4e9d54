"""Bots play in worker processes, each move with the agent's own time budget, so the server's
event loop never waits for them; their moves take the same path, and the same version check,
as a person's. A table of bots alone plays to its end by itself, and a restarted server
picks up every table that waits for a bot.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from inkhorn import games
from inkhorn.agents import make_agent
from inkhorn.match import agent_seed
from inkhorn.server.tables import Conflict, Live, NotFound

log = logging.getLogger("inkhorn.server")


def bot_choice(game_id: str, players: int, seed: int, options: dict[str, Any], actions: list[str],
               seat: int, spec: str) -> str:
    """In a worker process: the bot's action for ``seat`` after ``actions`` (committed moves,
    so trusted). The agent sees the state only through its seat, as every agent does."""
    state = games.get_game(game_id).new_game(players, seed, options)
    for action in actions:
        state.apply_trusted(action)
    agent = make_agent(spec, agent_seed(seed, seat) + len(actions))
    return agent.choose(state, seat)


def _warm() -> None:
    for game_id in games.game_ids():
        games.get_game(game_id)


class Bots:
    def __init__(self, workers: int, delay: float,
                 submit: Callable[[str, int, str, int], Awaitable[Live]]):
        self.pool = ProcessPoolExecutor(max_workers=max(1, workers),
                                        mp_context=multiprocessing.get_context("spawn"), initializer=_warm)
        self.delay = delay
        self.submit = submit
        self.running: set[tuple[str, int]] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    def poke(self, live: Live) -> None:
        """If a bot decides now at ``live``, let it play (once per table and version)."""
        seat = live.state.current_seat()
        if seat is None:
            return
        agent = live.info.seats[seat].agent
        key = (live.info.id, live.version)
        if agent is None or key in self.running:
            return
        self.running.add(key)
        task = asyncio.create_task(self._turn(live, seat, agent, list(live.state.history)))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _turn(self, live: Live, seat: int, agent: str, actions: list[str]) -> None:
        table_id, version = live.info.id, live.version
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            action = await asyncio.get_running_loop().run_in_executor(
                self.pool, bot_choice, live.game.id, live.info.players, live.seed, live.info.options,
                actions, seat, agent)
            await self.submit(table_id, seat, action, version)
        except (Conflict, NotFound):
            pass  # another process played this turn first, or the table is gone
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot %s at table %s, version %d failed", agent, table_id, version)
        finally:
            self.running.discard((table_id, version))

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)
