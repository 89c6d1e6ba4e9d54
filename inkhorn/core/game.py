"""Game metadata and the factory of initial states.

Each game package exposes one :class:`Game` instance named ``GAME``. It carries what does
not change during play (id, name, player counts, options model, content loader, codec) and
builds states; the state carries everything that changes. Kept apart like OpenSpiel's game
type, game and state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping
from functools import cached_property
from importlib import resources
from typing import Any, ClassVar, Generic, TypeVar, cast

from inkhorn.core.codec import Codec
from inkhorn.core.errors import InkhornError, OptionError, StateError, clip
from inkhorn.core.features import SeatFeatures
from inkhorn.core.options import GameOptions, parse_options
from inkhorn.core.picture import Picture
from inkhorn.core.rng import StateRng
from inkhorn.core.scene import Scene, plain_scene
from inkhorn.core.state import STATE_FORMAT, GameState
from inkhorn.core.step import Step
from inkhorn.core.value import LeafValue, LearnedValue, load_fit

# The state type of a game: ``class ScriptoriaGame(Game[ScriptoriaState])``, so its hooks
# (heuristic, render, chapter, stats) take the game's own state, type-checked.
S = TypeVar("S", bound=GameState)


class Game(ABC, Generic[S]):
    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    Options: ClassVar[type[GameOptions]]
    State: ClassVar[type[GameState]]
    # Every dataclass/enum/model a state of this game may hold, for the JSON codec.
    json_types: ClassVar[tuple[type, ...]] = ()
    # Co-operative modes can end with every seat beaten (``winners()`` empty).
    all_may_lose: ClassVar[bool] = False
    # The search bot's settings that suit this game better than its defaults (found with the
    # ladders in bench/ladder), as ``mcts:key=value`` parameters; a bot spec's own win.
    search_settings: ClassVar[Mapping[str, Any]] = {}
    # Player count -> a file in the game's package: the search's fitted leaf value for that
    # count (``inkhorn.core.value``, made by bench/value_fit.py --out).
    leaf_value_fits: ClassVar[Mapping[int, str]] = {}

    def __init__(self) -> None:
        self.State.game = self

    # ---- creating games -----------------------------------------------------------------
    def options(self, raw: Mapping[str, Any] | GameOptions | None = None) -> GameOptions:
        return parse_options(self.Options, raw)

    def check_players(self, players: int | None) -> int:
        if players is None:
            return self.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"players must be a whole number, not {clip(players)}")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name} is for {self.min_players}-{self.max_players} players, not {clip(players)}"
            )
        return players

    def new_game(
        self,
        players: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | GameOptions | None = None,
    ) -> GameState:
        """A new game, ready for its first decision. Same arguments, same game."""
        players = self.check_players(players)
        opts = self.options(options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"seed must be a whole number, not {clip(seed)}")
        state = self.initial_state(players, seed, opts, StateRng(seed))
        state.advance()
        return state

    @abstractmethod
    def initial_state(self, players: int, seed: int, options: GameOptions, rng: StateRng) -> GameState:
        """The set-up of the rulebook, before the first decision."""

    # ---- rules and results --------------------------------------------------------------
    @abstractmethod
    def advance(self, state: S) -> None:
        """The state's stack ran empty: push the next decisions, or leave it empty at the end."""

    @abstractmethod
    def scores(self, state: S) -> list[float]:
        """Points per seat: final once the game is over, running before."""

    def tiebreak(self, state: S, seat: int) -> tuple[float, ...]:
        """Keys compared after the score, best first (higher is better)."""
        return ()

    # ---- bots and views ------------------------------------------------------------------
    @abstractmethod
    def heuristic(self, state: S, seat: int) -> float:
        """How good ``state`` looks for ``seat`` (greedy bots, rollouts cut short)."""

    def heuristics(self, state: S) -> list[float]:
        """``heuristic`` of every seat at once: a search values each leaf for all the seats
        on its path. Games whose heuristic compares seats override it to value each seat
        once (see ``inkhorn.core.value.margins``)."""
        return [self.heuristic(state, s) for s in range(state.num_players)]

    def standings(self, state: S) -> list[float]:
        """Every seat's heuristic of the position as it stands, without looking through a
        choice under way: what a learned leaf value corrects (see ``inkhorn.core.value``).
        A game whose heuristic looks ahead gives the cheaper reading here."""
        return self.heuristics(state)

    def leaf_value(self, players: int, options: GameOptions) -> LeafValue:
        """What a search values a leaf by, every seat at once (see ``inkhorn.core.value``):
        the fit the game ships for ``players`` with its default options, else ``heuristics``."""
        fit = load_fit(self, players) if options == self.options() else None
        features = self.features(players, options) if fit is not None else None
        if fit is None or features is None:
            return cast(LeafValue, self.heuristics)  # S is the state type of every state it is given
        return LearnedValue(self, features, fit, players)

    def best_after(self, state: S, actions: list[str], seat: int, rng: random.Random | None = None) -> str:
        """Of ``actions`` (legal in ``state``), the one after which ``seat``'s heuristic is
        highest: the first of equals (a greedy step of a rollout or a quick move), or with
        ``rng`` one of them drawn by it (the greedy bot's choice)."""
        heuristic = self.heuristic
        best: list[str] = []
        best_value = float("-inf")
        for action in actions:
            after = state.clone()
            after.apply_trusted(action)
            value = heuristic(after, seat)
            if value > best_value or not best:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[0] if rng is None else rng.choice(best)

    def playout(self, state: S, legal: list[str], rng: random.Random) -> str:
        """A quick move of the seat to act, from ``legal``, for a search's rollouts
        (``mcts:rollout=playout``): at random unless the game knows a move about as cheap
        and more like a player's. It reads only what the seat to act may know."""
        return legal[rng.randrange(len(legal))]

    @abstractmethod
    def render(self, state: S, seat: int | None) -> Any:
        """A rich renderable of what ``seat`` sees (``None``: the public table)."""

    def picture(self, state: S, seat: int | None) -> Picture:
        """:meth:`render` in parts the terminal lays out for its screen (see
        ``inkhorn.core.picture``); a game that does not split its picture shows it whole, as
        one shared part."""
        return Picture(shared=[self.render(state, seat)])

    def scene(self, observation: dict[str, Any], seat: int | None, options: GameOptions) -> Scene:
        """The table as ``seat`` (``None``: a spectator) sees it, for the browser to draw
        (see ``inkhorn.core.scene``): built from its ``observation`` and the public content of
        ``options`` only, never from the state, so it shows nothing the seat may not see."""
        return plain_scene(observation)

    def features(self, players: int, options: GameOptions) -> SeatFeatures[S] | None:
        """A seat's view as numbers for learners (see ``inkhorn.core.features``), or ``None``
        when the game has none (the RL package then hashes ``observation(seat)``)."""
        return None

    @abstractmethod
    def hidden_names(self, state: S, seat: int | None) -> set[str]:
        """The secrets of ``seat`` now: ids and display names of components it cannot see.

        A name counts only if ``seat`` can see no component of that name anywhere (a name
        both in another hand and face up on the table is no secret). Nothing ``seat`` is
        shown (its observation, its view of the actions taken, the words of its own
        choices) may name one of these; ``inkhorn.core.checks.check_no_leaks`` checks it.
        ``None``: the spectator, who sees only the table.
        """

    def chapter(self, state: S) -> str:
        """Where the game stands in its rulebook's own time ("Day 3 · Second Hour").

        A watched game shows the table again each time this changes; "" shows it only at
        the start and the end.
        """
        return ""

    def stats(self, state: S) -> dict[str, float]:
        """Figures of a finished game worth summarising over many (e.g. Days played)."""
        return {}

    def legend(self) -> tuple[tuple[str, str], ...]:
        """What each code and symbol of the terminal's picture means, as (code, meaning):
        shown by ``help`` at the prompt and by ``inkhorn rules GAME``."""
        return ()

    def endings(self, options: Any) -> tuple[str, ...]:
        """Every way a game with these options can end, in the rulebook's words (a safety
        limit of our own included, said as such): the lab reports how often each happens."""
        return ("the game's end",)

    def ending(self, state: S) -> str:
        """Which of :meth:`endings` ended this finished game."""
        return self.endings(state.options)[0]

    def holdings(self, state: S) -> list[dict[str, Counter[str]]] | None:
        """What each seat has of the named components now, for the lab's content events.

        Per seat, a dict from kind to a Counter of component names, kind one of
        ``"acquired"`` (in the seat's hand, stock or deck), ``"played"`` (laid on its table)
        or ``"scored"`` (counted in its points). The lab reads it after each decision and
        records a count going up as that event, so a game only says where its components
        are, never what happened. Called once a decision: keep it to a walk over the seat's
        lists. ``None``: the game reports no content events.
        """
        return None

    def rules_summary(self) -> str:
        """The game's rules in our own words (``rules.md`` in the game's package)."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            return resources.files(package).joinpath("rules.md").read_text()
        except (FileNotFoundError, ModuleNotFoundError):
            return f"{self.name}: no rules summary shipped."

    # ---- persistence ----------------------------------------------------------------------
    @cached_property
    def codec(self) -> Codec:
        return Codec((self.State, self.Options, *self.json_types))

    def state_from_json(self, data: Mapping[str, Any]) -> GameState:
        """A saved state, validated before anything can run on it, or a :class:`StateError`
        (a :class:`~inkhorn.core.codec.CodecError` for a malformed field) naming the problem.

        In order: the envelope; every field's type (the codec, strict); the player count,
        the seat of each pending decision and the history; the content the options name;
        then the game's own invariants (:meth:`check_integrity`), each pending step's fields
        (``Step.check_loaded``) and the decision now asked once. So a corrupt save ends
        here with one clear error, never later deep in the rules (or in an endless loop).
        """
        if not isinstance(data, Mapping):
            raise StateError(f"a saved state is a JSON object, not {type(data).__name__}")
        if data.get("format") != STATE_FORMAT or data.get("game") != self.id:
            raise StateError(
                f"not a saved {self.id} state (format {clip(data.get('format'))}, game {clip(data.get('game'))})"
            )
        unknown = sorted(set(data) - {"format", "game", "state"}, key=str)
        if unknown:
            raise StateError(f"unknown field {clip(unknown[0])} in a saved state")
        raw = data.get("state")
        if not isinstance(raw, dict) or raw.get("$t") != self.State.__qualname__:
            raise StateError(f"the saved state is not a {self.State.__qualname__}")
        state = self.codec.decode(raw)
        if not isinstance(state, self.State):
            raise StateError(f"saved state holds a {type(state).__name__}, not a {self.State.__name__}")
        try:
            self.check_players(state.num_players)
        except OptionError as exc:
            raise StateError(f"num_players: {exc}") from None
        n = state.num_players
        for k, step in enumerate(state.stack):
            if not isinstance(step, Step) or type(step.seat) is not int or not 0 <= step.seat < n:
                raise StateError(f"stack[{k}]: a pending decision for no seat of a {n}-player game")
        try:
            state.restore_transient()
            self.check_integrity(cast(S, state))  # an instance of self.State, checked above
            for k, step in enumerate(state.stack):
                try:
                    step.check_loaded(state)
                except StateError as exc:
                    raise StateError(f"stack[{k}], {type(step).__name__}: {exc}") from None
            if state.stack:  # the decision now must at least be askable
                top = state.stack[-1]
                top.prompt(state)
                for action in top.legal_actions(state):
                    top.label(state, action)
        except InkhornError:
            raise
        except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError, AssertionError, StopIteration) as exc:
            raise StateError(f"the saved state is inconsistent: {clip(str(exc) or type(exc).__name__)}") from None
        return state

    def check_integrity(self, state: S) -> None:
        """Refuse a loaded state that breaks the game's invariants (per-seat shapes, every
        component in exactly one place, counters in range) with a :class:`StateError`
        naming the field. Called by :meth:`state_from_json` after types and the player
        count were checked and the content restored; a lookup that fails in here is
        reported as an inconsistent state too."""

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

