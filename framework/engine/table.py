"""One table in memory: created or loaded, it applies actions and shows views.

The table's whole situation is `self.state`, a `TableState`; the store saves its JSON (the
snapshot) after each move. Players, options and the seed are given by whoever owns the table (the
store, a replay, a test). The jobs live in their own modules: `dispatch` applies an action,
`gamestate` moves between states, `views` builds what a viewer sees.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from .describe import describe_move
from .dispatch import apply_action
from .errors import GameDefinitionError, UserError, WrongPlayerCount
from .game import Game
from .gamestate import GameStateMachine
from .records import Notification
from .results import shown_statistics
from .states import GAME_END_ID, MULTIPLE_ACTIVE, State
from .table_state import TableState, deep_copy
from .views import table_view

PLAYING, FINISHED = "playing", "finished"


def _copied(options: dict) -> dict:
    """Options are JSON-like once loaded, but a schema may load richer values (marshal refuses them)."""
    try:
        return deep_copy(options)
    except ValueError:
        return copy.deepcopy(options)


class Table:
    def __init__(self, game_cls: type[Game], players: list[dict], options: dict, seed: Any,
                 state: TableState | None = None):
        self.game_cls = game_cls
        self.registry = game_cls.registry()
        self.players = [{"id": p["id"], "name": p["name"]} for p in players]
        self.options = options
        self.seed = seed
        self.state = state if state is not None else TableState.blank([p["id"] for p in self.players])
        self.gamestate = GameStateMachine(self)
        self.game = game_cls(self)
        self._rng: random.Random | None = None
        self._new_notifications: list[Notification] = []
        # The move notifications belong to: the one being applied, else the last one (0 = setup).
        self._move_in_progress = self.state.move
        self._mover: int | None = None       # who sent the move being applied (None: the setup)
        self._savepoint_asked = False        # undo_savepoint() was called during this move
        # The fast path, for copies a search or a self-play run plays on and throws away: no notification
        # records (nobody reads them), no rollback copy, no turn checks for the moves its callers take from
        # `legal_actions`/`random_action`. The store's tables never set it.
        self.fast = False

    # ----- life cycle ------------------------------------------------------------------------
    @classmethod
    def create(cls, game_cls: type[Game], players: list[dict], options: dict | None, seed: Any, *,
               fast: bool = False) -> Table:
        """A new table: options validated with their defaults, setup run, play brought to a player.
        `fast`: a table on the fast path from its setup on (self-play; see `__init__`)."""
        if not game_cls.min_players <= len(players) <= game_cls.max_players:
            raise WrongPlayerCount(
                f"{game_cls.title or game_cls.name} is played by {game_cls.min_players} to "
                f"{game_cls.max_players} players, not {len(players)}.")
        return cls.start(game_cls, players, game_cls.load_options(options), seed, fast=fast)

    @classmethod
    def start(cls, game_cls: type[Game], players: list[dict], options: dict, seed: Any, *,
              fast: bool = False) -> Table:
        """Run setup with options already validated (a replay takes them as stored)."""
        table = cls(game_cls, players, options, seed)
        table.fast = fast
        table.run_setup()
        return table

    def run_setup(self) -> None:
        """The game's setup, then its automatic states until play reaches a player."""
        self.gamestate.start(self.game.setup())
        self._take_asked_savepoint()

    @classmethod
    def load(cls, game_cls: type[Game], players: list[dict], options: dict, seed: Any, snapshot: dict) -> Table:
        """The table a stored snapshot describes."""
        return cls(game_cls, players, options, seed, TableState.from_json(snapshot))

    def copy(self, seed: Any = None, *, savepoint: bool = True, fast: bool = False) -> Table:
        """An independent table in the same state, sharing no mutable data with this one, with `seed`
        (None: the same one), without the undo savepoint where `savepoint` is False. Cheaper than a
        snapshot's JSON round trip; notifications not yet taken, and whoever watches transitions, stay
        with this table. `fast`: the copy takes the fast path (see `__init__`): it plays to the same
        states, but makes no notifications and trusts its moves."""
        return self._copy(self.seed if seed is None else seed, keep_savepoint=savepoint, fast=fast)

    def determinized(self, viewer: int, rng: random.Random, *, fast: bool = False) -> Table:
        """A copy of this table as `viewer` might believe it to be: the cards they cannot know dealt
        at random by the game's `determinize`. It gets a new seed drawn from `rng` (with the real one,
        the table's future draws, the next hand's deal, would be the real ones) and no undo savepoint
        (undo is no part of a determinized table). `fast`: as for `copy`."""
        if not self.game_cls.can_determinize():
            raise NotImplementedError(f"{self.game_cls.name}: this game does not write determinize()")
        twin = self._copy(f"determinized:{rng.getrandbits(64):016x}", keep_savepoint=False, fast=fast)
        twin.game.determinize(viewer, rng)
        return twin

    def _copy(self, seed: Any, keep_savepoint: bool, fast: bool) -> Table:
        table = Table(self.game_cls, self.players, _copied(self.options), seed,
                      self.state.copied(keep_savepoint))
        table.fast = fast
        return table

    def snapshot(self) -> dict:
        """The JSON the store saves; `load` reads it back."""
        return self.state.to_json()

    def state_hash(self) -> str:
        return self.state.hash()

    # ----- reading ---------------------------------------------------------------------------
    @property
    def status(self) -> str:
        return FINISHED if self.state.state_id == GAME_END_ID else PLAYING

    @property
    def move(self) -> int:
        return self.state.move

    @property
    def current_state(self) -> type[State]:
        return self.gamestate.current_state()

    def active_players(self) -> list[int]:
        return self.gamestate.active_players()

    @property
    def entered_state(self) -> bool:
        """Whether the last move (or setup) entered a state, even the one it was in: a new decision."""
        return self.gamestate.states_entered > 0

    def answers_simultaneously(self, player_id: int, action: str) -> bool:
        """Whether `action` is this player's answer in the multiple_active state they are active in:
        each player answers on their own there, so others' answers meanwhile do not change its meaning.
        An out-of-turn or game-wide action (a bomb) is never one."""
        state_cls = self.current_state
        spec = state_cls.actions.get(action)
        return (state_cls.type is MULTIPLE_ACTIVE and spec is not None and not spec.out_of_turn
                and self.gamestate.is_player_active(player_id, state_cls))

    def scores(self) -> dict[int, tuple[int, int]]:
        """Each player's (score, score_aux)."""
        return {int(pid): (s[0], s[1]) for pid, s in self.state.scores.items()}

    def statistics(self) -> dict:
        """The statistics players may be shown, table and player ones (`results.shown_statistics`)."""
        return shown_statistics(self.game_cls.statistics, self.state.stats, [p["id"] for p in self.players])

    @property
    def rng(self) -> random.Random:
        # A fresh stream per action that draws, seeded by (seed, counter): nothing but a counter to store.
        if self._rng is None:
            self.state.rng_draws += 1
            self._rng = random.Random(f"{self.seed}:{self.state.rng_draws}")
        return self._rng

    # ----- acting ----------------------------------------------------------------------------
    def apply(self, player_id: int, action: str, args: dict | None = None, *,
              rollback: bool = True) -> list[Notification]:
        """Check and apply one action; the notifications it made (see `dispatch.apply_action`)."""
        return apply_action(self, player_id, action, args, rollback)

    def describe(self, player_id: int, action: str, args: dict | None = None) -> dict:
        """What this move would be and whether it would be accepted now, applying nothing
        (see `describe.describe_move`)."""
        return describe_move(self, player_id, action, args)

    def begin_move(self, player_id: int | None = None) -> None:
        self._move_in_progress = self.state.move + 1
        self._mover = player_id
        self._savepoint_asked = False
        self._rng = None
        self._new_notifications = []
        self.gamestate.begin_action()

    def end_move(self) -> None:
        """The move is accepted: count it, and take the savepoint it asked for, or else note its
        player among those who acted since the savepoint."""
        if not self._take_asked_savepoint() and self._mover is not None:
            self.state.note_acted(self._mover)
        self.state.move += 1

    # ----- notifications ---------------------------------------------------------------------
    def notify(self, to: int | None, type: str, log: str, args: dict) -> None:
        if self.fast:  # counted, so the table is the same, but no record: nobody reads a fast table's news
            self.state.seq += 1
            return
        if "player_id" in args and "player_name" not in args:
            args["player_name"] = self.game.player_name(args["player_id"])
        self.state.seq += 1
        self._new_notifications.append(Notification(self.state.seq, self._move_in_progress, to, type, log, args))

    def take_notifications(self) -> list[Notification]:
        """The notifications made since the last take: by setup, a move, or the server's own `notify`."""
        made, self._new_notifications = self._new_notifications, []
        return made

    # ----- undo ------------------------------------------------------------------------------
    def undo_savepoint(self) -> None:
        """Ask for a savepoint: the situation this move (or the setup) ends in, as BGA saves it
        once the action is over, so the rest of the move is not undone by someone else."""
        self._savepoint_asked = True

    def _take_asked_savepoint(self) -> bool:
        if not self._savepoint_asked:
            return False
        self._savepoint_asked = False
        self.state.save_point()
        return True

    def undo_blockers(self, player_id: int) -> list[int]:
        """The other players who moved since the savepoint: an undo by `player_id` would erase
        their accepted moves, so it is refused while there are any (BGA's undo policy)."""
        return [p for p in self.state.acted_since_savepoint() if p != player_id]

    def undo_restore_point(self) -> None:
        """Bring the table back to the savepoint; move and notification counters go on.

        Refused with a `UserError` (the whole move with it) when another player has moved since.
        """
        if self.state.savepoint is None:
            raise GameDefinitionError(f"{self.game_cls.name}: undo without a savepoint")
        others = self.undo_blockers(self._mover) if self._mover is not None else []
        if others:
            names = " and ".join(self.game.player_name(p) for p in others)
            raise UserError(f"You can no longer undo: {names} {'has' if len(others) == 1 else 'have'} "
                            "played since.")
        self.state.restore_point()
        self.gamestate.forget_transition()

    # ----- views and moves for bots -----------------------------------------------------------
    def view(self, viewer: int | None) -> dict:
        """What `viewer` sees: the state with its description and args for them, players, game data."""
        return table_view(self, viewer)

    def legal_actions(self, player_id: int) -> list[tuple[str, dict]]:
        return self.game.legal_actions(player_id) if self.status == PLAYING else []

    def random_action(self, player_id: int, rng: random.Random) -> tuple[str, dict] | None:
        return self.game.random_action(player_id, rng) if self.status == PLAYING else None

    def zombie_move(self, player_id: int) -> tuple[str, dict]:
        """The move a zombie makes for `player_id` now, the one entry for whoever plays zombies (the
        store's move service, tests). The chain: the current state's `zombie(player_id)`, BGA's
        zombie, which a designer writes per state; a state that writes none asks the game's
        `default_zombie_move`: the game's `heuristic_move`, else a legal action drawn by
        `random_action` with a seeded chooser of its own."""
        return self.current_state(self.game).zombie(player_id)
