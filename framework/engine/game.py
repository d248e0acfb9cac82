"""The plugin base class: what a game declares, and the API its states call (BGA's `$this`)."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from marshmallow import Schema

from .deck import Deck
from .errors import GameDefinitionError
from .per_player import PerPlayer
from .registry import Registry
from .states import State

if TYPE_CHECKING:
    from .gamestate import GameStateMachine
    from .table import Table


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    seat: int


class Game:
    """Subclass per plugin. Declare `name`, `title`, player counts, `option_schema`, `states`,
    `statistics`; write `setup()`, `get_all_datas()`, `progression()` and `hidden_from()` (each state writes
    its own `legal_actions()`).

    One instance serves one table for one request (BGA's Game.php): `self.data` is the game's
    JSON state, `self.players` the seated players, `self.rng` its only source of randomness.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    option_schema: ClassVar[type[Schema] | None] = None
    states: ClassVar[list[type[State]]] = []
    # {"table": {stat: {"type": "int"|"float"|"bool", "name": str}}, "player": {...}} (BGA stats.json);
    # `"display": "limited"` keeps one from the players (recorded for the designer's tools only).
    statistics: ClassVar[dict] = {"table": {}, "player": {}}
    # What score_aux means (BGA gameinfos tie_breaker_description); "" when the game does not use it.
    tie_breaker: ClassVar[str] = ""

    def __init__(self, table: Table):
        self.table = table
        self.gamestate: GameStateMachine = table.gamestate  # BGA's $this->gamestate
        self._per_player_views: dict[str, PerPlayer] = {}

    # ----- declarations, resolved once per class -------------------------------------------
    @classmethod
    def registry(cls) -> Registry:
        """States by id and by name, the game-wide actions, where targets lead. Built once per class."""
        cached = cls.__dict__.get("_registry")
        if cached is None:
            cached = Registry.build(cls)
            cls._registry = cached
        return cached

    @classmethod
    def default_options(cls) -> dict:
        return cls.load_options({})

    @classmethod
    def load_options(cls, options: dict | None) -> dict:
        """Validate table options against `option_schema`, filling defaults (raises ValidationError)."""
        if cls.option_schema is None:
            if options:
                from marshmallow import ValidationError

                raise ValidationError({name: ["Unknown option."] for name in options})
            return {}
        return cls.option_schema().load(options or {})

    # ----- the API states use ----------------------------------------------------------------
    @property
    def data(self) -> dict:
        return self.table.state.data

    @data.setter
    def data(self, value: dict) -> None:
        self.table.state.data = value

    @property
    def options(self) -> dict:
        return self.table.options

    @cached_property
    def players(self) -> list[Player]:
        return [Player(p["id"], p["name"], seat) for seat, p in enumerate(self.table.players)]

    @cached_property
    def player_ids(self) -> list[int]:
        return [p.id for p in self.players]

    @cached_property
    def _seat_of(self) -> dict[int, int]:
        return {p.id: p.seat for p in self.players}

    def seat_of(self, player_id: int) -> int:
        return self._seat_of[player_id]

    def is_player(self, player_id: int | None) -> bool:
        """Whether `player_id` sits at this table (spectators and strangers do not)."""
        return player_id in self._seat_of

    # ----- per-player data: indexed by player id, kept as JSON keeps it -----------------------
    def for_each_player(self, make: Callable[[], Any]) -> dict:
        """New per-player data for `self.data`: `make()` for every player, e.g.
        `self.data["hands"] = self.for_each_player(list)`; read it back with `per_player`."""
        return {str(pid): make() for pid in self.player_ids}

    def per_player(self, name: str) -> PerPlayer:
        """`self.data[name]`, a per-player entry, indexed by player id (an int, as everywhere else):
        `self.per_player("hands")[player_id]`. JSON keeps its keys as strings; this hides it."""
        entries = self.table.state.data[name]
        view = self._per_player_views.get(name)
        if view is None or view.entries is not entries:  # asked many times a move: one view per dict
            view = self._per_player_views[name] = PerPlayer(entries)
        return view

    def of_player(self, name: str, player_id: int) -> Any:
        """`per_player(name)[player_id]` in one step, for the rules' hottest reads (a hand at every
        move a search plays): no view to find."""
        return self.table.state.data[name][str(player_id)]

    def player_name(self, player_id: int) -> str:
        return self.players[self._seat_of[player_id]].name

    def player_after(self, player_id: int, skip: Callable[[int], bool] | None = None) -> int:
        """The next player clockwise (seat + 1), passing over those `skip` says are out."""
        return self._step(player_id, 1, skip)

    def player_before(self, player_id: int, skip: Callable[[int], bool] | None = None) -> int:
        return self._step(player_id, -1, skip)

    def _step(self, player_id: int, direction: int, skip: Callable[[int], bool] | None) -> int:
        ids, seat = self.player_ids, self._seat_of[player_id]
        if skip is None:  # the usual case, once per turn
            return ids[(seat + direction) % len(ids)]
        for offset in range(1, len(ids) + 1):
            candidate = ids[(seat + direction * offset) % len(ids)]
            if not skip(candidate):
                return candidate
        raise GameDefinitionError("every player is skipped: no next player")

    @property
    def rng(self) -> random.Random:
        """The table's seeded random source; the only randomness game code may use."""
        return self.table.rng

    # The recipient, type and log are positional-only, so that `args` may use any name: a private
    # notification may name another player as its `player_id` (whose `player_name` is filled in).
    def notify_all(self, type: str, log: str = "", /, **args: Any) -> None:
        """Tell everyone, spectators included (BGA notifyAllPlayers)."""
        self.table.notify(None, type, log, args)

    def notify_player(self, to: int, type: str, log: str = "", /, **args: Any) -> None:
        """Tell player `to` alone (BGA notifyPlayer); `player_id` in `args` is who the log names,
        e.g. `notify_player(ben, "cardGiven", "${player_name} gives you ${card}", player_id=anna, card=c)`."""
        self.table.notify(to, type, log, args)

    def deck(self, name: str = "cards") -> Deck:
        """A BGA-style Deck stored in `self.data[name]`."""
        return Deck(self.data.setdefault(name, {}), lambda: self.rng)

    # scores (BGA player_score / player_score_aux)
    def get_score(self, player_id: int) -> int:
        return self.table.state.scores[str(player_id)][0]

    def get_score_aux(self, player_id: int) -> int:
        return self.table.state.scores[str(player_id)][1]

    def set_score(self, player_id: int, value: int, aux: int | None = None) -> None:
        entry = self.table.state.scores[str(player_id)]
        entry[0] = value
        if aux is not None:
            entry[1] = aux

    def inc_score(self, player_id: int, delta: int) -> int:
        entry = self.table.state.scores[str(player_id)]
        entry[0] += delta
        return entry[0]

    def set_score_aux(self, player_id: int, value: int) -> None:
        self.table.state.scores[str(player_id)][1] = value

    # statistics (BGA tableStats / playerStats)
    def set_stat(self, name: str, value: Any, player_id: int | None = None) -> None:
        self._stat_bucket(name, player_id)[name] = value

    def inc_stat(self, name: str, delta: int | float = 1, player_id: int | None = None) -> None:
        bucket = self._stat_bucket(name, player_id)
        bucket[name] = bucket.get(name, 0) + delta

    def get_stat(self, name: str, player_id: int | None = None) -> Any:
        return self._stat_bucket(name, player_id).get(name)

    def _stat_bucket(self, name: str, player_id: int | None) -> dict:
        kind = "table" if player_id is None else "player"
        if name not in self.statistics.get(kind, {}):
            raise GameDefinitionError(f"{self.name}: {kind} statistic {name!r} is not declared")
        stats = self.table.state.stats
        return stats["table"] if player_id is None else stats["player"][str(player_id)]

    # undo (BGA undoSavepoint / undoRestorePoint)
    def undo_savepoint(self) -> None:
        """Save the situation this action ends in (BGA: saved once the action is over)."""
        self.table.undo_savepoint()

    def undo_restore_point(self) -> None:
        """Back to the savepoint; refused (UserError, the action with it) once another player has
        moved since: an undo never erases someone else's accepted move."""
        self.table.undo_restore_point()

    def can_undo(self, player_id: int) -> bool:
        """Whether an undo by `player_id` would be accepted now: offer it only then."""
        return self.table.state.savepoint is not None and not self.table.undo_blockers(player_id)

    # ----- what a plugin writes ---------------------------------------------------------------
    def setup(self) -> Any:
        """Fill `self.data` for a new table (players, options and rng are ready); return the first
        state (a State class, id or name): there is no default."""
        raise GameDefinitionError(f"{type(self).__name__} must define setup()")

    def get_all_datas(self, player_id: int | None) -> dict:
        """The game's data `player_id` may see (BGA getAllDatas); None is a spectator. `Table.view`
        puts it in the whole view, as `data`, beside the state and the players."""
        return {}

    def progression(self) -> int:
        """0-100: how far the game has gone."""
        return 0

    def hidden_from(self, viewer: int | None) -> set[str]:
        """Card codes (or other tokens) `viewer` must not see now; the random-play test checks views
        and notifications against it."""
        return set()

    def hands_played(self) -> int | None:
        """How many hands (rounds, deals) have been played to their end; None for a game not played
        in hands. `bga simulate --hands N` stops after N, and reports the score trend per hand."""
        return None

    def broken_invariants(self) -> list[str]:
        """What must hold after every move and does not, each as a sentence (cards conserved, scores
        that are the sum of the hands' scores); empty when all is well. The random-play test and
        `bga simulate` check it after every move: declare the game's invariants once, here."""
        return []

    # ----- moves for bots, zombies and tests: the current state's, plus the game-wide ones ------
    def state_object(self) -> State:
        """The current state, made for this game: where its args, legal actions and zombie live."""
        return self.gamestate.current_state()(self)

    def legal_actions(self, player_id: int) -> list[tuple[str, dict]]:
        """Every action `player_id` may take now, with arguments: the current state's
        (`State.legal_actions`), then the game-wide ones (`global_legal_actions`) in player states."""
        state = self.state_object()
        moves = state.legal_actions(player_id)
        if state.is_player_state:
            moves = moves + self.global_legal_actions(player_id)
        return moves

    def global_legal_actions(self, player_id: int) -> list[tuple[str, dict]]:
        """The game-wide actions (declared on the Game with `@action`) `player_id` may take now."""
        return []

    def random_action(self, player_id: int, rng: random.Random) -> tuple[str, dict] | None:
        """One of the moves `legal_actions` lists, each as likely as in `rng.choice(legal_actions)`;
        None when there are none. A state that writes no `random_action` has them listed and one
        drawn; one that draws among its own moves (`State.random_action`) gets the game-wide ones
        drawn here, each against its count of moves (unless it draws them itself: `draws_game_wide`)."""
        state = self.state_object()
        if type(state).random_action is State.random_action:  # the state lists its moves: one draw over all
            moves = self.legal_actions(player_id)
            return rng.choice(moves) if moves else None
        if state.draws_game_wide or not state.is_player_state:
            return state.random_action(player_id, rng)
        game_wide = self.global_legal_actions(player_id)
        if not game_wide:
            return state.random_action(player_id, rng)
        own = state.legal_action_count(player_id)
        pick = rng.randrange(own + len(game_wide))
        return game_wide[pick - own] if pick >= own else state.random_action(player_id, rng)

    def possible_actions(self, player_id: int, names: list[str]) -> list[str]:
        """Narrow the game-wide action names offered to a player (a call they have already made, say);
        states narrow their own in `State.possible_actions`, which asks this first."""
        return names

    def describe_move(self, player_id: int, action: str, args: dict) -> dict | None:
        """A move `player_id` is building, described before it is sent (`Table.describe`): a dict with
        `label` (what it is, in the player's words), `reason` (why it would be refused now; None when it
        would not be) and optionally `variants` (other readings: `{"label", "args"}` each). `args`
        passed the action's schema. Read only what this player may see; change nothing. None: this
        action is not described (the default)."""
        return None

    # ----- for the expert bot: a search over the states the viewer cannot tell apart ---------------
    def determinize(self, viewer: int, rng: random.Random) -> None:
        """Change this table's state, in place, into a complete state consistent with everything
        `viewer` has seen: their own cards, every card played or revealed, the cards they passed and
        where they went, counts of hidden cards, voids the rules force, calls. The cards they cannot
        know are dealt at random (from `rng`, never `self.rng`) from what is left. Call it through
        `Table.determinized`, which works on a copy with a new seed. A game that writes it gets the
        expert bot; `framework.testing.check_determinize` tests it."""
        raise NotImplementedError(f"{self.name}: this game does not write determinize()")

    @classmethod
    def can_determinize(cls) -> bool:
        """Whether this game writes `determinize` (the expert bot needs it)."""
        return cls.determinize is not Game.determinize

    def teams(self) -> list[list[int]]:
        """The sides of this game, each a list of player ids: partners share a side, and the expert
        bot's search counts a side's score gain as every member's reward. Default: each player alone;
        a partnership game returns its teams (and gives partners equal scores, as BGA does)."""
        return [[pid] for pid in self.player_ids]

    def search_candidates(self, player_id: int) -> list[tuple[str, dict]] | None:
        """The moves a search should consider for `player_id` now, each one `legal_actions` lists;
        None (the default): all of `legal_actions`. For a huge action space (a discard of any subset)."""
        return None

    def heuristic_move(self, player_id: int) -> tuple[str, dict] | None:
        """A sensible move from what `player_id` may see (BGA zombie level 2); None: none written."""
        return None

    def default_zombie_move(self, player_id: int) -> tuple[str, dict]:
        """The zombie's move in a state that writes no `zombie` (`Table.zombie_move` tells the whole
        chain): the game's heuristic move, else a legal action picked at random with a seeded
        chooser of its own (never the table's rng, so zombies change no deal)."""
        chosen = self.heuristic_move(player_id)
        if chosen is not None:
            return chosen
        chooser = random.Random(f"zombie:{self.table.seed}:{self.table.state.move}:{player_id}")
        chosen = self.random_action(player_id, chooser)
        if chosen is None:
            raise GameDefinitionError(f"{self.name}: no legal action for zombie {player_id} in "
                                      f"{self.gamestate.current_state().name}")
        return chosen
